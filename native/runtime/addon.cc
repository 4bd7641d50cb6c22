// Module entry: per-environment state, SDK loading, the pump entry point and the wrapped classes.
//
// Exports (declared in lib/binding.ts, loaded by lib/addon-loader.ts):
//   load({ path, symbolPrefix?, ignoreSymbols? }) → SdkInfo   loads that SDK library once per process
//                                (lib/sdk-discovery.ts chose it)
//   sdkInfo() → SdkInfo | null
//   pump()                       Platform_RunCallbacks + dispatch of captured events to JS
//                                (a wake-up from an SDK thread runs the same pump natively)
//   defaultScopes() → { communication, presence }
//   defaultAudioDeviceId() → string
//   NativeClient, AuthorizationArgs, sim
//   bench                        only in the benchmark's build (PLATFORM_BENCH_HOOKS): its baselines
#include <napi.h>

#include <string>

#include "runtime/addon_data.h"
#include "client/authorization_args_wrap.h"
#ifdef PLATFORM_BENCH_HOOKS
#include "bench/bench_exports.h"
#endif
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "runtime/platformpp_bound.h"
#include "runtime/sdk_library.h"
#include "simulator_binding/simulator_control.h"

namespace psdk {

namespace {

Napi::Value InfoToJs(Napi::Env env, const SdkInfo &info) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("kind", info.kind == SdkKind::Simulator ? "simulator" : "vendor");
  o.Set("path", info.path);
  Napi::Object version = Napi::Object::New(env);
  version.Set("major", info.major);
  version.Set("minor", info.minor);
  version.Set("patch", info.patch);
  version.Set("hash", info.hash);
  o.Set("version", version);
  Napi::Array missing = Napi::Array::New(env, info.missingOptional.size());
  for (size_t i = 0; i < info.missingOptional.size(); ++i) missing.Set(static_cast<uint32_t>(i), info.missingOptional[i]);
  o.Set("missingOptional", missing);
  auto strings = [&](const std::vector<std::string> &list) {
    Napi::Array a = Napi::Array::New(env, list.size());
    for (size_t i = 0; i < list.size(); ++i) a.Set(static_cast<uint32_t>(i), list[i]);
    return a;
  };
  o.Set("runtimeLibraries", strings(info.runtimeLibraries));
  o.Set("runtimeErrors", strings(info.runtimeErrors));
  return o;
}

Napi::Value Load(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  LoadRequest request;
  if (info.Length() < 1 || !info[0].IsObject()) throw Napi::TypeError::New(env, "options must be an object");
  {
    Napi::Object o = info[0].As<Napi::Object>();
    auto str = [&](const char *key) {
      Napi::Value v = o.Get(key);
      if (v.IsUndefined() || v.IsNull()) return std::string();
      if (!v.IsString()) throw Napi::TypeError::New(env, std::string(key) + " must be a string");
      return v.As<Napi::String>().Utf8Value();
    };
    request.path = str("path");
    request.symbolPrefix = str("symbolPrefix");
    std::string ignored = str("ignoreSymbols");
    for (size_t start = 0; start < ignored.size();) {
      size_t comma = ignored.find(',', start);
      if (comma == std::string::npos) comma = ignored.size();
      if (comma > start) request.ignoredSymbols.push_back(ignored.substr(start, comma - start));
      start = comma + 1;
    }
  }
  try {
    return InfoToJs(env, SdkLibrary::Load(request));
  } catch (const std::runtime_error &e) {
    throw Napi::Error::New(env, e.what());
  }
}

Napi::Value Info(const Napi::CallbackInfo &info) {
  if (!SdkLibrary::IsLoaded()) return info.Env().Null();
  return InfoToJs(info.Env(), SdkLibrary::Info());
}

Napi::Value Pump(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), static_cast<double>(AddonData::Of(info.Env()).state->Pump(info.Env())));
}

Napi::Value DefaultScopes(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (!SdkLibrary::IsLoaded()) throw Napi::Error::New(env, "the SDK library is not loaded");
  Napi::Object o = Napi::Object::New(env);
  o.Set("communication", platformpp::Client::GetDefaultCommunicationScopes());
  o.Set("presence", platformpp::Client::GetDefaultPresenceScopes());
  return o;
}

// defaultAudioDeviceId() → the id that selects the system's default device (a static of Client).
Napi::Value DefaultAudioDeviceId(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (!SdkLibrary::IsLoaded()) throw Napi::Error::New(env, "the SDK library is not loaded");
  return Napi::String::New(env, platformpp::Client::GetDefaultAudioDeviceId());
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  auto data = std::make_unique<AddonData>();
  data->state = EnvState::Create(env);
  exports.Set("AuthorizationArgs", AuthorizationArgsWrap::Init(env, &data->authorizationArgs));
  exports.Set("NativeClient", ClientWrap::Init(env));
  env.SetInstanceData<AddonData>(data.release());  // owned by the environment from here on
  exports.Set("load", Napi::Function::New<Load>(env, "load"));
  exports.Set("sdkInfo", Napi::Function::New<Info>(env, "sdkInfo"));
  exports.Set("pump", Napi::Function::New<Pump>(env, "pump"));
  exports.Set("defaultScopes", Napi::Function::New<DefaultScopes>(env, "defaultScopes"));
  exports.Set("defaultAudioDeviceId", Napi::Function::New<DefaultAudioDeviceId>(env, "defaultAudioDeviceId"));
  exports.Set("sim", SimulatorControlExports(env));
#ifdef PLATFORM_BENCH_HOOKS
  exports.Set("bench", BenchExports(env));
#endif
  return exports;
}

}  // namespace

}  // namespace psdk

static Napi::Object InitModule(Napi::Env env, Napi::Object exports) { return psdk::Init(env, exports); }

NODE_API_MODULE(platform_social_sdk, InitModule)
