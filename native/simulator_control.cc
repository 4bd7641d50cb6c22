#include "simulator_control.h"

#include <string>

#include "js_convert.h"
#include "sdk_library.h"

namespace psdk {

namespace {

Platform_String View(const std::string &s) {
  return Platform_String{reinterpret_cast<uint8_t *>(const_cast<char *>(s.data())), s.size()};
}

std::string Take(Platform_String s) {
  std::string out = s.ptr ? std::string(reinterpret_cast<const char *>(s.ptr), s.size) : std::string();
  Sdk().Platform_Free(s.ptr);
  return out;
}

const SdkTable &Sim(Napi::Env env) {
  if (!SdkLibrary::IsSimulator()) {
    throw Napi::Error::New(env, "platform-social-sdk/testing needs the bundled simulator, but a vendor SDK library is loaded");
  }
  return Sdk();
}

// Throws the simulator's own message for a failed control call.
[[noreturn]] void ThrowLastError(Napi::Env env, const char *what) {
  Platform_String message{};
  Sdk().PlatformSim_LastError(&message);
  std::string text = Take(message);
  throw Napi::Error::New(env, std::string(what) + " failed" + (text.empty() ? "" : ": " + text));
}

Napi::Value Reset(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_Reset();
  return info.Env().Undefined();
}

// createUser(username, displayName, provisional) → id
Napi::Value CreateUser(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string username = ArgString(info, 0, "username"), display = ArgString(info, 1, "displayName");
  uint64_t id = sim.PlatformSim_CreateUser(View(username), View(display), ArgBool(info, 2, "provisional"));
  if (id == 0) ThrowLastError(info.Env(), "users.create");
  return IdToJs(info.Env(), id);
}

// createApplication(name, publisherId|0, parentApplicationId|0, coverImage) → {id, publisherId}
Napi::Value CreateApplication(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  std::string name = ArgString(info, 0, "name");
  uint64_t publisher = ArgId(info, 1, "publisherId", true), parent = ArgId(info, 2, "parentApplicationId", true);
  std::string cover = ArgString(info, 3, "coverImage");
  uint64_t id = sim.PlatformSim_CreateApplication(View(name), publisher, parent, View(cover));
  if (id == 0) ThrowLastError(env, "applications.create");
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, id));
  o.Set("publisherId", IdToJs(env, sim.PlatformSim_ApplicationPublisher(id)));
  return o;
}

// setConsent(kind 0|1|2, userId|0)
Napi::Value SetConsent(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  auto kind = static_cast<PlatformSim_Consent>(ArgInt32(info, 0, "consent", 0, 2));
  uint64_t user = ArgId(info, 1, "userId", true);
  if (!sim.PlatformSim_SetConsent(kind, user)) ThrowLastError(info.Env(), "auth.setConsent");
  return info.Env().Undefined();
}

// issueToken(userId, applicationId, scopes) → {accessToken, refreshToken, expiresIn}
Napi::Value IssueToken(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t user = ArgId(info, 0, "userId"), app = ArgId(info, 1, "applicationId");
  std::string scopes = ArgString(info, 2, "scopes");
  Platform_String access{}, refresh{};
  int32_t expiresIn = 0;
  if (!sim.PlatformSim_IssueToken(user, app, View(scopes), &access, &refresh, &expiresIn)) ThrowLastError(env, "auth.issueToken");
  Napi::Object o = Napi::Object::New(env);
  o.Set("accessToken", Take(access));
  o.Set("refreshToken", Take(refresh));
  o.Set("expiresIn", Napi::Number::New(env, expiresIn));
  return o;
}

Napi::Value RequestAuthorize(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), Sim(info.Env()).PlatformSim_RequestAuthorize());
}

Napi::Value ClockNow(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), static_cast<double>(Sim(info.Env()).PlatformSim_ClockNow()));
}

Napi::Value ClockAdvance(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  sim.PlatformSim_ClockAdvance(static_cast<uint64_t>(ArgNumber(info, 0, "ms", 0, 9007199254740991.0)));
  return info.Env().Undefined();
}

Napi::Value ClockSetFrozen(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_ClockSetFrozen(ArgBool(info, 0, "frozen"));
  return info.Env().Undefined();
}

Napi::Value NetworkSetOnline(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_NetworkSetOnline(ArgBool(info, 0, "online"));
  return info.Env().Undefined();
}

Napi::Value NetworkIsOnline(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), Sim(info.Env()).PlatformSim_NetworkIsOnline());
}

Napi::Value NetworkSetLatency(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  sim.PlatformSim_NetworkSetLatency(static_cast<uint32_t>(ArgInt32(info, 0, "ms", 0, INT32_MAX)));
  return info.Env().Undefined();
}

// failNext(operation, httpStatus, retryAfterMs, errorCode)
Napi::Value NetworkFailNext(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string op = ArgString(info, 0, "operation");
  int32_t status = ArgInt32(info, 1, "status", 100, 599);
  int32_t retryAfter = ArgInt32(info, 2, "retryAfterMs", 0, INT32_MAX);
  int32_t code = ArgInt32(info, 3, "code", INT32_MIN, INT32_MAX);
  if (!sim.PlatformSim_NetworkFailNext(View(op), status, retryAfter, code)) ThrowLastError(info.Env(), "network.failNext");
  return info.Env().Undefined();
}

Napi::Value ModerationBan(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t user = ArgId(info, 0, "userId");
  bool ok = ArgBool(info, 1, "banned") ? sim.PlatformSim_ModerationBan(user) : sim.PlatformSim_ModerationUnban(user);
  if (!ok) ThrowLastError(info.Env(), "moderation.ban");
  return info.Env().Undefined();
}

Napi::Value ModerationDeauthorize(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t user = ArgId(info, 0, "userId"), app = ArgId(info, 1, "applicationId", true);
  if (!sim.PlatformSim_ModerationDeauthorize(user, app)) ThrowLastError(info.Env(), "moderation.deauthorize");
  return info.Env().Undefined();
}

Napi::Value SetDebugBuild(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_SetDebugBuild(ArgBool(info, 0, "debug"));
  return info.Env().Undefined();
}

Napi::Value SetLogTokenFilter(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_SetLogTokenFilter(ArgBool(info, 0, "enabled"));
  return info.Env().Undefined();
}

Napi::Value EmitLog(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string message = ArgString(info, 0, "message");
  auto severity = static_cast<Platform_LoggingSeverity>(ArgInt32(info, 1, "severity", 1, 4));
  sim.PlatformSim_EmitLog(View(message), severity);
  return info.Env().Undefined();
}

Napi::Value LiveCallbackCount(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), static_cast<double>(Sim(info.Env()).PlatformSim_LiveCallbackCount()));
}

}  // namespace

Napi::Object SimulatorControlExports(Napi::Env env) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("reset", Napi::Function::New<Reset>(env, "reset"));
  o.Set("createUser", Napi::Function::New<CreateUser>(env, "createUser"));
  o.Set("createApplication", Napi::Function::New<CreateApplication>(env, "createApplication"));
  o.Set("setConsent", Napi::Function::New<SetConsent>(env, "setConsent"));
  o.Set("issueToken", Napi::Function::New<IssueToken>(env, "issueToken"));
  o.Set("requestAuthorize", Napi::Function::New<RequestAuthorize>(env, "requestAuthorize"));
  o.Set("clockNow", Napi::Function::New<ClockNow>(env, "clockNow"));
  o.Set("clockAdvance", Napi::Function::New<ClockAdvance>(env, "clockAdvance"));
  o.Set("clockSetFrozen", Napi::Function::New<ClockSetFrozen>(env, "clockSetFrozen"));
  o.Set("networkSetOnline", Napi::Function::New<NetworkSetOnline>(env, "networkSetOnline"));
  o.Set("networkIsOnline", Napi::Function::New<NetworkIsOnline>(env, "networkIsOnline"));
  o.Set("networkSetLatency", Napi::Function::New<NetworkSetLatency>(env, "networkSetLatency"));
  o.Set("networkFailNext", Napi::Function::New<NetworkFailNext>(env, "networkFailNext"));
  o.Set("moderationBan", Napi::Function::New<ModerationBan>(env, "moderationBan"));
  o.Set("moderationDeauthorize", Napi::Function::New<ModerationDeauthorize>(env, "moderationDeauthorize"));
  o.Set("setDebugBuild", Napi::Function::New<SetDebugBuild>(env, "setDebugBuild"));
  o.Set("setLogTokenFilter", Napi::Function::New<SetLogTokenFilter>(env, "setLogTokenFilter"));
  o.Set("emitLog", Napi::Function::New<EmitLog>(env, "emitLog"));
  o.Set("liveCallbackCount", Napi::Function::New<LiveCallbackCount>(env, "liveCallbackCount"));
  return o;
}

}  // namespace psdk
