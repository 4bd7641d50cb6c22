// api_sim_host_pending.cc — PlatformSim_HostStart/HostStop/HostPeers/JoinedPeerId (platform_sim.h)
// until the world host's implementation (simulator/join/, issue 39) lands: this simulator serves
// nothing and never joins, and says so. Without these four exports the addon would not take the
// library for the simulator at all (native/runtime/sdk_library.cc). Removed when the real ones come.
#include <string>

#include "guard.h"
#include "platform_sim.h"
#include "sim_strings.h"
#include "sim_support.h"

using namespace psim;

PLATFORM_API bool PlatformSim_HostStart(Platform_String, uint32_t, Platform_String *outAddress) {
    if (outAddress) *outAddress = Platform_String{};
    return fail(false, std::string("this simulator library was built without the world host: build one with simulator/join/"));
}

PLATFORM_API void PlatformSim_HostStop(void) {}

PLATFORM_API void PlatformSim_HostPeers(Platform_String *outJson) {
    guardVoid(__func__, [&] { writeOut(outJson, R"({"serving":false})"); });
}

PLATFORM_API uint32_t PlatformSim_JoinedPeerId(void) { return 0; }
