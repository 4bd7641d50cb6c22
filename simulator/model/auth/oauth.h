// oauth.h — the platform's OAuth side: grants (token pairs), authorization codes, the token,
// refresh, revoke, child-token and user endpoints. identities.h holds provisional accounts,
// merges and moderation. All functions: world lock held; `now` is the server's time.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "client_state.h"
#include "world.h"

namespace psim {

inline constexpr int32_t kAccessTokenLifetimeS = 604800;      // 7 days
inline constexpr int32_t kProvisionalTokenLifetimeS = 3600;   // 1 hour
inline constexpr uint64_t kCodeLifetimeMs = 10 * 60 * 1000;   // 10 minutes
// How long after it stopped working a grant or code is still remembered (so that a late use of it
// is told "revoked"/"expired" and its tokens stay filtered from logs); then it is forgotten.
inline constexpr uint64_t kForgetAfterMs = 24 * 60 * 60 * 1000;  // 1 day
inline constexpr const char *kAccessTokenPrefix = "psim_at_";
inline constexpr const char *kRefreshTokenPrefix = "psim_rt_";
inline constexpr const char *kCodePrefix = "psim_code_";
inline constexpr const char *kCommunicationScopes = "openid sdk.social_layer";
inline constexpr const char *kPresenceScopes = "openid sdk.social_layer_presence";

// Space-separated, single spaces, duplicates removed (first occurrence kept).
std::string normalizeScopes(std::string_view scopes);

// The grant of a token this process issued, or of one a fixture's grant knows by its digest
// (a grant saved by another process); 0 = unknown.
uint64_t grantIdOfToken(World &w, std::string_view token, bool refresh);
const Grant *findGrantByAccess(World &w, std::string_view accessToken);
// Known, not revoked, not expired, user exists and is not banned.
const Grant *validGrant(World &w, std::string_view accessToken, uint64_t now);
// Exists, not revoked, user exists and is not banned (expiry ignored).
bool grantUsable(World &w, uint64_t grantId);
// Set token the platform knows to be unusable (revoked, expired, banned user).
bool tokenKnownInvalid(World &w, std::string_view token, uint64_t now);

// Forgets grants that no longer work (access token expired and no usable refresh token, or
// revoked and expired) and codes past their lifetime, kForgetAfterMs after that, with their
// tokens in the log filter; grants a session still uses are kept. Runs at most once a minute of
// simulated time; issueGrant and createCode call it.
void sweepExpired(World &w, uint64_t now);

Grant &issueGrant(World &w, uint64_t userId, uint64_t appId, std::string scopes, int32_t lifetimeS,
                  bool withRefresh, uint64_t now);
// Tombstones the grants and closes the sessions using them.
void revokeGrants(World &w, const std::set<uint64_t> &grantIds, uint64_t now);
std::set<uint64_t> grantsOf(World &w, uint64_t userId, uint64_t appId /* 0 = all */);

OpOutcome tokenOutcome(const Grant &g, bool withRefreshField = true);
OpOutcome invalidGrant(std::string_view description);

std::string createCode(World &w, uint64_t appId, uint64_t userId, std::string redirectUri, std::string scopes,
                       std::string challenge, uint64_t now);
// Checks a code exchange without consuming the code; nullopt = acceptable.
std::optional<ResultData> checkCode(World &w, uint64_t appId, const std::string &code, const std::string &verifier,
                                    const std::string &redirectUri, uint64_t now);
// Consumes a checked code and issues its grant.
Grant &redeemCode(World &w, const std::string &code, const std::string &verifier, uint64_t now);

OpOutcome exchangeCode(World &w, uint64_t appId, const std::string &code, const std::string &verifier,
                       const std::string &redirectUri, uint64_t now);
OpOutcome refreshGrant(World &w, uint64_t appId, const std::string &refreshToken, uint64_t now);
OpOutcome revokeToken(World &w, uint64_t appId, const std::string &token, uint64_t now);
OpOutcome exchangeChildToken(World &w, const std::string &parentToken, uint64_t childAppId, uint64_t now);
OpOutcome fetchCurrentUser(World &w, const std::string &token, uint64_t now);

}  // namespace psim
