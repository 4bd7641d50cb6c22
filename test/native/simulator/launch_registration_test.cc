// Launch registration (RegisterLaunchCommand / RegisterLaunchSteamApplication) and
// IsPlatformAppInstalled. Run by testPresence.
#include "presence_harness.h"

namespace presence {

// ---- 8. launch registration, IsPlatformAppInstalled -------------------------------------------------

void launchAndInstalled(uint64_t app, uint64_t alice) {
    PClient a(app, alice, false);
    Platform_String s;
    uint32_t steam = 7;
    CHECK(!PlatformSim_GetLaunchRegistration(app, &s, &steam));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(!Platform_Client_RegisterLaunchCommand(&a.c, 0, P(std::string("game.exe"))));
    CHECK(!Platform_Client_RegisterLaunchCommand(&a.c, app, P(std::string(""))));
    CHECK(!PlatformSim_GetLaunchRegistration(app, &s, &steam));
    const std::string cmd = "\"C:\\Games\\Game\\game.exe\" --from-platform";
    CHECK(Platform_Client_RegisterLaunchCommand(&a.c, app, P(cmd)));
    CHECK(PlatformSim_GetLaunchRegistration(app, &s, &steam));
    CHECK_EQ(S(s), cmd);
    CHECK_EQ(steam, uint32_t(0));
    CHECK(!Platform_Client_RegisterLaunchSteamApplication(&a.c, app, 0));
    CHECK(!Platform_Client_RegisterLaunchSteamApplication(&a.c, 0, 480));
    CHECK(Platform_Client_RegisterLaunchSteamApplication(&a.c, app, 480));
    CHECK(PlatformSim_GetLaunchRegistration(app, &s, &steam));
    CHECK_EQ(S(s), std::string(""));  // the latest registration replaces the command
    CHECK_EQ(steam, uint32_t(480));
    CHECK(PlatformSim_GetLaunchRegistration(app, nullptr, nullptr));
    CHECK(!PlatformSim_GetLaunchRegistration(app + 1, nullptr, nullptr));
    Platform_Client z{};
    CHECK(!Platform_Client_RegisterLaunchCommand(&z, app, P(cmd)));
    CHECK(!Platform_Client_RegisterLaunchSteamApplication(&z, app, 480));
    // IsPlatformAppInstalled: answered at the next RunCallbacks.
    struct Inst { int calls = 0; bool value = false; };
    auto instCb = [](bool installed, void *ud) { auto *i = (Inst *)ud; ++i->calls; i->value = installed; };
    Inst in;
    Platform_Client_IsPlatformAppInstalled(&a.c, instCb, countFree, &in);
    CHECK_EQ(in.calls, 0);
    const int freedBefore = g_freed.load();
    Platform_RunCallbacks();
    CHECK(in.calls == 1 && in.value);
    CHECK_EQ(g_freed.load(), freedBefore + 1);
    PlatformSim_SetPlatformAppInstalled(false);
    Inst in2;
    Platform_Client_IsPlatformAppInstalled(&a.c, instCb, countFree, &in2);
    Platform_RunCallbacks();
    CHECK(in2.calls == 1 && !in2.value);
    PlatformSim_SetPlatformAppInstalled(true);
    Inst in3;
    Platform_Client_IsPlatformAppInstalled(&z, instCb, countFree, &in3);  // no client: still answered
    Platform_RunCallbacks();
    CHECK(in3.calls == 1 && in3.value);
    // Dropped before the answer: released without a call.
    Platform_Client raw{};
    Platform_Client_Init(&raw);
    Inst in4;
    Platform_Client_IsPlatformAppInstalled(&raw, instCb, countFree, &in4);
    const int freed4 = g_freed.load();
    Platform_Client_Drop(&raw);
    Platform_RunCallbacks();
    CHECK_EQ(in4.calls, 0);
    CHECK_EQ(g_freed.load(), freed4 + 1);
    Platform_Client_IsPlatformAppInstalled(&a.c, nullptr, nullptr, nullptr);  // NULL fn: nothing to call
    Platform_RunCallbacks();

    // GetPlatformClientConnectedUser: the desktop client's user, over the local transport.
    struct Conn { int calls = 0; Res r; uint64_t user = 0; bool null = false; std::string name; };
    auto connCb = [](Platform_ClientResult *r, Platform_UserHandle *u, void *ud) {
        auto *c = (Conn *)ud;
        ++c->calls;
        c->r = R(r);
        c->null = u == nullptr;
        if (u != nullptr) {
            Platform_UserHandle owned = *u;  // adopted
            c->user = Platform_UserHandle_Id(&owned);
            Platform_String n;
            Platform_UserHandle_Username(&owned, &n);
            c->name = S(n);
            Platform_UserHandle_Drop(&owned);
        }
    };
    Conn none;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &none);
    CHECK_EQ(none.calls, 0);
    Platform_RunCallbacks();
    CHECK(none.calls == 1 && none.r.ok && none.null);
    CHECK(PlatformSim_SetUserStatus(alice, Platform_StatusType_Idle));
    Conn signedIn;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &signedIn);
    Platform_RunCallbacks();
    CHECK(signedIn.calls == 1 && signedIn.r.ok && !signedIn.null);
    CHECK_EQ(signedIn.user, alice);
    CHECK_EQ(signedIn.name, std::string("alice"));
    Conn zeroApp;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, 0, connCb, countFree, &zeroApp);
    Platform_RunCallbacks();
    CHECK(zeroApp.calls == 1 && zeroApp.r.type == Platform_ErrorType_ValidationError);
    PlatformSim_SetPlatformAppInstalled(false);
    Conn missing;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &missing);
    Platform_RunCallbacks();
    CHECK(missing.calls == 1 && missing.r.type == Platform_ErrorType_RPCError && missing.null);
    PlatformSim_SetPlatformAppInstalled(true);
    CHECK(PlatformSim_SetUserStatus(alice, Platform_StatusType_Offline));
    Conn closed;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &closed);
    Platform_RunCallbacks();
    CHECK(closed.calls == 1 && closed.r.ok && closed.null);

    // OpenConnectedGamesSettingsInPlatform: a local RPC that needs a session and the desktop client.
    struct Open { int calls = 0; Res r; };
    auto openCb = [](Platform_ClientResult *r, void *ud) { auto *o = (Open *)ud; ++o->calls; o->r = R(r); };
    Open notReady;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&a.c, openCb, countFree, &notReady);
    CHECK_EQ(notReady.calls, 0);
    Platform_RunCallbacks();
    CHECK(notReady.calls == 1 && notReady.r.type == Platform_ErrorType_ClientNotReady);
    PClient ready(app, alice);
    Open opened;
    const int freedOpen = g_freed.load();
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&ready.c, openCb, countFree, &opened);
    Platform_RunCallbacks();
    CHECK(opened.calls == 1 && opened.r.ok);
    CHECK_EQ(g_freed.load(), freedOpen + 1);
    PlatformSim_SetPlatformAppInstalled(false);
    Open noDesktop;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&ready.c, openCb, countFree, &noDesktop);
    Platform_RunCallbacks();
    CHECK(noDesktop.calls == 1 && noDesktop.r.type == Platform_ErrorType_RPCError);
    PlatformSim_SetPlatformAppInstalled(true);
    Open noClient;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&z, openCb, countFree, &noClient);  // no client: an error, once
    Platform_RunCallbacks();
    CHECK(noClient.calls == 1 && noClient.r.type == Platform_ErrorType_ClientDestroyed);
}

}  // namespace presence
