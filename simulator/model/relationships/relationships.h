// relationships.h — friends, friend requests and blocks (platform and per-application game
// relationships), friend groups, user profile edits and user application profiles.
//
// A relationship is a pair of edges, one per side: SocialStore.platform[(owner, other)] and, per
// application, SocialStore.game[(app, owner, other)], each holding the type as its owner sees it
// (Friend on both sides; PendingOutgoing on the sender's side and PendingIncoming on the
// recipient's; Blocked only on the blocker's side). An edge of type None is erased.
//
// Every change of an edge's type is announced to its owner: RelationshipCreated(other, isPlatform)
// when it becomes a non-None type, RelationshipDeleted(other, isPlatform) when it becomes None, to
// the owner's Ready sessions (platform edges: every application; game edges: sessions of that
// application), one latency after the change. RelationshipGroupsUpdated(user) is the vendor's
// "any user in the friends list changed": it goes with every such type change (a request, an
// acceptance, a removal, a block), with a name or profile change of a user the owner has a
// relationship with (queueUserUpdated), and when presence changes a friend's group or visible
// status (ClientState::announcedGroups, social_hooks.h); once per user and change.
//
// World lock held for everything here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "client_state.h"
#include "registry.h"
#include "user_view.h"
#include "world.h"

namespace psim {

// Platform error codes of the relationship endpoints (HTTP status in the comment).
inline constexpr int32_t kErrIncomingRequestsDisabled = 80000;  // 403: the target blocked the sender
inline constexpr int32_t kErrUnblockFirst = 80001;              // 400: the sender blocked the target
inline constexpr int32_t kErrProvisionalPlatformFriend = 80002; // 400: provisional account, platform kind
inline constexpr int32_t kErrRelationshipWithSelf = 80003;      // 400: target is the caller
inline constexpr int32_t kErrNoSuchUsername = 80004;            // 400: unknown username
inline constexpr int32_t kErrNoPendingRequest = 80005;          // 404: accept/reject/cancel without request
inline constexpr int32_t kErrNotFriends = 80006;                // 404: remove without friendship
inline constexpr int32_t kErrNotBlocked = 80007;                // 400: unblock a user not blocked
// Unknown user id: 404 kErrUnknownUser (10013, lobbies.h).

// What a RelationshipHandle resolves to (handle_view.h): the relationship as the client's current
// user sees it now, with the other user's view (what UserHandle_* of that user answer through the
// same client) in the same allocation. Immutable once built; current while World::lockSeq is
// still `seq`. Always owned through a shared_ptr whose owner `owner` names: its own (one view), or
// the block of every view of one GetRelationships (relationshipViews). userView() shares it.
struct RelationshipView {
    uint64_t clientKey = 0;
    uint64_t userId = 0;  // 0 once the client is gone (Id() answers 0 then)
    int32_t platformType = Platform_RelationshipType_None;
    int32_t gameType = Platform_RelationshipType_None;
    bool spam = false;
    UserView user;     // its `user` is empty when the client or the user is gone
    uint64_t seq = 0;  // World::lockSeq it was built at: User() hands `user` on with it

    std::weak_ptr<const void> owner;  // what keeps this view alive (set by whoever makes it)

    // `user` for a UserHandle's view cache, keeping this whole view (and its block) alive.
    std::shared_ptr<const UserView> userView() const { return {std::shared_ptr<const void>(owner), &user}; }
};

// What a RelationshipHandle refers to: the relationship of the client's user with userId.
struct RelationshipHandleData {
    uint64_t clientKey = 0;
    uint64_t userId = 0;
    ViewCache<RelationshipView> cache;
};

// A UserApplicationProfileHandle: the profile (providerType, providerIssuedUserId) of userId for
// applicationId, read live through the client (defaults once the client or profile is gone).
struct UserApplicationProfileHandleData {
    uint64_t clientKey = 0;
    uint64_t userId = 0;
    uint64_t applicationId = 0;
    int32_t providerType = Platform_ExternalIdentityProviderType_None;
    std::string providerIssuedUserId;
};

// ---- reading the store ------------------------------------------------------------------------
int32_t platformRelType(const World &w, uint64_t owner, uint64_t other);
int32_t gameRelType(const World &w, uint64_t app, uint64_t owner, uint64_t other);
// The owner's incoming request (platform, or game in app) is flagged as spam.
bool isSpamRequest(const World &w, uint64_t app, uint64_t owner, uint64_t other);
// Platform Friend, or game Friend in app.
bool isFriend(const World &w, uint64_t app, uint64_t owner, uint64_t other);
// Any edge between a and b, either side: platform, or game in app.
bool haveAnyRelationship(const World &w, uint64_t app, uint64_t a, uint64_t b);
// The view of every relationship of the viewer's user — each user (that exists) with a non-None
// platform edge or game edge in the viewer's application from them, by id — read in one pass over
// the user's edges (GetRelationships), each current at `seq`. None without a session user.
std::vector<std::shared_ptr<const RelationshipView>> relationshipViews(World &w, const ClientState &viewer,
                                                                       uint64_t seq);
// The view of the relationship of the viewer's user with `other` (viewer null: the client is
// gone, every field a default), current at `seq`.
std::shared_ptr<const RelationshipView> relationshipView(World &w, const ClientState *viewer, uint64_t other,
                                                         uint64_t seq);
// Friends (platform, or game in app) of `owner` that exist, by id.
std::vector<uint64_t> friendIds(World &w, uint64_t app, uint64_t owner);
// The group a friend is in for a client of `app`: OnlinePlayingGame, OnlineElsewhere or Offline.
int32_t friendGroup(World &w, uint64_t app, uint64_t friendId);
// Friends whose username or global name contains `query` (ASCII case-insensitive): username
// prefix matches first, then by username. Empty query: none.
std::vector<uint64_t> searchFriends(World &w, uint64_t app, uint64_t owner, const std::string &query);

// ---- the relationship endpoints ---------------------------------------------------------------
// Each returns nullopt when applied (or nothing needed changing), else the error (nothing
// changed). `game` selects the game relationship in `app`; `t` is the server time.
std::optional<ResultData> sendFriendRequest(World &w, uint64_t app, uint64_t from, uint64_t to, bool game, bool spam,
                                            uint64_t t);
std::optional<ResultData> sendFriendRequestByName(World &w, uint64_t app, uint64_t from, const std::string &username,
                                                  bool game, uint64_t t);
std::optional<ResultData> acceptFriendRequest(World &w, uint64_t app, uint64_t me, uint64_t other, bool game, uint64_t t);
std::optional<ResultData> rejectFriendRequest(World &w, uint64_t app, uint64_t me, uint64_t other, bool game, uint64_t t);
std::optional<ResultData> cancelFriendRequest(World &w, uint64_t app, uint64_t me, uint64_t other, bool game, uint64_t t);
std::optional<ResultData> removeGameFriend(World &w, uint64_t app, uint64_t me, uint64_t other, uint64_t t);
std::optional<ResultData> removePlatformAndGameFriend(World &w, uint64_t app, uint64_t me, uint64_t other, uint64_t t);
std::optional<ResultData> blockUser(World &w, uint64_t me, uint64_t other, uint64_t t);
std::optional<ResultData> unblockUser(World &w, uint64_t me, uint64_t other, uint64_t t);

// ---- the game backend (control ABI) ---------------------------------------------------------
// Both edges become Friend (pending requests replaced). Fails when either blocked the other.
std::optional<ResultData> befriend(World &w, uint64_t a, uint64_t b, bool game, uint64_t app, uint64_t t);
// Every edge between a and b, both sides, platform and game in every application, becomes None.
void removeAllRelationships(World &w, uint64_t a, uint64_t b, uint64_t t);

// ---- users -------------------------------------------------------------------------------------
// Queues UserUpdated(userId) at `due` to every client that knows the user.
void queueUserUpdated(World &w, uint64_t userId, uint64_t due);

// ---- user application profiles ----------------------------------------------------------------
// The user's profiles for the application: the ones written for it (insertion order), then the
// ones derived from the user's external identities that no written profile replaces.
std::vector<UserApplicationProfileRec> applicationProfiles(World &w, uint64_t userId, uint64_t app);
// Adds or replaces (same providerType and providerIssuedUserId).
void setApplicationProfile(World &w, uint64_t userId, uint64_t app, UserApplicationProfileRec rec);
// The provider type of an external auth type (Apple and PlayStation Network: Unknown, which the
// 1.9 enum has no value for); nullopt for types outside the enum.
std::optional<int32_t> providerTypeOfExternalAuth(int32_t externalAuthType);

}  // namespace psim
