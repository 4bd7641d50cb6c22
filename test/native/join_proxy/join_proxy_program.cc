// platform_join_proxy_tests — one program, several roles, for test/join-proxy.test.ts, which runs a
// world host and processes that join it (docs/simulator.md, "One world for several processes"):
//   host                      serves a world (PlatformSim_HostStart) and answers commands on stdin:
//                             "peers" (PlatformSim_HostPeers), "live" (PlatformSim_LiveCallbackCount),
//                             "flood <user> <n>" (n direct messages to a user), "bigworld" (a world over 16 MiB), "quit"
//   roundtrip | completion | drop | callbacks | lobby <user> <secret> <send|wait> <text> | idle <user>
//   | hostdeath <user> | voice <user> <secret> <listen|speak> | flooded <user> | bigworld
//   | logdrop | lanedrop <lines> | dropdead <user> | toobig | localtag
//                                                                  joined (PLATFORM_SIM_HOST set by the test): one check each
//   hostile <address> <key>   speaks the link itself (the transport's sources are compiled in):
//                             garbage, then a call naming an object it was never given
// Each role prints "OK <role>" when every check held, "FAIL <what>" lines otherwise, and exits 1
// on a failure. Waits are bounded (a hung host fails the run instead of hanging it).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "ids.h"
#include "link.h"
#include "platform_sim.h"
#include "wire.h"

namespace {

int g_failures = 0;
#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            ++g_failures;                                                     \
            std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);       \
            std::fflush(stdout);                                              \
        }                                                                     \
    } while (0)

Platform_String P(const std::string &s) { return {reinterpret_cast<uint8_t *>(const_cast<char *>(s.data())), s.size()}; }
std::string S(Platform_String s) {
    std::string r(s.ptr != nullptr ? reinterpret_cast<const char *>(s.ptr) : "", s.size);
    Platform_Free(s.ptr);
    return r;
}
void say(const std::string &line) {
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
}
using Clock = std::chrono::steady_clock;
double msSince(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// Runs callbacks until `done()` or `ms` passed; true when done.
template <typename F>
bool pumpUntil(F done, int ms = 10000) {
    const auto start = Clock::now();
    while (!done()) {
        if (msSince(start) > ms) return false;
        Platform_RunCallbacks();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

std::atomic<int> g_freed{0};
void countFree(void *) { ++g_freed; }

// ---- a signed-in client -------------------------------------------------------------------------

struct Status {
    std::vector<int> statuses, errors;
    int last() const { return statuses.empty() ? -1 : statuses.back(); }
};
void statusCb(Platform_Client_Status s, Platform_Client_Error e, int32_t, void *ud) {
    static_cast<Status *>(ud)->statuses.push_back(s);
    static_cast<Status *>(ud)->errors.push_back(e);
}

// The application every process signs in to: the host made it and the test passes it on (JOIN_APP).
uint64_t appId() {
    const char *v = std::getenv("JOIN_APP");
    return v != nullptr ? std::stoull(v) : 0;
}

uint64_t userNamed(const std::string &name) { return PlatformSim_CreateUser(P(name), P(name), false); }

struct SignedIn {
    Platform_Client c{};
    Status status;
    std::string access;
    explicit SignedIn(uint64_t user) {
        Platform_Client_Init(&c);
        Platform_Client_SetApplicationId(&c, appId());
        Platform_Client_SetStatusChangedCallback(&c, statusCb, countFree, &status);
        Platform_String at{}, rt{};
        CHECK(PlatformSim_IssueToken(user, appId(), P(""), &at, &rt, nullptr));
        access = S(at);
        S(rt);
        Platform_Client_UpdateToken(&c, Platform_AuthorizationTokenType_Bearer, P(access), nullptr, nullptr, nullptr);
        Platform_Client_Connect(&c);
        CHECK(pumpUntil([&] { return status.last() == Platform_Client_Status_Ready; }));
    }
    ~SignedIn() { Platform_Client_Drop(&c); }
};

// FetchCurrentUser's completion: how often, with what result.
struct Fetched {
    int calls = 0;
    int type = -1;
    std::string error;
};
// A completion's result, recorded and dropped.
void record(Platform_ClientResult *r, void *ud) {
    auto *x = static_cast<Fetched *>(ud);
    ++x->calls;
    x->type = Platform_ClientResult_Type(r);
    Platform_String e{};
    Platform_ClientResult_Error(r, &e);
    x->error = S(e);
    Platform_ClientResult_Drop(r);
}
void fetchUser(SignedIn &s, Fetched *seen) {
    Platform_Client_FetchCurrentUser(
        &s.c, Platform_AuthorizationTokenType_Bearer, P(s.access),
        [](Platform_ClientResult *r, uint64_t, Platform_String name, void *ud) {
            record(r, ud);
            S(name);
        },
        countFree, seen);
}

// ---- roles ------------------------------------------------------------------------------------------

int host() {
    Platform_String addr{};
    if (!PlatformSim_HostStart(P(""), 0, &addr)) {
        Platform_String e{};
        PlatformSim_LastError(&e);
        say("FAIL HostStart: " + S(e));
        return 1;
    }
    say("APP " + std::to_string(PlatformSim_CreateApplication(P("join-proxy-test"), 0, 0, P(""))));
    say("ADDRESS " + S(addr));
    // A second host in one process is refused, with a reason.
    Platform_String again{};
    CHECK(!PlatformSim_HostStart(P(""), 0, &again));
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line == "peers") {
            Platform_String j{};
            PlatformSim_HostPeers(&j);
            say("PEERS " + S(j));
        } else if (line == "live") {
            say("LIVE " + std::to_string(PlatformSim_LiveCallbackCount()));
        } else if (line.rfind("flood ", 0) == 0) {
            // "flood <recipient> <n>": n direct messages to a user, sent by the backend here.
            const size_t space = line.find(' ', 6);
            const uint64_t recipient = std::stoull(line.substr(6, space - 6));
            const long n = std::stol(line.substr(space + 1));
            static const uint64_t author = userNamed("flooder");
            long sent = 0;
            for (long i = 0; i < n; ++i) sent += PlatformSim_BackendSendUserMessage(author, recipient, P("m"), nullptr) != 0 ? 1 : 0;
            say("FLOODED " + std::to_string(sent));
        } else if (line == "bigworld") {
            // A world whose document is over 16 MiB (what a joined process's call carries).
            const std::string display(240, 'x');
            for (int i = 0; i < 80000; ++i) CHECK(PlatformSim_CreateUser(P("bw" + std::to_string(i)), P(display), false) != 0);
            Platform_String doc{};
            CHECK(PlatformSim_WorldSave(&doc));
            say("BIGWORLD " + std::to_string(S(doc).size()));
        } else if (line == "quit") {
            break;
        }
    }
    PlatformSim_HostStop();
    Platform_String j{};
    PlatformSim_HostPeers(&j);
    CHECK(S(j) == "{\"serving\":false}");
    return g_failures == 0 ? 0 : 1;
}

int roundtrip() {
    CHECK(PlatformSim_JoinedPeerId() != 0);
    CHECK(PlatformSim_AbiVersion() == PLATFORM_SIM_ABI_VERSION);
    Platform_Client c{};
    Platform_Client_Init(&c);
    CHECK(c.opaque != nullptr);
    Platform_Client_SetApplicationId(&c, 4242);
    CHECK(Platform_Client_GetApplicationId(&c) == 4242);
    CHECK(Platform_Client_GetStatus(&c) == Platform_Client_Status_Disconnected);
    // Strings out and the control ABI's error, from the host.
    Platform_String name{};
    Platform_Client_StatusToString(Platform_Client_Status_Ready, &name);
    CHECK(S(name) == "Ready");
    CHECK(!PlatformSim_IssueToken(987654321, 1, P(""), nullptr, nullptr, nullptr));
    Platform_String e{};
    PlatformSim_LastError(&e);
    CHECK(!S(e).empty());
    // A joined process cannot serve.
    Platform_String addr{};
    CHECK(!PlatformSim_HostStart(P(""), 0, &addr));
    Platform_String refused{};
    PlatformSim_LastError(&refused);  // this process's refusal, not the last forwarded call's
    CHECK(S(refused).find("joined a world host") != std::string::npos);
    // Values: an Activity built and read back (handles in, strings in and out, nullable pointers).
    Platform_Activity a{};
    Platform_Activity_Init(&a);
    std::string state = "in a match";
    Platform_String st = P(state);
    Platform_Activity_SetState(&a, &st);
    Platform_String got{};
    CHECK(Platform_Activity_State(&a, &got));
    CHECK(S(got) == state);
    uint64_t appOut = 0;
    uint64_t appIn = 77;
    Platform_Activity_SetApplicationId(&a, &appIn);
    CHECK(Platform_Activity_ApplicationId(&a, &appOut) && appOut == 77);
    Platform_Activity_Drop(&a);
    Platform_Client_Drop(&c);
    if (g_failures == 0) say("OK roundtrip");
    return g_failures == 0 ? 0 : 1;
}

// A completion arrives only inside RunCallbacks, on the thread that runs it.
int completion() {
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_SetApplicationId(&c, appId());
    struct Seen {
        bool called = false;
        bool inside = false;
        std::thread::id thread;
    } seen;
    static thread_local bool t_inRun = false;
    Platform_String at{}, rt{};
    CHECK(PlatformSim_IssueToken(userNamed("completion-user"), appId(), P(""), &at, &rt, nullptr));
    const std::string access = S(at);
    S(rt);
    Platform_Client_UpdateToken(
        &c, Platform_AuthorizationTokenType_Bearer, P(access),
        [](Platform_ClientResult *r, void *ud) {
            auto *s = static_cast<Seen *>(ud);
            s->called = true;
            s->inside = t_inRun;
            s->thread = std::this_thread::get_id();
            Platform_ClientResult_Drop(r);
        },
        countFree, &seen);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the host has long answered
    CHECK(!seen.called);
    const auto start = Clock::now();
    while (!seen.called && msSince(start) < 10000) {
        t_inRun = true;
        Platform_RunCallbacks();
        t_inRun = false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    CHECK(seen.called);
    CHECK(seen.inside);
    CHECK(seen.thread == std::this_thread::get_id());
    CHECK(pumpUntil([] { return g_freed.load() == 1; }));  // fn_free after the one call
    Platform_Client_Drop(&c);
    if (g_failures == 0) say("OK completion");
    return g_failures == 0 ? 0 : 1;
}

// Client_Drop's synchronous completions run inside the joined Client_Drop.
int drop() {
    SignedIn s(userNamed("drop-user"));
    PlatformSim_NetworkSetLatency(60000);  // the fetch stays pending
    Fetched seen;
    fetchUser(s, &seen);
    for (int i = 0; i < 20; ++i) {
        Platform_RunCallbacks();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    CHECK(seen.calls == 0);
    const int freedBefore = g_freed.load();
    Platform_Client_Drop(&s.c);  // no RunCallbacks after this: the completion must already have run
    CHECK(seen.calls == 1);
    CHECK(seen.type == Platform_ErrorType_ClientDestroyed);
    CHECK(g_freed.load() == freedBefore + 2);  // the fetch's triple and the status callback's
    PlatformSim_NetworkSetLatency(0);
    if (g_failures == 0) say("OK drop");
    return g_failures == 0 ? 0 : 1;
}

// Every triple's fn_free runs once: registered, replaced, completed, dropped.
int callbacks() {
    constexpr int kClients = 5;
    int registered = 0;
    for (int i = 0; i < kClients; ++i) {
        Platform_Client c{};
        Platform_Client_Init(&c);
        for (int k = 0; k < 3; ++k) {  // two replaced, one released at Drop
            Platform_Client_SetStatusChangedCallback(&c, statusCb, countFree, nullptr);
            ++registered;
        }
        Platform_Client_SetUserUpdatedCallback(&c, nullptr, countFree, nullptr);  // NULL fn: still released
        ++registered;
        Platform_Client_Drop(&c);
    }
    CHECK(pumpUntil([&] { return g_freed.load() == registered; }, 5000));
    CHECK(g_freed.load() == registered);
    if (g_failures == 0) say("OK callbacks " + std::to_string(registered));
    return g_failures == 0 ? 0 : 1;
}

// Two joined processes in one lobby: one sends, the other sees it.
int lobby(const std::string &userName, const std::string &secret, const std::string &mode, const std::string &text) {
    SignedIn s(userNamed(userName));
    struct Seen {
        Platform_Client *c = nullptr;
        std::string content;
        uint64_t lobbyId = 0;
        bool joined = false;
    } seen;
    seen.c = &s.c;
    Platform_Client_SetMessageCreatedCallback(
        &s.c,
        [](uint64_t messageId, void *ud) {
            auto *x = static_cast<Seen *>(ud);
            Platform_MessageHandle m{};
            if (Platform_Client_GetMessageHandle(x->c, messageId, &m)) {
                Platform_String content{};
                Platform_MessageHandle_Content(&m, &content);
                x->content = S(content);
                Platform_MessageHandle_Drop(&m);
            }
        },
        countFree, &seen);
    Platform_Client_CreateOrJoinLobby(
        &s.c, P(secret),
        [](Platform_ClientResult *r, uint64_t lobbyId, void *ud) {
            auto *x = static_cast<Seen *>(ud);
            x->joined = Platform_ClientResult_Successful(r);
            x->lobbyId = lobbyId;
            Platform_ClientResult_Drop(r);
        },
        countFree, &seen);
    CHECK(pumpUntil([&] { return seen.joined; }));
    say("JOINED");
    if (mode == "send") {
        bool sent = false;
        Platform_Client_SendLobbyMessage(
            &s.c, seen.lobbyId, P(text),
            [](Platform_ClientResult *r, uint64_t, void *ud) {
                *static_cast<bool *>(ud) = Platform_ClientResult_Successful(r);
                Platform_ClientResult_Drop(r);
            },
            nullptr, &sent);
        CHECK(pumpUntil([&] { return sent; }));
        // Stay in the lobby until the other process has read it (the test closes stdin).
        std::string line;
        std::getline(std::cin, line);
    } else {
        CHECK(pumpUntil([&] { return seen.content == text; }, 15000));
        say("GOT " + seen.content);
    }
    if (g_failures == 0) say("OK lobby");
    return g_failures == 0 ? 0 : 1;
}

// Voice across processes: the speaker's process starts a call and speaks (PlatformSim_VoiceSpeak
// of its own user); the listener's raw-audio callback, on an audio thread of the listener's
// process, receives the frames. Ending the call releases both audio triples once.
struct AudioSeen {
    std::atomic<int> received{0}, loud{0}, badFormat{0}, onMainThread{0}, frees{0};
    std::atomic<uint64_t> from{0};
    std::thread::id mainThread = std::this_thread::get_id();
};
void audioReceived(uint64_t user, int16_t *data, uint64_t spc, int32_t rate, uint64_t ch, bool *mute, void *ud) {
    auto *a = static_cast<AudioSeen *>(ud);
    if (std::this_thread::get_id() == a->mainThread) ++a->onMainThread;
    if (spc != 480 || rate != 48000 || ch != 2 || data == nullptr || mute == nullptr) ++a->badFormat;
    int peak = 0;
    for (uint64_t i = 0; data != nullptr && i < spc * ch; ++i) peak = std::max(peak, std::abs(int(data[i])));
    if (peak > 8000) ++a->loud;
    a->from = user;
    ++a->received;
}
void audioCaptured(int16_t *, uint64_t, int32_t, uint64_t, void *ud) {
    auto *a = static_cast<AudioSeen *>(ud);
    if (std::this_thread::get_id() == a->mainThread) ++a->onMainThread;
}
void audioFree(void *ud) { ++static_cast<AudioSeen *>(ud)->frees; }

int voice(const std::string &userName, const std::string &secret, const std::string &mode) {
    const uint64_t me = userNamed(userName);
    SignedIn s(me);
    uint64_t lobbyId = 0;
    Platform_Client_CreateOrJoinLobby(
        &s.c, P(secret),
        [](Platform_ClientResult *r, uint64_t id, void *ud) {
            *static_cast<uint64_t *>(ud) = Platform_ClientResult_Successful(r) ? id : 0;
            Platform_ClientResult_Drop(r);
        },
        nullptr, &lobbyId);
    CHECK(pumpUntil([&] { return lobbyId != 0; }));
    Platform_Call call{};
    AudioSeen seen;
    if (mode == "listen") {
        CHECK(Platform_Client_StartCallWithAudioCallbacks(&s.c, lobbyId, audioReceived, audioFree, &seen, audioCaptured, audioFree,
                                                          &seen, &call));
        say("JOINED");
        CHECK(pumpUntil([&] { return seen.loud.load() >= 10; }, 15000));
        CHECK(seen.badFormat.load() == 0);
        CHECK(seen.onMainThread.load() == 0);
        CHECK(seen.from.load() != 0 && seen.from.load() != me);
        say("GOT_AUDIO " + std::to_string(seen.received.load()));
        Platform_Client_EndCall(&s.c, lobbyId, nullptr, nullptr, nullptr);
        CHECK(pumpUntil([&] { return seen.frees.load() == 2; }, 5000));
        const int after = seen.received.load();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        CHECK(seen.received.load() == after);  // no frame after the release
    } else {
        CHECK(Platform_Client_StartCall(&s.c, lobbyId, &call));
        CHECK(pumpUntil([&] { return Platform_Call_GetStatus(&call) == Platform_Call_Status_Connected; }));
        say("JOINED");
        // Speak until the test closes stdin (the listener has heard enough).
        std::atomic<bool> stop{false};
        std::thread waiter([&] {
            std::string line;
            std::getline(std::cin, line);
            stop = true;
        });
        while (!stop) {
            CHECK(PlatformSim_VoiceSpeak(me, lobbyId, 300, 440.0f));
            for (int i = 0; i < 25 && !stop; ++i) {
                Platform_RunCallbacks();
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        }
        waiter.join();
    }
    Platform_Call_Drop(&call);
    if (g_failures == 0) say("OK voice");
    return g_failures == 0 ? 0 : 1;
}

// Signed in, with an operation on a dropped client queued (its ClientDestroyed waits for a
// RunCallbacks that never comes), then waits to be killed: the host must free all of it.
int idle(const std::string &userName) {
    SignedIn s(userNamed(userName));
    Platform_Client dropped{};
    Platform_Client_Init(&dropped);
    Platform_Client_Drop(&dropped);
    Platform_Client_UpdateToken(&dropped, Platform_AuthorizationTokenType_Bearer, P("x"), [](Platform_ClientResult *, void *) {},
                                countFree, nullptr);
    say("READY");
    for (;;) std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

// The host is killed while this process is signed in with an operation pending.
int hostdeath(const std::string &userName) {
    SignedIn s(userNamed(userName));
    PlatformSim_NetworkSetLatency(120000);
    Fetched seen;
    fetchUser(s, &seen);
    say("READY");
    // The test kills the host now; EOF is seen at once, a silent host after link.h's kSilenceMs.
    const bool disconnected = pumpUntil(
        [&] { return s.status.last() == Platform_Client_Status_Disconnected && seen.calls == 1; },
        static_cast<int>(psim::join::kSilenceMs) + 5000);
    CHECK(disconnected);
    CHECK(s.status.errors.empty() || s.status.errors.back() == Platform_Client_Error_UnexpectedClose);
    CHECK(seen.calls == 1);
    CHECK(seen.type == Platform_ErrorType_NetworkError);
    CHECK(seen.error.find("world host") != std::string::npos);
    CHECK(Platform_Client_GetStatus(&s.c) == Platform_Client_Status_Disconnected);
    // Later calls return at once; later operations fail the same way, at the next RunCallbacks.
    const auto t = Clock::now();
    for (int i = 0; i < 100; ++i) CHECK(Platform_Client_GetApplicationId(&s.c) == 0);
    say("LATER_MS " + std::to_string(msSince(t)));
    seen.calls = 0;
    fetchUser(s, &seen);
    Platform_RunCallbacks();
    CHECK(seen.calls == 1 && seen.type == Platform_ErrorType_NetworkError);
    const int freed = g_freed.load();
    CHECK(freed == 3);  // two fetches and the status callback: each released once
    Platform_Client_Drop(&s.c);
    Platform_RunCallbacks();
    CHECK(g_freed.load() == freed);
    if (g_failures == 0) say("OK hostdeath");
    return g_failures == 0 ? 0 : 1;
}

// Signed in, never calling RunCallbacks until told: the host floods it ("flood" on the host's
// stdin) past the bound of what waits for one process; on "pump <n>" it runs its callbacks and
// must hear exactly n messages (those the host kept).
int flooded(const std::string &userName) {
    const uint64_t user = userNamed(userName);
    SignedIn s(user);
    std::atomic<long> heard{0};
    Platform_Client_SetMessageCreatedCallback(
        &s.c, [](uint64_t, void *ud) { ++*static_cast<std::atomic<long> *>(ud); }, countFree, &heard);
    say("USER " + std::to_string(user));
    std::string line;
    std::getline(std::cin, line);
    const long expected = line.rfind("pump ", 0) == 0 ? std::stol(line.substr(5)) : -1;
    CHECK(pumpUntil([&] { return heard.load() >= expected; }, 120000));
    for (int i = 0; i < 3; ++i) Platform_RunCallbacks();
    CHECK(heard.load() == expected);
    say("HEARD " + std::to_string(heard.load()));
    if (g_failures == 0) say("OK flooded");
    return g_failures == 0 ? 0 : 1;
}

// A world over 16 MiB on the host: it cannot cross to this process, and every call says so
// (false, PlatformSim_LastError naming the bound and what to do) instead of handing over "".
bool failsTooBig(bool result) {
    Platform_String e{};
    PlatformSim_LastError(&e);
    const std::string why = S(e);
    if (result || why.find("16 MiB") == std::string::npos || why.find("simulator serve --fixture") == std::string::npos) {
        say("FAIL not refused as too big: " + why);
        return false;
    }
    return true;
}

int bigworld() {
    Platform_String doc{};
    CHECK(failsTooBig(PlatformSim_WorldSave(&doc)));
    CHECK(doc.ptr == nullptr);
    CHECK(failsTooBig(PlatformSim_WorldSaveWithGrants(&doc)));
    CHECK(failsTooBig(PlatformSim_WorldView(&doc)));
    CHECK(doc.ptr == nullptr);
    // A document over 16 MiB from this process (whitespace around a valid empty world: the
    // host would load it in-process) is refused here, not sent as "".
    const std::string big = "{\"format\":\"platform-social-sdk/world\",\"version\":1,\"users\":[],\"applications\":[]}" +
                            std::string((16u << 20) + 1, ' ');
    CHECK(failsTooBig(PlatformSim_WorldLoad(P(big))));
    // The host's world is unchanged (still too big to save here).
    CHECK(failsTooBig(PlatformSim_WorldSave(&doc)));
    if (g_failures == 0) say("OK bigworld");
    return g_failures == 0 ? 0 : 1;
}

// ---- log and audio triples, dead hosts, big calls, local results -----------------------------

// A log callback that blocks (until `release`) on its first call, on the joined process's log thread.
struct LogSeen {
    std::atomic<int> calls{0}, callsAfterDrop{0}, frees{0};
    std::atomic<bool> inside{false}, release{false}, dropped{false}, freedOnMain{false}, freedInside{false};
    std::thread::id mainThread = std::this_thread::get_id();
};
void slowLog(Platform_String message, Platform_LoggingSeverity, void *ud) {
    Platform_Free(message.ptr);
    auto *x = static_cast<LogSeen *>(ud);
    if (x->dropped) ++x->callsAfterDrop;
    ++x->calls;
    x->inside = true;
    const auto start = Clock::now();
    while (!x->release && msSince(start) < 20000) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    x->inside = false;
}
void slowLogFree(void *ud) {
    auto *x = static_cast<LogSeen *>(ud);
    if (std::this_thread::get_id() == x->mainThread) x->freedOnMain = true;
    if (x->inside) x->freedInside = true;
    ++x->frees;
}

// Client_Drop while the client's log callback runs on the log thread, more lines queued behind it:
// as in-process (docs/simulator.md "Threads"), Drop returns without waiting for that callback (it
// is waiting for this thread), no call of it starts once Drop returned, and fn_free runs once,
// after its last call returned, on the log thread.
int logdrop() {
    LogSeen seen;
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_AddLogCallback(&c, slowLog, slowLogFree, &seen, Platform_LoggingSeverity_Verbose);
    for (int i = 0; i < 3; ++i) PlatformSim_EmitLog(P("logdrop line"), Platform_LoggingSeverity_Warning);
    const auto start = Clock::now();
    while ((!seen.inside || !PlatformSim_LogsIdle()) && msSince(start) < 10000) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    CHECK(seen.inside.load());
    Platform_Client_Drop(&c);
    seen.dropped = true;
    CHECK(seen.inside.load());     // Drop did not wait for the running callback
    CHECK(seen.frees.load() == 0);  // whose triple outlives it
    seen.release = true;
    const auto freed = Clock::now();
    while (seen.frees.load() == 0 && msSince(freed) < 10000) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // queued lines would have run by now
    CHECK(seen.frees.load() == 1);
    CHECK(seen.calls.load() == 1);
    CHECK(seen.callsAfterDrop.load() == 0);
    CHECK(!seen.freedInside.load());
    CHECK(!seen.freedOnMain.load());
    if (g_failures == 0) say("OK logdrop");
    return g_failures == 0 ? 0 : 1;
}

// A log callback that falls kMaxLaneFrames (4,096) frames behind: the lines beyond are dropped,
// and the process says so on stderr (the test reads it), with their count once it caught up.
int lanedrop(int lines) {
    LogSeen seen;
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_AddLogCallback(&c, slowLog, slowLogFree, &seen, Platform_LoggingSeverity_Verbose);
    PlatformSim_EmitLog(P("first"), Platform_LoggingSeverity_Warning);
    CHECK(pumpUntil([&] { return seen.inside.load(); }));
    for (int i = 0; i < lines; ++i) PlatformSim_EmitLog(P("flood"), Platform_LoggingSeverity_Warning);
    CHECK(pumpUntil([&] { return PlatformSim_LogsIdle(); }));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the last frames reach the log thread
    seen.release = true;
    int before = -1;
    CHECK(pumpUntil([&] {  // until the log thread has run what it kept
        const int now = seen.calls.load();
        const bool still = now == before;
        before = now;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        return still;
    }));
    say("CALLS " + std::to_string(seen.calls.load()));
    Platform_Client_Drop(&c);
    CHECK(pumpUntil([&] { return seen.frees.load() == 1; }));
    if (g_failures == 0) say("OK lanedrop");
    return g_failures == 0 ? 0 : 1;
}

// The host is killed; as soon as GetStatus answers Disconnected (before any RunCallbacks) the
// client is dropped: as in-process, its pending operation completes with ClientDestroyed inside
// Drop, every triple of the client (status, log, the operation's) is released inside Drop, and
// no callback of it runs afterwards (no Disconnected at the next RunCallbacks).
int dropdead(const std::string &userName) {
    SignedIn signedIn(userNamed(userName));  // its destructor's Drop finds the handle zeroed: a no-op
    SignedIn *s = &signedIn;
    PlatformSim_NetworkSetLatency(120000);
    Fetched seen;
    fetchUser(*s, &seen);
    LogSeen logs;
    logs.release = true;
    Platform_Client_AddLogCallback(&s->c, slowLog, slowLogFree, &logs, Platform_LoggingSeverity_Verbose);
    const int freedBefore = g_freed.load();
    say("READY");
    const auto start = Clock::now();
    while (Platform_Client_GetStatus(&s->c) != Platform_Client_Status_Disconnected && msSince(start) < 20000)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const size_t statusesBefore = s->status.statuses.size();
    Platform_Client_Drop(&s->c);
    CHECK(seen.calls == 1);
    CHECK(seen.type == Platform_ErrorType_ClientDestroyed);
    CHECK(g_freed.load() == freedBefore + 2);  // the fetch's triple and the status callback's
    CHECK(logs.frees.load() == 1);
    for (int i = 0; i < 3; ++i) Platform_RunCallbacks();
    CHECK(s->status.statuses.size() == statusesBefore);
    CHECK(seen.calls == 1);
    CHECK(g_freed.load() == freedBefore + 2);
    CHECK(logs.frees.load() == 1);
    CHECK(s->c.opaque == nullptr);
    if (g_failures == 0) say("OK dropdead");
    return g_failures == 0 ? 0 : 1;
}

// A call over what one frame carries (kMaxFrameBytes) fails alone: its type's default, a
// PlatformSim_ error saying why, an operation's completion with a validation error at the next
// RunCallbacks (its triple released once), and the process stays joined.
int toobig() {
    const uint32_t peer = PlatformSim_JoinedPeerId();
    CHECK(peer != 0);
    const std::string half(9u << 20, 'x');  // each under the 16 MiB string bound; together over the frame's
    CHECK(PlatformSim_CreateUser(P(half), P(half), false) == 0);
    Platform_String e{};
    PlatformSim_LastError(&e);
    const std::string why = S(e);
    CHECK(why.find("over what one call can carry") != std::string::npos);
    CHECK(why.find("gone") == std::string::npos);
    SignedIn s(userNamed("toobig-user"));
    Fetched sent;
    std::string key = "k";
    Platform_String keys[1] = {P(key)};
    Platform_String values[1] = {P(half)};
    Platform_Client_SendUserMessageWithMetadata(
        &s.c, userNamed("toobig-other"), P(half), Platform_Properties{1, keys, values},
        [](Platform_ClientResult *r, uint64_t, void *ud) { record(r, ud); }, countFree, &sent);
    const int freed = g_freed.load();
    CHECK(sent.calls == 0);  // at the next RunCallbacks, as every completion
    Platform_RunCallbacks();
    CHECK(sent.calls == 1);
    CHECK(sent.type == Platform_ErrorType_ValidationError);
    CHECK(sent.error.find("world host") != std::string::npos);
    CHECK(g_freed.load() == freed + 1);
    // ResetCallbacks drops its completion as it drops the host's (the triple is still released).
    Fetched reset;
    Platform_Client_SendUserMessageWithMetadata(
        &s.c, userNamed("toobig-other"), P(half), Platform_Properties{1, keys, values},
        [](Platform_ClientResult *r, uint64_t, void *ud) { record(r, ud); }, countFree, &reset);
    Platform_ResetCallbacks();
    Platform_RunCallbacks();
    CHECK(reset.calls == 0);
    CHECK(g_freed.load() == freed + 2);
    // Still joined: the same peer, calls answered, the client still Ready.
    CHECK(PlatformSim_JoinedPeerId() == peer);
    CHECK(userNamed("toobig-after") != 0);
    CHECK(Platform_Client_GetStatus(&s.c) == Platform_Client_Status_Ready);
    if (g_failures == 0) say("OK toobig");
    return g_failures == 0 ? 0 : 1;
}

// A ClientResult made in this process (an operation whose call never reached the host) carries a
// tag no host key has: a handle with the same number but not the tag (as a host result's key could
// be) is the host's to answer, never this process's; the local one works as any result.
int localtag() {
    SignedIn s(userNamed("localtag-user"));
    const std::string half(9u << 20, 'x');
    std::string key = "k";
    Platform_String keys[1] = {P(key)};
    Platform_String values[1] = {P(half)};
    Platform_ClientResult kept{};
    Platform_Client_SendUserMessageWithMetadata(
        &s.c, userNamed("localtag-other"), P(half), Platform_Properties{1, keys, values},
        [](Platform_ClientResult *r, uint64_t, void *ud) { *static_cast<Platform_ClientResult *>(ud) = *r; },  // adopted
        nullptr, &kept);
    Platform_RunCallbacks();
    CHECK(kept.opaque != nullptr);
    CHECK(Platform_ClientResult_Type(&kept) == Platform_ErrorType_ValidationError);
    Platform_ClientResult copy{};
    Platform_ClientResult_Clone(&copy, &kept);
    CHECK(Platform_ClientResult_Type(&copy) == Platform_ErrorType_ValidationError);
    if constexpr (sizeof(uintptr_t) >= sizeof(uint64_t)) {  // a 32-bit opaque is not tagged (docs/simulator.md)
        constexpr uintptr_t top = uintptr_t{1} << (sizeof(uintptr_t) * 8 - 1);
        Platform_ClientResult hostLike{reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(kept.opaque) & ~top)};
        CHECK(hostLike.opaque != kept.opaque);  // the tag is there
        // The host has no result with that key: it answers as for any stale key (defaults).
        CHECK(Platform_ClientResult_Type(&hostLike) != Platform_ErrorType_ValidationError);
    }
    Platform_ClientResult_Drop(&copy);
    CHECK(copy.opaque == nullptr);
    Platform_ClientResult_Drop(&kept);
    CHECK(kept.opaque == nullptr);
    if (g_failures == 0) say("OK localtag");
    return g_failures == 0 ? 0 : 1;
}

// ---- a hostile peer, speaking the link itself --------------------------------------------------

bool closedAfter(const psim::join::HostAddress &a, const std::string &frame) {
    std::atomic<bool> closed{false};
    std::string why;
    auto link = psim::join::HostLink::connect(
        a, {0, "hostile", psim::join::kInterfaceHash}, 3000, [](std::string_view) {}, [&](std::string_view) { closed = true; }, &why);
    if (!link) {
        say("FAIL connect: " + why);
        return false;
    }
    link->send(frame);
    const auto start = Clock::now();
    while (!closed && msSince(start) < 5000) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return closed;
}

int hostile(const std::string &address, const std::string &otherClientKey) {
    psim::join::HostAddress a;
    std::string why;
    if (!psim::join::parseHostAddress(address, &a, &why)) {
        say("FAIL address: " + why);
        return 1;
    }
    CHECK(closedAfter(a, std::string("\x63garbage", 8)));  // not a frame kind
    // A Call of Platform_Client_GetApplicationId (found by its id in the generated table) naming
    // another process's client: the host must refuse it and disconnect this process.
    psim::join::Writer w;
    w.u8(1);   // Call
    w.u64(1);  // callId
    w.u32(static_cast<uint32_t>(psim::join::FnId::Platform_Client_GetApplicationId));
    w.boolean(true);
    w.u64(std::stoull(otherClientKey));
    CHECK(closedAfter(a, w.bytes()));
    // A Call cut short.
    psim::join::Writer cut;
    cut.u8(1);
    cut.u64(2);
    CHECK(closedAfter(a, cut.bytes()));
    if (g_failures == 0) say("OK hostile");
    return g_failures == 0 ? 0 : 1;
}

}  // namespace

// On a failure in a joined role: what the link said (a closed link's reason), for the test's output.
int finish(int code) {
    if (code != 0 && std::getenv("PLATFORM_SIM_HOST") != nullptr && *std::getenv("PLATFORM_SIM_HOST") != '\0') {
        PlatformSim_AbiVersion();
        Platform_String e{};
        PlatformSim_LastError(&e);
        say("FAIL context: " + S(e));
    }
    return code;
}

int run(const std::vector<std::string> &args) {
    const std::string role = args.empty() ? "" : args[0];
    if (role == "host") return host();
    if (role == "roundtrip") return roundtrip();
    if (role == "completion") return completion();
    if (role == "drop") return drop();
    if (role == "callbacks") return callbacks();
    if (role == "lobby" && args.size() == 5) return lobby(args[1], args[2], args[3], args[4]);
    if (role == "idle" && args.size() == 2) return idle(args[1]);
    if (role == "voice" && args.size() == 4) return voice(args[1], args[2], args[3]);
    if (role == "hostdeath" && args.size() == 2) return hostdeath(args[1]);
    if (role == "hostile" && args.size() == 3) return hostile(args[1], args[2]);
    if (role == "flooded" && args.size() == 2) return flooded(args[1]);
    if (role == "bigworld") return bigworld();
    if (role == "logdrop") return logdrop();
    if (role == "lanedrop" && args.size() == 2) return lanedrop(std::stoi(args[1]));
    if (role == "dropdead" && args.size() == 2) return dropdead(args[1]);
    if (role == "toobig") return toobig();
    if (role == "localtag") return localtag();
    std::fprintf(stderr, "usage: platform_join_proxy_tests host|roundtrip|completion|drop|callbacks|lobby …|idle <user>|hostdeath <user>|hostile <address> <client key>|flooded <user>|bigworld|logdrop|lanedrop <lines>|dropdead <user>|toobig|localtag\n");
    return 2;
}

int main(int argc, char **argv) { return finish(run(std::vector<std::string>(argv + 1, argv + argc))); }
