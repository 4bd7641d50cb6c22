// ClientWrap, relationships: friends lists and groups, friend requests, blocks.
#include <ranges>

#include "boundary/boundary_codecs.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/relationship_snapshot.h"

namespace psdk {

void ClientWrap::AddRelationshipMethods(MethodList &methods) {
  using Client = platformpp::Client;
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::GetRelationships>("getRelationships"),
      InstanceMethod<&ClientWrap::GetRelationship>("getRelationship"),
      InstanceMethod<&ClientWrap::SearchFriendsByUsername>("searchFriendsByUsername"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::AcceptPlatformFriendRequest>>("acceptPlatformFriendRequest"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::AcceptGameFriendRequest>>("acceptGameFriendRequest"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::RejectPlatformFriendRequest>>("rejectPlatformFriendRequest"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::RejectGameFriendRequest>>("rejectGameFriendRequest"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::CancelPlatformFriendRequest>>("cancelPlatformFriendRequest"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::CancelGameFriendRequest>>("cancelGameFriendRequest"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::RemovePlatformAndGameFriend>>("removePlatformAndGameFriend"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::RemoveGameFriend>>("removeGameFriend"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::SendPlatformFriendRequestById>>("sendPlatformFriendRequestById"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::SendGameFriendRequestById>>("sendGameFriendRequestById"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::BlockUser>>("blockUser"),
      InstanceMethod<&ClientWrap::RelationshipAction<&Client::UnblockUser>>("unblockUser"),
      InstanceMethod<&ClientWrap::SendFriendRequestByName<&Client::SendPlatformFriendRequest>>("sendPlatformFriendRequest"),
      InstanceMethod<&ClientWrap::SendFriendRequestByName<&Client::SendGameFriendRequest>>("sendGameFriendRequest"),
  });
}

void ClientWrap::RegisterRelationshipCallbacks() {
  auto sink = sink_;
  client_->SetRelationshipCreatedCallback(
      [sink](uint64_t userId, bool isPlatformUpdate) { PushRelationshipCreated(*sink, userId, isPlatformUpdate); });
  client_->SetRelationshipDeletedCallback(
      [sink](uint64_t userId, bool isPlatformUpdate) { PushRelationshipDeleted(*sink, userId, isPlatformUpdate); });
  client_->SetRelationshipGroupsUpdatedCallback([sink](uint64_t userId) { PushRelationshipGroupsUpdated(*sink, userId); });
}

// getRelationships(group) → tape of Relationship records, each friend's presence read in the
// same pass; group -1 = every relationship, else a RelationshipGroupType
Napi::Value ClientWrap::GetRelationships(const Napi::CallbackInfo &info) {
  int32_t group = ArgInt32(info, 0, "group", -1, 2);
  std::vector<platformpp::RelationshipHandle> list;
  if (client_) {
    list = group < 0 ? client_->GetRelationships()
                     : client_->GetRelationshipsByGroup(static_cast<platformpp::RelationshipGroupType>(group));
  }
  // One record reused for every friend: captured, encoded at once, its buffers kept for the next.
  // Each handle is dropped right after, while what the SDK keeps for it is still in cache (at the
  // end of the list, 5,000 drops missed it: callgrind's cache simulation, 17% fewer first-level
  // read misses and next to none at the last level).
  RelationshipData scratch;
  return ListTapeToJs(info.Env(), std::views::iota(size_t{0}, list.size()), [&](EventTape &t, size_t i) {
    CaptureRelationshipInto(scratch, list[i]);
    EncodeRelationship(t, scratch);
    list[i].Drop();
  });
}

// getRelationship(userId) → relationship | null (types None when there is none)
Napi::Value ClientWrap::GetRelationship(const Napi::CallbackInfo &info) {
  uint64_t user = ArgId(info, 0, "userId");
  if (!client_) return info.Env().Null();
  platformpp::RelationshipHandle r = client_->GetRelationshipHandle(user);
  return r ? Napi::Value(RelationshipToJs(info.Env(), CaptureRelationship(r))) : info.Env().Null();
}

// searchFriendsByUsername(search) → tape of Friend records (user and presence)
Napi::Value ClientWrap::SearchFriendsByUsername(const Napi::CallbackInfo &info) {
  std::string search = ArgString(info, 0, "search");
  std::vector<platformpp::UserHandle> users;
  if (client_) users = client_->SearchFriendsByUsername(search);
  std::erase_if(users, [](const platformpp::UserHandle &u) { return !u; });
  return ListTapeToJs(info.Env(), users, [](EventTape &t, const platformpp::UserHandle &u) {
    EncodeFriend(t, CaptureFriend(u));
  });
}

// acceptPlatformFriendRequest, blockUser, …(opId, userId): one SDK call by user id with a ClientResult
template <auto Action>
Napi::Value ClientWrap::RelationshipAction(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t user = ArgId(info, 1, "userId");
  (Sdk(info).*Action)(user, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// sendPlatformFriendRequest / sendGameFriendRequest(opId, username)
template <auto Send>
Napi::Value ClientWrap::SendFriendRequestByName(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  std::string username = ArgString(info, 1, "username");
  (Sdk(info).*Send)(username, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

}  // namespace psdk
