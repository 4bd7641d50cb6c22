// ClientWrap, relationships and users' social data: friends lists and groups, friend requests,
// blocks, user details read lazily by User snapshots, and application profiles.
#include "client_events.h"
#include "client_wrap.h"
#include "js_convert.h"
#include "relationship_snapshot.h"
#include "sdk_library.h"
#include "user_snapshot.h"

namespace psdk {

namespace {

// relationshipAction's `action`: must match ACTIONS in lib/relationships.ts.
enum class RelationshipAction : int32_t {
  AcceptPlatform = 0, AcceptGame = 1, RejectPlatform = 2, RejectGame = 3, CancelPlatform = 4, CancelGame = 5,
  RemovePlatformAndGame = 6, RemoveGame = 7, SendPlatformById = 8, SendGameById = 9, Block = 10, Unblock = 11,
};

Napi::Array RelationshipsToJs(Napi::Env env, const std::vector<platformpp::RelationshipHandle> &list) {
  Napi::Array out = Napi::Array::New(env, list.size());
  for (size_t i = 0; i < list.size(); ++i) out.Set(static_cast<uint32_t>(i), RelationshipToJs(env, list[i]));
  return out;
}

}  // namespace

void ClientWrap::RegisterRelationshipCallbacks() {
  auto sink = sink_;
  client_->SetRelationshipCreatedCallback(
      [sink](uint64_t userId, bool isPlatformUpdate) { PushRelationshipCreated(*sink, userId, isPlatformUpdate); });
  client_->SetRelationshipDeletedCallback(
      [sink](uint64_t userId, bool isPlatformUpdate) { PushRelationshipDeleted(*sink, userId, isPlatformUpdate); });
  client_->SetRelationshipGroupsUpdatedCallback([sink](uint64_t userId) { PushRelationshipGroupsUpdated(*sink, userId); });
}

// getRelationships(group): group -1 = every relationship, else a RelationshipGroupType
Napi::Value ClientWrap::GetRelationships(const Napi::CallbackInfo &info) {
  int32_t group = ArgInt32(info, 0, "group", -1, 2);
  if (!client_) return Napi::Array::New(info.Env());
  return RelationshipsToJs(info.Env(), group < 0 ? client_->GetRelationships()
                                                 : client_->GetRelationshipsByGroup(static_cast<platformpp::RelationshipGroupType>(group)));
}

// getRelationship(userId) → relationship | null (types None when there is none)
Napi::Value ClientWrap::GetRelationship(const Napi::CallbackInfo &info) {
  uint64_t user = ArgId(info, 0, "userId");
  if (!client_) return info.Env().Null();
  platformpp::RelationshipHandle r = client_->GetRelationshipHandle(user);
  return r ? Napi::Value(RelationshipToJs(info.Env(), r)) : info.Env().Null();
}

// searchFriendsByUsername(search) → users
Napi::Value ClientWrap::SearchFriendsByUsername(const Napi::CallbackInfo &info) {
  std::string search = ArgString(info, 0, "search");
  Napi::Env env = info.Env();
  if (!client_) return Napi::Array::New(env);
  std::vector<platformpp::UserHandle> users = client_->SearchFriendsByUsername(search);
  Napi::Array out = Napi::Array::New(env, users.size());
  for (size_t i = 0; i < users.size(); ++i) out.Set(static_cast<uint32_t>(i), UserSnapshotToJs(env, users[i]));
  return out;
}

// relationshipAction(opId, action, userId): the twelve user-id operations with a ClientResult
Napi::Value ClientWrap::RelationshipAction(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto action = static_cast<psdk::RelationshipAction>(ArgInt32(info, 1, "action", 0, 11));
  uint64_t user = ArgId(info, 2, "userId");
  platformpp::Client &sdk = Sdk(info);
  auto done = ResultCompletion(sink_, op);
  switch (action) {
    case RelationshipAction::AcceptPlatform: sdk.AcceptPlatformFriendRequest(user, done); break;
    case RelationshipAction::AcceptGame: sdk.AcceptGameFriendRequest(user, done); break;
    case RelationshipAction::RejectPlatform: sdk.RejectPlatformFriendRequest(user, done); break;
    case RelationshipAction::RejectGame: sdk.RejectGameFriendRequest(user, done); break;
    case RelationshipAction::CancelPlatform: sdk.CancelPlatformFriendRequest(user, done); break;
    case RelationshipAction::CancelGame: sdk.CancelGameFriendRequest(user, done); break;
    case RelationshipAction::RemovePlatformAndGame: sdk.RemovePlatformAndGameFriend(user, done); break;
    case RelationshipAction::RemoveGame: sdk.RemoveGameFriend(user, done); break;
    case RelationshipAction::SendPlatformById: sdk.SendPlatformFriendRequestById(user, done); break;
    case RelationshipAction::SendGameById: sdk.SendGameFriendRequestById(user, done); break;
    case RelationshipAction::Block: sdk.BlockUser(user, done); break;
    case RelationshipAction::Unblock: sdk.UnblockUser(user, done); break;
  }
  return info.Env().Undefined();
}

// sendFriendRequestByName(opId, game, username)
Napi::Value ClientWrap::SendFriendRequestByName(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  bool game = ArgBool(info, 1, "game");
  std::string username = ArgString(info, 2, "username");
  if (game) Sdk(info).SendGameFriendRequest(username, ResultCompletion(sink_, op));
  else Sdk(info).SendPlatformFriendRequest(username, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// getUserDetails(userId) → {activity, relationship, applicationProfiles} | null
Napi::Value ClientWrap::GetUserDetails(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "userId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetUser(id);
  return user ? Napi::Value(UserDetailsToJs(info.Env(), *user)) : info.Env().Null();
}

// getUserApplicationProfiles() → the current user's profiles. The Client-level call is a 1.10
// symbol; an older library gets the same data through the current user's handle.
Napi::Value ClientWrap::GetUserApplicationProfiles(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (!client_) return Napi::Array::New(env);
  if (SdkLibrary::HasSymbol("Platform_Client_GetUserApplicationProfiles")) {
    return ProfilesToJs(env, client_->GetUserApplicationProfiles());
  }
  std::optional<platformpp::UserHandle> me = client_->GetCurrentUserV2();
  return ProfilesToJs(env, me ? me->UserApplicationProfiles() : std::vector<platformpp::UserApplicationProfileHandle>{});
}

}  // namespace psdk
