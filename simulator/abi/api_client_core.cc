// api_client_core.cc — Client lifecycle, statics, logging, connection and user lookups
// (sdk-abi.md 5.1 "lifecycle, statics, misc", "Core" and "Users").
#include "api_support.h"
#include "audio.h"
#include "connection.h"
#include "consent.h"
#include "directory.h"
#include "guard.h"
#include "lobbies.h"
#include "log.h"
#include "oauth.h"
#include "peer_clients.h"
#include "presence.h"
#include "ops.h"
#include "registry.h"
#include "reported_version.h"
#include "results.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "voice.h"
#include "world.h"

using namespace psim;

namespace {

constexpr const char *kVersionHash = "simulator-1a10c0de";

void initClient(Platform_Client *self, std::string apiBase, std::string webBase,
                const ClientCreateOptionsData &options = ClientCreateOptionsData{}) {
    if (self == nullptr) return;
    self->opaque = nullptr;
    auto st = std::make_unique<ClientState>();
    // On a world host, the joined process whose call this is (0: this process's own), set before
    // the client is in the world: every invocation queued for it goes to that process's queue.
    st->ownerPeer = t_callingPeer;
    st->createOptions = options;
    st->key = nextUnslottedKey();
    st->apiBase = apiBase.empty() ? kDefaultApiBase : std::move(apiBase);
    st->webBase = webBase.empty() ? kDefaultWebBase : std::move(webBase);
    const uint64_t key = st->key;
    const std::string api = st->apiBase;
    log::clientCreated(key);
    {
        WorldLock lk;
        lk.w.clients.emplace(key, std::move(st));
    }
    self->opaque = keyToOpaque(key);
    const SdkVersion &version = reportedVersion();
    log::emit(key, log::kInfo,
              std::string("Platform SDK simulator ") + std::to_string(version.major) + "." +
                  std::to_string(version.minor) + "." + std::to_string(version.patch) + " (" + kVersionHash +
                  ") client created, API base " + api);
}

// Writes a UserHandle for (client, user) into *out.
void writeUserHandle(const Platform_Client *self, uint64_t userId, Platform_UserHandle *out) {
    objInit<UserHandleData>(out, UserHandleData{self != nullptr ? opaqueToKey(self->opaque) : 0, userId, {}});
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_Init(Platform_Client *self) {
    guardVoid(__func__, [&] { initClient(self, {}, {}); });
}

void PLATFORM_API Platform_Client_InitWithBases(Platform_Client *self, Platform_String apiBase, Platform_String webBase) {
    guardVoid(__func__, [&] { initClient(self, toStd(apiBase), toStd(webBase)); });
}

void PLATFORM_API Platform_Client_InitWithOptions(Platform_Client *self, Platform_ClientCreateOptions *options) {
    guardVoid(__func__, [&] {
        const auto o = objGet<ClientCreateOptionsData>(options);
        initClient(self, o.apiBase, o.webBase, o);
    });
}

void PLATFORM_API Platform_Client_Drop(Platform_Client *self) {
    guardVoid(__func__, [&] {
        if (self == nullptr) return;
        const uint64_t key = opaqueToKey(self->opaque);
        self->opaque = nullptr;
        std::unique_ptr<ClientState> state;  // slots are released when it dies, outside the lock
        std::vector<std::shared_ptr<LocalCall>> calls;
        {
            WorldLock lk;
            auto it = lk.w.clients.find(key);
            if (it == lk.w.clients.end()) return;
            // Its voice calls end first: the other participants see it leave.
            std::vector<uint64_t> lobbies;
            for (const auto &[id, lc] : it->second->voice.calls) lobbies.push_back(id);
            for (uint64_t id : lobbies) {
                if (auto lc = endCall(lk.w, *it->second, id, lk.now)) calls.push_back(std::move(lc));
            }
            state = std::move(it->second);
            const uint64_t app = clientApp(lk.w, *state);
            lk.w.clients.erase(it);
            forgetWaitingFlows(lk.w, key);
            dropInvocationsOf(lk.w, key);
            // A dropped Ready client no longer keeps its user Connected() in lobbies.
            if (state->status == Platform_Client_Status_Ready) {
                onPresenceChanged(lk.w, app, state->sessionUserId, lk.now);
                presenceOnSessionEnded(lk.w, key, state->sessionUserId, app, lk.now);  // its activity goes
            }
        }
        // Audio threads are joined before their callback triples are released.
        for (auto &lc : calls) stopAudio(std::move(lc->audio));
        calls.clear();
        // No log callback of this client runs once this returns.
        log::clientDropped(key);
        // Pending one-shots complete now, synchronously, with ClientDestroyed.
        auto ops = std::move(state->ops);
        for (auto &[id, op] : ops) {
            invokeOp(*op, outcomeOf(result::clientDestroyed()));
            op.reset();  // fn_free right after its fn
        }
        state.reset();
    });
}

void PLATFORM_API Platform_Client_ErrorToString(Platform_Client_Error type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, clientErrorName(enumBits(type))); });
}
void PLATFORM_API Platform_Client_StatusToString(Platform_Client_Status type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, statusName(enumBits(type))); });
}
void PLATFORM_API Platform_Client_ThreadToString(Platform_Client_Thread type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, threadName(enumBits(type))); });
}

uint64_t PLATFORM_API Platform_Client_GetApplicationId(Platform_Client *self) {
    return guard(__func__, uint64_t{0},
                 [&] { return withClient(self, uint64_t{0}, [](WorldLock &, ClientState &c) { return c.applicationId; }); });
}

void PLATFORM_API Platform_Client_SetApplicationId(Platform_Client *self, uint64_t applicationId) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &lk, ClientState &c) {
            c.applicationId = applicationId;
            if (applicationId != 0) ensureApp(lk.w, applicationId);
            return 0;
        });
    });
}

void PLATFORM_API Platform_Client_GetDefaultCommunicationScopes(Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, kCommunicationScopes); });
}
void PLATFORM_API Platform_Client_GetDefaultPresenceScopes(Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, kPresenceScopes); });
}
void PLATFORM_API Platform_Client_GetVersionHash(Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, kVersionHash); });
}
// 1.10.19337, or what PLATFORM_SIM_REPORT_VERSION says (reported_version.h).
int32_t PLATFORM_API Platform_Client_GetVersionMajor(void) { return reportedVersion().major; }
int32_t PLATFORM_API Platform_Client_GetVersionMinor(void) { return reportedVersion().minor; }
int32_t PLATFORM_API Platform_Client_GetVersionPatch(void) { return reportedVersion().patch; }

void PLATFORM_API Platform_Client_SetHttpRequestTimeout(Platform_Client *self, int32_t httpTimeoutInMilliseconds) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &, ClientState &c) {
            c.httpTimeoutMs = httpTimeoutInMilliseconds > 0 ? httpTimeoutInMilliseconds : 0;
            return 0;
        });
    });
}

void PLATFORM_API Platform_Client_AddLogCallback(Platform_Client *self, Platform_Client_LogCallback callback,
                                                 Platform_FreeFn callback_free, void *callback_ud,
                                                 Platform_LoggingSeverity minSeverity) {
    guardVoid(__func__, [&] {
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        if (self == nullptr) return;
        log::addCallback(opaqueToKey(self->opaque), std::move(cb), enumBits(minSeverity), false);
    });
}

void PLATFORM_API Platform_Client_AddVoiceLogCallback(Platform_Client *self, Platform_Client_LogCallback callback,
                                                      Platform_FreeFn callback_free, void *callback_ud,
                                                      Platform_LoggingSeverity minSeverity) {
    guardVoid(__func__, [&] {
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        if (self == nullptr) return;
        log::addCallback(opaqueToKey(self->opaque), std::move(cb), enumBits(minSeverity), true);
    });
}

bool PLATFORM_API Platform_Client_SetLogDir(Platform_Client *self, Platform_String path, Platform_LoggingSeverity minSeverity) {
    return guard(__func__, false, [&] {
        if (!withClient(self, false, [](WorldLock &, ClientState &) { return true; })) return false;
        return log::setDir(opaqueToKey(self->opaque), toStd(path), enumBits(minSeverity), false);
    });
}

void PLATFORM_API Platform_Client_SetVoiceLogDir(Platform_Client *self, Platform_String path,
                                                 Platform_LoggingSeverity minSeverity) {
    guardVoid(__func__, [&] {
        if (!withClient(self, false, [](WorldLock &, ClientState &) { return true; })) return;
        if (!log::setDir(opaqueToKey(self->opaque), toStd(path), enumBits(minSeverity), true)) {
            log::emit(opaqueToKey(self->opaque), log::kWarning, "SetVoiceLogDir: directory is not writable");
        }
    });
}

void PLATFORM_API Platform_Client_Connect(Platform_Client *self) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [](WorldLock &lk, ClientState &c) {
            connect(lk.w, c, lk.now);
            return 0;
        });
    });
}

void PLATFORM_API Platform_Client_Disconnect(Platform_Client *self) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [](WorldLock &lk, ClientState &c) {
            disconnect(lk.w, c, lk.now);
            return 0;
        });
    });
}

Platform_Client_Status PLATFORM_API Platform_Client_GetStatus(Platform_Client *self) {
    return guard(__func__, Platform_Client_Status_Disconnected, [&] {
        return toEnum<Platform_Client_Status>(
            withClient(self, int32_t{Platform_Client_Status_Disconnected}, [](WorldLock &, ClientState &c) { return c.status; }));
    });
}

void PLATFORM_API Platform_Client_SetStatusChangedCallback(Platform_Client *self, Platform_Client_OnStatusChanged cb,
                                                           Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        Callback c = makeCallback(cb, cb_free, cb_ud);
        WorldLock lk;
        if (ClientState *st = findClient(lk.w, self)) {
            setSlot(lk.w, *st, &ClientState::statusCb, std::move(c));
        } else {
            lk.w.trash.callbacks.push_back(std::move(c));
        }
    });
}

void PLATFORM_API Platform_Client_SetUserUpdatedCallback(Platform_Client *self, Platform_Client_UserUpdatedCallback cb,
                                                         Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        Callback c = makeCallback(cb, cb_free, cb_ud);
        WorldLock lk;
        if (ClientState *st = findClient(lk.w, self)) {
            setSlot(lk.w, *st, &ClientState::userUpdatedCb, std::move(c));
        } else {
            lk.w.trash.callbacks.push_back(std::move(c));
        }
    });
}

/* Users */
void PLATFORM_API Platform_Client_GetCurrentUser(Platform_Client *self, Platform_UserHandle *out) {
    guardVoid(__func__, [&] {
        // Deprecated form: always a handle; id 0 (all defaults) until Ready.
        const uint64_t id = withClient(self, uint64_t{0}, [](WorldLock &, ClientState &c) {
            return c.status == Platform_Client_Status_Ready ? c.sessionUserId : uint64_t{0};
        });
        writeUserHandle(self, id, out);
    });
}

bool PLATFORM_API Platform_Client_GetCurrentUserV2(Platform_Client *self, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        const uint64_t id = withClient(self, uint64_t{0}, [](WorldLock &lk, ClientState &c) {
            if (c.status != Platform_Client_Status_Ready || findUser(lk.w, c.sessionUserId) == nullptr) return uint64_t{0};
            return c.sessionUserId;
        });
        if (id == 0) return false;
        writeUserHandle(self, id, out);
        return true;
    });
}

bool PLATFORM_API Platform_Client_GetUser(Platform_Client *self, uint64_t userId, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        const bool known = withClient(self, false, [&](WorldLock &lk, ClientState &c) {
            return clientKnowsUser(lk.w, c, userId) && findUser(lk.w, userId) != nullptr;
        });
        if (!known) return false;
        writeUserHandle(self, userId, out);
        return true;
    });
}

}  // extern "C"
