// sim_strings.cc — see sim_strings.h.
#include "sim_strings.h"

#include <new>

namespace psim {

std::string toStd(Platform_String s) {
    if (s.ptr == nullptr || s.size == 0 || s.size > kMaxStringBytes) return {};
    return std::string(reinterpret_cast<const char *>(s.ptr), s.size);
}

std::optional<std::string> toOpt(const Platform_String *s) {
    if (s == nullptr) return std::nullopt;
    return toStd(*s);
}

Platform_String allocString(std::string_view s) {
    auto *p = static_cast<uint8_t *>(Platform_Alloc(s.size()));
    if (p == nullptr) throw std::bad_alloc();
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    return Platform_String{p, s.size()};
}

void writeOut(Platform_String *out, std::string_view s) {
    if (out == nullptr) return;
    *out = allocString(s);
}

std::optional<size_t> utf8Length(std::string_view s) {
    size_t count = 0;
    size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        size_t len = 0;
        uint32_t cp = 0;
        if (c < 0x80) {
            len = 1;
            cp = c;
        } else if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else {
            return std::nullopt;
        }
        if (i + len > s.size()) return std::nullopt;
        for (size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(s[i + k]);
            if ((cc & 0xC0) != 0x80) return std::nullopt;
            cp = (cp << 6) | (cc & 0x3F);
        }
        // Reject overlong forms, surrogates and values past U+10FFFF.
        static constexpr uint32_t kMin[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return std::nullopt;
        i += len;
        ++count;
    }
    return count;
}

}  // namespace psim
