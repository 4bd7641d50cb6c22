// Relationships between users of one process: the platform and game friend-request state machine
// through every Client call (send by name and by id, mutual request, accept, reject, cancel, remove
// game friend, remove platform-and-game, block, unblock) with the created/deleted events on both
// sides, every error path, the spam flag and the relationship control calls, provisional accounts
// limited to game friends. Reading them (relationship_reads_test.cc) and user profiles
// (user_profiles_test.cc) are parts of the same run: testRelationships, at the end of this file.
#include "relationships_harness.h"

namespace relationships {

// ---- platform relationships: send by name / id, reject, cancel, mutual, accept, remove ------------
void platformFlow(const World &w, Soc &A, Soc &B, Soc &C) {
    const uint64_t alice = w.alice, bob = w.bob, carol = w.carol;
    CHECK(rels(A).empty());
    CHECK(!knows(A, bob));
    CHECK((rel(A, bob) == T{kNone, kNone}));
    // Send by username (case-insensitive): outgoing on my side, incoming on theirs.
    CHECK(callName(Platform_Client_SendPlatformFriendRequest, A, "BOB").ok);
    CHECK((rel(A, bob) == T{kOut, kNone}));
    CHECK((rel(B, alice) == T{kIn, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 1);
    CHECK_EQ(B.count('C', alice, 1), 1);
    CHECK_EQ(C.count('C'), 0);
    CHECK(knows(A, bob));
    CHECK(knows(B, alice));
    CHECK((rels(A) == Ids{bob}));
    CHECK(!spam(B, alice));
    // Already pending: success, nothing changes.
    A.clear(); B.clear();
    CHECK(callName(Platform_Client_SendPlatformFriendRequest, A, "bob").ok);
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, A, bob).ok);
    CHECK(A.ev.empty()); CHECK(B.ev.empty());
    // Only the recipient accepts or rejects; only the sender cancels; the game kind is separate.
    CHECK(isErr(call(Platform_Client_AcceptPlatformFriendRequest, A, bob), 404, 80005));
    CHECK(isErr(call(Platform_Client_RejectPlatformFriendRequest, A, bob), 404, 80005));
    CHECK(isErr(call(Platform_Client_CancelPlatformFriendRequest, B, alice), 404, 80005));
    CHECK(isErr(call(Platform_Client_AcceptGameFriendRequest, B, alice), 404, 80005));
    CHECK((rel(A, bob) == T{kOut, kNone}));
    // Reject: None on both sides, deleted events on both.
    CHECK(call(Platform_Client_RejectPlatformFriendRequest, B, alice).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', bob, 1), 1);
    CHECK_EQ(B.count('D', alice, 1), 1);
    CHECK(rels(A).empty());
    CHECK(!knows(A, bob));
    CHECK(isErr(call(Platform_Client_RejectPlatformFriendRequest, B, alice), 404, 80005));
    // Cancel by the sender.
    A.clear(); B.clear();
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, A, bob).ok);
    CHECK((rel(B, alice) == T{kIn, kNone}));
    CHECK(call(Platform_Client_CancelPlatformFriendRequest, A, bob).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 1); CHECK_EQ(A.count('D', bob, 1), 1);
    CHECK_EQ(B.count('C', alice, 1), 1); CHECK_EQ(B.count('D', alice, 1), 1);
    CHECK(isErr(call(Platform_Client_CancelPlatformFriendRequest, A, bob), 404, 80005));
    // Mutual requests: the second one makes both sides friends.
    A.clear(); B.clear();
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, A, bob).ok);
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, B, alice).ok);
    CHECK((rel(A, bob) == T{kFriend, kNone}));
    CHECK((rel(B, alice) == T{kFriend, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 2);  // pending outgoing, then friend
    CHECK_EQ(B.count('C', alice, 1), 2);
    CHECK_EQ(A.count('D'), 0);
    A.clear();
    CHECK(callName(Platform_Client_SendPlatformFriendRequest, A, "bob").ok);  // already friends
    CHECK(A.ev.empty());
    CHECK((rel(A, bob) == T{kFriend, kNone}));
    // Accept.
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, C, alice).ok);
    CHECK((rel(A, carol) == T{kIn, kNone}));
    CHECK(call(Platform_Client_AcceptPlatformFriendRequest, A, carol).ok);
    CHECK((rel(A, carol) == T{kFriend, kNone}));
    CHECK((rel(C, alice) == T{kFriend, kNone}));
    CHECK((rels(A) == Ids{bob, carol}));
    // GetUser returns a friend.
    Platform_UserHandle uh{};
    CHECK(Platform_Client_GetUser(&A.c, carol, &uh));
    Platform_String s;
    Platform_UserHandle_Username(&uh, &s); CHECK_EQ(S(s), std::string("carol"));
    Platform_UserHandle_Drop(&uh);
    // Removing: not game friends -> 404; platform-and-game removes the platform friendship.
    CHECK(isErr(call(Platform_Client_RemoveGameFriend, A, carol), 404, 80006));
    A.clear(); C.clear();
    CHECK(call(Platform_Client_RemovePlatformAndGameFriend, A, carol).ok);
    CHECK((rel(A, carol) == T{kNone, kNone}));
    CHECK((rel(C, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', carol, 1), 1); CHECK_EQ(A.count('D', carol, 0), 0);
    CHECK_EQ(C.count('D', alice, 1), 1);
    CHECK(isErr(call(Platform_Client_RemovePlatformAndGameFriend, A, carol), 404, 80006));
}

// ---- game relationships: per application ------------------------------------------------------
void gameFlow(const World &w, Soc &A, Soc &B, Soc &D, Soc &D2) {
    const uint64_t alice = w.alice, bob = w.bob, dave = w.dave;
    A.clear(); D.clear(); D2.clear();
    CHECK(callName(Platform_Client_SendGameFriendRequest, A, "dave").ok);
    CHECK((rel(A, dave) == T{kNone, kOut}));
    CHECK((rel(D, alice) == T{kNone, kIn}));
    CHECK((rel(D2, alice) == T{kNone, kNone}));  // dave's client of the other application
    CHECK_EQ(A.count('C', dave, 0), 1); CHECK_EQ(A.count('C', dave, 1), 0);
    CHECK_EQ(D.count('C', alice, 0), 1);
    CHECK(D2.ev.empty());
    CHECK(knows(D, alice));
    CHECK(!knows(D2, alice));
    CHECK(isErr(call(Platform_Client_AcceptPlatformFriendRequest, D, alice), 404, 80005));  // platform kind separate
    CHECK(call(Platform_Client_AcceptGameFriendRequest, D, alice).ok);
    CHECK((rel(A, dave) == T{kNone, kFriend}));
    CHECK((rel(D, alice) == T{kNone, kFriend}));
    CHECK((rels(A) == Ids{bob, dave}));
    CHECK(rels(D2).empty());
    // Remove game friend.
    A.clear(); D.clear();
    CHECK(call(Platform_Client_RemoveGameFriend, D, alice).ok);
    CHECK((rel(A, dave) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', dave, 0), 1); CHECK_EQ(D.count('D', alice, 0), 1);
    CHECK(isErr(call(Platform_Client_RemoveGameFriend, D, alice), 404, 80006));
    // Reject and cancel.
    CHECK(call(Platform_Client_SendGameFriendRequestById, A, dave).ok);
    CHECK(isErr(call(Platform_Client_RejectPlatformFriendRequest, D, alice), 404, 80005));
    CHECK(call(Platform_Client_RejectGameFriendRequest, D, alice).ok);
    CHECK((rel(A, dave) == T{kNone, kNone}));
    CHECK(isErr(call(Platform_Client_RejectGameFriendRequest, D, alice), 404, 80005));
    CHECK(call(Platform_Client_SendGameFriendRequestById, A, dave).ok);
    CHECK(isErr(call(Platform_Client_CancelPlatformFriendRequest, A, dave), 404, 80005));
    CHECK(call(Platform_Client_CancelGameFriendRequest, A, dave).ok);
    CHECK((rel(D, alice) == T{kNone, kNone}));
    CHECK(isErr(call(Platform_Client_CancelGameFriendRequest, A, dave), 404, 80005));
    // Mutual game requests (by id, then by name).
    CHECK(call(Platform_Client_SendGameFriendRequestById, D, alice).ok);
    CHECK(callName(Platform_Client_SendGameFriendRequest, A, "Dave").ok);
    CHECK((rel(A, dave) == T{kNone, kFriend}));
    CHECK((rel(D, alice) == T{kNone, kFriend}));
    // Platform and game friends at once: RemovePlatformAndGameFriend ends both.
    CHECK(call(Platform_Client_SendGameFriendRequestById, A, bob).ok);
    CHECK(call(Platform_Client_AcceptGameFriendRequest, B, alice).ok);
    CHECK((rel(A, bob) == T{kFriend, kFriend}));
    A.clear(); B.clear();
    CHECK(call(Platform_Client_RemovePlatformAndGameFriend, B, alice).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', bob, 1), 1); CHECK_EQ(A.count('D', bob, 0), 1);
    CHECK_EQ(B.count('D', alice, 1), 1); CHECK_EQ(B.count('D', alice, 0), 1);
}

// ---- blocks -------------------------------------------------------------------------------------
void blocks(const World &w, Soc &A, Soc &B) {
    const uint64_t alice = w.alice, bob = w.bob, dave = w.dave;
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(PlatformSim_Befriend(alice, bob, true, w.app));
    step(20);
    CHECK((rel(A, bob) == T{kFriend, kFriend}));
    A.clear(); B.clear();
    CHECK(call(Platform_Client_BlockUser, A, bob).ok);
    CHECK((rel(A, bob) == T{kBlocked, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 1);  // Friend -> Blocked
    CHECK_EQ(A.count('D', bob, 0), 1);
    CHECK_EQ(B.count('D', alice, 1), 1); CHECK_EQ(B.count('D', alice, 0), 1);
    CHECK_EQ(B.count('C'), 0);
    CHECK(knows(A, bob));  // blocked users are known
    CHECK((rels(A) == Ids{bob, dave}));
    CHECK(knows(B, alice));  // an edge on either side makes the user known
    // Requests across the block.
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, B, alice), 403, 80000));
    CHECK(isErr(call(Platform_Client_SendGameFriendRequestById, B, alice), 403, 80000));
    CHECK(isErr(callName(Platform_Client_SendPlatformFriendRequest, A, "bob"), 400, 80001));
    CHECK(isErr(call(Platform_Client_SendGameFriendRequestById, A, bob), 400, 80001));
    CHECK(!PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_Befriend(bob, alice, true, w.app));
    CHECK(startsWith(lastError(), "403:"));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    // Blocking again changes nothing.
    A.clear();
    CHECK(call(Platform_Client_BlockUser, A, bob).ok);
    CHECK(A.ev.empty());
    // Both block: each keeps their own block.
    CHECK(call(Platform_Client_BlockUser, B, alice).ok);
    CHECK((rel(A, bob) == T{kBlocked, kNone}));
    CHECK((rel(B, alice) == T{kBlocked, kNone}));
    A.clear();
    CHECK(call(Platform_Client_UnblockUser, A, bob).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kBlocked, kNone}));
    CHECK_EQ(A.count('D', bob, 1), 1);
    CHECK(isErr(call(Platform_Client_UnblockUser, A, bob), 400, 80007));
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, bob), 403, 80000));  // bob still blocks alice
    CHECK(call(Platform_Client_UnblockUser, B, alice).ok);
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK(!knows(A, bob));
    CHECK(isErr(call(Platform_Client_BlockUser, A, alice), 400, 80003));
    CHECK(isErr(call(Platform_Client_BlockUser, A, 12345), 404, 10013));
    CHECK(isErr(call(Platform_Client_UnblockUser, A, 12345), 404, 10013));
}

// ---- other errors, not ready, injected failures, robustness ----------------------------------------
void errors(const World &w, Soc &A, Soc &E) {
    const uint64_t alice = w.alice, bob = w.bob, eve = w.eve;
    CHECK(isErr(callName(Platform_Client_SendPlatformFriendRequest, A, "nobody"), 400, 80004));
    CHECK(isErr(callName(Platform_Client_SendGameFriendRequest, A, "nobody"), 400, 80004));
    const Res empty = callName(Platform_Client_SendPlatformFriendRequest, A, "");
    CHECK_EQ(empty.type, (int)Platform_ErrorType_ValidationError); CHECK_EQ(empty.status, 0);
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, alice), 400, 80003));
    CHECK(isErr(callName(Platform_Client_SendGameFriendRequest, A, "ALICE"), 400, 80003));
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, 999), 404, 10013));
    CHECK(isErr(call(Platform_Client_AcceptGameFriendRequest, A, 999), 404, 10013));
    CHECK(isErr(call(Platform_Client_RemoveGameFriend, A, 999), 404, 10013));
    // No Ready session: ClientNotReady, nothing sent; the synchronous reads are empty.
    CHECK_EQ((int)Platform_Client_GetStatus(&E.c), (int)Platform_Client_Status_Disconnected);
    const Res nr = call(Platform_Client_SendPlatformFriendRequestById, E, alice);
    CHECK_EQ(nr.type, (int)Platform_ErrorType_ClientNotReady);
    CHECK_EQ(callName(Platform_Client_SendGameFriendRequest, E, "alice").type, (int)Platform_ErrorType_ClientNotReady);
    CHECK((rel(A, eve) == T{kNone, kNone}));
    CHECK(rels(E).empty());
    CHECK(group(E, kOffline).empty());
    CHECK(search(E, "a").empty());
    // An injected failure: the request never reaches the platform.
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_SendGameFriendRequestById")), 503, 0, 0));
    const Res f = call(Platform_Client_SendGameFriendRequestById, A, eve);
    CHECK_EQ(f.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(f.status, 503);
    CHECK((rel(A, eve) == T{kNone, kNone}));
    // A zeroed client: ClientDestroyed at the next RunCallbacks, triple released.
    Platform_Client z{};
    SimpleRes zr;
    int freed = g_freed;
    Platform_Client_BlockUser(&z, bob, simpleCb, countFree, &zr);
    CHECK(!zr.called);
    Platform_RunCallbacks();
    CHECK(zr.called); CHECK_EQ(zr.r.type, (int)Platform_ErrorType_ClientDestroyed); CHECK_EQ(g_freed - freed, 1);
    Platform_RelationshipHandle zh{};
    Platform_Client_GetRelationshipHandle(&z, bob, &zh);
    CHECK_EQ(Platform_RelationshipHandle_Id(&zh), uint64_t(0));
    Platform_RelationshipHandle_Drop(&zh);
    Platform_RelationshipHandleSpan zs{};
    Platform_Client_GetRelationships(&z, &zs);
    CHECK(readRels(zs).empty());
    // A NULL fn: the request still happens and its triple is released once.
    freed = g_freed;
    Platform_Client_SendPlatformFriendRequestById(&A.c, eve, nullptr, countFree, nullptr);
    step(20);
    CHECK_EQ(g_freed - freed, 1);
    CHECK((rel(A, eve) == T{kOut, kNone}));
    CHECK(call(Platform_Client_CancelPlatformFriendRequest, A, eve).ok);
}

// ---- provisional accounts: game friends only; application profile from their identity -----------
void provisional(const World &w, Soc &A) {
    const uint64_t alice = w.alice;
    Soc Pv(w.app, 0, false);
    TokenRes t;
    const std::string ticket = "steam-ticket-for-relationships";
    Platform_Client_GetProvisionalToken(&Pv.c, w.app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(ticket),
                                        tokenCb, countFree, &t);
    step(20);
    CHECK(t.r.ok);
    Platform_Client_UpdateToken(&Pv.c, Platform_AuthorizationTokenType_Bearer, P(t.access), nullptr, nullptr, nullptr);
    Platform_Client_Connect(&Pv.c);
    for (int i = 0; i < 4; ++i) step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&Pv.c), (int)Platform_Client_Status_Ready);
    Platform_UserHandle me{};
    CHECK(Platform_Client_GetCurrentUserV2(&Pv.c, &me));
    const uint64_t prov = Platform_UserHandle_Id(&me);
    CHECK(Platform_UserHandle_IsProvisional(&me));
    Platform_String s;
    Platform_UserHandle_Username(&me, &s);
    const std::string provName = S(s);
    Platform_UserHandle_Drop(&me);
    CHECK(prov != 0);
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, prov), 400, 80002));
    CHECK(isErr(callName(Platform_Client_SendPlatformFriendRequest, A, provName), 400, 80002));
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, Pv, alice), 400, 80002));
    CHECK(!PlatformSim_Befriend(alice, prov, false, 0));
    const std::string err = lastError();
    CHECK(startsWith(err, "400:")); CHECK(err.find("80002") != std::string::npos);
    CHECK(!PlatformSim_SendFriendRequestAs(prov, alice, false, 0, false));
    CHECK((rel(A, prov) == T{kNone, kNone}));
    CHECK(call(Platform_Client_SendGameFriendRequestById, Pv, alice).ok);
    CHECK(call(Platform_Client_AcceptGameFriendRequest, A, prov).ok);
    CHECK((rel(A, prov) == T{kNone, kFriend}));
    CHECK((rel(Pv, alice) == T{kNone, kFriend}));
    // The Steam identity shows as an application profile: a stable id that is not the ticket.
    const auto own = ownProfiles(Pv);
    CHECK_EQ(own.size(), size_t(1));
    if (own.size() == 1) {
        CHECK_EQ(own[0].type, (int)Platform_ExternalIdentityProviderType_Steam);
        CHECK(startsWith(own[0].issuedId, "ext-"));
        CHECK(own[0].issuedId.find(ticket) == std::string::npos);
        CHECK(!own[0].providerId.has_value());
        const auto seen = profilesOf(A, prov);  // alice knows her game friend
        CHECK_EQ(seen.size(), size_t(1));
        CHECK(!seen.empty() && seen[0].issuedId == own[0].issuedId);
    }
    CHECK(call(Platform_Client_RemoveGameFriend, A, prov).ok);
}

// ---- spam flag and the relationship control calls ---------------------------------------------------
void spamAndControl(const World &w, Soc &A, Soc &E, Soc &D) {
    const uint64_t alice = w.alice, eve = w.eve, dave = w.dave;
    A.clear();
    CHECK(PlatformSim_SendFriendRequestAs(eve, alice, false, 0, true));
    step(20);
    CHECK((rel(A, eve) == T{kIn, kNone}));
    CHECK((rel(E, alice) == T{kOut, kNone}));
    CHECK(spam(A, eve));
    CHECK(!spam(E, alice));
    CHECK_EQ(A.count('C', eve, 1), 1);
    CHECK_EQ(E.count('C', alice, 1), 1);
    CHECK(call(Platform_Client_AcceptPlatformFriendRequest, A, eve).ok);
    CHECK(!spam(A, eve));
    CHECK((rel(E, alice) == T{kFriend, kNone}));
    CHECK(PlatformSim_SendFriendRequestAs(dave, alice, false, 0, false));
    CHECK(PlatformSim_SendFriendRequestAs(dave, alice, true, w.app, true));
    step(20);
    CHECK((rel(A, dave) == T{kIn, kFriend}));  // already game friends: that request changes nothing
    CHECK(!spam(A, dave));
    // Control errors (nothing applied).
    CHECK(!PlatformSim_SendFriendRequestAs(999, alice, false, 0, false)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_SendFriendRequestAs(eve, alice, true, 0, false)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_SendFriendRequestAs(eve, eve, false, 0, false)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_Befriend(alice, eve, true, 4242)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_Befriend(alice, 999, false, 0)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_RemoveRelationships(alice, alice)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_RemoveRelationships(alice, 999)); CHECK(startsWith(lastError(), "404:"));
    // RemoveRelationships: the pending platform request and the game friendship both go.
    A.clear(); D.clear();
    CHECK(PlatformSim_RemoveRelationships(dave, alice));
    step(20);
    CHECK((rel(A, dave) == T{kNone, kNone}));
    CHECK((rel(D, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', dave, 1), 1); CHECK_EQ(A.count('D', dave, 0), 1);
    CHECK_EQ(D.count('D', alice, 1), 1); CHECK_EQ(D.count('D', alice, 0), 1);
    CHECK(PlatformSim_RemoveRelationships(dave, alice));  // nothing left: still fine, no events
    step(20);
    CHECK_EQ(A.count('D'), 2);
}
}  // namespace relationships

using namespace relationships;

void testRelationships() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    World w;
    w.app = freshChatWorld();
    w.app2 = PlatformSim_CreateApplication(P(std::string("OtherGame")), 0, 0, P(std::string("")));
    w.alice = newUser("alice", "Alice A.");
    w.bob = newUser("bob");
    w.carol = newUser("carol", "Bono");
    w.dave = newUser("dave");
    w.eve = newUser("eve");
    {
        Soc A(w.app, w.alice), B(w.app, w.bob), C(w.app, w.carol), D(w.app, w.dave), D2(w.app2, w.dave);
        Soc E(w.app, w.eve, false);
        platformFlow(w, A, B, C);
        gameFlow(w, A, B, D, D2);
        blocks(w, A, B);
        errors(w, A, E);
        E.connect();
        provisional(w, A);
        spamAndControl(w, A, E, D);
        handles(w, A);
        groups(w, A, B, C, D, D2);
        searching(w, A);
        profileEdits(w, A, B, E);
        appProfiles(w, A, B);
    }
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
