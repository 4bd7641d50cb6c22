// api_sim_social.cc — the control ABI of user profile edits, relationships and user application
// profiles (platform_sim.h "users", "relationships", "user application profiles"). Failures return
// false and set PlatformSim_LastError to "<HTTP status>: <reason>"; nothing is applied then.
// Changes are announced like the platform's own: one latency after the call.
#include <string>

#include "directory.h"
#include "guard.h"
#include "lobbies.h"
#include "platform_sim.h"
#include "relationships.h"
#include "sim_support.h"
#include "sim_strings.h"
#include "world.h"

using namespace psim;

namespace {

constexpr size_t kMaxGlobalNameChars = 32;


// "<status>: <message> (code <code>)" of a relationship endpoint's error.
bool failWith(const ResultData &r) {
    const std::string key = "\"message\":\"";
    const size_t at = r.responseBody.find(key);
    const std::string message = at == std::string::npos
                                    ? r.error
                                    : r.responseBody.substr(at + key.size(), r.responseBody.rfind('"') - at - key.size());
    return fail(false, std::to_string(r.status) + ": " + message + " (code " + std::to_string(r.errorCode) + ")");
}

bool checkUser(World &w, uint64_t userId) {
    return findUser(w, userId) != nullptr || fail(false, "404: unknown user " + std::to_string(userId));
}

// The application of a game relationship: required and registered.
bool checkGameApp(World &w, bool game, uint64_t applicationId) {
    if (!game) return true;
    if (applicationId == 0) return fail(false, "400: applicationId is required for game relationships");
    return findApp(w, applicationId) != nullptr || fail(false, "404: unknown application " + std::to_string(applicationId));
}

bool validAvatarHash(std::string_view h) {
    if (h.rfind("a_", 0) == 0) h.remove_prefix(2);
    if (h.empty()) return false;
    for (char ch : h) {
        if (!((ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'))) return false;
    }
    return true;
}

}  // namespace

extern "C" {

PLATFORM_API bool PlatformSim_UpdateUserProfile(uint64_t userId, Platform_String *globalName, Platform_String *avatarHash) {
    return guard(__func__, false, [&] {
        const std::optional<std::string> name = toOpt(globalName);
        const std::optional<std::string> avatar = toOpt(avatarHash);
        if (name && !name->empty()) {
            const auto len = utf8Length(*name);
            if (!len || *len > kMaxGlobalNameChars) return fail(false, "400: global name must be 1-32 characters of valid UTF-8");
        }
        if (avatar && !avatar->empty() && !validAvatarHash(*avatar)) {
            return fail(false, "400: avatar hash must be lowercase hex, optionally prefixed with \"a_\"");
        }
        WorldLock lk;
        if (!checkUser(lk.w, userId)) return false;
        User &u = *findUser(lk.w, userId);
        bool changed = false;
        if (name && *name != u.globalName) {
            u.globalName = *name;
            changed = true;
        }
        if (avatar && *avatar != u.avatarHash) {
            u.avatarHash = *avatar;
            changed = true;
        }
        if (changed) touchUser(u);
        if (changed) queueUserUpdated(lk.w, userId, pushDue(lk.w, lk.now));
        return true;
    });
}

PLATFORM_API bool PlatformSim_Befriend(uint64_t a, uint64_t b, bool game, uint64_t applicationId) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        if (!checkUser(lk.w, a) || !checkUser(lk.w, b) || !checkGameApp(lk.w, game, applicationId)) return false;
        if (auto e = befriend(lk.w, a, b, game, game ? applicationId : 0, lk.now)) return failWith(*e);
        return true;
    });
}

PLATFORM_API bool PlatformSim_SendFriendRequestAs(uint64_t from, uint64_t to, bool game, uint64_t applicationId, bool spam) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        if (!checkUser(lk.w, from) || !checkUser(lk.w, to) || !checkGameApp(lk.w, game, applicationId)) return false;
        if (auto e = sendFriendRequest(lk.w, game ? applicationId : 0, from, to, game, spam, lk.now)) return failWith(*e);
        return true;
    });
}

PLATFORM_API bool PlatformSim_RemoveRelationships(uint64_t a, uint64_t b) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        if (!checkUser(lk.w, a) || !checkUser(lk.w, b)) return false;
        if (a == b) return fail(false, "400: a and b are the same user");
        removeAllRelationships(lk.w, a, b, lk.now);
        return true;
    });
}

PLATFORM_API bool PlatformSim_SetUserApplicationProfile(uint64_t userId, uint64_t applicationId,
                                                        const PlatformSim_UserApplicationProfile *profile) {
    return guard(__func__, false, [&] {
        if (profile == nullptr) return fail(false, "400: profile is required");
        UserApplicationProfileRec rec;
        rec.providerType = enumBits(profile->providerType);
        rec.providerId = toOpt(profile->providerId);
        rec.providerIssuedUserId = toStd(profile->providerIssuedUserId);
        rec.username = toStd(profile->username);
        rec.avatarHash = toStd(profile->avatarHash);
        rec.metadata = toStd(profile->metadata);
        if (rec.providerType < Platform_ExternalIdentityProviderType_OIDC ||
            rec.providerType > Platform_ExternalIdentityProviderType_Unknown) {
            return fail(false, "400: unknown providerType " + std::to_string(rec.providerType));
        }
        if (rec.providerIssuedUserId.empty()) return fail(false, "400: providerIssuedUserId is required");
        for (const std::string *s : {&rec.providerIssuedUserId, &rec.username, &rec.avatarHash, &rec.metadata}) {
            if (!utf8Length(*s)) return fail(false, "400: profile strings must be valid UTF-8");
        }
        if (rec.providerId && !utf8Length(*rec.providerId)) return fail(false, "400: profile strings must be valid UTF-8");
        WorldLock lk;
        if (!checkUser(lk.w, userId)) return false;
        if (findApp(lk.w, applicationId) == nullptr) return fail(false, "404: unknown application " + std::to_string(applicationId));
        setApplicationProfile(lk.w, userId, applicationId, std::move(rec));
        queueUserUpdated(lk.w, userId, pushDue(lk.w, lk.now));
        return true;
    });
}

}  // extern "C"
