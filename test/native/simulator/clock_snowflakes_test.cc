// The simulator's clock and snowflake ids taken on several threads at once (clock.cc reads and
// takes them without a lock). This file links its own copy of clock.cc (CMakeLists.txt; the
// library's copy is hidden), so the frozen clock and the ids here are this test's alone: every id
// must be unique across threads, strictly increasing on each thread, and carry into the next ms
// when the 22-bit increment overflows, carry a given time (nextSnowflakeAt) unless that is behind
// the last id; the clock must never go backwards, and it stops at its end (kMaxTimeMs).
#include <algorithm>
#include <thread>
#include <vector>

#include "clock.h"
#include "harness.h"

namespace {

constexpr uint64_t kIncrementMask = (uint64_t{1} << 22) - 1;

}  // namespace

void testClockSnowflakes() {
    namespace clk = psim::clock;
    clk::setFrozen(true);
    CHECK(clk::frozen());
    const uint64_t t0 = clk::now();
    CHECK_EQ(clk::now(), t0);

    // Frozen: every id of the same ms, so the threads race on the increment itself.
    constexpr int kThreads = 4, kIds = 50000;
    std::vector<std::vector<uint64_t>> ids(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&mine = ids[t]] {
            mine.reserve(kIds);
            for (int i = 0; i < kIds; ++i) mine.push_back(psim::clock::nextSnowflake());
        });
    }
    for (auto &th : threads) th.join();
    std::vector<uint64_t> all;
    int notIncreasing = 0;
    for (const auto &mine : ids) {
        for (size_t i = 1; i < mine.size(); ++i) notIncreasing += mine[i] <= mine[i - 1];
        all.insert(all.end(), mine.begin(), mine.end());
    }
    CHECK_EQ(notIncreasing, 0);
    std::sort(all.begin(), all.end());
    CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
    CHECK(all.front() != 0);
    CHECK_EQ(all.front() >> 22, t0 - clk::kSnowflakeEpochMs);

    // The increment carries into the ms part; a reserved id is never handed out again.
    const uint64_t lastOfMs = ((t0 - clk::kSnowflakeEpochMs + 5) << 22) | kIncrementMask;
    clk::reserveSnowflakesThrough(lastOfMs);
    CHECK_EQ(clk::nextSnowflake(), lastOfMs + 1);
    clk::reserveSnowflakesThrough(lastOfMs - 100);  // lower: changes nothing
    CHECK_EQ(clk::nextSnowflake(), lastOfMs + 2);

    // At a given time (a message's sentAt): that time in the ms part, never below the last id.
    const uint64_t later = t0 + 1000;
    const uint64_t atLater = clk::nextSnowflakeAt(later);
    CHECK_EQ(atLater, (later - clk::kSnowflakeEpochMs) << 22);
    CHECK_EQ(clk::nextSnowflakeAt(later), atLater + 1);
    CHECK_EQ(clk::nextSnowflakeAt(t0), atLater + 2);  // an earlier time: still after the last
    CHECK_EQ(clk::nextSnowflake(), atLater + 3);      // the clock (t0 + 5) is behind too

    // Readers on threads while another advances and unfreezes: nobody sees the clock go back.
    std::atomic<int> backwards{0};
    std::atomic<bool> stop{false};
    std::vector<std::thread> readers;
    for (int t = 0; t < 2; ++t) {
        readers.emplace_back([&] {
            uint64_t prev = psim::clock::now();
            while (!stop.load()) {
                const uint64_t n = psim::clock::now();
                backwards += n < prev;
                prev = n;
            }
        });
    }
    for (int i = 0; i < 2000; ++i) {
        clk::advance(1);
        if (i % 500 == 0) clk::setFrozen(i % 1000 != 0);
    }
    stop = true;
    for (auto &th : readers) th.join();
    CHECK_EQ(backwards.load(), 0);
    clk::setFrozen(true);
    CHECK(clk::now() >= t0 + 2000);

    // The end of simulated time (last, as it cannot be undone): an advance of any size, even one
    // that would wrap the offset, stops the clock at kMaxTimeMs, the last instant a snowflake's
    // 42-bit time field holds; ids taken there still increase and keep that time.
    clk::advance(UINT64_MAX);
    CHECK_EQ(clk::now(), clk::kMaxTimeMs);
    clk::advance(UINT64_MAX);
    clk::setFrozen(false);
    CHECK_EQ(clk::now(), clk::kMaxTimeMs);
    const uint64_t a = clk::nextSnowflake(), b = clk::nextSnowflake();
    CHECK(b > a);
    CHECK_EQ(a >> 22, clk::kMaxTimeMs - clk::kSnowflakeEpochMs);
    CHECK(clk::kMaxTimeMs < clk::kMaxDateMs);
}
