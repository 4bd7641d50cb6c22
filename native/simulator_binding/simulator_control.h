// Bindings for the simulator's control ABI (platform_sim.h), exported to JS as `sim.*` and used
// by lib/testing.ts. Every function throws when the loaded library is not the simulator.
// simulator_control.cc: platform, auth, clock, network, moderation, backend, guilds, voice;
// simulator_control_social.cc: users' profiles, presence, invites, relationships;
// simulator_control_host.cc: the world host.
#pragma once

#include <string>

#include <napi.h>

#include "runtime/sdk_library.h"

namespace psdk {

Napi::Object SimulatorControlExports(Napi::Env env);

namespace simctl {

// A borrowed view of s (valid while s lives).
Platform_String View(const std::string &s);
// Copies a string the simulator allocated and frees it.
std::string Take(Platform_String s);
// The SDK table, or a clear error when the loaded library is not the simulator.
const SdkTable &Sim(Napi::Env env);
// Throws the simulator's own message for a failed control call.
[[noreturn]] void ThrowLastError(Napi::Env env, const char *what);
void AddSocialControls(Napi::Env env, Napi::Object &exports);
// simulator_control_fixtures.cc: world fixtures and the console's view.
void AddFixtureControls(Napi::Env env, Napi::Object &exports);
// simulator_control_host.cc: serving this process's world to others, and whether it joined one.
void AddHostControls(Napi::Env env, Napi::Object &exports);

}  // namespace simctl
}  // namespace psdk
