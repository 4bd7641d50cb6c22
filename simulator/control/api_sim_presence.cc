// api_sim_presence.cc — the control ABI of presence and activity invites (platform_sim.h):
// statuses and rich presence "from another device", accepting an invite on the desktop client,
// whether the desktop app is installed, and what the launch registrations recorded. Failures
// return false / -1 and set PlatformSim_LastError to "<HTTP status>: <reason>"; nothing is
// applied then.
#include <string>

#include "activity_values.h"
#include "directory.h"
#include "guard.h"
#include "platform_sim.h"
#include "presence.h"
#include "registry.h"
#include "sim_strings.h"
#include "sim_support.h"
#include "world.h"

using namespace psim;

extern "C" {

PLATFORM_API bool PlatformSim_SetUserStatus(uint64_t userId, Platform_StatusType status) {
    return guard(__func__, false, [&] {
        const int32_t s = enumBits(status);
        WorldLock lk;
        if (findUser(lk.w, userId) == nullptr) return fail(false, "404: unknown user " + std::to_string(userId));
        if (s != Platform_StatusType_Offline && !choosableStatus(s)) {
            return fail(false, "400: status must be Offline, Online, Idle, Dnd or Invisible (got " + std::to_string(s) + ")");
        }
        setDesktopStatus(lk.w, userId, s, lk.now);
        return true;
    });
}

PLATFORM_API bool PlatformSim_SetUserPresence(uint64_t userId, uint64_t applicationId, Platform_Activity *activity) {
    return guard(__func__, false, [&] {
        std::optional<ActivityData> a;
        if (activity != nullptr) {
            a = Registry<ActivityData>::get().copy(activity->opaque);
            if (!a) return fail(false, "400: activity is not a valid Activity object");
        }
        WorldLock lk;
        if (findUser(lk.w, userId) == nullptr) return fail(false, "404: unknown user " + std::to_string(userId));
        if (findApp(lk.w, applicationId) == nullptr) {
            return fail(false, "404: unknown application " + std::to_string(applicationId));
        }
        if (!a) {
            clearActivity(lk.w, userId, applicationId, std::nullopt, lk.now);
            return true;
        }
        if (auto err = checkActivity(*a)) return fail(false, "400: " + *err);
        publishActivity(lk.w, userId, applicationId, *a, 0, lk.now);
        return true;
    });
}

PLATFORM_API int32_t PlatformSim_AcceptInviteElsewhere(uint64_t userId, Platform_ActivityInvite *invite) {
    return guard(__func__, int32_t{-1}, [&] {
        std::optional<ActivityInviteData> inv;
        if (invite != nullptr) inv = Registry<ActivityInviteData>::get().copy(invite->opaque);
        if (!inv) return fail(int32_t{-1}, "400: invite is not a valid ActivityInvite object");
        std::string err;
        WorldLock lk;
        const int32_t n = acceptInviteElsewhere(lk.w, userId, inv->messageId, lk.now, &err);
        return n >= 0 ? n : fail(int32_t{-1}, err);
    });
}

PLATFORM_API void PlatformSim_SetPlatformAppInstalled(bool installed) {
    guardVoid(__func__, [&] {
        WorldLock lk;
        lk.w.presence.platformAppInstalled = installed;
    });
}

PLATFORM_API bool PlatformSim_GetLaunchRegistration(uint64_t applicationId, Platform_String *outCommand,
                                                    uint32_t *outSteamAppId) {
    return guard(__func__, false, [&] {
        LaunchRegistration reg;
        {
            WorldLock lk;
            auto it = lk.w.presence.launch.find(applicationId);
            if (it == lk.w.presence.launch.end()) {
                return fail(false, "404: nothing registered for application " + std::to_string(applicationId));
            }
            reg = it->second;
        }
        writeOut(outCommand, reg.command);
        if (outSteamAppId != nullptr) *outSteamAppId = reg.steamAppId;
        return true;
    });
}

}  // extern "C"
