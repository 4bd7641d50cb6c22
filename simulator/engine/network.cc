// network.cc — see network.h.
#include "network.h"

#include <algorithm>

#include "log.h"
#include "ops.h"
#include "results.h"

namespace psim {

std::optional<FailRule> takeFailRule(World &w, std::string_view op) {
    auto &rules = w.net.failRules;
    auto it = std::find_if(rules.begin(), rules.end(),
                           [&](const FailRule &r) { return r.operation == op || r.operation == "*"; });
    if (it == rules.end()) return std::nullopt;
    FailRule r = std::move(*it);
    rules.erase(it);
    return r;
}

RequestPlan planRequest(World &w, const ClientState &c, const RequestSpec &spec, uint64_t now) {
    // Built only where Verbose lines can be emitted (a debug build): with the body, it was the
    // largest simulator item of sending a lobby message in a release build, which drops it.
    if (log::enabled(log::kVerbose)) {
        const std::string base = c.apiBase.empty() ? std::string(kDefaultApiBase) : c.apiBase;
        std::string trace = "HTTP request ";
        trace.append(spec.method).append(" ").append(base).append(spec.path);
        if (!spec.bearer.empty()) trace.append(" Authorization: Bearer ").append(spec.bearer);
        if (!spec.body.empty()) trace += " body: " + spec.body;
        log::emit(c.key, log::kVerbose, std::move(trace));
    }

    const uint64_t latency = w.net.latencyMs;
    const uint64_t timeout = static_cast<uint64_t>(effectiveTimeout(c));
    RequestPlan plan;
    if (!w.net.online) {
        plan.due = now + std::min(latency, timeout);
        plan.failure = result::network("network unavailable");
    } else if (latency > timeout) {
        plan.due = now + timeout;
        plan.failure = result::network("request timed out");
    } else if (auto rule = takeFailRule(w, spec.op)) {
        plan.due = now + latency;
        plan.failure = result::injected(rule->httpStatus, rule->errorCode, rule->retryAfterMs);
    } else {
        plan.due = now + latency;
    }
    return plan;
}

namespace {
std::pair<std::string, int32_t> responseLog(const RequestSpec &spec, const ResultData &r, uint64_t elapsedMs) {
    if (r.type == Platform_ErrorType_None && !log::enabled(log::kVerbose)) return {std::string(), log::kVerbose};
    const std::string what = std::string(spec.method).append(" ").append(spec.path);
    if (r.type == Platform_ErrorType_None) {
        return {"HTTP response " + std::to_string(r.status) + " " + what + " (" + std::to_string(elapsedMs) + " ms)",
                log::kVerbose};
    }
    if (r.type == Platform_ErrorType_NetworkError) {
        return {"HTTP request " + what + " failed after " + std::to_string(elapsedMs) + " ms: " + r.error +
                    " (will not retry)",
                log::kWarning};
    }
    if (r.type == Platform_ErrorType_HTTPError) {
        std::string line = "HTTP response " + std::to_string(r.status) + " " + what + ": " + r.error;
        if (r.errorCode != 0) line += " (code " + std::to_string(r.errorCode) + ")";
        return {line, log::kError};
    }
    return {std::string(spec.op).append(" failed: ").append(r.error), log::kWarning};
}
}  // namespace

void runRequest(World &w, ClientState &c, uint64_t opId, const RequestSpec &spec, uint64_t now,
                const ServerFn &server) {
    RequestPlan plan = planRequest(w, c, spec, now);
    OpOutcome out = plan.failure ? outcomeOf(std::move(*plan.failure)) : server(w, now);
    auto [line, sev] = responseLog(spec, out.result, plan.due - now);
    completeAt(w, c.key, opId, plan.due, std::move(out), std::move(line), sev);
}

}  // namespace psim
