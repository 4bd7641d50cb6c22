// consent.h — the consent step of Authorize and of the device flow.
//
// The simulated user answers through PlatformSim_SetConsent. A decision set in advance is
// consumed by the next flow that starts (any client); a flow that starts without one waits
// (FIFO across clients) until SetConsent applies to it, or fails after the authorize timeout.
//   Approve(user): code flow -> (latency) success(code, redirectUri); device flow -> tokens
//   Deny:          (latency) AuthorizationFailed "access_denied"
//   Timeout:       AuthorizationFailed "authorization timed out" at start + 5 minutes
// A banned approving user gives AuthorizationFailed "account banned". World lock held.
#pragma once

#include <cstdint>
#include <string>

#include "world.h"

namespace psim {

inline constexpr uint64_t kAuthorizeTimeoutMs = 5 * 60 * 1000;

// The flow's op exists and its initial request reached the platform.
void startFlow(World &w, ClientState &c, AuthFlow flow, uint64_t now);
bool setConsent(World &w, int32_t kind, uint64_t userId, uint64_t now, std::string *err);
// Completes the flow's op with Aborted (queued for the next RunCallbacks). False: no flow.
bool abortFlow(World &w, ClientState &c, bool device, uint64_t now, const char *message = "aborted");
// Forgets the client's waiting flows (client dropped).
void forgetWaitingFlows(World &w, uint64_t clientKey);

}  // namespace psim
