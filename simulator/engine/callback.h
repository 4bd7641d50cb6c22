// callback.h — RAII owner of one callback triple (fn, fn_free, userData).
//
// The ABI rule (sdk-abi.md 1.6): the library calls fn_free(userData) exactly once, when fn will
// never be called again. Owning the triple in a move-only object makes "exactly once" a matter
// of destruction. Every triple the library receives goes through this class, which also keeps
// the count reported by PlatformSim_LiveCallbackCount.
//
// Destruction runs user code (fn_free), so a Callback must never be destroyed while the world
// lock is held: move it into the world's trash instead (see world.h).
#pragma once

#include <cstdint>
#include <utility>

#include "cplatform.h"

namespace psim {

using AnyFn = void (*)();

class Callback {
public:
    Callback() noexcept = default;
    // Takes ownership of a triple (counted even when fnFree is NULL).
    Callback(AnyFn fn, Platform_FreeFn fnFree, void *userData) noexcept;
    Callback(Callback &&other) noexcept;
    Callback &operator=(Callback &&other) noexcept;
    Callback(const Callback &) = delete;
    Callback &operator=(const Callback &) = delete;
    ~Callback();

    // Calls fn_free now (at most once); afterwards the object is empty.
    void release() noexcept;

    // True when there is a function to call (a NULL fn means "no callback").
    explicit operator bool() const noexcept { return fn_ != nullptr; }
    void *userData() const noexcept { return ud_; }
    // Back to the exact function-pointer type it was created from (well-defined round trip).
    template <class F>
    F as() const noexcept {
        return reinterpret_cast<F>(fn_);
    }

private:
    AnyFn fn_ = nullptr;
    Platform_FreeFn free_ = nullptr;
    void *ud_ = nullptr;
    bool owned_ = false;
};

template <class F>
Callback makeCallback(F fn, Platform_FreeFn fnFree, void *userData) noexcept {
    return Callback(reinterpret_cast<AnyFn>(fn), fnFree, userData);
}

int64_t liveCallbackCount() noexcept;

}  // namespace psim
