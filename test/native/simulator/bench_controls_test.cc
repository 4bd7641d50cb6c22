// The benchmark floods of the control ABI: counts, delivery to every member's client, errors.
#include "chat_harness.h"

void testBenchControls() {
    const uint64_t app = freshChatWorld();
    const uint64_t alice = newUser("alice"), bob = newUser("bob"), carol = newUser("carol");
    Player a(app, alice), b(app, bob);
    const uint64_t lobby = joinLobby(a, "flood").id;
    CHECK(lobby != 0);
    CHECK(joinLobby(b, "flood").id == lobby);
    step(20);
    a.clear(); b.clear();

    // Member updates: `count` to each of the two members' clients.
    CHECK_EQ(PlatformSim_BenchFloodMemberUpdates(lobby, bob, 1000), int64_t(2000));
    step(0);
    CHECK_EQ(a.count("MemberUpdated", lobby, bob), 1000);
    CHECK_EQ(b.count("MemberUpdated", lobby, bob), 1000);
    CHECK_EQ(PlatformSim_BenchFloodMemberUpdates(lobby, bob, 0), int64_t(0));
    CHECK_EQ(PlatformSim_BenchFloodMemberUpdates(lobby, carol, 1), int64_t(-1));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK_EQ(PlatformSim_BenchFloodMemberUpdates(424242, bob, 1), int64_t(-1));
    CHECK_EQ(PlatformSim_BenchFloodMemberUpdates(lobby, bob, -1), int64_t(-1));
    CHECK(lastError().rfind("400:", 0) == 0);

    // Lobby messages: every one a real message, delivered to both members.
    a.clear(); b.clear();
    const std::string text = "flood";
    CHECK_EQ(PlatformSim_BenchFloodLobbyMessages(bob, lobby, 300, P(text)), int64_t(300));
    step(20);
    CHECK_EQ(a.count("MessageCreated"), 300);
    CHECK_EQ(b.count("MessageCreated"), 300);
    const std::vector<uint64_t> ids = a.ids("MessageCreated");
    CHECK(ids.size() == 300 && ids.front() < ids.back());
    CHECK_EQ(PlatformSim_BenchFloodLobbyMessages(carol, lobby, 1, P(text)), int64_t(-1));
    const std::string empty;
    CHECK_EQ(PlatformSim_BenchFloodLobbyMessages(bob, lobby, 1, P(empty)), int64_t(-1));  // content rules apply
    CHECK(lastError().rfind("400:", 0) == 0);

    // A flood recycles the messages leaving the clients' caches (messages.cc, spare messages) only
    // when nothing else owns them: history handles taken before the flood still read their own
    // messages after it, while the flood's messages reuse the others' memory.
    for (int i = 0; i < 30; ++i) CHECK(sendLobby(b, lobby, numbered("kept ", i)).r.ok);
    step(20);
    MsgList kept;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, lobby, 30, msgListCb, countFree, &kept);
    step(20);
    CHECK(kept.r.ok);
    CHECK_EQ(kept.handles.size(), size_t(30));
    CHECK_EQ(PlatformSim_BenchFloodLobbyMessages(bob, lobby, 1000, P(text)), int64_t(1000));
    step(20);
    CHECK_EQ(PlatformSim_BenchFloodLobbyMessages(bob, lobby, 1000, P(text)), int64_t(1000));
    step(20);
    for (size_t i = 0; i < kept.handles.size(); ++i) {
        const MsgInfo m = readMsg(&kept.handles[i]);
        CHECK_EQ(m.id, kept.msgs[i].id);
        CHECK_EQ(m.content, numbered("kept ", 29 - i));  // newest first
        CHECK_EQ(m.author, bob);
    }
}
