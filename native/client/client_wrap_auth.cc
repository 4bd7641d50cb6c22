// ClientWrap, authorization area: OAuth2 + PKCE, token grants, provisional accounts, device flow.
#include "client/authorization_args_wrap.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"

namespace psdk {

namespace {

using platformpp::ClientResult;

// The (result, access, refresh, type, expiresIn, scopes) completion shared by every token grant.
platformpp::Client::TokenExchangeCallback TokenGrant(std::shared_ptr<ClientSink> sink, uint32_t op) {
  return [sink = std::move(sink), op](ClientResult result, std::string accessToken, std::string refreshToken,
                                      platformpp::AuthorizationTokenType tokenType, int32_t expiresIn,
                                      std::string scopes) {
    CompleteToken(*sink, op, CaptureResult(result), accessToken, refreshToken, static_cast<double>(tokenType), expiresIn, scopes);
  };
}

platformpp::AuthenticationExternalAuthType ArgExternalAuthType(const Napi::CallbackInfo &info, size_t index) {
  return static_cast<platformpp::AuthenticationExternalAuthType>(ArgInt32(info, index, "externalAuthType", 0, 7));
}

}  // namespace

void ClientWrap::AddAuthMethods(MethodList &methods) {
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::CreateAuthorizationCodeVerifier>("createAuthorizationCodeVerifier"),
      InstanceMethod<&ClientWrap::Authorize>("authorize"),
      InstanceMethod<&ClientWrap::AbortAuthorize>("abortAuthorize"),
      InstanceMethod<&ClientWrap::GetToken>("getToken"),
      InstanceMethod<&ClientWrap::GetTokenFromProvisionalMerge>("getTokenFromProvisionalMerge"),
      InstanceMethod<&ClientWrap::GetProvisionalToken>("getProvisionalToken"),
      InstanceMethod<&ClientWrap::GetTokenFromDevice>("getTokenFromDevice"),
      InstanceMethod<&ClientWrap::AbortGetTokenFromDevice>("abortGetTokenFromDevice"),
      InstanceMethod<&ClientWrap::OpenAuthorizeDeviceScreen>("openAuthorizeDeviceScreen"),
      InstanceMethod<&ClientWrap::CloseAuthorizeDeviceScreen>("closeAuthorizeDeviceScreen"),
      InstanceMethod<&ClientWrap::RefreshToken>("refreshToken"),
      InstanceMethod<&ClientWrap::RevokeToken>("revokeToken"),
      InstanceMethod<&ClientWrap::UpdateToken>("updateToken"),
      InstanceMethod<&ClientWrap::ExchangeChildToken>("exchangeChildToken"),
      InstanceMethod<&ClientWrap::FetchCurrentUser>("fetchCurrentUser"),
      InstanceMethod<&ClientWrap::UnmergeIntoProvisionalAccount>("unmergeIntoProvisionalAccount"),
      InstanceMethod<&ClientWrap::UpdateProvisionalAccountDisplayName>("updateProvisionalAccountDisplayName"),
      InstanceMethod<&ClientWrap::ProvisionalUserMergeCompleted>("provisionalUserMergeCompleted"),
      InstanceMethod<&ClientWrap::IsAuthenticated>("isAuthenticated"),
      InstanceMethod<&ClientWrap::SetAuthorizeRequestHandler>("setAuthorizeRequestHandler"),
  });
}

// The merge-required half of a two-callback operation (OpenMessageInPlatform, JoinLinkedLobbyGuild):
// the user must merge a provisional account first (ProvisionalUserMergeCompleted answers it).
platformpp::Client::ProvisionalUserMergeRequiredCallback ClientWrap::MergeRequired(uint32_t op) const {
  auto sink = sink_;
  return [sink, op]() { PushMergeRequired(*sink, op); };
}

Napi::Value ClientWrap::CreateAuthorizationCodeVerifier(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  platformpp::AuthorizationCodeVerifier v = Sdk(info).CreateAuthorizationCodeVerifier();
  if (!v) return env.Null();
  Napi::Object out = Napi::Object::New(env);
  platformpp::AuthorizationCodeChallenge c = v.Challenge();
  out.Set("verifier", v.Verifier());
  out.Set("challenge", c ? c.Challenge() : std::string());
  out.Set("method", Napi::Number::New(env, c ? static_cast<double>(c.Method()) : 0));
  return out;
}

// authorize(opId, args: AuthorizationArgs)
Napi::Value ClientWrap::Authorize(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  const platformpp::AuthorizationArgs &args = AuthorizationArgsWrap::FromArg(info, 1, "args");
  auto sink = sink_;
  Sdk(info).Authorize(args, [sink, op](ClientResult result, std::string code, std::string redirectUri) {
    CompleteAuthorizationCode(*sink, op, CaptureResult(result), code, redirectUri);
  });
  return info.Env().Undefined();
}

Napi::Value ClientWrap::AbortAuthorize(const Napi::CallbackInfo &info) {
  Sdk(info).AbortAuthorize();
  return info.Env().Undefined();
}

// getToken(opId, applicationId, code, codeVerifier, redirectUri)
Napi::Value ClientWrap::GetToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  std::string code = ArgString(info, 2, "code"), verifier = ArgString(info, 3, "codeVerifier"),
              redirect = ArgString(info, 4, "redirectUri");
  Sdk(info).GetToken(app, code, verifier, redirect, TokenGrant(sink_, op));
  return info.Env().Undefined();
}

// getTokenFromProvisionalMerge(opId, applicationId, code, codeVerifier, redirectUri, type, token)
Napi::Value ClientWrap::GetTokenFromProvisionalMerge(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  std::string code = ArgString(info, 2, "code"), verifier = ArgString(info, 3, "codeVerifier"),
              redirect = ArgString(info, 4, "redirectUri");
  auto type = ArgExternalAuthType(info, 5);
  std::string external = ArgString(info, 6, "externalAuthToken");
  Sdk(info).GetTokenFromProvisionalMerge(app, code, verifier, redirect, type, external, TokenGrant(sink_, op));
  return info.Env().Undefined();
}

// getProvisionalToken(opId, applicationId, type, token)
Napi::Value ClientWrap::GetProvisionalToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  auto type = ArgExternalAuthType(info, 2);
  std::string external = ArgString(info, 3, "externalAuthToken");
  Sdk(info).GetProvisionalToken(app, type, external, TokenGrant(sink_, op));
  return info.Env().Undefined();
}

// getTokenFromDevice(opId, clientId, scopes[, externalAuthType, externalAuthToken])
Napi::Value ClientWrap::GetTokenFromDevice(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  platformpp::DeviceAuthorizationArgs args;
  args.SetClientId(ArgId(info, 1, "clientId"));
  args.SetScopes(ArgString(info, 2, "scopes"));
  if (info.Length() > 3 && !info[3].IsUndefined()) {
    auto type = ArgExternalAuthType(info, 3);
    std::string external = ArgString(info, 4, "externalAuthToken");
    Sdk(info).GetTokenFromDeviceProvisionalMerge(args, type, external, TokenGrant(sink_, op));
  } else {
    Sdk(info).GetTokenFromDevice(args, TokenGrant(sink_, op));
  }
  return info.Env().Undefined();
}

Napi::Value ClientWrap::AbortGetTokenFromDevice(const Napi::CallbackInfo &info) {
  Sdk(info).AbortGetTokenFromDevice();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::OpenAuthorizeDeviceScreen(const Napi::CallbackInfo &info) {
  uint64_t clientId = ArgId(info, 0, "clientId");
  Sdk(info).OpenAuthorizeDeviceScreen(clientId, ArgString(info, 1, "userCode"));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::CloseAuthorizeDeviceScreen(const Napi::CallbackInfo &info) {
  Sdk(info).CloseAuthorizeDeviceScreen();
  return info.Env().Undefined();
}

// refreshToken(opId, applicationId, refreshToken)
Napi::Value ClientWrap::RefreshToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  Sdk(info).RefreshToken(app, ArgString(info, 2, "refreshToken"), TokenGrant(sink_, op));
  return info.Env().Undefined();
}

// revokeToken(opId, applicationId, token)
Napi::Value ClientWrap::RevokeToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  Sdk(info).RevokeToken(app, ArgString(info, 2, "token"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// updateToken(opId, tokenType, token)
Napi::Value ClientWrap::UpdateToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto type = static_cast<platformpp::AuthorizationTokenType>(ArgInt32(info, 1, "tokenType", 0, 1));
  Sdk(info).UpdateToken(type, ArgString(info, 2, "token"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// exchangeChildToken(opId, parentToken, childApplicationId)
Napi::Value ClientWrap::ExchangeChildToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  std::string parent = ArgString(info, 1, "parentToken");
  uint64_t child = ArgId(info, 2, "childApplicationId");
  auto sink = sink_;
  Sdk(info).ExchangeChildToken(parent, child,
                               [sink, op](ClientResult result, std::string accessToken,
                                          platformpp::AuthorizationTokenType tokenType, int32_t expiresIn, std::string scopes) {
                                 CompleteToken(*sink, op, CaptureResult(result), accessToken, std::string_view(),
                                               static_cast<double>(tokenType), expiresIn, scopes);
                               });
  return info.Env().Undefined();
}

// fetchCurrentUser(opId, tokenType, token)
Napi::Value ClientWrap::FetchCurrentUser(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto type = static_cast<platformpp::AuthorizationTokenType>(ArgInt32(info, 1, "tokenType", 0, 1));
  auto sink = sink_;
  Sdk(info).FetchCurrentUser(type, ArgString(info, 2, "token"), [sink, op](ClientResult result, uint64_t id, std::string name) {
    CompleteCurrentUser(*sink, op, CaptureResult(result), id, name);
  });
  return info.Env().Undefined();
}

// unmergeIntoProvisionalAccount(opId, applicationId, type, token)
Napi::Value ClientWrap::UnmergeIntoProvisionalAccount(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  auto type = ArgExternalAuthType(info, 2);
  Sdk(info).UnmergeIntoProvisionalAccount(app, type, ArgString(info, 3, "externalAuthToken"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// updateProvisionalAccountDisplayName(opId, name)
Napi::Value ClientWrap::UpdateProvisionalAccountDisplayName(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).UpdateProvisionalAccountDisplayName(ArgString(info, 1, "name"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::ProvisionalUserMergeCompleted(const Napi::CallbackInfo &info) {
  Sdk(info).ProvisionalUserMergeCompleted(ArgBool(info, 0, "success"));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::IsAuthenticated(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), client_ && client_->IsAuthenticated());
}

// setAuthorizeRequestHandler(enabled): registers or removes the authorize-request callback.
Napi::Value ClientWrap::SetAuthorizeRequestHandler(const Napi::CallbackInfo &info) {
  if (ArgBool(info, 0, "enabled")) {
    auto sink = sink_;
    Sdk(info).RegisterAuthorizeRequestCallback([sink]() { PushAuthorizeRequest(*sink); });
  } else {
    Sdk(info).RemoveAuthorizeRequestCallback();
  }
  return info.Env().Undefined();
}

}  // namespace psdk
