// clock.cc — see clock.h.
#include "clock.h"

#include <chrono>
#include <limits>
#include <mutex>

namespace psim::clock {
namespace {

struct ClockState {
    std::mutex mu;
    const uint64_t wallStartMs = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::system_clock::now().time_since_epoch())
            .count());
    const std::chrono::steady_clock::time_point steadyStart = std::chrono::steady_clock::now();
    uint64_t offsetMs = 0;
    bool isFrozen = false;
    uint64_t frozenRealMs = 0;  // real elapsed time at the moment of freezing
    uint64_t skippedMs = 0;     // real time spent frozen (never more than the real elapsed time)
    uint64_t lastNow = 0;       // guards against going backwards
    uint64_t lastSnowflakeMs = 0;
    uint64_t sequence = 0;
};

// Immortal: other libraries' static destructors may still call into the SDK during exit.
ClockState &state() {
    static ClockState &s = *new ClockState;
    return s;
}

uint64_t realElapsedMs(const ClockState &s) {
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                     std::chrono::steady_clock::now() - s.steadyStart)
                                     .count());
}

uint64_t satAdd(uint64_t a, uint64_t b) {
    return (std::numeric_limits<uint64_t>::max() - a < b) ? std::numeric_limits<uint64_t>::max() : a + b;
}

uint64_t nowLocked(ClockState &s) {
    const uint64_t real = (s.isFrozen ? s.frozenRealMs : realElapsedMs(s)) - s.skippedMs;
    uint64_t t = satAdd(satAdd(s.wallStartMs, real), s.offsetMs);
    if (t < s.lastNow) t = s.lastNow;
    s.lastNow = t;
    return t;
}

}  // namespace

uint64_t now() noexcept {
    auto &s = state();
    std::lock_guard lk(s.mu);
    return nowLocked(s);
}

void advance(uint64_t ms) noexcept {
    auto &s = state();
    std::lock_guard lk(s.mu);
    s.offsetMs = satAdd(s.offsetMs, ms);
}

void setFrozen(bool frozen) noexcept {
    auto &s = state();
    std::lock_guard lk(s.mu);
    if (frozen == s.isFrozen) return;
    if (frozen) {
        s.frozenRealMs = realElapsedMs(s);
    } else {
        // Resume from the frozen instant: the real time that passed while frozen is not added.
        const uint64_t real = realElapsedMs(s);
        s.skippedMs += real > s.frozenRealMs ? real - s.frozenRealMs : 0;
    }
    s.isFrozen = frozen;
}

bool frozen() noexcept {
    auto &s = state();
    std::lock_guard lk(s.mu);
    return s.isFrozen;
}

void reserveSnowflakesThrough(uint64_t id) noexcept {
    auto &s = state();
    std::lock_guard lk(s.mu);
    const uint64_t ms = id >> 22, seq = id & ((uint64_t{1} << 22) - 1);
    if (ms > s.lastSnowflakeMs || (ms == s.lastSnowflakeMs && seq > s.sequence)) {
        s.lastSnowflakeMs = ms;
        s.sequence = seq;
    }
}

uint64_t nextSnowflake() noexcept {
    auto &s = state();
    std::lock_guard lk(s.mu);
    const uint64_t t = nowLocked(s);
    uint64_t ms = t > kSnowflakeEpochMs ? t - kSnowflakeEpochMs : 0;
    if (ms <= s.lastSnowflakeMs) {
        ms = s.lastSnowflakeMs;
        if (++s.sequence >= (uint64_t{1} << 22)) {
            ++ms;
            s.sequence = 0;
        }
    } else {
        s.sequence = 0;
    }
    s.lastSnowflakeMs = ms;
    uint64_t id = (ms << 22) | s.sequence;
    if (id == 0) {  // only possible with a clock before 2015; keep 0 reserved
        s.sequence = 1;
        id = 1;
    }
    return id;
}

}  // namespace psim::clock
