// block_pool.h — the memory behind Platform_Alloc / Platform_Free: small blocks recycled through
// per-thread free lists instead of a malloc and a free each.
//
// Every out-string a caller reads is a Platform_Alloc block it frees at once (six per captured
// message); glibc's malloc + free cost ~130 instructions a pair there, a pop and a push from the
// thread's own list ~25 (issue 19). A block carries a 16-byte header naming its size class, so
// Platform_Free needs no size; blocks of one class are interchangeable, so a block freed on
// another thread than the one that allocated it simply joins the freeing thread's list. Each
// list is bounded (kBlocksPerClass); beyond it, and for blocks over the largest class, malloc and
// free are used directly.
//
// Compiled out (plain malloc/free, no header) under AddressSanitizer and ThreadSanitizer, so a
// double free or a use after free of a Platform_Alloc block is still reported, and on Windows,
// where no thread-exit hook is trusted (handle_view.h: mingw-w64's emulated TLS).
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PSIM_BLOCK_POOL 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PSIM_BLOCK_POOL 0
#endif
#endif
#if !defined(PSIM_BLOCK_POOL)
#if defined(_WIN32)
#define PSIM_BLOCK_POOL 0
#else
#define PSIM_BLOCK_POOL 1
#endif
#endif

namespace psim::blocks {

// A block of at least `size` (> 0) bytes, aligned for any type; nullptr when memory is exhausted.
void *allocate(size_t size) noexcept;
// Gives back a block from allocate() (any thread); nullptr is ignored.
void release(void *block) noexcept;

}  // namespace psim::blocks
