// clock.h — the simulated clock and snowflake ids.
//
// Simulated time (ms since the Unix epoch) = wall-clock time at process start + real monotonic
// time elapsed since then (unless frozen) + an offset that PlatformSim_ClockAdvance grows.
// It never moves backwards. Reading it and taking a snowflake take no lock (atomics); advance and
// setFrozen serialise on a leaf mutex that may be taken under the world lock.
#pragma once

#include <cstdint>

namespace psim::clock {

uint64_t now() noexcept;
void advance(uint64_t ms) noexcept;
void setFrozen(bool frozen) noexcept;
bool frozen() noexcept;

// Platform epoch of snowflakes: 2015-01-01T00:00:00Z.
inline constexpr uint64_t kSnowflakeEpochMs = 1420070400000ULL;

// ((ms since the platform epoch) << 22) | increment. Strictly increasing within the process,
// never 0, and unique even when the clock is frozen (the increment carries into the ms part), also
// across threads taking them at the same time.
uint64_t nextSnowflake() noexcept;
// The same with `t` (a simulated time already read, e.g. a WorldLock's now) as the time: a
// message's id carries its sentAt time, and a flood does not read the clock once more per
// message. Still strictly increasing and unique (t earlier than the last id's time: last + 1).
uint64_t nextSnowflakeAt(uint64_t t) noexcept;
// Ids from now on are greater than `id` (a world fixture brought ids made by another process).
void reserveSnowflakesThrough(uint64_t id) noexcept;

}  // namespace psim::clock
