// connection.h — the gateway session of each client: Connect/Disconnect state machine, what
// network changes and token revocations do to sessions, and token-expiration notices.
//
//   Connect (token set)   Connecting -> (latency) Connected -> (latency) Ready
//   bad/unknown/expired/revoked token: Connecting -> Disconnected (ConnectionFailed, 4004)
//   no token              Disconnected (ConnectionFailed, 0), no Connecting
//   offline while Connecting: stays Connecting; the handshake runs when the network is back
//   offline while Connected/Ready: Reconnecting; back online -> (latency) Ready, or
//                         Disconnected (UnexpectedClose, 4004) if the token was revoked
//   Disconnect            Disconnecting -> (latency) Disconnected
//   token revoked/deauthorized/banned/merged away while connected:
//                         Disconnected (UnexpectedClose, 4004) at once
// Status changes apply on the simulated timeline (GetStatus sees them when due); the status
// callback gets each of them through RunCallbacks. World lock held for everything here.
#pragma once

#include <cstdint>
#include <set>
#include <string_view>

#include "world.h"

namespace psim {

inline constexpr int32_t kCloseAuthenticationFailed = 4004;

void setStatus(World &w, ClientState &c, int32_t status, int32_t error, int32_t detail, uint64_t at);
void connect(World &w, ClientState &c, uint64_t now);
void disconnect(World &w, ClientState &c, uint64_t now);
// Ends an established or pending session abruptly (no-op when Disconnected).
void closeSession(World &w, ClientState &c, int32_t error, int32_t detail, uint64_t at, std::string_view why);

void onGrantsRevoked(World &w, const std::set<uint64_t> &grantIds, uint64_t at);
void onGrantRotated(World &w, uint64_t oldGrantId, uint64_t newGrantId);
void onNetworkChanged(World &w, bool online, uint64_t at);
// After UpdateToken: rebinds an active session to the new token when it belongs to the same
// user, and schedules the token-expiration callback for the token's expiry.
void onTokenSet(World &w, ClientState &c, uint64_t now);
// PlatformSim_Reset: every session ends (Disconnected, UnexpectedClose, 0).
void resetSessions(World &w, uint64_t at);

bool sessionActive(const ClientState &c);

const char *statusName(int32_t status);
const char *clientErrorName(int32_t error);
const char *threadName(int32_t thread);

}  // namespace psim
