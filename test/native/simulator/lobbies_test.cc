// Lobbies: CreateOrJoinLobby shares one lobby per (application, secret); the joiner's client gets
// LobbyCreated (never MemberAdded for itself), the others MemberAdded; WithMetadata replaces
// lobby metadata (LobbyUpdated to the others) and sets member metadata; Connected() follows Ready
// clients with MemberUpdated on changes; LeaveLobby (LobbyDeleted to the leaver, MemberRemoved to
// the others); idle deletion after 5 simulated minutes (a new id afterwards), never for backend
// lobbies; the backend bulk endpoint (25 max, all or nothing); errors through the network rules.
#include "chat_harness.h"

namespace {

void joinAndMetadata(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    Platform_UserHandle uh{};
    CHECK(!Platform_Client_GetUser(&a.c, bob, &uh));  // not known yet
    IdRes ja = joinLobby(a, "secret-1");
    CHECK(ja.r.ok); CHECK(ja.id != 0);
    const uint64_t L = ja.id;
    CHECK_EQ(a.count("LobbyCreated", L), 1);
    CHECK_EQ(a.count("MemberAdded"), 0);
    CHECK(PlatformSim_LobbyExists(L));
    Platform_UInt64Span ids;
    Platform_Client_GetLobbyIds(&a.c, &ids);
    CHECK_EQ(ids.size, size_t(1)); CHECK(ids.size == 1 && ids.ptr[0] == L);
    Platform_Free(ids.ptr);
    // Bob joins with metadata: same lobby, metadata replaced, events to each side.
    IdRes jb = joinLobbyWith(b, "secret-1", {{"mode", "ctf"}}, {{"team", "red"}});
    CHECK(jb.r.ok); CHECK_EQ(jb.id, L);
    CHECK_EQ(b.count("LobbyCreated", L), 1); CHECK_EQ(b.count("MemberAdded"), 0); CHECK_EQ(b.count("LobbyUpdated"), 0);
    CHECK_EQ(a.count("MemberAdded", L, bob), 1); CHECK_EQ(a.count("LobbyUpdated", L), 1);
    CHECK(Platform_Client_GetUser(&a.c, bob, &uh)); Platform_UserHandle_Drop(&uh);  // a lobby member is known
    CHECK((lobbyMemberIds(&a.c, L) == std::vector<uint64_t>{alice, bob}));
    Platform_LobbyHandle lh{};
    CHECK(Platform_Client_GetLobbyHandle(&a.c, L, &lh));
    CHECK_EQ(Platform_LobbyHandle_Id(&lh), L);
    Platform_Properties p;
    Platform_LobbyHandle_Metadata(&lh, &p); CHECK((readProps(p) == StrMap{{"mode", "ctf"}}));
    Platform_CallInfoHandle call{};
    CHECK(!Platform_LobbyHandle_GetCallInfoHandle(&lh, &call));  // no voice call yet
    Platform_LinkedChannel lc{};
    CHECK(!Platform_LobbyHandle_LinkedChannel(&lh, &lc));
    Platform_LobbyMemberHandleSpan members;
    Platform_LobbyHandle_LobbyMembers(&lh, &members);
    CHECK_EQ(members.size, size_t(2));
    for (size_t i = 0; i < members.size; ++i) {
        Platform_LobbyMemberHandle m = members.ptr[i];
        CHECK(Platform_LobbyMemberHandle_Connected(&m));
        CHECK(!Platform_LobbyMemberHandle_CanLinkLobby(&m));
        Platform_LobbyMemberHandle_Drop(&m);
    }
    Platform_Free(members.ptr);
    Platform_LobbyMemberHandle mb{};
    CHECK(Platform_LobbyHandle_GetLobbyMemberHandle(&lh, bob, &mb));
    Platform_LobbyMemberHandle none{};
    CHECK(!Platform_LobbyHandle_GetLobbyMemberHandle(&lh, 12345, &none));
    CHECK_EQ(Platform_LobbyMemberHandle_Id(&mb), bob);
    Platform_LobbyMemberHandle_Metadata(&mb, &p); CHECK((readProps(p) == StrMap{{"team", "red"}}));
    CHECK(Platform_LobbyMemberHandle_User(&mb, &uh));
    Platform_String s; Platform_UserHandle_Username(&uh, &s); CHECK_EQ(S(s), std::string("lobby_bob"));
    Platform_UserHandle_Drop(&uh);
    // Re-join with new member metadata: MemberUpdated to the others, no LobbyCreated again.
    a.clear(); b.clear();
    IdRes again = joinLobbyWith(b, "secret-1", {{"mode", "ctf"}}, {{"team", "blue"}});
    CHECK_EQ(again.id, L); CHECK_EQ(b.count("LobbyCreated"), 0);
    CHECK_EQ(a.count("MemberUpdated", L, bob), 1); CHECK_EQ(a.count("LobbyUpdated"), 0);  // lobby metadata unchanged
    Platform_LobbyMemberHandle_Metadata(&mb, &p); CHECK((readProps(p) == StrMap{{"team", "blue"}}));  // live handle
    // Connected() follows Ready clients; changes are announced to the others.
    a.clear();
    b.disconnect();
    CHECK_EQ(a.count("MemberUpdated", L, bob), 1);
    CHECK(!Platform_LobbyMemberHandle_Connected(&mb));
    b.connect();
    CHECK_EQ(a.count("MemberUpdated", L, bob), 2);
    CHECK(Platform_LobbyMemberHandle_Connected(&mb));
    // Another application, same secret: another lobby.
    uint64_t app2 = PlatformSim_CreateApplication(P(std::string("Other")), 0, 0, P(std::string("")));
    Player other(app2, bob);
    IdRes jo = joinLobby(other, "secret-1");
    CHECK(jo.r.ok); CHECK(jo.id != L);
    // Leave: LobbyDeleted to the leaver, MemberRemoved to the others.
    a.clear(); b.clear();
    CHECK(leaveLobby(b, L).r.ok);
    CHECK_EQ(b.count("LobbyDeleted", L), 1); CHECK_EQ(a.count("MemberRemoved", L, bob), 1);
    CHECK_EQ(Platform_LobbyMemberHandle_Id(&mb), uint64_t(0));  // no longer a member
    Platform_LobbyHandle bh{};
    CHECK(!Platform_Client_GetLobbyHandle(&b.c, L, &bh));
    CHECK(leaveLobby(b, L).r.ok);  // idempotent
    Platform_LobbyMemberHandle_Drop(&mb);
    Platform_LobbyHandle_Drop(&lh);
    CHECK_EQ(Platform_LobbyHandle_Id(&lh), uint64_t(0));
}

void errors(uint64_t app, uint64_t alice) {
    Player a(app, alice, false);  // no session yet
    IdRes nr = joinLobby(a, "x");
    CHECK_EQ(nr.r.type, (int)Platform_ErrorType_ClientNotReady); CHECK_EQ(nr.id, uint64_t(0));
    a.connect();
    IdRes empty = joinLobby(a, "");
    CHECK_EQ(empty.r.type, (int)Platform_ErrorType_ValidationError);
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_CreateOrJoinLobby")), 503, 0, 0));
    IdRes failed = joinLobby(a, "x");
    CHECK_EQ(failed.r.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(failed.r.status, 503); CHECK(failed.r.retryable);
    PlatformSim_NetworkSetOnline(false);
    IdRes off = joinLobby(a, "x");
    CHECK_EQ(off.r.type, (int)Platform_ErrorType_NetworkError);
    PlatformSim_NetworkSetOnline(true);
    step(20); step(20);
    CHECK(joinLobby(a, "x").r.ok);  // the failed attempts changed nothing on the platform
    // A dropped client's lobby handle reads as defaults.
    uint64_t L = joinLobby(a, "x").id;
    Platform_LobbyHandle lh{};
    CHECK(Platform_Client_GetLobbyHandle(&a.c, L, &lh));
    Platform_Client_Drop(&a.c);
    CHECK_EQ(Platform_LobbyHandle_Id(&lh), uint64_t(0));
    Platform_UInt64Span ids; Platform_LobbyHandle_LobbyMemberIds(&lh, &ids); CHECK_EQ(ids.size, size_t(0)); Platform_Free(ids.ptr);
    Platform_LobbyHandle_Drop(&lh);
    IdRes gone;
    Platform_Client_CreateOrJoinLobby(&a.c, P(std::string("x")), idCb, countFree, &gone);
    Platform_RunCallbacks();
    CHECK_EQ(gone.r.type, (int)Platform_ErrorType_ClientDestroyed);
    // Two-triple ops: on a dropped client, and pending when the client is dropped. The
    // merge-required triple is never called there, but both triples are released.
    static int merges; merges = 0;
    int freed = g_freed;
    StrRes orphan;
    Platform_Client_JoinLinkedLobbyGuild(&a.c, L, [](void *) { ++merges; }, countFree, nullptr, strCb, countFree, &orphan);
    Platform_RunCallbacks();
    CHECK_EQ(orphan.r.type, (int)Platform_ErrorType_ClientDestroyed); CHECK_EQ(merges, 0); CHECK_EQ(g_freed - freed, 2);
    Player q(app, alice);
    freed = g_freed;
    StrRes pending;
    Platform_Client_JoinLinkedLobbyGuild(&q.c, L, [](void *) { ++merges; }, countFree, nullptr, strCb, countFree, &pending);
    CHECK(!pending.called);
    Platform_Client_Drop(&q.c);
    CHECK(pending.called); CHECK_EQ(pending.r.type, (int)Platform_ErrorType_ClientDestroyed); CHECK_EQ(merges, 0);
    CHECK(g_freed - freed >= 2);  // both triples (plus the player's event callbacks)
}

void idleDeletion(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    // Empty after the last member leaves: deleted 5 minutes later; the secret then makes a new lobby.
    uint64_t L1 = joinLobby(a, "idle-1").id;
    leaveLobby(a, L1);
    step(299 * 1000);
    CHECK(PlatformSim_LobbyExists(L1));
    step(2000);
    CHECK(!PlatformSim_LobbyExists(L1));
    uint64_t L1b = joinLobby(a, "idle-1").id;
    CHECK(L1b != 0 && L1b != L1);
    // All members not connected (network down: Reconnecting): deleted; members' clients hear it.
    uint64_t L2 = joinLobby(a, "idle-2").id;
    joinLobby(b, "idle-2");
    a.clear(); b.clear();
    PlatformSim_NetworkSetOnline(false);
    step(4 * 60 * 1000);
    CHECK(PlatformSim_LobbyExists(L2));
    step(61 * 1000);
    CHECK(!PlatformSim_LobbyExists(L2));
    CHECK(!PlatformSim_LobbyExists(L1b));  // its member was offline too
    PlatformSim_NetworkSetOnline(true);
    step(20); step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&a.c), (int)Platform_Client_Status_Ready);
    CHECK_EQ(a.count("LobbyDeleted", L2), 1); CHECK_EQ(b.count("LobbyDeleted", L2), 1);
    // A reconnect within the 5 minutes cancels the deletion; a connected member keeps it forever.
    uint64_t L3 = joinLobby(a, "idle-3").id;
    a.disconnect();
    step(4 * 60 * 1000);
    a.connect();
    step(10 * 60 * 1000);
    CHECK(PlatformSim_LobbyExists(L3));
    // Backend lobbies are never idle-deleted.
    uint64_t B = PlatformSim_BackendCreateLobby(app, P(std::string("")), Platform_Properties{0, nullptr, nullptr});
    CHECK(B != 0);
    step(60 * 60 * 1000);
    CHECK(PlatformSim_LobbyExists(B));
    CHECK(PlatformSim_LobbyExists(L3));
}

void backendMembers(uint64_t app, uint64_t alice, uint64_t bob, uint64_t carol) {
    Player a(app, alice), b(app, bob);
    PropsView md(StrMap{{"k", "v"}});
    uint64_t B = PlatformSim_BackendCreateLobby(app, P(std::string("backend-secret")), md.get());
    CHECK(B != 0);
    CHECK_EQ(PlatformSim_BackendCreateLobby(app, P(std::string("backend-secret")), md.get()), uint64_t(0));  // taken
    CHECK_EQ(PlatformSim_BackendCreateLobby(0, P(std::string("")), md.get()), uint64_t(0));
    CHECK(lastError().rfind("400:", 0) == 0);
    // 26 entries: rejected whole.
    std::vector<PlatformSim_LobbyMemberUpdate> many(26, PlatformSim_LobbyMemberUpdate{alice, false, false, {0, nullptr, nullptr}, nullptr, -1});
    CHECK(!PlatformSim_BackendUpdateLobbyMembers(B, many.data(), many.size()));
    CHECK(lastError().rfind("400:", 0) == 0);
    many.resize(25);
    std::string longName(81, 'n');
    Platform_String ln = P(longName);
    PlatformSim_LobbyMemberUpdate bad[2] = {{alice, false, false, {0, nullptr, nullptr}, nullptr, 1},
                                           {bob, false, false, {0, nullptr, nullptr}, &ln, -1}};
    CHECK(!PlatformSim_BackendUpdateLobbyMembers(B, bad, 2));  // 81-character name: nothing applied
    CHECK(lastError().rfind("400:", 0) == 0);
    PlatformSim_LobbyMemberUpdate unknown{999, false, false, {0, nullptr, nullptr}, nullptr, -1};
    CHECK(!PlatformSim_BackendUpdateLobbyMembers(B, &unknown, 1));
    step(20);
    CHECK(lobbyMemberIds(&a.c, B).empty());
    CHECK_EQ(a.count("LobbyCreated"), 0);
    CHECK(PlatformSim_BackendUpdateLobbyMembers(B, many.data(), 25));  // 25 entries (same user): fine
    step(20);
    CHECK_EQ(a.count("LobbyCreated", B), 1);
    // Add bob with metadata, an 80-character name and CanLinkLobby.
    std::string name80(80, 'x');
    Platform_String n80 = P(name80);
    PropsView bm(StrMap{{"role", "tank"}});
    PlatformSim_LobbyMemberUpdate addBob{bob, false, true, bm.get(), &n80, 1};
    CHECK(PlatformSim_BackendUpdateLobbyMembers(B, &addBob, 1));
    step(20);
    CHECK_EQ(b.count("LobbyCreated", B), 1); CHECK_EQ(a.count("MemberAdded", B, bob), 1); CHECK_EQ(b.count("MemberAdded"), 0);
    Platform_LobbyHandle lh{};
    CHECK(Platform_Client_GetLobbyHandle(&a.c, B, &lh));
    Platform_Properties p; Platform_LobbyHandle_Metadata(&lh, &p); CHECK((readProps(p) == StrMap{{"k", "v"}}));
    Platform_LobbyMemberHandle mb{};
    CHECK(Platform_LobbyHandle_GetLobbyMemberHandle(&lh, bob, &mb));
    CHECK(Platform_LobbyMemberHandle_CanLinkLobby(&mb));
    Platform_LobbyMemberHandle_Metadata(&mb, &p); CHECK((readProps(p) == StrMap{{"role", "tank"}}));
    // Update: MemberUpdated to every member, the updated one included.
    a.clear(); b.clear();
    CHECK(setMember(B, bob, nullptr, 0));
    step(20);
    CHECK_EQ(a.count("MemberUpdated", B, bob), 1); CHECK_EQ(b.count("MemberUpdated", B, bob), 1);
    CHECK(!Platform_LobbyMemberHandle_CanLinkLobby(&mb));
    CHECK(setMember(B, bob, nullptr, 0));  // no change: no event
    step(20);
    CHECK_EQ(a.count("MemberUpdated"), 1);
    // A clientless member (carol) is a member, not connected.
    CHECK(setMember(B, carol, "Carol the Bold", -1));
    step(20);
    Platform_LobbyMemberHandle mc{};
    CHECK(Platform_LobbyHandle_GetLobbyMemberHandle(&lh, carol, &mc));
    CHECK(!Platform_LobbyMemberHandle_Connected(&mc));
    Platform_LobbyMemberHandle_Drop(&mc);
    // Remove: LobbyDeleted to the removed member, MemberRemoved to the others.
    a.clear(); b.clear();
    CHECK(setMember(B, bob, nullptr, -1, true));
    step(20);
    CHECK_EQ(b.count("LobbyDeleted", B), 1); CHECK_EQ(a.count("MemberRemoved", B, bob), 1);
    CHECK((lobbyMemberIds(&a.c, B) == std::vector<uint64_t>{alice, carol}));
    CHECK(!PlatformSim_BackendUpdateLobbyMembers(424242, &addBob, 1));
    CHECK(lastError().rfind("404:", 0) == 0);
    // A client joins a backend lobby by its secret.
    CHECK_EQ(joinLobby(b, "backend-secret").id, B);
    Platform_LobbyMemberHandle_Drop(&mb);
    Platform_LobbyHandle_Drop(&lh);
}

}  // namespace

void testLobbies() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    uint64_t app = freshChatWorld();
    uint64_t alice = newUser("lobby_alice", "Alice"), bob = newUser("lobby_bob", "Bob"), carol = newUser("lobby_carol");
    joinAndMetadata(app, alice, bob);
    errors(app, alice);
    idleDeletion(app, alice, bob);
    backendMembers(app, alice, bob, carol);
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
