// clock.cc — see clock.h.
//
// Every delivered message reads the clock and every stored one takes a snowflake, so the readers
// take no lock (issue 19: a pthread mutex pair each, ~270 instructions per message). The rare
// writers (advance, setFrozen) still serialise on a mutex and publish their fields under a
// sequence count that a reader retries on. Snowflakes are one atomic id: the next one is
// max(last + 1, ms << 22), which is the old "same ms: increment, carry into the ms part on
// overflow" rule in one compare-and-swap, so two threads can never get the same id.
#include "clock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <mutex>
#include <thread>

namespace psim::clock {
namespace {

struct ClockState {
    std::mutex writerMu;           // advance / setFrozen only
    std::atomic<uint64_t> seq{0};  // odd while a writer changes the fields below
    const uint64_t wallStartMs = static_cast<uint64_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::system_clock::now().time_since_epoch())
            .count());
    const std::chrono::steady_clock::time_point steadyStart = std::chrono::steady_clock::now();
    std::atomic<uint64_t> offsetMs{0};
    std::atomic<bool> isFrozen{false};
    std::atomic<uint64_t> frozenRealMs{0};  // real elapsed time at the moment of freezing
    std::atomic<uint64_t> skippedMs{0};     // real time spent frozen (never more than the real elapsed time)
    std::atomic<uint64_t> lastNow{0};       // guards against going backwards
    std::atomic<uint64_t> lastSnowflake{0};
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

// The writers' fields as one consistent set, with the real elapsed time read inside the same
// window (a seqlock read; every field is an atomic, so a torn read is retried, never undefined).
// Reading the real time after the window let a reader that saw "not frozen", then was preempted,
// compute an instant past the one a freeze published meanwhile and move lastNow (so the frozen
// clock) forward.
struct Params {
    uint64_t offsetMs, frozenRealMs, skippedMs, realMs;
    bool isFrozen;
};

Params readParams(const ClockState &s) {
    for (unsigned spins = 0;; ++spins) {
        const uint64_t before = s.seq.load(std::memory_order_acquire);
        // Acquire loads: the second read of `seq` cannot move before them, and a field a writer
        // stored (release) brings that writer's odd `seq` with it. No fences: TSan has none.
        Params p{s.offsetMs.load(std::memory_order_acquire), s.frozenRealMs.load(std::memory_order_acquire),
                 s.skippedMs.load(std::memory_order_acquire), 0, s.isFrozen.load(std::memory_order_acquire)};
        if (!p.isFrozen) p.realMs = realElapsedMs(s);
        if ((before & 1) == 0 && s.seq.load(std::memory_order_seq_cst) == before) return p;
        // A writer is mid-change: let it run rather than spin against it on a busy core.
        if (spins >= 16) std::this_thread::yield();
    }
}

// Runs f (which reads the real time and stores the fields) as one change that readers see whole.
// Under writerMu. The odd count is stored (seq_cst) before f reads the real time, so a reader
// whose window this change did not overlap read the real time no later than the writer does:
// no reader's instant is past the one a freeze publishes.
template <class F>
void publish(ClockState &s, F &&f) {
    const uint64_t v = s.seq.load(std::memory_order_relaxed);
    s.seq.store(v + 1, std::memory_order_seq_cst);
    f();  // release stores: a reader that sees one sees the odd count too
    s.seq.store(v + 2, std::memory_order_release);
}

}  // namespace

uint64_t now() noexcept {
    auto &s = state();
    const Params p = readParams(s);
    const uint64_t real = (p.isFrozen ? p.frozenRealMs : p.realMs) - p.skippedMs;
    const uint64_t t = std::min(kMaxTimeMs, satAdd(satAdd(s.wallStartMs, real), p.offsetMs));
    uint64_t last = s.lastNow.load(std::memory_order_relaxed);
    while (t > last) {
        if (s.lastNow.compare_exchange_weak(last, t, std::memory_order_relaxed)) return t;
    }
    return last;
}

void advance(uint64_t ms) noexcept {
    auto &s = state();
    std::lock_guard lk(s.writerMu);
    const uint64_t offset = satAdd(s.offsetMs.load(std::memory_order_relaxed), ms);
    publish(s, [&] { s.offsetMs.store(offset, std::memory_order_release); });
}

void setFrozen(bool frozen) noexcept {
    auto &s = state();
    std::lock_guard lk(s.writerMu);
    if (frozen == s.isFrozen.load(std::memory_order_relaxed)) return;
    publish(s, [&] {
        const uint64_t real = realElapsedMs(s);
        if (frozen) {
            s.frozenRealMs.store(real, std::memory_order_release);
        } else {
            // Resume from the frozen instant: the real time that passed while frozen is not added.
            const uint64_t frozenAt = s.frozenRealMs.load(std::memory_order_relaxed);
            s.skippedMs.fetch_add(real > frozenAt ? real - frozenAt : 0, std::memory_order_release);
        }
        s.isFrozen.store(frozen, std::memory_order_release);
    });
}

bool frozen() noexcept {
    return state().isFrozen.load(std::memory_order_acquire);
}

void reserveSnowflakesThrough(uint64_t id) noexcept {
    auto &s = state();
    uint64_t last = s.lastSnowflake.load(std::memory_order_relaxed);
    while (id > last && !s.lastSnowflake.compare_exchange_weak(last, id, std::memory_order_relaxed)) {
    }
}

uint64_t nextSnowflake() noexcept { return nextSnowflakeAt(now()); }

uint64_t nextSnowflakeAt(uint64_t t) noexcept {
    auto &s = state();
    const uint64_t ms = t > kSnowflakeEpochMs ? t - kSnowflakeEpochMs : 0;
    // id 0 stays reserved: last + 1 is at least 1 (only a clock before 2015 gives ms 0).
    uint64_t last = s.lastSnowflake.load(std::memory_order_relaxed);
    uint64_t id = 0;
    do {
        id = std::max(last + 1, ms << 22);
    } while (!s.lastSnowflake.compare_exchange_weak(last, id, std::memory_order_relaxed));
    return id;
}

}  // namespace psim::clock
