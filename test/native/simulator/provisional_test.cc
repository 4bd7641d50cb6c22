// Provisional accounts and grants derived from other grants. Checks provisional tokens (1 h, no
// refresh token), display-name updates and UserUpdated, the single token-expiration callback,
// merge into a full account (provisional session and handles die), bans (session closed, refresh
// dead, consent -> "account banned", merge into another user -> 530017/403), unban, unmerge,
// deauthorize, validation of empty external tokens, and child-token exchange (same publisher only,
// unknown application -> 404). The addon maps each of these results to a typed error.
#include "harness.h"

void testProvisionalMergeBan() {
    Client cl(g_app);
    TokenRes p;
    Platform_Client_GetProvisionalToken(&cl.c, g_app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), tokenCb, countFree, &p);
    step(20);
    CHECK(p.r.ok); CHECK_EQ(p.expiresIn, 3600); CHECK(p.refresh.empty());
    Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(p.access), nullptr, nullptr, nullptr);
    SimpleRes userUpd;
    uint64_t updatedId = 0;
    static uint64_t *updatedIdPtr; updatedIdPtr = &updatedId;
    Platform_Client_SetUserUpdatedCallback(&cl.c, [](uint64_t id, void *) { *updatedIdPtr = id; }, countFree, nullptr);
    Platform_Client_Connect(&cl.c);
    for (int i = 0; i < 4; ++i) step(20);
    Platform_UserHandle h{};
    CHECK(Platform_Client_GetCurrentUserV2(&cl.c, &h));
    CHECK(Platform_UserHandle_IsProvisional(&h));
    Platform_String s;
    Platform_UserHandle_Username(&h, &s); std::string uname = S(s); CHECK(uname.rfind("provisional-", 0) == 0);
    Platform_UserHandle_DisplayName(&h, &s); CHECK(S(s).rfind("Player ", 0) == 0);
    CHECK(!Platform_UserHandle_Avatar(&h, &s));
    uint64_t provId = Platform_UserHandle_Id(&h);
    // display name
    SimpleRes dn;
    Platform_Client_UpdateProvisionalAccountDisplayName(&cl.c, P(std::string("Hero")), simpleCb, countFree, &dn);
    step(20);
    CHECK(dn.r.ok); CHECK_EQ(updatedId, provId);
    Platform_UserHandle_DisplayName(&h, &s); CHECK_EQ(S(s), std::string("Hero"));
    SimpleRes dn2;
    Platform_Client_UpdateProvisionalAccountDisplayName(&cl.c, P(std::string("")), simpleCb, countFree, &dn2);
    step(1); CHECK_EQ(dn2.r.type, (int)Platform_ErrorType_ValidationError);
    // token expiration after 1 hour, fires once
    static int expirations; expirations = 0;
    Platform_Client_SetTokenExpirationCallback(&cl.c, [](void *) { ++expirations; }, countFree, nullptr);
    step(3600 * 1000);
    step(1000);
    CHECK_EQ(expirations, 1);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Ready);  // stays connected
    CHECK(!Platform_Client_IsAuthenticated(&cl.c));

    // merge into alice
    auto [verifier, challenge] = makeVerifier(&cl.c);
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_alice);
    AuthRes &a = authorize(&cl.c, challenge);
    CHECK(a.r.ok);
    TokenRes m;
    Platform_Client_GetTokenFromProvisionalMerge(&cl.c, g_app, P(a.code), P(verifier), P(a.redirect), Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), tokenCb, countFree, &m);
    step(20);
    CHECK(m.r.ok); CHECK(!m.refresh.empty());
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Disconnected);  // provisional account gone
    CHECK_EQ(Platform_UserHandle_Id(&h), uint64_t(0));
    Platform_UserHandle_Drop(&h);
    // identity now maps to alice
    TokenRes p2;
    Platform_Client_GetProvisionalToken(&cl.c, g_app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), tokenCb, countFree, &p2);
    step(20);
    CHECK(p2.r.ok); CHECK_EQ(p2.expiresIn, 604800); CHECK(!p2.refresh.empty());
    struct FU { Res r; uint64_t id = 0; std::string name; } fu;
    Platform_Client_FetchCurrentUser(&cl.c, Platform_AuthorizationTokenType_Bearer, P(p2.access),
        [](Platform_ClientResult *r, uint64_t id, Platform_String n, void *ud) { auto *o = (FU *)ud; o->r = R(r); o->id = id; o->name = S(n); }, countFree, &fu);
    step(20);
    CHECK(fu.r.ok); CHECK_EQ(fu.id, g_alice); CHECK_EQ(fu.name, std::string("alice"));

    // connect as alice, then ban alice
    Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(m.access), nullptr, nullptr, nullptr);
    Platform_Client_Connect(&cl.c);
    for (int i = 0; i < 4; ++i) step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Ready);
    size_t before = cl.status.events.size();
    CHECK(PlatformSim_ModerationBan(g_alice));
    Platform_RunCallbacks();
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Disconnected);
    CHECK_EQ(cl.status.events.size(), before + 1);
    TokenRes rf;
    Platform_Client_RefreshToken(&cl.c, g_app, P(m.refresh), tokenCb, countFree, &rf);
    step(20);
    CHECK_EQ(rf.r.error, std::string("invalid_grant"));
    // banned user approving -> account banned
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_alice);
    a = authorize(&cl.c, challenge);
    CHECK_EQ(a.r.type, (int)Platform_ErrorType_AuthorizationFailed); CHECK_EQ(a.r.error, std::string("account banned"));
    // identity moved to a restricted provisional account
    TokenRes p3;
    Platform_Client_GetProvisionalToken(&cl.c, g_app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), tokenCb, countFree, &p3);
    step(20);
    CHECK(p3.r.ok); CHECK_EQ(p3.expiresIn, 3600);
    // merge into bob -> 530017
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_bob);
    a = authorize(&cl.c, challenge);
    TokenRes m2;
    Platform_Client_GetTokenFromProvisionalMerge(&cl.c, g_app, P(a.code), P(verifier), P(a.redirect), Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), tokenCb, countFree, &m2);
    step(20);
    CHECK_EQ(m2.r.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(m2.r.code, 530017); CHECK_EQ(m2.r.status, 403);
    // unban -> merge works (code still unused)
    CHECK(PlatformSim_ModerationUnban(g_alice));
    TokenRes m3;
    Platform_Client_GetTokenFromProvisionalMerge(&cl.c, g_app, P(a.code), P(verifier), P(a.redirect), Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), tokenCb, countFree, &m3);
    step(20);
    CHECK(m3.r.ok);
    // unmerge: back to a provisional account, bob's tokens for the app revoked
    SimpleRes um;
    Platform_Client_UnmergeIntoProvisionalAccount(&cl.c, g_app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("steam-ticket-1")), simpleCb, countFree, &um);
    step(20);
    CHECK(um.r.ok);
    TokenRes rf2;
    Platform_Client_RefreshToken(&cl.c, g_app, P(m3.refresh), tokenCb, countFree, &rf2);
    step(20);
    CHECK_EQ(rf2.r.error, std::string("invalid_grant"));
    // validation: empty external token
    TokenRes pv;
    Platform_Client_GetProvisionalToken(&cl.c, g_app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(std::string("")), tokenCb, countFree, &pv);
    step(1); CHECK_EQ(pv.r.type, (int)Platform_ErrorType_ValidationError);
    // deauthorize
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_bob);
    a = authorize(&cl.c, challenge);
    auto bt = getToken(&cl.c, g_app, a.code, verifier, a.redirect);
    CHECK(bt.r.ok);
    CHECK(PlatformSim_ModerationDeauthorize(g_bob, g_app));
    TokenRes rf3;
    Platform_Client_RefreshToken(&cl.c, g_app, P(bt.refresh), tokenCb, countFree, &rf3);
    step(20);
    CHECK_EQ(rf3.r.error, std::string("invalid_grant"));
}

void testChildTokens() {
    Client cl(g_app);
    uint64_t parent = PlatformSim_CreateApplication(P(std::string("Parent")), 0, 0, P(std::string("")));
    uint64_t child = PlatformSim_CreateApplication(P(std::string("Child")), 0, parent, P(std::string("")));
    uint64_t sibling = PlatformSim_CreateApplication(P(std::string("Sibling")), PlatformSim_ApplicationPublisher(parent), 0, P(std::string("")));
    CHECK(parent && child && sibling);
    CHECK_EQ(PlatformSim_ApplicationPublisher(child), PlatformSim_ApplicationPublisher(parent));
    CHECK_EQ(PlatformSim_ApplicationPublisher(sibling), PlatformSim_ApplicationPublisher(parent));
    CHECK_EQ(PlatformSim_CreateApplication(P(std::string("x")), 0, 999, P(std::string(""))), uint64_t(0));
    Platform_String at, rt;
    CHECK(PlatformSim_IssueToken(g_bob, parent, P(std::string("openid sdk.social_layer")), &at, &rt, nullptr));
    std::string access = S(at); S(rt);
    struct CR { Res r; std::string tok, scopes; int exp = 0; } c1, c2, c3;
    auto cb = [](Platform_ClientResult *r, Platform_String a, Platform_AuthorizationTokenType, int32_t e, Platform_String s, void *ud) {
        auto *o = (CR *)ud; o->r = R(r); o->tok = S(a); o->exp = e; o->scopes = S(s); };
    Platform_Client_ExchangeChildToken(&cl.c, P(access), child, cb, countFree, &c1);
    Platform_Client_ExchangeChildToken(&cl.c, P(access), sibling, cb, countFree, &c2);
    Platform_Client_ExchangeChildToken(&cl.c, P(access), 424242, cb, countFree, &c3);
    step(20);
    CHECK(c1.r.ok); CHECK_EQ(c1.exp, 604800); CHECK(!c1.tok.empty());
    CHECK_EQ(c2.r.error, std::string("invalid_grant"));
    CHECK_EQ(c3.r.status, 404);

    // Canary prefixes (SetTokenPrefixes) reach every grant path, the child token included.
    CHECK(!PlatformSim_SetTokenPrefixes(P(std::string("bad prefix")), P(std::string(""))));
    CHECK(!PlatformSim_SetTokenPrefixes(P(std::string(33, 'A')), P(std::string(""))));
    CHECK(PlatformSim_SetTokenPrefixes(P(std::string("CANARYAT_")), P(std::string("CANARYRT_"))));
    CHECK(PlatformSim_IssueToken(g_bob, parent, P(std::string("")), &at, &rt, nullptr));
    std::string canaryAccess = S(at), canaryRefresh = S(rt);
    CHECK_EQ(canaryAccess.rfind("CANARYAT_", 0), size_t(0)); CHECK_EQ(canaryAccess.size(), size_t(9 + 43));
    CHECK_EQ(canaryRefresh.rfind("CANARYRT_", 0), size_t(0));
    CR c4;
    Platform_Client_ExchangeChildToken(&cl.c, P(canaryAccess), child, cb, countFree, &c4);
    step(20);
    CHECK(c4.r.ok); CHECK_EQ(c4.tok.rfind("CANARYAT_", 0), size_t(0));
    CHECK(PlatformSim_SetTokenPrefixes(P(std::string("")), P(std::string(""))));
    CHECK(PlatformSim_IssueToken(g_bob, parent, P(std::string("")), &at, &rt, nullptr));
    CHECK_EQ(S(at).rfind("psim_at_", 0), size_t(0)); CHECK_EQ(S(rt).rfind("psim_rt_", 0), size_t(0));
}
