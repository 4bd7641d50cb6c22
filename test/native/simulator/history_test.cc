// The per-client 25-message cache and history. Checks eviction exactly as specified (a message
// enters the cache when its MessageCreated is delivered; the oldest beyond 25 per channel leaves;
// cache-backed handles then read defaults), a 1000-message burst delivered in one RunCallbacks
// where each callback reads its own message but the first one is gone after 25 more callbacks,
// lobby history (newest first, 200 cap, default 50, 72 h window, members only, handles valid on
// their own) and DM history (served from the cache when it holds `limit` messages, even offline).
#include "chat_harness.h"

namespace {

void cacheEviction(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    const uint64_t L = joinLobby(a, "cache").id;
    joinLobby(b, "cache");
    const uint64_t dm = sendDm(a, bob, "a DM stays cached: channels are separate").id;
    std::vector<uint64_t> ids;
    for (int i = 0; i < 30; ++i) ids.push_back(PlatformSim_BackendSendLobbyMessage(alice, L, P(numbered("m", i)), nullptr));
    // Nothing is cached before delivery.
    CHECK(!cached(&b.c, ids[29]).has_value());
    step(20);
    CHECK_EQ(b.count("MessageCreated"), 31);
    for (int i = 0; i < 5; ++i) CHECK(!cached(&b.c, ids[i]).has_value());
    for (int i = 5; i < 30; ++i) CHECK(cached(&b.c, ids[i]).has_value());
    CHECK(cached(&b.c, dm).has_value());
    // A cache-backed handle: live until its message is evicted, then defaults.
    Platform_MessageHandle h{}, clone{};
    CHECK(Platform_Client_GetMessageHandle(&b.c, ids[5], &h));
    Platform_MessageHandle_Clone(&clone, &h);
    CHECK_EQ(readMsg(&h).content, std::string("m5"));
    PlatformSim_BackendSendLobbyMessage(alice, L, P(std::string("m30")), nullptr);
    CHECK_EQ(readMsg(&h).content, std::string("m5"));  // not delivered yet
    step(20);
    MsgInfo gone = readMsg(&h);
    CHECK_EQ(gone.id, uint64_t(0)); CHECK(gone.content.empty()); CHECK_EQ(gone.author, uint64_t(0));
    CHECK(!gone.app.has_value()); CHECK(!gone.fromGame); CHECK(!gone.hasAuthor); CHECK(gone.md.empty());
    CHECK_EQ(Platform_MessageHandle_Id(&clone), uint64_t(0));
    Platform_MessageHandle_Drop(&h); Platform_MessageHandle_Drop(&clone);
    // The sender's cache follows the same rule (its own messages enter via MessageCreated).
    CHECK(!cached(&a.c, ids[5]).has_value()); CHECK(cached(&a.c, ids[29]).has_value());
}

void burst(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    const uint64_t L = joinLobby(a, "burst").id;
    joinLobby(b, "burst");
    std::vector<uint64_t> ids;
    for (int i = 0; i < 1000; ++i) ids.push_back(PlatformSim_BackendSendLobbyMessage(alice, L, P(numbered("burst ", i)), nullptr));
    struct Probe { std::vector<uint64_t> *ids; uint64_t author; int n = 0, ownOk = 0, firstVisible = 0, firstGoneAt = -1; Platform_MessageHandle keep{}; } probe{&ids, alice};
    static Probe *pp; pp = &probe;
    b.onCreated = [](Player &self, uint64_t id) {
        Probe &p = *pp;
        const int k = p.n++;
        Platform_MessageHandle h{};
        if (Platform_Client_GetMessageHandle(&self.c, id, &h)) {
            MsgInfo m = readMsg(&h);
            p.ownOk += m.id == id && m.content == numbered("burst ", k) && m.author == p.author;
            if (k == 0) Platform_MessageHandle_Clone(&p.keep, &h);
            Platform_MessageHandle_Drop(&h);
        }
        if (cached(&self.c, (*p.ids)[0]).has_value()) ++p.firstVisible;
        else if (p.firstGoneAt < 0) p.firstGoneAt = k;
    };
    Platform_RunCallbacks();  // not due yet
    CHECK_EQ(probe.n, 0);
    PlatformSim_ClockAdvance(20);
    Platform_RunCallbacks();  // all 1000 in one run
    CHECK_EQ(probe.n, 1000);
    CHECK_EQ(probe.ownOk, 1000);
    CHECK_EQ(probe.firstVisible, 25);  // its own callback and the next 24
    CHECK_EQ(probe.firstGoneAt, 25);   // the 26th delivery evicted it
    CHECK_EQ(Platform_MessageHandle_Id(&probe.keep), uint64_t(0));
    Platform_MessageHandle_Drop(&probe.keep);
    b.onCreated = nullptr;
    // Lobby history after the burst: newest first, capped at 200, default 50.
    MsgList all, def, ten;
    Platform_Client_GetLobbyMessagesWithLimit(&b.c, L, 500, msgListCb, countFree, &all);
    Platform_Client_GetLobbyMessagesWithLimit(&b.c, L, 0, msgListCb, countFree, &def);
    Platform_Client_GetLobbyMessagesWithLimit(&b.c, L, 10, msgListCb, countFree, &ten);
    step(20);
    CHECK(all.r.ok); CHECK_EQ(all.msgs.size(), size_t(200)); CHECK_EQ(def.msgs.size(), size_t(50)); CHECK_EQ(ten.msgs.size(), size_t(10));
    CHECK(!all.msgs.empty() && all.msgs.front().id == ids[999] && all.msgs.back().id == ids[800]);
    // History handles stay readable although those messages left the 25-cache long ago.
    CHECK(!cached(&b.c, ids[800]).has_value());
    CHECK_EQ(readMsg(&all.handles.back()).content, std::string("burst 800"));
    Platform_MessageHandle copy{};
    Platform_MessageHandle_Clone(&copy, &all.handles.back());
    CHECK_EQ(Platform_MessageHandle_Id(&copy), ids[800]);
    Platform_MessageHandle_Drop(&copy);
    // The lobby keeps only what its history can return (the newest 200): the 800 older messages
    // are forgotten by the platform, so the moderation endpoint no longer finds them.
    PropsView mod(StrMap{{"flag", "spam"}});
    CHECK(!PlatformSim_BackendSetLobbyMessageModerationMetadata(L, ids[799], mod.get()));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(PlatformSim_BackendSetLobbyMessageModerationMetadata(L, ids[800], mod.get()));
    step(20);
    CHECK_EQ(b.count("MessageUpdated"), 1);
}

void historyRules(uint64_t app, uint64_t alice, uint64_t bob, uint64_t carol) {
    Player a(app, alice), c(app, carol);
    const uint64_t B = PlatformSim_BackendCreateLobby(app, P(std::string("")), Platform_Properties{0, nullptr, nullptr});
    CHECK(setMember(B, alice, "A", -1));
    CHECK(setMember(B, bob, nullptr, -1));
    for (int i = 0; i < 5; ++i) PlatformSim_BackendSendLobbyMessage(bob, B, P(numbered("old ", i)), nullptr);
    step(73ULL * 3600 * 1000);  // older than 72 h (the session stays Ready: tokens last 7 days)
    std::vector<uint64_t> fresh;
    for (int i = 0; i < 3; ++i) fresh.push_back(PlatformSim_BackendSendLobbyMessage(bob, B, P(numbered("new ", i)), nullptr));
    step(20);
    MsgList h;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, B, 100, msgListCb, countFree, &h);
    step(20);
    CHECK(h.r.ok); CHECK_EQ(h.msgs.size(), size_t(3));
    CHECK(h.msgs.size() == 3 && h.msgs[0].id == fresh[2] && h.msgs[2].id == fresh[0]);
    CHECK(h.msgs.size() == 3 && !h.msgs[0].additionalName.has_value());
    // Non-member: 403 and nothing returned; unknown lobby: 404.
    MsgList denied, unknown;
    Platform_Client_GetLobbyMessagesWithLimit(&c.c, B, 10, msgListCb, countFree, &denied);
    Platform_Client_GetLobbyMessagesWithLimit(&c.c, 31337, 10, msgListCb, countFree, &unknown);
    step(20);
    CHECK_EQ(denied.r.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(denied.r.status, 403); CHECK(denied.msgs.empty());
    CHECK_EQ(unknown.r.status, 404);
    // Through the network rules: FailNext and offline.
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_GetLobbyMessagesWithLimit")), 429, 1500, 0));
    MsgList limited;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, B, 10, msgListCb, countFree, &limited);
    step(20);
    CHECK_EQ(limited.r.status, 429); CHECK(limited.r.retryable); CHECK(limited.msgs.empty());
}

void dmHistory(uint64_t app, uint64_t alice, uint64_t bob, uint64_t carol) {
    Player a(app, alice), b(app, bob);
    MsgList none;
    Platform_Client_GetUserMessagesWithLimit(&a.c, carol, 10, msgListCb, countFree, &none);
    step(20);
    CHECK_EQ(none.r.status, 404);  // no DM channel yet
    std::vector<uint64_t> ids;
    for (int i = 0; i < 12; ++i) ids.push_back(PlatformSim_BackendSendUserMessage(bob, alice, P(numbered("dm ", i)), nullptr));
    step(20);
    // Alice's cache holds the 12 messages: limit 10 is served locally, offline, without latency.
    PlatformSim_NetworkSetOnline(false);
    MsgList local, remote;
    Platform_Client_GetUserMessagesWithLimit(&a.c, bob, 10, msgListCb, countFree, &local);
    Platform_Client_GetUserMessagesWithLimit(&a.c, bob, 30, msgListCb, countFree, &remote);
    Platform_RunCallbacks();
    CHECK(local.called); CHECK(local.r.ok); CHECK_EQ(local.msgs.size(), size_t(10));
    CHECK(local.msgs.size() == 10 && local.msgs[0].id == ids[11] && local.msgs[9].id == ids[2]);
    CHECK(!remote.called);
    step(20);
    CHECK_EQ(remote.r.type, (int)Platform_ErrorType_NetworkError); CHECK(remote.msgs.empty());
    PlatformSim_NetworkSetOnline(true);
    step(20); step(20);
    // Not enough in the cache (and <= 0 means 50): a request to the platform.
    MsgList fetched, byDefault;
    Platform_Client_GetUserMessagesWithLimit(&a.c, bob, 30, msgListCb, countFree, &fetched);
    Platform_Client_GetUserMessagesWithLimit(&b.c, alice, -1, msgListCb, countFree, &byDefault);
    Platform_RunCallbacks();
    CHECK(!fetched.called);
    step(20);
    CHECK(fetched.r.ok); CHECK_EQ(fetched.msgs.size(), size_t(12));
    CHECK_EQ(byDefault.msgs.size(), size_t(13));  // Bob's history also holds his disclosure notice
    CHECK(byDefault.msgs.size() == 13 && byDefault.msgs[12].disclosure.has_value());
    // Handles from a cache-served history stay valid after eviction too.
    for (int i = 0; i < 30; ++i) PlatformSim_BackendSendUserMessage(bob, alice, P(std::string("flood")), nullptr);
    step(20);
    CHECK(!cached(&a.c, ids[11]).has_value());
    CHECK_EQ(readMsg(&local.handles[0]).content, std::string("dm 11"));
    // The sender's own disclosure notice is part of its history only.
    sendDm(a, bob, "hello from alice");
    MsgList mine, theirs;
    Platform_Client_GetUserMessagesWithLimit(&a.c, bob, 2, msgListCb, countFree, &mine);
    Platform_Client_GetUserMessagesWithLimit(&b.c, alice, 2, msgListCb, countFree, &theirs);
    step(20);
    CHECK(mine.msgs.size() == 2 && mine.msgs[1].disclosure.has_value());
    CHECK(theirs.msgs.size() == 2 && !theirs.msgs[1].disclosure.has_value());
    // Every handle of a dropped client reads as defaults, history handles included.
    Platform_Client_Drop(&a.c);
    CHECK_EQ(readMsg(&local.handles[0]).id, uint64_t(0));
    CHECK_EQ(Platform_MessageHandle_Id(&mine.handles[0]), uint64_t(0));
    MsgList afterDrop;
    Platform_Client_GetUserMessagesWithLimit(&a.c, bob, 1, msgListCb, countFree, &afterDrop);
    Platform_RunCallbacks();
    CHECK_EQ(afterDrop.r.type, (int)Platform_ErrorType_ClientDestroyed); CHECK(afterDrop.msgs.empty());
}

// History's handles are made with their views resolved at delivery (issue 19, row 3): a view is
// only a cache. A change made inside the history callback, after some handles were read, shows
// through every handle's getters: the one already read (the thread's last view) and the ones not
// read yet (views resolved before the change). A priming that ignored World::lockSeq would read
// the old name in both.
struct Primed { std::vector<std::string> before, after; uint64_t mentioned = 0; bool renamed = false; };
Primed *g_primed = nullptr;

void primedHistoryCb(Platform_ClientResult *r, Platform_MessageHandleSpan span, void *) {
    Platform_ClientResult owned = *r;  // adopt
    Platform_ClientResult_Drop(&owned);
    Primed &p = *g_primed;
    std::vector<Platform_MessageHandle> handles(span.ptr, span.ptr + span.size);
    Platform_Free(span.ptr);
    if (!handles.empty()) p.before.push_back(readMsg(&handles[0]).content);
    const std::string renamed = "Renamed";
    Platform_String name = P(renamed);
    p.renamed = PlatformSim_UpdateUserProfile(p.mentioned, &name, nullptr);
    for (auto &h : handles) p.after.push_back(readMsg(&h).content);
    for (auto &h : handles) Platform_MessageHandle_Drop(&h);
}

void primedHistoryViews(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    const uint64_t L = joinLobby(a, "primed").id;
    joinLobby(b, "primed");
    const uint64_t carol = newUser("primed_carol");
    for (int i = 0; i < 3; ++i) sendLobby(b, L, "<@" + std::to_string(carol) + "> " + numbered("hi ", i));
    step(20);
    Primed p;
    p.mentioned = carol;
    g_primed = &p;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L, 3, primedHistoryCb, nullptr, nullptr);
    step(20);
    g_primed = nullptr;
    CHECK(p.renamed);
    CHECK(p.before.size() == 1 && p.before[0] == "@primed_carol hi 2");
    CHECK_EQ(p.after.size(), size_t(3));
    for (size_t i = 0; i < p.after.size(); ++i) CHECK_EQ(p.after[i], "@Renamed " + numbered("hi ", static_cast<int>(2 - i)));
}

// Sends from two threads (a client and the backend) while a third thread pumps RunCallbacks.
void concurrency(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    const uint64_t L = joinLobby(a, "threads").id;
    joinLobby(b, "threads");
    std::atomic<int> created{0};
    b.onCreated = [&created](Player &self, uint64_t id) { created += cached(&self.c, id).has_value(); };
    std::atomic<bool> stop{false};
    std::thread pump([&] { while (!stop) { Platform_RunCallbacks(); std::this_thread::yield(); } });
    std::vector<IdRes> res(100);
    std::thread t1([&] { for (int i = 0; i < 100; ++i) Platform_Client_SendLobbyMessage(&a.c, L, P(numbered("t", i)), idCb, countFree, &res[i]); });
    std::thread t2([&] { for (int i = 0; i < 100; ++i) PlatformSim_BackendSendLobbyMessage(bob, L, P(numbered("u", i)), nullptr); });
    t1.join(); t2.join();
    PlatformSim_ClockAdvance(20);
    for (int i = 0; i < 400 && created < 200; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    stop = true;
    pump.join();
    Platform_RunCallbacks();
    CHECK_EQ(created.load(), 200);
    int ok = 0;
    for (auto &r : res) ok += r.called && r.r.ok && r.id != 0;
    CHECK_EQ(ok, 100);
    b.onCreated = nullptr;
}

}  // namespace

void testHistory() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    uint64_t app = freshChatWorld();
    uint64_t alice = newUser("hist_alice"), bob = newUser("hist_bob"), carol = newUser("hist_carol");
    cacheEviction(app, alice, bob);
    burst(app, alice, bob);
    historyRules(app, alice, bob, carol);
    // A pair without earlier DMs (alice and bob already have a DM channel and disclosure).
    dmHistory(app, newUser("hist_dave"), newUser("hist_erin"), carol);
    concurrency(app, alice, bob);
    primedHistoryViews(app, alice, bob);
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
