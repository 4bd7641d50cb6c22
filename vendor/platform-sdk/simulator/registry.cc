// registry.cc — the process-wide key counter of registry.h.
#include "registry.h"

#include <atomic>

namespace psim {

uint64_t nextObjectKey() noexcept {
    static std::atomic<uint64_t> next{1};  // 0 stays "no object"
    return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace psim
