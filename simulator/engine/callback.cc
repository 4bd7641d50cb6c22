// callback.cc — see callback.h.
#include "callback.h"

#include <atomic>

namespace psim {
namespace {
std::atomic<int64_t> g_live{0};
}

Callback::Callback(AnyFn fn, Platform_FreeFn fnFree, void *userData) noexcept
    : fn_(fn), free_(fnFree), ud_(userData), owned_(true) {
    g_live.fetch_add(1, std::memory_order_relaxed);
}

Callback::Callback(Callback &&other) noexcept
    : fn_(std::exchange(other.fn_, nullptr)),
      free_(std::exchange(other.free_, nullptr)),
      ud_(std::exchange(other.ud_, nullptr)),
      owned_(std::exchange(other.owned_, false)) {}

Callback &Callback::operator=(Callback &&other) noexcept {
    if (this != &other) {
        release();
        fn_ = std::exchange(other.fn_, nullptr);
        free_ = std::exchange(other.free_, nullptr);
        ud_ = std::exchange(other.ud_, nullptr);
        owned_ = std::exchange(other.owned_, false);
    }
    return *this;
}

Callback::~Callback() { release(); }

void Callback::release() noexcept {
    if (!owned_) return;
    owned_ = false;
    Platform_FreeFn f = std::exchange(free_, nullptr);
    void *ud = std::exchange(ud_, nullptr);
    fn_ = nullptr;
    if (f != nullptr) f(ud);
    g_live.fetch_sub(1, std::memory_order_relaxed);
}

int64_t liveCallbackCount() noexcept { return g_live.load(std::memory_order_relaxed); }

}  // namespace psim
