// sim_support.h — shared by the files implementing the control ABI (platform_sim.h).
#pragma once

#include <string>

namespace psim {

// Sets the message PlatformSim_LastError returns on the calling thread.
void setSimLastError(std::string message);

}  // namespace psim
