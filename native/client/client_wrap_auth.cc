// ClientWrap, authorization area: OAuth2 + PKCE, token grants, provisional accounts, device flow.
#include "client/authorization_args_wrap.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"

namespace psdk {

namespace {

using platformpp::ClientResult;

// The (result, access, refresh, type, expiresIn, scopes) completion shared by every token grant.
platformpp::Client::TokenExchangeCallback TokenGrant(std::shared_ptr<ClientSink> sink, Op<TokenCompletion> op) {
  return [sink = std::move(sink), op](ClientResult result, std::string accessToken, std::string refreshToken,
                                      platformpp::AuthorizationTokenType tokenType, int32_t expiresIn,
                                      std::string scopes) {
    CompleteToken(*sink, op, CaptureResult(result), accessToken, refreshToken, static_cast<double>(tokenType), expiresIn, scopes);
  };
}

platformpp::AuthenticationExternalAuthType ExternalAuthType(int32_t type) {
  return static_cast<platformpp::AuthenticationExternalAuthType>(type);
}

platformpp::AuthorizationTokenType TokenType(int32_t type) { return static_cast<platformpp::AuthorizationTokenType>(type); }

}  // namespace

Napi::Value ClientWrap::CreateAuthorizationCodeVerifier() {
  Napi::Env env = Env();
  platformpp::AuthorizationCodeVerifier v = Sdk().CreateAuthorizationCodeVerifier();
  if (!v) return env.Null();
  Napi::Object out = Napi::Object::New(env);
  platformpp::AuthorizationCodeChallenge c = v.Challenge();
  out.Set("verifier", v.Verifier());
  out.Set("challenge", c ? c.Challenge() : std::string());
  out.Set("method", Napi::Number::New(env, c ? static_cast<double>(c.Method()) : 0));
  return out;
}

void ClientWrap::Authorize(Op<AuthorizationCodeCompletion> op, Napi::Value args) {
  const platformpp::AuthorizationArgs &authorization = AuthorizationArgsWrap::FromValue(args, "args");
  Sdk().Authorize(authorization, [sink = sink_, op](ClientResult result, std::string code, std::string redirectUri) {
    CompleteAuthorizationCode(*sink, op, CaptureResult(result), code, redirectUri);
  });
}

void ClientWrap::AbortAuthorize() { Sdk().AbortAuthorize(); }

void ClientWrap::GetToken(Op<TokenCompletion> op, uint64_t applicationId, const std::string &code, const std::string &codeVerifier,
                          const std::string &redirectUri) {
  Sdk().GetToken(applicationId, code, codeVerifier, redirectUri, TokenGrant(sink_, op));
}

void ClientWrap::GetTokenFromProvisionalMerge(Op<TokenCompletion> op, uint64_t applicationId, const std::string &code,
                                              const std::string &codeVerifier, const std::string &redirectUri,
                                              int32_t externalAuthType, const std::string &externalAuthToken) {
  Sdk().GetTokenFromProvisionalMerge(applicationId, code, codeVerifier, redirectUri, ExternalAuthType(externalAuthType),
                                     externalAuthToken, TokenGrant(sink_, op));
}

void ClientWrap::GetProvisionalToken(Op<TokenCompletion> op, uint64_t applicationId, int32_t externalAuthType,
                                     const std::string &externalAuthToken) {
  Sdk().GetProvisionalToken(applicationId, ExternalAuthType(externalAuthType), externalAuthToken, TokenGrant(sink_, op));
}

// With an external auth type, its token is required: the device flow merging a provisional account.
void ClientWrap::GetTokenFromDevice(Op<TokenCompletion> op, uint64_t clientId, const std::string &scopes,
                                    const std::optional<int32_t> &externalAuthType,
                                    const std::optional<std::string> &externalAuthToken) {
  platformpp::DeviceAuthorizationArgs args;
  args.SetClientId(clientId);
  args.SetScopes(scopes);
  if (externalAuthType) {
    if (!externalAuthToken) throw Napi::TypeError::New(Env(), "externalAuthToken must be a string");
    Sdk().GetTokenFromDeviceProvisionalMerge(args, ExternalAuthType(*externalAuthType), *externalAuthToken, TokenGrant(sink_, op));
  } else {
    Sdk().GetTokenFromDevice(args, TokenGrant(sink_, op));
  }
}

void ClientWrap::AbortGetTokenFromDevice() { Sdk().AbortGetTokenFromDevice(); }

void ClientWrap::OpenAuthorizeDeviceScreen(uint64_t clientId, const std::string &userCode) {
  Sdk().OpenAuthorizeDeviceScreen(clientId, userCode);
}

void ClientWrap::CloseAuthorizeDeviceScreen() { Sdk().CloseAuthorizeDeviceScreen(); }

void ClientWrap::RefreshToken(Op<TokenCompletion> op, uint64_t applicationId, const std::string &refreshToken) {
  Sdk().RefreshToken(applicationId, refreshToken, TokenGrant(sink_, op));
}

void ClientWrap::RevokeToken(Op<DoneCompletion> op, uint64_t applicationId, const std::string &token) {
  Sdk().RevokeToken(applicationId, token, ResultCompletion(sink_, op));
}

void ClientWrap::UpdateToken(Op<DoneCompletion> op, int32_t tokenType, const std::string &token) {
  Sdk().UpdateToken(TokenType(tokenType), token, ResultCompletion(sink_, op));
}

// Completes as a Token without a refresh token.
void ClientWrap::ExchangeChildToken(Op<TokenCompletion> op, const std::string &parentToken, uint64_t childApplicationId) {
  Sdk().ExchangeChildToken(parentToken, childApplicationId,
                           [sink = sink_, op](ClientResult result, std::string accessToken, platformpp::AuthorizationTokenType tokenType,
                                              int32_t expiresIn, std::string scopes) {
                             CompleteToken(*sink, op, CaptureResult(result), accessToken, std::string_view(),
                                           static_cast<double>(tokenType), expiresIn, scopes);
                           });
}

void ClientWrap::FetchCurrentUser(Op<CurrentUserCompletion> op, int32_t tokenType, const std::string &token) {
  Sdk().FetchCurrentUser(TokenType(tokenType), token, [sink = sink_, op](ClientResult result, uint64_t id, std::string name) {
    CompleteCurrentUser(*sink, op, CaptureResult(result), id, name);
  });
}

void ClientWrap::UnmergeIntoProvisionalAccount(Op<DoneCompletion> op, uint64_t applicationId, int32_t externalAuthType,
                                               const std::string &externalAuthToken) {
  Sdk().UnmergeIntoProvisionalAccount(applicationId, ExternalAuthType(externalAuthType), externalAuthToken, ResultCompletion(sink_, op));
}

void ClientWrap::UpdateProvisionalAccountDisplayName(Op<DoneCompletion> op, const std::string &name) {
  Sdk().UpdateProvisionalAccountDisplayName(name, ResultCompletion(sink_, op));
}

void ClientWrap::ProvisionalUserMergeCompleted(bool success) { Sdk().ProvisionalUserMergeCompleted(success); }

bool ClientWrap::IsAuthenticated() { return client_ && client_->IsAuthenticated(); }

// Registers or removes the authorize-request callback.
void ClientWrap::SetAuthorizeRequestHandler(bool enabled) {
  if (enabled) {
    Sdk().RegisterAuthorizeRequestCallback([sink = sink_]() { PushAuthorizeRequest(*sink); });
  } else {
    Sdk().RemoveAuthorizeRequestCallback();
  }
}

#include "client/client_wrap_auth_methods.inc"

}  // namespace psdk
