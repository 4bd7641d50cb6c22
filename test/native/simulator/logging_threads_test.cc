// Logging and threads. Checks the log file written by SetLogDir (token filter on and off, the
// debug-build warning), release-flavour severity filtering, re-entrancy (SDK calls and nested
// RunCallbacks from inside a status callback), concurrent RunCallbacks pumps with requests and
// logging from other threads, client create/drop racing the log thread, dropping a client from
// its own log callback without deadlock, device provisional merge, and injected Connect failure.
#include "harness.h"
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

static void logDirAndFilter(const fs::path &dir) {
    Client cl(g_app);
    CHECK(Platform_Client_SetLogDir(&cl.c, P(dir.string()), Platform_LoggingSeverity_Verbose));
    Platform_String at, rt;
    CHECK(PlatformSim_IssueToken(g_bob, g_app, P(std::string("")), &at, &rt, nullptr));
    std::string access = S(at), refresh = S(rt);
    PlatformSim_EmitLog(P("custom line with " + access + " and Bearer abc.def"), Platform_LoggingSeverity_Error);
    PlatformSim_SetLogTokenFilter(false);
    PlatformSim_EmitLog(P("unfiltered " + refresh), Platform_LoggingSeverity_Error);
    PlatformSim_SetLogTokenFilter(true);
    settleLogs();
    std::ifstream f(dir / "platform_sdk.log");
    std::stringstream ss; ss << f.rdbuf();
    std::string content = ss.str();
    CHECK(content.find("custom line with [filtered] and Bearer [filtered]") != std::string::npos);
    CHECK(content.find("unfiltered " + refresh) != std::string::npos);
    CHECK(content.find("[Warning] This is a debug build") != std::string::npos);
    // release flavour: no Info/Verbose
    PlatformSim_SetDebugBuild(false);
    Client c2(g_app);
    PlatformSim_EmitLog(P(std::string("info-line")), Platform_LoggingSeverity_Info);
    PlatformSim_EmitLog(P(std::string("warn-line")), Platform_LoggingSeverity_Warning);
    settleLogs();
    {
        std::lock_guard lk(c2.logs.mu);
        bool info = false, warn = false, dbg = false;
        for (auto &[l, sv] : c2.logs.lines) { info |= l == "info-line"; warn |= l == "warn-line"; dbg |= l.find("debug build") != std::string::npos; }
        CHECK(!info); CHECK(warn); CHECK(!dbg);
    }
    PlatformSim_SetDebugBuild(true);
}

// The user's log folder is never locked while a client lives (Windows would refuse to delete a
// folder holding an open file): the folder, here with a space and non-ASCII letters in its name
// (passed as UTF-8, as the C ABI takes every string), can be deleted between two lines.
static void logFolderNotLocked() {
    const std::u8string leaf = u8"platform-sim-Zo\u00eb \u00c5lund-" +
        [] { auto n = std::to_string(std::chrono::system_clock::now().time_since_epoch().count()); return std::u8string(n.begin(), n.end()); }();
    const fs::path dir = fs::temp_directory_path() / leaf;
    const std::u8string utf8 = dir.u8string();
    Client cl(g_app);
    CHECK(Platform_Client_SetLogDir(&cl.c, P(std::string(utf8.begin(), utf8.end())), Platform_LoggingSeverity_Warning));
    PlatformSim_EmitLog(P(std::string("first-line")), Platform_LoggingSeverity_Error);
    settleLogs();
    {
        std::ifstream f(dir / "platform_sdk.log");
        std::stringstream ss; ss << f.rdbuf();
        CHECK(ss.str().find("first-line") != std::string::npos);
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    CHECK(!ec);
    CHECK(!fs::exists(dir, ec));
    // A folder created again (log rotation) receives the next lines.
    fs::create_directories(dir, ec);
    PlatformSim_EmitLog(P(std::string("after-rotation")), Platform_LoggingSeverity_Error);
    settleLogs();
    {
        std::ifstream f(dir / "platform_sdk.log");
        std::stringstream ss; ss << f.rdbuf();
        CHECK(ss.str().find("after-rotation") != std::string::npos);
        CHECK(ss.str().find("first-line") == std::string::npos);
    }
    fs::remove_all(dir, ec);
    CHECK(!ec);
}

void testLogDirAndFilter() {
    // A fresh directory per run, so concurrent runs of this program do not share a log file.
    fs::path dir = fs::temp_directory_path() /
        ("platform-sim-abi-logs-" + std::to_string(std::chrono::system_clock::now().time_since_epoch().count()));
    std::error_code ec;
    fs::remove_all(dir, ec);
    logDirAndFilter(dir);  // both clients are dropped (log file closed) when this returns
    fs::remove_all(dir, ec);
    CHECK(!ec);
    logFolderNotLocked();
}

void testReentrancyAndThreads() {
    // status callback calling back into the SDK
    struct Ctx { Platform_Client *c; bool sawUser = false; } ctx;
    Client cl(g_app);
    ctx.c = &cl.c;
    Platform_Client_SetStatusChangedCallback(&cl.c, [](Platform_Client_Status s, Platform_Client_Error, int32_t, void *ud) {
        auto *x = (Ctx *)ud;
        if (s == Platform_Client_Status_Ready) {
            Platform_UserHandle h{};
            if (Platform_Client_GetCurrentUserV2(x->c, &h)) { x->sawUser = Platform_UserHandle_Id(&h) != 0; Platform_UserHandle_Drop(&h); }
            Platform_RunCallbacks();  // nested: no-op
        }
    }, countFree, &ctx);
    std::string access = connectWithIssuedToken(&cl.c, g_bob);
    CHECK(ctx.sawUser);
    // concurrent pumps and requests
    std::atomic<bool> stop{false};
    std::atomic<int> done{0};
    std::thread pumps[2];
    for (auto &t : pumps) t = std::thread([&] { while (!stop) { Platform_RunCallbacks(); std::this_thread::yield(); } });
    std::thread req([&] {
        for (int i = 0; i < 300; ++i) {
            Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(access),
                [](Platform_ClientResult *r, void *ud) { Platform_ClientResult_Drop(r); ++*(std::atomic<int> *)ud; }, nullptr, &done);
            PlatformSim_EmitLog(P(std::string("spam")), Platform_LoggingSeverity_Warning);
        }
    });
    req.join();
    for (int i = 0; i < 100 && done < 300; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stop = true;
    for (auto &t : pumps) t.join();
    CHECK_EQ(done.load(), 300);
    // create/drop clients while logging from another thread
    std::thread spam([&] { for (int i = 0; i < 2000; ++i) PlatformSim_EmitLog(P(std::string("x")), Platform_LoggingSeverity_Error); });
    for (int i = 0; i < 50; ++i) { Client tmp(g_app); }
    spam.join();
}

void testMoreFlows() {
    Client cl(g_app);
    TokenRes p;
    Platform_Client_GetProvisionalToken(&cl.c, g_app, Platform_AuthenticationExternalAuthType_OIDC, P(std::string("oidc-id-token-1")), tokenCb, countFree, &p);
    step(20); CHECK(p.r.ok); CHECK_EQ(p.expiresIn, 3600);
    Platform_DeviceAuthorizationArgs d{}; Platform_DeviceAuthorizationArgs_Init(&d);
    Platform_DeviceAuthorizationArgs_SetScopes(&d, P(std::string("openid sdk.social_layer")));
    TokenRes dm;
    Platform_Client_GetTokenFromDeviceProvisionalMerge(&cl.c, &d, Platform_AuthenticationExternalAuthType_OIDC, P(std::string("oidc-id-token-1")), tokenCb, countFree, &dm);
    step(1000); CHECK(!dm.called);  // waits for consent
    PlatformSim_SetConsent(PlatformSim_Consent_Approve, g_bob);
    step(20); CHECK(dm.r.ok); CHECK(!dm.refresh.empty());
    Platform_DeviceAuthorizationArgs_Drop(&d);
    TokenRes p2;
    Platform_Client_GetProvisionalToken(&cl.c, g_app, Platform_AuthenticationExternalAuthType_OIDC, P(std::string("oidc-id-token-1")), tokenCb, countFree, &p2);
    step(20); CHECK(p2.r.ok); CHECK_EQ(p2.expiresIn, 604800);
    // injected gateway failure
    Platform_Client_UpdateToken(&cl.c, Platform_AuthorizationTokenType_Bearer, P(p2.access), nullptr, nullptr, nullptr);
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_Connect")), 503, 0, 0));
    size_t before = cl.status.events.size();
    Platform_Client_Connect(&cl.c);
    step(20);
    CHECK_EQ(cl.status.events.size(), before + 2);
    if (cl.status.events.size() == before + 2) CHECK_EQ(std::get<2>(cl.status.events.back()), 503);
    // then a normal connect works and GetUser sees the current user only
    Platform_Client_Connect(&cl.c);
    step(20); step(20);
    Platform_UserHandle h{};
    CHECK(Platform_Client_GetUser(&cl.c, g_bob, &h)); Platform_UserHandle_Drop(&h);
    CHECK(!Platform_Client_GetUser(&cl.c, g_alice, &h));
    // Drop from inside a log callback of the same client must not deadlock
    static Platform_Client victim{};
    Platform_Client_Init(&victim);
    static std::atomic<bool> dropped{false};
    Platform_Client_AddLogCallback(&victim, [](Platform_String m, Platform_LoggingSeverity, void *) {
        Platform_Free(m.ptr);
        if (!dropped.exchange(true)) Platform_Client_Drop(&victim);
    }, countFree, nullptr, Platform_LoggingSeverity_Verbose);
    PlatformSim_EmitLog(P(std::string("trigger")), Platform_LoggingSeverity_Error);
    for (int i = 0; i < 100 && !dropped; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(dropped.load());
}
