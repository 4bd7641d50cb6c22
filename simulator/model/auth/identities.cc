// identities.cc — see identities.h.
#include "identities.h"

#include <vector>

#include "directory.h"
#include "oauth.h"
#include "results.h"

namespace psim {
namespace {

using IdentityKey = std::pair<int32_t, std::string>;

bool banActive(World &w, uint64_t bannedUserId) {
    if (bannedUserId == 0) return false;
    const User *u = findUser(w, bannedUserId);
    return u != nullptr && u->banned;
}

// Deletes a provisional account whose identities have moved elsewhere.
void deleteProvisionalUser(World &w, uint64_t userId, uint64_t now) {
    revokeGrants(w, grantsOf(w, userId, 0), now);
    eraseUser(w, userId);
}

}  // namespace

bool validExternalAuthType(int32_t type) {
    return type >= Platform_AuthenticationExternalAuthType_OIDC &&
           type <= Platform_AuthenticationExternalAuthType_PlayStationNetworkIdToken;
}

OpOutcome provisionalToken(World &w, uint64_t appId, int32_t extType, const std::string &extToken, uint64_t now) {
    auto &ids = w.oauth.identities;
    const IdentityKey key{extType, extToken};
    auto it = ids.find(key);
    if (it == ids.end() || findUser(w, it->second.userId) == nullptr) {
        ExternalIdentity ident;
        ident.type = extType;
        ident.token = extToken;
        ident.userId = createProvisionalUser(w, 0);
        it = ids.insert_or_assign(key, std::move(ident)).first;
    }
    const User &u = *findUser(w, it->second.userId);
    if (u.banned) return outcomeOf(result::api(403, 40002, "forbidden", "This account is banned."));
    if (u.provisional) {
        return tokenOutcome(issueGrant(w, u.id, appId, kCommunicationScopes, kProvisionalTokenLifetimeS, false, now));
    }
    // The identity was merged into a platform account: a normal token for that account.
    return tokenOutcome(issueGrant(w, u.id, appId, kCommunicationScopes, kAccessTokenLifetimeS, true, now));
}

std::optional<ResultData> checkMerge(World &w, uint64_t userId, int32_t extType, const std::string &extToken) {
    auto it = w.oauth.identities.find(IdentityKey{extType, extToken});
    if (it == w.oauth.identities.end()) return std::nullopt;  // first use: simply linked
    const ExternalIdentity &ident = it->second;
    if (banActive(w, ident.restrictedByBanOf)) {
        return result::api(403, kErrorMergeBannedAccount, "merge blocked: platform account banned",
                           "This external identity belongs to a banned account and cannot be merged.");
    }
    if (ident.userId == userId) return std::nullopt;
    const User *current = findUser(w, ident.userId);
    if (current != nullptr && !current->provisional) {
        return result::api(400, 0, "invalid_request", "The external identity is already linked to another account.");
    }
    return std::nullopt;
}

void applyMerge(World &w, uint64_t userId, int32_t extType, const std::string &extToken, uint64_t now) {
    auto &ids = w.oauth.identities;
    const IdentityKey key{extType, extToken};
    auto it = ids.find(key);
    if (it == ids.end()) {
        ExternalIdentity ident;
        ident.type = extType;
        ident.token = extToken;
        ident.userId = userId;
        ids.emplace(key, std::move(ident));
        return;
    }
    const uint64_t from = it->second.userId;
    if (from == userId) return;
    // Every identity of the provisional account moves; then the account is gone.
    for (auto &[k, ident] : ids) {
        if (ident.userId == from) {
            ident.userId = userId;
            ident.restrictedByBanOf = 0;
        }
    }
    if (const User *u = findUser(w, from); u != nullptr && u->provisional) deleteProvisionalUser(w, from, now);
}

OpOutcome mergeWithCode(World &w, uint64_t appId, const std::string &code, const std::string &verifier,
                        const std::string &redirectUri, int32_t extType, const std::string &extToken, uint64_t now) {
    if (auto err = checkCode(w, appId, code, verifier, redirectUri, now)) return outcomeOf(std::move(*err));
    const uint64_t userId = w.oauth.codes.at(code).userId;
    if (auto err = checkMerge(w, userId, extType, extToken)) return outcomeOf(std::move(*err));
    OpOutcome out = tokenOutcome(redeemCode(w, code, verifier, now));
    applyMerge(w, userId, extType, extToken, now);
    return out;
}

OpOutcome unmerge(World &w, uint64_t appId, int32_t extType, const std::string &extToken, uint64_t now) {
    auto it = w.oauth.identities.find(IdentityKey{extType, extToken});
    if (it == w.oauth.identities.end()) {
        return outcomeOf(result::api(404, 0, "not found", "Unknown external identity."));
    }
    const User *owner = findUser(w, it->second.userId);
    if (owner == nullptr || owner->provisional) {
        return outcomeOf(result::api(400, 0, "invalid_request",
                                     "The external identity is not merged into a platform account."));
    }
    const uint64_t fullId = owner->id;
    it->second.userId = createProvisionalUser(w, 0);
    it->second.restrictedByBanOf = 0;
    revokeGrants(w, grantsOf(w, fullId, appId), now);
    return outcomeOf(result::ok());
}

bool ban(World &w, uint64_t userId, uint64_t now, std::string *err) {
    User *u = findUser(w, userId);
    if (u == nullptr) {
        *err = "unknown user " + std::to_string(userId);
        return false;
    }
    u->banned = true;
    touchUser(*u);
    // Tokens die at once (their sessions close), pending codes too.
    revokeGrants(w, grantsOf(w, userId, 0), now);
    std::erase_if(w.oauth.codes, [userId](const auto &kv) { return kv.second.userId == userId; });
    // The links are severed: each identity moves to a new provisional account restricted by
    // the ban, carrying the identity.
    for (auto &[k, ident] : w.oauth.identities) {
        if (ident.userId != userId) continue;
        ident.userId = createProvisionalUser(w, userId);
        ident.restrictedByBanOf = userId;
    }
    return true;
}

bool unban(World &w, uint64_t userId, std::string *err) {
    User *u = findUser(w, userId);
    if (u == nullptr) {
        *err = "unknown user " + std::to_string(userId);
        return false;
    }
    u->banned = false;
    touchUser(*u);
    return true;
}

bool deauthorize(World &w, uint64_t userId, uint64_t appId, uint64_t now, std::string *err) {
    if (findUser(w, userId) == nullptr) {
        *err = "unknown user " + std::to_string(userId);
        return false;
    }
    if (appId != 0 && findApp(w, appId) == nullptr) {
        *err = "unknown application " + std::to_string(appId);
        return false;
    }
    revokeGrants(w, grantsOf(w, userId, appId), now);
    std::erase_if(w.oauth.codes, [&](const auto &kv) {
        return kv.second.userId == userId && (appId == 0 || kv.second.appId == appId);
    });
    return true;
}

}  // namespace psim
