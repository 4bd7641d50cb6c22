// api_client_relationships.cc — the Client functions of relationships (sdk-abi.md 5.1
// "Relationships", SetRelationshipGroupsUpdatedCallback from "Users") and the client-level user
// application profiles (sdk-abi.md 7.2). The platform side is in relationships.cc.
//
// Every one-shot needs a Ready session (ClientNotReady otherwise) and is one request through the
// simulated network (latency, FailNext with the C function name without prefix).
#include <new>

#include "api_support.h"
#include "guard.h"
#include "relationships.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

namespace {

struct RelCtx {
    uint64_t user = 0;  // the session's user
    uint64_t app = 0;   // clientApp()
};

// server(World&, const RelCtx&, uint64_t serverTime) -> std::optional<ResultData> (nullopt = ok).
template <class Server>
void relRequest(Platform_Client *self, const char *name, Callback cb, const std::string &method, const std::string &path,
                const std::string &body, std::optional<std::string> validationError, Server &&server) {
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = beginOp(lk, self, OpShape::Result, name, cb, &opId);
    if (c == nullptr) return;
    if (validationError) return failNow(lk, *c, opId, name, result::validation(*validationError));
    if (c->status != Platform_Client_Status_Ready || c->sessionUserId == 0) {
        return failNow(lk, *c, opId, name, result::notReady());
    }
    const RelCtx ctx{c->sessionUserId, clientApp(lk.w, *c)};
    runRequest(lk.w, *c, opId, RequestSpec{name, method, path, c->token, body}, lk.now, [&](World &w, uint64_t t) {
        std::optional<ResultData> e = server(w, ctx, t);
        return outcomeOf(e ? std::move(*e) : result::ok());
    });
}

std::string relPath(bool game, uint64_t userId) {
    return std::string(game ? "/users/@me/game-relationships/" : "/users/@me/relationships/") + std::to_string(userId);
}

// One of the by-id endpoints: fn(World&, const RelCtx&, uint64_t t).
template <class Fn>
void byId(Platform_Client *self, const char *name, const char *method, bool game, uint64_t userId, const char *body,
          Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud, Fn &&fn) {
    relRequest(self, name, makeCallback(cb, cb_free, cb_ud), method, relPath(game, userId), body, std::nullopt,
               std::forward<Fn>(fn));
}

void sendByName(Platform_Client *self, const char *name, bool game, const std::string &username,
                Platform_Client_SendFriendRequestCallback cb, Platform_FreeFn cb_free, void *cb_ud) {
    std::optional<std::string> invalid;
    if (username.empty()) invalid = "username is required";
    relRequest(self, name, makeCallback(cb, cb_free, cb_ud), "POST",
               game ? "/users/@me/game-relationships" : "/users/@me/relationships", "username=" + username, invalid,
               [&](World &w, const RelCtx &ctx, uint64_t t) {
                   return sendFriendRequestByName(w, ctx.app, ctx.user, username, game, t);
               });
}

// Handles in a span allocated for the caller (never NULL).
template <class Span, class Elem, class Data>
void writeSpan(Span *out, std::vector<Data> items) {
    if (out == nullptr) return;
    Span span{static_cast<Elem *>(Platform_Alloc(items.size() * sizeof(Elem))), items.size()};
    if (span.ptr == nullptr) throw std::bad_alloc();
    for (size_t i = 0; i < items.size(); ++i) span.ptr[i].opaque = Registry<Data>::get().add(std::move(items[i]));
    *out = span;
}

// The relationships of the client's user picked by pick(World&, ClientState&, uint64_t seq) ->
// their views current at seq. Each handle is created with its view (handle_view.h), built under
// the lock the list takes anyway: its getters and its user's then read it without the world
// mutex until anything changes (a friends list reads ~13 getters per friend).
template <class Pick>
void writeRelationships(Platform_Client *self, Platform_RelationshipHandleSpan *out, Pick &&pick) {
    std::vector<RelationshipHandleData> items;
    {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c != nullptr && c->status == Platform_Client_Status_Ready && c->sessionUserId != 0) {
            const uint64_t seq = lk.w.lockSeq.load(std::memory_order_relaxed);  // stable while the mutex is held
            std::vector<std::shared_ptr<const RelationshipView>> views = pick(lk.w, *c, seq);
            items.reserve(views.size());
            for (auto &v : views) {
                const uint64_t id = v->userId;
                items.push_back(RelationshipHandleData{c->key, id, ViewCache<RelationshipView>{std::move(v), seq}});
            }
        }
    }
    writeSpan<Platform_RelationshipHandleSpan, Platform_RelationshipHandle>(out, std::move(items));
}

void writeOwnProfiles(Platform_Client *self, Platform_UserApplicationProfileHandleSpan *out) {
    std::vector<UserApplicationProfileHandleData> items;
    {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c != nullptr && c->status == Platform_Client_Status_Ready && c->sessionUserId != 0) {
            const uint64_t app = clientApp(lk.w, *c);
            for (const auto &p : applicationProfiles(lk.w, c->sessionUserId, app)) {
                items.push_back(UserApplicationProfileHandleData{c->key, c->sessionUserId, app, p.providerType,
                                                                 p.providerIssuedUserId});
            }
        }
    }
    writeSpan<Platform_UserApplicationProfileHandleSpan, Platform_UserApplicationProfileHandle>(out, std::move(items));
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_AcceptPlatformFriendRequest(Platform_Client *self, uint64_t userId,
                                                              Platform_Client_UpdateRelationshipCallback cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_AcceptPlatformFriendRequest", "PUT", false, userId, "type=1", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return acceptFriendRequest(w, ctx.app, ctx.user, userId, false, t); });
    });
}

void PLATFORM_API Platform_Client_AcceptGameFriendRequest(Platform_Client *self, uint64_t userId,
                                                          Platform_Client_UpdateRelationshipCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_AcceptGameFriendRequest", "PUT", true, userId, "type=1", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return acceptFriendRequest(w, ctx.app, ctx.user, userId, true, t); });
    });
}

void PLATFORM_API Platform_Client_BlockUser(Platform_Client *self, uint64_t userId,
                                            Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free,
                                            void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_BlockUser", "PUT", false, userId, "type=2", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return blockUser(w, ctx.user, userId, t); });
    });
}

void PLATFORM_API Platform_Client_CancelPlatformFriendRequest(Platform_Client *self, uint64_t userId,
                                                              Platform_Client_UpdateRelationshipCallback cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_CancelPlatformFriendRequest", "DELETE", false, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return cancelFriendRequest(w, ctx.app, ctx.user, userId, false, t); });
    });
}

void PLATFORM_API Platform_Client_CancelGameFriendRequest(Platform_Client *self, uint64_t userId,
                                                          Platform_Client_UpdateRelationshipCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_CancelGameFriendRequest", "DELETE", true, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return cancelFriendRequest(w, ctx.app, ctx.user, userId, true, t); });
    });
}

void PLATFORM_API Platform_Client_GetRelationshipHandle(Platform_Client *self, uint64_t userId,
                                                        Platform_RelationshipHandle *out) {
    guardVoid(__func__, [&] {
        // Always a handle (types None for an unrelated user); defaults once the client is gone.
        objInit<RelationshipHandleData>(out, RelationshipHandleData{self != nullptr ? opaqueToKey(self->opaque) : 0, userId, {}});
    });
}

void PLATFORM_API Platform_Client_GetRelationships(Platform_Client *self, Platform_RelationshipHandleSpan *out) {
    guardVoid(__func__, [&] {
        writeRelationships(self, out, [](World &w, ClientState &c, uint64_t seq) { return relationshipViews(w, c, seq); });
    });
}

void PLATFORM_API Platform_Client_GetRelationshipsByGroup(Platform_Client *self, Platform_RelationshipGroupType groupType,
                                                          Platform_RelationshipHandleSpan *out) {
    guardVoid(__func__, [&] {
        const int32_t group = enumBits(groupType);
        writeRelationships(self, out, [group](World &w, ClientState &c, uint64_t seq) {
            const uint64_t app = clientApp(w, c);
            std::vector<std::shared_ptr<const RelationshipView>> views;
            for (uint64_t id : friendIds(w, app, c.sessionUserId)) {
                if (friendGroup(w, app, id) == group) views.push_back(relationshipView(w, &c, id, seq));
            }
            return views;
        });
    });
}

void PLATFORM_API Platform_Client_RejectPlatformFriendRequest(Platform_Client *self, uint64_t userId,
                                                              Platform_Client_UpdateRelationshipCallback cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_RejectPlatformFriendRequest", "DELETE", false, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return rejectFriendRequest(w, ctx.app, ctx.user, userId, false, t); });
    });
}

void PLATFORM_API Platform_Client_RejectGameFriendRequest(Platform_Client *self, uint64_t userId,
                                                          Platform_Client_UpdateRelationshipCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_RejectGameFriendRequest", "DELETE", true, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return rejectFriendRequest(w, ctx.app, ctx.user, userId, true, t); });
    });
}

void PLATFORM_API Platform_Client_RemovePlatformAndGameFriend(Platform_Client *self, uint64_t userId,
                                                              Platform_Client_UpdateRelationshipCallback cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_RemovePlatformAndGameFriend", "DELETE", false, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return removePlatformAndGameFriend(w, ctx.app, ctx.user, userId, t); });
    });
}

void PLATFORM_API Platform_Client_RemoveGameFriend(Platform_Client *self, uint64_t userId,
                                                   Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free,
                                                   void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_RemoveGameFriend", "DELETE", true, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return removeGameFriend(w, ctx.app, ctx.user, userId, t); });
    });
}

void PLATFORM_API Platform_Client_SearchFriendsByUsername(Platform_Client *self, Platform_String searchStr,
                                                          Platform_UserHandleSpan *out) {
    guardVoid(__func__, [&] {
        const std::string query = toStd(searchStr);
        std::vector<UserHandleData> items;
        {
            WorldLock lk;
            ClientState *c = findClient(lk.w, self);
            if (c != nullptr && c->status == Platform_Client_Status_Ready && c->sessionUserId != 0) {
                for (uint64_t id : searchFriends(lk.w, clientApp(lk.w, *c), c->sessionUserId, query)) {
                    items.push_back(UserHandleData{c->key, id, {}});
                }
            }
        }
        writeSpan<Platform_UserHandleSpan, Platform_UserHandle>(out, std::move(items));
    });
}

void PLATFORM_API Platform_Client_SendPlatformFriendRequest(Platform_Client *self, Platform_String username,
                                                            Platform_Client_SendFriendRequestCallback cb,
                                                            Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { sendByName(self, "Client_SendPlatformFriendRequest", false, toStd(username), cb, cb_free, cb_ud); });
}

void PLATFORM_API Platform_Client_SendPlatformFriendRequestById(Platform_Client *self, uint64_t userId,
                                                                Platform_Client_UpdateRelationshipCallback cb,
                                                                Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_SendPlatformFriendRequestById", "PUT", false, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return sendFriendRequest(w, ctx.app, ctx.user, userId, false, false, t); });
    });
}

void PLATFORM_API Platform_Client_SendGameFriendRequest(Platform_Client *self, Platform_String username,
                                                        Platform_Client_SendFriendRequestCallback cb,
                                                        Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { sendByName(self, "Client_SendGameFriendRequest", true, toStd(username), cb, cb_free, cb_ud); });
}

void PLATFORM_API Platform_Client_SendGameFriendRequestById(Platform_Client *self, uint64_t userId,
                                                            Platform_Client_UpdateRelationshipCallback cb,
                                                            Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_SendGameFriendRequestById", "PUT", true, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return sendFriendRequest(w, ctx.app, ctx.user, userId, true, false, t); });
    });
}

void PLATFORM_API Platform_Client_SetRelationshipCreatedCallback(Platform_Client *self,
                                                                 Platform_Client_RelationshipCreatedCallback cb,
                                                                 Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::relationshipCreatedCb, makeCallback(cb, cb_free, cb_ud)); });
}

void PLATFORM_API Platform_Client_SetRelationshipDeletedCallback(Platform_Client *self,
                                                                 Platform_Client_RelationshipDeletedCallback cb,
                                                                 Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::relationshipDeletedCb, makeCallback(cb, cb_free, cb_ud)); });
}

void PLATFORM_API Platform_Client_UnblockUser(Platform_Client *self, uint64_t userId,
                                              Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free,
                                              void *cb_ud) {
    guardVoid(__func__, [&] {
        byId(self, "Client_UnblockUser", "DELETE", false, userId, "", cb, cb_free, cb_ud,
             [&](World &w, const RelCtx &ctx, uint64_t t) { return unblockUser(w, ctx.user, userId, t); });
    });
}

void PLATFORM_API Platform_Client_SetRelationshipGroupsUpdatedCallback(Platform_Client *self,
                                                                       Platform_Client_RelationshipGroupsUpdatedCallback cb,
                                                                       Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        assignSlot(self, &ClientState::relationshipGroupsUpdatedCb, makeCallback(cb, cb_free, cb_ud));
    });
}

void PLATFORM_API Platform_Client_GetUserApplicationProfiles(Platform_Client *self,
                                                             Platform_UserApplicationProfileHandleSpan *out) {
    guardVoid(__func__, [&] { writeOwnProfiles(self, out); });
}

void PLATFORM_API Platform_Client_GetUserApplicationProfilesNoLock(Platform_Client *self,
                                                                   Platform_UserApplicationProfileHandleSpan *out) {
    // The simulator's world lock is never held while user code runs, so taking it here is safe on
    // any thread: the same data as GetUserApplicationProfiles.
    guardVoid(__func__, [&] { writeOwnProfiles(self, out); });
}

}  // extern "C"
