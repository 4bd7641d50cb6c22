// identities.h — external identities (Steam tickets, OIDC tokens, ...), provisional accounts,
// merging them into platform accounts, and moderation (ban/unban/deauthorize).
//
// An external identity is keyed by (external auth type, external auth token string). Its first
// use creates a provisional account for it. Merging moves the identity to a platform account
// and deletes the provisional account. A ban moves every identity of the banned account to a
// new provisional account restricted by the ban; merging such an identity fails with 530017
// while the ban lasts. All functions: world lock held.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "client_state.h"
#include "world.h"

namespace psim {

inline constexpr int32_t kErrorMergeBannedAccount = 530017;

bool validExternalAuthType(int32_t type);

OpOutcome provisionalToken(World &w, uint64_t appId, int32_t extType, const std::string &extToken, uint64_t now);
// Links the identity to platform account `userId` (merging its provisional account away).
// nullopt on success; otherwise the error to report (nothing changed).
std::optional<ResultData> checkMerge(World &w, uint64_t userId, int32_t extType, const std::string &extToken);
void applyMerge(World &w, uint64_t userId, int32_t extType, const std::string &extToken, uint64_t now);
// GetTokenFromProvisionalMerge: code exchange + merge, all or nothing.
OpOutcome mergeWithCode(World &w, uint64_t appId, const std::string &code, const std::string &verifier,
                        const std::string &redirectUri, int32_t extType, const std::string &extToken, uint64_t now);
OpOutcome unmerge(World &w, uint64_t appId, int32_t extType, const std::string &extToken, uint64_t now);

bool ban(World &w, uint64_t userId, uint64_t now, std::string *err);
bool unban(World &w, uint64_t userId, std::string *err);
bool deauthorize(World &w, uint64_t userId, uint64_t appId, uint64_t now, std::string *err);

}  // namespace psim
