// properties.h — Platform_Properties (string maps) and id spans crossing the ABI.
#pragma once

#include <cstdint>
#include <vector>

#include "chat_values.h"
#include "cplatform.h"

namespace psim {

// Borrowed input -> owned copy. size > 0 with NULL arrays, or an absurd size, reads as empty;
// on duplicate keys the first wins.
StringMap fromProperties(const Platform_Properties &props);
// Fresh Platform_Alloc'd map for the caller (released with Platform_FreeProperties); the arrays
// are never NULL, even when empty. No-op when out is NULL.
void writeProperties(Platform_Properties *out, const StringMap &map);
// Fresh Platform_Alloc'd id array (never NULL). No-op when out is NULL.
void writeIds(Platform_UInt64Span *out, const std::vector<uint64_t> &ids);

}  // namespace psim
