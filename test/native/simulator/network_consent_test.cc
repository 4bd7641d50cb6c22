// Simulated network and consent. Network: per-client HTTP timeout (0 restores the default),
// offline -> retryable NetworkError, injected failures (429 with Retry-After, 500 with an error
// code, "*" wildcard, 2xx refused with PlatformSim_LastError), and the connection state machine
// across offline periods (Connecting / Reconnecting / Ready, Disconnect). Consent: deny, the
// 5-minute authorization timeout, custom schemes, one authorize at a time, abort, validation,
// device flow and its abort, the device screen and authorize-request callbacks.
#include "harness.h"

void testNetwork() {
    Client cl(g_app);
    // timeout
    PlatformSim_NetworkSetLatency(500);
    Platform_Client_SetHttpRequestTimeout(&cl.c, 100);
    TokenRes t;
    Platform_Client_RefreshToken(&cl.c, g_app, P(std::string("x")), tokenCb, countFree, &t);
    step(99); CHECK(!t.called);
    step(1); CHECK(t.called);
    CHECK_EQ(t.r.type, (int)Platform_ErrorType_NetworkError); CHECK_EQ(t.r.error, std::string("request timed out"));
    CHECK(t.r.retryable); CHECK_EQ(t.r.status, 0);
    Platform_Client_SetHttpRequestTimeout(&cl.c, 0);  // default 30000
    TokenRes t2;
    Platform_Client_RefreshToken(&cl.c, g_app, P(std::string("x")), tokenCb, countFree, &t2);
    step(499); CHECK(!t2.called); step(1); CHECK(t2.called); CHECK_EQ(t2.r.error, std::string("invalid_grant"));
    PlatformSim_NetworkSetLatency(20);
    // offline
    PlatformSim_NetworkSetOnline(false);
    CHECK(!PlatformSim_NetworkIsOnline());
    TokenRes t3;
    Platform_Client_RefreshToken(&cl.c, g_app, P(std::string("x")), tokenCb, countFree, &t3);
    step(20);
    CHECK_EQ(t3.r.type, (int)Platform_ErrorType_NetworkError); CHECK(t3.r.retryable);
    PlatformSim_NetworkSetOnline(true);
    // fail next 429
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_RefreshToken")), 429, 1500, 0));
    TokenRes t4;
    Platform_Client_RefreshToken(&cl.c, g_app, P(std::string("x")), tokenCb, countFree, &t4);
    step(20);
    CHECK_EQ(t4.r.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(t4.r.status, 429); CHECK(t4.r.retryable);
    CHECK(t4.r.retryAfter > 1.49f && t4.r.retryAfter < 1.51f); CHECK_EQ(t4.r.error, std::string("rate limited"));
    CHECK(PlatformSim_NetworkFailNext(P(std::string("*")), 500, 0, 12345));
    TokenRes t5;
    Platform_Client_RefreshToken(&cl.c, g_app, P(std::string("x")), tokenCb, countFree, &t5);
    step(20);
    CHECK_EQ(t5.r.status, 500); CHECK_EQ(t5.r.code, 12345); CHECK_EQ(t5.r.error, std::string("internal server error"));
    CHECK(!PlatformSim_NetworkFailNext(P(std::string("*")), 200, 0, 0));
    Platform_String le; PlatformSim_LastError(&le); CHECK(!S(le).empty());

    // offline while connecting / ready
    uint64_t u = PlatformSim_CreateUser(P(std::string("carol")), P(std::string("")), false);
    Platform_String at, rt; int32_t exp = 0;
    CHECK(PlatformSim_IssueToken(u, g_app, P(std::string("")), &at, &rt, &exp));
    std::string access = S(at); S(rt); CHECK_EQ(exp, 604800);
    Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(access), nullptr, nullptr, nullptr);
    PlatformSim_NetworkSetOnline(false);
    Platform_Client_Connect(&cl.c);
    for (int i = 0; i < 10; ++i) step(100);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Connecting);
    PlatformSim_NetworkSetOnline(true);
    step(20); step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Ready);
    PlatformSim_NetworkSetOnline(false);
    Platform_RunCallbacks();
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Reconnecting);
    PlatformSim_NetworkSetOnline(true);
    step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Ready);
    Platform_Client_Disconnect(&cl.c);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Disconnecting);
    step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), (int)Platform_Client_Status_Disconnected);
    // connect without token
    Client c2(g_app);
    Platform_Client_Connect(&c2.c);
    Platform_RunCallbacks();
    CHECK_EQ(c2.status.events.size(), size_t(1));
    if (!c2.status.events.empty()) CHECK_EQ(std::get<1>(c2.status.events[0]), (int)Platform_Client_Error_ConnectionFailed);
}

void testConsentVariants() {
    Client cl(g_app);
    // deny
    PlatformSim_SetConsent(PlatformSim_Consent_Deny, 0);
    AuthRes &a = authorize(&cl.c, "");
    CHECK_EQ(a.r.type, (int)Platform_ErrorType_AuthorizationFailed); CHECK_EQ(a.r.error, std::string("access_denied"));
    // timeout
    PlatformSim_SetConsent(PlatformSim_Consent_Timeout, 0);
    a = authorize(&cl.c, "", 0);
    step(5 * 60 * 1000 - 1);
    CHECK(!a.called);
    step(1);
    CHECK(a.called); CHECK_EQ(a.r.type, (int)Platform_ErrorType_AuthorizationFailed);
    CHECK_EQ(a.r.error, std::string("authorization timed out"));
    // custom scheme + wait for consent
    Platform_AuthorizationArgs args{}; Platform_AuthorizationArgs_Init(&args);
    Platform_AuthorizationArgs_SetScopes(&args, P(std::string("openid  sdk.social_layer openid")));
    std::string scheme = "mygame"; Platform_String sch = P(scheme);
    Platform_AuthorizationArgs_SetCustomSchemeParam(&args, &sch);
    AuthRes w;
    Platform_Client_Authorize(&cl.c, &args, authCb, countFree, &w);
    AuthRes second;
    Platform_Client_Authorize(&cl.c, &args, authCb, countFree, &second);
    step(1000);
    CHECK(!w.called);
    CHECK(second.called); CHECK_EQ(second.r.type, (int)Platform_ErrorType_ValidationError);
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_bob);
    step(20);
    CHECK(w.called); CHECK(w.r.ok); CHECK_EQ(w.redirect, std::string("mygame:/authorize/callback"));
    // abort
    AuthRes ab;
    Platform_Client_Authorize(&cl.c, &args, authCb, countFree, &ab);
    Platform_Client_AbortAuthorize(&cl.c);
    Platform_RunCallbacks();
    CHECK(ab.called); CHECK_EQ(ab.r.type, (int)Platform_ErrorType_Aborted);
    // the consent is not consumed by the aborted one (it was removed from the waiting list)
    // validation: no scopes
    Platform_AuthorizationArgs empty{}; Platform_AuthorizationArgs_Init(&empty);
    AuthRes v;
    Platform_Client_Authorize(&cl.c, &empty, authCb, countFree, &v);
    Platform_RunCallbacks();
    CHECK_EQ(v.r.type, (int)Platform_ErrorType_ValidationError);
    Platform_AuthorizationArgs_Drop(&empty);
    Platform_AuthorizationArgs_Drop(&args);
    // device flow
    Platform_DeviceAuthorizationArgs d{}; Platform_DeviceAuthorizationArgs_Init(&d);
    Platform_DeviceAuthorizationArgs_SetScopes(&d, P(std::string("openid sdk.social_layer")));
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_bob);
    TokenRes dt;
    Platform_Client_GetTokenFromDevice(&cl.c, &d, tokenCb, countFree, &dt);
    step(20);
    CHECK(dt.r.ok); CHECK(!dt.refresh.empty());
    TokenRes dt2;
    Platform_Client_GetTokenFromDevice(&cl.c, &d, tokenCb, countFree, &dt2);
    Platform_Client_AbortGetTokenFromDevice(&cl.c);
    Platform_RunCallbacks();
    CHECK_EQ(dt2.r.type, (int)Platform_ErrorType_Aborted);
    Platform_DeviceAuthorizationArgs_Drop(&d);
    static int closed; closed = 0;
    Platform_Client_SetAuthorizeDeviceScreenClosedCallback(&cl.c, [](void *) { ++closed; }, countFree, nullptr);
    Platform_Client_CloseAuthorizeDeviceScreen(&cl.c); Platform_RunCallbacks(); CHECK_EQ(closed, 0);
    Platform_Client_OpenAuthorizeDeviceScreen(&cl.c, g_app, P(std::string("ABCD-EFGH")));
    Platform_Client_CloseAuthorizeDeviceScreen(&cl.c); Platform_RunCallbacks(); CHECK_EQ(closed, 1);
    // authorize request
    static int requests; requests = 0;
    Platform_Client_RegisterAuthorizeRequestCallback(&cl.c, [](void *) { ++requests; }, countFree, nullptr);
    CHECK_EQ(PlatformSim_RequestAuthorize(), 1);
    Platform_RunCallbacks(); CHECK_EQ(requests, 1);
    Platform_Client_RemoveAuthorizeRequestCallback(&cl.c);
    CHECK_EQ(PlatformSim_RequestAuthorize(), 0);
}
