// guard.h — the exception boundary. No C++ exception may cross the C ABI: every exported
// function body runs inside guard(), which swallows the exception, reports it as an Error log
// line and returns the function's default value.
#pragma once

#include <exception>
#include <utility>

namespace psim {

// Reports an exception that reached the ABI boundary (implemented in log.cc, never throws).
void reportBoundaryException(const char *function, const char *what) noexcept;

template <class F, class R>
R guard(const char *function, R fallback, F &&body) noexcept {
    try {
        return std::forward<F>(body)();
    } catch (const std::exception &e) {
        reportBoundaryException(function, e.what());
    } catch (...) {
        reportBoundaryException(function, "unknown exception");
    }
    return fallback;
}

template <class F>
void guardVoid(const char *function, F &&body) noexcept {
    try {
        std::forward<F>(body)();
    } catch (const std::exception &e) {
        reportBoundaryException(function, e.what());
    } catch (...) {
        reportBoundaryException(function, "unknown exception");
    }
}

}  // namespace psim
