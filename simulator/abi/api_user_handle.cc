// api_user_handle.cc — Platform_UserHandle (sdk-abi.md 5.11), without Relationship and
// UserApplicationProfiles (they come with relationships).
//
// A handle is (client, user id). Getters read the live user, so later changes show through
// every handle (a handle resolves the user once and reads that copy until anything in the world
// changes: handle_view.h); once the client is dropped or the user no longer exists, getters return
// defaults ("" / 0 / false, status Unknown). Status and GameActivity are what the handle's
// client sees (presence.h): its own user's chosen status, Invisible included; others' visible
// status; the activity of the client's application.
#include <optional>
#include <utility>

#include "activity_values.h"
#include "api_support.h"
#include "directory.h"
#include "guard.h"
#include "handle_view.h"
#include "presence.h"
#include "sim_strings.h"
#include "user_view.h"
#include "value_objects.h"
#include "world.h"

using namespace psim;

namespace psim {

namespace {
// What a client sees of a user besides the record itself: its status and self-ness. One place for
// fillUserView and userViewStillCurrent, so the two cannot disagree on it.
struct SeenBy {
    int32_t status;
    bool self;
};
SeenBy seenBy(World &w, const ClientState &viewer, const User &u) {
    return SeenBy{statusSeenBy(w, viewer.sessionUserId, u.id), viewer.sessionUserId != 0 && viewer.sessionUserId == u.id};
}
}  // namespace

void fillUserView(UserView &v, World &w, const ClientState *viewer, uint64_t userId) {
    const User *u = viewer != nullptr ? findUser(w, userId) : nullptr;
    if (u == nullptr) return;
    const SeenBy seen = seenBy(w, *viewer, *u);
    v.user = *u;
    v.status = seen.status;
    v.self = seen.self;
}

// Every field fillUserView writes is compared here (a field added to UserView goes in both); the
// user record by its version (User::version: renewed by every write, never given twice).
bool userViewStillCurrent(const UserView &v, World &w, const ClientState *viewer, uint64_t userId) {
    const User *u = viewer != nullptr ? findUser(w, userId) : nullptr;
    if (u == nullptr) return !v.user.has_value() && v.status == UserView{}.status && !v.self;
    const SeenBy seen = seenBy(w, *viewer, *u);
    return v.user && v.user->version == u->version && v.status == seen.status && v.self == seen.self;
}

std::shared_ptr<const UserView> makeUserView(World &w, const ClientState *viewer, uint64_t userId) {
    auto v = std::make_shared<UserView>();
    fillUserView(*v, w, viewer, userId);
    return v;
}

}  // namespace psim

namespace {

// The handle's current view (handle_view.h): resolved under a WorldPeek by the first getter after
// any change to the world, then read without the world lock — a captured message reads ~8 of
// these on its author.
const UserView *viewOf(Platform_UserHandle *self) {
    return currentView<UserHandleData, UserView>(self, [](World &w, const UserHandleData &h) {
        return makeUserView(w, findClient(w, h.clientKey), h.userId);
    });
}

// f(const User&, const UserView&) → what the getter returns, or nullopt for a dead handle.
template <class F>
auto lookup(Platform_UserHandle *self, F &&f)
    -> std::optional<decltype(f(std::declval<const User &>(), std::declval<const UserView &>()))> {
    const UserView *v = viewOf(self);
    if (!v || !v->user) return std::nullopt;
    return std::forward<F>(f)(*v->user, *v);
}

// Writes one of the user's strings straight from the view (one copy); false for a dead handle.
bool stringOut(Platform_UserHandle *self, Platform_String *out, const std::string User::*member, bool emptyIsNone) {
    const UserView *v = viewOf(self);
    if (!v || !v->user || (emptyIsNone && ((*v->user).*member).empty())) return false;
    writeOut(out, (*v->user).*member);
    return true;
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
        return stringOut(self, out, &User::avatarHash, true);
    });
}

void PLATFORM_API Platform_UserHandle_AvatarTypeToString(Platform_UserHandle_AvatarType type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, avatarTypeName(enumBits(type))); });
}

void PLATFORM_API Platform_UserHandle_AvatarUrl(Platform_UserHandle *self, Platform_UserHandle_AvatarType animatedType,
                                                Platform_UserHandle_AvatarType staticType, Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto s = lookup(self, [&](const User &u, const UserView &) {
            return avatarUrl(u, enumBits(animatedType), enumBits(staticType));
        });
        writeOut(out, s ? *s : std::string());
    });
}

void PLATFORM_API Platform_UserHandle_DisplayName(Platform_UserHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        if (!stringOut(self, out, &User::globalName, true) && !stringOut(self, out, &User::username, false)) {
            writeOut(out, std::string_view());
        }
    });
}

bool PLATFORM_API Platform_UserHandle_GameActivity(Platform_UserHandle *self, Platform_Activity *out) {
    return guard(__func__, false, [&] {
        // Most of a friends list is offline, and gameActivitySeenBy shows an offline user no
        // activity: the handle's current view (read just before by the user's getters) answers
        // that without the world lock.
        const UserView *v = viewOf(self);
        if (v == nullptr || !v->user) return false;
        if (!v->self && v->status == Platform_StatusType_Offline) return false;
        // A getter's read-only look (withHandle: a WorldPeek), not a WorldLock that reads the
        // clock, runs due timers and makes every handle's view stale — a friends list reads this
        // once per friend.
        std::optional<ActivityData> a = withHandle<UserHandleData>(
            self, std::optional<ActivityData>{},
            [](World &w, ClientState &viewer, const UserHandleData &h) -> std::optional<ActivityData> {
                if (findUser(w, h.userId) == nullptr) return std::nullopt;
                return gameActivitySeenBy(w, viewer, h.userId);
            });
        if (!a) return false;
        objInit<ActivityData>(out, std::move(*a));
        return true;
    });
}

bool PLATFORM_API Platform_UserHandle_GlobalName(Platform_UserHandle *self, Platform_String *out) {
    return guard(__func__, false, [&] {
        return stringOut(self, out, &User::globalName, true);
    });
}

uint64_t PLATFORM_API Platform_UserHandle_Id(Platform_UserHandle *self) {
    return guard(__func__, uint64_t{0}, [&] {
        const auto s = lookup(self, [](const User &u, const UserView &) { return u.id; });
        return s ? *s : uint64_t{0};
    });
}

bool PLATFORM_API Platform_UserHandle_IsProvisional(Platform_UserHandle *self) {
    return guard(__func__, false, [&] {
        const auto s = lookup(self, [](const User &u, const UserView &) { return u.provisional; });
        return s && *s;
    });
}

Platform_StatusType PLATFORM_API Platform_UserHandle_Status(Platform_UserHandle *self) {
    return guard(__func__, Platform_StatusType_Unknown, [&] {
        const auto s = lookup(self, [](const User &, const UserView &v) { return v.status; });
        return s ? toEnum<Platform_StatusType>(*s) : Platform_StatusType_Unknown;
    });
}

void PLATFORM_API Platform_UserHandle_Username(Platform_UserHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        if (!stringOut(self, out, &User::username, false)) writeOut(out, std::string_view());
    });
}

}  // extern "C"
