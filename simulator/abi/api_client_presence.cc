// api_client_presence.cc — the Client functions of rich presence, online status, activity
// invites and launch registration (sdk-abi.md 5.1 "Presence / invites"). The rules are in
// presence.h / presence.cc.
#include "activity_values.h"
#include "api_support.h"
#include "guard.h"
#include "messages.h"
#include "presence.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

namespace {

bool isReady(const ClientState &c) { return c.status == Platform_Client_Status_Ready && c.sessionUserId != 0; }

ResultData rpcUnavailable() {
    ResultData r;
    r.type = Platform_ErrorType_RPCError;
    r.status = Platform_HttpStatusCode_None;
    r.error = "the platform desktop app is not installed: rich presence cannot be sent over the local transport "
              "without a Ready session";
    r.successful = false;
    return r;
}

std::optional<std::string> noValidation() { return std::nullopt; }

// The common shape of the invite requests: the op is registered; local validation
// (ValidationError); a Ready session is required (ClientNotReady); then one request through the
// simulated network, handled by server(World&, const InviteCtx&, uint64_t t).
template <class Validate, class Server>
void inviteRequest(const Platform_Client *self, const char *name, OpShape shape, Callback cb, const std::string &method,
                   const std::string &path, Validate &&validate, Server &&server) {
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = beginOp(lk, self, shape, name, cb, &opId);
    if (c == nullptr) return;
    if (std::optional<std::string> err = validate()) return failNow(lk, *c, opId, name, result::validation(*err));
    if (!isReady(*c)) return failNow(lk, *c, opId, name, result::notReady());
    const InviteCtx ctx{c->key, c->sessionUserId, clientApp(lk.w, *c), c->gatewaySessionId};
    runRequest(lk.w, *c, opId, RequestSpec{name, method, path, c->token, ""}, lk.now,
               [&](World &w, uint64_t t) { return server(w, ctx, t); });
}

std::optional<ActivityInviteData> inviteArg(const Platform_ActivityInvite *invite) {
    if (invite == nullptr) return std::nullopt;
    return Registry<ActivityInviteData>::get().copy(invite->opaque);
}

template <class Fn>
void setPresenceSlot(Platform_Client *self, Slot slot, Fn cb, Platform_FreeFn cb_free, void *cb_ud) {
    assignSlot(self, slot, makeCallback(cb, cb_free, cb_ud));
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_UpdateRichPresence(Platform_Client *self, Platform_Activity *activity,
                                                     Platform_Client_UpdateRichPresenceCallback cb, Platform_FreeFn cb_free,
                                                     void *cb_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_UpdateRichPresence";
        Callback callback = makeCallback(cb, cb_free, cb_ud);
        std::optional<ActivityData> a;
        if (activity != nullptr) a = Registry<ActivityData>::get().copy(activity->opaque);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Result, kName, callback, &opId);
        if (c == nullptr) return;
        if (!a) return failNow(lk, *c, opId, kName, result::validation("activity is not a valid Activity object"));
        if (auto err = checkActivity(*a)) return failNow(lk, *c, opId, kName, result::validation(*err));
        const uint64_t app = clientApp(lk.w, *c);
        if (app == 0) {
            return failNow(lk, *c, opId, kName, result::validation("no application id: call SetApplicationId first"));
        }
        auto local = std::make_shared<const ActivityData>(std::move(*a));
        if (isReady(*c)) {
            const uint64_t key = c->key, user = c->sessionUserId;
            runRequest(lk.w, *c, opId,
                       RequestSpec{kName, "PUT", "/users/@me/applications/" + std::to_string(app) + "/activity", c->token, ""},
                       lk.now, [&](World &w, uint64_t t) {
                           if (ClientState *cl = findClient(w, key)) cl->localActivity = local;
                           publishActivity(w, user, app, *local, key, t);
                           return outcomeOf(result::ok());
                       });
            return;
        }
        // No Ready session: the local transport (the desktop app) takes it; the client keeps it
        // and publishes it when its session becomes Ready.
        if (!lk.w.presence.platformAppInstalled) return failNow(lk, *c, opId, kName, rpcUnavailable());
        c->localActivity = std::move(local);
        completeAt(lk.w, c->key, opId, lk.now, outcomeOf(result::ok()),
                   std::string(kName) + ": sent over the local transport; published when the session is Ready", log::kInfo);
    });
}

void PLATFORM_API Platform_Client_ClearRichPresence(Platform_Client *self) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) return;
        c->localActivity.reset();
        if (isReady(*c)) clearActivity(lk.w, c->sessionUserId, clientApp(lk.w, *c), c->key, lk.now);
        log::emit(c->key, log::kInfo, "ClearRichPresence: rich presence cleared");
    });
}

void PLATFORM_API Platform_Client_SetOnlineStatus(Platform_Client *self, Platform_StatusType status,
                                                  Platform_Client_UpdateStatusCallback callback,
                                                  Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_SetOnlineStatus";
        const int32_t st = enumBits(status);
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Result, kName, cb, &opId);
        if (c == nullptr) return;
        if (!choosableStatus(st)) {
            return failNow(lk, *c, opId, kName,
                           result::validation(std::string("status must be Online, Idle, Dnd or Invisible (got ") +
                                              statusTypeName(st) + " = " + std::to_string(st) + ")"));
        }
        if (!isReady(*c)) return failNow(lk, *c, opId, kName, result::notReady());
        const uint64_t user = c->sessionUserId;
        runRequest(lk.w, *c, opId,
                   RequestSpec{kName, "PATCH", "/users/@me/settings", c->token,
                               std::string("{\"status\":\"") + statusTypeName(st) + "\"}"},
                   lk.now, [&](World &w, uint64_t t) {
                       setChosenStatus(w, user, st, t);
                       return outcomeOf(result::ok());
                   });
    });
}

void PLATFORM_API Platform_Client_SendActivityInvite(Platform_Client *self, uint64_t userId, Platform_String content,
                                                     Platform_Client_SendActivityInviteCallback cb, Platform_FreeFn cb_free,
                                                     void *cb_ud) {
    guardVoid(__func__, [&] {
        const std::string text = toStd(content);
        inviteRequest(
            self, "Client_SendActivityInvite", OpShape::Result, makeCallback(cb, cb_free, cb_ud), "POST",
            "/users/" + std::to_string(userId) + "/messages",
            // An invite's text may be empty (join requests and replies carry none); otherwise the
            // message content rules apply.
            [&]() { return text.empty() ? std::nullopt : checkContent(text); },
            [&](World &w, const InviteCtx &ctx, uint64_t t) { return sendActivityInvite(w, ctx, userId, text, t); });
    });
}

void PLATFORM_API Platform_Client_SendActivityJoinRequest(Platform_Client *self, uint64_t userId,
                                                          Platform_Client_SendActivityInviteCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        inviteRequest(self, "Client_SendActivityJoinRequest", OpShape::Result, makeCallback(cb, cb_free, cb_ud), "POST",
                      "/users/" + std::to_string(userId) + "/messages", noValidation,
                      [&](World &w, const InviteCtx &ctx, uint64_t t) { return sendJoinRequest(w, ctx, userId, t); });
    });
}

void PLATFORM_API Platform_Client_SendActivityJoinRequestReply(Platform_Client *self, Platform_ActivityInvite *invite,
                                                               Platform_Client_SendActivityInviteCallback cb,
                                                               Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        const auto inv = inviteArg(invite);
        inviteRequest(
            self, "Client_SendActivityJoinRequestReply", OpShape::Result, makeCallback(cb, cb_free, cb_ud), "POST",
            "/users/" + std::to_string(inv ? inv->senderId : 0) + "/messages",
            [&]() -> std::optional<std::string> {
                if (!inv) return std::string("invite is not a valid ActivityInvite object");
                return std::nullopt;
            },
            [&](World &w, const InviteCtx &ctx, uint64_t t) { return replyToJoinRequest(w, ctx, inv->messageId, t); });
    });
}

void PLATFORM_API Platform_Client_AcceptActivityInvite(Platform_Client *self, Platform_ActivityInvite *invite,
                                                       Platform_Client_AcceptActivityInviteCallback cb,
                                                       Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        const auto inv = inviteArg(invite);
        inviteRequest(
            self, "Client_AcceptActivityInvite", OpShape::ResultString, makeCallback(cb, cb_free, cb_ud), "POST",
            "/users/@me/activity-invites/" + std::to_string(inv ? inv->messageId : 0) + "/accept",
            [&]() -> std::optional<std::string> {
                if (!inv) return std::string("invite is not a valid ActivityInvite object");
                return std::nullopt;
            },
            [&](World &w, const InviteCtx &ctx, uint64_t t) { return acceptActivityInvite(w, ctx, inv->messageId, t); });
    });
}

void PLATFORM_API Platform_Client_SetActivityInviteCreatedCallback(Platform_Client *self,
                                                                   Platform_Client_ActivityInviteCallback cb,
                                                                   Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setPresenceSlot(self, &ClientState::activityInviteCreatedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetActivityInviteUpdatedCallback(Platform_Client *self,
                                                                   Platform_Client_ActivityInviteCallback cb,
                                                                   Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setPresenceSlot(self, &ClientState::activityInviteUpdatedCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetActivityJoinCallback(Platform_Client *self, Platform_Client_ActivityJoinCallback cb,
                                                          Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setPresenceSlot(self, &ClientState::activityJoinCb, cb, cb_free, cb_ud); });
}
void PLATFORM_API Platform_Client_SetActivityJoinWithApplicationCallback(
    Platform_Client *self, Platform_Client_ActivityJoinWithApplicationCallback cb, Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setPresenceSlot(self, &ClientState::activityJoinWithAppCb, cb, cb_free, cb_ud); });
}

bool PLATFORM_API Platform_Client_RegisterLaunchCommand(Platform_Client *self, uint64_t applicationId,
                                                        Platform_String command) {
    return guard(__func__, false, [&] {
        const std::string cmd = toStd(command);
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) return false;
        if (applicationId == 0 || cmd.empty()) {
            log::emit(c->key, log::kWarning, "RegisterLaunchCommand: an application id and a command are required");
            return false;
        }
        // One launch handler per application: the latest registration replaces the previous one.
        lk.w.presence.launch[applicationId] = LaunchRegistration{cmd, 0};
        log::emit(c->key, log::kInfo, "Registered launch command for application " + std::to_string(applicationId));
        return true;
    });
}

bool PLATFORM_API Platform_Client_RegisterLaunchSteamApplication(Platform_Client *self, uint64_t applicationId,
                                                                 uint32_t steamAppId) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) return false;
        if (applicationId == 0 || steamAppId == 0) {
            log::emit(c->key, log::kWarning, "RegisterLaunchSteamApplication: an application id and a Steam app id are required");
            return false;
        }
        lk.w.presence.launch[applicationId] = LaunchRegistration{"", steamAppId};
        log::emit(c->key, log::kInfo,
                  "Registered Steam application " + std::to_string(steamAppId) + " for application " +
                      std::to_string(applicationId));
        return true;
    });
}

void PLATFORM_API Platform_Client_IsPlatformAppInstalled(Platform_Client *self,
                                                         Platform_Client_IsPlatformAppInstalledCallback callback,
                                                         Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        auto cb = std::make_shared<Callback>(makeCallback(callback, callback_free, callback_ud));
        WorldLock lk;
        const bool installed = lk.w.presence.platformAppInstalled;
        const ClientState *c = findClient(lk.w, self);
        // Answered locally at the next RunCallbacks. Dropped with its client (or by
        // ResetCallbacks): the triple is then released without a call.
        addInvocation(lk.w, lk.now, c != nullptr ? c->key : 0, 0, [cb, installed] {
            if (*cb) cb->as<Platform_Client_IsPlatformAppInstalledCallback>()(installed, cb->userData());
            cb->release();
        });
    });
}

// The user signed in to the platform's desktop client on this machine, over the local
// transport (no session needed). Choice: the desktop user is the latest one
// PlatformSim_SetUserStatus brought online; nobody signed in is a success with a NULL user.
void PLATFORM_API Platform_Client_GetPlatformClientConnectedUser(Platform_Client *self, uint64_t applicationId,
                                                                 Platform_Client_GetPlatformClientConnectedUserCallback callback,
                                                                 Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_GetPlatformClientConnectedUser";
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::ConnectedUser, kName, cb, &opId);
        if (c == nullptr) return;
        if (applicationId == 0) return failNow(lk, *c, opId, kName, result::validation("applicationId must not be 0"));
        if (!lk.w.presence.platformAppInstalled) return failNow(lk, *c, opId, kName, result::desktopAppMissing());
        OpOutcome out = outcomeOf(result::ok());
        const uint64_t user = lk.w.presence.desktopUserId;
        out.userId = findUser(lk.w, user) != nullptr ? user : 0;
        out.clientKey = c->key;
        completeAt(lk.w, c->key, opId, lk.now, std::move(out));
    });
}

// Opens the desktop client's "connected games" settings (a local RPC, no HTTP request).
// Choice: it needs a session, like OpenMessageInPlatform, and the desktop client installed
// (PlatformSim_SetPlatformAppInstalled), like GetPlatformClientConnectedUser.
void PLATFORM_API Platform_Client_OpenConnectedGamesSettingsInPlatform(
    Platform_Client *self, Platform_Client_OpenConnectedGamesSettingsInPlatformCallback callback,
    Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_OpenConnectedGamesSettingsInPlatform";
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Result, kName, cb, &opId);
        if (c == nullptr) return;
        if (!hasSession(*c)) return failNow(lk, *c, opId, kName, result::notReady());
        if (!lk.w.presence.platformAppInstalled) return failNow(lk, *c, opId, kName, result::desktopAppMissing());
        completeAt(lk.w, c->key, opId, lk.now, outcomeOf(result::ok()),
                   std::string(kName) + ": opening the connected games settings in the platform client", log::kInfo);
    });
}

}  // extern "C"
