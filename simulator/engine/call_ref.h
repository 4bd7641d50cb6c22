// call_ref.h — what a Platform_Call holds: a registry key (slot 0; slots 1-2 stay NULL) of a
// reference to one client's call in one lobby. The serial makes a handle of an ended call stale
// even when a new call starts in the same lobby.
#pragma once

#include <cstdint>

#include "cplatform.h"
#include "registry.h"

namespace psim {

struct CallRef {
    uint64_t clientKey = 0;
    uint64_t lobbyId = 0;
    uint64_t serial = 0;
};

inline void writeCall(Platform_Call *out, const CallRef &ref) {
    if (out == nullptr) return;
    *out = Platform_Call{};
    out->opaque[0] = Registry<CallRef>::get().add(ref);
}

}  // namespace psim
