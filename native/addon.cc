// Module entry: per-environment state, SDK loading, the pump entry point and the wrapped classes.
//
// Exports (consumed by lib/native.ts):
//   load({ sdkPath?, envPath?, symbolPrefix? }) → SdkInfo   loads the SDK library once per process
//   sdkInfo() → SdkInfo | null
//   pump()                       Platform_RunCallbacks + dispatch of captured events to JS
//                                (a wake-up from an SDK thread runs the same pump natively)
//   defaultScopes() → { communication, presence }
//   defaultAudioDeviceId() → string
//   NativeClient, AuthorizationArgs, sim
#include <napi.h>

#include <cstdlib>
#include <string>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <dlfcn.h>
#endif

#include "addon_data.h"
#include "authorization_args_wrap.h"
#include "bench_exports.h"
#include "client_wrap.h"
#include "js_convert.h"
#include "platformpp_bound.h"
#include "sdk_library.h"
#include "simulator_control.h"
#include "utf8_path.h"

namespace psdk {

namespace {

// The folder this .node file was loaded from (UTF-8): the bundled simulator lives beside it.
std::string AddonDirectory() {
  std::string path;
#if defined(_WIN32)
  // Wide API: the package may be installed below a user folder with non-ASCII letters, which the
  // ANSI code page cannot spell; the buffer grows past MAX_PATH for long paths.
  HMODULE module = nullptr;
  if (GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                         reinterpret_cast<LPCWSTR>(&AddonDirectory), &module)) {
    std::wstring buf(MAX_PATH, L'\0');
    for (;;) {
      DWORD n = GetModuleFileNameW(module, buf.data(), static_cast<DWORD>(buf.size()));
      if (n == 0) break;
      if (n < buf.size()) {
        buf.resize(n);
        return PathToUtf8(std::filesystem::path(buf).parent_path());
      }
      if (buf.size() >= 32768) break;
      buf.resize(buf.size() * 2);
    }
  }
  auto slash = path.find_last_of("\\/");
#else
  Dl_info info{};
  if (dladdr(reinterpret_cast<void *>(&AddonDirectory), &info) && info.dli_fname) path = info.dli_fname;
  auto slash = path.find_last_of('/');
#endif
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

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
  request.addonDirectory = AddonDirectory();
  if (info.Length() > 0 && info[0].IsObject()) {
    Napi::Object o = info[0].As<Napi::Object>();
    auto str = [&](const char *key) {
      Napi::Value v = o.Get(key);
      if (v.IsUndefined() || v.IsNull()) return std::string();
      if (!v.IsString()) throw Napi::TypeError::New(env, std::string(key) + " must be a string");
      return v.As<Napi::String>().Utf8Value();
    };
    request.explicitPath = str("sdkPath");
    request.envPath = str("envPath");
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
  exports.Set("bench", BenchExports(env));
  return exports;
}

}  // namespace

}  // namespace psdk

static Napi::Object InitModule(Napi::Env env, Napi::Object exports) { return psdk::Init(env, exports); }

NODE_API_MODULE(platform_social_sdk, InitModule)
