// sim_support.h — shared by the files implementing the control ABI (platform_sim.h).
#pragma once

#include <string>
#include <utility>

namespace psim {

// Sets the message PlatformSim_LastError returns on the calling thread.
void setSimLastError(std::string message);

// A control's failure: leaves `message` for PlatformSim_LastError and returns `value` (0/false).
template <class R>
R fail(R value, std::string message) {
    setSimLastError(std::move(message));
    return value;
}

}  // namespace psim
