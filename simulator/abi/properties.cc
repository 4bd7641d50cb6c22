// properties.cc — see properties.h.
#include "properties.h"

// "sim_strings.h" first: <cstring> pulls in the system <strings.h>, which this directory shadows.
#include "sim_strings.h"

#include <cstring>
#include <new>

namespace psim {
namespace {
// No legitimate map comes near this many entries; a garbage size must not make us read far.
constexpr size_t kMaxEntries = size_t{1} << 16;

template <class T>
T *allocArray(size_t n) {
    auto *p = static_cast<T *>(Platform_Alloc(n * sizeof(T)));
    if (p == nullptr) throw std::bad_alloc();
    return p;
}
}  // namespace

StringMap fromProperties(const Platform_Properties &props) {
    StringMap map;
    if (props.size == 0 || props.size > kMaxEntries || props.keys == nullptr || props.values == nullptr) return map;
    for (size_t i = 0; i < props.size; ++i) map.emplace(toStd(props.keys[i]), toStd(props.values[i]));
    return map;
}

void writeProperties(Platform_Properties *out, const StringMap &map) {
    if (out == nullptr) return;
    Platform_Properties p{map.size(), allocArray<Platform_String>(map.size()), allocArray<Platform_String>(map.size())};
    size_t i = 0;
    for (const auto &[k, v] : map) {
        p.keys[i] = allocString(k);
        p.values[i] = allocString(v);
        ++i;
    }
    *out = p;
}

void writeIds(Platform_UInt64Span *out, const std::vector<uint64_t> &ids) {
    if (out == nullptr) return;
    Platform_UInt64Span s{allocArray<uint64_t>(ids.size()), ids.size()};
    if (!ids.empty()) std::memcpy(s.ptr, ids.data(), ids.size() * sizeof(uint64_t));
    *out = s;
}

}  // namespace psim
