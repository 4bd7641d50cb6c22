// Bindings for the simulator's control ABI (platform_sim.h), exported to JS as `sim.*` and used
// by lib/testing.ts. Every function throws when the loaded library is not the simulator.
#pragma once

#include <napi.h>

namespace psdk {

Napi::Object SimulatorControlExports(Napi::Env env);

}  // namespace psdk
