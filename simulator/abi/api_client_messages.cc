// api_client_messages.cc — the Client functions of lobby and direct messages (sdk-abi.md 5.1
// "Chat / messages"). The platform side and the per-client message cache are in messages.cc.
#include "api_support.h"
#include "guard.h"
#include "handle_view.h"
#include "messages.h"
#include "properties.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

namespace {

std::optional<std::string> noValidation(World &, ClientState &) { return std::nullopt; }

std::optional<uint64_t> appOf(const ChatCtx &ctx) {
    return ctx.app != 0 ? std::optional<uint64_t>(ctx.app) : std::nullopt;
}

void sendLobby(Platform_Client *self, const char *name, uint64_t lobbyId, const std::string &content, StringMap md,
               Callback cb) {
    chatRequest(
        self, name, OpShape::ResultId, std::move(cb), "POST", "/lobbies/" + std::to_string(lobbyId) + "/messages", "",
        [&](World &, ClientState &) { return checkContent(content); },
        [&](World &w, const ChatCtx &ctx, uint64_t t) {
            const Lobby *l = findLobby(w, lobbyId);
            if (l == nullptr || l->appId != ctx.app) return outcomeOf(result::platform(404, kErrUnknownChannel, "Unknown Lobby"));
            return sendLobbyMessage(w, lobbyId, Outgoing{ctx.user, content, md, appOf(ctx), std::nullopt, true}, t);
        });
}

void sendDm(Platform_Client *self, const char *name, uint64_t recipientId, const std::string &content, StringMap md,
            Callback cb) {
    chatRequest(
        self, name, OpShape::ResultId, std::move(cb), "POST", "/users/" + std::to_string(recipientId) + "/messages", "",
        [&](World &, ClientState &) { return checkContent(content); },
        [&](World &w, const ChatCtx &ctx, uint64_t t) {
            return sendUserMessage(w, recipientId, Outgoing{ctx.user, content, md, appOf(ctx), std::nullopt, true}, t);
        });
}

template <class Fn>
void setMessageSlot(Platform_Client *self, Slot slot, Fn cb, Platform_FreeFn cb_free, void *cb_ud) {
    assignSlot(self, slot, makeCallback(cb, cb_free, cb_ud));
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_SendLobbyMessage(Platform_Client *self, uint64_t lobbyId, Platform_String content,
                                                   Platform_Client_SendUserMessageCallback cb, Platform_FreeFn cb_free,
                                                   void *cb_ud) {
    guardVoid(__func__, [&] {
        sendLobby(self, "Client_SendLobbyMessage", lobbyId, toStd(content), {}, makeCallback(cb, cb_free, cb_ud));
    });
}

void PLATFORM_API Platform_Client_SendLobbyMessageWithMetadata(Platform_Client *self, uint64_t lobbyId,
                                                               Platform_String content, Platform_Properties metadata,
                                                               Platform_Client_SendUserMessageCallback cb,
                                                               Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        sendLobby(self, "Client_SendLobbyMessageWithMetadata", lobbyId, toStd(content), fromProperties(metadata),
                  makeCallback(cb, cb_free, cb_ud));
    });
}

void PLATFORM_API Platform_Client_SendUserMessage(Platform_Client *self, uint64_t recipientId, Platform_String content,
                                                  Platform_Client_SendUserMessageCallback cb, Platform_FreeFn cb_free,
                                                  void *cb_ud) {
    guardVoid(__func__, [&] {
        sendDm(self, "Client_SendUserMessage", recipientId, toStd(content), {}, makeCallback(cb, cb_free, cb_ud));
    });
}

void PLATFORM_API Platform_Client_SendUserMessageWithMetadata(Platform_Client *self, uint64_t recipientId,
                                                              Platform_String content, Platform_Properties metadata,
                                                              Platform_Client_SendUserMessageCallback cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        sendDm(self, "Client_SendUserMessageWithMetadata", recipientId, toStd(content), fromProperties(metadata),
               makeCallback(cb, cb_free, cb_ud));
    });
}

void PLATFORM_API Platform_Client_EditUserMessage(Platform_Client *self, uint64_t recipientId, uint64_t messageId,
                                                  Platform_String content, Platform_Client_EditUserMessageCallback cb,
                                                  Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        const std::string text = toStd(content);
        chatRequest(
            self, "Client_EditUserMessage", OpShape::Result, makeCallback(cb, cb_free, cb_ud), "PATCH",
            "/users/" + std::to_string(recipientId) + "/messages/" + std::to_string(messageId), "",
            [&](World &, ClientState &) { return checkContent(text); },
            [&](World &w, const ChatCtx &ctx, uint64_t t) {
                return editUserMessage(w, ctx.app, ctx.user, recipientId, messageId, text, t);
            });
    });
}

void PLATFORM_API Platform_Client_DeleteUserMessage(Platform_Client *self, uint64_t recipientId, uint64_t messageId,
                                                    Platform_Client_DeleteUserMessageCallback cb, Platform_FreeFn cb_free,
                                                    void *cb_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_DeleteUserMessage", OpShape::Result, makeCallback(cb, cb_free, cb_ud), "DELETE",
                    "/users/" + std::to_string(recipientId) + "/messages/" + std::to_string(messageId), "", noValidation,
                    [&](World &w, const ChatCtx &ctx, uint64_t t) {
                        return deleteUserMessage(w, ctx.app, ctx.user, recipientId, messageId, t);
                    });
    });
}

bool PLATFORM_API Platform_Client_GetMessageHandle(Platform_Client *self, uint64_t messageId, Platform_MessageHandle *out) {
    return guard(__func__, false, [&] {
        MessageHandleData h;
        std::shared_ptr<const MessageView> view;
        uint64_t seq = 0;
        {
            // A look, not a WorldLock (no clock, no due timers, no lockSeq advance that would
            // make every view stale): it reads the client's message cache, which only
            // deliveries and controls change, each under a WorldLock of its own; the view is
            // what the handle's first getter would resolve under the same kind of look.
            WorldPeek lk;
            ClientState *c = findClient(lk.w, self);
            if (c == nullptr) return false;
            MessagePtr m = cachedMessage(*c, messageId);
            if (!m) return false;
            h.clientKey = c->key;
            h.messageId = messageId;
            // Resolved now, from the message just found: the getters that follow (the binding
            // reads every field at once) find it current and take no world lock (handle_view.h).
            view = resolveMessageView(lk.w, *c, std::move(m));
            seq = lk.w.lockSeq.load(std::memory_order_relaxed);  // stable while the mutex is held
        }
        if (out == nullptr) return true;
        h.cache = ViewCache<MessageView>{view, seq};
        objInit<MessageHandleData>(out, std::move(h));
        rememberView<MessageHandleData>(out->opaque, std::move(view), seq);
        return true;
    });
}

bool PLATFORM_API Platform_Client_GetChannelHandle(Platform_Client *self, uint64_t channelId, Platform_ChannelHandle *out) {
    return guard(__func__, false, [&] {
        uint64_t key = 0;
        {
            WorldLock lk;
            ClientState *c = findClient(lk.w, self);
            if (c == nullptr || !clientSeesChannel(lk.w, *c, channelId)) return false;
            key = c->key;
        }
        objInit<ChannelHandleData>(out, ChannelHandleData{key, channelId});
        return true;
    });
}

void PLATFORM_API Platform_Client_SetMessageCreatedCallback(Platform_Client *self, Platform_Client_MessageCreatedCallback cb,
                                                            Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setMessageSlot(self, &ClientState::messageCreatedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetMessageDeletedCallback(Platform_Client *self, Platform_Client_MessageDeletedCallback cb,
                                                            Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setMessageSlot(self, &ClientState::messageDeletedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetMessageUpdatedCallback(Platform_Client *self, Platform_Client_MessageUpdatedCallback cb,
                                                            Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setMessageSlot(self, &ClientState::messageUpdatedCb, cb, cb_free, cb_ud); });
}

void PLATFORM_API Platform_Client_GetLobbyMessagesWithLimit(Platform_Client *self, uint64_t lobbyId, int32_t limit,
                                                            Platform_Client_GetLobbyMessagesCallback cb,
                                                            Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_GetLobbyMessagesWithLimit", OpShape::Messages, makeCallback(cb, cb_free, cb_ud), "GET",
                    "/lobbies/" + std::to_string(lobbyId) + "/messages?limit=" + std::to_string(clampHistoryLimit(limit)),
                    "", noValidation, [&](World &w, const ChatCtx &ctx, uint64_t t) {
                        return lobbyHistory(w, ctx.key, ctx.app, ctx.user, lobbyId, limit, t);
                    });
    });
}

void PLATFORM_API Platform_Client_GetUserMessagesWithLimit(Platform_Client *self, uint64_t recipientId, int32_t limit,
                                                           Platform_Client_UserMessagesWithLimitCallback cb,
                                                           Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_GetUserMessagesWithLimit";
        Callback callback = makeCallback(cb, cb_free, cb_ud);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Messages, kName, callback, &opId);
        if (c == nullptr) return;
        if (!hasSession(*c)) return failNow(lk, *c, opId, kName, result::notReady());
        // Cached since 1.6: enough messages in memory -> no request (works offline, no latency).
        if (const DmChannel *dm = findDm(lk.w, c->sessionUserId, recipientId)) {
            if (auto out = dmHistoryFromCache(*c, dm->id, limit)) {
                return completeAt(lk.w, c->key, opId, lk.now, std::move(*out),
                                  std::string(kName) + ": served from the local message cache", log::kVerbose);
            }
        }
        const ChatCtx ctx{c->key, c->sessionUserId, clientApp(lk.w, *c), c->webBase};
        runRequest(lk.w, *c, opId,
                   RequestSpec{kName, "GET",
                               "/users/" + std::to_string(recipientId) + "/messages?limit=" +
                                   std::to_string(clampHistoryLimit(limit)),
                               c->token, ""},
                   lk.now, [&](World &w, uint64_t) { return dmHistory(w, ctx.key, ctx.user, recipientId, limit); });
    });
}

void PLATFORM_API Platform_Client_GetUserMessageSummaries(Platform_Client *self, Platform_Client_UserMessageSummariesCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        chatRequest(self, "Client_GetUserMessageSummaries", OpShape::Summaries, makeCallback(cb, cb_free, cb_ud), "GET",
                    "/users/@me/messages/summaries", "", noValidation,
                    [](World &w, const ChatCtx &ctx, uint64_t) { return messageSummaries(w, ctx.user); });
    });
}

void PLATFORM_API Platform_Client_SetShowingChat(Platform_Client *self, bool showingChat) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr || c->showingChat == showingChat) return;
        c->showingChat = showingChat;
        log::emit(c->key, log::kInfo, showingChat ? "Chat shown by the game" : "Chat hidden by the game");
    });
}

bool PLATFORM_API Platform_Client_CanOpenMessageInPlatform(Platform_Client *self, uint64_t messageId) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr || !hasSession(*c)) return false;
        const MessagePtr m = findMessage(lk.w, messageId);
        return m && userSeesMessage(lk.w, clientApp(lk.w, *c), c->sessionUserId, *m) && messageSyncs(lk.w, *m);
    });
}

void PLATFORM_API Platform_Client_OpenMessageInPlatform(
    Platform_Client *self, uint64_t messageId,
    Platform_Client_ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
    Platform_FreeFn provisionalUserMergeRequiredCallback_free, void *provisionalUserMergeRequiredCallback_ud,
    Platform_Client_OpenMessageInPlatformCallback callback, Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_OpenMessageInPlatform";
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        Callback aux = makeCallback(provisionalUserMergeRequiredCallback, provisionalUserMergeRequiredCallback_free,
                                    provisionalUserMergeRequiredCallback_ud);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Result, kName, cb, &opId, &aux);
        if (c == nullptr) return;
        if (!hasSession(*c)) return failNow(lk, *c, opId, kName, result::notReady());
        if (completeIfMergeRequired(lk, *c, opId, kName)) return;
        // A local RPC to the desktop client: no HTTP request, answered at the next RunCallbacks.
        completeAt(lk.w, c->key, opId, lk.now, outcomeOf(result::ok()),
                   std::string(kName) + ": opening message " + std::to_string(messageId) + " in the platform client",
                   log::kInfo);
    });
}

}  // extern "C"
