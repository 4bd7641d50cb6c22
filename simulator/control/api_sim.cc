// api_sim.cc — the simulator's control ABI (platform_sim.h). Every function is thread-safe;
// failures return 0/false and leave a message for PlatformSim_LastError on the calling thread.
#include "voice.h"
#include <algorithm>
#include <atomic>
#include <string>

#include "callback.h"
#include "clock.h"
#include "connection.h"
#include "consent.h"
#include "directory.h"
#include "guard.h"
#include "identities.h"
#include "log.h"
#include "oauth.h"
#include "ops.h"
#include "platform_sim.h"
#include "reset_hook.h"
#include "sim_support.h"
#include "sim_strings.h"
#include "span_views.h"
#include "world.h"

using namespace psim;

namespace {
thread_local std::string t_lastError;
}  // namespace

void psim::setSimLastError(std::string message) { t_lastError = std::move(message); }

namespace {
constinit std::atomic<ResetHook> g_beforeReset{nullptr};
}  // namespace

void psim::setBeforeResetHook(ResetHook hook) noexcept { g_beforeReset.store(hook, std::memory_order_release); }

void psim::runBeforeResetHook() {
    if (ResetHook hook = g_beforeReset.load(std::memory_order_acquire)) hook();
}

namespace {

void resetWorld() {
    WorldLock lk;
    World &w = lk.w;
    // Voice calls end with a final status callback, as when the platform drops them (a ban); their
    // audio threads are told to stop and are joined when the lock releases them.
    for (auto &[key, c] : w.clients) onResetVoice(w, *c, lk.now);
    w.voice = VoiceStore{};
    for (auto &[key, c] : w.clients) {
        if (c->authorize && !c->authorize->resolved) abortFlow(w, *c, false, lk.now, "aborted: simulator reset");
        if (c->deviceFlow && !c->deviceFlow->resolved) abortFlow(w, *c, true, lk.now, "aborted: simulator reset");
        c->deviceScreenOpen = false;
    }
    // Lobbies, messages and guilds go first, so that closing the sessions below announces
    // nothing about them; clients forget their cached messages.
    w.chat = ChatStore{};
    w.presence = PresenceStore{};
    w.social = SocialStore{};
    for (auto &[key, c] : w.clients) {
        c->messageCache.clear();
        c->cachedChannelOf.clear();
        c->announcedGroups.clear();
        c->localActivity.reset();  // the platform it was meant for is gone
    }
    resetSessions(w, lk.now);
    // Queued callbacks of clients that no longer exist go (orphan ops are released unrun).
    dropScheduledOf(w, [&w](uint64_t clientKey) { return findClient(w, clientKey) == nullptr; });
    w.dir = Directory{};
    w.oauth = OAuthStore{};
    w.consent = ConsentState{};
    w.net = NetworkState{};
    clock::setFrozen(false);  // simulated time itself never goes back
}

}  // namespace

extern "C" {

PLATFORM_API int32_t PlatformSim_AbiVersion(void) { return PLATFORM_SIM_ABI_VERSION; }

PLATFORM_API void PlatformSim_LastError(Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, t_lastError); });
}

PLATFORM_API void PlatformSim_Reset(void) {
    guardVoid(__func__, [] {
        // Before the world lock: the benchmark's emitter (in builds that have it) stops its
        // thread, which takes the world lock for every message it sends.
        runBeforeResetHook();
        resetWorld();
    });
}

PLATFORM_API uint64_t PlatformSim_CreateUser(Platform_String username, Platform_String displayName, bool provisional) {
    return guard(__func__, uint64_t{0}, [&] {
        std::string err;
        WorldLock lk;
        const uint64_t id = createUser(lk.w, toStd(username), toStd(displayName), provisional, &err);
        return id != 0 ? id : fail(uint64_t{0}, err);
    });
}

PLATFORM_API uint64_t PlatformSim_CreateApplication(Platform_String name, uint64_t publisherId,
                                                    uint64_t parentApplicationId, Platform_String coverImage) {
    return guard(__func__, uint64_t{0}, [&] {
        std::string err;
        WorldLock lk;
        const uint64_t id =
            createApplication(lk.w, toStd(name), publisherId, parentApplicationId, toStd(coverImage), &err);
        return id != 0 ? id : fail(uint64_t{0}, err);
    });
}

PLATFORM_API uint64_t PlatformSim_ApplicationPublisher(uint64_t applicationId) {
    return guard(__func__, uint64_t{0}, [&] {
        WorldLock lk;
        const Application *a = findApp(lk.w, applicationId);
        return a != nullptr ? a->publisherId : fail(uint64_t{0}, "unknown application " + std::to_string(applicationId));
    });
}

PLATFORM_API bool PlatformSim_SetConsent(PlatformSim_Consent consent, uint64_t userId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return setConsent(lk.w, enumBits(consent), userId, lk.now, &err) ? true : fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_IssueToken(uint64_t userId, uint64_t applicationId, Platform_String scopes,
                                         Platform_String *outAccessToken, Platform_String *outRefreshToken,
                                         int32_t *outExpiresIn) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        const User *u = findUser(lk.w, userId);
        if (u == nullptr) return fail(false, "unknown user " + std::to_string(userId));
        if (u->banned) return fail(false, "user " + std::to_string(userId) + " is banned");
        if (applicationId == 0) return fail(false, "applicationId is required");
        ensureApp(lk.w, applicationId);
        std::string s = normalizeScopes(toStd(scopes));
        if (s.empty()) s = kCommunicationScopes;
        const bool provisional = u->provisional;
        const Grant &g = issueGrant(lk.w, userId, applicationId, std::move(s),
                                    provisional ? kProvisionalTokenLifetimeS : kAccessTokenLifetimeS, !provisional, lk.now);
        writeOut(outAccessToken, g.accessToken);
        writeOut(outRefreshToken, g.refreshToken);
        if (outExpiresIn != nullptr) *outExpiresIn = static_cast<int32_t>((g.expiresAtMs - g.issuedAtMs) / 1000);
        return true;
    });
}

PLATFORM_API bool PlatformSim_SetTokenPrefixes(Platform_String accessPrefix, Platform_String refreshPrefix) {
    return guard(__func__, false, [&] {
        // Token characters only, so the prefixed token stays one word for log filters and parsers.
        auto valid = [](const std::string &p) {
            return p.size() <= 32 && std::all_of(p.begin(), p.end(), [](char c) {
                return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
            });
        };
        std::string at = toStd(accessPrefix), rt = toStd(refreshPrefix);
        if (!valid(at) || !valid(rt)) return fail(false, "token prefixes: at most 32 characters of [A-Za-z0-9_-]");
        WorldLock lk;
        lk.w.oauth.accessTokenPrefix = std::move(at);
        lk.w.oauth.refreshTokenPrefix = std::move(rt);
        return true;
    });
}

PLATFORM_API int32_t PlatformSim_RequestAuthorize(void) {
    return guard(__func__, int32_t{0}, [] {
        WorldLock lk;
        int32_t n = 0;
        for (auto &[key, c] : lk.w.clients) {
            if (!c->authorizeRequestCb || !*c->authorizeRequestCb) continue;
            ++n;
            queueSlotEvent(lk.w, key, lk.now, &ClientState::authorizeRequestCb, [](const Callback &cb) {
                cb.as<Platform_Client_AuthorizeRequestCallback>()(cb.userData());
            });
        }
        return n;
    });
}

PLATFORM_API uint64_t PlatformSim_ClockNow(void) { return clock::now(); }

PLATFORM_API void PlatformSim_ClockAdvance(uint64_t ms) {
    guardVoid(__func__, [&] {
        clock::advance(ms);
        WorldLock lk;  // runs the timers that became due
    });
}

PLATFORM_API void PlatformSim_ClockSetFrozen(bool frozen) { clock::setFrozen(frozen); }

PLATFORM_API void PlatformSim_NetworkSetOnline(bool online) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        if (lk.w.net.online == online) return;
        lk.w.net.online = online;
        log::emit(0, online ? log::kInfo : log::kWarning,
                  online ? "Network is available again" : "Network unavailable");
        onNetworkChanged(lk.w, online, lk.now);
        onNetworkChangedVoice(lk.w, online, lk.now);
    });
}

PLATFORM_API bool PlatformSim_NetworkIsOnline(void) {
    return guard(__func__, true, [] {
        WorldLock lk;
        return lk.w.net.online;
    });
}

PLATFORM_API void PlatformSim_NetworkSetLatency(uint32_t ms) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        lk.w.net.latencyMs = ms;
    });
}

PLATFORM_API bool PlatformSim_NetworkFailNext(Platform_String operation, int32_t httpStatus, int32_t retryAfterMs,
                                              int32_t errorCode) {
    return guard(__func__, false, [&] {
        std::string op = toStd(operation);
        if (op.empty()) return fail(false, "operation is required (e.g. \"Client_GetToken\" or \"*\")");
        if (httpStatus < 400 || httpStatus > 599) return fail(false, "httpStatus must be 400-599");
        WorldLock lk;
        lk.w.net.failRules.push_back(FailRule{std::move(op), httpStatus, retryAfterMs > 0 ? retryAfterMs : 0, errorCode});
        return true;
    });
}

PLATFORM_API bool PlatformSim_ModerationBan(uint64_t userId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return ban(lk.w, userId, lk.now, &err) ? true : fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_ModerationUnban(uint64_t userId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return unban(lk.w, userId, &err) ? true : fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_ModerationDeauthorize(uint64_t userId, uint64_t applicationId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return deauthorize(lk.w, userId, applicationId, lk.now, &err) ? true : fail(false, err);
    });
}

PLATFORM_API void PlatformSim_SetDebugBuild(bool debug) { guardVoid(__func__, [&] { log::setDebugBuild(debug); }); }

PLATFORM_API void PlatformSim_SetLogTokenFilter(bool enabled) {
    guardVoid(__func__, [&] { log::setFilterEnabled(enabled); });
}

PLATFORM_API void PlatformSim_EmitLog(Platform_String message, Platform_LoggingSeverity severity) {
    guardVoid(__func__, [&] { log::emit(0, enumBits(severity), toStd(message)); });
}

PLATFORM_API bool PlatformSim_LogsIdle(void) { return guard(__func__, false, [] { return log::idle(); }); }

PLATFORM_API int64_t PlatformSim_LiveCallbackCount(void) { return liveCallbackCount(); }

PLATFORM_API int64_t PlatformSim_LiveSpanCount(void) { return liveSpanCount(); }

PLATFORM_API void PlatformSim_OAuthRecordCounts(int64_t *grants, int64_t *codes, int64_t *logSecrets) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        if (grants != nullptr) *grants = static_cast<int64_t>(lk.w.oauth.grants.size());
        if (codes != nullptr) *codes = static_cast<int64_t>(lk.w.oauth.codes.size());
        if (logSecrets != nullptr) *logSecrets = static_cast<int64_t>(log::secretCount());
    });
}

}  // extern "C"
