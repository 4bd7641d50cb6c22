// block_pool.cc — see block_pool.h.
#include "block_pool.h"

#include <cstdlib>

#if PSIM_BLOCK_POOL
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <vector>
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define PSIM_UNDER_VALGRIND_CHECK 1
#else
#define PSIM_UNDER_VALGRIND_CHECK 0
#endif
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

// The header before each block: its size class, a tag saying whether it is handed out or
// cached, and (while cached) the next cached block. The link points at the next block's header,
// the start of its malloc'd memory, so a leak checker (valgrind) sees cached blocks as reachable,
// not as "possibly lost" through an interior pointer.
struct Header {
    uint32_t cls;
    uint32_t tag;
    Header *next;
};
static_assert(sizeof(Header) <= kHeader);
// A handed-out block's tag, and a cached (or freed large) one's. A Platform_Free of a block that
// carries neither is not ours (a pointer from malloc, a block already given back to malloc) or is
// freed twice: glibc aborts on a double free, so the pool does too, instead of handing one block
// to two callers later.
constexpr uint32_t kInUse = 0x50534D41u;  // "PSMA"
constexpr uint32_t kCached = 0x50534D46u;  // "PSMF"

[[noreturn]] void misuse(const char *what) noexcept {
    std::fputs(what, stderr);
    std::abort();
}

// One thread's free lists. Touched only by the thread holding its lease.
struct Cache {
    Header *head[kClasses] = {};
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

// No block is cached (each goes back to malloc when freed) under valgrind's memcheck, which then
// checks every Platform_Alloc block as a malloc'd one: a use after Platform_Free is reported
// there. Only memcheck: under callgrind (the instruction counts of docs/performance.md) the pool
// runs as it does natively, so a profile counts the pool, not malloc and free. A tool tells that
// it is memcheck by answering GET_VBITS (1 for an addressable byte); every other tool, and a run
// outside valgrind, leaves the request's default, 0.
bool bypassed() noexcept {
#if PSIM_UNDER_VALGRIND_CHECK
    static const bool underMemcheck = [] {
        if (RUNNING_ON_VALGRIND == 0) return false;
        const unsigned char probe = 0;
        unsigned char vbits = 0;
        return VALGRIND_GET_VBITS(&probe, &vbits, 1) == 1;
    }();
    return underMemcheck;
#else
    return false;
#endif
}

}  // namespace

void *allocate(size_t size) noexcept {
    if (size > SIZE_MAX - kHeader) return nullptr;  // the header would wrap the size
    const uint32_t cls = classOf(size);
    if (cls != kLarge) {
        if (Cache *c = myCache(); c != nullptr && c->head[cls] != nullptr) {
            Header *h = c->head[cls];
            c->head[cls] = h->next;
            --c->count[cls];
            h->tag = kInUse;
            h->next = nullptr;
            return reinterpret_cast<unsigned char *>(h) + kHeader;
        }
        size = kClassBytes[cls];
    }
    void *base = std::malloc(kHeader + size);
    if (base == nullptr) return nullptr;
    // Placement: the first bytes of the malloc'd memory become the header.
    Header *h = ::new (base) Header{cls, kInUse, nullptr};
    return reinterpret_cast<unsigned char *>(h) + kHeader;
}

void release(void *block) noexcept {
    if (block == nullptr) return;
    auto *h = reinterpret_cast<Header *>(static_cast<unsigned char *>(block) - kHeader);
    if (h->tag != kInUse) {
        misuse(h->tag == kCached ? "Platform_Free: a block freed twice (aborting, as malloc would)\n"
                                 : "Platform_Free: not a block from Platform_Alloc, or freed twice (aborting)\n");
    }
    h->tag = kCached;
    if (h->cls < kLarge && !bypassed()) {
        if (Cache *c = myCache(); c != nullptr && c->count[h->cls] < kBlocksPerClass) {
            h->next = c->head[h->cls];
            c->head[h->cls] = h;
            ++c->count[h->cls];
            return;
        }
    } else if (h->cls > kLarge) {
        misuse("Platform_Free: not a block from Platform_Alloc (aborting)\n");
    }
    std::free(h);
}

#else

void *allocate(size_t size) noexcept { return std::malloc(size); }
void release(void *block) noexcept { std::free(block); }

#endif

}  // namespace psim::blocks
