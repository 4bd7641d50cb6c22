// reported_version.cc — see reported_version.h.
#include "reported_version.h"

#include <cstdlib>

namespace psim {

std::optional<SdkVersion> parseReportedVersion(std::string_view text) {
    int32_t parts[3] = {0, 0, 0};
    size_t at = 0;
    for (int i = 0; i < 3; ++i) {
        if (i > 0) {
            if (at >= text.size() || text[at] != '.') return std::nullopt;
            ++at;
        }
        size_t digits = 0;
        int32_t value = 0;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
            if (++digits > 9) return std::nullopt;  // 9 digits always fit an int32_t
            value = value * 10 + (text[at] - '0');
            ++at;
        }
        if (digits == 0) return std::nullopt;
        parts[i] = value;
    }
    if (at != text.size()) return std::nullopt;
    return SdkVersion{parts[0], parts[1], parts[2]};
}

const SdkVersion &reportedVersion() {
    // A function-local static: initialised once, thread-safely, by the first caller.
    static const SdkVersion version = [] {
        // std::getenv reads the C runtime's copy of the environment, which on Windows is filled
        // from the process's (wide) environment at start-up; the value is ASCII digits and dots.
        const char *text = std::getenv(kReportVersionVariable);
        if (text == nullptr) return kSimulatorVersion;
        // Bounded: a valid value has at most 29 characters, so reading 30 is enough to refuse.
        size_t length = 0;
        while (length < 30 && text[length] != '\0') ++length;
        return parseReportedVersion(std::string_view(text, length)).value_or(kSimulatorVersion);
    }();
    return version;
}

}  // namespace psim
