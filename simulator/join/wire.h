// wire.h — the proxy's codec: little-endian integers, length-prefixed bytes, handles as their
// raw opaque words. A Reader never reads past its buffer: the first bad read (short buffer, a
// length over its bound) marks it failed, and every later read returns 0 / empty. A failed
// Reader is also what a call gets back when the host is gone, so generated stubs need no
// error paths of their own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace psim::join {

inline constexpr size_t kMaxWireString = 16u << 20;  // the ABI's bound on a string (docs/simulator.md)
inline constexpr size_t kMaxWireItems = 1u << 22;    // spans and maps: items per collection
inline constexpr size_t kMaxWireStructs = 1u << 16;  // arrays of control structs (each decoded into ~100 bytes)

class Writer {
public:
    std::string &bytes() { return b_; }
    void reserve(size_t n) { b_.reserve(n); }
    template <typename T>
    void num(T v) {
        static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T>);
        unsigned char raw[sizeof(T)];
        std::memcpy(raw, &v, sizeof(T));  // little-endian hosts only (x86-64, arm64): checked at build
        b_.append(reinterpret_cast<const char *>(raw), sizeof(T));
    }
    void u8(uint8_t v) { num(v); }
    void u32(uint32_t v) { num(v); }
    void u64(uint64_t v) { num(v); }
    void boolean(bool v) { num<uint8_t>(v ? 1 : 0); }
    void str(std::string_view s) {
        u32(static_cast<uint32_t>(s.size() > kMaxWireString ? 0 : s.size()));
        if (s.size() <= kMaxWireString) b_.append(s.data(), s.size());
    }
    // A handle struct (every one is `void *opaque` or `void *opaque[N]`), as its words.
    template <typename H>
    void handle(const H *h) {
        constexpr size_t words = sizeof(H) / sizeof(void *);
        for (size_t i = 0; i < words; ++i) {
            uintptr_t w = 0;
            if (h != nullptr) std::memcpy(&w, reinterpret_cast<const char *>(h) + i * sizeof(void *), sizeof w);
            u64(static_cast<uint64_t>(w));
        }
    }

private:
    std::string b_;
};

class Reader {
public:
    Reader() = default;
    Reader(const void *p, size_t n) : p_(static_cast<const unsigned char *>(p)), n_(n) {}
    static Reader failed() {
        Reader r;
        r.ok_ = false;
        return r;
    }
    bool ok() const { return ok_; }
    bool atEnd() const { return ok_ && at_ == n_; }
    template <typename T>
    T num() {
        T v{};
        if (!take(sizeof(T))) return v;
        std::memcpy(&v, p_ + at_ - sizeof(T), sizeof(T));
        return v;
    }
    uint8_t u8() { return num<uint8_t>(); }
    uint32_t u32() { return num<uint32_t>(); }
    uint64_t u64() { return num<uint64_t>(); }
    bool boolean() { return num<uint8_t>() != 0; }
    std::string_view str() {
        uint32_t n = u32();
        if (n > kMaxWireString || !take(n)) return {};
        return {reinterpret_cast<const char *>(p_ + at_ - n), n};
    }
    // Collection sizes: bounded before anything is walked.
    uint32_t count(size_t maxItems = kMaxWireItems) {
        uint32_t n = u32();
        if (n > maxItems || n > n_ - at_) {  // every item is at least one byte
            ok_ = false;
            return 0;
        }
        return n;
    }
    template <typename H>
    void handle(H *h) {
        constexpr size_t words = sizeof(H) / sizeof(void *);
        for (size_t i = 0; i < words; ++i) {
            uint64_t v = u64();
            uintptr_t w = static_cast<uintptr_t>(v);
            if (static_cast<uint64_t>(w) != v) w = 0;  // a 64-bit key in a 32-bit process: no object
            if (h != nullptr) std::memcpy(reinterpret_cast<char *>(h) + i * sizeof(void *), &w, sizeof w);
        }
    }

private:
    bool take(size_t n) {
        if (!ok_ || n > n_ - at_) {
            ok_ = false;
            return false;
        }
        at_ += n;
        return true;
    }
    const unsigned char *p_ = nullptr;
    size_t n_ = 0;
    size_t at_ = 0;
    bool ok_ = true;
};

}  // namespace psim::join
