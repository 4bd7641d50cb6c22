// network.h — the simulated network between the SDK and the platform: online/offline,
// latency, injected failures, and the per-client HTTP timeout.
//
// Every SDK request is planned here first. In order:
//   offline                 -> NetworkError "network unavailable" after min(latency, timeout)
//   latency > timeout       -> NetworkError "request timed out" exactly at the timeout
//   a matching FailNext rule -> HTTPError with that status after the latency (rule consumed)
//   otherwise               -> the platform handles it (at request time) and the answer
//                              arrives after the latency.
// Requests that fail on the network never reach the platform (no server-side effect) and do
// not consume FailNext rules.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "client_state.h"
#include "world.h"

namespace psim {

// Views, not copies (body aside): a spec lives for one runRequest/planRequest call, within the
// full expression or the scope of the strings it views (the op's name, the client's token, a
// path built by the caller). Copying them was ~1,000 instructions of every lobby message sent.
// body stays a string: callers build it in the spec's initializer (a view of it would dangle).
struct RequestSpec {
    std::string_view op;      // C function name without prefix, for FailNext ("Client_GetToken")
    std::string_view method;  // for the trace: "POST"
    std::string_view path;    // for the trace: "/oauth2/token"
    std::string_view bearer;  // Authorization header token ("" = none)
    std::string body;         // trace of the request body (secrets are filtered by the log)
};

struct RequestPlan {
    uint64_t due = 0;
    std::optional<ResultData> failure;  // set: the request fails without reaching the platform
};

// World lock held. Logs the Verbose request trace.
RequestPlan planRequest(World &w, const ClientState &c, const RequestSpec &spec, uint64_t now);
// Consumes the first FailNext rule matching `op` (or "*").
std::optional<FailRule> takeFailRule(World &w, std::string_view op);

using ServerFn = std::function<OpOutcome(World &, uint64_t serverTime)>;
// Plans the request, lets the platform answer it unless the network failed it, and queues
// the op's completion with a response log line.
void runRequest(World &w, ClientState &c, uint64_t opId, const RequestSpec &spec, uint64_t now,
                const ServerFn &server);

}  // namespace psim
