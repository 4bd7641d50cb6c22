// registry.cc — the process-wide key counter of registry.h, and its one warning.
#include "registry.h"

#include <atomic>
#include <exception>

#include "log.h"

namespace psim {

namespace {
std::atomic<uint64_t> &objectCounter() noexcept {
    static std::atomic<uint64_t> next{1};  // 0 stays "no object"
    return next;
}
}  // namespace

uint64_t nextObjectKey() noexcept { return objectCounter().fetch_add(1, std::memory_order_relaxed); }
uint64_t nextObjectKeys(uint64_t n) noexcept { return objectCounter().fetch_add(n, std::memory_order_relaxed); }

void warnRegistryFull() noexcept {
    static std::atomic<bool> warned{false};
    if (warned.exchange(true, std::memory_order_relaxed)) return;
    try {
        log::emit(0, log::kWarning,
                  "simulator: an object class has no key left (millions of objects alive at once, or the "
                  "process made more than its key space holds); new objects of it act as already dropped");
    } catch (const std::exception &) {  // out of memory: the objects still act as dropped
    }
}

}  // namespace psim
