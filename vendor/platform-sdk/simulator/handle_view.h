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
// The view is kept in the handle's registry entry (for every thread) and, for the last handle a
// thread read, in a thread-local: the getters that follow on that thread take no lock at all.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

#include "registry.h"
#include "world.h"

namespace psim {

// The last handle a thread read, per handle class: its key, the registry's removal count and the
// World::lockSeq it was valid at, and its view. While all three still match, the handle is alive,
// the world unchanged and the view current, so a getter returns without any lock or map lookup
// (the binding reads one handle's getters one after another on one thread).
template <class Data, class View>
struct LastView {
    uint64_t key = 0;
    uint64_t removals = 0;
    uint64_t seq = 0;
    std::shared_ptr<const View> view;
};

// The current view of a handle, or nullptr when the handle is unknown (zeroed, stale, dropped).
// Data has a `ViewCache<View> cache` member; resolve(World&, const Data&) builds the view under
// a WorldPeek and must return non-null (a view that says "gone" when the object is). The pointer
// is the calling thread's: it stays valid until that thread's next currentView<Data, View> call
// (no reference count is touched on the fast path).
template <class Data, class View, class S, class Resolve>
const View *currentView(S *self, Resolve &&resolve) {
    if (self == nullptr) return nullptr;
    static thread_local LastView<Data, View> last;
    Registry<Data> &registry = Registry<Data>::get();
    const uint64_t key = opaqueToKey(self->opaque);
    // Both counts are read before the registry is: a removal or a WorldLock after this point
    // makes the recorded values stale, never a stale view current.
    const uint64_t removals = registry.removals();
    const uint64_t seq = worldLockSeq();
    if (key != 0 && last.key == key && last.removals == removals && last.seq == seq) return last.view.get();
    std::shared_ptr<const View> view;
    uint64_t at = 0;
    std::optional<Data> stale;
    const bool known = registry.read(self->opaque, [&](const Data &h) {
        if (h.cache.view && h.cache.seq == seq) {
            view = h.cache.view;
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
    last = LastView<Data, View>{key, removals, at, std::move(view)};
    return last.view.get();
}

}  // namespace psim
