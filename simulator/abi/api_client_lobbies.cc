// api_client_lobbies.cc — the Client functions of lobbies, guilds and linked channels
// (sdk-abi.md 5.1 "Lobbies"). Requests go through chatRequest (api_support.h); the platform
// side is in lobbies.cc and guilds.cc.
#include "api_support.h"
#include "guard.h"
#include "guilds.h"
#include "properties.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

namespace {

std::optional<std::string> noValidation(World &, ClientState &) { return std::nullopt; }

std::optional<std::string> requireSecret(const std::string &secret) {
    if (secret.empty()) return std::string("secret is required");
    if (!utf8Length(secret)) return std::string("secret must be valid UTF-8");
    return std::nullopt;
}

std::string lobbyPath(uint64_t lobbyId) { return "/lobbies/" + std::to_string(lobbyId); }

template <class Fn>
void setLobbySlot(Platform_Client *self, Slot slot, Fn cb, Platform_FreeFn cb_free, void *cb_ud) {
    assignSlot(self, slot, makeCallback(cb, cb_free, cb_ud));
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_CreateOrJoinLobby(Platform_Client *self, Platform_String secret,
                                                    Platform_Client_CreateOrJoinLobbyCallback callback,
                                                    Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string s = toStd(secret);
        chatRequest(
            self, "Client_CreateOrJoinLobby", OpShape::ResultId, makeCallback(callback, callback_free, callback_ud),
            "PUT", "/lobbies", "", [&](World &, ClientState &) { return requireSecret(s); },
            [&](World &w, const ChatCtx &ctx, uint64_t t) {
                return createOrJoinLobby(w, ctx.app, ctx.user, s, std::nullopt, std::nullopt, t);
            });
    });
}

void PLATFORM_API Platform_Client_CreateOrJoinLobbyWithMetadata(Platform_Client *self, Platform_String secret,
                                                                Platform_Properties lobbyMetadata,
                                                                Platform_Properties memberMetadata,
                                                                Platform_Client_CreateOrJoinLobbyCallback callback,
                                                                Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string s = toStd(secret);
        const StringMap lm = fromProperties(lobbyMetadata), mm = fromProperties(memberMetadata);
        chatRequest(
            self, "Client_CreateOrJoinLobbyWithMetadata", OpShape::ResultId,
            makeCallback(callback, callback_free, callback_ud), "PUT", "/lobbies", "",
            [&](World &, ClientState &) { return requireSecret(s); },
            [&](World &w, const ChatCtx &ctx, uint64_t t) { return createOrJoinLobby(w, ctx.app, ctx.user, s, lm, mm, t); });
    });
}

void PLATFORM_API Platform_Client_LeaveLobby(Platform_Client *self, uint64_t lobbyId,
                                             Platform_Client_LeaveLobbyCallback callback, Platform_FreeFn callback_free,
                                             void *callback_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_LeaveLobby", OpShape::Result, makeCallback(callback, callback_free, callback_ud),
                    "DELETE", lobbyPath(lobbyId) + "/members/@me", "", noValidation,
                    [&](World &w, const ChatCtx &ctx, uint64_t t) { return leaveLobby(w, ctx.app, ctx.user, lobbyId, t); });
    });
}

bool PLATFORM_API Platform_Client_GetLobbyHandle(Platform_Client *self, uint64_t lobbyId, Platform_LobbyHandle *out) {
    return guard(__func__, false, [&] {
        uint64_t key = 0;
        {
            WorldLock lk;
            ClientState *c = findClient(lk.w, self);
            if (c == nullptr || clientLobby(lk.w, *c, lobbyId) == nullptr) return false;
            key = c->key;
        }
        objInit<LobbyHandleData>(out, LobbyHandleData{key, lobbyId});
        return true;
    });
}

void PLATFORM_API Platform_Client_GetLobbyIds(Platform_Client *self, Platform_UInt64Span *out) {
    guardVoid(__func__, [&] {
        std::vector<uint64_t> ids;
        {
            WorldLock lk;
            if (ClientState *c = findClient(lk.w, self); c != nullptr && c->sessionUserId != 0) {
                for (uint64_t id : indexOf(lk.w.chat.lobbiesOfUser, c->sessionUserId)) {
                    if (clientLobby(lk.w, *c, id) != nullptr) ids.push_back(id);
                }
            }
        }
        writeIds(out, ids);
    });
}

void PLATFORM_API Platform_Client_SetLobbyCreatedCallback(Platform_Client *self, Platform_Client_LobbyCreatedCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setLobbySlot(self, &ClientState::lobbyCreatedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetLobbyDeletedCallback(Platform_Client *self, Platform_Client_LobbyDeletedCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setLobbySlot(self, &ClientState::lobbyDeletedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetLobbyMemberAddedCallback(Platform_Client *self,
                                                              Platform_Client_LobbyMemberAddedCallback cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setLobbySlot(self, &ClientState::lobbyMemberAddedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetLobbyMemberRemovedCallback(Platform_Client *self,
                                                                Platform_Client_LobbyMemberRemovedCallback cb,
                                                                Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setLobbySlot(self, &ClientState::lobbyMemberRemovedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetLobbyMemberUpdatedCallback(Platform_Client *self,
                                                                Platform_Client_LobbyMemberUpdatedCallback cb,
                                                                Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setLobbySlot(self, &ClientState::lobbyMemberUpdatedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetLobbyUpdatedCallback(Platform_Client *self, Platform_Client_LobbyUpdatedCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setLobbySlot(self, &ClientState::lobbyUpdatedCb, cb, cb_free, cb_ud); });
}

/* Guilds and linked channels */
void PLATFORM_API Platform_Client_GetUserGuilds(Platform_Client *self, Platform_Client_GetUserGuildsCallback cb,
                                                Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_GetUserGuilds", OpShape::Guilds, makeCallback(cb, cb_free, cb_ud), "GET",
                    "/users/@me/guilds", "", noValidation,
                    [](World &w, const ChatCtx &ctx, uint64_t) { return userGuilds(w, ctx.user); });
    });
}

void PLATFORM_API Platform_Client_GetGuildChannels(Platform_Client *self, uint64_t guildId,
                                                   Platform_Client_GetGuildChannelsCallback cb, Platform_FreeFn cb_free,
                                                   void *cb_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_GetGuildChannels", OpShape::GuildChannels, makeCallback(cb, cb_free, cb_ud), "GET",
                    "/guilds/" + std::to_string(guildId) + "/channels", "", noValidation,
                    [&](World &w, const ChatCtx &ctx, uint64_t) { return guildChannels(w, ctx.user, guildId); });
    });
}

void PLATFORM_API Platform_Client_LinkChannelToLobby(Platform_Client *self, uint64_t lobbyId, uint64_t channelId,
                                                     Platform_Client_LinkOrUnlinkChannelCallback callback,
                                                     Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_LinkChannelToLobby", OpShape::Result, makeCallback(callback, callback_free, callback_ud),
                    "PUT", lobbyPath(lobbyId) + "/linked-channel", "channel_id=" + std::to_string(channelId),
                    noValidation, [&](World &w, const ChatCtx &ctx, uint64_t t) {
                        return linkChannel(w, ctx.app, ctx.user, lobbyId, channelId, t);
                    });
    });
}

void PLATFORM_API Platform_Client_UnlinkChannelFromLobby(Platform_Client *self, uint64_t lobbyId,
                                                         Platform_Client_LinkOrUnlinkChannelCallback callback,
                                                         Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_UnlinkChannelFromLobby", OpShape::Result,
                    makeCallback(callback, callback_free, callback_ud), "DELETE", lobbyPath(lobbyId) + "/linked-channel",
                    "", noValidation,
                    [&](World &w, const ChatCtx &ctx, uint64_t t) { return unlinkChannel(w, ctx.app, ctx.user, lobbyId, t); });
    });
}

void PLATFORM_API Platform_Client_JoinLinkedLobbyGuild(
    Platform_Client *self, uint64_t lobbyId, Platform_Client_ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
    Platform_FreeFn provisionalUserMergeRequiredCallback_free, void *provisionalUserMergeRequiredCallback_ud,
    Platform_Client_JoinLinkedLobbyGuildCallback callback, Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        Callback aux = makeCallback(provisionalUserMergeRequiredCallback, provisionalUserMergeRequiredCallback_free,
                                    provisionalUserMergeRequiredCallback_ud);
        chatRequest(
            self, "Client_JoinLinkedLobbyGuild", OpShape::ResultString, makeCallback(callback, callback_free, callback_ud),
            "POST", lobbyPath(lobbyId) + "/linked-channel/invites/@me", "", noValidation,
            [&](World &w, const ChatCtx &ctx, uint64_t t) {
                return createLobbyInvite(w, ctx.app, ctx.user, lobbyId, std::string(ctx.webBase), t);
            },
            &aux, true);
    });
}

}  // extern "C"
