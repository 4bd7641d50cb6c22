// registry.h — storage behind the `void *opaque` of library-created objects.
//
// The opaque slot holds a numeric key, not a pointer: callers copy these structs bitwise,
// zero-initialise them and may pass stale or zeroed ones (sdk-abi.md 1.3). Looking the key up
// makes every such misuse a harmless miss (defaults are returned) instead of a wild pointer.
// Keys name the object's slot and a generation (see kSlotBits, kWideKeys) and are
// never reused, so a stale key can't alias a newer object, and (with 64-bit pointers) a key of one class never matches
// another class.
//
// Each registry has its own lock, which is never held while taking another lock.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace psim {

uint64_t nextObjectKey() noexcept;
// The first of `n` consecutive counter values (one atomic step for a span's keys).
uint64_t nextObjectKeys(uint64_t n) noexcept;

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

// Keys of a registry's objects: (a generation << kSlotBits) | the object's slot, so a lookup
// indexes the slot and compares the whole key (issue 19: a captured message creates and drops
// four handles, and a hash-map node per handle cost ~140 instructions a pair more).
//
// With 64-bit pointers the generation is a process-wide counter shared by all classes and never
// reused, so a stale key can't alias a newer object in the same slot, and a key of one class never
// matches another class. A 32-bit `opaque` (win32-ia32, linux-armv7, built from source) has no
// room for that counter: there each slot counts its own generations (12 bits) and is retired
// after its last one, so a stale key is still never read as a newer object, ~4 billion objects
// can be made per class (2^20 slots x 4,096), and only the class check is given up (a handle
// passed as another class's, which takes a cast, may then name an object of that class).
inline constexpr bool kWideKeys = sizeof(uintptr_t) >= sizeof(uint64_t);
inline constexpr unsigned kKeyBits = kWideKeys ? 64 : 32;
inline constexpr unsigned kSlotBits = kWideKeys ? 22 : 20;  // ~4 million / ~1 million live objects per class
inline constexpr uint64_t kSlotMask = (uint64_t{1} << kSlotBits) - 1;
// Generations a key can carry: after 2^42 keys (~4.4e12 objects: weeks of the simulator's
// fastest flood), or with every slot taken (or retired), add() hands out key 0, which names
// nothing: the object acts as already dropped (defaults), never as another one, and the
// simulator logs a warning once.
inline constexpr uint64_t kMaxGeneration = uint64_t{1} << (kKeyBits - kSlotBits);

// Logs, once per process, that a registry is full (registry.cc; outside any registry lock).
void warnRegistryFull() noexcept;

// A key for an object kept outside the registries (a client): with 64-bit pointers the counter
// part alone, so it never equals a registry's key either; 0 (no object) once the counter is
// spent. With 32-bit pointers a 32-bit counter (see above: classes are not told apart there).
inline uint64_t nextUnslottedKey() noexcept {
    const uint64_t counter = nextObjectKey();
    if constexpr (kWideKeys) return counter < kMaxGeneration ? counter << kSlotBits : 0;
    return counter <= UINT32_MAX ? counter : 0;
}

template <class T>
class Registry {
public:
    // Immortal: other libraries' static destructors may drop objects during exit.
    static Registry &get() {
        static Registry &r = *new Registry;
        return r;
    }

    void *add(T value) {
        // The generation is taken outside the lock (an atomic); on 32-bit it is the slot's own.
        const uint64_t counter = kWideKeys ? nextObjectKey() : 0;
        void *opaque = nullptr;
        {
            std::lock_guard lk(mu_);
            opaque = placeLocked(counter, std::move(value));
        }
        if (opaque == nullptr) warnRegistryFull();
        return opaque;
    }

    // Adds n objects under one lock (a span's elements: one lock instead of n, and each object
    // moved once): make(i) gives the i-th, put(i, opaque) receives its opaque (nullptr when the
    // registry is full), in order, so their keys ascend. make and put must not take a lock. If
    // one throws (out of memory), the objects put so far stay added for the caller to remove.
    template <class Make, class Put>
    void addEach(size_t n, Make &&make, Put &&put) {
        bool full = false;
        const uint64_t first = kWideKeys && n > 0 ? nextObjectKeys(n) : 0;  // the generations, reserved at once
        {
            std::lock_guard lk(mu_);
            for (size_t i = 0; i < n; ++i) {
                void *opaque = placeLocked(kWideKeys ? first + i : 0, make(i));
                full = full || opaque == nullptr;
                put(i, opaque);
            }
        }
        if (full) warnRegistryFull();
    }

    // Removes the object; returns false when the key is unknown (zeroed/stale/double drop).
    bool remove(const void *opaque) {
        std::optional<T> doomed;  // destroyed after the unlock
        std::lock_guard lk(mu_);
        Slot *slot = find(opaque);
        if (slot == nullptr) return false;
        // A class whose objects are also known elsewhere (span_views.h) is told first, so a reader
        // that counts this removal also sees the object gone there.
        if constexpr (requires(T &v) { v.beforeRemove(); }) slot->value->beforeRemove();
        removals_.fetch_add(1, std::memory_order_acq_rel);
        doomed.emplace(std::move(*slot->value));
        slot->value.reset();
        slot->key = 0;
        // A 32-bit slot whose generations are spent is retired: its next key would repeat one.
        if (kWideKeys || slot->generation + 1 < kMaxGeneration) free_.push_back(static_cast<uint32_t>(slot - slots_.data()));
        return true;
    }

    // Counts removals. Keys are never reused, so a key found while this count was n still names a
    // live object as long as the count is still n (handle_view.h's per-thread fast path).
    uint64_t removals() const noexcept { return removals_.load(std::memory_order_acquire); }

    std::optional<T> copy(const void *opaque) const {
        std::lock_guard lk(mu_);
        const Slot *slot = find(opaque);
        if (slot == nullptr) return std::nullopt;
        return slot->value;
    }

    // f(const T&) under the registry's lock, without copying the object; false when the key is
    // unknown. f must not take another lock.
    template <class F>
    bool read(const void *opaque, F &&f) const {
        std::lock_guard lk(mu_);
        const Slot *slot = find(opaque);
        if (slot == nullptr) return false;
        std::forward<F>(f)(*slot->value);
        return true;
    }

    // Applies f to the stored object; false when the key is unknown.
    template <class F>
    bool update(const void *opaque, F &&f) {
        std::lock_guard lk(mu_);
        Slot *slot = find(opaque);
        if (slot == nullptr) return false;
        std::forward<F>(f)(*slot->value);
        return true;
    }

private:
    // Stores `value` in a free slot (or a new one) under the key made of `counter` (the 64-bit
    // generation) and the slot; nullptr when no key is left. Under mu_.
    void *placeLocked(uint64_t counter, T &&value) {
        uint64_t index = 0;
        const bool reuse = !free_.empty();
        if (reuse) {
            index = free_.back();
        } else {
            index = slots_.size();
            if (index > kSlotMask) return nullptr;
            // free_ can take every slot: remove() never allocates (it runs in destructors).
            if (free_.capacity() < index + 1) free_.reserve(std::max<size_t>(index + 1, 2 * free_.capacity()));
            slots_.emplace_back();
        }
        Slot &slot = slots_[index];
        const uint64_t generation = kWideKeys ? counter : slot.generation + 1;
        if (generation >= kMaxGeneration) return nullptr;
        if (reuse) free_.pop_back();
        slot.generation = generation;
        slot.key = (generation << kSlotBits) | index;
        slot.value.emplace(std::move(value));
        return keyToOpaque(slot.key);
    }

    // A free slot has key 0, which no lookup matches (opaque 0 is "no object").
    struct Slot {
        uint64_t key = 0;
        uint64_t generation = 0;  // of the last key this slot gave
        std::optional<T> value;
    };

    Registry() = default;

    // The live slot of `opaque`, or nullptr (zeroed, stale, dropped, of another class, or a
    // value no key had). Under mu_.
    const Slot *find(const void *opaque) const {
        const uint64_t key = opaqueToKey(opaque);
        const uint64_t index = key & kSlotMask;
        if (key == 0 || index >= slots_.size()) return nullptr;
        const Slot &slot = slots_[index];
        return slot.key == key ? &slot : nullptr;
    }
    Slot *find(const void *opaque) { return const_cast<Slot *>(std::as_const(*this).find(opaque)); }

    mutable RegistryLock mu_;
    std::vector<Slot> slots_;      // grows to the most objects alive at once; a slot is reused
    std::vector<uint32_t> free_;   // slots without an object, the last freed on top
    std::atomic<uint64_t> removals_{0};
};

}  // namespace psim
