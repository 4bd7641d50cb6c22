// oauth.cc — see oauth.h.
#include "oauth.h"

#include <sstream>
#include <vector>

#include "clock.h"
#include "connection.h"
#include "crypto.h"
#include "directory.h"
#include "log.h"
#include "results.h"

namespace psim {

std::string normalizeScopes(std::string_view scopes) {
    std::vector<std::string> seen;
    std::istringstream in{std::string(scopes)};
    std::string s;
    while (in >> s) {
        bool dup = false;
        for (const auto &x : seen) dup = dup || x == s;
        if (!dup) seen.push_back(s);
    }
    std::string out;
    for (const auto &x : seen) out += (out.empty() ? "" : " ") + x;
    return out;
}

uint64_t grantIdOfToken(World &w, std::string_view token, bool refresh) {
    if (token.empty()) return 0;
    const auto &plain = refresh ? w.oauth.grantByRefresh : w.oauth.grantByAccess;
    if (auto it = plain.find(std::string(token)); it != plain.end()) return it->second;
    const auto &digests = refresh ? w.oauth.grantByRefreshDigest : w.oauth.grantByAccessDigest;
    if (digests.empty()) return 0;
    auto it = digests.find(crypto::sha256Hex(token));
    if (it == digests.end()) return 0;
    log::registerSecret(std::string(token));  // as if this process had issued it
    return it->second;
}

const Grant *findGrantByAccess(World &w, std::string_view accessToken) {
    const uint64_t id = grantIdOfToken(w, accessToken, false);
    if (id == 0) return nullptr;
    auto g = w.oauth.grants.find(id);
    return g == w.oauth.grants.end() ? nullptr : &g->second;
}

bool grantUsable(World &w, uint64_t grantId) {
    auto it = w.oauth.grants.find(grantId);
    if (it == w.oauth.grants.end() || it->second.revoked) return false;
    const User *u = findUser(w, it->second.userId);
    return u != nullptr && !u->banned;
}

const Grant *validGrant(World &w, std::string_view accessToken, uint64_t now) {
    const Grant *g = findGrantByAccess(w, accessToken);
    if (g == nullptr || now >= g->expiresAtMs || !grantUsable(w, g->id)) return nullptr;
    return g;
}

bool tokenKnownInvalid(World &w, std::string_view token, uint64_t now) {
    const Grant *g = findGrantByAccess(w, token);
    return g != nullptr && (now >= g->expiresAtMs || !grantUsable(w, g->id));
}

void sweepExpired(World &w, uint64_t now) {
    if (now < w.oauth.nextSweepMs) return;
    w.oauth.nextSweepMs = now + 60 * 1000;
    std::set<uint64_t> inUse;
    for (const auto &[key, c] : w.clients) {
        if (c && c->sessionGrantId != 0) inUse.insert(c->sessionGrantId);
    }
    for (auto it = w.oauth.grants.begin(); it != w.oauth.grants.end();) {
        const Grant &g = it->second;
        // A refresh token does not expire: its grant works until it is rotated or revoked.
        // A grant loaded from a fixture knows its refresh token only by digest (fixtures_load.cc).
        const bool dead = g.revoked || (g.refreshToken.empty() && g.refreshDigest.empty());
        if (!dead || now < g.expiresAtMs + kForgetAfterMs || inUse.count(g.id) != 0) {
            ++it;
            continue;
        }
        if (!g.accessToken.empty()) {
            w.oauth.grantByAccess.erase(g.accessToken);
            log::forgetSecret(g.accessToken);
        }
        if (!g.refreshToken.empty()) {
            w.oauth.grantByRefresh.erase(g.refreshToken);
            log::forgetSecret(g.refreshToken);
        }
        if (!g.accessDigest.empty()) w.oauth.grantByAccessDigest.erase(g.accessDigest);
        if (!g.refreshDigest.empty()) w.oauth.grantByRefreshDigest.erase(g.refreshDigest);
        it = w.oauth.grants.erase(it);
    }
    for (auto it = w.oauth.codes.begin(); it != w.oauth.codes.end();) {
        if (now < it->second.expiresAtMs + kForgetAfterMs) {
            ++it;
            continue;
        }
        log::forgetSecret(it->first);
        if (!it->second.verifier.empty()) log::forgetSecret(it->second.verifier);
        it = w.oauth.codes.erase(it);
    }
}

Grant &issueGrant(World &w, uint64_t userId, uint64_t appId, std::string scopes, int32_t lifetimeS,
                  bool withRefresh, uint64_t now) {
    sweepExpired(w, now);
    Grant g;
    g.id = clock::nextSnowflake();
    g.userId = userId;
    g.appId = appId;
    const std::string &at = w.oauth.accessTokenPrefix, &rt = w.oauth.refreshTokenPrefix;
    g.accessToken = (at.empty() ? std::string(kAccessTokenPrefix) : at) + crypto::randomToken(32);
    if (withRefresh) g.refreshToken = (rt.empty() ? std::string(kRefreshTokenPrefix) : rt) + crypto::randomToken(32);
    g.scopes = std::move(scopes);
    g.issuedAtMs = now;
    g.expiresAtMs = now + static_cast<uint64_t>(lifetimeS) * 1000;
    log::registerSecret(g.accessToken);
    log::registerSecret(g.refreshToken);
    w.oauth.grantByAccess[g.accessToken] = g.id;
    if (withRefresh) w.oauth.grantByRefresh[g.refreshToken] = g.id;
    const uint64_t id = g.id;
    return w.oauth.grants.emplace(id, std::move(g)).first->second;
}

void revokeGrants(World &w, const std::set<uint64_t> &grantIds, uint64_t now) {
    std::set<uint64_t> revoked;
    for (uint64_t id : grantIds) {
        auto it = w.oauth.grants.find(id);
        if (it != w.oauth.grants.end() && !it->second.revoked) {
            it->second.revoked = true;
            revoked.insert(id);
        }
    }
    onGrantsRevoked(w, revoked, now);
}

std::set<uint64_t> grantsOf(World &w, uint64_t userId, uint64_t appId) {
    std::set<uint64_t> ids;
    for (const auto &[id, g] : w.oauth.grants) {
        if (g.userId == userId && (appId == 0 || g.appId == appId) && !g.revoked) ids.insert(id);
    }
    return ids;
}

OpOutcome tokenOutcome(const Grant &g, bool withRefreshField) {
    OpOutcome o;
    o.accessToken = g.accessToken;
    if (withRefreshField) o.refreshToken = g.refreshToken;
    o.tokenType = Platform_AuthorizationTokenType_Bearer;
    o.expiresIn = static_cast<int32_t>((g.expiresAtMs - g.issuedAtMs) / 1000);
    o.scopes = g.scopes;
    return o;
}

OpOutcome invalidGrant(std::string_view description) {
    return outcomeOf(result::oauth(400, "invalid_grant", description));
}

std::string createCode(World &w, uint64_t appId, uint64_t userId, std::string redirectUri, std::string scopes,
                       std::string challenge, uint64_t now) {
    sweepExpired(w, now);
    std::string code = kCodePrefix + crypto::randomToken(24);
    log::registerSecret(code);  // a code (with its verifier) is as good as a token until redeemed
    AuthCode c;
    c.appId = appId;
    c.userId = userId;
    c.redirectUri = std::move(redirectUri);
    c.scopes = std::move(scopes);
    c.challenge = std::move(challenge);
    c.expiresAtMs = now + kCodeLifetimeMs;
    w.oauth.codes.emplace(code, std::move(c));
    return code;
}

std::optional<ResultData> checkCode(World &w, uint64_t appId, const std::string &code, const std::string &verifier,
                                    const std::string &redirectUri, uint64_t now) {
    auto bad = [](std::string_view d) { return std::optional<ResultData>(result::oauth(400, "invalid_grant", d)); };
    auto it = w.oauth.codes.find(code);
    if (code.empty() || it == w.oauth.codes.end()) return bad("Invalid \"code\" in request.");
    AuthCode &c = it->second;
    if (c.used) {
        // RFC 6749 4.1.2: a replayed code revokes what was issued from it.
        if (c.grantId != 0) revokeGrants(w, {c.grantId}, now);
        return bad("The authorization code has already been used.");
    }
    if (now >= c.expiresAtMs) return bad("The authorization code has expired.");
    if (c.appId != appId) return bad("The authorization code was issued to another client.");
    if (c.redirectUri != redirectUri) return bad("Invalid \"redirect_uri\" in request.");
    if (!c.challenge.empty()) {
        if (verifier.empty()) return bad("Missing \"code_verifier\" in request.");
        if (crypto::s256(verifier) != c.challenge) return bad("Invalid \"code_verifier\" in request.");
    }
    const User *u = findUser(w, c.userId);
    if (u == nullptr || u->banned) return bad("The resource owner is not available.");
    return std::nullopt;
}

Grant &redeemCode(World &w, const std::string &code, const std::string &verifier, uint64_t now) {
    // issueGrant's sweep erases only codes long expired, never this one (checked, in its lifetime):
    // the reference stays valid (erasing from an unordered_map invalidates only the erased element).
    AuthCode &c = w.oauth.codes.at(code);
    c.used = true;
    c.verifier = verifier;  // forgotten from the log filter with the code
    Grant &g = issueGrant(w, c.userId, c.appId, c.scopes, kAccessTokenLifetimeS, true, now);
    c.grantId = g.id;
    return g;
}

OpOutcome exchangeCode(World &w, uint64_t appId, const std::string &code, const std::string &verifier,
                       const std::string &redirectUri, uint64_t now) {
    if (auto err = checkCode(w, appId, code, verifier, redirectUri, now)) return outcomeOf(std::move(*err));
    return tokenOutcome(redeemCode(w, code, verifier, now));
}

OpOutcome refreshGrant(World &w, uint64_t appId, const std::string &refreshToken, uint64_t now) {
    if (refreshToken.empty()) return outcomeOf(result::oauth(400, "invalid_request", "Missing \"refresh_token\"."));
    const uint64_t oldId = grantIdOfToken(w, refreshToken, true);
    if (oldId == 0) return invalidGrant("Invalid \"refresh_token\" in request.");
    auto git = w.oauth.grants.find(oldId);
    if (git == w.oauth.grants.end() || git->second.revoked) return invalidGrant("Invalid \"refresh_token\" in request.");
    if (git->second.appId != appId) return invalidGrant("The refresh token was issued to another client.");
    if (!grantUsable(w, oldId)) return invalidGrant("The resource owner is not available.");
    // Rotation: the old pair dies, sessions that used it carry on with the new one.
    git->second.revoked = true;
    const Grant old = git->second;
    Grant &fresh = issueGrant(w, old.userId, old.appId, old.scopes, kAccessTokenLifetimeS, true, now);
    onGrantRotated(w, oldId, fresh.id);
    return tokenOutcome(fresh);
}

OpOutcome revokeToken(World &w, uint64_t appId, const std::string &token, uint64_t now) {
    if (token.empty()) return outcomeOf(result::oauth(400, "invalid_request", "Missing \"token\"."));
    uint64_t id = grantIdOfToken(w, token, false);
    if (const uint64_t r = grantIdOfToken(w, token, true); r != 0) id = r;
    auto it = w.oauth.grants.find(id);
    // RFC 7009: unknown tokens (and tokens of other clients, which are left alone) still get 200.
    if (it != w.oauth.grants.end() && it->second.appId == appId) revokeGrants(w, {id}, now);
    return outcomeOf(result::ok());
}

OpOutcome exchangeChildToken(World &w, const std::string &parentToken, uint64_t childAppId, uint64_t now) {
    const Grant *parent = validGrant(w, parentToken, now);
    if (parent == nullptr) return invalidGrant("Invalid parent application token.");
    const Application *child = findApp(w, childAppId);
    if (child == nullptr) return outcomeOf(result::api(404, 10002, "not found", "Unknown Application"));
    if (child->parentId != parent->appId) {
        return invalidGrant("The application is not a child of the token's application.");
    }
    const Grant p = *parent;
    Grant &g = issueGrant(w, p.userId, childAppId, p.scopes, kAccessTokenLifetimeS, false, now);
    return tokenOutcome(g, false);
}

OpOutcome fetchCurrentUser(World &w, const std::string &token, uint64_t now) {
    const Grant *g = validGrant(w, token, now);
    if (g == nullptr) return outcomeOf(result::api(401, 0, "unauthorized", "401: Unauthorized"));
    const User *u = findUser(w, g->userId);
    OpOutcome o;
    o.userId = u->id;
    o.name = u->username;
    return o;
}

}  // namespace psim
