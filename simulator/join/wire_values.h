// wire_values.h — the C ABI's value types on the wire (wire.h), for the generated proxy: strings,
// maps, spans and samples, written by either side; read on the joined side into blocks of this
// process's allocator (Platform_Alloc), which the caller frees as the ABI says (Platform_Free,
// Platform_FreeProperties). The host's side (borrowed values over a frame, replies) is host_runtime.h.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>
#include <vector>

#include "cplatform.h"
#include "wire.h"

namespace psim::join {

// A string argument as the simulator reads it: {NULL, n} and a size over the bound are "".
inline std::string_view view(Platform_String s) {
    if (s.ptr == nullptr || s.size > kMaxWireString) return {};
    return {reinterpret_cast<const char *>(s.ptr), s.size};
}

template <typename H>
uint64_t handleKey(const H *h) {
    if (h == nullptr) return 0;
    uintptr_t w = 0;
    std::memcpy(&w, h, sizeof w);
    return static_cast<uint64_t>(w);
}

inline void writeProps(Writer &w, const Platform_Properties &p) {
    const bool readable = p.keys != nullptr && p.values != nullptr && p.size <= kMaxWireItems;
    const size_t n = readable ? p.size : 0;
    w.u32(static_cast<uint32_t>(n));
    for (size_t i = 0; i < n; ++i) {
        w.str(view(p.keys[i]));
        w.str(view(p.values[i]));
    }
}

template <typename Span>
using SpanItem = std::remove_pointer_t<decltype(Span::ptr)>;

// ---- the joined side: values out, into this process's blocks ------------------------------------

// A fresh block with `v` (the shared empty block for ""), as the simulator hands strings out.
inline Platform_String peerString(std::string_view v) {
    Platform_String s{static_cast<uint8_t *>(Platform_Alloc(v.size())), v.size()};
    if (s.ptr == nullptr) s.size = 0;
    else if (!v.empty()) std::memcpy(s.ptr, v.data(), v.size());
    return s;
}

inline void readString(Reader &r, Platform_String *out) {
    const std::string_view v = r.str();
    if (r.ok() && out != nullptr) *out = peerString(v);
}

// An empty map as the simulator hands one out (two empty blocks).
inline Platform_Properties emptyProps() {
    return {0, static_cast<Platform_String *>(Platform_Alloc(0)), static_cast<Platform_String *>(Platform_Alloc(0))};
}

inline void readProps(Reader &r, Platform_Properties *out) {
    const uint32_t n = r.count();
    std::vector<std::string_view> kv;
    kv.reserve(size_t{n} * 2);
    for (uint32_t i = 0; i < n * 2; ++i) kv.push_back(r.str());
    if (!r.ok() || out == nullptr) return;
    Platform_Properties p{n, static_cast<Platform_String *>(Platform_Alloc(n * sizeof(Platform_String))),
                          static_cast<Platform_String *>(Platform_Alloc(n * sizeof(Platform_String)))};
    for (uint32_t i = 0; i < n; ++i) {
        p.keys[i] = peerString(kv[size_t{i} * 2]);
        p.values[i] = peerString(kv[size_t{i} * 2 + 1]);
    }
    *out = p;
}

// A span of handles (each its opaque words) or of values, as the host sent it.
template <typename Span>
std::vector<SpanItem<Span>> readCallbackSpan(Reader &r) {
    const uint32_t n = r.count();
    std::vector<SpanItem<Span>> items(n);
    for (auto &item : items) {
        if constexpr (std::is_same_v<SpanItem<Span>, uint64_t>) item = r.u64();
        else r.handle(&item);
    }
    return items;
}

template <typename Span>
Span makeSpan(const std::vector<SpanItem<Span>> &items) {
    Span s{static_cast<SpanItem<Span> *>(Platform_Alloc(items.size() * sizeof(SpanItem<Span>))), items.size()};
    if (s.ptr == nullptr) s.size = 0;
    else if (!items.empty()) std::memcpy(static_cast<void *>(s.ptr), items.data(), items.size() * sizeof(SpanItem<Span>));
    return s;
}

template <typename Span>
void readHandleSpan(Reader &r, Span *out) {
    auto items = readCallbackSpan<Span>(r);
    if (r.ok() && out != nullptr) *out = makeSpan<Span>(items);
}

inline void readValueSpan(Reader &r, Platform_UInt64Span *out) { readHandleSpan(r, out); }

// Audio samples (the audio thread's buffer: reused, never freed while the thread runs).
inline const std::vector<int16_t> &readSamples(Reader &r) {
    thread_local std::vector<int16_t> samples;
    const uint32_t n = r.count(kMaxWireItems);
    samples.resize(n);
    for (auto &s : samples) s = r.num<int16_t>();
    return samples;
}

}  // namespace psim::join
