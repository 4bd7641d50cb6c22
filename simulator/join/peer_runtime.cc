// peer_runtime.cc — the joined side (runtime.h, peer_runtime.h): the link to the host, calls and
// their replies, the callback table, the queue Platform_RunCallbacks drains, the log and audio
// threads, and what a dead host leaves behind (docs/simulator.md, "One world for several processes").
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#if defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX
#endif
#define WIN32_LEAN_AND_MEAN
#include <process.h>
#include <windows.h>
#else
#include <unistd.h>
#endif

#include "client_result.h"
#include "ids.h"
#include "link.h"
#include "local_decls.h"
#include "peer_clients.h"
#include "peer_runtime.h"
#include "results.h"
#include "runtime.h"
#include "wire_values.h"

namespace psim::join {

namespace detail {
bool g_joined = false;
}

namespace {

constexpr uint32_t kConnectMs = 5000;          // the first call waits this long for the host
constexpr size_t kMaxQueuedEvents = 1u << 16;  // events waiting for RunCallbacks (beyond: dropped, counted)
constexpr size_t kMaxLaneFrames = 4096;        // log / audio frames waiting for their thread
constexpr const char *kHostGone = "the world host is gone (PLATFORM_SIM_HOST): the client is disconnected";

// PLATFORM_SIM_HOST, read once at load: the only thing done before main().
std::string *g_hostValue = nullptr;
struct ReadAtLoad {
    ReadAtLoad() {
        const char *v = std::getenv("PLATFORM_SIM_HOST");
        if (v != nullptr && *v != '\0') {
            g_hostValue = new std::string(v);  // immortal, like the world
            detail::g_joined = true;
        }
    }
} g_readAtLoad;

struct Entry {
    uint32_t cbType = 0;
    uint32_t lane = kLaneQueue;
    void *fn = nullptr;
    Platform_FreeFn fnFree = nullptr;
    void *ud = nullptr;
    uint64_t owner = 0;
    bool oneShot = false;
    int32_t lastStatus = -1;  // Client_OnStatusChanged: the last status it reported
    bool invoked = false;     // a one-shot that has run (the host's release may still be on its way)
    int busy = 0;             // calls of fn running now
    bool releasePending = false;
};

struct Waiter {
    std::mutex m;
    std::condition_variable cv;
    bool done = false;
    std::string reply;
    std::deque<std::string> inlineFrames;
};

// A thread that runs the log or audio callbacks, in order, off the link's reader thread.
class LaneThread {
public:
    explicit LaneThread(const char *what) : what_(what) {}
    void push(std::string frame);

private:
    void run();
    const char *what_;
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<std::string> q_;
    bool started_ = false;
    uint64_t dropped_ = 0;         // in all (m_)
    uint64_t droppedReported_ = 0;  // the total the last stderr line gave (m_)
};

class PeerSide {
public:
    bool ensureLink();
    bool send(std::string frame);
    void onFrame(std::string_view frame);
    void onClosed(std::string_view why);
    void releaseLink();
    bool dead() const { return dead_.load(std::memory_order_acquire); }

    uint64_t addCallback(Entry e);
    // Runs one Invoke or Release frame's body (after its kind and callId) on this thread.
    void runFrame(FrameKind kind, Reader &r);
    // fn_free now, or, when a call of fn is running (a log or audio thread's), right after that
    // call returns, on that thread; either way no new call of fn starts (runFrame). Never waits for
    // a callback (docs/simulator.md "Threads": as in-process Client_Drop/EndCall).
    void release(uint64_t cbId);
    // fn of a claimed entry (busy) has returned: the claim ends, and with `release` the triple goes.
    void unclaim(uint64_t cbId, bool release);
    void sweepDead();
    void runQueue();
    void dropInvokes();
    void purgeClient(uint64_t clientKey);
    void failOwned(uint64_t cbId, bool releaseIt);
    // A call that never reached the host (its frame over kMaxFrameBytes): its triples go as a
    // refused call's do (one-shots complete at the next RunCallbacks, the others are released now).
    void abandonCallbacks(const std::vector<uint64_t> &cbIds);

    std::mutex waitersMutex;
    std::unordered_map<uint64_t, Waiter *> waiters;
    std::atomic<uint64_t> nextCallId{1};
    std::atomic<uint32_t> peerId{0};
    std::string why() {
        std::lock_guard lk(whyMutex_);
        return deadWhy_;
    }

    std::mutex resultsMutex;
    std::set<uint64_t> localResults;
    std::atomic<bool> anyLocalResult{false};

    LaneThread logThread{"log"};
    LaneThread audioThread{"audio"};

private:
    std::mutex linkMutex_;
    // Shared: a sender holds it for its send while the link's reader may let it go (releaseLink).
    std::shared_ptr<HostLink> link_;
    bool tried_ = false;
    std::atomic<bool> dead_{false};
    std::mutex whyMutex_;
    std::string deadWhy_;

    std::mutex m_;  // callbacks_, queue_
    std::unordered_map<uint64_t, Entry> callbacks_;
    uint64_t nextCbId_ = 1;
    std::deque<std::string> queue_;  // Invoke/Release frames for RunCallbacks; "" = the host died
    size_t queuedEvents_ = 0;
    uint64_t droppedEvents_ = 0;
    std::mutex runMutex_;
};

PeerSide &side() {
    static PeerSide &s = *new PeerSide;  // immortal: threads of the link may outlive static destructors
    return s;
}

thread_local bool t_insideRun = false;
thread_local std::string t_lastError;
// The call this thread is making: the triples its stub registered, and why it failed without
// reaching the host (empty: it did not, or only because the host is gone).
thread_local std::vector<uint64_t> t_callCbs;
thread_local std::string t_callError;

// A frame this process queues for its own RunCallbacks (never on the wire: the host's kinds are
// FrameKind's): u8 kind, u64 0, u64 cbId — a one-shot whose call never reached the host
// completes with a validation error, then its triple is released.
constexpr uint8_t kLocalFail = 0xF0;

// The tag of a ClientResult made in this process (peer_runtime.h, localResult). A 32-bit opaque
// has no bit to spare (engine/registry.h, kWideKeys): there, none, and the set alone decides.
constexpr uintptr_t kLocalResultTag = sizeof(uintptr_t) >= sizeof(uint64_t) ? uintptr_t{1} << (sizeof(uintptr_t) * 8 - 1) : 0;

std::string releaseFrame(uint8_t kind, uint64_t cbId) {
    Writer w;
    w.u8(kind);
    w.u64(0);
    w.u64(cbId);
    return std::move(w.bytes());
}

// The executable's file name, for the host's console (the transport bounds and cleans it).
std::string programName() {
#if defined(_WIN32)
    wchar_t path[MAX_PATH] = {};
    const DWORD n = GetModuleFileNameW(nullptr, path, MAX_PATH);
    if (n == 0 || n >= MAX_PATH) return "";
    const wchar_t *name = path;
    for (const wchar_t *p = path; *p != L'\0'; ++p) {
        if (*p == L'\\' || *p == L'/') name = p + 1;
    }
    char utf8[4 * MAX_PATH] = {};
    const int len = WideCharToMultiByte(CP_UTF8, 0, name, -1, utf8, sizeof utf8, nullptr, nullptr);
    return len > 0 ? std::string(utf8) : std::string();
#else
    std::string p;
    if (FILE *f = std::fopen("/proc/self/comm", "rb")) {
        char buf[kMaxProgramBytes + 1] = {};
        size_t n = std::fread(buf, 1, kMaxProgramBytes, f);
        std::fclose(f);
        p.assign(buf, n);
        while (!p.empty() && (p.back() == '\n' || p.back() == '\0')) p.pop_back();
    }
    return p;
#endif
}

uint32_t processId() {
#if defined(_WIN32)
    return static_cast<uint32_t>(_getpid());
#else
    return static_cast<uint32_t>(getpid());
#endif
}

bool PeerSide::ensureLink() {
    if (dead()) return false;
    std::lock_guard lk(linkMutex_);
    if (link_) return true;
    if (tried_) return false;
    tried_ = true;
    HostAddress a;
    std::string why;
    if (g_hostValue == nullptr || !parseHostAddress(*g_hostValue, &a, &why)) {
        onClosed(why.empty() ? "PLATFORM_SIM_HOST is not a world host's address" : "PLATFORM_SIM_HOST: " + why);
        return false;
    }
    PeerHello hello{processId(), programName(), kInterfaceHash};
    link_ = HostLink::connect(
        a, hello, kConnectMs, [this](std::string_view f) { onFrame(f); },
        [this](std::string_view w) {
            onClosed(w);
            releaseLink();
        },
        &why);
    if (!link_) {
        std::fprintf(stderr, "platform simulator: could not join the world host (%s); this process's clients stay disconnected\n",
                     why.c_str());
        onClosed(why);
        return false;
    }
    peerId.store(link_->peerId(), std::memory_order_relaxed);
    return true;
}

bool PeerSide::send(std::string frame) {
    std::shared_ptr<HostLink> l;
    {
        std::lock_guard lk(linkMutex_);
        l = link_;
    }
    return l != nullptr && l->send(std::move(frame));
}

// On the link's reader thread, after its end: the link is let go, so its reader thread does not
// outlive it unjoined (destroyed here, the link detaches the thread it runs on; or a sender still
// holding it joins it when done). A link is never reopened (docs/simulator.md).
void PeerSide::releaseLink() {
    std::shared_ptr<HostLink> gone;
    {
        std::lock_guard lk(linkMutex_);
        gone = std::move(link_);
    }
}

void PeerSide::onFrame(std::string_view frame) {
    Reader r(frame.data(), frame.size());
    const auto kind = static_cast<FrameKind>(r.u8());
    switch (kind) {
    case FrameKind::Reply:
    case FrameKind::Invoke:
    case FrameKind::Release: {
        const uint64_t callId = r.u64();
        if (callId != 0) {
            std::lock_guard lk(waitersMutex);
            auto it = waiters.find(callId);
            if (it != waiters.end()) {
                Waiter &w = *it->second;
                std::lock_guard wl(w.m);
                if (kind == FrameKind::Reply) {
                    w.reply.assign(frame.data(), frame.size());
                    w.done = true;
                } else {
                    w.inlineFrames.emplace_back(frame);
                }
                w.cv.notify_all();
                return;
            }
            if (kind == FrameKind::Reply) return;  // a call that is no longer waiting
        }
        std::unique_lock lk(m_);
        if (kind == FrameKind::Release) {
            // A log or audio triple is released on the thread that runs it, after its last call.
            Reader peek(frame.data(), frame.size());
            peek.u8();
            peek.u64();
            auto it = callbacks_.find(peek.u64());
            if (it != callbacks_.end() && it->second.lane != kLaneQueue) {
                LaneThread &lane = it->second.lane == kLaneLog ? logThread : audioThread;
                lk.unlock();
                lane.push(std::string(frame));
                return;
            }
        }
        if (kind == FrameKind::Invoke) {
            Reader peek(frame.data(), frame.size());
            peek.u8();
            peek.u64();
            auto it = callbacks_.find(peek.u64());
            const bool event = it == callbacks_.end() || !it->second.oneShot;
            if (event) {
                // Completions are never dropped (one per operation the process started); events
                // beyond the bound are (a process that stopped calling RunCallbacks).
                if (queuedEvents_ >= kMaxQueuedEvents) {
                    if (droppedEvents_++ == 0)
                        std::fprintf(stderr, "platform simulator: this process does not call Platform_RunCallbacks; "
                                             "events from the world host are being dropped\n");
                    return;
                }
                ++queuedEvents_;
            }
        }
        queue_.emplace_back(frame);
        return;
    }
    case FrameKind::Log:
        logThread.push(std::string(frame));
        return;
    case FrameKind::Audio:
        audioThread.push(std::string(frame));
        return;
    default:
        return;  // the host speaks only these
    }
}

void PeerSide::onClosed(std::string_view why) {
    {
        std::lock_guard lk(whyMutex_);
        if (dead()) return;
        deadWhy_ = std::string(why);
        dead_.store(true, std::memory_order_release);
    }
    {
        std::lock_guard lk(waitersMutex);
        for (auto &[id, w] : waiters) {
            std::lock_guard wl(w->m);
            w->done = true;  // a reply that arrived before the end is still used
            w->cv.notify_all();
        }
    }
    std::lock_guard lk(m_);
    queue_.emplace_back();  // the sweep, at the next RunCallbacks
}

uint64_t PeerSide::addCallback(Entry e) {
    e.lane = callbackLane(e.cbType);
    std::lock_guard lk(m_);
    const uint64_t id = nextCbId_++;
    callbacks_.emplace(id, e);
    return id;
}

void PeerSide::release(uint64_t cbId) {
    Platform_FreeFn fnFree = nullptr;
    void *ud = nullptr;
    {
        std::lock_guard lk(m_);
        auto it = callbacks_.find(cbId);
        if (it == callbacks_.end()) return;
        if (it->second.busy > 0) {  // fn runs on another thread: it releases when it returns
            it->second.releasePending = true;
            return;
        }
        fnFree = it->second.fnFree;
        ud = it->second.ud;
        callbacks_.erase(it);
    }
    if (fnFree != nullptr) fnFree(ud);
}

void PeerSide::unclaim(uint64_t cbId, bool releaseIt) {
    Platform_FreeFn fnFree = nullptr;
    void *ud = nullptr;
    {
        std::lock_guard lk(m_);
        auto it = callbacks_.find(cbId);
        if (it == callbacks_.end()) return;
        if (releaseIt) it->second.releasePending = true;
        if (--it->second.busy != 0 || !it->second.releasePending) return;
        fnFree = it->second.fnFree;
        ud = it->second.ud;
        callbacks_.erase(it);
    }
    if (fnFree != nullptr) fnFree(ud);
}

void PeerSide::runFrame(FrameKind kind, Reader &r) {
    const uint64_t cbId = r.u64();
    if (kind == FrameKind::Release) {
        release(cbId);
        return;
    }
    if (static_cast<uint8_t>(kind) == kLocalFail) {
        Entry e;
        bool call = false;
        {
            std::lock_guard lk(m_);
            auto it = callbacks_.find(cbId);
            if (it == callbacks_.end()) return;
            call = !it->second.invoked && it->second.fn != nullptr && !it->second.releasePending;
            it->second.invoked = true;
            ++it->second.busy;
            e = it->second;
        }
        if (call) failCallback(e.cbType, e.fn, e.ud, LocalFailure::CallTooBig);
        unclaim(cbId, true);  // the host never had this triple: nothing else releases it
        return;
    }
    const uint32_t cbType = r.u32();
    Entry e;
    {
        std::lock_guard lk(m_);
        auto it = callbacks_.find(cbId);
        // A triple being released (its last call still running on another thread) starts no new
        // call: once Client_Drop/EndCall returned, frames already queued for it are not run.
        if (it == callbacks_.end() || it->second.fn == nullptr || it->second.releasePending) return;
        if (cbType == static_cast<uint32_t>(CbType::Client_OnStatusChanged)) {
            Reader peek = r;
            it->second.lastStatus = peek.num<int32_t>();
        }
        ++it->second.busy;
        if (it->second.oneShot) it->second.invoked = true;
        e = it->second;
    }
    invokeCallback(cbType, e.fn, e.ud, r);
    unclaim(cbId, false);
}

// The host is gone: every operation still pending completes with a network error, every client
// that was connected reports Disconnected, and every triple is released (exactly once: a release
// the host sent earlier took its entry out of the table).
void PeerSide::sweepDead() {
    std::vector<uint64_t> ids;
    {
        std::lock_guard lk(m_);
        for (auto &[id, e] : callbacks_) ids.push_back(id);
    }
    for (uint64_t id : ids) {
        // Claimed under the lock (busy, invoked): a Client_Drop on another thread (purgeClient)
        // neither completes it again nor frees it while fn runs here.
        enum class Act { None, Fail, Status } act = Act::None;
        Entry e;
        {
            std::lock_guard lk(m_);
            auto it = callbacks_.find(id);
            if (it == callbacks_.end()) continue;
            Entry &x = it->second;
            if (x.lane == kLaneQueue && x.fn != nullptr && !x.releasePending) {
                if (x.oneShot) {
                    if (!x.invoked) act = Act::Fail;
                } else if (x.cbType == static_cast<uint32_t>(CbType::Client_OnStatusChanged) && x.lastStatus > 0) {
                    act = Act::Status;
                }
            }
            if (act != Act::None) {
                x.invoked = x.invoked || x.oneShot;
                x.lastStatus = Platform_Client_Status_Disconnected;
                ++x.busy;
            }
            e = x;
        }
        if (act == Act::Fail) {
            failCallback(e.cbType, e.fn, e.ud, LocalFailure::HostGone);
        } else if (act == Act::Status) {
            reinterpret_cast<Platform_Client_OnStatusChanged>(e.fn)(Platform_Client_Status_Disconnected,
                                                                   Platform_Client_Error_UnexpectedClose, 0, e.ud);
        }
        if (act != Act::None) unclaim(id, true);
        else release(id);
    }
}

void PeerSide::runQueue() {
    std::lock_guard run(runMutex_);
    size_t n = 0;
    {
        std::lock_guard lk(m_);
        n = queue_.size();  // what arrives while these run waits for the next run
    }
    for (size_t i = 0; i < n; ++i) {
        std::string frame;
        {
            std::lock_guard lk(m_);
            if (queue_.empty()) break;
            frame = std::move(queue_.front());
            queue_.pop_front();
        }
        if (frame.empty()) continue;  // the sweep marker: the sweep runs below
        Reader r(frame.data(), frame.size());
        const auto kind = static_cast<FrameKind>(r.u8());
        r.u64();  // callId: 0
        if (kind == FrameKind::Invoke) {
            Reader peek = r;
            const uint64_t cbId = peek.u64();
            std::lock_guard lk(m_);
            auto it = callbacks_.find(cbId);
            if ((it == callbacks_.end() || !it->second.oneShot) && queuedEvents_ > 0) --queuedEvents_;
        }
        runFrame(kind, r);
    }
    if (dead()) sweepDead();  // also the triples registered by calls made after the host died
}

void PeerSide::purgeClient(uint64_t clientKey) {
    std::vector<std::string> mine;
    {
        std::lock_guard lk(m_);
        // Once Client_Drop returns none of the client's log or audio callbacks starts again, as
        // in-process. Their releases come from the host: inline with the Drop, or, when the host's
        // log or audio thread was handing that triple a frame right then, from that thread a
        // moment later, behind frames already on their way; those frames must not run meanwhile.
        for (auto &[id, e] : callbacks_)
            if (e.owner == clientKey && e.lane != kLaneQueue) e.releasePending = true;
        std::deque<std::string> kept;
        for (auto &f : queue_) {
            Reader r(f.data(), f.size());
            const auto kind = static_cast<FrameKind>(r.u8());
            r.u64();
            auto it = f.empty() ? callbacks_.end() : callbacks_.find(r.u64());
            if (it != callbacks_.end() && it->second.owner == clientKey) {
                if (kind == FrameKind::Invoke && !it->second.oneShot && queuedEvents_ > 0) --queuedEvents_;
                mine.push_back(std::move(f));
            } else {
                kept.push_back(std::move(f));
            }
        }
        queue_.swap(kept);
    }
    for (const std::string &f : mine) {
        Reader r(f.data(), f.size());
        const auto kind = static_cast<FrameKind>(r.u8());
        r.u64();
        const uint64_t cbId = r.u64();
        if (kind == FrameKind::Release) {
            release(cbId);
            continue;
        }
        // An event is discarded; a completion not yet run ends as the drop ends it in-process
        // (one that never reached the host is then released here: the host never had it).
        const bool local = static_cast<uint8_t>(kind) == kLocalFail;
        failOwned(cbId, local);
    }
    if (!dead()) return;  // the host's Client_Drop released the client's other triples
    // The host is gone, so its Client_Drop released nothing: every triple of this client goes
    // now, as in-process Drop ends them (pending completions with ClientDestroyed, then fn_free;
    // a log or audio triple whose callback is running, right after it returns), and none of their
    // fn starts afterwards (no status callback at the next RunCallbacks's sweep).
    std::vector<uint64_t> owned;
    {
        std::lock_guard lk(m_);
        for (auto &[id, e] : callbacks_) {
            if (e.owner == clientKey) owned.push_back(id);
        }
    }
    for (uint64_t id : owned) failOwned(id, true);
}

// A one-shot of a dropped client not yet run completes with ClientDestroyed; with `release`,
// the triple (any kind) then goes.
void PeerSide::failOwned(uint64_t cbId, bool releaseIt) {
    Entry e;
    bool call = false;
    {
        std::lock_guard lk(m_);
        auto it = callbacks_.find(cbId);
        if (it == callbacks_.end()) return;
        Entry &x = it->second;
        call = x.oneShot && !x.invoked && x.fn != nullptr && x.lane == kLaneQueue && !x.releasePending;
        if (!call && !releaseIt) return;
        if (call) {
            x.invoked = true;
            ++x.busy;
        }
        e = x;
    }
    if (call) {
        failCallback(e.cbType, e.fn, e.ud, LocalFailure::ClientDestroyed);
        unclaim(cbId, releaseIt);
    } else {
        release(cbId);
    }
}

void PeerSide::abandonCallbacks(const std::vector<uint64_t> &cbIds) {
    std::vector<uint64_t> now;
    {
        std::lock_guard lk(m_);
        for (uint64_t id : cbIds) {
            auto it = callbacks_.find(id);
            if (it == callbacks_.end()) continue;
            if (it->second.oneShot && it->second.fn != nullptr) queue_.push_back(releaseFrame(kLocalFail, id));
            else now.push_back(id);
        }
    }
    for (uint64_t id : now) release(id);
}

void PeerSide::dropInvokes() {
    std::lock_guard lk(m_);
    std::deque<std::string> kept;
    for (auto &f : queue_) {
        if (!f.empty() && static_cast<FrameKind>(f[0]) == FrameKind::Invoke) continue;
        if (!f.empty() && static_cast<uint8_t>(f[0]) == kLocalFail) {
            // A completion of this process's own: dropped as the host's are, its triple still
            // released when the frame runs (invoked: fn is not called).
            Reader r(f.data(), f.size());
            r.u8();
            r.u64();
            auto it = callbacks_.find(r.u64());
            if (it != callbacks_.end()) it->second.invoked = true;
        }
        kept.push_back(std::move(f));
    }
    queue_.swap(kept);
    queuedEvents_ = 0;
}

void LaneThread::push(std::string frame) {
    std::lock_guard lk(m_);
    if (q_.size() >= kMaxLaneFrames && static_cast<FrameKind>(frame[0]) != FrameKind::Release) {
        // Audio is lossy by design; a log line is dropped only when the app's log callback is
        // this far behind; a release never is. Counted, and said on stderr: once when it first
        // happens, and the total each time the thread has caught up again (run()).
        if (dropped_++ == 0)
            std::fprintf(stderr, "platform simulator: this process's %s callback is %llu frames behind; %s frames from the world host are being dropped\n",
                         what_, static_cast<unsigned long long>(kMaxLaneFrames), what_);
        return;
    }
    q_.push_back(std::move(frame));
    if (!started_) {
        started_ = true;
        std::thread([this] { run(); }).detach();  // lives as long as the process (its owner is immortal)
    }
    cv_.notify_one();
}

void LaneThread::run() {
    for (;;) {
        std::string frame;
        uint64_t report = 0;
        {
            std::unique_lock lk(m_);
            cv_.wait(lk, [this] { return !q_.empty(); });
            frame = std::move(q_.front());
            q_.pop_front();
            if (q_.empty() && dropped_ != droppedReported_) report = droppedReported_ = dropped_;
        }
        if (report != 0)
            std::fprintf(stderr, "platform simulator: %llu %s frames dropped in all in this process (its %s callback fell %llu frames behind)\n",
                         static_cast<unsigned long long>(report), what_, what_, static_cast<unsigned long long>(kMaxLaneFrames));
        Reader r(frame.data(), frame.size());
        const auto kind = static_cast<FrameKind>(r.u8());
        if (kind == FrameKind::Release) {
            r.u64();
            side().release(r.u64());
        } else {
            side().runFrame(FrameKind::Invoke, r);
        }
    }
}

// A Call (with its id) or a Post: kind, [callId], fnId, the arguments.
std::string callFrame(FrameKind kind, uint64_t callId, uint32_t fnId, Writer &args) {
    Writer w;
    w.reserve(args.bytes().size() + 13);
    w.u8(static_cast<uint8_t>(kind));
    if (kind == FrameKind::Call) w.u64(callId);
    w.u32(fnId);
    w.bytes() += args.bytes();
    return std::move(w.bytes());
}

}  // namespace

// ---- runtime.h ---------------------------------------------------------------------------------

Call::Call(uint32_t fnId) : fnId_(fnId) {
    t_callCbs.clear();
    t_callError.clear();
}

Reader &Call::finish() {
    PeerSide &s = side();
    reader_ = Reader::failed();
    if (!s.ensureLink()) return reader_;
    std::string frame = callFrame(FrameKind::Call, 0, fnId_, args);
    if (frame.size() > kMaxFrameBytes) {
        // Only this call fails (the link would close on a frame over its bound): its type's
        // default, PlatformSim_LastError says why, and its triples go as a refused call's do.
        t_callError = "the call's arguments (" + std::to_string(frame.size() >> 20) +
                      " MiB) are over what one call can carry to the world host (PLATFORM_SIM_HOST, " +
                      std::to_string(kMaxFrameBytes >> 20) + " MiB): pass less per call, or make it in the host's process";
        s.abandonCallbacks(t_callCbs);
        return reader_;
    }
    id_ = s.nextCallId.fetch_add(1, std::memory_order_relaxed);
    std::memcpy(frame.data() + 1, &id_, sizeof id_);  // the call's id, after its kind (little-endian hosts)
    Waiter w;
    {
        std::lock_guard lk(s.waitersMutex);
        s.waiters.emplace(id_, &w);
    }
    const bool sent = s.send(std::move(frame));
    if (!sent && !s.dead()) s.onClosed("the world host is not reading");
    if (s.dead()) {
        // The link ended before this waiter was registered (onClosed marks the dead flag before
        // it ends the waiters it finds): nothing will answer.
        std::lock_guard lk(w.m);
        w.done = true;
    }
    for (;;) {
        std::unique_lock lk(w.m);
        w.cv.wait(lk, [&] { return w.done || !w.inlineFrames.empty(); });
        if (!w.inlineFrames.empty()) {
            std::string f = std::move(w.inlineFrames.front());
            w.inlineFrames.pop_front();
            lk.unlock();
            Reader r(f.data(), f.size());
            const auto kind = static_cast<FrameKind>(r.u8());
            r.u64();  // this call's id
            s.runFrame(kind, r);
            continue;
        }
        break;  // done, and every inline frame (sent before the reply) has run
    }
    {
        std::lock_guard lk(s.waitersMutex);
        s.waiters.erase(id_);
    }
    reply_ = std::move(w.reply);
    if (reply_.empty()) return reader_;
    reader_ = Reader(reply_.data(), reply_.size());
    reader_.u8();
    reader_.u64();
    return reader_;
}

void Call::post() {
    PeerSide &s = side();
    if (!s.ensureLink()) return;
    std::string frame = callFrame(FrameKind::Post, 0, fnId_, args);
    if (frame.size() <= kMaxFrameBytes) s.send(std::move(frame));  // a _Drop: a handle, never near the bound
}

uint64_t registerCallback(uint32_t cbType, void *fn, Platform_FreeFn fnFree, void *ud, uint64_t owner, bool oneShot) {
    Entry e;
    e.cbType = cbType;
    e.fn = fn;
    e.fnFree = fnFree;
    e.ud = ud;
    e.owner = owner;
    e.oneShot = oneShot;
    const uint64_t id = side().addCallback(e);
    t_callCbs.push_back(id);
    return id;
}

// ---- peer_runtime.h ----------------------------------------------------------------------------

void runCallbacks() {
    if (t_insideRun) return;  // as in-process: a callback's RunCallbacks is a no-op
    t_insideRun = true;
    // The host runs this process's due invocations now, as in-process RunCallbacks runs them: a
    // slot's callback is the one set when it runs, a dropped client's events are gone. Their
    // callbacks come back tagged with this call and run on this thread before it returns. One
    // invocation per round trip (host_runtime.h, runCallbacksOf): each callback runs before the
    // host delivers the next, so it reads the world as it would in-process.
    uint64_t now = 0;
    uint64_t seqLimit = 0;
    for (bool more = true; more;) {
        Call c(static_cast<uint32_t>(FnId::Platform_RunCallbacks));
        c.args.u64(now);
        c.args.u64(seqLimit);
        Reader &r = c.finish();
        more = r.boolean();
        now = r.u64();
        seqLimit = r.u64();
        more = more && r.ok();
    }
    side().runQueue();  // releases the host made outside this process's calls; a dead host's sweep
    t_insideRun = false;
}

void lastError(Platform_String *out) {
    if (out != nullptr) *out = peerString(t_lastError);
}

void storeLastError(Reader &reply) {
    const std::string_view e = reply.str();
    if (reply.ok()) t_lastError.assign(e);
    else if (!t_callError.empty()) t_lastError = t_callError;
    else t_lastError = side().dead() ? std::string(kHostGone) + " (" + side().why() + ")" : std::string(kHostGone);
}

void adoptLocalLastError() {
    Platform_String e{};
    psimLocal_PlatformSim_LastError(&e);
    t_lastError.assign(reinterpret_cast<const char *>(e.ptr), e.ptr == nullptr ? 0 : e.size);
    psimLocal_Platform_Free(e.ptr);
}

bool tooBigToCross(size_t bytes) {
    t_lastError = psim::worldTooBigToCross(bytes);
    return false;
}

void dropQueuedInvokes() { side().dropInvokes(); }

uint32_t joinedPeerId() {
    side().ensureLink();  // PlatformSim_JoinedPeerId may be a process's first call
    return side().peerId.load(std::memory_order_relaxed);
}

Platform_ClientResult localResult(LocalFailure why) {
    Platform_ClientResult r = newClientResult(why == LocalFailure::HostGone ? result::network(kHostGone)
                                              : why == LocalFailure::CallTooBig
                                                  ? result::validation("the call's arguments are over what one call can carry to the world host (PLATFORM_SIM_HOST): pass less per call")
                                                  : result::clientDestroyed());
    rememberLocalResult(&r);
    return r;
}

bool isLocalResult(const Platform_ClientResult *h) {
    // Local results exist only after a client drop or the host's end: until then, no lookup.
    if (h == nullptr || !side().anyLocalResult.load(std::memory_order_acquire)) return false;
    const uint64_t key = handleKey(h);
    if (kLocalResultTag != 0 && (key & kLocalResultTag) == 0) return false;  // a host key
    std::lock_guard lk(side().resultsMutex);
    return side().localResults.count(key) != 0;
}

Platform_ClientResult localHandle(const Platform_ClientResult *h) {
    const uintptr_t key = static_cast<uintptr_t>(handleKey(h)) & ~kLocalResultTag;
    return Platform_ClientResult{reinterpret_cast<void *>(key)};
}

void rememberLocalResult(Platform_ClientResult *h) {
    if (h == nullptr || h->opaque == nullptr) return;  // no object (a full registry, a failed clone)
    h->opaque = reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(h->opaque) | kLocalResultTag);
    std::lock_guard lk(side().resultsMutex);
    side().localResults.insert(handleKey(h));
    side().anyLocalResult.store(true, std::memory_order_release);
}

void clientDropped(uint64_t clientKey) {
    if (clientKey != 0) side().purgeClient(clientKey);
}

void forgetLocalResult(const Platform_ClientResult *h) {
    std::lock_guard lk(side().resultsMutex);
    side().localResults.erase(handleKey(h));
}

}  // namespace psim::join

// PlatformSim_JoinedPeerId: the same in both kinds of process (0 in a world of its own).
extern "C" uint32_t psimLocal_PlatformSim_JoinedPeerId(void) {
    return psim::join::joined() ? psim::join::joinedPeerId() : 0;
}
