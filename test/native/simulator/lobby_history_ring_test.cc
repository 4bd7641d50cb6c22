// A channel's kept message ids (channel_ids.h ChannelIds: a vector with a start index instead of
// a std::set) and the messages a lobby forgets, reused for the next ones (messages.cc spares).
// The ring is checked directly past several compactions of its dead prefix (ids out of order, a
// duplicate, removals, emptied and refilled), and through the ABI: a lobby that forgot hundreds
// of messages still returns exactly its newest 200 in order, the moderation endpoint finds the
// oldest kept one and not the newest forgotten one, and a message built from a forgotten one
// (moderated, with metadata and long content) carries nothing of it. Message events queued in
// reused invocation nodes stay gateway events (held while Reconnecting).
#include <algorithm>
#include <vector>

#include "channel_ids.h"
#include "chat_harness.h"

namespace {

std::vector<uint64_t> ascending(const psim::ChannelIds &ids) { return {ids.begin(), ids.end()}; }
std::vector<uint64_t> descending(const psim::ChannelIds &ids) { return {ids.rbegin(), ids.rend()}; }

std::vector<uint64_t> range(uint64_t first, uint64_t last, uint64_t step = 1) {
    std::vector<uint64_t> out;
    for (uint64_t id = first; id <= last; id += step) out.push_back(id);
    return out;
}

void channelIdsRing() {
    psim::ChannelIds ids;
    CHECK(ids.empty());
    // As a full lobby: the newest in, the oldest out, far past the compaction threshold.
    for (uint64_t id = 10; id <= 10000; id += 10) {
        CHECK(ids.insert(id));
        if (ids.size() > 200) ids.popFront();
    }
    CHECK_EQ(ids.size(), size_t(200));
    CHECK_EQ(ids.front(), uint64_t(8010));
    CHECK(ascending(ids) == range(8010, 10000, 10));
    auto down = range(8010, 10000, 10);
    std::reverse(down.begin(), down.end());
    CHECK(descending(ids) == down);  // rend stops at the start: nothing of the dead prefix
    // Out of order, a duplicate and removals keep the ascending order of exactly what is there.
    CHECK(ids.insert(8015));
    CHECK(!ids.insert(9000));
    CHECK(!ids.insert(8015));
    CHECK_EQ(ids.erase(9000), size_t(1));
    CHECK_EQ(ids.erase(9000), size_t(0));
    CHECK_EQ(ids.erase(5), size_t(0));       // older than everything (already left)
    CHECK_EQ(ids.erase(8000), size_t(0));    // in the dead prefix: gone already
    CHECK_EQ(ids.erase(20000), size_t(0));   // newer than everything
    std::vector<uint64_t> expect{8010, 8015};
    for (uint64_t id = 8020; id <= 10000; id += 10) if (id != 9000) expect.push_back(id);
    CHECK(ascending(ids) == expect);
    CHECK_EQ(ids.size(), expect.size());
    ids.popFront();
    CHECK_EQ(ids.front(), uint64_t(8015));
    // Emptied by its front, then refilled from nothing.
    while (!ids.empty()) ids.popFront();
    CHECK_EQ(ids.size(), size_t(0));
    CHECK(ids.insert(7));
    CHECK(ids.insert(3));
    CHECK(ascending(ids) == (std::vector<uint64_t>{3, 7}));
    CHECK(descending(ids) == (std::vector<uint64_t>{7, 3}));
}

StrMap oneKey(const char *k, const char *v) { return StrMap{{k, v}}; }

void lobbyForgetsAndReuses(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    const uint64_t L = PlatformSim_BackendCreateLobby(app, P(std::string("")), Platform_Properties{0, nullptr, nullptr});
    CHECK(setMember(L, alice, nullptr, -1));
    CHECK(setMember(L, bob, nullptr, -1));
    step(20);
    // 450 messages with metadata and a long content (a content buffer a spare keeps).
    PropsView md(oneKey("old", "x"));
    PlatformSim_MessageOptions opts{};
    opts.metadata = md.get();
    const std::string longText(120, 'L');
    std::vector<uint64_t> ids;
    for (int i = 0; i < 450; ++i) ids.push_back(PlatformSim_BackendSendLobbyMessage(bob, L, P(longText + std::to_string(i)), &opts));
    step(20);
    MsgList all;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L, 500, msgListCb, countFree, &all);
    step(20);
    CHECK(all.r.ok);
    CHECK_EQ(all.msgs.size(), size_t(200));
    bool newestFirst = all.msgs.size() == 200;
    for (size_t i = 0; newestFirst && i < 200; ++i) newestFirst = all.msgs[i].id == ids[449 - i];
    CHECK(newestFirst);
    all = MsgList{};
    // The oldest kept is found, the newest forgotten is not.
    PropsView mod(oneKey("flag", "spam"));
    CHECK(!PlatformSim_BackendSetLobbyMessageModerationMetadata(L, ids[249], mod.get()));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(PlatformSim_BackendSetLobbyMessageModerationMetadata(L, ids[250], mod.get()));
    step(20);
    CHECK_EQ(a.count("MessageUpdated"), 1);
    // One more forgets the moderated ids[250] (nothing else holds it: a spare); the one after is
    // built from it and must carry none of it.
    ids.push_back(PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string("pushes 250 out")), &opts));
    const uint64_t fresh = PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string("short")), nullptr);
    step(20);
    CHECK(!PlatformSim_BackendSetLobbyMessageModerationMetadata(L, ids[250], mod.get()));
    const auto m = cached(&a.c, fresh);
    CHECK(m.has_value());
    if (m) {
        CHECK_EQ(m->id, fresh);
        CHECK_EQ(m->raw, std::string("short"));
        CHECK_EQ(m->content, std::string("short"));
        CHECK(m->md.empty());
        CHECK(m->mod.empty());
        CHECK_EQ(m->edited, uint64_t(0));
        CHECK(!m->disclosure.has_value());
        CHECK(!m->additionalName.has_value());
        CHECK_EQ(m->author, bob);
    }
    MsgList after;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L, 200, msgListCb, countFree, &after);
    step(20);
    CHECK_EQ(after.msgs.size(), size_t(200));
    CHECK(after.msgs.size() == 200 && after.msgs[0].id == fresh && after.msgs[1].id == ids[450] &&
          after.msgs[199].id == ids[252]);
}

// Message events are filled into reused invocation nodes (world.cc addMessageInvocation) once a
// flood has left some behind: each is still a gateway event, held while its client is
// Reconnecting and delivered in order on the resume.
void reusedEventNodesAreGatewayEvents(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    const uint64_t L = PlatformSim_BackendCreateLobby(app, P(std::string("")), Platform_Properties{0, nullptr, nullptr});
    CHECK(setMember(L, alice, nullptr, -1));
    CHECK(setMember(L, bob, nullptr, -1));
    step(20);
    if (joinedProcess()) {
        // The host's library has no benchmark flood: the same 50 messages, sent one by one.
        int sent = 0;
        for (int i = 0; i < 50; ++i) sent += PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string("leaves nodes behind")), nullptr) != 0;
        CHECK_EQ(sent, 50);
    } else {
        CHECK_EQ(PlatformSim_BenchFloodLobbyMessages(bob, L, 50, P(std::string("leaves nodes behind"))), int64_t(50));
    }
    step(20);
    CHECK_EQ(a.count("MessageCreated"), 50);
    a.clear();
    PlatformSim_NetworkSetOnline(false);
    Platform_RunCallbacks();
    CHECK_EQ((int)Platform_Client_GetStatus(&a.c), (int)Platform_Client_Status_Reconnecting);
    std::vector<uint64_t> held;
    for (int i = 0; i < 3; ++i) held.push_back(PlatformSim_BackendSendLobbyMessage(bob, L, P(numbered("held ", i)), nullptr));
    step(20);
    step(20);
    CHECK_EQ(a.count("MessageCreated"), 0);
    PlatformSim_NetworkSetOnline(true);
    step(20);
    step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&a.c), (int)Platform_Client_Status_Ready);
    CHECK(a.ids("MessageCreated") == held);
}

}  // namespace

void testLobbyHistoryRing() {
    channelIdsRing();
    const int64_t live = PlatformSim_LiveCallbackCount();
    const uint64_t app = freshChatWorld();
    lobbyForgetsAndReuses(app, newUser("ring_alice"), newUser("ring_bob"));
    reusedEventNodesAreGatewayEvents(app, newUser("ring_carol"), newUser("ring_dave"));
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
