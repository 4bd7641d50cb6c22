// api_client_tokens.cc — the token endpoints seen from the client: GetToken, RefreshToken,
// RevokeToken, provisional tokens and merges, child tokens, FetchCurrentUser, UpdateToken,
// IsAuthenticated and the provisional display name.
#include "api_support.h"
#include "connection.h"
#include "directory.h"
#include "guard.h"
#include "identities.h"
#include "network.h"
#include "oauth.h"
#include "relationships.h"
#include "sim_strings.h"

using namespace psim;

namespace {

constexpr size_t kMaxDisplayNameChars = 32;

std::string appParam(uint64_t appId) { return "client_id=" + std::to_string(appId); }

// Common shape: validate locally, then one request to the platform.
template <class Validate, class Server>
void tokenRequest(Platform_Client *self, const char *name, OpShape shape, Callback cb, Validate &&validate,
                  const RequestSpec &spec, Server &&server) {
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = beginOp(lk, self, shape, name, cb, &opId);
    if (c == nullptr) return;
    if (std::optional<std::string> err = validate(lk.w, *c)) {
        return failNow(lk, *c, opId, name, result::validation(*err));
    }
    runRequest(lk.w, *c, opId, spec, lk.now, server);
}

std::optional<std::string> requireApp(World &w, uint64_t appId) {
    if (appId == 0) return std::string("applicationId is required");
    ensureApp(w, appId);
    return std::nullopt;
}

std::optional<std::string> requireIdentity(int32_t type, const std::string &token) {
    if (!validExternalAuthType(type)) return "unknown external auth type " + std::to_string(type);
    if (token.empty()) return std::string("externalAuthToken is required");
    return std::nullopt;
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_Client_GetToken(Platform_Client *self, uint64_t applicationId, Platform_String code,
                                           Platform_String codeVerifier, Platform_String redirectUri,
                                           Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free,
                                           void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string c = toStd(code), v = toStd(codeVerifier), r = toStd(redirectUri);
        log::registerSecret(c);
        log::registerSecret(v);
        tokenRequest(
            self, "Client_GetToken", OpShape::TokenExchange, makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) { return requireApp(w, applicationId); },
            RequestSpec{"Client_GetToken", "POST", "/oauth2/token", "",
                        "grant_type=authorization_code&" + appParam(applicationId)},
            [&](World &w, uint64_t t) { return exchangeCode(w, applicationId, c, v, r, t); });
    });
}

void PLATFORM_API Platform_Client_GetTokenFromProvisionalMerge(
    Platform_Client *self, uint64_t applicationId, Platform_String code, Platform_String codeVerifier,
    Platform_String redirectUri, Platform_AuthenticationExternalAuthType externalAuthType, Platform_String externalAuthToken,
    Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string c = toStd(code), v = toStd(codeVerifier), r = toStd(redirectUri);
        log::registerSecret(c);
        log::registerSecret(v);
        const std::string ext = toStd(externalAuthToken);
        const int32_t type = enumBits(externalAuthType);
        log::registerSecret(ext);
        tokenRequest(
            self, "Client_GetTokenFromProvisionalMerge", OpShape::TokenExchange,
            makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) {
                auto err = requireApp(w, applicationId);
                return err ? err : requireIdentity(type, ext);
            },
            RequestSpec{"Client_GetTokenFromProvisionalMerge", "POST", "/partner-sdk/token/merge", "",
                        "grant_type=authorization_code&" + appParam(applicationId) +
                            "&external_auth_type=" + std::to_string(type) + "&external_auth_token=" + ext},
            [&](World &w, uint64_t t) { return mergeWithCode(w, applicationId, c, v, r, type, ext, t); });
    });
}

void PLATFORM_API Platform_Client_RefreshToken(Platform_Client *self, uint64_t applicationId, Platform_String refreshToken,
                                               Platform_Client_TokenExchangeCallback callback,
                                               Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string rt = toStd(refreshToken);
        log::registerSecret(rt);
        tokenRequest(
            self, "Client_RefreshToken", OpShape::TokenExchange, makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) { return requireApp(w, applicationId); },
            RequestSpec{"Client_RefreshToken", "POST", "/oauth2/token", "",
                        "grant_type=refresh_token&" + appParam(applicationId) + "&refresh_token=" + rt},
            [&](World &w, uint64_t t) { return refreshGrant(w, applicationId, rt, t); });
    });
}

void PLATFORM_API Platform_Client_RevokeToken(Platform_Client *self, uint64_t applicationId, Platform_String token,
                                              Platform_Client_RevokeTokenCallback callback, Platform_FreeFn callback_free,
                                              void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string tok = toStd(token);
        log::registerSecret(tok);
        tokenRequest(
            self, "Client_RevokeToken", OpShape::Result, makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) { return requireApp(w, applicationId); },
            RequestSpec{"Client_RevokeToken", "POST", "/oauth2/token/revoke", "",
                        appParam(applicationId) + "&token=" + tok},
            [&](World &w, uint64_t t) { return revokeToken(w, applicationId, tok, t); });
    });
}

void PLATFORM_API Platform_Client_GetProvisionalToken(Platform_Client *self, uint64_t applicationId,
                                                      Platform_AuthenticationExternalAuthType externalAuthType,
                                                      Platform_String externalAuthToken,
                                                      Platform_Client_TokenExchangeCallback callback,
                                                      Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string ext = toStd(externalAuthToken);
        const int32_t type = enumBits(externalAuthType);
        log::registerSecret(ext);
        tokenRequest(
            self, "Client_GetProvisionalToken", OpShape::TokenExchange, makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) {
                auto err = requireApp(w, applicationId);
                return err ? err : requireIdentity(type, ext);
            },
            RequestSpec{"Client_GetProvisionalToken", "POST", "/partner-sdk/token", "",
                        appParam(applicationId) + "&external_auth_type=" + std::to_string(type) +
                            "&external_auth_token=" + ext},
            [&](World &w, uint64_t t) { return provisionalToken(w, applicationId, type, ext, t); });
    });
}

void PLATFORM_API Platform_Client_UnmergeIntoProvisionalAccount(
    Platform_Client *self, uint64_t applicationId, Platform_AuthenticationExternalAuthType externalAuthType,
    Platform_String externalAuthToken, Platform_Client_UnmergeIntoProvisionalAccountCallback callback,
    Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string ext = toStd(externalAuthToken);
        const int32_t type = enumBits(externalAuthType);
        log::registerSecret(ext);
        tokenRequest(
            self, "Client_UnmergeIntoProvisionalAccount", OpShape::Result,
            makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) {
                auto err = requireApp(w, applicationId);
                return err ? err : requireIdentity(type, ext);
            },
            RequestSpec{"Client_UnmergeIntoProvisionalAccount", "POST", "/partner-sdk/provisional-accounts/unmerge", "",
                        appParam(applicationId) + "&external_auth_type=" + std::to_string(type) +
                            "&external_auth_token=" + ext},
            [&](World &w, uint64_t t) { return unmerge(w, applicationId, type, ext, t); });
    });
}

void PLATFORM_API Platform_Client_ExchangeChildToken(Platform_Client *self, Platform_String parentApplicationToken,
                                                     uint64_t childApplicationId,
                                                     Platform_Client_ExchangeChildTokenCallback callback,
                                                     Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string parent = toStd(parentApplicationToken);
        log::registerSecret(parent);
        tokenRequest(
            self, "Client_ExchangeChildToken", OpShape::ChildToken, makeCallback(callback, callback_free, callback_ud),
            [&](World &, ClientState &) -> std::optional<std::string> {
                if (childApplicationId == 0) return std::string("childApplicationId is required");
                if (parent.empty()) return std::string("parentApplicationToken is required");
                return std::nullopt;
            },
            RequestSpec{"Client_ExchangeChildToken", "POST", "/partner-sdk/token/child", parent,
                        "child_application_id=" + std::to_string(childApplicationId)},
            [&](World &w, uint64_t t) { return exchangeChildToken(w, parent, childApplicationId, t); });
    });
}

void PLATFORM_API Platform_Client_FetchCurrentUser(Platform_Client *self, Platform_AuthorizationTokenType tokenType,
                                                   Platform_String token, Platform_Client_FetchCurrentUserCallback callback,
                                                   Platform_FreeFn callback_free, void *callback_ud) {
    (void)tokenType;  // both token types are accepted for the user endpoint
    guardVoid(__func__, [&] {
        const std::string tok = toStd(token);
        log::registerSecret(tok);
        tokenRequest(
            self, "Client_FetchCurrentUser", OpShape::FetchUser, makeCallback(callback, callback_free, callback_ud),
            [&](World &, ClientState &) -> std::optional<std::string> {
                if (tok.empty()) return std::string("token is required");
                return std::nullopt;
            },
            RequestSpec{"Client_FetchCurrentUser", "GET", "/users/@me", tok, ""},
            [&](World &w, uint64_t t) { return fetchCurrentUser(w, tok, t); });
    });
}

void PLATFORM_API Platform_Client_UpdateProvisionalAccountDisplayName(
    Platform_Client *self, Platform_String name, Platform_Client_UpdateProvisionalAccountDisplayNameCallback callback,
    Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        const std::string n = toStd(name);
        uint64_t userId = 0;
        std::string bearer;
        {
            WorldLock lk;
            if (ClientState *c = findClient(lk.w, self)) {
                bearer = c->token;
                if (const Grant *g = validGrant(lk.w, c->token, lk.now)) userId = g->userId;
            }
        }
        tokenRequest(
            self, "Client_UpdateProvisionalAccountDisplayName", OpShape::Result,
            makeCallback(callback, callback_free, callback_ud),
            [&](World &w, ClientState &) -> std::optional<std::string> {
                const auto len = utf8Length(n);
                if (!len || *len < 1 || *len > kMaxDisplayNameChars) {
                    return std::string("display name must be 1-32 characters");
                }
                const User *u = findUser(w, userId);
                if (u == nullptr || !u->provisional) {
                    return std::string("the client is not authenticated as a provisional account");
                }
                return std::nullopt;
            },
            RequestSpec{"Client_UpdateProvisionalAccountDisplayName", "PATCH", "/users/@me", bearer, "global_name=" + n},
            [&](World &w, uint64_t t) {
                User *u = findUser(w, userId);
                if (u == nullptr) return outcomeOf(result::api(401, 0, "unauthorized", "401: Unauthorized"));
                u->globalName = n;
                touchUser(*u);
                // Every client that knows the user hears about it (gateway USER_UPDATE), and
                // those that have them in their friends list get RelationshipGroupsUpdated.
                queueUserUpdated(w, userId, t + w.net.latencyMs);
                return outcomeOf(result::ok());
            });
    });
}

void PLATFORM_API Platform_Client_UpdateToken(Platform_Client *self, Platform_AuthorizationTokenType tokenType,
                                              Platform_String token, Platform_Client_UpdateTokenCallback callback,
                                              Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_UpdateToken";
        Callback cb = makeCallback(callback, callback_free, callback_ud);
        const std::string tok = toStd(token);
        log::registerSecret(tok);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::Result, kName, cb, &opId);
        if (c == nullptr) return;
        // No validation here: the token is checked when it is used (Connect, requests).
        c->token = tok;
        c->tokenType = enumBits(tokenType);
        log::emit(c->key, log::kVerbose, "UpdateToken: Authorization: Bearer " + tok);
        onTokenSet(lk.w, *c, lk.now);
        completeAt(lk.w, c->key, opId, lk.now, outcomeOf(result::ok()), "Token updated", log::kInfo);
    });
}

bool PLATFORM_API Platform_Client_IsAuthenticated(Platform_Client *self) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        return c != nullptr && !c->token.empty() && !tokenKnownInvalid(lk.w, c->token, lk.now);
    });
}

}  // extern "C"
