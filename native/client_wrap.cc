#include "client_wrap.h"

#include "addon_data.h"
#include "authorization_args_wrap.h"
#include "env_state.h"
#include "js_convert.h"
#include "user_snapshot.h"

namespace psdk {

namespace {

using platformpp::ClientResult;

std::optional<ResultData> Capture(const ClientResult &r) {
  if (r && r.Successful()) return std::nullopt;
  ResultData d;
  if (!r) {
    d.type = static_cast<int32_t>(platformpp::ErrorType::ClientDestroyed);
    d.error = "no result";
    return d;
  }
  d.type = static_cast<int32_t>(r.Type());
  d.error = r.Error();
  d.errorCode = r.ErrorCode();
  d.status = static_cast<int32_t>(r.Status());
  d.responseBody = r.ResponseBody();
  d.retryable = r.Retryable();
  d.retryAfterSeconds = r.RetryAfter();
  return d;
}

NativeEvent Completion(uint32_t opId, const ClientResult &r, std::vector<Field> fields = {}) {
  NativeEvent e;
  e.kind = EventKind::Completion;
  e.opId = opId;
  e.result = Capture(r);
  e.fields = std::move(fields);
  return e;
}

NativeEvent Simple(EventKind kind, std::vector<Field> fields = {}) {
  NativeEvent e;
  e.kind = kind;
  e.fields = std::move(fields);
  return e;
}

// The (result, access, refresh, type, expiresIn, scopes) completion shared by every token grant.
platformpp::Client::TokenExchangeCallback TokenCompletion(std::shared_ptr<ClientSink> sink, uint32_t op) {
  return [sink = std::move(sink), op](ClientResult result, std::string accessToken, std::string refreshToken,
                                      platformpp::AuthorizationTokenType tokenType, int32_t expiresIn,
                                      std::string scopes) {
    sink->Push(Completion(op, result,
                          {Field::Str(std::move(accessToken)), Field::Str(std::move(refreshToken)),
                           Field::Num(static_cast<double>(tokenType)), Field::Num(expiresIn),
                           Field::Str(std::move(scopes))}));
  };
}

// A completion that carries only the result.
auto ResultCompletion(std::shared_ptr<ClientSink> sink, uint32_t op) {
  return [sink = std::move(sink), op](ClientResult result) { sink->Push(Completion(op, result)); };
}

platformpp::LoggingSeverity ArgSeverity(const Napi::CallbackInfo &info, size_t index) {
  return static_cast<platformpp::LoggingSeverity>(ArgInt32(info, index, "minSeverity", 1, 5));
}

platformpp::AuthenticationExternalAuthType ArgExternalAuthType(const Napi::CallbackInfo &info, size_t index) {
  return static_cast<platformpp::AuthenticationExternalAuthType>(ArgInt32(info, index, "externalAuthType", 0, 7));
}

}  // namespace

Napi::Function ClientWrap::Init(Napi::Env env) {
  return DefineClass(
      env, "NativeClient",
      {
          InstanceMethod<&ClientWrap::Close>("close"),
          InstanceMethod<&ClientWrap::Connect>("connect"),
          InstanceMethod<&ClientWrap::Disconnect>("disconnect"),
          InstanceMethod<&ClientWrap::GetStatus>("getStatus"),
          InstanceMethod<&ClientWrap::SetApplicationId>("setApplicationId"),
          InstanceMethod<&ClientWrap::SetHttpRequestTimeout>("setHttpRequestTimeout"),
          InstanceMethod<&ClientWrap::AddLogCallback>("addLogCallback"),
          InstanceMethod<&ClientWrap::SetLogDir>("setLogDir"),
          InstanceMethod<&ClientWrap::SetGameWindowPid>("setGameWindowPid"),
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
          InstanceMethod<&ClientWrap::GetCurrentUser>("getCurrentUser"),
          InstanceMethod<&ClientWrap::GetUser>("getUser"),
          InstanceMethod<&ClientWrap::GetUserAvatarUrl>("getUserAvatarUrl"),
      });
}

// new NativeClient(options, onEvents)
ClientWrap::ClientWrap(const Napi::CallbackInfo &info) : Napi::ObjectWrap<ClientWrap>(info) {
  Napi::Env env = info.Env();
  AddonData &data = AddonData::Of(env);
  if (!SdkLibrary::IsLoaded()) throw Napi::Error::New(env, "the SDK library is not loaded");
  if (info.Length() < 2 || !info[0].IsObject() || !info[1].IsFunction()) {
    throw Napi::TypeError::New(env, "NativeClient(options: object, onEvents: function)");
  }
  Napi::Object options = info[0].As<Napi::Object>();
  onEvents_ = Napi::Persistent(info[1].As<Napi::Function>());
  envState_ = data.state;
  sink_ = std::make_shared<ClientSink>(std::this_thread::get_id(), envState_->notifier());

  auto optString = [&](const char *key) -> std::optional<std::string> {
    Napi::Value v = options.Get(key);
    if (v.IsUndefined()) return std::nullopt;
    if (!v.IsString()) throw Napi::TypeError::New(env, std::string("options.") + key + " must be a string");
    return v.As<Napi::String>().Utf8Value();
  };
  std::optional<std::string> apiBase = optString("apiBase"), webBase = optString("webBase");
  Napi::Value audioSystem = options.Get("audioSystem");
  Napi::Value affinity = options.Get("cpuAffinityMask");
  Napi::Value bluetooth = options.Get("androidPreventCommsForBluetooth");
  if (apiBase || webBase || !audioSystem.IsUndefined() || !affinity.IsUndefined() || !bluetooth.IsUndefined()) {
    platformpp::ClientCreateOptions create;
    if (apiBase) create.SetApiBase(*apiBase);
    if (webBase) create.SetWebBase(*webBase);
    if (audioSystem.IsNumber()) {
      create.SetExperimentalAudioSystem(audioSystem.As<Napi::Number>().Int32Value() == 1 ? platformpp::AudioSystem::Game
                                                                                           : platformpp::AudioSystem::Standard);
    }
    if (affinity.IsBigInt()) {
      bool lossless = false;
      uint64_t mask = affinity.As<Napi::BigInt>().Uint64Value(&lossless);
      if (!lossless) throw Napi::RangeError::New(env, "options.cpuAffinityMask must fit in 64 bits");
      create.SetCpuAffinityMask(mask);
    }
    if (bluetooth.IsBoolean()) create.SetExperimentalAndroidPreventCommsForBluetooth(bluetooth.As<Napi::Boolean>());
    client_ = std::make_unique<platformpp::Client>(create);
  } else {
    client_ = std::make_unique<platformpp::Client>();
  }
  RegisterEventCallbacks();
  envState_->Register(this);
}

ClientWrap::~ClientWrap() { Shutdown(); }

void ClientWrap::RegisterEventCallbacks() {
  auto sink = sink_;
  client_->SetStatusChangedCallback([sink](platformpp::Client::Status status, platformpp::Client::Error error, int32_t detail) {
    sink->Push(Simple(EventKind::Status, {Field::Num(static_cast<double>(status)), Field::Num(static_cast<double>(error)),
                                          Field::Num(detail)}));
  });
  client_->SetTokenExpirationCallback([sink]() { sink->Push(Simple(EventKind::TokenExpiration)); });
  client_->SetUserUpdatedCallback([sink](uint64_t userId) { sink->Push(Simple(EventKind::UserUpdated, {Field::Snowflake(userId)})); });
  client_->SetAuthorizeDeviceScreenClosedCallback([sink]() { sink->Push(Simple(EventKind::DeviceScreenClosed)); });
}

void ClientWrap::Shutdown() {
  if (!client_) return;
  // Dropping the SDK client completes its pending operations with ClientDestroyed inside this
  // call; the sink is closed first so those captures are discarded (JS settled them already).
  sink_->Close();
  client_.reset();
  if (envState_) envState_->Unregister(this);
}

void ClientWrap::Dispatch(Napi::Env env) {
  std::vector<NativeEvent> events = sink_->Take();
  if (events.empty() || onEvents_.IsEmpty()) return;
  Napi::HandleScope scope(env);
  Napi::Array batch = Napi::Array::New(env, events.size());
  for (size_t i = 0; i < events.size(); ++i) batch.Set(static_cast<uint32_t>(i), EventToJs(env, events[i]));
  onEvents_.Call(Value(), {batch});
}

platformpp::Client &ClientWrap::Sdk(const Napi::CallbackInfo &info) {
  if (!client_) throw Napi::Error::New(info.Env(), "client is closed");
  return *client_;
}

Napi::Value ClientWrap::Close(const Napi::CallbackInfo &info) {
  Shutdown();
  onEvents_.Reset();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::Connect(const Napi::CallbackInfo &info) {
  Sdk(info).Connect();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::Disconnect(const Napi::CallbackInfo &info) {
  Sdk(info).Disconnect();
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetStatus(const Napi::CallbackInfo &info) {
  if (!client_) return Napi::Number::New(info.Env(), 0);
  return Napi::Number::New(info.Env(), static_cast<double>(client_->GetStatus()));
}

Napi::Value ClientWrap::SetApplicationId(const Napi::CallbackInfo &info) {
  Sdk(info).SetApplicationId(ArgId(info, 0, "applicationId"));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetHttpRequestTimeout(const Napi::CallbackInfo &info) {
  Sdk(info).SetHttpRequestTimeout(ArgInt32(info, 0, "httpTimeoutMs", 1, INT32_MAX));
  return info.Env().Undefined();
}

// addLogCallback(minSeverity, voice): log lines may arrive on any SDK thread; they are queued
// and the JS thread is woken through the cross-thread notifier.
Napi::Value ClientWrap::AddLogCallback(const Napi::CallbackInfo &info) {
  auto severity = ArgSeverity(info, 0);
  bool voice = ArgBool(info, 1, "voice");
  auto sink = sink_;
  EventKind kind = voice ? EventKind::VoiceLog : EventKind::Log;
  auto callback = [sink, kind](std::string message, platformpp::LoggingSeverity sev) {
    sink->Push(Simple(kind, {Field::Str(std::move(message)), Field::Num(static_cast<double>(sev))}));
  };
  if (voice) Sdk(info).AddVoiceLogCallback(callback, severity);
  else Sdk(info).AddLogCallback(callback, severity);
  return info.Env().Undefined();
}

// setLogDir(path, minSeverity, voice) → boolean (voice: SetVoiceLogDir has no result)
Napi::Value ClientWrap::SetLogDir(const Napi::CallbackInfo &info) {
  std::string path = ArgString(info, 0, "path");
  auto severity = ArgSeverity(info, 1);
  if (ArgBool(info, 2, "voice")) {
    Sdk(info).SetVoiceLogDir(path, severity);
    return Napi::Boolean::New(info.Env(), true);
  }
  return Napi::Boolean::New(info.Env(), Sdk(info).SetLogDir(path, severity));
}

Napi::Value ClientWrap::SetGameWindowPid(const Napi::CallbackInfo &info) {
  Sdk(info).SetGameWindowPid(ArgInt32(info, 0, "pid", 0, INT32_MAX));
  return info.Env().Undefined();
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
    sink->Push(Completion(op, result, {Field::Str(std::move(code)), Field::Str(std::move(redirectUri))}));
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
  Sdk(info).GetToken(app, code, verifier, redirect, TokenCompletion(sink_, op));
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
  Sdk(info).GetTokenFromProvisionalMerge(app, code, verifier, redirect, type, external, TokenCompletion(sink_, op));
  return info.Env().Undefined();
}

// getProvisionalToken(opId, applicationId, type, token)
Napi::Value ClientWrap::GetProvisionalToken(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  auto type = ArgExternalAuthType(info, 2);
  std::string external = ArgString(info, 3, "externalAuthToken");
  Sdk(info).GetProvisionalToken(app, type, external, TokenCompletion(sink_, op));
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
    Sdk(info).GetTokenFromDeviceProvisionalMerge(args, type, external, TokenCompletion(sink_, op));
  } else {
    Sdk(info).GetTokenFromDevice(args, TokenCompletion(sink_, op));
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
  Sdk(info).RefreshToken(app, ArgString(info, 2, "refreshToken"), TokenCompletion(sink_, op));
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
                                 sink->Push(Completion(op, result,
                                                       {Field::Str(std::move(accessToken)), Field::Str(std::string()),
                                                        Field::Num(static_cast<double>(tokenType)), Field::Num(expiresIn),
                                                        Field::Str(std::move(scopes))}));
                               });
  return info.Env().Undefined();
}

// fetchCurrentUser(opId, tokenType, token)
Napi::Value ClientWrap::FetchCurrentUser(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto type = static_cast<platformpp::AuthorizationTokenType>(ArgInt32(info, 1, "tokenType", 0, 1));
  auto sink = sink_;
  Sdk(info).FetchCurrentUser(type, ArgString(info, 2, "token"), [sink, op](ClientResult result, uint64_t id, std::string name) {
    sink->Push(Completion(op, result, {Field::Snowflake(id), Field::Str(std::move(name))}));
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
    Sdk(info).RegisterAuthorizeRequestCallback([sink]() { sink->Push(Simple(EventKind::AuthorizeRequest)); });
  } else {
    Sdk(info).RemoveAuthorizeRequestCallback();
  }
  return info.Env().Undefined();
}

Napi::Value ClientWrap::GetCurrentUser(const Napi::CallbackInfo &info) {
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetCurrentUserV2();
  return user ? UserSnapshotToJs(info.Env(), *user) : info.Env().Null();
}

Napi::Value ClientWrap::GetUser(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "userId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetUser(id);
  return user ? UserSnapshotToJs(info.Env(), *user) : info.Env().Null();
}

// getUserAvatarUrl(userId, animatedType, staticType) → string | null
Napi::Value ClientWrap::GetUserAvatarUrl(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "userId");
  auto animated = static_cast<platformpp::UserHandle::AvatarType>(ArgInt32(info, 1, "animatedType", 0, 3));
  auto still = static_cast<platformpp::UserHandle::AvatarType>(ArgInt32(info, 2, "staticType", 0, 3));
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetUser(id);
  if (!user) return info.Env().Null();
  return Napi::String::New(info.Env(), user->AvatarUrl(animated, still));
}

}  // namespace psdk
