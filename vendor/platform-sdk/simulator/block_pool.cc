// block_pool.cc — see block_pool.h.
#include "block_pool.h"

#include <cstdlib>

#if PSIM_BLOCK_POOL
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <vector>
#endif

namespace psim::blocks {

#if PSIM_BLOCK_POOL

namespace {

// The header before each block: its size class (kLarge: over the largest, malloc'd for its size).
// 16 bytes keep the block aligned as malloc's own are.
constexpr size_t kHeader = alignof(std::max_align_t) > 16 ? alignof(std::max_align_t) : 16;
constexpr uint32_t kClasses = 4;
constexpr size_t kClassBytes[kClasses] = {32, 64, 128, 256};  // usable bytes of a class's blocks
constexpr uint32_t kLarge = kClasses;
// Blocks a thread keeps per class. A capture frees each block right after taking it, so a few
// would do; a list of strings (a friends list's names) frees many in a row.
constexpr uint32_t kBlocksPerClass = 64;

constexpr uint32_t classOf(size_t size) noexcept {
    return size <= kClassBytes[0] ? 0 : size <= kClassBytes[1] ? 1 : size <= kClassBytes[2] ? 2 : size <= kClassBytes[3] ? 3 : kLarge;
}

// A free block, linked through its first bytes (its header stays as it was).
struct FreeBlock {
    FreeBlock *next;
};

// One thread's free lists. Touched only by the thread holding its lease.
struct Cache {
    FreeBlock *head[kClasses] = {};
    uint32_t count[kClasses] = {};
};

// The caches live in an immortal pool, not in thread-local storage, for the reasons of
// handle_view.h's LastViewPool: a thread holds a plain pointer to its own and gives it back, with
// its blocks, when it ends; the next thread to start takes it over. Blocks in a cache stay
// reachable from the pool, so nothing leaks unseen, and the blocks kept are bounded by
// kBlocksPerClass per cache and one cache per thread alive at once.
struct CachePool {
    std::mutex mu;
    std::vector<std::unique_ptr<Cache>> all;
    std::vector<Cache *> free;
};
CachePool &cachePool() {
    static CachePool &p = *new CachePool;  // immortal: blocks are freed during exit too
    return p;
}

thread_local Cache *t_cache = nullptr;
thread_local bool t_ended = false;  // the lease ended: malloc and free directly from now on

struct Lease {
    Cache *cache = nullptr;
    Lease() {
        CachePool &p = cachePool();
        std::lock_guard lk(p.mu);
        if (!p.free.empty()) {
            cache = p.free.back();
            p.free.pop_back();
        } else {
            p.all.push_back(std::make_unique<Cache>());
            cache = p.all.back().get();
        }
    }
    ~Lease() {
        t_cache = nullptr;
        t_ended = true;
        CachePool &p = cachePool();
        std::lock_guard lk(p.mu);
        p.free.push_back(cache);
    }
    Lease(const Lease &) = delete;
    Lease &operator=(const Lease &) = delete;
};

[[gnu::noinline]] Cache *leaseCache() {
    if (t_ended) return nullptr;
    thread_local Lease lease;
    t_cache = lease.cache;
    return lease.cache;
}

inline Cache *myCache() noexcept {
    Cache *c = t_cache;
    if (c == nullptr) [[unlikely]] {
        try {
            c = leaseCache();
        } catch (...) {  // the pool could not grow: this block goes through malloc/free
            return nullptr;
        }
    }
    return c;
}

}  // namespace

void *allocate(size_t size) noexcept {
    const uint32_t cls = classOf(size);
    if (cls != kLarge) {
        if (Cache *c = myCache(); c != nullptr && c->head[cls] != nullptr) {
            FreeBlock *b = c->head[cls];
            c->head[cls] = b->next;
            --c->count[cls];
            return b;
        }
        size = kClassBytes[cls];
    }
    auto *base = static_cast<unsigned char *>(std::malloc(kHeader + size));
    if (base == nullptr) return nullptr;
    std::memcpy(base, &cls, sizeof cls);
    return base + kHeader;
}

void release(void *block) noexcept {
    if (block == nullptr) return;
    unsigned char *base = static_cast<unsigned char *>(block) - kHeader;
    uint32_t cls = kLarge;
    std::memcpy(&cls, base, sizeof cls);
    if (cls < kLarge) {
        if (Cache *c = myCache(); c != nullptr && c->count[cls] < kBlocksPerClass) {
            // Placement: the block's memory becomes a list node, owned by the cache until reused.
            c->head[cls] = ::new (block) FreeBlock{c->head[cls]};
            ++c->count[cls];
            return;
        }
    }
    std::free(base);
}

#else

void *allocate(size_t size) noexcept { return std::malloc(size); }
void release(void *block) noexcept { std::free(block); }

#endif

}  // namespace psim::blocks
