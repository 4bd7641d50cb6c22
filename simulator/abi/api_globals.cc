// api_globals.cc — the 6 global functions (sdk-abi.md section 2): allocator and callback pump.
#include <cstddef>
#include <cstdlib>
#include <mutex>

#include "block_pool.h"
#include "guard.h"
#include "client_state.h"
#include "messages.h"
#include "world.h"
#include "peer_clients.h"

using namespace psim;

namespace {

// Serialises RunCallbacks between threads. Immortal for the same reason as the world.
std::mutex &runMutex() {
    static std::mutex &m = *new std::mutex;
    return m;
}

// Serialises the world host's runs for joined processes (each one's Platform_RunCallbacks, run on
// the host). Not runMutex: those invocations are never this process's own, so a host's own
// Platform_RunCallbacks never waits for them, nor they for it.
std::mutex &pumpMutex() {
    static std::mutex &m = *new std::mutex;
    return m;
}

thread_local bool t_insideRun = false;

// What Platform_Alloc(0) returns (see there).
void *emptyBlock() noexcept {
    alignas(std::max_align_t) static unsigned char block[1];
    return block;
}

struct InsideRun {
    InsideRun() { t_insideRun = true; }
    ~InsideRun() { t_insideRun = false; }
    InsideRun(const InsideRun &) = delete;
    InsideRun &operator=(const InsideRun &) = delete;
};

// What one iteration of the pump delivers: a closure, or a message event prepared under the lock.
struct Taken {
    std::function<void()> fn;
    MessageDelivery message;
};

// The queue of `owner`'s invocations (0: this process's own; else a joined process's, on a world
// host), or nullptr when it has none. Each process's are apart (world.h: Scheduler::peers), so a
// run walks only its own.
InvocationQueue *queueOf(World &w, uint32_t owner) {
    if (owner == 0) return &w.sched.invocations;
    auto it = w.sched.peers.find(owner);
    return it != w.sched.peers.end() ? &it->second.invocations : nullptr;
}

// Takes the next deliverable invocation of `owner`: due by `now`, queued before the run started.
bool takeNext(uint64_t now, uint64_t seqLimit, Taken *out, uint32_t owner) {
    WorldLock lk;
    InvocationQueue *q = queueOf(lk.w, owner);
    if (q == nullptr) return false;
    auto &inv = *q;
    for (auto it = inv.begin(); it != inv.end() && it->first.first <= now; ++it) {
        if (it->first.second >= seqLimit) continue;  // queued during this run: next run
        if (it->second.gateway) {  // held while the network is down; replayed on the resume
            const ClientState *c = findClient(lk.w, it->second.clientKey);
            if (c != nullptr && c->status == Platform_Client_Status_Reconnecting) continue;
        }
        if (it->second.messageEvent != 0) {
            out->message = takeMessageEvent(lk.w, it->second);
        } else {
            out->fn = std::move(it->second.fn);
            it->second.fn = nullptr;  // moved from: certainly empty, so the node can be reused
        }
        retireInvocation(lk.w, inv, it);
        return true;
    }
    return false;
}

// One run: what is due by *now, queued before *seqLimit, of `owner` (0: Platform_RunCallbacks of
// this process; else that joined process's, run on the world host); *seqLimit 0: a run that starts
// now (both read once the run holds its mutex). With `oneOnly`, it stops after the first
// invocation it delivers and returns true (more may be due): see runPeerInvocations.
bool runDue(uint32_t owner, uint64_t *now, uint64_t *seqLimit, bool oneOnly) {
    std::lock_guard run(owner != 0 ? pumpMutex() : runMutex());
    InsideRun inside;
    if (*seqLimit == 0) {
        WorldLock lk;
        *now = lk.now;
        *seqLimit = lk.w.sched.nextSeq;
    }
    Taken next;
    while (takeNext(*now, *seqLimit, &next, owner)) {
        if (next.fn) next.fn();
        fireMessageEvent(next.message);
        next = Taken{};  // closures may own ops: release before the next item
        if (oneOnly) return true;
    }
    return false;
}

// Platform_ResetCallbacks for the clients of one owner (0: this process's own, which are all of
// them while this process serves nobody).
void resetCallbacksOf(uint32_t owner) {
    WorldLock lk;
    World &w = lk.w;
    InvocationQueue *q = queueOf(w, owner);
    if (q == nullptr) return;
    for (auto it = q->begin(); it != q->end();) {
        auto &item = it->second;
        ClientState *c = findClient(w, item.clientKey);
        if (item.opId != 0 && c != nullptr) {
            // The op's invocation is dropped, so fn will never be called: release it.
            if (auto op = c->ops.find(item.opId); op != c->ops.end()) {
                w.trash.ops.push_back(std::move(op->second));
                c->ops.erase(op);
            }
            if (c->authorize && c->authorize->opId == item.opId) c->authorize.reset();
            if (c->deviceFlow && c->deviceFlow->opId == item.opId) c->deviceFlow.reset();
        }
        w.trash.closures.push_back(std::move(item.fn));  // orphan ops die with their closure
        it = q->erase(it);
    }
}

}  // namespace

bool psim::runPeerInvocations(uint32_t peer, uint64_t *now, uint64_t *seqLimit) {
    return guard(__func__, false, [&] {
        if (t_insideRun) return false;
        return runDue(peer, now, seqLimit, true);
    });
}

void psim::resetPeerCallbacks(uint32_t peer) {
    guardVoid(__func__, [peer] { resetCallbacksOf(peer); });
}

extern "C" {

PLATFORM_API void *Platform_Alloc(size_t size) {
    // Never NULL for size 0: empty strings and spans get a real pointer (sdk-abi.md 1.5). It is
    // one shared block that Platform_Free ignores (a zero-size block has no byte a caller may
    // write), and every captured message hands over two empty maps (four empty arrays) that
    // would otherwise cost an allocation and a free each. docs/simulator.md states the choice.
    // Other sizes come from block_pool.h (small blocks recycled per thread).
    return size == 0 ? emptyBlock() : blocks::allocate(size);
}

PLATFORM_API void Platform_Free(void *ptr) {
    if (ptr != emptyBlock()) blocks::release(ptr);
}

PLATFORM_API void Platform_FreeProperties(Platform_Properties props) {
    for (size_t i = 0; i < props.size; ++i) {
        if (props.keys != nullptr) Platform_Free(props.keys[i].ptr);
        if (props.values != nullptr) Platform_Free(props.values[i].ptr);
    }
    Platform_Free(props.keys);
    Platform_Free(props.values);
}

// Undocumented in the vendor SDK; no wrapper calls it (sdk-abi.md section 2).
PLATFORM_API void Platform_SetFreeThreaded(void) {}

PLATFORM_API void Platform_ResetCallbacks(void) {
    guardVoid(__func__, [] { resetCallbacksOf(0); });
}

PLATFORM_API void Platform_RunCallbacks(void) {
    guardVoid(__func__, [] {
        // A callback that calls RunCallbacks again gets a no-op (its items wait for the next run).
        if (t_insideRun) return;
        uint64_t now = 0;
        uint64_t seqLimit = 0;
        runDue(0, &now, &seqLimit, false);
    });
}

}  // extern "C"
