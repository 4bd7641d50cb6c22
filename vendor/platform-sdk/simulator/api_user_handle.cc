// api_user_handle.cc — Platform_UserHandle (sdk-abi.md 5.11), without Relationship and
// UserApplicationProfiles (they come with relationships).
//
// A handle is (client, user id). Getters read the live user, so later changes show through
// every handle; once the client is dropped or the user no longer exists, getters return
// defaults ("" / 0 / false, status Unknown). Status and GameActivity are what the handle's
// client sees (presence.h): its own user's chosen status, Invisible included; others' visible
// status; the activity of the client's application.
#include <optional>
#include <utility>

#include "activity_values.h"
#include "directory.h"
#include "guard.h"
#include "presence.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "world.h"

using namespace psim;

namespace {

// f(World&, viewer, user) → what the getter returns, or nullopt for a dead handle. Getters take
// a WorldPeek and copy only the field they return: a captured message reads ~30 of them.
template <class F>
auto lookup(Platform_UserHandle *self, F &&f)
    -> std::optional<decltype(f(std::declval<World &>(), std::declval<const ClientState &>(), std::declval<const User &>()))> {
    if (self == nullptr) return std::nullopt;
    const auto h = Registry<UserHandleData>::get().copy(self->opaque);
    if (!h) return std::nullopt;
    WorldPeek lk;
    const ClientState *viewer = findClient(lk.w, h->clientKey);
    if (viewer == nullptr) return std::nullopt;
    const User *u = findUser(lk.w, h->userId);
    if (u == nullptr) return std::nullopt;
    return std::forward<F>(f)(lk.w, *viewer, *u);
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_UserHandle_Drop(Platform_UserHandle *self) {
    guardVoid(__func__, [&] { objDrop<UserHandleData>(self); });
}

void PLATFORM_API Platform_UserHandle_Clone(Platform_UserHandle *self, Platform_UserHandle const *src) {
    guardVoid(__func__, [&] { objClone<UserHandleData>(self, src); });
}

bool PLATFORM_API Platform_UserHandle_Avatar(Platform_UserHandle *self, Platform_String *out) {
    return guard(__func__, false, [&] {
        const auto s = lookup(self, [](World &, const ClientState &, const User &u) { return u.avatarHash; });
        if (!s || s->empty()) return false;
        writeOut(out, *s);
        return true;
    });
}

void PLATFORM_API Platform_UserHandle_AvatarTypeToString(Platform_UserHandle_AvatarType type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, avatarTypeName(enumBits(type))); });
}

void PLATFORM_API Platform_UserHandle_AvatarUrl(Platform_UserHandle *self, Platform_UserHandle_AvatarType animatedType,
                                                Platform_UserHandle_AvatarType staticType, Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto s = lookup(self, [&](World &, const ClientState &, const User &u) {
            return avatarUrl(u, enumBits(animatedType), enumBits(staticType));
        });
        writeOut(out, s ? *s : std::string());
    });
}

void PLATFORM_API Platform_UserHandle_DisplayName(Platform_UserHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto s = lookup(self, [](World &, const ClientState &, const User &u) {
            return u.globalName.empty() ? u.username : u.globalName;
        });
        writeOut(out, s ? *s : std::string());
    });
}

bool PLATFORM_API Platform_UserHandle_GameActivity(Platform_UserHandle *self, Platform_Activity *out) {
    return guard(__func__, false, [&] {
        if (self == nullptr) return false;
        const auto h = Registry<UserHandleData>::get().copy(self->opaque);
        if (!h) return false;
        std::optional<ActivityData> a;
        {
            WorldLock lk;
            const ClientState *viewer = findClient(lk.w, h->clientKey);
            if (viewer == nullptr || findUser(lk.w, h->userId) == nullptr) return false;
            a = gameActivitySeenBy(lk.w, *viewer, h->userId);
        }
        if (!a) return false;
        objInit<ActivityData>(out, std::move(*a));
        return true;
    });
}

bool PLATFORM_API Platform_UserHandle_GlobalName(Platform_UserHandle *self, Platform_String *out) {
    return guard(__func__, false, [&] {
        const auto s = lookup(self, [](World &, const ClientState &, const User &u) { return u.globalName; });
        if (!s || s->empty()) return false;
        writeOut(out, *s);
        return true;
    });
}

uint64_t PLATFORM_API Platform_UserHandle_Id(Platform_UserHandle *self) {
    return guard(__func__, uint64_t{0}, [&] {
        const auto s = lookup(self, [](World &, const ClientState &, const User &u) { return u.id; });
        return s ? *s : uint64_t{0};
    });
}

bool PLATFORM_API Platform_UserHandle_IsProvisional(Platform_UserHandle *self) {
    return guard(__func__, false, [&] {
        const auto s = lookup(self, [](World &, const ClientState &, const User &u) { return u.provisional; });
        return s && *s;
    });
}

Platform_StatusType PLATFORM_API Platform_UserHandle_Status(Platform_UserHandle *self) {
    return guard(__func__, Platform_StatusType_Unknown, [&] {
        const auto s = lookup(self, [](World &w, const ClientState &viewer, const User &u) {
            return statusSeenBy(w, viewer.sessionUserId, u.id);
        });
        return s ? toEnum<Platform_StatusType>(*s) : Platform_StatusType_Unknown;
    });
}

void PLATFORM_API Platform_UserHandle_Username(Platform_UserHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto s = lookup(self, [](World &, const ClientState &, const User &u) { return u.username; });
        writeOut(out, s ? *s : std::string());
    });
}

}  // extern "C"
