// reset_hook.h — one function PlatformSim_Reset runs first, before it takes the world lock, set by
// code that only some builds of the library carry: the benchmark's timed emitter
// (bench_emitter.cc, PLATFORM_BENCH_HOOKS builds) stops its thread there. The shipped library
// has no such code, and its hook stays empty.
#pragma once

namespace psim {

using ResetHook = void (*)();

// Set once, at library load (a static initializer of the file that needs it).
void setBeforeResetHook(ResetHook hook) noexcept;
// Runs the hook, if any (PlatformSim_Reset, without the world lock).
void runBeforeResetHook();

}  // namespace psim
