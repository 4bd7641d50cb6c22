// registry.h — storage behind the `void *opaque` of library-created objects.
//
// The opaque slot holds a numeric key, not a pointer: callers copy these structs bitwise,
// zero-initialise them and may pass stale or zeroed ones (sdk-abi.md 1.3). Looking the key up
// makes every such misuse a harmless miss (defaults are returned) instead of a wild pointer.
// Keys come from one process-wide counter and are never reused, so a stale key can't alias a
// newer object, and a key of one class never matches another class.
//
// Each registry has its own lock, which is never held while taking another lock.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace psim {

uint64_t nextObjectKey() noexcept;

inline void *keyToOpaque(uint64_t key) noexcept {
    return reinterpret_cast<void *>(static_cast<uintptr_t>(key));
}
inline uint64_t opaqueToKey(const void *p) noexcept {
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p));
}

// A registry's lock: held for one map operation at a time (which may allocate or rehash), never
// while taking another lock. A captured message creates and drops four handles (eight
// lock/unlock pairs); uncontended, pthread's mutex costs ~80 instructions a pair, this ~10
// (issue 19). A thread that finds it held spins briefly, then sleeps until the holder unlocks
// (C++20 atomic wait: a futex on Linux, WaitOnAddress on Windows), so a preempted holder is never
// waited for by a spinner that keeps it off its core (priority inversion with an audio or
// above-normal game thread). seq_cst on `held_` and `waiters_`: an unlock that reads no waiter
// and a waiter that reads the lock held cannot both happen, so no wake-up is lost.
class RegistryLock {
public:
    void lock() noexcept {
        for (int spins = 0; held_.exchange(1, std::memory_order_seq_cst) != 0;) {
            if (spins < 64) {
                ++spins;
                continue;
            }
            waiters_.fetch_add(1, std::memory_order_seq_cst);
            held_.wait(1, std::memory_order_seq_cst);
            waiters_.fetch_sub(1, std::memory_order_relaxed);
        }
    }
    void unlock() noexcept {
        held_.store(0, std::memory_order_seq_cst);
        if (waiters_.load(std::memory_order_seq_cst) != 0) held_.notify_one();
    }

private:
    std::atomic<uint32_t> held_{0};
    std::atomic<uint32_t> waiters_{0};
};

// What a handle resolved to, kept inside its registry entry (handle_view.h). A null `view`
// means "not resolved yet".
template <class View>
struct ViewCache {
    std::shared_ptr<const View> view;
    uint64_t seq = 0;  // World::lockSeq when `view` was resolved
};

template <class T>
class Registry {
public:
    // Immortal: other libraries' static destructors may drop objects during exit.
    static Registry &get() {
        static Registry &r = *new Registry;
        return r;
    }

    void *add(T value) {
        const uint64_t key = nextObjectKey();
        std::lock_guard lk(mu_);
        if (spare_.empty()) {
            map_.emplace(key, std::move(value));
        } else {
            // A node of a removed object: no allocation (a captured message creates and drops
            // four handles).
            Node node = std::move(spare_.back());
            spare_.pop_back();
            node.key() = key;
            node.mapped() = std::move(value);
            map_.insert(std::move(node));
        }
        return keyToOpaque(key);
    }

    // Removes the object; returns false when the key is unknown (zeroed/stale/double drop).
    bool remove(const void *opaque) {
        std::optional<T> doomed;  // destroyed after the unlock
        std::lock_guard lk(mu_);
        auto it = map_.find(opaqueToKey(opaque));
        if (it == map_.end()) return false;
        removals_.fetch_add(1, std::memory_order_acq_rel);
        doomed.emplace(std::move(it->second));
        Node node = map_.extract(it);
        if (spare_.size() < kSpareNodes) spare_.push_back(std::move(node));  // else freed here: it holds a moved-from T
        return true;
    }

    // Counts removals. Keys are never reused, so a key found while this count was n still names a
    // live object as long as the count is still n (handle_view.h's per-thread fast path).
    uint64_t removals() const noexcept { return removals_.load(std::memory_order_acquire); }

    std::optional<T> copy(const void *opaque) const {
        std::lock_guard lk(mu_);
        auto it = map_.find(opaqueToKey(opaque));
        if (it == map_.end()) return std::nullopt;
        return it->second;
    }

    // f(const T&) under the registry's lock, without copying the object; false when the key is
    // unknown. f must not take another lock.
    template <class F>
    bool read(const void *opaque, F &&f) const {
        std::lock_guard lk(mu_);
        auto it = map_.find(opaqueToKey(opaque));
        if (it == map_.end()) return false;
        std::forward<F>(f)(it->second);
        return true;
    }

    // Applies f to the stored object; false when the key is unknown.
    template <class F>
    bool update(const void *opaque, F &&f) {
        std::lock_guard lk(mu_);
        auto it = map_.find(opaqueToKey(opaque));
        if (it == map_.end()) return false;
        std::forward<F>(f)(it->second);
        return true;
    }

private:
    using Map = std::unordered_map<uint64_t, T>;
    using Node = typename Map::node_type;
    // Nodes kept from removals for the next adds. A few suffice: handles are mostly created and
    // dropped one after another.
    static constexpr size_t kSpareNodes = 16;

    Registry() { spare_.reserve(kSpareNodes); }
    mutable RegistryLock mu_;
    Map map_;
    std::vector<Node> spare_;
    std::atomic<uint64_t> removals_{0};
};

}  // namespace psim
