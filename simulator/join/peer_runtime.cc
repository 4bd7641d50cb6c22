// peer_runtime.cc — the joined side (runtime.h, peer_runtime.h): the link to the host, calls and
// their replies, the callback table, the queue Platform_RunCallbacks drains, the log and audio
// threads, and what a dead host leaves behind (docs/simulator.md, "One world for several processes").
#include <atomic>
#include <condition_variable>
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
    void push(std::string frame);
    uint64_t dropped() const { return dropped_.load(std::memory_order_relaxed); }

private:
    void run();
    std::mutex m_;
    std::condition_variable cv_;
    std::deque<std::string> q_;
    bool started_ = false;
    std::atomic<uint64_t> dropped_{0};
};

class PeerSide {
public:
    bool ensureLink();
    bool send(std::string frame);
    void onFrame(std::string_view frame);
    void onClosed(std::string_view why);
    bool dead() const { return dead_.load(std::memory_order_acquire); }

    uint64_t addCallback(Entry e);
    // Runs one Invoke or Release frame's body (after its kind and callId) on this thread.
    void runFrame(FrameKind kind, Reader &r);
    void release(uint64_t cbId);
    void sweepDead();
    void runQueue();
    void dropInvokes();
    void purgeClient(uint64_t clientKey);

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

    LaneThread logThread;
    LaneThread audioThread;

private:
    std::mutex linkMutex_;
    std::unique_ptr<HostLink> link_;
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
        a, hello, kConnectMs, [this](std::string_view f) { onFrame(f); }, [this](std::string_view w) { onClosed(w); },
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
    HostLink *l = nullptr;
    {
        std::lock_guard lk(linkMutex_);
        l = link_.get();
    }
    return l != nullptr && l->send(std::move(frame));
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

void PeerSide::runFrame(FrameKind kind, Reader &r) {
    const uint64_t cbId = r.u64();
    if (kind == FrameKind::Release) {
        release(cbId);
        return;
    }
    const uint32_t cbType = r.u32();
    Entry e;
    {
        std::lock_guard lk(m_);
        auto it = callbacks_.find(cbId);
        if (it == callbacks_.end() || it->second.fn == nullptr) return;
        if (cbType == static_cast<uint32_t>(CbType::Client_OnStatusChanged)) {
            Reader peek = r;
            it->second.lastStatus = peek.num<int32_t>();
        }
        ++it->second.busy;
        if (it->second.oneShot) it->second.invoked = true;
        e = it->second;
    }
    invokeCallback(cbType, e.fn, e.ud, r);
    bool releaseNow = false;
    {
        std::lock_guard lk(m_);
        auto it = callbacks_.find(cbId);
        if (it != callbacks_.end() && --it->second.busy == 0 && it->second.releasePending) {
            callbacks_.erase(it);
            releaseNow = true;
        }
    }
    if (releaseNow && e.fnFree != nullptr) e.fnFree(e.ud);
}

// The host is gone: every operation still pending completes with a network error, every client
// that was connected reports Disconnected, and every triple is released (exactly once: a release
// the host sent earlier took its entry out of the table).
void PeerSide::sweepDead() {
    std::vector<std::pair<uint64_t, Entry>> entries;
    {
        std::lock_guard lk(m_);
        for (auto &[id, e] : callbacks_) entries.emplace_back(id, e);
    }
    for (auto &[id, e] : entries) {
        if (e.lane == kLaneQueue && e.fn != nullptr) {
            if (e.oneShot) {
                if (!e.invoked) failCallback(e.cbType, e.fn, e.ud, LocalFailure::HostGone);
            } else if (e.cbType == static_cast<uint32_t>(CbType::Client_OnStatusChanged) && e.lastStatus > 0) {
                reinterpret_cast<Platform_Client_OnStatusChanged>(e.fn)(Platform_Client_Status_Disconnected,
                                                                       Platform_Client_Error_UnexpectedClose, 0, e.ud);
            }
        }
        release(id);
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
        // An event is discarded; a completion not yet run ends as the drop ends it in-process.
        Entry e;
        {
            std::lock_guard lk(m_);
            auto it = callbacks_.find(cbId);
            if (it == callbacks_.end() || !it->second.oneShot || it->second.invoked || it->second.fn == nullptr) continue;
            it->second.invoked = true;
            e = it->second;
        }
        failCallback(e.cbType, e.fn, e.ud, LocalFailure::ClientDestroyed);
    }
}

void PeerSide::dropInvokes() {
    std::lock_guard lk(m_);
    std::deque<std::string> kept;
    for (auto &f : queue_) {
        if (!f.empty() && static_cast<FrameKind>(f[0]) == FrameKind::Invoke) continue;
        kept.push_back(std::move(f));
    }
    queue_.swap(kept);
    queuedEvents_ = 0;
}

void LaneThread::push(std::string frame) {
    std::lock_guard lk(m_);
    if (q_.size() >= kMaxLaneFrames && static_cast<FrameKind>(frame[0]) != FrameKind::Release) {
        // Audio is lossy by design; a log line is dropped only when the app's log callback is
        // this far behind (counted in dropped()); a release never is.
        dropped_.fetch_add(1, std::memory_order_relaxed);
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
        {
            std::unique_lock lk(m_);
            cv_.wait(lk, [this] { return !q_.empty(); });
            frame = std::move(q_.front());
            q_.pop_front();
        }
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

Call::Call(uint32_t fnId) : fnId_(fnId) {}

Reader &Call::finish() {
    PeerSide &s = side();
    reader_ = Reader::failed();
    if (!s.ensureLink()) return reader_;
    id_ = s.nextCallId.fetch_add(1, std::memory_order_relaxed);
    Waiter w;
    {
        std::lock_guard lk(s.waitersMutex);
        s.waiters.emplace(id_, &w);
    }
    const bool sent = s.send(callFrame(FrameKind::Call, id_, fnId_, args));
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
    s.send(callFrame(FrameKind::Post, 0, fnId_, args));
}

uint64_t registerCallback(uint32_t cbType, void *fn, Platform_FreeFn fnFree, void *ud, uint64_t owner, bool oneShot) {
    Entry e;
    e.cbType = cbType;
    e.fn = fn;
    e.fnFree = fnFree;
    e.ud = ud;
    e.owner = owner;
    e.oneShot = oneShot;
    return side().addCallback(e);
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
    else t_lastError = side().dead() ? std::string(kHostGone) + " (" + side().why() + ")" : std::string(kHostGone);
}

void dropQueuedInvokes() { side().dropInvokes(); }

uint32_t joinedPeerId() {
    side().ensureLink();  // PlatformSim_JoinedPeerId may be a process's first call
    return side().peerId.load(std::memory_order_relaxed);
}

Platform_ClientResult localResult(LocalFailure why) {
    Platform_ClientResult r =
        newClientResult(why == LocalFailure::HostGone ? result::network(kHostGone) : result::clientDestroyed());
    rememberLocalResult(&r);
    return r;
}

bool isLocalResult(const Platform_ClientResult *h) {
    // Local results exist only after a client drop or the host's end: until then, no lookup.
    if (h == nullptr || !side().anyLocalResult.load(std::memory_order_acquire)) return false;
    std::lock_guard lk(side().resultsMutex);
    return side().localResults.count(handleKey(h)) != 0;
}

void rememberLocalResult(const Platform_ClientResult *h) {
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
