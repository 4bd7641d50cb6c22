// World fixtures at the C ABI: save → load keeps every id and the lobby's members, metadata and
// messages; a loaded world's ids stay below the ids made after it; a bad document (malformed
// JSON, an unknown reference, a wrong version, deep nesting) is refused with "400: …" naming the
// field and changes nothing; grants are saved by token digest only; the view carries no lobby
// secret and no token.
#include "chat_harness.h"
#include "harness.h"

namespace {
std::string save() {
    Platform_String s{};
    CHECK(PlatformSim_WorldSave(&s));
    return S(s);
}
}  // namespace

void testFixtures() {
    const uint64_t app = freshChatWorld();
    const uint64_t dave = newUser("dave"), erin = newUser("erin");
    const uint64_t lobby = PlatformSim_BackendCreateLobby(app, P(std::string("")), Platform_Properties{0, nullptr, nullptr});
    CHECK(lobby != 0 && setMember(lobby, dave, nullptr, -1) && setMember(lobby, erin, nullptr, -1));
    CHECK(PlatformSim_BackendSendLobbyMessage(dave, lobby, P(std::string("kept \"quoted\" \xc3\xa9")), nullptr) != 0);
    CHECK(PlatformSim_Befriend(dave, erin, false, 0));
    Platform_String token{}, refresh{};
    CHECK(PlatformSim_IssueToken(dave, app, P(std::string("openid")), &token, &refresh, nullptr));
    const std::string access = S(token), refreshToken = S(refresh);

    const std::string doc = save();
    CHECK(doc.find("\"format\":\"platform-social-sdk/world\"") != std::string::npos);
    CHECK(doc.find(std::to_string(lobby)) != std::string::npos);
    CHECK(doc.find("kept \\\"quoted\\\" \xc3\xa9") != std::string::npos);
    CHECK(doc.find(access) == std::string::npos && doc.find(refreshToken) == std::string::npos);

    CHECK(PlatformSim_WorldLoad(P(doc)));
    const std::string again = save();
    // Same world (savedAt aside).
    CHECK_EQ(again.substr(again.find("\"users\"")), doc.substr(doc.find("\"users\"")));
    CHECK(PlatformSim_LobbyExists(lobby));
    const uint64_t fresh = newUser("frank");
    CHECK(fresh > lobby && fresh > erin);

    // Refused documents change nothing.
    const std::string before = save();
    const std::string bad[] = {
        "", "{", "[]", "{\"format\":\"platform-social-sdk/world\",\"version\":2,\"users\":[],\"applications\":[]}",
        "{\"format\":\"platform-social-sdk/world\",\"version\":1,\"users\":[],\"applications\":[],\"lobbies\":[{\"id\":\"5\",\"applicationId\":\"9\"}]}",
        "{\"format\":\"platform-social-sdk/world\",\"version\":1,\"users\":[{\"id\":\"0\",\"username\":\"x\"}],\"applications\":[]}",
        "{\"format\":\"platform-social-sdk/world\",\"version\":1,\"users\":[{\"id\":\"7\",\"username\":\"x\"},{\"id\":\"7\",\"username\":\"y\"}],\"applications\":[]}",
        std::string(5000, '[') + std::string(5000, ']'),
        "{\"a\":\"\\ud800\"}", "{\"a\":\"\xff\"}",
        // A key the format does not define would be lost: refused.
        "{\"format\":\"platform-social-sdk/world\",\"version\":1,\"users\":[{\"id\":\"7\",\"username\":\"x\",\"nick\":\"y\"}],\"applications\":[]}",
    };
    for (const auto &text : bad) {
        CHECK(!PlatformSim_WorldLoad(P(text)));
        CHECK(lastError().rfind("400: ", 0) == 0);
    }
    CHECK(!PlatformSim_WorldLoad(P(bad[4])));
    CHECK(lastError().find("lobbies[0].applicationId") != std::string::npos);
    const std::string after = save();
    CHECK_EQ(after.substr(after.find("\"users\"")), before.substr(before.find("\"users\"")));

    // Grants (opt-in) carry token digests only, and survive a load → save round trip. (The load
    // above, without grants, forgot the earlier token.)
    CHECK(PlatformSim_IssueToken(dave, app, P(std::string("openid")), &token, &refresh, nullptr));
    const std::string access2 = S(token), refresh2 = S(refresh);
    Platform_String withGrants{};
    CHECK(PlatformSim_WorldSaveWithGrants(&withGrants));
    const std::string g = S(withGrants);
    CHECK(g.find("\"accessTokenSha256\"") != std::string::npos && g.find("\"refreshTokenSha256\"") != std::string::npos);
    CHECK(g.find(access2.substr(access2.size() - 12)) == std::string::npos && g.find(refresh2.substr(refresh2.size() - 12)) == std::string::npos);
    CHECK(save().find("\"grants\"") == std::string::npos);
    CHECK(PlatformSim_WorldLoad(P(g)));
    Platform_String again2{};
    CHECK(PlatformSim_WorldSaveWithGrants(&again2));
    const std::string g2 = S(again2);
    CHECK_EQ(g2.substr(g2.find("\"users\"")), g.substr(g.find("\"users\"")));

    Platform_String view{};
    CHECK(PlatformSim_WorldView(&view));
    const std::string v = S(view);
    CHECK(v.find("\"secret\"") == std::string::npos && v.find(access) == std::string::npos);
    CHECK(v.find("\"clients\"") != std::string::npos && v.find("\"pendingAuthorizations\"") != std::string::npos);
}
