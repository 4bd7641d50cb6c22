// relationships.cc — see relationships.h (and social_hooks.h for the relationships half of the
// contract with presence).
#include "relationships.h"

#include <algorithm>
#include <tuple>

#include "crypto.h"
#include "directory.h"
#include "lobbies.h"
#include "ops.h"
#include "results.h"
#include "social_hooks.h"
#include "user_view.h"

namespace psim {
namespace {

constexpr int32_t kNone = Platform_RelationshipType_None;
constexpr int32_t kFriend = Platform_RelationshipType_Friend;
constexpr int32_t kBlocked = Platform_RelationshipType_Blocked;
constexpr int32_t kIncoming = Platform_RelationshipType_PendingIncoming;
constexpr int32_t kOutgoing = Platform_RelationshipType_PendingOutgoing;

using PlatformKey = std::pair<uint64_t, uint64_t>;
using GameKey = std::tuple<uint64_t, uint64_t, uint64_t>;

const RelationshipEdge *findEdge(const World &w, bool game, uint64_t app, uint64_t owner, uint64_t other) {
    if (game) {
        auto it = w.social.game.find(GameKey{app, owner, other});
        return it == w.social.game.end() ? nullptr : &it->second;
    }
    auto it = w.social.platform.find(PlatformKey{owner, other});
    return it == w.social.platform.end() ? nullptr : &it->second;
}

int32_t typeOf(const World &w, bool game, uint64_t app, uint64_t owner, uint64_t other) {
    const RelationshipEdge *e = findEdge(w, game, app, owner, other);
    return e == nullptr ? kNone : e->type;
}

ResultData err(int32_t status, int32_t code, std::string_view message) { return result::platform(status, code, message); }

// What a client shows of a friend in the unified friends list: the group and the visible
// status (one number, so announcedGroups keeps both).
int32_t friendListState(World &w, uint64_t app, uint64_t friendId) {
    return friendGroup(w, app, friendId) * 16 + visibleStatus(w, friendId);
}

// Recomputes whether `other` is a friend for the client (its application) and keeps the
// client's announced state in step (the caller announces the change).
void refreshAnnounced(World &w, ClientState &c, uint64_t other) {
    const uint64_t app = clientApp(w, c);
    if (isFriend(w, app, c.sessionUserId, other)) {
        c.announcedGroups[other] = friendListState(w, app, other);
    } else {
        c.announcedGroups.erase(other);
    }
}

// RelationshipGroupsUpdated(other) to one client: an entry of its friends list changed. One
// change reaching the client through several edges (a block of a platform and game friend) is
// one event: at most one per (user, due time) within one operation. Two operations that fall on
// the same simulated millisecond are two changes, two events (a presence change and a
// disconnect in quick succession lost the second).
void queueGroupsUpdated(World &w, ClientState &c, uint64_t other, uint64_t due) {
    const std::pair<uint64_t, uint64_t> key{due, w.lockSeq.load()};
    auto [it, fresh] = c.groupsUpdatedDue.try_emplace(other, key);
    if (!fresh && it->second == key) return;
    it->second = key;
    queueSlotEvent(w, c.key, due, &ClientState::relationshipGroupsUpdatedCb, [other](const Callback &cb) {
        cb.as<Platform_Client_RelationshipGroupsUpdatedCallback>()(other, cb.userData());
    });
}

// Sets the owner's edge and announces a type change to the owner's Ready sessions.
void setEdge(World &w, bool game, uint64_t app, uint64_t owner, uint64_t other, int32_t type, bool spam, uint64_t t) {
    const int32_t old = typeOf(w, game, app, owner, other);
    if (type == kNone) {
        if (game) {
            w.social.game.erase(GameKey{app, owner, other});
            w.social.gameByPair.erase(GameKey{owner, other, app});
        } else {
            w.social.platform.erase(PlatformKey{owner, other});
        }
    } else {
        RelationshipEdge &e = game ? w.social.game[GameKey{app, owner, other}] : w.social.platform[PlatformKey{owner, other}];
        if (game) w.social.gameByPair.insert(GameKey{owner, other, app});
        if (old != type) e.sinceMs = t;
        e.type = type;
        e.spam = type == kIncoming && spam;
    }
    if (old == type) return;
    const uint64_t due = pushDue(w, t);
    const bool created = type != kNone;
    const bool isPlatform = !game;
    for (auto &[key, c] : w.clients) {
        if (c->status != Platform_Client_Status_Ready || c->sessionUserId != owner) continue;
        if (game && clientApp(w, *c) != app) continue;
        queueSlotEvent(w, key, due, created ? &ClientState::relationshipCreatedCb : &ClientState::relationshipDeletedCb,
                       [other, isPlatform](const Callback &cb) {
                           cb.as<Platform_Client_RelationshipCreatedCallback>()(other, isPlatform, cb.userData());
                       });
        refreshAnnounced(w, *c, other);
        queueGroupsUpdated(w, *c, other, due);
    }
}

// Both sides at once (Friend/Friend or None/None).
void setBoth(World &w, bool game, uint64_t app, uint64_t a, uint64_t b, int32_t type, uint64_t t) {
    setEdge(w, game, app, a, b, type, false, t);
    setEdge(w, game, app, b, a, type, false, t);
}

// The game edges between a and b in every application, both directions, in the order of
// SocialStore::game (by application, then owner): two ranges of its (owner, other) index.
std::vector<GameKey> gameEdgesBetween(const World &w, uint64_t a, uint64_t b) {
    std::vector<GameKey> keys;
    for (const auto &[owner, other] : {std::pair{a, b}, std::pair{b, a}}) {
        for (auto it = w.social.gameByPair.lower_bound(GameKey{owner, other, 0});
             it != w.social.gameByPair.end() && std::get<0>(*it) == owner && std::get<1>(*it) == other; ++it) {
            keys.emplace_back(std::get<2>(*it), owner, other);
        }
    }
    std::sort(keys.begin(), keys.end());
    return keys;
}

void clearGameEdges(World &w, uint64_t a, uint64_t b, uint64_t t) {
    for (const auto &[app, owner, other] : gameEdgesBetween(w, a, b)) setEdge(w, true, app, owner, other, kNone, false, t);
}

// Checks shared by every endpoint that names a user by id.
std::optional<ResultData> checkTarget(World &w, uint64_t me, uint64_t other) {
    if (other == me) return err(400, kErrRelationshipWithSelf, "Cannot add a relationship with yourself");
    if (findUser(w, other) == nullptr || findUser(w, me) == nullptr) return err(404, kErrUnknownUser, "Unknown User");
    return std::nullopt;
}

std::string lowerAscii(std::string_view s) {
    std::string out(s);
    for (char &ch : out) {
        if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    }
    return out;
}

// A stable, non-secret id for an external identity: a digest of (type, token), never the token.
std::string derivedProviderUserId(int32_t type, const std::string &token) {
    return "ext-" + crypto::sha256Hex("external-identity:" + std::to_string(type) + ":" + token).substr(0, 24);
}

}  // namespace

// ---- reading ------------------------------------------------------------------------------------

int32_t platformRelType(const World &w, uint64_t owner, uint64_t other) { return typeOf(w, false, 0, owner, other); }

int32_t gameRelType(const World &w, uint64_t app, uint64_t owner, uint64_t other) {
    return typeOf(w, true, app, owner, other);
}

bool isSpamRequest(const World &w, uint64_t app, uint64_t owner, uint64_t other) {
    const RelationshipEdge *p = findEdge(w, false, 0, owner, other);
    const RelationshipEdge *g = findEdge(w, true, app, owner, other);
    return (p != nullptr && p->type == kIncoming && p->spam) || (g != nullptr && g->type == kIncoming && g->spam);
}

bool isFriend(const World &w, uint64_t app, uint64_t owner, uint64_t other) {
    return platformRelType(w, owner, other) == kFriend || gameRelType(w, app, owner, other) == kFriend;
}

bool haveAnyRelationship(const World &w, uint64_t app, uint64_t a, uint64_t b) {
    return findEdge(w, false, 0, a, b) != nullptr || findEdge(w, false, 0, b, a) != nullptr ||
           findEdge(w, true, app, a, b) != nullptr || findEdge(w, true, app, b, a) != nullptr;
}

namespace {
// f(other, platform edge or null, game edge or null) for every user `owner` has an edge with
// (platform, or game in app), once each, by id: the two maps are ordered by (owner, other) and
// (app, owner, other), so one merged walk of the owner's two ranges meets both edges of a user
// together, with no lookup per user.
template <class F>
void forEachEdgePair(const World &w, uint64_t app, uint64_t owner, F &&f) {
    auto p = w.social.platform.lower_bound(PlatformKey{owner, 0});
    auto g = w.social.game.lower_bound(GameKey{app, owner, 0});
    const auto pEnd = w.social.platform.end();
    const auto gEnd = w.social.game.end();
    for (;;) {
        const bool hasP = p != pEnd && p->first.first == owner;
        const bool hasG = g != gEnd && std::get<0>(g->first) == app && std::get<1>(g->first) == owner;
        if (!hasP && !hasG) return;
        const uint64_t pOther = hasP ? p->first.second : 0;
        const uint64_t gOther = hasG ? std::get<2>(g->first) : 0;
        if (hasP && (!hasG || pOther < gOther)) {
            f(pOther, &p->second, nullptr);
            ++p;
        } else if (!hasP || gOther < pOther) {
            f(gOther, nullptr, &g->second);
            ++g;
        } else {
            f(pOther, &p->second, &g->second);
            ++p;
            ++g;
        }
    }
}

// Other users (that exist) of the owner's edges (platform, and game in app) accepted by
// keep(type), by id.
template <class Keep>
std::vector<uint64_t> usersOfEdges(World &w, uint64_t app, uint64_t owner, Keep &&keep) {
    std::vector<uint64_t> out;
    forEachEdgePair(w, app, owner, [&](uint64_t other, const RelationshipEdge *p, const RelationshipEdge *g) {
        if (!((p != nullptr && keep(p->type)) || (g != nullptr && keep(g->type)))) return;
        if (findUser(w, other) != nullptr) out.push_back(other);  // a merged-away provisional account is gone
    });
    return out;
}

// The relationship part of a view from the owner's two edges with `other` (either may be null).
void setTypes(RelationshipView &v, const RelationshipEdge *p, const RelationshipEdge *g) {
    v.platformType = p != nullptr ? p->type : kNone;
    v.gameType = g != nullptr ? g->type : kNone;
    v.spam = (p != nullptr && p->type == kIncoming && p->spam) || (g != nullptr && g->type == kIncoming && g->spam);
}
}  // namespace

std::vector<uint64_t> friendIds(World &w, uint64_t app, uint64_t owner) {
    return usersOfEdges(w, app, owner, [](int32_t type) { return type == kFriend; });
}

std::vector<std::shared_ptr<const RelationshipView>> relationshipViews(World &w, const ClientState &viewer,
                                                                       uint64_t seq) {
    std::vector<std::shared_ptr<const RelationshipView>> out;
    if (viewer.sessionUserId == 0) return out;
    // Every view in one block that the handles share (a make_shared per view, and its free when
    // the view went, were ~350 instructions per friend of a 5,000-friend list: docs/performance.md,
    // row 4): the edges first, so that the block is sized once and its views never move.
    struct Edges {
        uint64_t other;
        const RelationshipEdge *p, *g;
    };
    std::vector<Edges> edges;
    forEachEdgePair(w, clientApp(w, viewer), viewer.sessionUserId,
                    [&](uint64_t other, const RelationshipEdge *p, const RelationshipEdge *g) {
                        if ((p == nullptr || p->type == kNone) && (g == nullptr || g->type == kNone)) return;
                        edges.push_back({other, p, g});
                    });
    auto block = std::make_shared<std::vector<RelationshipView>>();
    block->reserve(edges.size());
    for (const Edges &e : edges) {
        RelationshipView &v = block->emplace_back();
        fillUserView(v.user, w, &viewer, e.other);
        if (!v.user.user) {  // a merged-away provisional account is gone
            block->pop_back();
            continue;
        }
        v.clientKey = viewer.key;
        v.userId = e.other;
        setTypes(v, e.p, e.g);
        v.seq = seq;
    }
    out.reserve(block->size());
    for (RelationshipView &v : *block) {
        v.owner = block;
        out.emplace_back(block, &v);
    }
    return out;
}

std::shared_ptr<const RelationshipView> relationshipView(World &w, const ClientState *viewer, uint64_t other,
                                                         uint64_t seq) {
    auto v = std::make_shared<RelationshipView>();
    v->owner = v;
    v->seq = seq;
    if (viewer == nullptr) return v;
    v->clientKey = viewer->key;
    v->userId = other;
    if (viewer->sessionUserId != 0) {
        const uint64_t app = clientApp(w, *viewer);
        setTypes(*v, findEdge(w, false, 0, viewer->sessionUserId, other), findEdge(w, true, app, viewer->sessionUserId, other));
    }
    fillUserView(v->user, w, viewer, other);
    return v;
}

int32_t friendGroup(World &w, uint64_t app, uint64_t friendId) {
    if (visibleStatus(w, friendId) == Platform_StatusType_Offline) return Platform_RelationshipGroupType_Offline;
    return isPlayingApp(w, friendId, app) ? Platform_RelationshipGroupType_OnlinePlayingGame
                                          : Platform_RelationshipGroupType_OnlineElsewhere;
}

std::vector<uint64_t> searchFriends(World &w, uint64_t app, uint64_t owner, const std::string &query) {
    if (query.empty()) return {};
    const std::string q = lowerAscii(query);
    std::vector<std::tuple<bool, std::string, uint64_t>> hits;  // (not a prefix match, username, id)
    for (uint64_t id : friendIds(w, app, owner)) {
        const User *u = findUser(w, id);
        const std::string name = lowerAscii(u->username);
        if (name.find(q) == std::string::npos && lowerAscii(u->globalName).find(q) == std::string::npos) continue;
        hits.emplace_back(name.rfind(q, 0) != 0, name, id);
    }
    std::sort(hits.begin(), hits.end());
    std::vector<uint64_t> out;
    for (const auto &h : hits) out.push_back(std::get<2>(h));
    return out;
}

// ---- endpoints ------------------------------------------------------------------------------------

std::optional<ResultData> sendFriendRequest(World &w, uint64_t app, uint64_t from, uint64_t to, bool game, bool spam,
                                            uint64_t t) {
    if (auto e = checkTarget(w, from, to)) return e;
    if (!game && (findUser(w, from)->provisional || findUser(w, to)->provisional)) {
        return err(400, kErrProvisionalPlatformFriend, "Provisional accounts can only have game friends");
    }
    if (platformRelType(w, from, to) == kBlocked) {
        return err(400, kErrUnblockFirst, "You blocked this user: unblock them before sending a friend request");
    }
    if (platformRelType(w, to, from) == kBlocked) return err(403, kErrIncomingRequestsDisabled, "Incoming friend requests disabled");
    const int32_t mine = typeOf(w, game, app, from, to);
    if (mine == kFriend || mine == kOutgoing) return std::nullopt;  // nothing to do
    if (mine == kIncoming) {  // they asked first: the two requests make a friendship
        setBoth(w, game, app, from, to, kFriend, t);
        return std::nullopt;
    }
    setEdge(w, game, app, from, to, kOutgoing, false, t);
    setEdge(w, game, app, to, from, kIncoming, spam, t);
    return std::nullopt;
}

std::optional<ResultData> sendFriendRequestByName(World &w, uint64_t app, uint64_t from, const std::string &username,
                                                  bool game, uint64_t t) {
    // The directory's index: the same case folding as its uniqueness rule (directory.h).
    if (const User *u = findUserByName(w, username)) return sendFriendRequest(w, app, from, u->id, game, false, t);
    return err(400, kErrNoSuchUsername, "No user with that username");
}

std::optional<ResultData> acceptFriendRequest(World &w, uint64_t app, uint64_t me, uint64_t other, bool game, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    if (typeOf(w, game, app, me, other) != kIncoming) return err(404, kErrNoPendingRequest, "No pending friend request from that user");
    setBoth(w, game, app, me, other, kFriend, t);
    return std::nullopt;
}

std::optional<ResultData> rejectFriendRequest(World &w, uint64_t app, uint64_t me, uint64_t other, bool game, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    if (typeOf(w, game, app, me, other) != kIncoming) return err(404, kErrNoPendingRequest, "No pending friend request from that user");
    setBoth(w, game, app, me, other, kNone, t);
    return std::nullopt;
}

std::optional<ResultData> cancelFriendRequest(World &w, uint64_t app, uint64_t me, uint64_t other, bool game, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    if (typeOf(w, game, app, me, other) != kOutgoing) return err(404, kErrNoPendingRequest, "No pending friend request to that user");
    setBoth(w, game, app, me, other, kNone, t);
    return std::nullopt;
}

std::optional<ResultData> removeGameFriend(World &w, uint64_t app, uint64_t me, uint64_t other, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    if (gameRelType(w, app, me, other) != kFriend) return err(404, kErrNotFriends, "Not game friends with that user");
    setBoth(w, true, app, me, other, kNone, t);
    return std::nullopt;
}

std::optional<ResultData> removePlatformAndGameFriend(World &w, uint64_t app, uint64_t me, uint64_t other, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    const bool platform = platformRelType(w, me, other) == kFriend;
    const bool game = gameRelType(w, app, me, other) == kFriend;
    if (!platform && !game) return err(404, kErrNotFriends, "Not friends with that user");
    if (platform) setBoth(w, false, 0, me, other, kNone, t);
    if (game) setBoth(w, true, app, me, other, kNone, t);
    return std::nullopt;
}

std::optional<ResultData> blockUser(World &w, uint64_t me, uint64_t other, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    if (platformRelType(w, me, other) == kBlocked) return std::nullopt;
    setEdge(w, false, 0, me, other, kBlocked, false, t);
    // Their side loses its friendship or request (a block of their own stays).
    if (platformRelType(w, other, me) != kBlocked) setEdge(w, false, 0, other, me, kNone, false, t);
    clearGameEdges(w, me, other, t);
    return std::nullopt;
}

std::optional<ResultData> unblockUser(World &w, uint64_t me, uint64_t other, uint64_t t) {
    if (auto e = checkTarget(w, me, other)) return e;
    if (platformRelType(w, me, other) != kBlocked) return err(400, kErrNotBlocked, "That user is not blocked");
    setEdge(w, false, 0, me, other, kNone, false, t);
    return std::nullopt;
}

std::optional<ResultData> befriend(World &w, uint64_t a, uint64_t b, bool game, uint64_t app, uint64_t t) {
    if (auto e = checkTarget(w, a, b)) return e;
    if (!game && (findUser(w, a)->provisional || findUser(w, b)->provisional)) {
        return err(400, kErrProvisionalPlatformFriend, "Provisional accounts can only have game friends");
    }
    if (platformRelType(w, a, b) == kBlocked) return err(400, kErrUnblockFirst, "The first user blocked the second");
    if (platformRelType(w, b, a) == kBlocked) return err(403, kErrIncomingRequestsDisabled, "The second user blocked the first");
    setBoth(w, game, app, a, b, kFriend, t);
    return std::nullopt;
}

void removeAllRelationships(World &w, uint64_t a, uint64_t b, uint64_t t) {
    setBoth(w, false, 0, a, b, kNone, t);
    clearGameEdges(w, a, b, t);
}

// ---- users ----------------------------------------------------------------------------------------

void queueUserUpdated(World &w, uint64_t userId, uint64_t due) {
    for (auto &[key, c] : w.clients) {
        if (!clientKnowsUser(w, *c, userId)) continue;
        queueSlotEvent(w, key, due, &ClientState::userUpdatedCb, [userId](const Callback &cb) {
            cb.as<Platform_Client_UserUpdatedCallback>()(userId, cb.userData());
        });
        // A user of the client's friends list (friend, request, block) changed name or profile.
        if (c->status != Platform_Client_Status_Ready || c->sessionUserId == 0 || c->sessionUserId == userId) continue;
        const uint64_t app = clientApp(w, *c);
        if (platformRelType(w, c->sessionUserId, userId) != kNone || gameRelType(w, app, c->sessionUserId, userId) != kNone) {
            queueGroupsUpdated(w, *c, userId, due);
        }
    }
}

// ---- user application profiles ------------------------------------------------------------------

std::optional<int32_t> providerTypeOfExternalAuth(int32_t externalAuthType) {
    switch (externalAuthType) {
    case Platform_AuthenticationExternalAuthType_OIDC: return Platform_ExternalIdentityProviderType_OIDC;
    case Platform_AuthenticationExternalAuthType_EpicOnlineServicesAccessToken:
    case Platform_AuthenticationExternalAuthType_EpicOnlineServicesIdToken:
        return Platform_ExternalIdentityProviderType_EpicOnlineServices;
    case Platform_AuthenticationExternalAuthType_SteamSessionTicket: return Platform_ExternalIdentityProviderType_Steam;
    case Platform_AuthenticationExternalAuthType_UnityServicesIdToken: return Platform_ExternalIdentityProviderType_Unity;
    case Platform_AuthenticationExternalAuthType_PlatformBotIssuedAccessToken:
        return Platform_ExternalIdentityProviderType_PlatformBot;
    // Providers added after the 1.9 enum (Apple, PlayStation Network) read as Unknown.
    case Platform_AuthenticationExternalAuthType_AppleIdToken:
    case Platform_AuthenticationExternalAuthType_PlayStationNetworkIdToken:
        return Platform_ExternalIdentityProviderType_Unknown;
    default: return std::nullopt;
    }
}

std::vector<UserApplicationProfileRec> applicationProfiles(World &w, uint64_t userId, uint64_t app) {
    std::vector<UserApplicationProfileRec> out;
    if (auto it = w.social.profiles.find({userId, app}); it != w.social.profiles.end()) out = it->second;
    std::vector<UserApplicationProfileRec> derived;
    for (const auto &[key, ident] : w.oauth.identities) {
        if (ident.userId != userId) continue;
        const auto type = providerTypeOfExternalAuth(ident.type);
        if (!type) continue;
        UserApplicationProfileRec rec;
        rec.providerType = *type;
        rec.providerIssuedUserId = derivedProviderUserId(ident.type, ident.token);
        const bool replaced = std::any_of(out.begin(), out.end(), [&](const UserApplicationProfileRec &p) {
            return p.providerType == rec.providerType && p.providerIssuedUserId == rec.providerIssuedUserId;
        });
        if (!replaced) derived.push_back(std::move(rec));
    }
    std::sort(derived.begin(), derived.end(), [](const auto &x, const auto &y) {
        return std::tie(x.providerType, x.providerIssuedUserId) < std::tie(y.providerType, y.providerIssuedUserId);
    });
    for (auto &d : derived) out.push_back(std::move(d));
    return out;
}

void setApplicationProfile(World &w, uint64_t userId, uint64_t app, UserApplicationProfileRec rec) {
    auto &list = w.social.profiles[{userId, app}];
    for (auto &p : list) {
        if (p.providerType == rec.providerType && p.providerIssuedUserId == rec.providerIssuedUserId) {
            p = std::move(rec);
            return;
        }
    }
    list.push_back(std::move(rec));
}

// ---- social_hooks.h: the relationships half ---------------------------------------------------

void relationshipsOnPresenceChanged(World &w, uint64_t userId, uint64_t at) {
    for (auto &[key, c] : w.clients) {
        if (c->status != Platform_Client_Status_Ready || c->sessionUserId == 0 || c->sessionUserId == userId) continue;
        const uint64_t app = clientApp(w, *c);
        if (!isFriend(w, app, c->sessionUserId, userId) || findUser(w, userId) == nullptr) continue;
        const int32_t state = friendListState(w, app, userId);
        auto it = c->announcedGroups.find(userId);
        if (it != c->announcedGroups.end() && it->second == state) continue;
        c->announcedGroups[userId] = state;
        queueGroupsUpdated(w, *c, userId, at);
    }
}

void relationshipsOnSessionReady(World &w, ClientState &c) {
    c.announcedGroups.clear();
    if (c.sessionUserId == 0) return;
    const uint64_t app = clientApp(w, c);
    for (uint64_t id : friendIds(w, app, c.sessionUserId)) c.announcedGroups[id] = friendListState(w, app, id);
}

bool areFriends(World &w, uint64_t a, uint64_t b, uint64_t applicationId) { return isFriend(w, applicationId, a, b); }

bool blockedEitherWay(World &w, uint64_t a, uint64_t b) {
    return platformRelType(w, a, b) == kBlocked || platformRelType(w, b, a) == kBlocked;
}

}  // namespace psim
