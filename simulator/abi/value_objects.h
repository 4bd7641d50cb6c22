// value_objects.h — generic Init/Drop/Clone/get/set helpers for registry-backed C structs
// (every class struct is { void *opaque; }). A NULL self, a zeroed or a stale struct is
// tolerated everywhere: setters do nothing, getters return defaults.
#pragma once

#include <utility>

#include "registry.h"

namespace psim {

template <class T, class S>
void objInit(S *self, T value = T{}) {
    if (self != nullptr) self->opaque = Registry<T>::get().add(std::move(value));
}

template <class T, class S>
void objDrop(S *self) {
    if (self == nullptr) return;
    Registry<T>::get().remove(self->opaque);
    self->opaque = nullptr;
}

// Clone of an invalid source is an invalid (zeroed) object.
template <class T, class S>
void objClone(S *self, const S *src) {
    if (self == nullptr) return;
    self->opaque = nullptr;
    if (src == nullptr) return;
    if (auto v = Registry<T>::get().copy(src->opaque)) self->opaque = Registry<T>::get().add(std::move(*v));
}

template <class T, class S>
T objGet(const S *self) {
    if (self == nullptr) return T{};
    auto v = Registry<T>::get().copy(self->opaque);
    return v ? std::move(*v) : T{};
}

template <class T, class S, class F>
void objSet(S *self, F &&f) {
    if (self != nullptr) Registry<T>::get().update(self->opaque, std::forward<F>(f));
}

}  // namespace psim
