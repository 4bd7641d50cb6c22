// clock.h — the simulated clock and snowflake ids.
//
// Simulated time (ms since the Unix epoch) = wall-clock time at process start + real monotonic
// time elapsed since then (unless frozen) + an offset that PlatformSim_ClockAdvance grows.
// It never moves backwards. Reading it and taking a snowflake take no lock (atomics); advance and
// setFrozen serialise on a leaf mutex that may be taken under the world lock.
#pragma once

#include <cstdint>

namespace psim::clock {

// now() never exceeds kMaxTimeMs; advance() past it stops the clock there (callers refuse first).
uint64_t now() noexcept;
void advance(uint64_t ms) noexcept;
void setFrozen(bool frozen) noexcept;
bool frozen() noexcept;

// Platform epoch of snowflakes: 2015-01-01T00:00:00Z.
inline constexpr uint64_t kSnowflakeEpochMs = 1420070400000ULL;
// The simulated clock stops here (2154-05-15T07:35:11.103Z): the last millisecond a snowflake's
// 42-bit time field holds. Every time the simulator hands out (an expiry a week later included)
// thus stays far inside JavaScript's Date range. lib/testing.ts (MAX_SIMULATED_TIME_MS) mirrors it.
inline constexpr uint64_t kMaxTimeMs = kSnowflakeEpochMs + (uint64_t{1} << 42) - 1;
// JavaScript's Date range ends here: a time a fixture or a user hands over may not pass it.
inline constexpr uint64_t kMaxDateMs = 8640000000000000ULL;

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
