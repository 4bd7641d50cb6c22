// simulator_control_host.cc: the world host controls (platform_sim.h, "world host"): sim.hostStart /
// hostStop / hostPeers / joinedPeerId. lib/world-host.ts validates every argument first; these
// check them again (types and ranges) so that native code is safe alone.
#include <string>

#include "values/js_convert.h"
#include "simulator_binding/simulator_control.h"

namespace psdk {
namespace simctl {
namespace {

// hostStart(host, port) → the PLATFORM_SIM_HOST value. It holds the host's token: it goes to JS
// and nowhere else (no log line, no error text).
Napi::Value HostStart(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  std::string host = ArgString(info, 0, "host");
  if (host.size() > 255) throw Napi::RangeError::New(env, "host must have at most 255 characters");
  const uint32_t port = ArgUint32(info, 1, "port", 0, 65535);
  Platform_String out{};
  if (!sim.PlatformSim_HostStart(View(host), port, &out)) ThrowLastError(env, "host.start");
  std::string address = Take(out);
  return Napi::String::New(env, address);
}

Napi::Value HostStop(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_HostStop();
  return info.Env().Undefined();
}

// hostPeers() → JSON text (lib/world-host.ts parses it); never the token.
Napi::Value HostPeers(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  Platform_String out{};
  sim.PlatformSim_HostPeers(&out);
  std::string text = Take(out);
  return Napi::String::New(info.Env(), text);
}

Napi::Value JoinedPeerId(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), Sim(info.Env()).PlatformSim_JoinedPeerId());
}

}  // namespace

void AddHostControls(Napi::Env env, Napi::Object &exports) {
  exports.Set("hostStart", Napi::Function::New<HostStart>(env, "hostStart"));
  exports.Set("hostStop", Napi::Function::New<HostStop>(env, "hostStop"));
  exports.Set("hostPeers", Napi::Function::New<HostPeers>(env, "hostPeers"));
  exports.Set("joinedPeerId", Napi::Function::New<JoinedPeerId>(env, "joinedPeerId"));
}

}  // namespace simctl
}  // namespace psdk
