// The full login path through the C ABI: PKCE authorize (delivered only after the simulated
// latency), GetToken (wrong verifier / redirect / replayed code -> invalid_grant, and a replay
// revokes the grant), UpdateToken + Connect (status sequence Connecting -> Connected -> Ready),
// user handles (fields, avatar URL, clone, GetUser), refresh rotation (old refresh token dies,
// session survives), revoke (closes the session with UnexpectedClose/4004; unknown tokens succeed
// per RFC 7009), log hygiene (tokens never logged, "Bearer [filtered]", logs on another thread),
// and handles outliving their client returning defaults. These are the rules the addon relies on.
#include "harness.h"

void testAuthFlow() {
    Client cl(g_app);
    auto [verifier, challenge] = makeVerifier(&cl.c);
    CHECK_EQ(verifier.size(), size_t(43));
    CHECK(challenge.size() == 43);

    CHECK(PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_alice));
    AuthRes &a = authorize(&cl.c, challenge, 19);
    CHECK(!a.called);  // latency not elapsed
    step(1);
    CHECK(a.called);
    CHECK(a.r.ok); CHECK_EQ(a.r.type, 0); CHECK_EQ(a.r.status, 200);
    CHECK_EQ(a.redirect, "platform-" + std::to_string(g_app) + ":/authorize/callback");
    CHECK(a.code.rfind("psim_code_", 0) == 0);

    // wrong verifier -> invalid_grant
    auto bad = getToken(&cl.c, g_app, a.code, "wrong-verifier-wrong-verifier-wrong-verifier", a.redirect);
    CHECK(bad.called); CHECK_EQ(bad.r.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(bad.r.status, 400);
    CHECK_EQ(bad.r.error, std::string("invalid_grant")); CHECK(!bad.r.retryable); CHECK(bad.r.body.find("invalid_grant") != std::string::npos);
    CHECK(bad.access.empty());
    // wrong redirect -> invalid_grant
    auto bad2 = getToken(&cl.c, g_app, a.code, verifier, "platform-1:/authorize/callback");
    CHECK_EQ(bad2.r.error, std::string("invalid_grant"));

    auto t = getToken(&cl.c, g_app, a.code, verifier, a.redirect);
    CHECK(t.r.ok); CHECK_EQ(t.expiresIn, 604800); CHECK_EQ(t.type, (int)Platform_AuthorizationTokenType_Bearer);
    CHECK(t.access.rfind("psim_at_", 0) == 0); CHECK(t.refresh.rfind("psim_rt_", 0) == 0); CHECK(t.access.size() > 40);
    CHECK_EQ(t.scopes, std::string("openid sdk.social_layer"));
    CHECK(t.r.str.find(t.access) == std::string::npos);

    // code replay -> invalid_grant and the grant from it is revoked
    auto replay = getToken(&cl.c, g_app, a.code, verifier, a.redirect);
    CHECK_EQ(replay.r.error, std::string("invalid_grant"));
    TokenRes fr;
    Platform_Client_FetchCurrentUser(&cl.c, Platform_AuthorizationTokenType_Bearer, P(t.access),
        [](Platform_ClientResult *r, uint64_t id, Platform_String n, void *ud) { auto *o = (TokenRes *)ud; o->r = R(r); o->expiresIn = (int)(id != 0); o->access = S(n); o->called = true; }, countFree, &fr);
    step(20);
    CHECK(fr.called); CHECK_EQ(fr.r.status, 401);

    // new authorization, token, connect
    CHECK(PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_alice));
    a = authorize(&cl.c, challenge);
    t = getToken(&cl.c, g_app, a.code, verifier, a.redirect);
    CHECK(t.r.ok);
    CHECK(!Platform_Client_IsAuthenticated(&cl.c));
    SimpleRes u;
    Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(t.access), simpleCb, countFree, &u);
    CHECK(!u.called);
    Platform_RunCallbacks();
    CHECK(u.called); CHECK(u.r.ok);
    CHECK(Platform_Client_IsAuthenticated(&cl.c));

    Platform_UserHandle h{};
    CHECK(!Platform_Client_GetCurrentUserV2(&cl.c, &h));
    Platform_Client_Connect(&cl.c);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Connecting);
    for (int i = 0; i < 5; ++i) step(10);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Ready);
    CHECK_EQ(cl.status.events.size(), size_t(3));
    if (cl.status.events.size() == 3) {
        CHECK_EQ(std::get<0>(cl.status.events[0]), 1); CHECK_EQ(std::get<0>(cl.status.events[1]), 2); CHECK_EQ(std::get<0>(cl.status.events[2]), 3);
    }
    CHECK(Platform_Client_GetCurrentUserV2(&cl.c, &h));
    CHECK_EQ(Platform_UserHandle_Id(&h), g_alice);
    Platform_String s;
    Platform_UserHandle_Username(&h, &s); CHECK_EQ(S(s), std::string("alice"));
    Platform_UserHandle_DisplayName(&h, &s); CHECK_EQ(S(s), std::string("Alice A."));
    CHECK(!Platform_UserHandle_IsProvisional(&h));
    CHECK_EQ((int)Platform_UserHandle_Status(&h), (int)Platform_StatusType_Online);
    CHECK(Platform_UserHandle_Avatar(&h, &s)); std::string hash = S(s);
    Platform_UserHandle_AvatarUrl(&h, Platform_UserHandle_AvatarType_Gif, Platform_UserHandle_AvatarType_Webp, &s);
    CHECK_EQ(S(s), "https://cdn.platform.example/avatars/" + std::to_string(g_alice) + "/" + hash + ".webp");
    Platform_UserHandle h2{};
    Platform_UserHandle_Clone(&h2, &h);
    CHECK_EQ(Platform_UserHandle_Id(&h2), g_alice);
    Platform_UserHandle h3{};
    CHECK(Platform_Client_GetUser(&cl.c, g_alice, &h3)); Platform_UserHandle_Drop(&h3);
    CHECK(!Platform_Client_GetUser(&cl.c, g_bob, &h3));

    // refresh: new pair, old refresh dies, session survives
    TokenRes r1;
    Platform_Client_RefreshToken(&cl.c, g_app, P(t.refresh), tokenCb, countFree, &r1);
    step(20);
    CHECK(r1.r.ok); CHECK(r1.access != t.access); CHECK(r1.refresh != t.refresh);
    TokenRes r2;
    Platform_Client_RefreshToken(&cl.c, g_app, P(t.refresh), tokenCb, countFree, &r2);
    step(20);
    CHECK_EQ(r2.r.error, std::string("invalid_grant")); CHECK_EQ(r2.r.status, 400);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Ready);
    CHECK(!Platform_Client_IsAuthenticated(&cl.c));  // old access token rotated away
    Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(r1.access), nullptr, countFree, nullptr);
    Platform_RunCallbacks();
    CHECK(Platform_Client_IsAuthenticated(&cl.c));

    // revoke: whole grant, session closed with UnexpectedClose/4004
    SimpleRes rv;
    size_t before = cl.status.events.size();
    Platform_Client_RevokeToken(&cl.c, g_app, P(r1.refresh), simpleCb, countFree, &rv);
    step(20);
    CHECK(rv.r.ok);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Disconnected);
    CHECK_EQ(cl.status.events.size(), before + 1);
    if (cl.status.events.size() == before + 1) {
        CHECK_EQ(std::get<1>(cl.status.events.back()), (int)Platform_Client_Error_UnexpectedClose);
        CHECK_EQ(std::get<2>(cl.status.events.back()), 4004);
    }
    CHECK(!Platform_Client_IsAuthenticated(&cl.c));
    // handles: user exists, client alive
    CHECK_EQ(Platform_UserHandle_Id(&h), g_alice);
    CHECK_EQ((int)Platform_UserHandle_Status(&h), (int)Platform_StatusType_Offline);
    // revoke unknown token -> success (RFC 7009)
    SimpleRes rv2;
    Platform_Client_RevokeToken(&cl.c, g_app, P(std::string("nonsense-token")), simpleCb, countFree, &rv2);
    step(20); CHECK(rv2.r.ok);

    // Connect with revoked token -> Connecting -> Disconnected ConnectionFailed 4004
    before = cl.status.events.size();
    Platform_Client_Connect(&cl.c);
    step(20);
    CHECK_EQ(cl.status.events.size(), before + 2);
    if (cl.status.events.size() == before + 2) {
        CHECK_EQ(std::get<0>(cl.status.events.back()), 0);
        CHECK_EQ(std::get<1>(cl.status.events.back()), (int)Platform_Client_Error_ConnectionFailed);
        CHECK_EQ(std::get<2>(cl.status.events.back()), 4004);
    }

    // logs: filtered tokens, Bearer [filtered], debug warning first
    settleLogs();
    {
        std::lock_guard lk(cl.logs.mu);
        CHECK(!cl.logs.lines.empty());
        if (!cl.logs.lines.empty()) {
            CHECK(cl.logs.lines[0].first.find("debug build") != std::string::npos);
            CHECK_EQ(cl.logs.lines[0].second, 3);
        }
        bool sawFiltered = false, leaked = false;
        for (auto &[line, sev] : cl.logs.lines) {
            if (line.find("Bearer [filtered]") != std::string::npos) sawFiltered = true;
            for (auto &tok : {t.access, t.refresh, r1.access, r1.refresh})
                if (line.find(tok) != std::string::npos) leaked = true;
            if (line.find("psim_at_") != std::string::npos || line.find("psim_rt_") != std::string::npos) leaked = true;
        }
        CHECK(sawFiltered); CHECK(!leaked);
        CHECK(cl.logs.lastThread != std::this_thread::get_id());
    }
    Platform_UserHandle_Drop(&h);
    // handle after client drop -> defaults
    Platform_Client_Drop(&cl.c);
    CHECK_EQ(Platform_UserHandle_Id(&h2), uint64_t(0));
    Platform_UserHandle_Username(&h2, &s); CHECK_EQ(S(s), std::string(""));
    Platform_UserHandle_Drop(&h2);
}
