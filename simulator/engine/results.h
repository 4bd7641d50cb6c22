// results.h — factories for the ClientResult of each kind of outcome, so that every error of a
// kind looks the same (type, HTTP status, error string, response body, retry fields).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "cplatform.h"
#include "values.h"

namespace psim::result {

ResultData ok();
// Rejected before anything is sent (no HTTP status).
ResultData validation(std::string_view message);
ResultData clientDestroyed();
// A chat/lobby operation on a client without an established gateway session.
ResultData notReady();
// The local RPC transport to the desktop client is unavailable (the app is not installed or not
// running: PlatformSim_SetPlatformAppInstalled). RPCError, no HTTP status.
ResultData desktopAppMissing();
ResultData aborted(std::string_view message = "aborted");
// The consent step failed: "access_denied", "authorization timed out", "account banned".
ResultData authorizationFailed(std::string_view error, std::string_view description);
// The request never got an HTTP answer (offline, timed out). Retryable, no HTTP status.
ResultData network(std::string_view message);
// OAuth endpoint error: body {"error":..., "error_description":...}.
ResultData oauth(int32_t httpStatus, std::string_view error, std::string_view description);
// Platform API error: body {"code":..., "message":...}; `error` is the short error string.
ResultData api(int32_t httpStatus, int32_t code, std::string_view error, std::string_view message);
// Platform API error whose short error string is the HTTP status text ("forbidden", ...).
ResultData platform(int32_t httpStatus, int32_t code, std::string_view message);
// Failure injected with PlatformSim_NetworkFailNext.
ResultData injected(int32_t httpStatus, int32_t errorCode, int32_t retryAfterMs);

// Minimal JSON string escaping for the bodies above.
std::string jsonEscape(std::string_view s);
const char *errorTypeName(int32_t type);

}  // namespace psim::result
