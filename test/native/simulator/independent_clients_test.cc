// The simulator as clients other than our addon use it: an FFI binding whose callbacks arriving on
// a foreign thread queue their work to the "JS thread" and block until it ran, C programs that
// pass NULL user data and NULL free functions, callbacks that call back into the SDK (Drop of
// their own client, EndCall of their own call, RunCallbacks), pumps on other threads, and the
// ownership of what a callback receives by value (sdk-abi.md 1.6). The rule under test: no SDK
// entry point blocks on a callback running on another thread; a triple is released (fn_free, once)
// after its last in-flight delivery returns.
#include "voice_harness.h"

#include <condition_variable>
#include <deque>

namespace {

// The owning thread of an FFI binding. A callback on a foreign thread queues its work and waits
// for the owner to run it: a real binding waits forever; this one gives up after kTimeout and
// counts it, so a deadlock shows as a failed check instead of a hang.
struct FfiLoop {
    static constexpr auto kTimeout = std::chrono::seconds(3);
    std::mutex mu;
    std::condition_variable cv;
    std::deque<std::function<void()>> tasks;
    std::atomic<int> entered{0}, timedOut{0}, returned{0};

    // On the foreign thread (inside the SDK callback).
    void callOnOwner(std::function<void()> work) {
        auto done = std::make_shared<bool>(false);
        std::unique_lock lk(mu);
        tasks.push_back([work = std::move(work), done, this] {
            work();
            std::lock_guard inner(mu);
            *done = true;
            cv.notify_all();
        });
        ++entered;
        cv.notify_all();
        if (!cv.wait_for(lk, kTimeout, [&] { return *done; })) ++timedOut;
        ++returned;
    }
    // On the owner thread: runs what is queued (without the lock: a task takes it at its end).
    void pump() {
        std::deque<std::function<void()>> now;
        {
            std::lock_guard lk(mu);
            now.swap(tasks);
        }
        for (auto &t : now) t();
    }
    bool waitEntered(int n) {
        for (int i = 0; i < 500 && entered.load() < n; ++i) sleepMs(10);
        return entered.load() >= n;
    }
    bool waitReturned(int n) {
        for (int i = 0; i < 500 && returned.load() < n; ++i) { pump(); sleepMs(10); }
        return returned.load() >= n;
    }
};

struct Tracked {
    FfiLoop loop;
    std::atomic<int> calls{0}, frees{0}, callsAfterFree{0};
    std::atomic<bool> inCallback{false}, freedInCallback{false};
};
void trackedFree(void *ud) {
    auto *t = static_cast<Tracked *>(ud);
    if (t->inCallback) t->freedInCallback = true;
    ++t->frees;
}
// Log callback of an FFI binding: the first line is handed to the owner thread (blocking).
void ffiLog(Platform_String m, Platform_LoggingSeverity, void *ud) {
    auto *t = static_cast<Tracked *>(ud);
    t->inCallback = true;
    if (t->frees.load() != 0) ++t->callsAfterFree;
    Platform_Free(m.ptr);
    if (t->calls++ == 0) t->loop.callOnOwner([] {});
    t->inCallback = false;
}
void ffiCaptured(int16_t *, uint64_t, int32_t, uint64_t, void *ud) {
    auto *t = static_cast<Tracked *>(ud);
    t->inCallback = true;
    if (t->frees.load() != 0) ++t->callsAfterFree;
    if (t->calls++ == 0) t->loop.callOnOwner([] {});
    t->inCallback = false;
}

// Item 1 of the fidelity issue: Drop while the log thread is inside a callback that waits for
// the thread calling Drop. Before the fix Drop waited for the delivery (timedOut == 1).
void dropWithLogDeliveryInFlight(bool withFree) {
    Tracked t;
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_AddLogCallback(&c, ffiLog, withFree ? trackedFree : nullptr, &t, Platform_LoggingSeverity_Verbose);
    PlatformSim_EmitLog(P(std::string("line in flight")), Platform_LoggingSeverity_Error);
    CHECK(t.loop.waitEntered(1));
    Platform_Client_Drop(&c);  // the owner thread: the callback waits for it
    CHECK_EQ(t.loop.timedOut.load(), 0);
    if (withFree) CHECK_EQ(t.frees.load(), 0);  // still held by the delivery in flight
    CHECK(t.loop.waitReturned(1));
    if (withFree) {
        for (int i = 0; i < 500 && t.frees.load() == 0; ++i) sleepMs(10);
        CHECK_EQ(t.frees.load(), 1);
        CHECK(!t.freedInCallback.load());
    }
    PlatformSim_EmitLog(P(std::string("after drop")), Platform_LoggingSeverity_Error);
    settleLogs();
    CHECK_EQ(t.calls.load(), 1);
    CHECK_EQ(t.callsAfterFree.load(), 0);
}

// The same with the audio thread: EndCall (or Drop) while a captured-audio callback waits for
// the thread that ends the call.
void endWithAudioInFlight(bool drop) {
    const uint64_t app = freshChatWorld();
    Player p(app, newUser(drop ? "ffi_audio_drop" : "ffi_audio_end"));
    const uint64_t L = joinLobby(p, drop ? "ffi-audio-drop" : "ffi-audio-end").id;
    Tracked t;
    VCall call;
    CHECK(Platform_Client_StartCallWithAudioCallbacks(&p.c, L, nullptr, nullptr, nullptr, ffiCaptured, trackedFree, &t,
                                                      &call.call));
    walk();
    CHECK(t.loop.waitEntered(1));
    if (drop) {
        Platform_Client_Drop(&p.c);
    } else {
        Platform_Client_EndCall(&p.c, L, nullptr, nullptr, nullptr);
    }
    CHECK_EQ(t.loop.timedOut.load(), 0);
    CHECK_EQ(t.frees.load(), 0);  // the callback in flight still holds the triple
    CHECK(t.loop.waitReturned(1));
    for (int i = 0; i < 500 && t.frees.load() == 0; ++i) sleepMs(10);
    CHECK_EQ(t.frees.load(), 1);
    CHECK(!t.freedInCallback.load());
    sleepMs(50);
    CHECK_EQ(t.calls.load(), 1);  // no frame after the stop
    CHECK_EQ(t.callsAfterFree.load(), 0);
}

// A callback that blocks for 100 ms (on the owner thread's behalf) while the owner drops the
// client: Drop returns, the callback finishes, its triple is released once, afterwards.
void slowLogCallbackDuringDrop() {
    struct Slow { std::atomic<int> calls{0}, frees{0}; std::atomic<bool> done{false}; } s;
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_AddLogCallback(&c, [](Platform_String m, Platform_LoggingSeverity, void *ud) {
        Platform_Free(m.ptr);
        auto *x = static_cast<Slow *>(ud);
        if (x->calls++ == 0) { sleepMs(100); x->done = true; }
    }, [](void *ud) { ++static_cast<Slow *>(ud)->frees; }, &s, Platform_LoggingSeverity_Verbose);
    PlatformSim_EmitLog(P(std::string("slow")), Platform_LoggingSeverity_Error);
    for (int i = 0; i < 500 && s.calls.load() == 0; ++i) sleepMs(2);
    Platform_Client_Drop(&c);
    CHECK(!s.done.load());       // Drop did not wait for the 100 ms callback
    CHECK_EQ(s.frees.load(), 0);
    for (int i = 0; i < 500 && s.frees.load() == 0; ++i) sleepMs(10);
    CHECK(s.done.load());
    CHECK_EQ(s.frees.load(), 1);
}

// Every callback kind registered with NULL userData and NULL fn_free works; a NULL fn with a
// free function releases that triple at once.
std::atomic<int> g_nullStatus{0}, g_nullLog{0}, g_nullOps{0};
void nullUserDataAndFree() {
    const uint64_t app = freshChatWorld();
    const uint64_t u = newUser("null_ud");
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_SetApplicationId(&c, app);
    Platform_Client_SetStatusChangedCallback(&c, [](Platform_Client_Status, Platform_Client_Error, int32_t, void *ud) {
        if (ud == nullptr) ++g_nullStatus; }, nullptr, nullptr);
    Platform_Client_AddLogCallback(&c, [](Platform_String m, Platform_LoggingSeverity, void *ud) {
        Platform_Free(m.ptr); if (ud == nullptr) ++g_nullLog; }, nullptr, nullptr, Platform_LoggingSeverity_Verbose);
    Platform_Client_SetLobbyCreatedCallback(&c, [](uint64_t, void *ud) { if (ud == nullptr) ++g_nullOps; }, nullptr, nullptr);
    connectAs(&c, u, app);
    CHECK(g_nullStatus.load() >= 2);
    Platform_Client_CreateOrJoinLobby(&c, P(std::string("null-ud")), [](Platform_ClientResult *r, uint64_t, void *ud) {
        Platform_ClientResult_Drop(r); if (ud == nullptr) ++g_nullOps; }, nullptr, nullptr);
    step(20); step(20);
    CHECK_EQ(g_nullOps.load(), 2);  // the op's result and LobbyCreated
    std::atomic<int> freed{0};
    Platform_Client_SetUserUpdatedCallback(&c, nullptr, [](void *ud) { ++*static_cast<std::atomic<int> *>(ud); }, &freed);
    CHECK_EQ(freed.load(), 1);
    Platform_Client_UpdateToken(&c, Platform_AuthorizationTokenType_Bearer, P(std::string("x")), nullptr,
                                [](void *ud) { ++*static_cast<std::atomic<int> *>(ud); }, &freed);
    Platform_RunCallbacks();
    CHECK_EQ(freed.load(), 2);
    PlatformSim_EmitLog(P(std::string("to a NULL userData")), Platform_LoggingSeverity_Error);
    for (int i = 0; i < 500 && g_nullLog.load() == 0; ++i) sleepMs(2);
    CHECK(g_nullLog.load() > 0);
    const int64_t live = PlatformSim_LiveCallbackCount();
    Platform_Client_Drop(&c);
    CHECK(PlatformSim_LiveCallbackCount() < live);
}

// Callbacks that call back into the SDK: RunCallbacks (a no-op inside a run) and Drop of their
// own client from a status callback; EndCall of their own call from the call's status callback.
void reentrantCallbacks() {
    const uint64_t app = freshChatWorld();
    struct Self { Platform_Client c{}; int calls = 0, frees = 0; } self;
    Platform_Client_Init(&self.c);
    Platform_Client_SetApplicationId(&self.c, app);
    Platform_Client_SetStatusChangedCallback(&self.c, [](Platform_Client_Status s, Platform_Client_Error, int32_t, void *ud) {
        auto *x = static_cast<Self *>(ud);
        ++x->calls;
        Platform_RunCallbacks();
        if (s == Platform_Client_Status_Ready) Platform_Client_Drop(&x->c);
    }, [](void *ud) { ++static_cast<Self *>(ud)->frees; }, &self);
    {
        Platform_String at, rt;
        CHECK(PlatformSim_IssueToken(newUser("reentrant_drop"), app, P(std::string("")), &at, &rt, nullptr));
        const std::string access = S(at);
        S(rt);
        Platform_Client_UpdateToken(&self.c, Platform_AuthorizationTokenType_Bearer, P(access), nullptr, nullptr, nullptr);
        Platform_Client_Connect(&self.c);
        for (int i = 0; i < 4; ++i) step(20);
    }
    CHECK(self.calls >= 2);
    CHECK(self.c.opaque == nullptr);  // dropped from inside its own callback
    CHECK_EQ(self.frees, 1);
    const int calls = self.calls;
    step(20); step(20);
    CHECK_EQ(self.calls, calls);
    Platform_Client_Drop(&self.c);  // a second Drop is a no-op
    CHECK_EQ(self.frees, 1);

    Player p(app, newUser("reentrant_end"));
    const uint64_t L = joinLobby(p, "reentrant-end").id;
    struct End { Player *p; uint64_t lobby; int frees = 0; bool ended = false; } end{&p, L};
    Platform_Call call{};
    CHECK(Platform_Client_StartCall(&p.c, L, &call));
    Platform_Call_SetStatusChangedCallback(&call, [](Platform_Call_Status s, Platform_Call_Error, int32_t, void *ud) {
        auto *e = static_cast<End *>(ud);
        if (s == Platform_Call_Status_Connected && !e->ended) {
            e->ended = true;
            Platform_Client_EndCall(&e->p->c, e->lobby, nullptr, nullptr, nullptr);
        }
    }, [](void *ud) { ++static_cast<End *>(ud)->frees; }, &end);
    walk(); step(20);
    CHECK(end.ended);
    Platform_Call again{};
    CHECK(!Platform_Client_GetCall(&p.c, L, &again));
    CHECK_EQ(end.frees, 1);
    Platform_Call_Drop(&call);
    CHECK_EQ(end.frees, 1);
}

// RunCallbacks on a thread other than the client's creator delivers there; two pumping threads
// at once deliver every invocation exactly once.
void pumpsOnOtherThreads() {
    const uint64_t app = freshChatWorld();
    Player p(app, newUser("pump_thread"));
    struct Where { std::thread::id id; int calls = 0; } where;
    Platform_Client_UpdateToken(&p.c, Platform_AuthorizationTokenType_Bearer, P(std::string("t")),
                                [](Platform_ClientResult *r, void *ud) {
                                    Platform_ClientResult_Drop(r);
                                    auto *w = static_cast<Where *>(ud);
                                    w->id = std::this_thread::get_id(); ++w->calls;
                                }, countFree, &where);
    std::thread::id worker;
    std::thread t([&] { worker = std::this_thread::get_id(); step(20); });
    t.join();
    CHECK_EQ(where.calls, 1);
    CHECK(where.id == worker);

    constexpr int kOps = 200;
    std::vector<std::atomic<int>> hits(kOps);
    struct Op { std::vector<std::atomic<int>> *hits; int i; };
    std::vector<Op> ops;
    ops.reserve(kOps);
    for (int i = 0; i < kOps; ++i) ops.push_back(Op{&hits, i});
    for (auto &op : ops) {
        Platform_Client_UpdateToken(&p.c, Platform_AuthorizationTokenType_Bearer, P(std::string("t")),
                                    [](Platform_ClientResult *r, void *ud) {
                                        Platform_ClientResult_Drop(r);
                                        auto *o = static_cast<Op *>(ud);
                                        ++(*o->hits)[static_cast<size_t>(o->i)];
                                    }, nullptr, &op);
    }
    PlatformSim_ClockAdvance(20);
    std::thread a([] { for (int i = 0; i < 50; ++i) Platform_RunCallbacks(); });
    std::thread b([] { for (int i = 0; i < 50; ++i) Platform_RunCallbacks(); });
    a.join(); b.join();
    int once = 0;
    for (auto &h : hits) once += h.load() == 1;
    CHECK_EQ(once, kOps);
}

// Created and dropped without connecting; Drop with an operation, a call and a device-change
// event pending: the op completes once with ClientDestroyed, the device change never fires, every
// triple is released once.
void dropWithThingsPending() {
    const uint64_t app = freshChatWorld();
    const int64_t base = PlatformSim_LiveCallbackCount();
    {
        std::atomic<int> frees{0};
        Platform_Client c{};
        Platform_Client_Init(&c);
        Platform_Client_SetStatusChangedCallback(&c, statusCb, [](void *ud) { ++*static_cast<std::atomic<int> *>(ud); }, &frees);
        Platform_Client_Drop(&c);
        CHECK_EQ(frees.load(), 1);
        CHECK_EQ(PlatformSim_LiveCallbackCount(), base);
    }
    Player p(app, newUser("drop_pending"));
    const uint64_t L = joinLobby(p, "drop-pending").id;
    SimpleRes op;
    Platform_Client_UpdateToken(&p.c, Platform_AuthorizationTokenType_Bearer, P(std::string("t")), simpleCb, countFree, &op);
    VCall call;
    CHECK(Platform_Client_StartCall(&p.c, L, &call.call));
    call.attach();
    struct Dev { int calls = 0, frees = 0; } dev;
    Platform_Client_SetDeviceChangeCallback(&p.c, [](Platform_AudioDeviceSpan i, Platform_AudioDeviceSpan o, void *ud) {
        for (size_t k = 0; k < i.size; ++k) Platform_AudioDevice_Drop(&i.ptr[k]);
        for (size_t k = 0; k < o.size; ++k) Platform_AudioDevice_Drop(&o.ptr[k]);
        Platform_Free(i.ptr); Platform_Free(o.ptr);
        ++static_cast<Dev *>(ud)->calls;
    }, [](void *ud) { ++static_cast<Dev *>(ud)->frees; }, &dev);
    CHECK(PlatformSim_AudioDeviceAdd(P(std::string("pending-mic")), P(std::string("Pending Mic")), true, false));
    Platform_Client_Drop(&p.c);
    CHECK(op.called); CHECK_EQ(op.calls, 1); CHECK_EQ(op.r.type, (int)Platform_ErrorType_ClientDestroyed);
    CHECK_EQ(dev.frees, 1);
    step(20); step(20);
    CHECK_EQ(dev.calls, 0);
    CHECK_EQ(op.calls, 1);
    CHECK_EQ((int)Platform_Call_GetStatus(&call.call), (int)Platform_Call_Status_Disconnected);
    CHECK(PlatformSim_AudioDeviceRemove(P(std::string("pending-mic"))));
    Platform_RunCallbacks();
}

// What a callback receives by value belongs to the receiver for as long as it likes (sdk-abi.md
// 1.6): a string is a fresh buffer per invocation, freed by the receiver (the C++ wrapper frees it
// at once; a C client may keep it past the callback, past Drop); a ClientResult and the elements
// of a span are adopted objects that outlive the callback and their client.
void ownershipByValue() {
    const uint64_t app = freshChatWorld();
    struct Kept { std::mutex mu; std::vector<Platform_String> strings; } kept;
    struct Held { Platform_ClientResult result{}; bool got = false; std::vector<Platform_AudioDevice> devices; Platform_AudioDevice *array = nullptr; } held;
    {
        Player p(app, newUser("owner_by_value"));
        Platform_Client_AddLogCallback(&p.c, [](Platform_String m, Platform_LoggingSeverity, void *ud) {
            auto *k = static_cast<Kept *>(ud);
            std::lock_guard lk(k->mu);
            k->strings.push_back(m);  // kept, freed after the client is gone
        }, nullptr, &kept, Platform_LoggingSeverity_Error);
        PlatformSim_EmitLog(P(std::string("kept one")), Platform_LoggingSeverity_Error);
        PlatformSim_EmitLog(P(std::string("kept two")), Platform_LoggingSeverity_Error);
        settleLogs();
        Platform_Client_UpdateToken(&p.c, Platform_AuthorizationTokenType_Bearer, P(std::string("t")),
                                    [](Platform_ClientResult *r, void *ud) {
                                        auto *h = static_cast<Held *>(ud);
                                        h->result = *r;  // adopted: dropped long after the call
                                        h->got = true;
                                    }, nullptr, &held);
        Platform_Client_SetDeviceChangeCallback(&p.c, [](Platform_AudioDeviceSpan i, Platform_AudioDeviceSpan o, void *ud) {
            auto *h = static_cast<Held *>(ud);
            h->devices.assign(i.ptr, i.ptr + i.size);
            h->array = i.ptr;
            for (size_t k = 0; k < o.size; ++k) Platform_AudioDevice_Drop(&o.ptr[k]);
            Platform_Free(o.ptr);
        }, nullptr, &held);
        CHECK(PlatformSim_AudioDeviceAdd(P(std::string("kept-mic")), P(std::string("Kept Mic")), true, false));
        step(20);
        CHECK(held.got);
    }
    // The client is gone: everything handed over is still the receiver's and intact.
    {
        std::lock_guard lk(kept.mu);
        CHECK(kept.strings.size() >= 2);
        std::vector<std::string> texts;
        for (auto &s : kept.strings) texts.emplace_back(reinterpret_cast<const char *>(s.ptr), s.size);
        CHECK(std::find(texts.begin(), texts.end(), "kept one") != texts.end());
        CHECK(std::find(texts.begin(), texts.end(), "kept two") != texts.end());
        for (size_t i = 1; i < kept.strings.size(); ++i) CHECK(kept.strings[i].ptr != kept.strings[i - 1].ptr);
        for (auto &s : kept.strings) Platform_Free(s.ptr);
    }
    CHECK(Platform_ClientResult_Successful(&held.result));
    Platform_ClientResult_Drop(&held.result);
    bool sawMic = false;
    for (auto &d : held.devices) {
        Platform_String name; Platform_AudioDevice_Name(&d, &name);
        sawMic |= S(name) == "Kept Mic";
        Platform_AudioDevice_Drop(&d);
    }
    CHECK(sawMic);
    Platform_Free(held.array);
    CHECK(PlatformSim_AudioDeviceRemove(P(std::string("kept-mic"))));
}

// Every Set…Callback twice (the first triple is released once, when replaced), then with a NULL
// fn (the second is released; the NULL triple's own free runs once), then Drop releases nothing more.
struct SlotFrees { std::atomic<int> first{0}, second{0}, null{0}; };
void freeFirst(void *ud) { ++static_cast<SlotFrees *>(ud)->first; }
void freeSecond(void *ud) { ++static_cast<SlotFrees *>(ud)->second; }
void freeNull(void *ud) { ++static_cast<SlotFrees *>(ud)->null; }
void neverCalled() {}

template <class Self, class Fn>
void slotTwiceAndNull(const char *name, void (*set)(Self *, Fn, Platform_FreeFn, void *), Self *self, SlotFrees &f) {
    // Never invoked: nothing happens between these calls and the release.
    const Fn fn = reinterpret_cast<Fn>(&neverCalled);
    set(self, fn, freeFirst, &f);
    set(self, fn, freeSecond, &f);
    const bool replaced = f.first.load() == 1 && f.second.load() == 0;
    set(self, nullptr, freeNull, &f);
    const bool cleared = f.second.load() == 1 && f.null.load() == 1;
    if (!replaced || !cleared) std::printf("slot %s: first %d second %d null %d\n", name, f.first.load(), f.second.load(), f.null.load());
    CHECK(replaced);
    CHECK(cleared);
}

void everySlotTwiceAndNull() {
    const uint64_t app = freshChatWorld();
    Player p(app, newUser("slots_twice"));
    const uint64_t L = joinLobby(p, "slots-twice").id;
    Platform_Call call{};
    CHECK(Platform_Client_StartCall(&p.c, L, &call));
    std::deque<SlotFrees> frees;  // stable addresses
#define SLOT(fn, self) slotTwiceAndNull(#fn, fn, self, frees.emplace_back())
    SLOT(Platform_Client_SetDeviceChangeCallback, &p.c);
    SLOT(Platform_Client_SetNoAudioInputCallback, &p.c);
    SLOT(Platform_Client_SetVoiceParticipantChangedCallback, &p.c);
    SLOT(Platform_Client_RegisterAuthorizeRequestCallback, &p.c);
    SLOT(Platform_Client_SetAuthorizeDeviceScreenClosedCallback, &p.c);
    SLOT(Platform_Client_SetTokenExpirationCallback, &p.c);
    SLOT(Platform_Client_SetMessageCreatedCallback, &p.c);
    SLOT(Platform_Client_SetMessageDeletedCallback, &p.c);
    SLOT(Platform_Client_SetMessageUpdatedCallback, &p.c);
    SLOT(Platform_Client_SetStatusChangedCallback, &p.c);
    SLOT(Platform_Client_SetLobbyCreatedCallback, &p.c);
    SLOT(Platform_Client_SetLobbyDeletedCallback, &p.c);
    SLOT(Platform_Client_SetLobbyMemberAddedCallback, &p.c);
    SLOT(Platform_Client_SetLobbyMemberRemovedCallback, &p.c);
    SLOT(Platform_Client_SetLobbyMemberUpdatedCallback, &p.c);
    SLOT(Platform_Client_SetLobbyUpdatedCallback, &p.c);
    SLOT(Platform_Client_SetActivityInviteCreatedCallback, &p.c);
    SLOT(Platform_Client_SetActivityInviteUpdatedCallback, &p.c);
    SLOT(Platform_Client_SetActivityJoinCallback, &p.c);
    SLOT(Platform_Client_SetActivityJoinWithApplicationCallback, &p.c);
    SLOT(Platform_Client_SetRelationshipCreatedCallback, &p.c);
    SLOT(Platform_Client_SetRelationshipDeletedCallback, &p.c);
    SLOT(Platform_Client_SetRelationshipGroupsUpdatedCallback, &p.c);
    SLOT(Platform_Client_SetUserUpdatedCallback, &p.c);
    SLOT(Platform_Client_SetVoiceSettingsUpdatedCallback, &p.c);
    SLOT(Platform_Call_SetOnVoiceStateChangedCallback, &call);
    SLOT(Platform_Call_SetParticipantChangedCallback, &call);
    SLOT(Platform_Call_SetSpeakingStatusChangedCallback, &call);
    SLOT(Platform_Call_SetStatusChangedCallback, &call);
#undef SLOT
    CHECK_EQ(frees.size(), size_t(29));
    Platform_Call_Drop(&call);
    Platform_Client_Drop(&p.c);
    int extra = 0;
    for (auto &f : frees) extra += (f.first.load() - 1) + (f.second.load() - 1) + (f.null.load() - 1);
    CHECK_EQ(extra, 0);
}

// OpenConnectedGamesSettingsInPlatform (declared in cplatform.h since 1.10): linked, answered at
// the next RunCallbacks; an RPC error when the desktop app is not installed.
void connectedGamesSettings() {
    const uint64_t app = freshChatWorld();
    Player p(app, newUser("connected_games"));
    SimpleRes ok;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&p.c, simpleCb, countFree, &ok);
    CHECK(!ok.called);
    Platform_RunCallbacks();
    CHECK(ok.called); CHECK(ok.r.ok); CHECK_EQ(ok.calls, 1);
    PlatformSim_SetPlatformAppInstalled(false);
    SimpleRes missing;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&p.c, simpleCb, countFree, &missing);
    Platform_RunCallbacks();
    CHECK(missing.called); CHECK(!missing.r.ok); CHECK_EQ(missing.r.type, (int)Platform_ErrorType_RPCError);
    PlatformSim_SetPlatformAppInstalled(true);
}

}  // namespace

void testIndependentClients() {
    dropWithLogDeliveryInFlight(false);
    dropWithLogDeliveryInFlight(true);
    endWithAudioInFlight(false);
    endWithAudioInFlight(true);
    slowLogCallbackDuringDrop();
    nullUserDataAndFree();
    reentrantCallbacks();
    pumpsOnOtherThreads();
    dropWithThingsPending();
    ownershipByValue();
    everySlotTwiceAndNull();
    connectedGamesSettings();
}
