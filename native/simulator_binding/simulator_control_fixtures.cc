// simulator_control_fixtures.cc: sim.worldSave(withGrants) / worldLoad(json) / worldView() — the world
// as JSON text (lib/testing.ts parses and validates it; the simulator validates it again).
#include <string>

#include "values/js_convert.h"
#include "simulator_binding/simulator_control.h"

namespace psdk {
namespace simctl {
namespace {

// worldSave(withGrants?): lib/fixtures.ts validates the option.
Napi::Value WorldSave(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  const bool withGrants = info.Length() > 0 && info[0].IsBoolean() && info[0].As<Napi::Boolean>().Value();
  Platform_String out{};
  const bool ok = withGrants ? sim.PlatformSim_WorldSaveWithGrants(&out) : sim.PlatformSim_WorldSave(&out);
  if (!ok) ThrowLastError(info.Env(), "save");
  std::string text = Take(out);
  return Napi::String::New(info.Env(), text);
}

Napi::Value WorldView(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  Platform_String out{};
  if (!sim.PlatformSim_WorldView(&out)) ThrowLastError(info.Env(), "view");
  std::string text = Take(out);
  return Napi::String::New(info.Env(), text);
}

// worldLoad(json) → true, or a string: the simulator's reason (the caller throws a TypeError).
Napi::Value WorldLoad(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  std::string text = ArgString(info, 0, "json");
  if (sim.PlatformSim_WorldLoad(View(text))) return Napi::Boolean::New(env, true);
  Platform_String message{};
  sim.PlatformSim_LastError(&message);
  return Napi::String::New(env, Take(message));
}

}  // namespace

void AddFixtureControls(Napi::Env env, Napi::Object &exports) {
  exports.Set("worldSave", Napi::Function::New<WorldSave>(env, "worldSave"));
  exports.Set("worldLoad", Napi::Function::New<WorldLoad>(env, "worldLoad"));
  exports.Set("worldView", Napi::Function::New<WorldView>(env, "worldView"));
}

}  // namespace simctl
}  // namespace psdk
