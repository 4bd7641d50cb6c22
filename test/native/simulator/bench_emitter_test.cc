// The timed emitter of the control ABI (PlatformSim_BenchStartEmitter / StopEmitter): argument
// checks, pacing (never ahead of the rate, all of `count` sent), emission stamps on the monotonic
// clock, stop and reset joining the thread, and an emitter left running at exit.
#include <cmath>
#include <limits>
#ifdef __linux__
#include <dirent.h>
#include <time.h>
#endif
#include "chat_harness.h"

namespace {

using namespace std::chrono;

// The clock the stamps promise: CLOCK_MONOTONIC on Linux (what Node's process.hrtime reads),
// steady_clock elsewhere.
uint64_t monoNs() {
#ifdef __linux__
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1000000000ULL + uint64_t(ts.tv_nsec);
#else
    return uint64_t(duration_cast<nanoseconds>(steady_clock::now().time_since_epoch()).count());
#endif
}

#ifdef __linux__
int threadCount() {
    int n = 0;
    if (DIR *d = opendir("/proc/self/task")) {
        while (const dirent *e = readdir(d)) n += e->d_name[0] != '.';
        closedir(d);
    }
    return n;
}
#endif

// Runs callbacks until `p` got `n` MessageCreated or 5 s passed.
void drainUntil(const Player &p, int n) {
    const auto until = steady_clock::now() + seconds(5);
    while (p.count("MessageCreated") < n && steady_clock::now() < until) {
        Platform_RunCallbacks();
        std::this_thread::sleep_for(milliseconds(2));
    }
    Platform_RunCallbacks();
}

}  // namespace

void testBenchEmitter() {
    const uint64_t app = freshChatWorld();
    const uint64_t alice = newUser("alice"), bob = newUser("bob"), carol = newUser("carol");
    CHECK_EQ(PlatformSim_BenchStopEmitter(), int64_t(0));  // none started: nothing sent
    Player a(app, alice), b(app, bob);
    const uint64_t lobby = joinLobby(a, "emit").id;
    CHECK(lobby != 0);
    CHECK(joinLobby(b, "emit").id == lobby);
    step(20);
    PlatformSim_NetworkSetLatency(0);  // delivered by the next RunCallbacks after the send
    a.clear(); b.clear();
    const std::string text = "tick";

    // Invalid arguments: nothing starts, LastError says why.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(!PlatformSim_BenchStartEmitter(bob, 424242, 100, 1, P(text)));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(!PlatformSim_BenchStartEmitter(carol, lobby, 100, 1, P(text)));  // not a member
    CHECK(lastError().rfind("404:", 0) == 0);
    for (double rate : {0.0, -5.0, nan, 2e6, std::numeric_limits<double>::infinity()}) {
        CHECK(!PlatformSim_BenchStartEmitter(bob, lobby, rate, 1, P(text)));
        CHECK(lastError().rfind("400:", 0) == 0);
    }
    for (int64_t count : {int64_t(0), int64_t(-3)}) {
        CHECK(!PlatformSim_BenchStartEmitter(bob, lobby, 100, count, P(text)));
        CHECK(lastError().rfind("400:", 0) == 0);
    }
    const std::string empty;
    CHECK(!PlatformSim_BenchStartEmitter(bob, lobby, 100, 1, P(empty)));  // content rules apply
    CHECK(lastError().rfind("400:", 0) == 0);
    CHECK_EQ(PlatformSim_BenchStopEmitter(), int64_t(0));

    // 200 messages at 2,000/s: each stamped on the monotonic clock, none sent before it was due
    // (message i not before start + i * 0.5 ms), all of them delivered once to both members.
    std::vector<uint64_t> stamps;
    std::vector<std::string> contents;
    a.onCreated = [&](Player &self, uint64_t id) {
        const std::optional<MsgInfo> m = cached(&self.c, id);
        if (!m) return stamps.push_back(0);
        auto it = m->md.find("benchEmittedNs");
        stamps.push_back(it == m->md.end() ? 0 : std::stoull(it->second));
        contents.push_back(m->content);
    };
    const uint64_t t0 = monoNs();
    CHECK(PlatformSim_BenchStartEmitter(bob, lobby, 2000, 200, P(text)));
    CHECK(!PlatformSim_BenchStartEmitter(bob, lobby, 2000, 200, P(text)));  // one at a time
    CHECK(lastError().rfind("409:", 0) == 0);
    drainUntil(a, 200);
    const uint64_t t1 = monoNs();
    CHECK_EQ(PlatformSim_BenchStopEmitter(), int64_t(200));
    CHECK_EQ(a.count("MessageCreated"), 200);
    CHECK_EQ(b.count("MessageCreated"), 200);
    CHECK_EQ(stamps.size(), size_t(200));
    CHECK(contents.size() == 200 && contents.front() == text && contents.back() == text);
    bool paced = stamps.size() == 200, ordered = true, inWindow = true;
    for (size_t i = 0; i < stamps.size(); ++i) {
        paced = paced && stamps[i] >= t0 + i * 500000ULL;
        inWindow = inWindow && stamps[i] >= t0 && stamps[i] <= t1;
        ordered = ordered && (i == 0 || stamps[i] >= stamps[i - 1]);
    }
    CHECK(paced);
    CHECK(inWindow);
    CHECK(ordered);
    CHECK(t1 - t0 >= 99500000ULL);  // 199 periods of 0.5 ms at least
    a.onCreated = nullptr;

    // A finished emitter is replaced by the next start; stopping mid-way joins the thread: what
    // was sent is delivered and nothing more comes. Never ahead of the rate (1,000/s: at most one
    // message per elapsed millisecond, plus the one due at once).
    a.clear(); b.clear();
    const auto s0 = steady_clock::now();
    CHECK(PlatformSim_BenchStartEmitter(bob, lobby, 1000, 1000000, P(text)));
    std::this_thread::sleep_for(milliseconds(60));
    const int64_t sent = PlatformSim_BenchStopEmitter();
    const double elapsedMs = duration<double, std::milli>(steady_clock::now() - s0).count();
    CHECK(sent >= 1);
    CHECK(double(sent) <= elapsedMs + 1);
    drainUntil(a, int(sent));
    std::this_thread::sleep_for(milliseconds(20));
    Platform_RunCallbacks();
    CHECK_EQ(int64_t(a.count("MessageCreated")), sent);
    CHECK_EQ(int64_t(b.count("MessageCreated")), sent);
    CHECK_EQ(PlatformSim_BenchStopEmitter(), sent);  // stopping again: same figure, nothing runs

    // 10,000/s with a wake-up at most every ~1 ms: the average rate holds (several per wake).
    a.clear();
    const auto h0 = steady_clock::now();
    CHECK(PlatformSim_BenchStartEmitter(bob, lobby, 10000, 2000, P(text)));
    drainUntil(a, 2000);
    const double highMs = duration<double, std::milli>(steady_clock::now() - h0).count();
    CHECK_EQ(PlatformSim_BenchStopEmitter(), int64_t(2000));
    CHECK_EQ(a.count("MessageCreated"), 2000);
    CHECK(highMs >= 199.9);   // not ahead of the rate
    CHECK(highMs < 2000);     // nor ten times behind it

#ifdef __linux__
    // The thread exists while sending and is gone after PlatformSim_Reset (no thread outlives
    // the world it sends into); the reset lobby is gone, so a new start fails.
    const int threads = threadCount();
    CHECK(PlatformSim_BenchStartEmitter(bob, lobby, 1000, 1000000, P(text)));
    CHECK_EQ(threadCount(), threads + 1);
    PlatformSim_Reset();
    CHECK_EQ(threadCount(), threads);
    const int64_t beforeReset = PlatformSim_BenchStopEmitter();
    CHECK(beforeReset >= 0 && beforeReset < 1000000);
    CHECK(!PlatformSim_BenchStartEmitter(bob, lobby, 1000, 1, P(text)));
    CHECK(lastError().rfind("404:", 0) == 0);
#endif
    Platform_RunCallbacks();
}

// Last area of the run: an emitter left sending when main() returns. The library's static
// destructor must stop and join it; a joinable std::thread destroyed at exit would call
// std::terminate after the summary line, and the run would end on SIGABRT instead of status 0.
void leaveEmitterRunningAtExit() {
    const uint64_t app = freshChatWorld();
    const uint64_t dave = newUser("dave");
    const uint64_t lobby = PlatformSim_BackendCreateLobby(app, P(std::string("")), Platform_Properties{0, nullptr, nullptr});
    CHECK(lobby != 0 && setMember(lobby, dave, nullptr, -1));
    CHECK(PlatformSim_BenchStartEmitter(dave, lobby, 1000, 1000000000, P(std::string("until exit"))));
}
