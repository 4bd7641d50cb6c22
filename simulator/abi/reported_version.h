// reported_version.h — the SDK version the simulator reports (Client_GetVersionMajor/Minor/Patch):
// 1.10.19337, the vendor release whose ABI it restates, unless the environment variable
// PLATFORM_SIM_REPORT_VERSION names another ("2.0.0"), so that a loader's version gate can be
// tested against it (docs/simulator.md, "Constants"). Loaders read the version when they load
// the library, hence an environment variable rather than a control function.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace psim {

struct SdkVersion {
    int32_t major = 0;
    int32_t minor = 0;
    int32_t patch = 0;
};

inline constexpr SdkVersion kSimulatorVersion{1, 10, 19337};
inline constexpr const char *kReportVersionVariable = "PLATFORM_SIM_REPORT_VERSION";

// "MAJOR.MINOR.PATCH", each 1 to 9 decimal digits; nullopt for anything else (signs, spaces,
// missing or extra parts).
std::optional<SdkVersion> parseReportedVersion(std::string_view text);

// Read once, on first use: PLATFORM_SIM_REPORT_VERSION when it is set and valid, else
// kSimulatorVersion (an invalid value is ignored; the binding refuses it with a RangeError).
const SdkVersion &reportedVersion();

}  // namespace psim
