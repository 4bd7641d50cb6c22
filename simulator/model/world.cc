// world.cc — see world.h.
#include "world.h"

#include <cstdio>
#include <iterator>

#include "clock.h"
#include "peer_clients.h"
#include "registry.h"

namespace psim {

World &world() {
    // Immortal: destroying it at exit would call fn_free of clients never dropped, into user
    // code that may already be torn down.
    static World &w = *new World;
    return w;
}

WorldLock::WorldLock() : w(world()), now(0), lk_(w.mu) {
    now = clock::now();
    w.lastNow = now;
    w.lockSeq.fetch_add(1, std::memory_order_acq_rel);
    advance(w, now);
}

WorldPeek::WorldPeek() : w(world()), now(0), lk_(w.mu) { now = w.lastNow; }

namespace {
bool empty(const Trash &t) {
    return t.callbacks.empty() && t.shared.empty() && t.ops.empty() && t.closures.empty() && t.clients.empty() &&
           t.misc.empty();
}
}  // namespace

WorldLock::~WorldLock() {
    if (empty(w.trash)) return;  // most locks trash nothing (every pumped message takes one): just unlock
    Trash doomed = std::move(w.trash);
    w.trash = Trash{};
    lk_.unlock();
    // Order matters little, but ops/clients first: they may hold the last reference to a
    // callback that a closure also references.
    doomed.clients.clear();
    doomed.misc.clear();
    doomed.ops.clear();
    doomed.closures.clear();
    doomed.shared.clear();
    doomed.callbacks.clear();
}

void addTimer(World &w, uint64_t due, uint64_t clientKey, TimerFn fn) {
    w.sched.timers.emplace(SchedKey{due, w.sched.nextSeq++}, Timer{clientKey, std::move(fn)});
}

void addInvocation(World &w, uint64_t due, uint64_t clientKey, uint64_t opId, std::function<void()> fn) {
    addInvocation(w, due, Invocation{clientKey, opId, std::move(fn)});
}

void addGatewayInvocation(World &w, uint64_t due, uint64_t clientKey, std::function<void()> fn) {
    Invocation inv{clientKey, 0, std::move(fn)};
    inv.gateway = true;
    addInvocation(w, due, std::move(inv));
}

namespace {
// While this process serves a world host: the queue of the process `inv` is for (its peer set),
// or nullptr when it is an event its joined process's queue has no room for (dropped, counted).
InvocationQueue *queueWhileServing(World &w, Invocation &inv) {
    const ClientState *c = findClient(w, inv.clientKey);
    inv.peer = c != nullptr ? c->ownerPeer : t_callingPeer;
    if (inv.peer == 0) return &w.sched.invocations;
    PeerQueue &pq = w.sched.peers[inv.peer];
    if (inv.opId == 0 && pq.invocations.size() >= kMaxPeerQueued) {
        if (pq.droppedEvents++ == 0) {
            std::fprintf(stderr, "platform simulator: joined process %u has %zu callbacks waiting for its "
                                 "Platform_RunCallbacks; its later events are dropped and counted (PlatformSim_HostPeers)\n",
                         static_cast<unsigned>(inv.peer), kMaxPeerQueued);
        }
        w.trash.closures.push_back(std::move(inv.fn));  // released after the lock
        return nullptr;
    }
    return &pq.invocations;
}
}  // namespace

void addInvocation(World &w, uint64_t due, Invocation inv) {
    InvocationQueue *target = &w.sched.invocations;
    if (g_servingPeers.load(std::memory_order_relaxed)) [[unlikely]] {
        target = queueWhileServing(w, inv);
        if (target == nullptr) return;
    }
    auto &q = *target;
    const SchedKey key{due, w.sched.nextSeq++};
    // Most invocations are due last of all (a flood queues thousands due at one time): the
    // end is then the right place, found without walking the tree.
    const auto hint = q.empty() || std::prev(q.end())->first < key ? q.end() : q.upper_bound(key);
    auto &spare = w.sched.spareInvocations;
    if (spare.empty()) {
        q.emplace_hint(hint, key, std::move(inv));
        return;
    }
    auto node = std::move(spare.back());
    spare.pop_back();
    node.key() = key;
    node.mapped() = std::move(inv);  // the old contents were moved out: nothing of a user's dies here
    q.insert(hint, std::move(node));
}

void addMessageInvocation(World &w, uint64_t due, uint64_t clientKey, int32_t kind, const MessagePtr &m) {
    auto &spare = w.sched.spareInvocations;
    if (spare.empty() || g_servingPeers.load(std::memory_order_relaxed)) {
        Invocation inv{clientKey, 0, {}};
        inv.gateway = true;
        inv.message = m;
        inv.messageEvent = kind;
        addInvocation(w, due, std::move(inv));
        return;
    }
    auto &q = w.sched.invocations;
    const SchedKey key{due, w.sched.nextSeq++};
    const auto hint = q.empty() || std::prev(q.end())->first < key ? q.end() : q.upper_bound(key);
    auto node = std::move(spare.back());
    spare.pop_back();
    node.key() = key;
    Invocation &inv = node.mapped();  // its old contents were moved out (retireInvocation)
    inv.clientKey = clientKey;
    inv.opId = 0;
    inv.fn = nullptr;
    inv.gateway = true;
    inv.message = m;
    inv.messageEvent = kind;
    inv.peer = 0;  // this process's own: a world host queues through addInvocation
    q.insert(hint, std::move(node));
}

void retireInvocation(World &w, InvocationQueue &q, InvocationQueue::iterator it) {
    auto node = q.extract(it);
    constexpr size_t kSpare = 1024;  // a chunk of a flood; ~150 KB at most, kept for the process
    if (w.sched.spareInvocations.size() < kSpare) w.sched.spareInvocations.push_back(std::move(node));
}

void advance(World &w, uint64_t now) {
    auto &timers = w.sched.timers;
    while (!timers.empty() && timers.begin()->first.first <= now) {
        auto node = timers.extract(timers.begin());
        if (node.mapped().fn) node.mapped().fn(w, node.key().first);
    }
}

ClientState *findClient(World &w, uint64_t key) {
    if (key == 0) return nullptr;
    auto it = w.clients.find(key);
    return it == w.clients.end() ? nullptr : it->second.get();
}

ClientState *findClient(World &w, const Platform_Client *self) {
    if (self == nullptr) return nullptr;
    return findClient(w, opaqueToKey(self->opaque));
}

}  // namespace psim
