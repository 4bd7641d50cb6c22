// api_client_auth.cc — the interactive part of authentication: Authorize and the device flow,
// their aborts, the code verifier, the device screen and the auth-related callback slots.
#include "api_support.h"
#include "consent.h"
#include "crypto.h"
#include "directory.h"
#include "guard.h"
#include "identities.h"
#include "network.h"
#include "oauth.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

namespace {

std::string urlEncode(std::string_view s) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
            c == '.' || c == '~') {
            out.push_back(ch);
        } else {
            out.push_back('%');
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 15]);
        }
    }
    return out;
}

std::string deviceUserCode() {
    static constexpr char kLetters[] = "BCDFGHJKLMNPQRSTVWXZ";  // no vowels: no accidental words
    const auto b = crypto::randomBytes(8);
    std::string code;
    for (size_t i = 0; i < b.size(); ++i) {
        if (i == 4) code.push_back('-');
        code.push_back(kLetters[b[i] % 20]);
    }
    return code;
}

void startDeviceFlow(Platform_Client *self, Platform_DeviceAuthorizationArgs *args, bool merge, int32_t extType,
                     std::string extToken, Callback cb) {
    const char *name = merge ? "Client_GetTokenFromDeviceProvisionalMerge" : "Client_GetTokenFromDevice";
    std::optional<DeviceAuthorizationArgsData> a;
    if (args != nullptr) a = Registry<DeviceAuthorizationArgsData>::get().copy(args->opaque);
    log::registerSecret(extToken);
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = beginOp(lk, self, OpShape::TokenExchange, name, cb, &opId);
    if (c == nullptr) return;
    if (!a) return failNow(lk, *c, opId, name, result::validation("invalid DeviceAuthorizationArgs"));
    const std::string scopes = normalizeScopes(a->scopes);
    const uint64_t appId = a->clientId != 0 ? a->clientId : c->applicationId;
    if (scopes.empty()) return failNow(lk, *c, opId, name, result::validation("scopes are required"));
    if (appId == 0) {
        return failNow(lk, *c, opId, name, result::validation("clientId is required (or call SetApplicationId)"));
    }
    if (merge && (!validExternalAuthType(extType) || extToken.empty())) {
        return failNow(lk, *c, opId, name, result::validation("a valid external auth type and token are required"));
    }
    if (c->deviceFlow) {
        return failNow(lk, *c, opId, name, result::validation("device authorization already in progress"));
    }
    ensureApp(lk.w, appId);
    AuthFlow f;
    f.opId = opId;
    f.device = true;
    f.merge = merge;
    f.appId = appId;
    f.scopes = scopes;
    f.extType = extType;
    f.extToken = std::move(extToken);
    const RequestSpec spec{name, "POST", "/oauth2/device/authorize", "",
                           "client_id=" + std::to_string(appId) + "&scope=" + urlEncode(scopes)};
    RequestPlan plan = planRequest(lk.w, *c, spec, lk.now);
    if (plan.failure) {
        f.resolved = true;
        c->deviceFlow = std::move(f);
        std::string line = std::string(name) + " failed: " + plan.failure->error;
        completeAt(lk.w, c->key, opId, plan.due, outcomeOf(std::move(*plan.failure)), std::move(line), log::kWarning);
        return;
    }
    log::emit(c->key, log::kInfo,
              std::string("Device authorization: visit ") + c->webBase + "/activate and enter code " + deviceUserCode());
    startFlow(lk.w, *c, std::move(f), lk.now);
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_Authorize(Platform_Client *self, Platform_AuthorizationArgs *args,
                                            Platform_Client_AuthorizationCallback callback,
                                            Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_Authorize";
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        std::optional<AuthorizationArgsData> a;
        if (args != nullptr) a = Registry<AuthorizationArgsData>::get().copy(args->opaque);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Authorization, kName, cb, &opId);
        if (c == nullptr) return;
        if (!a) return failNow(lk, *c, opId, kName, result::validation("invalid AuthorizationArgs"));
        const std::string scopes = normalizeScopes(a->scopes);
        const uint64_t appId = a->clientId != 0 ? a->clientId : c->applicationId;
        if (scopes.empty()) return failNow(lk, *c, opId, kName, result::validation("scopes are required"));
        if (appId == 0) {
            return failNow(lk, *c, opId, kName, result::validation("clientId is required (or call SetApplicationId)"));
        }
        if (a->codeChallenge && (a->codeChallenge->method != Platform_AuthenticationCodeChallengeMethod_S256 ||
                                 a->codeChallenge->challenge.empty())) {
            return failNow(lk, *c, opId, kName, result::validation("code challenge must be a non-empty S256 challenge"));
        }
        if (c->authorize) return failNow(lk, *c, opId, kName, result::validation("authorization already in progress"));
        ensureApp(lk.w, appId);

        AuthFlow f;
        f.opId = opId;
        f.appId = appId;
        f.scopes = scopes;
        f.redirectUri = (a->customSchemeParam && !a->customSchemeParam->empty())
                            ? *a->customSchemeParam + ":/authorize/callback"
                            : "platform-" + std::to_string(appId) + ":/authorize/callback";
        f.challenge = a->codeChallenge ? a->codeChallenge->challenge : "";
        f.state = a->state ? *a->state : crypto::randomToken(16);  // unset: secure random
        f.nonce = a->nonce;
        f.integrationType = a->integrationType;

        std::string path = "/oauth2/authorize?response_type=code&client_id=" + std::to_string(appId) +
                           "&redirect_uri=" + urlEncode(f.redirectUri) + "&scope=" + urlEncode(scopes) +
                           "&state=" + urlEncode(f.state);
        if (!f.challenge.empty()) path += "&code_challenge=" + urlEncode(f.challenge) + "&code_challenge_method=S256";
        if (f.nonce) path += "&nonce=" + urlEncode(*f.nonce);
        if (f.integrationType) path += "&integration_type=" + std::to_string(*f.integrationType);
        RequestPlan plan = planRequest(lk.w, *c, RequestSpec{kName, "GET", path, "", ""}, lk.now);
        if (plan.failure) {
            f.resolved = true;
            c->authorize = std::move(f);
            std::string line = std::string("Authorization failed: ") + plan.failure->error;
            completeAt(lk.w, c->key, opId, plan.due, outcomeOf(std::move(*plan.failure)), std::move(line),
                       log::kWarning);
            return;
        }
        log::emit(c->key, log::kInfo, "Authorize: opening the consent screen for application " + std::to_string(appId));
        startFlow(lk.w, *c, std::move(f), lk.now);
    });
}

void PLATFORM_API Platform_Client_AbortAuthorize(Platform_Client *self) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        if (ClientState *c = findClient(lk.w, self)) abortFlow(lk.w, *c, false, lk.now);
    });
}

void PLATFORM_API Platform_Client_GetTokenFromDevice(Platform_Client *self, Platform_DeviceAuthorizationArgs *args,
                                                     Platform_Client_TokenExchangeCallback callback,
                                                     Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        startDeviceFlow(self, args, false, 0, {}, makeCallback(callback, callback_free, callback_ud));
    });
}

void PLATFORM_API Platform_Client_GetTokenFromDeviceProvisionalMerge(
    Platform_Client *self, Platform_DeviceAuthorizationArgs *args, Platform_AuthenticationExternalAuthType externalAuthType,
    Platform_String externalAuthToken, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free,
    void *callback_ud) {
    guardVoid(__func__, [&] {
        startDeviceFlow(self, args, true, enumBits(externalAuthType), toStd(externalAuthToken),
                        makeCallback(callback, callback_free, callback_ud));
    });
}

void PLATFORM_API Platform_Client_AbortGetTokenFromDevice(Platform_Client *self) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        if (ClientState *c = findClient(lk.w, self)) abortFlow(lk.w, *c, true, lk.now);
    });
}

void PLATFORM_API Platform_Client_CreateAuthorizationCodeVerifier(Platform_Client *self,
                                                                  Platform_AuthorizationCodeVerifier *out) {
    (void)self;  // needs no client state
    guardVoid(__func__, [&] {
        if (out == nullptr) return;
        CodeVerifierData v;
        v.verifier = crypto::randomToken(32);  // 43 characters (RFC 7636: 43-128)
        log::registerSecret(v.verifier);         // redeems the code: filtered like a token
        v.challenge.method = Platform_AuthenticationCodeChallengeMethod_S256;
        v.challenge.challenge = crypto::s256(v.verifier);
        objInit<CodeVerifierData>(out, std::move(v));
    });
}

void PLATFORM_API Platform_Client_OpenAuthorizeDeviceScreen(Platform_Client *self, uint64_t clientId,
                                                            Platform_String userCode) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) return;
        c->deviceScreenOpen = true;
        c->deviceScreenClientId = clientId;
        c->deviceUserCode = toStd(userCode);
        log::emit(c->key, log::kInfo, "Device authorization screen opened for application " + std::to_string(clientId));
    });
}

void PLATFORM_API Platform_Client_CloseAuthorizeDeviceScreen(Platform_Client *self) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr || !c->deviceScreenOpen) return;
        c->deviceScreenOpen = false;
        log::emit(c->key, log::kInfo, "Device authorization screen closed");
        queueSlotEvent(lk.w, c->key, lk.now, &ClientState::deviceScreenClosedCb, [](const Callback &cb) {
            cb.as<Platform_Client_AuthorizeDeviceScreenClosedCallback>()(cb.userData());
        });
    });
}

void PLATFORM_API Platform_Client_SetAuthorizeDeviceScreenClosedCallback(
    Platform_Client *self, Platform_Client_AuthorizeDeviceScreenClosedCallback cb, Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::deviceScreenClosedCb, makeCallback(cb, cb_free, cb_ud)); });
}

void PLATFORM_API Platform_Client_RegisterAuthorizeRequestCallback(Platform_Client *self,
                                                                   Platform_Client_AuthorizeRequestCallback callback,
                                                                   Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        assignSlot(self, &ClientState::authorizeRequestCb, makeCallback(callback, callback_free, callback_ud));
    });
}

void PLATFORM_API Platform_Client_RemoveAuthorizeRequestCallback(Platform_Client *self) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::authorizeRequestCb, Callback{}); });
}

void PLATFORM_API Platform_Client_SetTokenExpirationCallback(Platform_Client *self,
                                                             Platform_Client_TokenExpirationCallback callback,
                                                             Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        assignSlot(self, &ClientState::tokenExpirationCb, makeCallback(callback, callback_free, callback_ud));
    });
}

void PLATFORM_API Platform_Client_SetGameWindowPid(Platform_Client *self, int32_t pid) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        if (ClientState *c = findClient(lk.w, self)) c->gameWindowPid = pid;
    });
}

void PLATFORM_API Platform_Client_ProvisionalUserMergeCompleted(Platform_Client *self, bool success) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) return;
        c->provisionalMergeCompleted = success;
        log::emit(c->key, log::kInfo, std::string("Provisional user merge completed: ") + (success ? "success" : "failure"));
    });
}

}  // extern "C"
