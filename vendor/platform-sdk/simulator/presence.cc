// presence.cc — STUB until the presence area lands: statuses from Ready sessions only, no
// activities, no notifications. Replaced by the full implementation (social_hooks.h contract).
#include "social_hooks.h"

namespace psim {

namespace {
bool hasReadySession(World &w, uint64_t userId, uint64_t appId) {
    for (const auto &[key, c] : w.clients) {
        if (c->status == Platform_Client_Status_Ready && c->sessionUserId == userId &&
            (appId == 0 || c->applicationId == appId)) {
            return true;
        }
    }
    return false;
}
}  // namespace

int32_t visibleStatus(World &w, uint64_t userId) {
    return hasReadySession(w, userId, 0) ? Platform_StatusType_Online : Platform_StatusType_Offline;
}
int32_t ownStatus(World &w, uint64_t userId) { return visibleStatus(w, userId); }
bool isPlayingApp(World &w, uint64_t userId, uint64_t applicationId) {
    return hasReadySession(w, userId, applicationId);
}
void presenceChanged(World &w, uint64_t userId, uint64_t at) { relationshipsOnPresenceChanged(w, userId, at); }

}  // namespace psim
