// Platform_Alloc / Platform_Free across threads: the simulator recycles small blocks through
// per-thread lists (block_pool.h), and a block may be freed on another thread than the one that
// allocated it, then handed out again there. Every size around the pool's classes is filled to its
// last byte while its neighbours are alive, handed to another thread that checks and frees it,
// and threads end and start in between (their lists go back to the pool and are taken over).
// A block shorter than asked for, or one handed out twice, shows as a pattern overwritten.
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "block_pool.h"
#include "harness.h"

#if PSIM_BLOCK_POOL && !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace {

constexpr size_t kSizes[] = {1, 2, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 100, 127, 128, 129, 200, 255, 256, 257, 1000, 4096};

struct Block {
    unsigned char *p = nullptr;
    size_t size = 0;
    unsigned char tag = 0;
};

Block fill(size_t size, unsigned char tag) {
    auto *p = static_cast<unsigned char *>(Platform_Alloc(size));
    CHECK(p != nullptr);
    CHECK(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t) == 0);
    if (p != nullptr) std::memset(p, tag, size);
    return Block{p, size, tag};
}

bool intact(const Block &b) {
    for (size_t i = 0; i < b.size; ++i) {
        if (b.p[i] != b.tag) return false;
    }
    return true;
}

// Each round: this thread fills one block of every size (twice), checks all of them, keeps
// half and passes half on; frees what it kept and what the previous thread passed on.
std::vector<Block> round(std::vector<Block> passedIn, unsigned char tag, int *bad) {
    std::vector<Block> mine, passOn;
    for (int twice = 0; twice < 2; ++twice) {
        for (size_t size : kSizes) mine.push_back(fill(size, static_cast<unsigned char>(tag + mine.size())));
    }
    for (const Block &b : mine) *bad += !intact(b);
    for (const Block &b : passedIn) {
        *bad += !intact(b);
        Platform_Free(b.p);
    }
    for (size_t i = 0; i < mine.size(); ++i) {
        if (i % 2 == 0) {
            passOn.push_back(mine[i]);
        } else {
            Platform_Free(mine[i].p);
        }
    }
    return passOn;
}

}  // namespace

void testAllocBlocks() {
    int bad = 0;
    std::vector<Block> carried;
    // Threads one after another, each freeing what the previous one allocated.
    for (int t = 0; t < 6; ++t) {
        std::thread th([&] {
            for (int r = 0; r < 50; ++r) carried = round(std::move(carried), static_cast<unsigned char>(t * 7 + r), &bad);
        });
        th.join();
    }
    // Four threads at once, passing blocks in a ring.
    std::mutex mu;
    std::vector<Block> inbox[4];
    std::atomic<int> badAtOnce{0};
    std::vector<std::thread> ring;
    for (int t = 0; t < 4; ++t) {
        ring.emplace_back([&, t] {
            int myBad = 0;
            for (int r = 0; r < 200; ++r) {
                std::vector<Block> in;
                {
                    std::lock_guard lk(mu);
                    in.swap(inbox[t]);
                }
                std::vector<Block> out = round(std::move(in), static_cast<unsigned char>(t * 31 + r), &myBad);
                std::lock_guard lk(mu);
                auto &next = inbox[(t + 1) % 4];
                next.insert(next.end(), out.begin(), out.end());
            }
            badAtOnce += myBad;
        });
    }
    for (auto &th : ring) th.join();
    for (auto &box : inbox) carried.insert(carried.end(), box.begin(), box.end());
    for (const Block &b : carried) {
        bad += !intact(b);
        Platform_Free(b.p);
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(badAtOnce.load(), 0);
#if PSIM_BLOCK_POOL
    // A size the block's header would wrap is refused, as malloc refuses it, never a tiny block.
    CHECK(Platform_Alloc(SIZE_MAX) == nullptr);
    CHECK(Platform_Alloc(SIZE_MAX - 8) == nullptr);
#if !defined(_WIN32)
    // A second Platform_Free of one block aborts (as glibc's free does) instead of caching it
    // twice and handing it to two callers later. In a child process, quiet.
    const pid_t child = fork();
    if (child == 0) {
        if (std::freopen("/dev/null", "w", stderr) == nullptr) _exit(2);
        void *p = Platform_Alloc(24);
        Platform_Free(p);
        Platform_Free(p);
        _exit(0);
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
#endif
#endif
}
