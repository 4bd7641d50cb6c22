// Reading the relationships the state machine (relationships_test.cc) made: RelationshipHandle and
// UserHandle_Relationship (clone, drop, zeroed and stale handles), GetRelationshipsByGroup with
// groups-updated on friends' presence changes, SearchFriendsByUsername. Run by testRelationships.
#include "relationships_harness.h"

namespace relationships {

// ---- RelationshipHandle and UserHandle_Relationship ---------------------------------------------------
void handles(const World &w, Soc &A) {
    const uint64_t carol = w.carol;
    Platform_RelationshipHandle h{};
    Platform_Client_GetRelationshipHandle(&A.c, carol, &h);
    CHECK_EQ(Platform_RelationshipHandle_Id(&h), carol);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kNone);
    CHECK(!Platform_RelationshipHandle_IsSpamRequest(&h));
    Platform_UserHandle u{};
    CHECK(Platform_RelationshipHandle_User(&h, &u));
    CHECK_EQ(Platform_UserHandle_Id(&u), carol);
    Platform_UserHandle_Drop(&u);
    Platform_RelationshipHandle h2{};
    Platform_RelationshipHandle_Clone(&h2, &h);
    CHECK(PlatformSim_Befriend(w.alice, carol, false, 0));
    step(20);
    // Live: both the handle and its clone see the new friendship.
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kFriend);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h2), kFriend);
    Platform_RelationshipHandle_Drop(&h);
    // UserHandle_Relationship: the viewer's relationship with that user.
    Platform_UserHandle cu{};
    CHECK(Platform_Client_GetUser(&A.c, carol, &cu));
    Platform_RelationshipHandle r{};
    Platform_UserHandle_Relationship(&cu, &r);
    CHECK_EQ(Platform_RelationshipHandle_Id(&r), carol);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&r), kFriend);
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&r), kNone);
    Platform_RelationshipHandle_Drop(&r);
    Platform_UserHandle_Drop(&cu);
    // Zeroed handles: defaults.
    Platform_RelationshipHandle z{};
    CHECK_EQ(Platform_RelationshipHandle_Id(&z), uint64_t(0));
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&z), kNone);
    CHECK(!Platform_RelationshipHandle_IsSpamRequest(&z));
    CHECK(!Platform_RelationshipHandle_User(&z, &u));
    CHECK(!Platform_RelationshipHandle_User(nullptr, &u));
    Platform_RelationshipHandle_Drop(&z);
    Platform_UserHandle zu{};
    Platform_UserHandle_Relationship(&zu, &r);
    CHECK_EQ(Platform_RelationshipHandle_Id(&r), uint64_t(0));
    Platform_RelationshipHandle_Drop(&r);
    // Once its client is dropped, a handle reads defaults (and can still be dropped).
    {
        Soc tmp(w.app, w.alice);
        Platform_Client_GetRelationshipHandle(&tmp.c, carol, &h);
        CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kFriend);
    }
    CHECK_EQ(Platform_RelationshipHandle_Id(&h), uint64_t(0));
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kNone);
    CHECK(!Platform_RelationshipHandle_User(&h, &u));
    Platform_RelationshipHandle_Drop(&h);
    Platform_RelationshipHandle_Drop(&h2);
}

// ---- friend groups, groups-updated ---------------------------------------------------------------
void groups(const World &w, Soc &A, Soc &B, Soc &C, Soc &D, Soc &D2) {
    const uint64_t alice = w.alice, bob = w.bob, carol = w.carol, dave = w.dave, eve = w.eve;
    // alice's friends: bob and eve (platform), carol (platform, from handles()), dave (game, this app).
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(PlatformSim_Befriend(alice, dave, true, w.app));
    A.clear();
    step(20);
    CHECK_EQ(A.count('C', bob, 1), 1); CHECK_EQ(A.count('C', dave, 0), 1);
    // Becoming friends changes alice's friends list: one groups-updated per new friend.
    CHECK_EQ(A.count('G', bob), 1); CHECK_EQ(A.count('G', dave), 1); CHECK_EQ(A.count('G'), 2);
    // carol plays the other application only; dave is offline; bob plays this one.
    C.disconnect();
    Soc C2(w.app2, carol);
    D.disconnect();
    D2.disconnect();
    Soc A2(w.app2, alice);
    CHECK((group(A, kPlaying) == Ids{bob, eve}));
    CHECK((group(A, kElsewhere) == Ids{carol}));
    CHECK((group(A, kOffline) == Ids{dave}));
    // In the other application dave is no friend (game friends are per application).
    CHECK((group(A2, kPlaying) == Ids{carol}));
    CHECK((group(A2, kElsewhere) == Ids{bob, eve}));
    CHECK(group(A2, kOffline).empty());
    // Pending requests are not friends (dave is offline: he would be in bob's Offline group).
    CHECK(PlatformSim_SendFriendRequestAs(dave, bob, false, 0, false));
    step(20);
    CHECK((group(B, kPlaying) == Ids{alice}));
    CHECK(group(B, kOffline).empty());

    // Groups follow sessions: presence calls relationshipsOnSessionReady / presenceChanged when a
    // session becomes Ready or ends (connection.cc), with a UserUpdated to those who know the user.
    A.clear(); A2.clear(); B.clear();
    D.connect();
    CHECK(A.count('U', dave) >= 1);
    CHECK_EQ(A.count('G', dave), 1);  // Offline -> OnlinePlayingGame
    CHECK_EQ(A2.count('G'), 0);       // not a friend in the other application
    CHECK_EQ(B.count('G'), 0);        // not bob's friend
    CHECK((group(A, kPlaying) == Ids{bob, dave, eve}));
    A.clear();
    D2.connect();  // still playing this application: no change
    CHECK_EQ(A.count('G', dave), 0);
    D.disconnect();  // online, but only in the other application
    CHECK_EQ(A.count('G', dave), 1);
    CHECK((group(A, kElsewhere) == Ids{carol, dave}));
    D2.disconnect();
    CHECK_EQ(A.count('G', dave), 2);
    CHECK((group(A, kOffline) == Ids{dave}));
    // A friend the client learns of while Ready starts from its current group: dave becomes a
    // (platform) friend while playing this application; his second client changes nothing for
    // A, while for A2 (the other application) he moves from OnlineElsewhere to OnlinePlayingGame.
    CHECK(PlatformSim_RemoveRelationships(alice, dave));
    step(20);
    A.clear(); A2.clear();
    D.connect();
    CHECK_EQ(A.count('G'), 0);  // not a friend any more
    CHECK(PlatformSim_Befriend(alice, dave, false, 0));
    step(20);
    CHECK_EQ(A.count('G', dave), 1);   // a new (platform) friend: every application's client
    CHECK_EQ(A2.count('G', dave), 1);
    A.clear(); A2.clear();
    D2.connect();
    CHECK_EQ(A.count('G', dave), 0);
    CHECK_EQ(A2.count('G', dave), 1);
    D.disconnect();
    D2.disconnect();
    // A client that becomes Ready takes its friends' groups as they are (no event), then follows
    // changes: alice plays the other application (A2), so a second client of hers there changes
    // nothing for carol's client, and her leaving it does.
    C2.disconnect();
    C2.clear();
    C2.connect();
    CHECK_EQ(C2.count('G'), 0);
    {
        Soc A3(w.app2, alice);
        CHECK_EQ(C2.count('G', alice), 0);
    }
    A2.disconnect();
    CHECK_EQ(C2.count('G', alice), 1);
    A.clear();
    B.disconnect();
    CHECK_EQ(C2.count('G', bob), 0);  // bob is not carol's friend
    CHECK_EQ(A.count('G', bob), 1);
    B.connect();
    CHECK_EQ(A.count('G', bob), 2);
    CHECK(PlatformSim_RemoveRelationships(alice, dave));
    step(20);
}

// ---- SearchFriendsByUsername ------------------------------------------------------------------------
void searching(const World &w, Soc &A) {
    const uint64_t bobby = newUser("bobby"), jimbo = newUser("jimbo"), boris = newUser("boris");
    CHECK(PlatformSim_Befriend(w.alice, bobby, false, 0));
    CHECK(PlatformSim_Befriend(w.alice, jimbo, true, w.app));
    CHECK(PlatformSim_SendFriendRequestAs(boris, w.alice, false, 0, false));  // pending: not a friend
    step(20);
    // carol's global name is "Bono": a match, but not a username prefix.
    CHECK((search(A, "BO") == Ids{w.bob, bobby, w.carol, jimbo}));
    CHECK((search(A, "bo") == search(A, "Bo")));
    CHECK((search(A, "jim") == Ids{jimbo}));
    CHECK((search(A, "BONO") == Ids{w.carol}));
    CHECK(search(A, "").empty());
    CHECK(search(A, "zzz").empty());
    CHECK(search(A, "boris").empty());
    Platform_UserHandleSpan span{};
    Platform_Client_SearchFriendsByUsername(&A.c, P(std::string("bobb")), &span);
    CHECK_EQ(span.size, size_t(1));
    if (span.size == 1) {
        Platform_UserHandle h = span.ptr[0];
        Platform_String s;
        Platform_UserHandle_Username(&h, &s); CHECK_EQ(S(s), std::string("bobby"));
        Platform_UserHandle_Drop(&h);
    }
    Platform_Free(span.ptr);
}
}  // namespace relationships
