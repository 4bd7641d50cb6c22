// handle_view.h — a handle's resolved object, read without the world mutex while the world is
// unchanged (issue 19: the simulator's getters as fast as a test double).
//
// Capturing one message calls ~30 getters. Each used to resolve its handle from scratch: the
// registry lookup, the world mutex, the client and the object found through maps, and a copy of
// the field. Now a handle keeps what it resolved to — an immutable `View`, shared — with the
// World::lockSeq it was resolved at. Every change to the world is made under a WorldLock, and a
// WorldLock advances lockSeq before it changes anything; so while lockSeq still has the recorded
// value nothing the view was built from has changed, and the view is exactly what resolving
// again would give. The first getter after any WorldLock resolves again (under a WorldPeek).
// The view is kept in the handle's registry entry (for every thread) and, for the last handle of
// each class a thread read, in that thread's LastView record: the getters that follow on that
// thread take no lock at all.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "registry.h"
#include "span_views.h"
#include "world.h"

// Keeps a slow path out of line (the getters' fast path stays a few loads and compares). MSVC
// warns on an unknown scoped attribute (C5030), so it gets its own spelling.
#if defined(_MSC_VER) && !defined(__clang__)
#define PSIM_NOINLINE __declspec(noinline)
#else
#define PSIM_NOINLINE [[gnu::noinline]]
#endif

namespace psim {

// The last handle of one class a thread read: its key, the registry's removal count and the
// World::lockSeq it was valid at, and its view. While all three still match, the handle is alive,
// the world unchanged and the view current, so a getter returns without any lock or map lookup
// (the binding reads one handle's getters one after another on one thread). One record per
// (thread, handle class): a message's getters all hit it, whichever getter ran before.
//
// The record also keeps the last span of the class this thread made (span_views.h): a handle of
// it that is not the last one read is found there, without the registry.
template <class Data, class View>
struct LastView {
    uint64_t key = 0;
    uint64_t removals = 0;
    uint64_t seq = 0;
    const View *current = nullptr;      // the view the getters read: `view`'s, or one of `span`'s
    std::shared_ptr<const View> view;   // owns `current`, unless it came from a span member
                                        // (SpanMember::sharedView: only the span's block)
    std::shared_ptr<SpanViews<View>> span;
    size_t spanNext = 0;                // the index after the span's handle found last

    // `v` (resolved at `at`) is now the thread's last view of the handle `k`.
    void set(uint64_t k, uint64_t removalCount, uint64_t at, std::shared_ptr<const View> v) {
        key = k;
        removals = removalCount;
        seq = at;
        current = v.get();
        view = std::move(v);
    }
    // Forgets the last view if it is one of the span's (before the span is let go).
    void forgetSpanView() {
        if (!view) {
            key = 0;
            current = nullptr;
        }
    }
};

// Where a thread's LastView records live. Not in thread-local storage: a view owned only by a
// thread_local is lost — and reported by LeakSanitizer — when a thread ends without running its
// TLS destructors, or when the TLS of this dlopen'ed library is not scanned. The records belong
// to an immortal pool; a thread holds a plain pointer to its own (a lease), and a thread that
// ends normally gives the record back, dropping its view. A record is only ever touched by the
// thread holding its lease, and a view it holds stays alive whatever other threads re-resolve
// or drop (it keeps its own reference), so a WorldLock and re-resolution elsewhere never free a
// view a getter is reading.
template <class Data, class View>
class LastViewPool {
public:
    using Record = LastView<Data, View>;

    // The calling thread's record. The pointer is trivially initialised thread-local data (one
    // TLS access per getter, no guard); the lease that owns the record is set up once per thread.
    static Record &mine() {
        if (t_record == nullptr) [[unlikely]] t_record = leased();
        return *t_record;
    }

private:
    struct Pool {
        std::mutex mu;
        std::vector<std::unique_ptr<Record>> all;  // every record ever made: all stay reachable
        std::vector<Record *> free;                 // records of threads that ended normally
    };
    static Pool &pool() {
        static Pool &p = *new Pool;  // immortal, like the registries: threads may end during exit
        return p;
    }
    PSIM_NOINLINE static Record *leased() {
        // A getter called by a TLS destructor after this thread's lease ended (the record went
        // back to the pool, maybe to another thread): a record of its own, never given back
        // (still reachable from the pool), so nothing is shared and nothing leaks unseen. Bounded
        // by the threads that read a handle from a TLS destructor of theirs: one record each.
#if defined(_WIN32)
        // Windows: no lease. mingw-w64's emulated TLS may release a thread's thread_local blocks
        // before C++ thread_local destructors have run, so a destructor that writes other
        // thread_locals (the lease's ~Lease below) corrupts the heap at thread exit (seen under
        // wine: a crash in malloc on a later thread). A thread keeps its record, and the last
        // view it read, for the life of the process: one small record per thread that ever read
        // a handle (the SDK's callbacks run on the thread that pumps), still reachable from the pool.
        return unleased();
#else
        if (t_ended) return unleased();
        thread_local Lease lease;
        return lease.record;
#endif
    }
    static Record *unleased() {
        Pool &p = pool();
        std::lock_guard lk(p.mu);
        p.all.push_back(std::make_unique<Record>());
        return p.all.back().get();
    }
    static inline thread_local Record *t_record = nullptr;
    static inline thread_local bool t_ended = false;
    struct Lease {
        Record *record;
        Lease() {
            Pool &p = pool();
            std::lock_guard lk(p.mu);
            if (!p.free.empty()) {
                record = p.free.back();
                p.free.pop_back();
            } else {
                p.all.push_back(std::make_unique<Record>());
                record = p.all.back().get();
            }
        }
        ~Lease() {
            t_record = nullptr;  // this thread's later getters (TLS destructors) do not touch it
            t_ended = true;
            std::shared_ptr<const View> doomed = std::move(record->view);  // released after the unlock
            std::shared_ptr<SpanViews<View>> doomedSpan = std::move(record->span);
            *record = Record{};
            Pool &p = pool();
            std::lock_guard lk(p.mu);
            p.free.push_back(record);
        }
        Lease(const Lease &) = delete;
        Lease &operator=(const Lease &) = delete;
    };
};

// Makes `view` (resolved at World::lockSeq `seq`) the calling thread's last view of the handle
// `opaque`: a handle created with its view already resolved (GetMessageHandle) is read by its
// first getter without any lock. Call after the handle is in its registry.
template <class Data, class View>
void rememberView(const void *opaque, std::shared_ptr<const View> view, uint64_t seq) {
    LastView<Data, View> &last = LastViewPool<Data, View>::mine();
    // Read after the handle was added: a removal counted before that cannot have been this
    // handle's, so the record is valid while the count stays.
    const uint64_t removals = Registry<Data>::get().removals();
    last.set(opaqueToKey(opaque), removals, seq, std::move(view));
}

// Makes `span` the calling thread's last span of the class (span_views.h): its handles' first
// getters on this thread read their views from it. Call after its handles are in the registry.
template <class Data, class View>
void rememberSpan(std::shared_ptr<SpanViews<View>> span) {
    LastView<Data, View> &last = LastViewPool<Data, View>::mine();
    last.forgetSpanView();
    std::shared_ptr<SpanViews<View>> old = std::exchange(last.span, std::move(span));
    last.spanNext = 0;
}

// The view of `key` from the thread's last span, or nullptr: not one of its handles, dropped,
// or the world changed since the span was resolved. `removals` was read before this call.
template <class Data, class View>
const View *spanView(LastView<Data, View> &last, uint64_t key, uint64_t removals, uint64_t seq) {
    const SpanViews<View> *span = last.span.get();
    if (span == nullptr || span->seq != seq || key == 0) return nullptr;
    const size_t i = span->find(key, last.spanNext);
    if (i == span->size() || span->dropped[i].load(std::memory_order_acquire)) return nullptr;
    last.view.reset();
    last.key = key;
    last.removals = removals;
    last.seq = seq;
    last.current = &span->views[i];
    last.spanNext = i + 1;
    return last.current;
}

// A span member's view (span_views.h) when it is current at `seq`; null for any other handle.
// Under the registry's lock (the member is alive).
template <class View, class Data>
std::shared_ptr<const View> memberView(const Data &h, uint64_t seq) {
    if constexpr (requires { h.span.member(); }) {
        if (h.span.member() && h.span.seq() == seq) return h.span.sharedView();
    }
    return nullptr;
}

// currentView's resolution when the thread's last view does not match (kept out of line: the
// getters' fast path stays a few loads and compares).
template <class Data, class View, class S, class Resolve>
PSIM_NOINLINE const View *resolveCurrentView(S *self, LastView<Data, View> &last, uint64_t removals, uint64_t seq,
                                                 Resolve &&resolve, uint64_t *seqOut) {
    if (const View *fromSpan = spanView(last, opaqueToKey(self->opaque), removals, seq)) {
        if (seqOut != nullptr) *seqOut = seq;
        return fromSpan;
    }
    Registry<Data> &registry = Registry<Data>::get();
    std::shared_ptr<const View> view;
    uint64_t at = 0;
    std::optional<Data> stale;
    const bool known = registry.read(self->opaque, [&](const Data &h) {
        if (h.cache.view && h.cache.seq == seq) {
            view = h.cache.view;
            at = seq;
        } else if (std::shared_ptr<const View> own = memberView<View>(h, seq)) {
            view = std::move(own);
            at = seq;
        } else {
            stale.emplace(h);
        }
    });
    if (!known) return nullptr;
    if (!view) {
        {
            WorldPeek lk;
            at = lk.w.lockSeq.load(std::memory_order_relaxed);  // stable while the mutex is held
            view = std::forward<Resolve>(resolve)(lk.w, *stale);
        }
        registry.update(self->opaque, [&](Data &h) { h.cache = ViewCache<View>{view, at}; });
    }
    last.set(opaqueToKey(self->opaque), removals, at, std::move(view));
    if (seqOut != nullptr) *seqOut = at;
    return last.current;
}

// The current view of a handle, or nullptr when the handle is unknown (zeroed, stale, dropped).
// Data has a `ViewCache<View> cache` member; resolve(World&, const Data&) builds the view under
// a WorldPeek and must return non-null (a view that says "gone" when the object is). The pointer
// is the calling thread's: it stays valid until that thread's next currentView<Data, View> call
// (no reference count is touched on the fast path). `seqOut`, when given, receives the
// World::lockSeq the returned view is current at.
template <class Data, class View, class S, class Resolve>
const View *currentView(S *self, Resolve &&resolve, uint64_t *seqOut = nullptr) {
    if (self == nullptr) return nullptr;
    LastView<Data, View> &last = LastViewPool<Data, View>::mine();
    const uint64_t key = opaqueToKey(self->opaque);
    // Both counts are read before the registry is: a removal or a WorldLock after this point
    // makes the recorded values stale, never a stale view current.
    const uint64_t removals = Registry<Data>::get().removals();
    const uint64_t seq = worldLockSeq();
    if (key != 0 && last.key == key && last.removals == removals && last.seq == seq) [[likely]] {
        if (seqOut != nullptr) *seqOut = seq;
        return last.current;
    }
    return resolveCurrentView<Data, View>(self, last, removals, seq, std::forward<Resolve>(resolve), seqOut);
}

// What a getter of a handle answers, known when the handle was created: a message's lobby and
// channel handles are created only to have their id and type read (the binding's capture), and
// the message's view already says both — visible to the client or not — as of its lockSeq. The
// last such handle of each class a thread created; while it is alive and no WorldLock happened
// since, its getters answer from here, without the registry or the world. Plain data: nothing
// for a thread's end to release.
struct KnownHandle {
    uint64_t key = 0;
    uint64_t removals = 0;
    uint64_t seq = 0;
    uint64_t id = 0;
    int32_t type = 0;
};
template <class Data>
inline thread_local KnownHandle t_knownHandle;

// Call right after the handle `opaque` was added to its registry, with the lockSeq the answers
// were computed at.
template <class Data>
void rememberKnown(const void *opaque, uint64_t seq, uint64_t id, int32_t type) {
    t_knownHandle<Data> = KnownHandle{opaqueToKey(opaque), Registry<Data>::get().removals(), seq, id, type};
}

// The answers remembered for `self`, or nullptr when it is not the thread's last created handle
// of the class, was dropped since (the registry's removal count moved), or the world changed.
template <class Data, class S>
const KnownHandle *knownHandle(const S *self) {
    if (self == nullptr) return nullptr;
    const KnownHandle &k = t_knownHandle<Data>;
    const uint64_t key = opaqueToKey(self->opaque);
    if (key == 0 || k.key != key || k.removals != Registry<Data>::get().removals() || k.seq != worldLockSeq()) {
        return nullptr;
    }
    return &k;
}

}  // namespace psim
