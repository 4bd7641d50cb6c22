// consent.cc — see consent.h.
#include "consent.h"

#include <algorithm>

#include "directory.h"
#include "identities.h"
#include "log.h"
#include "oauth.h"
#include "ops.h"
#include "results.h"

namespace psim {
namespace {

std::optional<AuthFlow> &flowOf(ClientState &c, bool device) { return device ? c.deviceFlow : c.authorize; }

void unwait(World &w, uint64_t clientKey, uint64_t opId) {
    std::erase_if(w.consent.waiting,
                  [&](const WaitingFlow &f) { return f.clientKey == clientKey && f.opId == opId; });
}

void resolve(World &w, ClientState &c, AuthFlow &f, OpOutcome out, uint64_t due) {
    f.resolved = true;
    unwait(w, c.key, f.opId);
    const char *what = f.device ? "Device authorization" : "Authorization";
    std::string line;
    int32_t sev = log::kInfo;
    if (out.result.type == Platform_ErrorType_None) {
        line = std::string(what) + " approved";
    } else {
        line = std::string(what) + " failed: " + out.result.error;
        sev = log::kWarning;
    }
    completeAt(w, c.key, f.opId, due, std::move(out), std::move(line), sev);
}

OpOutcome approve(World &w, AuthFlow &f, uint64_t userId, uint64_t at) {
    const User *u = findUser(w, userId);
    if (u == nullptr) {
        return outcomeOf(result::authorizationFailed("access_denied", "The approving user no longer exists."));
    }
    if (u->banned) {
        return outcomeOf(result::authorizationFailed("account banned", "The approving account is banned."));
    }
    if (!f.device) {
        OpOutcome o;
        o.code = createCode(w, f.appId, userId, f.redirectUri, f.scopes, f.challenge, at);
        o.redirectUri = f.redirectUri;
        return o;
    }
    if (f.merge) {
        if (auto err = checkMerge(w, userId, f.extType, f.extToken)) return outcomeOf(std::move(*err));
    }
    OpOutcome o = tokenOutcome(issueGrant(w, userId, f.appId, f.scopes, kAccessTokenLifetimeS, true, at));
    if (f.merge) applyMerge(w, userId, f.extType, f.extToken, at);
    return o;
}

void applyDecision(World &w, ClientState &c, AuthFlow &f, const ConsentDecision &d, uint64_t at) {
    const uint64_t due = at + w.net.latencyMs;
    switch (d.kind) {
    case PlatformSim_Consent_Approve:
        resolve(w, c, f, approve(w, f, d.userId, at), due);
        break;
    case PlatformSim_Consent_Deny:
        resolve(w, c, f,
                outcomeOf(result::authorizationFailed("access_denied", "The user denied the authorization request.")),
                due);
        break;
    default:  // Timeout: the user never answers; the flow's timer fails it.
        unwait(w, c.key, f.opId);
        log::emit(c.key, log::kVerbose, "Authorization: the user does not answer");
        break;
    }
}

}  // namespace

void startFlow(World &w, ClientState &c, AuthFlow flow, uint64_t now) {
    flow.startedAtMs = now;
    flow.resolved = false;
    const bool device = flow.device;
    const uint64_t opId = flow.opId;
    AuthFlow &f = flowOf(c, device).emplace(std::move(flow));
    const uint64_t key = c.key;
    addTimer(w, now + kAuthorizeTimeoutMs, key, [key, opId, device](World &w2, uint64_t due) {
        ClientState *cl = findClient(w2, key);
        if (cl == nullptr) return;
        auto &fl = flowOf(*cl, device);
        if (!fl || fl->opId != opId || fl->resolved) return;
        resolve(w2, *cl, *fl,
                outcomeOf(result::authorizationFailed("authorization timed out",
                                                      "The user did not answer within 5 minutes.")),
                due);
    });
    if (w.consent.next) {
        const ConsentDecision d = *w.consent.next;
        w.consent.next.reset();
        applyDecision(w, c, f, d, now);
    } else {
        w.consent.waiting.push_back(WaitingFlow{key, device, opId});
        log::emit(key, log::kInfo, "Authorization: waiting for the user to answer the consent screen");
    }
}

bool setConsent(World &w, int32_t kind, uint64_t userId, uint64_t now, std::string *err) {
    if (kind != PlatformSim_Consent_Approve && kind != PlatformSim_Consent_Deny && kind != PlatformSim_Consent_Timeout) {
        *err = "unknown consent value " + std::to_string(kind);
        return false;
    }
    if (kind == PlatformSim_Consent_Approve) {
        const User *u = findUser(w, userId);
        if (u == nullptr) {
            *err = "unknown user " + std::to_string(userId);
            return false;
        }
        if (u->provisional) {
            *err = "a provisional account cannot approve an authorization";
            return false;
        }
    }
    const ConsentDecision d{kind, kind == PlatformSim_Consent_Approve ? userId : 0};
    while (!w.consent.waiting.empty()) {
        const WaitingFlow wf = w.consent.waiting.front();
        w.consent.waiting.pop_front();
        ClientState *c = findClient(w, wf.clientKey);
        if (c == nullptr) continue;
        auto &f = flowOf(*c, wf.device);
        if (!f || f->opId != wf.opId || f->resolved) continue;
        applyDecision(w, *c, *f, d, now);
        return true;
    }
    w.consent.next = d;
    return true;
}

bool abortFlow(World &w, ClientState &c, bool device, uint64_t now, const char *message) {
    auto &f = flowOf(c, device);
    if (!f) return false;
    f->resolved = true;
    unwait(w, c.key, f->opId);
    completeAt(w, c.key, f->opId, now, outcomeOf(result::aborted(message)),
               std::string(device ? "Device authorization" : "Authorization") + " aborted", log::kInfo);
    return true;
}

void forgetWaitingFlows(World &w, uint64_t clientKey) {
    std::erase_if(w.consent.waiting, [&](const WaitingFlow &f) { return f.clientKey == clientKey; });
}

}  // namespace psim
