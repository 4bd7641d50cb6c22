// RelationshipGroupsUpdated, the vendor's "any user in the friends list changed", by every cause:
// a friend request (both sides), its acceptance, a rename or profile edit of a user in the list, a
// presence change that moves a friend to another group or changes their visible status, a removal,
// a block (one event even when it ends a platform and a game friendship at once). And never
// without a cause: unrelated users, a presence change nobody can see, nothing after Client_Drop.
#include "chat_harness.h"

namespace {

struct GroupsRec {
    Platform_Client c{};
    uint64_t user = 0;
    std::vector<uint64_t> ids;  // RelationshipGroupsUpdated(userId), in delivery order
    int frees = 0;
    GroupsRec(uint64_t app, uint64_t u) : user(u) {
        Platform_Client_Init(&c);
        Platform_Client_SetApplicationId(&c, app);
        Platform_Client_SetRelationshipGroupsUpdatedCallback(
            &c, [](uint64_t id, void *ud) { static_cast<GroupsRec *>(ud)->ids.push_back(id); },
            [](void *ud) { ++static_cast<GroupsRec *>(ud)->frees; }, this);
        connectAs(&c, user, app);
        step(20);
        ids.clear();
    }
    GroupsRec(const GroupsRec &) = delete;
    GroupsRec &operator=(const GroupsRec &) = delete;
    ~GroupsRec() { Platform_Client_Drop(&c); }
    int count(uint64_t id) const { return static_cast<int>(std::count(ids.begin(), ids.end(), id)); }
};

void blockFrom(GroupsRec &r, uint64_t other) {
    SimpleRes res;
    Platform_Client_BlockUser(&r.c, other, simpleCb, countFree, &res);
    step(20); step(20);
    CHECK(res.called); CHECK(res.r.ok);
}

// The backend edits a user's global name (rename) or avatar.
bool renameUser(uint64_t user, const std::string &globalName) {
    Platform_String n = P(globalName);
    return PlatformSim_UpdateUserProfile(user, &n, nullptr);
}
bool setAvatar(uint64_t user, const std::string &hash) {
    Platform_String h = P(hash);
    return PlatformSim_UpdateUserProfile(user, nullptr, &h);
}

}  // namespace

void testRelationshipGroupsUpdated() {
    const uint64_t app = freshChatWorld();
    const uint64_t alice = newUser("groups_alice"), bob = newUser("groups_bob"), carol = newUser("groups_carol");
    GroupsRec A(app, alice), B(app, bob);
    const auto settle = [] { step(20); step(20); };

    // A friend request: both lists change (incoming for alice, outgoing for bob).
    CHECK(PlatformSim_SendFriendRequestAs(bob, alice, false, 0, false));
    settle();
    CHECK_EQ(A.count(bob), 1); CHECK_EQ(B.count(alice), 1);
    // No cause, no event: time passing, an unrelated user's rename and presence.
    A.ids.clear(); B.ids.clear();
    CHECK(renameUser(carol, "Carol C."));
    CHECK(PlatformSim_SetUserStatus(carol, Platform_StatusType_Online));
    settle();
    CHECK(A.ids.empty()); CHECK(B.ids.empty());
    // A rename of a user with a pending request (in the list, not yet a friend).
    CHECK(renameUser(bob, "Bobby"));
    settle();
    CHECK_EQ(A.count(bob), 1); CHECK_EQ(B.count(bob), 0);
    // Acceptance: both sides.
    A.ids.clear();
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    settle();
    CHECK_EQ(A.count(bob), 1); CHECK_EQ(B.count(alice), 1);
    // A friend's rename, then avatar: one event each.
    A.ids.clear(); B.ids.clear();
    CHECK(renameUser(bob, "Robert"));
    settle();
    CHECK_EQ(A.count(bob), 1);
    CHECK(setAvatar(bob, "0123456789abcdef0123456789abcdef"));
    settle();
    CHECK_EQ(A.count(bob), 2);
    // Presence: a visible status change (same group) and a group change; none for a repeat.
    A.ids.clear();
    CHECK(PlatformSim_SetUserStatus(bob, Platform_StatusType_Idle));
    settle();
    CHECK_EQ(A.count(bob), 1);
    CHECK(PlatformSim_SetUserStatus(bob, Platform_StatusType_Idle));
    settle();
    CHECK_EQ(A.count(bob), 1);
    Platform_Client_Disconnect(&B.c);
    settle();
    CHECK_EQ(A.count(bob), 2);  // playing -> elsewhere or offline
    connectAs(&B.c, bob, app);
    settle();
    CHECK_EQ(A.count(bob), 3);
    // Removal: both sides, once each.
    A.ids.clear(); B.ids.clear();
    CHECK(PlatformSim_RemoveRelationships(alice, bob));
    settle();
    CHECK_EQ(A.count(bob), 1); CHECK_EQ(B.count(alice), 1);
    // A block of a platform and game friend: one event for each side, not one per edge.
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(PlatformSim_Befriend(alice, bob, true, app));
    settle();
    A.ids.clear(); B.ids.clear();
    blockFrom(A, bob);
    CHECK_EQ(A.count(bob), 1); CHECK_EQ(B.count(alice), 1);
    CHECK_EQ(A.ids.size(), size_t(1)); CHECK_EQ(B.ids.size(), size_t(1));
    // A blocked user is still in the list: their rename is told; after unblocking they are not.
    CHECK(renameUser(bob, "Rob"));
    settle();
    CHECK_EQ(A.count(bob), 2);
    CHECK(PlatformSim_RemoveRelationships(alice, bob));
    settle();
    A.ids.clear();
    CHECK(renameUser(bob, "Bob again"));
    settle();
    CHECK(A.ids.empty());
    // Nothing after Drop: a change queued for the client is discarded with it, the triple freed once.
    CHECK(PlatformSim_SendFriendRequestAs(bob, alice, false, 0, false));
    const size_t before = A.ids.size();
    Platform_Client_Drop(&A.c);
    CHECK_EQ(A.frees, 1);
    settle();
    CHECK_EQ(A.ids.size(), before);
    CHECK_EQ(A.frees, 1);
    CHECK(PlatformSim_RemoveRelationships(alice, bob));
    settle();
}
