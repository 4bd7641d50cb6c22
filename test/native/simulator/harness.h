// Shared harness for the simulator's C ABI tests (platform_sim_abi_tests).
// It checks the ownership rules every test relies on: each Platform_String the SDK hands out is
// owned by the caller and released with Platform_Free (S() does that and checks ptr != NULL), each
// Platform_ClientResult passed to a callback is adopted and dropped exactly once (R()), and every
// callback's userData is released through its fn_free (countFree / g_freed count those calls).
// The areas run in a fixed order from main.cc and share one simulated world (g_app, g_alice,
// g_bob) and one frozen clock that step() advances.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>
#include "platform_sim.h"

inline std::atomic<int> g_failures{0}, g_checks{0};
// Every check site (file, line) that ran at least once. How often a check runs varies from run to
// run (checks in loops that wait, threads), which sites ran does not: the joined run is compared
// site by site with an in-process run that skips what a joined one skips (writeCheckSites below;
// test/world-host-abi.test.ts), so a check lost in a joined process cannot hide in a count.
inline std::mutex g_sitesMutex;
inline std::set<std::pair<const char *, int>> g_sites;  // __FILE__ is one literal per source file
inline void noteCheck(const char *file, int line) {
    ++g_checks;
    std::lock_guard lk(g_sitesMutex);
    g_sites.emplace(file, line);
}
#define CHECK(cond) do { noteCheck(__FILE__, __LINE__); if (!(cond)) { ++g_failures; std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); } } while (0)
#define CHECK_EQ(a, b) do { noteCheck(__FILE__, __LINE__); auto _a = (a); auto _b = (b); if (!(_a == _b)) { ++g_failures; std::printf("FAIL %s:%d: %s == %s\n", __FILE__, __LINE__, #a, #b); } } while (0)
// With PSIM_CHECK_SITES=<file>: every site that ran, one "file:line" a line, sorted, into that file.
inline void writeCheckSites() {
    const char *out = std::getenv("PSIM_CHECK_SITES");
    if (out == nullptr || *out == '\0') return;
    std::set<std::string> lines;
    {
        std::lock_guard lk(g_sitesMutex);
        for (const auto &[file, line] : g_sites) lines.insert(std::string(file) + ":" + std::to_string(line));
    }
    if (FILE *f = std::fopen(out, "w")) {
        for (const auto &l : lines) std::fprintf(f, "%s\n", l.c_str());
        std::fclose(f);
    }
    std::printf("%zu check sites\n", lines.size());
}

// A joined process (PLATFORM_SIM_HOST set: the world is a host's, every call goes through the
// proxy): a few checks are about this process's own simulator and do not apply. Each is skipped by
// name with skipWhenJoined, never silently: main() prints how many, and docs/simulator.md ("Checks
// that do not apply in a joined process") lists every name and why (test/world-host-abi.test.ts
// compares the two).
// PSIM_AS_JOINED=1 runs in-process as a joined process would (its skips, its fewer rounds), for
// the comparison of check sites.
inline std::atomic<int> g_skipped{0};
inline bool joinedProcess() {
    static const bool joined = PlatformSim_JoinedPeerId() != 0 || (std::getenv("PSIM_AS_JOINED") != nullptr && std::string(std::getenv("PSIM_AS_JOINED")) == "1");
    return joined;
}
// True, after a "SKIP <name>: <why>" line, when the named checks do not apply in this process.
inline bool skipWhenJoined(const char *name, const char *why) {
    if (!joinedProcess()) return false;
    ++g_skipped;
    std::printf("SKIP %s: %s\n", name, why);
    return true;
}
// The rounds of a stress loop: `joined` of them in a joined process (each call a round trip to the
// host), after a "FEWER <name>: <joined> of <inProcess> rounds: <why>" line; never silently.
inline int roundsWhenJoined(const char *name, int inProcess, int joined, const char *why) {
    if (!joinedProcess()) return inProcess;
    std::printf("FEWER %s: %d of %d rounds: %s\n", name, joined, inProcess, why);
    return joined;
}

// The simulated world created by main() before any area runs.
inline uint64_t g_app = 0, g_alice = 0, g_bob = 0;

inline Platform_String P(const std::string &s) { return {(uint8_t *)s.data(), s.size()}; }
inline std::string S(Platform_String s) { std::string r(s.ptr ? (const char *)s.ptr : "", s.size); CHECK(s.ptr != nullptr); Platform_Free(s.ptr); return r; }

struct Res {
    int type = -1; std::string error; int code = 0; int status = 0; bool ok = false; bool retryable = false;
    float retryAfter = 0; std::string body; std::string str;
};
inline Res R(Platform_ClientResult *r) {
    Res x;
    Platform_ClientResult owned = *r;  // adopt
    x.type = Platform_ClientResult_Type(&owned);
    Platform_String s; Platform_ClientResult_Error(&owned, &s); x.error = S(s);
    x.code = Platform_ClientResult_ErrorCode(&owned);
    x.status = Platform_ClientResult_Status(&owned);
    x.ok = Platform_ClientResult_Successful(&owned);
    x.retryable = Platform_ClientResult_Retryable(&owned);
    x.retryAfter = Platform_ClientResult_RetryAfter(&owned);
    Platform_ClientResult_ResponseBody(&owned, &s); x.body = S(s);
    Platform_ClientResult_ToString(&owned, &s); x.str = S(s);
    Platform_ClientResult_Drop(&owned);
    return x;
}

inline std::atomic<int> g_freed{0};
// A boxed closure passed as userData; fn_free deletes it.
template <class F> struct Box { F f; };
template <class F> void freeBox(void *p) { ++g_freed; delete static_cast<Box<F> *>(p); }

struct TokenRes { Res r; std::string access, refresh, scopes; int type = -1; int expiresIn = -1; bool called = false; };
struct Triple { void *fn; Platform_FreeFn free; void *ud; };

inline void tokenCb(Platform_ClientResult *r, Platform_String a, Platform_String rt, Platform_AuthorizationTokenType t, int32_t e, Platform_String sc, void *ud) {
    auto *out = static_cast<TokenRes *>(ud);
    out->r = R(r); out->access = S(a); out->refresh = S(rt); out->type = t; out->expiresIn = e; out->scopes = S(sc); out->called = true;
}
inline void countFree(void *) { ++g_freed; }

struct AuthRes { Res r; std::string code, redirect; bool called = false; };
inline void authCb(Platform_ClientResult *r, Platform_String c, Platform_String u, void *ud) {
    auto *o = static_cast<AuthRes *>(ud); o->r = R(r); o->code = S(c); o->redirect = S(u); o->called = true;
}
struct SimpleRes { Res r; bool called = false; int calls = 0; };
inline void simpleCb(Platform_ClientResult *r, void *ud) { auto *o = static_cast<SimpleRes *>(ud); o->r = R(r); o->called = true; ++o->calls; }

struct StatusLog { std::vector<std::tuple<int, int, int>> events; };
inline void statusCb(Platform_Client_Status s, Platform_Client_Error e, int32_t d, void *ud) {
    static_cast<StatusLog *>(ud)->events.emplace_back(s, e, d);
}

// A log callback's userData. `released` counts its fn_free calls (logSinkFree): a delivery already
// in flight when Client_Drop runs may still finish after Drop returns, and the SDK releases the
// triple after it, so the sink must outlive that release (waitReleased), not just the Drop.
struct LogSink {
    std::mutex mu; std::vector<std::pair<std::string, int>> lines; std::thread::id lastThread;
    std::atomic<int> released{0};
    // Bounded wait until fn_free ran `n` times; false when it did not within 5 s.
    bool waitReleased(int n = 1) {
        for (int i = 0; i < 500 && released.load() < n; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        return released.load() >= n;
    }
};
inline void logSinkFree(void *ud) { ++g_freed; ++static_cast<LogSink *>(ud)->released; }
inline void logCb(Platform_String m, Platform_LoggingSeverity s, void *ud) {
    auto *l = static_cast<LogSink *>(ud);
    std::lock_guard lk(l->mu);
    l->lines.emplace_back(S(m), s);
    l->lastThread = std::this_thread::get_id();
}

inline void step(uint64_t ms) { PlatformSim_ClockAdvance(ms); Platform_RunCallbacks(); }
// Until the log thread has delivered every line emitted so far (PlatformSim_LogsIdle), at most
// 10 s: a fixed 50 ms sleep lost lines on a loaded machine (the Windows lane under wine).
inline void settleLogs() {
    for (int i = 0; i < 10000 && !PlatformSim_LogsIdle(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// A client with a status recorder and a Verbose log sink; dropped on scope exit.
struct Client {
    Platform_Client c{};
    StatusLog status;
    LogSink logs;
    explicit Client(uint64_t app) {
        Platform_Client_Init(&c);
        Platform_Client_SetApplicationId(&c, app);
        Platform_Client_SetStatusChangedCallback(&c, statusCb, countFree, &status);
        Platform_Client_AddLogCallback(&c, logCb, logSinkFree, &logs, Platform_LoggingSeverity_Verbose);
    }
    Client(const Client &) = delete;
    Client &operator=(const Client &) = delete;
    ~Client() { Platform_Client_Drop(&c); CHECK(logs.waitReleased()); }
};

// harness.cc: PKCE verifier/challenge pair, Authorize (result kept in one static AuthRes, delivered
// after step_ms of simulated time unless step_ms is 0), GetToken delivered after 20 ms.
std::pair<std::string, std::string> makeVerifier(Platform_Client *c);
AuthRes &authorize(Platform_Client *c, const std::string &challenge, uint64_t step_ms = 20, const char *scheme = nullptr);
// Gives the client a freshly issued token for `user` (in g_app), walks Connect to the end and
// returns the access token.
std::string connectWithIssuedToken(Platform_Client *c, uint64_t user);
TokenRes getToken(Platform_Client *c, uint64_t app, const std::string &code, const std::string &verifier, const std::string &redirect);

// The areas, in the order main() runs them (later areas depend on the world state earlier ones leave).
void testStatics();                // statics_test.cc
void testAllocBlocks();            // alloc_blocks_test.cc
void testClockSnowflakes();        // clock_snowflakes_test.cc
void testRegistrySlots();          // registry_slots_test.cc
void testMessageCacheRing();       // message_cache_ring_test.cc
void testAuthFlow();               // auth_flow_test.cc
void testProvisionalMergeBan();    // provisional_test.cc
void testNetwork();                // network_consent_test.cc
void testConsentVariants();        // network_consent_test.cc
void testChildTokens();            // provisional_test.cc
void testDropAndCounts();          // lifecycle_robustness_test.cc
void testRobustness();             // lifecycle_robustness_test.cc
void testLogDirAndFilter();        // logging_threads_test.cc
void testReentrancyAndThreads();   // logging_threads_test.cc
void testMoreFlows();              // logging_threads_test.cc
void testReset();                  // lifecycle_robustness_test.cc
// Chat areas (chat_harness.h): each starts from a fresh platform (PlatformSim_Reset) of its own.
void testLobbies();                // lobbies_test.cc
void testMessages();               // messages_test.cc
void testHistory();                // history_test.cc
void testHistorySpanViews();       // history_span_test.cc
void testSpanRelease();            // span_release_test.cc (PlatformSim_LiveSpanCount)
void testSpanConcurrentDrops();    // span_threads_test.cc (for ThreadSanitizer: npm run test:tsan)
void testLobbyHistoryRing();       // lobby_history_ring_test.cc
void testGuilds();                 // guilds_test.cc
void testPresence();               // presence_test.cc
void testRelationships();          // relationships_test.cc
void testFixtures();               // fixtures_test.cc (world save/load/view)
void testRelationshipGroupsUpdated(); // relationship_groups_test.cc
void testRelationshipListViews();   // relationship_list_views_test.cc (the friends list's views)
void testEventsAfterDrop();        // events_after_drop_test.cc
void testCallbackCounts();         // callback_counts_test.cc (exact count per documented cause)
void testIndependentClients();     // independent_clients_test.cc (FFI/C clients: threads, re-entrancy, ownership)
void testBenchControls();          // bench_controls_test.cc
void testBenchEmitter();           // bench_emitter_test.cc
void leaveEmitterRunningAtExit();  // bench_emitter_test.cc (last: checks the library stops it at exit)
