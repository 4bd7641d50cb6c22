// sim_strings.h — conversions between Platform_String (borrowed, not NUL-terminated, may be {NULL,0})
// and std::string, and allocation of strings handed to the caller (Platform_Alloc, never NULL).
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "cplatform.h"

namespace psim {

// Strings longer than this are treated as invalid (read as empty): a bogus size would otherwise
// make us read far past the caller's buffer. No legitimate SDK argument comes near it.
inline constexpr size_t kMaxStringBytes = size_t{16} << 20;

// Borrowed input -> owned copy. {NULL, n}, and absurd sizes, read as "".
std::string toStd(Platform_String s);
// Optional input (NULL pointer = absent).
std::optional<std::string> toOpt(const Platform_String *s);
// Fresh Platform_Alloc'd copy for the caller (ptr is never NULL, even for ""). Throws
// std::bad_alloc when the allocator fails (caught at the ABI boundary).
Platform_String allocString(std::string_view s);
// *out = allocString(s); no-op when out is NULL.
void writeOut(Platform_String *out, std::string_view s);

// Number of Unicode code points, or nullopt when s is not valid UTF-8.
std::optional<size_t> utf8Length(std::string_view s);

// Reads an enum argument as its 32-bit representation without an enum-typed load (values
// outside the enumerators may cross the ABI; see sdk-abi.md 1.7).
template <class E>
int32_t enumBits(const E &e) noexcept {
    static_assert(sizeof(E) == sizeof(int32_t), "C enums are 4 bytes (forceint)");
    int32_t v = 0;
    std::memcpy(&v, &e, sizeof v);
    return v;
}

// Converts a stored value back to the C enum type. Negative values are not representable in
// these enums (their range is 0..0x7FFFFFFF), so they read back as 0.
template <class E>
E toEnum(int32_t v) noexcept {
    static_assert(sizeof(E) == sizeof(int32_t), "C enums are 4 bytes (forceint)");
    return static_cast<E>(v < 0 ? 0 : v);
}

}  // namespace psim
