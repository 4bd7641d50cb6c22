// ClientWrap, relationships: friends lists and groups, friend requests, blocks.
#include <ranges>

#include "boundary/boundary_codecs.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/relationship_snapshot.h"

namespace psdk {

void ClientWrap::RegisterRelationshipCallbacks() {
  auto sink = sink_;
  client_->SetRelationshipCreatedCallback(
      [sink](uint64_t userId, bool isPlatformUpdate) { PushRelationshipCreated(*sink, userId, isPlatformUpdate); });
  client_->SetRelationshipDeletedCallback(
      [sink](uint64_t userId, bool isPlatformUpdate) { PushRelationshipDeleted(*sink, userId, isPlatformUpdate); });
  client_->SetRelationshipGroupsUpdatedCallback([sink](uint64_t userId) { PushRelationshipGroupsUpdated(*sink, userId); });
}

// A tape of Relationship records, each friend's presence read in the same pass; group -1 = every
// relationship, else a RelationshipGroupType.
Napi::Value ClientWrap::GetRelationships(int32_t group) {
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
  return ListTapeToJs(Env(), std::views::iota(size_t{0}, list.size()), [&](EventTape &t, size_t i) {
    CaptureRelationshipInto(scratch, list[i]);
    EncodeRelationship(t, scratch);
    list[i].Drop();
  });
}

// Null when there is none (types None).
std::optional<RelationshipData> ClientWrap::GetRelationship(uint64_t userId) {
  if (!client_) return std::nullopt;
  platformpp::RelationshipHandle r = client_->GetRelationshipHandle(userId);
  if (!r) return std::nullopt;
  return CaptureRelationship(r);
}

// A tape of Friend records (user and presence).
Napi::Value ClientWrap::SearchFriendsByUsername(const std::string &search) {
  std::vector<platformpp::UserHandle> users;
  if (client_) users = client_->SearchFriendsByUsername(search);
  std::erase_if(users, [](const platformpp::UserHandle &u) { return !u; });
  return ListTapeToJs(Env(), users, [](EventTape &t, const platformpp::UserHandle &u) {
    EncodeFriend(t, CaptureFriend(u));
  });
}

// acceptPlatformFriendRequest, blockUser, …: one SDK call by user id with a ClientResult.
template <auto Member>
void ClientWrap::RelationshipAction(Op<DoneCompletion> op, uint64_t userId) {
  (Sdk().*Member)(userId, ResultCompletion(sink_, op));
}

// sendPlatformFriendRequest / sendGameFriendRequest (by username).
template <auto Member>
void ClientWrap::SendFriendRequestByName(Op<DoneCompletion> op, const std::string &username) {
  (Sdk().*Member)(username, ResultCompletion(sink_, op));
}

#include "client/client_wrap_relationships_methods.inc"

}  // namespace psdk
