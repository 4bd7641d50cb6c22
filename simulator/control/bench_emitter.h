// bench_emitter.h — the timed emitter of the benchmark controls (PlatformSim_BenchStartEmitter /
// PlatformSim_BenchStopEmitter): one simulator-owned thread that sends lobby messages at a steady
// rate, each stamped with the moment it was sent, so a binding can measure the time from the
// platform emitting an event to its listener running.
//
// Why a thread of its own: the floods queue everything due at once, which measures throughput
// but not latency; latency needs events arriving spread over time, independent of the thread
// that pumps callbacks.
//
// Pacing: event i is due at start + i / rate on std::chrono::steady_clock. The thread sleeps until
// the next event is due but wakes at most about once per millisecond, and each wake sends every
// event that has become due, so rates far above 1,000/s keep their average. Each send takes the
// world lock on its own, like a backend call (World lock NOT held by callers of this header).
#pragma once

#include <cstdint>
#include <string>

namespace psim::bench {

// Metadata key carrying the emission time: decimal nanoseconds of std::chrono::steady_clock
// (CLOCK_MONOTONIC on Linux), read right before the message is queued, under the world lock.
inline constexpr const char *kEmittedNsKey = "benchEmittedNs";
inline constexpr double kMaxEventsPerSecond = 1e6;

struct EmitterParams {
    uint64_t authorId = 0;
    uint64_t lobbyId = 0;
    double eventsPerSecond = 0;
    int64_t count = 0;
    std::string content;
};

// Checks the arguments (the author must be a member of the lobby, the content must pass the
// message rules) and starts the thread. false + *err ("<HTTP status>: reason") on bad arguments
// or while another emitter is still sending (409).
bool startEmitter(EmitterParams params, std::string *err);

// Stops the running emitter, if any, and joins its thread. Returns how many messages the most
// recently started emitter sent (0 when none was started). Called by PlatformSim_Reset, and at
// library unload / process exit, so that no emitter thread outlives the world it sends into.
int64_t stopEmitter();

}  // namespace psim::bench
