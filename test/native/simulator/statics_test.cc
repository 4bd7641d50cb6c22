// Statics: the functions callable without a client. Checks the default scope strings, the version
// triple (1.10.19337; PLATFORM_SIM_REPORT_VERSION's parser, compiled in here again like clock.cc)
// and "simulator-" hash the addon reports, the enum -> string tables (unknown values map to
// "Unknown" rather than crashing), the control-ABI version, and that Platform_Alloc(0) returns a
// freeable non-NULL pointer while Platform_Free(NULL) is a no-op.
#include "harness.h"
#include "reported_version.h"

namespace {

bool parsesAs(const char *text, int32_t major, int32_t minor, int32_t patch) {
    const std::optional<psim::SdkVersion> v = psim::parseReportedVersion(text);
    return v && v->major == major && v->minor == minor && v->patch == patch;
}

}  // namespace

void testStatics() {
    Platform_String s;
    Platform_Client_GetDefaultCommunicationScopes(&s); CHECK_EQ(S(s), std::string("openid sdk.social_layer"));
    Platform_Client_GetDefaultPresenceScopes(&s); CHECK_EQ(S(s), std::string("openid sdk.social_layer_presence"));
    CHECK_EQ(Platform_Client_GetVersionMajor(), 1); CHECK_EQ(Platform_Client_GetVersionMinor(), 10); CHECK_EQ(Platform_Client_GetVersionPatch(), 19337);
    CHECK(parsesAs("2.0.0", 2, 0, 0)); CHECK(parsesAs("1.11.20500", 1, 11, 20500)); CHECK(parsesAs("999999999.0.7", 999999999, 0, 7));
    for (const char *bad : {"", "2", "2.0", "2.0.0.0", "2.0.", ".2.0", "-1.0.0", "+1.0.0", " 1.0.0", "1.0.0 ", "1.x.0",
                            "1..0", "1000000000.0.0", "1.10.19337-beta"}) {
        CHECK(!psim::parseReportedVersion(bad));
    }
    Platform_Client_GetVersionHash(&s); CHECK(S(s).rfind("simulator-", 0) == 0);
    Platform_Client_StatusToString(Platform_Client_Status_Ready, &s); CHECK_EQ(S(s), std::string("Ready"));
    Platform_Client_ErrorToString(Platform_Client_Error_UnexpectedClose, &s); CHECK_EQ(S(s), std::string("UnexpectedClose"));
    Platform_Client_ThreadToString(Platform_Client_Thread_Network, &s); CHECK_EQ(S(s), std::string("Network"));
    Platform_Client_StatusToString((Platform_Client_Status)12345, &s); CHECK_EQ(S(s), std::string("Unknown"));
    CHECK_EQ(PlatformSim_AbiVersion(), PLATFORM_SIM_ABI_VERSION); CHECK_EQ(PlatformSim_AbiVersion(), 11);
    void *p = Platform_Alloc(0); CHECK(p != nullptr); Platform_Free(p); Platform_Free(nullptr);
    // An empty block may be shared (one that Platform_Free ignores): each can still be freed, and
    // an empty map whose keys and values are the same block frees cleanly.
    void *e1 = Platform_Alloc(0); void *e2 = Platform_Alloc(0); CHECK(e1 != nullptr); CHECK(e2 != nullptr);
    Platform_Free(e1); Platform_Free(e2);
    void *e3 = Platform_Alloc(0);
    Platform_FreeProperties(Platform_Properties{0, static_cast<Platform_String *>(e3), static_cast<Platform_String *>(e3)});
    void *after = Platform_Alloc(0); CHECK(after != nullptr); Platform_Free(after);
}
