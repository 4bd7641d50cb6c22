// Callback lifetime and robustness. Checks that every fn_free runs exactly once (replaced
// callbacks, pending ops completed with ClientDestroyed on Drop, ops on a dropped client, queued
// ops discarded by ResetCallbacks without being called, NULL fn / NULL fn_free), the live callback
// count returns to its baseline, and that zeroed / NULL / out-of-range arguments are tolerated
// (no crash, defaults returned). PlatformSim_Reset aborts pending work and closes sessions.
// The addon's close-in-flight and exit paths depend on these guarantees.
#include "harness.h"

void testDropAndCounts() {
    int64_t base = PlatformSim_LiveCallbackCount();
    int freedBefore = g_freed;
    {
        Platform_Client c{};
        Platform_Client_Init(&c);
        Platform_Client_SetApplicationId(&c, g_app);
        AuthRes a; TokenRes t; SimpleRes u;
        Platform_Client_SetStatusChangedCallback(&c, statusCb, countFree, nullptr);
        Platform_Client_SetStatusChangedCallback(&c, statusCb, countFree, nullptr);  // replaces: frees first
        CHECK_EQ(g_freed - freedBefore, 1);
        static LogSink sink;
        const int sinkReleased = sink.released.load();
        Platform_Client_AddLogCallback(&c, logCb, logSinkFree, &sink, Platform_LoggingSeverity_Info);
        Platform_Client_AddVoiceLogCallback(&c, logCb, logSinkFree, &sink, Platform_LoggingSeverity_Info);
        Platform_AuthorizationArgs args{}; Platform_AuthorizationArgs_Init(&args);
        Platform_AuthorizationArgs_SetScopes(&args, P(std::string("openid")));
        Platform_Client_Authorize(&c, &args, authCb, countFree, &a);  // waits for consent
        Platform_AuthorizationArgs_Drop(&args);
        Platform_Client_GetToken(&c, g_app, P(std::string("c")), P(std::string("v")), P(std::string("r")), tokenCb, countFree, &t);
        Platform_Client_UpdateToken(&c, Platform_AuthorizationTokenType_Bearer, P(std::string("tok")), simpleCb, countFree, &u);
        CHECK_EQ(PlatformSim_LiveCallbackCount(), base + 6);
        Platform_Client_Drop(&c);
        CHECK(a.called); CHECK_EQ(a.r.type, (int)Platform_ErrorType_ClientDestroyed);
        CHECK(t.called); CHECK_EQ(t.r.type, (int)Platform_ErrorType_ClientDestroyed);
        CHECK(u.called); CHECK_EQ(u.r.type, (int)Platform_ErrorType_ClientDestroyed);
        // The log triples go once no delivery holds them (Drop does not wait for one in flight).
        CHECK(sink.waitReleased(sinkReleased + 2));
        CHECK_EQ(PlatformSim_LiveCallbackCount(), base);
        Platform_Client_Drop(&c);  // double drop: no-op
        // ops on a dropped client: ClientDestroyed at next RunCallbacks
        SimpleRes late;
        Platform_Client_UpdateToken(&c, Platform_AuthorizationTokenType_Bearer, P(std::string("tok")), simpleCb, countFree, &late);
        CHECK(!late.called);
        Platform_RunCallbacks();
        CHECK(late.called); CHECK_EQ(late.r.type, (int)Platform_ErrorType_ClientDestroyed);
        CHECK_EQ(PlatformSim_LiveCallbackCount(), base);
    }
    // ResetCallbacks: drops queued ops, frees them without calling
    {
        Client cl(g_app);
        int64_t b2 = PlatformSim_LiveCallbackCount();
        SimpleRes u;
        Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(std::string("tok")), simpleCb, countFree, &u);
        CHECK_EQ(PlatformSim_LiveCallbackCount(), b2 + 1);
        Platform_ResetCallbacks();
        CHECK_EQ(PlatformSim_LiveCallbackCount(), b2);
        Platform_RunCallbacks();
        CHECK(!u.called);
    }
    // NULL fn with fn_free still freed; NULL fn_free tolerated
    {
        Client cl(g_app);
        int fb = g_freed;
        Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(std::string("tok")), nullptr, countFree, nullptr);
        Platform_RunCallbacks();
        CHECK_EQ(g_freed - fb, 1);
        SimpleRes u;
        Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(std::string("tok")), simpleCb, nullptr, &u);
        Platform_RunCallbacks();
        CHECK(u.called);
    }
}

void testRobustness() {
    Platform_Client z{};  // zeroed
    Platform_Client_Connect(&z); Platform_Client_Connect(nullptr);
    CHECK_EQ((int)Platform_Client_GetStatus(&z), 0);
    CHECK(!Platform_Client_IsAuthenticated(nullptr));
    CHECK_EQ(Platform_Client_GetApplicationId(&z), uint64_t(0));
    Platform_UserHandle hz{};
    CHECK_EQ(Platform_UserHandle_Id(&hz), uint64_t(0));
    Platform_String s;
    Platform_UserHandle_Username(&hz, &s); CHECK_EQ(S(s), std::string(""));
    Platform_UserHandle_AvatarUrl(&hz, (Platform_UserHandle_AvatarType)99, (Platform_UserHandle_AvatarType)-5, &s); S(s);
    Platform_UserHandle_Drop(&hz); Platform_UserHandle_Drop(nullptr);
    Platform_ClientResult rz{};
    CHECK_EQ((int)Platform_ClientResult_Type(&rz), 0); CHECK(!Platform_ClientResult_Successful(&rz));
    Platform_ClientResult_SetError(&rz, P(std::string("x")));
    Platform_ClientResult_ToString(&rz, &s); S(s);
    Platform_ClientResult_Drop(&rz); Platform_ClientResult_Drop(nullptr);
    Platform_AuthorizationArgs az{};
    Platform_AuthorizationArgs_SetScopes(&az, Platform_String{nullptr, 0});
    Platform_AuthorizationArgs_Scopes(&az, &s); CHECK_EQ(S(s), std::string(""));
    CHECK(!Platform_AuthorizationArgs_State(&az, &s));
    Platform_AuthorizationArgs_SetIntegrationType(&az, nullptr);
    Platform_AuthorizationArgs a2{}; Platform_AuthorizationArgs_Clone(&a2, &az); CHECK(a2.opaque == nullptr);
    Platform_AuthorizationArgs_Init(&a2);
    Platform_AuthorizationArgs_SetScopes(&a2, Platform_String{(uint8_t *)"abc", SIZE_MAX});  // huge length: rejected
    Platform_AuthorizationArgs_Scopes(&a2, &s); CHECK_EQ(S(s), std::string(""));
    Platform_IntegrationType it = (Platform_IntegrationType)77;
    Platform_AuthorizationArgs_SetIntegrationType(&a2, &it);
    Platform_IntegrationType it2{};
    CHECK(Platform_AuthorizationArgs_IntegrationType(&a2, &it2)); CHECK_EQ((int)it2, 77);
    std::string st = "state-1"; Platform_String sts = P(st);
    Platform_AuthorizationArgs_SetState(&a2, &sts);
    Platform_AuthorizationArgs a3{}; Platform_AuthorizationArgs_Clone(&a3, &a2);
    CHECK(Platform_AuthorizationArgs_State(&a3, &s)); CHECK_EQ(S(s), st);
    Platform_AuthorizationArgs_Drop(&a2); Platform_AuthorizationArgs_Drop(&a3); Platform_AuthorizationArgs_Drop(&a3);
    Platform_ClientCreateOptions o{}; Platform_ClientCreateOptions_Init(&o);
    Platform_ClientCreateOptions_ApiBase(&o, &s); CHECK_EQ(S(s), std::string("https://platform.example/api"));
    uint64_t mask = 3; Platform_ClientCreateOptions_SetCpuAffinityMask(&o, &mask);
    uint64_t m2 = 0; CHECK(Platform_ClientCreateOptions_CpuAffinityMask(&o, &m2)); CHECK_EQ(m2, uint64_t(3));
    Platform_ClientCreateOptions_SetApiBase(&o, P(std::string("https://api.test")));
    Platform_Client c{}; Platform_Client_InitWithOptions(&c, &o);
    Platform_ClientCreateOptions_Drop(&o);
    Platform_Client_SetStatusChangedCallback(&c, nullptr, countFree, nullptr);

    Platform_Client_Authorize(&c, nullptr, nullptr, nullptr, nullptr);
    Platform_Client_CreateAuthorizationCodeVerifier(&c, nullptr);
    Platform_Client_GetCurrentUser(&c, &hz); CHECK_EQ(Platform_UserHandle_Id(&hz), uint64_t(0)); Platform_UserHandle_Drop(&hz);
    CHECK(!Platform_Client_SetLogDir(&c, P(std::string("/proc/definitely/not/writable")), Platform_LoggingSeverity_Info));
    Platform_Client_Drop(&c);
    Platform_FreeProperties(Platform_Properties{0, nullptr, nullptr});
    PlatformSim_EmitLog(P(std::string("x")), (Platform_LoggingSeverity)99);
    CHECK(!PlatformSim_SetConsent((PlatformSim_Consent)7, 0));
    CHECK(!PlatformSim_SetConsent(PlatformSim_Consent_Approve, 12345));
}

void testReset() {
    Client cl(g_app);
    connectWithIssuedToken(&cl.c, g_bob);
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), 3);
    AuthRes a;
    Platform_AuthorizationArgs args{}; Platform_AuthorizationArgs_Init(&args);
    Platform_AuthorizationArgs_SetScopes(&args, P(std::string("openid")));
    Platform_Client_Authorize(&cl.c, &args, authCb, countFree, &a);
    Platform_AuthorizationArgs_Drop(&args);
    PlatformSim_Reset();
    Platform_RunCallbacks();
    CHECK_EQ((int)Platform_Client_GetStatus(&cl.c), 0);
    CHECK(!cl.status.events.empty() && std::get<1>(cl.status.events.back()) == (int)Platform_Client_Error_UnexpectedClose);
    CHECK(a.called); CHECK_EQ(a.r.type, (int)Platform_ErrorType_Aborted);
    CHECK(!PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_bob));  // users gone
    CHECK(PlatformSim_NetworkIsOnline());
}
