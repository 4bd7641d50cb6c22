// connection.cc — see connection.h.
#include "connection.h"

#include <string>

#include "lobbies.h"
#include "log.h"
#include "network.h"
#include "oauth.h"
#include "ops.h"
#include "presence.h"
#include "sim_strings.h"
#include "voice.h"

namespace psim {
namespace {

void scheduleReady(World &w, ClientState &c, uint64_t at) {
    const uint64_t key = c.key, epoch = c.epoch;
    addTimer(w, at, key, [key, epoch](World &w2, uint64_t due) {
        ClientState *cl = findClient(w2, key);
        if (cl == nullptr || cl->epoch != epoch || cl->status != Platform_Client_Status_Connected) return;
        cl->knownUsers.insert(cl->sessionUserId);
        setStatus(w2, *cl, Platform_Client_Status_Ready, Platform_Client_Error_None, 0, due);
    });
}

void scheduleHandshake(World &w, ClientState &c, uint64_t at) {
    const uint64_t key = c.key, epoch = c.epoch;
    addTimer(w, at, key, [key, epoch](World &w2, uint64_t due) {
        ClientState *cl = findClient(w2, key);
        if (cl == nullptr || cl->epoch != epoch || cl->status != Platform_Client_Status_Connecting) return;
        if (!w2.net.online) {
            if (!cl->waitingForNetwork) {
                log::emit(key, log::kWarning, "Gateway: network unavailable, waiting for it to connect");
            }
            cl->waitingForNetwork = true;
            return;
        }
        cl->waitingForNetwork = false;
        if (auto rule = takeFailRule(w2, "Client_Connect")) {
            log::emit(key, log::kError, "Gateway: connection failed with HTTP " + std::to_string(rule->httpStatus));
            setStatus(w2, *cl, Platform_Client_Status_Disconnected, Platform_Client_Error_ConnectionFailed,
                      rule->httpStatus, due);
            return;
        }
        log::emit(key, log::kVerbose, "Gateway: IDENTIFY Authorization: Bearer " + cl->token);
        const Grant *g = validGrant(w2, cl->token, due);
        if (g == nullptr) {
            log::emit(key, log::kError, "Gateway: authentication failed (close code 4004)");
            setStatus(w2, *cl, Platform_Client_Status_Disconnected, Platform_Client_Error_ConnectionFailed,
                      kCloseAuthenticationFailed, due);
            return;
        }
        // A token speaks for the application it was issued to (a parent's token is exchanged for
        // a child's before the child uses it): a client of another application is refused, so
        // that nothing is done silently under the wrong application (docs/simulator.md, Choice).
        if (cl->applicationId != 0 && g->appId != cl->applicationId) {
            log::emit(key, log::kError, "Gateway: authentication failed: the token was issued for application " +
                                            std::to_string(g->appId) + ", this client's application id is " +
                                            std::to_string(cl->applicationId) + " (close code 4004)");
            setStatus(w2, *cl, Platform_Client_Status_Disconnected, Platform_Client_Error_ConnectionFailed,
                      kCloseAuthenticationFailed, due);
            return;
        }
        cl->sessionUserId = g->userId;
        cl->sessionGrantId = g->id;
        setStatus(w2, *cl, Platform_Client_Status_Connected, Platform_Client_Error_None, 0, due);
        scheduleReady(w2, *cl, due + w2.net.latencyMs);
    });
}

void scheduleResume(World &w, ClientState &c, uint64_t at) {
    const uint64_t key = c.key, epoch = c.epoch;
    addTimer(w, at, key, [key, epoch](World &w2, uint64_t due) {
        ClientState *cl = findClient(w2, key);
        if (cl == nullptr || cl->epoch != epoch || cl->status != Platform_Client_Status_Reconnecting) return;
        // A resume re-uses the session: the grant must still exist (expiry does not matter).
        if (!grantUsable(w2, cl->sessionGrantId)) {
            onSessionRevokedVoice(w2, *cl, kCloseAuthenticationFailed, due);
            closeSession(w2, *cl, Platform_Client_Error_UnexpectedClose, kCloseAuthenticationFailed, due,
                         "session could not be resumed: token revoked");
            return;
        }
        log::emit(key, log::kInfo, "Gateway: session resumed");
        cl->knownUsers.insert(cl->sessionUserId);
        setStatus(w2, *cl, Platform_Client_Status_Ready, Platform_Client_Error_None, 0, due);
    });
}

void scheduleExpiry(World &w, ClientState &c, const std::string &token, uint64_t at) {
    const uint64_t key = c.key;
    addTimer(w, at, key, [key, token](World &w2, uint64_t due) {
        ClientState *cl = findClient(w2, key);
        if (cl == nullptr || cl->token != token || cl->expiryNotified.count(token) != 0) return;
        if (findGrantByAccess(w2, token) == nullptr) return;  // forgotten by PlatformSim_Reset
        cl->expiryNotified.insert(token);
        log::emit(key, log::kWarning, "Access token expired; call UpdateToken with a new one");
        queueSlotEvent(w2, key, due, &ClientState::tokenExpirationCb, [](const Callback &cb) {
            cb.as<Platform_Client_TokenExpirationCallback>()(cb.userData());
        });
    });
}

}  // namespace

bool sessionActive(const ClientState &c) {
    return c.status == Platform_Client_Status_Connected || c.status == Platform_Client_Status_Ready ||
           c.status == Platform_Client_Status_Reconnecting;
}

void setStatus(World &w, ClientState &c, int32_t status, int32_t error, int32_t detail, uint64_t at) {
    // Lobby members are Connected() while the user has a Ready client of the lobby's application.
    const bool wasReady = c.status == Platform_Client_Status_Ready;
    const uint64_t user = c.sessionUserId, app = clientApp(w, c);
    c.status = status;
    if (status == Platform_Client_Status_Disconnected) {
        c.sessionUserId = 0;
        c.sessionGrantId = 0;
        c.knownUsers.clear();
        c.waitingForNetwork = false;
        c.gatewaySessionId.clear();  // a resume (Reconnecting -> Ready) keeps it
    }
    std::string line = std::string("Client status changed to ") + statusName(status);
    if (error != Platform_Client_Error_None) {
        line += std::string(" (error ") + clientErrorName(error) + ", detail " + std::to_string(detail) + ")";
    }
    log::emit(c.key, error != Platform_Client_Error_None ? log::kWarning : log::kInfo, std::move(line));
    queueSlotEvent(w, c.key, at, &ClientState::statusCb, [status, error, detail](const Callback &cb) {
        cb.as<Platform_Client_OnStatusChanged>()(toEnum<Platform_Client_Status>(status), toEnum<Platform_Client_Error>(error), detail, cb.userData());
    });
    if (wasReady != (status == Platform_Client_Status_Ready)) {
        onPresenceChanged(w, app, user, at);
        // Rich presence and statuses: a Ready session publishes the client's activity; when it
        // ends, the activity it published goes (presence.h).
        if (status == Platform_Client_Status_Ready) {
            presenceOnSessionReady(w, c, at);
        } else {
            presenceOnSessionEnded(w, c.key, user, app, at);
        }
    }
}

void connect(World &w, ClientState &c, uint64_t now) {
    if (c.status == Platform_Client_Status_Disconnecting) {
        ++c.epoch;  // finish the disconnect now, then start over
        setStatus(w, c, Platform_Client_Status_Disconnected, Platform_Client_Error_None, 0, now);
    }
    if (c.status != Platform_Client_Status_Disconnected) {
        log::emit(c.key, log::kWarning, std::string("Connect ignored: client is ") + statusName(c.status));
        return;
    }
    ++c.epoch;
    if (c.token.empty()) {
        log::emit(c.key, log::kError, "Connect: no token set; call UpdateToken first");
        setStatus(w, c, Platform_Client_Status_Disconnected, Platform_Client_Error_ConnectionFailed, 0, now);
        return;
    }
    setStatus(w, c, Platform_Client_Status_Connecting, Platform_Client_Error_None, 0, now);
    scheduleHandshake(w, c, now + w.net.latencyMs);
}

void disconnect(World &w, ClientState &c, uint64_t now) {
    if (c.status == Platform_Client_Status_Disconnected || c.status == Platform_Client_Status_Disconnecting) return;
    ++c.epoch;
    c.waitingForNetwork = false;
    setStatus(w, c, Platform_Client_Status_Disconnecting, Platform_Client_Error_None, 0, now);
    const uint64_t key = c.key, epoch = c.epoch;
    addTimer(w, now + w.net.latencyMs, key, [key, epoch](World &w2, uint64_t due) {
        ClientState *cl = findClient(w2, key);
        if (cl == nullptr || cl->epoch != epoch || cl->status != Platform_Client_Status_Disconnecting) return;
        setStatus(w2, *cl, Platform_Client_Status_Disconnected, Platform_Client_Error_None, 0, due);
    });
}

void closeSession(World &w, ClientState &c, int32_t error, int32_t detail, uint64_t at, std::string_view why) {
    if (c.status == Platform_Client_Status_Disconnected) return;
    ++c.epoch;
    log::emit(c.key, log::kWarning,
              "Gateway connection closed: " + std::string(why) + " (close code " + std::to_string(detail) + ")");
    setStatus(w, c, Platform_Client_Status_Disconnected, error, detail, at);
}

void onGrantsRevoked(World &w, const std::set<uint64_t> &grantIds, uint64_t at) {
    if (grantIds.empty()) return;
    for (auto &[key, c] : w.clients) {
        if (sessionActive(*c) && grantIds.count(c->sessionGrantId) != 0) {
            onSessionRevokedVoice(w, *c, kCloseAuthenticationFailed, at);
            closeSession(w, *c, Platform_Client_Error_UnexpectedClose, kCloseAuthenticationFailed, at,
                         "token revoked");
        }
    }
}

void onGrantRotated(World &w, uint64_t oldGrantId, uint64_t newGrantId) {
    for (auto &[key, c] : w.clients) {
        if (c->sessionGrantId == oldGrantId && oldGrantId != 0) c->sessionGrantId = newGrantId;
    }
}

void onNetworkChanged(World &w, bool online, uint64_t at) {
    for (auto &[key, c] : w.clients) {
        if (!online) {
            if (c->status == Platform_Client_Status_Connected || c->status == Platform_Client_Status_Ready) {
                ++c->epoch;
                log::emit(key, log::kWarning, "Gateway: connection lost (network unavailable), reconnecting");
                setStatus(w, *c, Platform_Client_Status_Reconnecting, Platform_Client_Error_None, 0, at);
            }
        } else if (c->status == Platform_Client_Status_Connecting && c->waitingForNetwork) {
            scheduleHandshake(w, *c, at + w.net.latencyMs);
        } else if (c->status == Platform_Client_Status_Reconnecting) {
            scheduleResume(w, *c, at + w.net.latencyMs);
        }
    }
}

void onTokenSet(World &w, ClientState &c, uint64_t now) {
    const Grant *g = findGrantByAccess(w, c.token);
    if (g == nullptr || g->revoked) return;
    if (sessionActive(c) && g->userId == c.sessionUserId) c.sessionGrantId = g->id;
    scheduleExpiry(w, c, c.token, g->expiresAtMs > now ? g->expiresAtMs : now);
}

void resetSessions(World &w, uint64_t at) {
    for (auto &[key, c] : w.clients) {
        ++c->epoch;
        if (c->status != Platform_Client_Status_Disconnected) {
            log::emit(key, log::kWarning, "Gateway connection closed: simulator reset");
            setStatus(w, *c, Platform_Client_Status_Disconnected, Platform_Client_Error_UnexpectedClose, 0, at);
        }
    }
}

const char *statusName(int32_t status) {
    switch (status) {
    case Platform_Client_Status_Disconnected: return "Disconnected";
    case Platform_Client_Status_Connecting: return "Connecting";
    case Platform_Client_Status_Connected: return "Connected";
    case Platform_Client_Status_Ready: return "Ready";
    case Platform_Client_Status_Reconnecting: return "Reconnecting";
    case Platform_Client_Status_Disconnecting: return "Disconnecting";
    case Platform_Client_Status_HttpWait: return "HttpWait";
    default: return "Unknown";
    }
}

const char *clientErrorName(int32_t error) {
    switch (error) {
    case Platform_Client_Error_None: return "None";
    case Platform_Client_Error_ConnectionFailed: return "ConnectionFailed";
    case Platform_Client_Error_UnexpectedClose: return "UnexpectedClose";
    case Platform_Client_Error_ConnectionCanceled: return "ConnectionCanceled";
    default: return "Unknown";
    }
}

const char *threadName(int32_t thread) {
    switch (thread) {
    case Platform_Client_Thread_Client: return "Client";
    case Platform_Client_Thread_Voice: return "Voice";
    case Platform_Client_Thread_Network: return "Network";
    default: return "Unknown";
    }
}

}  // namespace psim
