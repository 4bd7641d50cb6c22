// The friends list's fast path (issue 19, row 4): GetRelationships / GetRelationshipsByGroup create
// each RelationshipHandle with its view resolved in the list's one pass, and RelationshipHandle_User
// hands the friend's user view on to the UserHandle it creates, so their getters read without the
// world lock. What that must never change, checked here: the handles stay live (a change made
// after the list, with the handles and their users still held and already read, shows through
// every getter), a dropped, zeroed or bitwise-copied stale handle reads defaults, and a dropped
// client leaves every handle reading defaults. Each check reads a handle just before the change
// or drop, so the per-thread last view holds it: a fast path that ignored the change would fail.
#include "chat_harness.h"

namespace {

constexpr int kNone = Platform_RelationshipType_None, kFriend = Platform_RelationshipType_Friend,
              kIn = Platform_RelationshipType_PendingIncoming;

struct Rel {
    uint64_t id = 0;
    int platform = -1, game = -1;
    bool spam = false;
};

Rel readRel(Platform_RelationshipHandle *h) {
    return Rel{Platform_RelationshipHandle_Id(h), (int)Platform_RelationshipHandle_PlatformRelationshipType(h),
               (int)Platform_RelationshipHandle_GameRelationshipType(h), Platform_RelationshipHandle_IsSpamRequest(h)};
}

struct UserRead {
    uint64_t id = 0;
    std::string username, displayName;
    std::optional<std::string> globalName;
    int status = -1;
    bool activity = false;
    std::string activityState;
};

UserRead readUser(Platform_UserHandle *u) {
    UserRead r;
    Platform_String s{};
    r.id = Platform_UserHandle_Id(u);
    Platform_UserHandle_Username(u, &s);
    r.username = S(s);
    Platform_UserHandle_DisplayName(u, &s);
    r.displayName = S(s);
    if (Platform_UserHandle_GlobalName(u, &s)) r.globalName = S(s);
    r.status = (int)Platform_UserHandle_Status(u);
    Platform_Activity a{};
    r.activity = Platform_UserHandle_GameActivity(u, &a);
    if (r.activity) {
        if (Platform_Activity_State(&a, &s)) r.activityState = S(s);
        Platform_Activity_Drop(&a);
    }
    return r;
}

// The span's handles, adopted (the caller drops them), in list order.
std::vector<Platform_RelationshipHandle> adopt(Platform_RelationshipHandleSpan span) {
    CHECK(span.ptr != nullptr);
    std::vector<Platform_RelationshipHandle> out(span.ptr, span.ptr + span.size);
    Platform_Free(span.ptr);
    return out;
}

std::vector<Platform_RelationshipHandle> list(Platform_Client *c) {
    Platform_RelationshipHandleSpan span{};
    Platform_Client_GetRelationships(c, &span);
    return adopt(span);
}

bool setGlobalName(uint64_t user, const std::string &name) {
    Platform_String n = P(name);
    return PlatformSim_UpdateUserProfile(user, &n, nullptr);
}

bool setPresenceState(uint64_t user, uint64_t app, const std::string &state) {
    Platform_Activity a{};
    Platform_Activity_Init(&a);
    Platform_Activity_SetName(&a, P(std::string("Game")));
    Platform_String s = P(state);
    Platform_Activity_SetState(&a, &s);
    const bool ok = PlatformSim_SetUserPresence(user, app, &a);
    Platform_Activity_Drop(&a);
    return ok;
}

// A user handle taken from a listed friend outlives its list: every view of one GetRelationships
// lives in one block that the list's handles share (relationships.cc relationshipViews), and the
// user's view keeps that block alive. Every relationship handle of the list is dropped, another
// relationship handle is read (the thread's last relationship view moves to its own view; a
// WorldPeek, so the user's view stays current), then the user is read from its view in the block:
// ASan (npm run test:asan) and valgrind report the block as freed if the user's view did not keep
// it.
void userOutlivesItsList(uint64_t app) {
    const uint64_t owner = newUser("lister");
    std::vector<uint64_t> friends;
    for (int i = 0; i < 5; ++i) {
        friends.push_back(newUser("listed" + std::to_string(i), "Listed " + std::to_string(i)));
        CHECK(PlatformSim_Befriend(owner, friends.back(), false, 0));
    }
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_SetApplicationId(&c, app);
    connectAs(&c, owner, app);
    step(20);
    std::vector<Platform_RelationshipHandle> first = list(&c);
    CHECK_EQ(first.size(), size_t(5));
    Platform_UserHandle u{};
    if (first.size() == 5) CHECK(Platform_RelationshipHandle_User(&first[2], &u));
    for (Platform_RelationshipHandle &h : first) Platform_RelationshipHandle_Drop(&h);
    Platform_RelationshipHandle other{};
    Platform_Client_GetRelationshipHandle(&c, friends[0], &other);
    CHECK_EQ(Platform_RelationshipHandle_Id(&other), friends[0]);
    Platform_RelationshipHandle_Drop(&other);
    const UserRead r = readUser(&u);
    CHECK_EQ(r.id, friends[2]);
    CHECK_EQ(r.username, std::string("listed2"));
    CHECK_EQ(r.displayName, std::string("Listed 2"));
    Platform_UserHandle_Drop(&u);
    Platform_Client_Drop(&c);
    Platform_RunCallbacks();
}

}  // namespace

void testRelationshipListViews() {
    const uint64_t app = freshChatWorld();
    const uint64_t alice = newUser("alice"), bob = newUser("bob", "Bob"), carol = newUser("carol"),
                   dave = newUser("dave");
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(PlatformSim_Befriend(alice, carol, true, app));
    CHECK(PlatformSim_SendFriendRequestAs(dave, alice, false, 0, true));
    Platform_Client c{};
    Platform_Client_Init(&c);
    Platform_Client_SetApplicationId(&c, app);
    connectAs(&c, alice, app);
    step(20);

    // The list as the client's user sees it: types, spam flag, each user, in id order.
    std::vector<Platform_RelationshipHandle> hs = list(&c);
    CHECK_EQ(hs.size(), size_t(3));
    if (hs.size() != 3) return;
    Platform_RelationshipHandle &hb = hs[0], &hc = hs[1], &hd = hs[2];
    Rel b = readRel(&hb), cr = readRel(&hc), d = readRel(&hd);
    CHECK_EQ(b.id, bob); CHECK_EQ(b.platform, kFriend); CHECK_EQ(b.game, kNone); CHECK(!b.spam);
    CHECK_EQ(cr.id, carol); CHECK_EQ(cr.platform, kNone); CHECK_EQ(cr.game, kFriend); CHECK(!cr.spam);
    CHECK_EQ(d.id, dave); CHECK_EQ(d.platform, kIn); CHECK_EQ(d.game, kNone); CHECK(d.spam);
    // Two handles read in turn on one thread: the per-thread record is per handle class, so each
    // switch must miss it and read the other handle's own view.
    CHECK_EQ(Platform_RelationshipHandle_Id(&hc), carol);
    CHECK_EQ(Platform_RelationshipHandle_Id(&hb), bob);
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&hc), kFriend);
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&hb), kNone);

    Platform_UserHandle ub{}, uc{};
    CHECK(Platform_RelationshipHandle_User(&hb, &ub));
    CHECK(Platform_RelationshipHandle_User(&hc, &uc));
    UserRead rb = readUser(&ub);
    CHECK_EQ(rb.id, bob); CHECK_EQ(rb.username, std::string("bob")); CHECK_EQ(rb.displayName, std::string("Bob"));
    CHECK(rb.globalName == std::optional<std::string>("Bob"));
    CHECK_EQ(rb.status, (int)Platform_StatusType_Offline); CHECK(!rb.activity);
    CHECK_EQ(readUser(&uc).username, std::string("carol"));
    CHECK_EQ(readUser(&ub).id, bob);  // the slot went to carol's handle and back

    // Changes after the list show through the held handles and users, already read: a rename,
    // going online with an activity, going invisible (offline, no activity), a removal, an accept.
    CHECK(setGlobalName(bob, "Bobby"));
    step(20);
    rb = readUser(&ub);
    CHECK(rb.globalName == std::optional<std::string>("Bobby"));
    CHECK_EQ(rb.displayName, std::string("Bobby"));
    CHECK_EQ(Platform_UserHandle_Id(&ub), bob);
    CHECK(PlatformSim_SetUserStatus(bob, Platform_StatusType_Online));
    CHECK(setPresenceState(bob, app, "In a match"));
    step(20);
    rb = readUser(&ub);
    CHECK_EQ(rb.status, (int)Platform_StatusType_Online);
    CHECK(rb.activity); CHECK_EQ(rb.activityState, std::string("In a match"));
    {
        // A user handed out after the change, from the same (older) relationship handle.
        Platform_UserHandle again{};
        CHECK(Platform_RelationshipHandle_User(&hb, &again));
        CHECK_EQ(readUser(&again).activityState, std::string("In a match"));
        Platform_UserHandle_Drop(&again);
    }
    CHECK(PlatformSim_SetUserStatus(bob, Platform_StatusType_Invisible));
    step(20);
    rb = readUser(&ub);
    CHECK_EQ(rb.status, (int)Platform_StatusType_Offline); CHECK(!rb.activity);
    CHECK_EQ(Platform_RelationshipHandle_Id(&hb), bob);
    CHECK(PlatformSim_RemoveRelationships(alice, bob));
    step(20);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&hb), kNone);
    {
        // No longer a friend, still a user: the handle still hands out the user.
        Platform_UserHandle still{};
        CHECK(Platform_RelationshipHandle_User(&hb, &still));
        CHECK_EQ(Platform_UserHandle_Id(&still), bob);
        Platform_UserHandle_Drop(&still);
    }
    CHECK_EQ(Platform_RelationshipHandle_Id(&hd), dave);
    CHECK(PlatformSim_Befriend(alice, dave, false, 0));
    step(20);
    d = readRel(&hd);
    CHECK_EQ(d.platform, kFriend); CHECK(!d.spam);

    // The friend groups list comes with its views too, and agrees with the full list.
    {
        Platform_RelationshipHandleSpan span{};
        Platform_Client_GetRelationshipsByGroup(&c, Platform_RelationshipGroupType_Offline, &span);
        std::vector<Platform_RelationshipHandle> g = adopt(span);
        CHECK_EQ(g.size(), size_t(2));  // carol (game friend) and dave; bob is no longer a friend
        for (auto &h : g) {
            const Rel r = readRel(&h);
            CHECK(r.id == carol || r.id == dave);
            CHECK_EQ(r.id == carol ? r.game : r.platform, kFriend);
            Platform_UserHandle u{};
            CHECK(Platform_RelationshipHandle_User(&h, &u));
            CHECK_EQ(readUser(&u).status, (int)Platform_StatusType_Offline);
            Platform_UserHandle_Drop(&u);
            Platform_RelationshipHandle_Drop(&h);
        }
    }

    // A dropped handle, read just before its drop, reads defaults; so does a bitwise copy of it
    // (stale) and a zeroed one. Its user, dropped the same way, too.
    Platform_RelationshipHandle staleCopy = hc;
    CHECK_EQ(Platform_RelationshipHandle_Id(&hc), carol);
    Platform_RelationshipHandle_Drop(&hc);
    CHECK_EQ(Platform_RelationshipHandle_Id(&staleCopy), uint64_t(0));
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&staleCopy), kNone);
    Platform_UserHandle fromStale{};
    CHECK(!Platform_RelationshipHandle_User(&staleCopy, &fromStale));
    Platform_UserHandle ucCopy = uc;
    CHECK_EQ(Platform_UserHandle_Id(&uc), carol);
    Platform_UserHandle_Drop(&uc);
    CHECK_EQ(Platform_UserHandle_Id(&ucCopy), uint64_t(0));
    CHECK_EQ(readUser(&ucCopy).username, std::string());
    Platform_RelationshipHandle zero{};
    CHECK_EQ(readRel(&zero).id, uint64_t(0));
    CHECK(!Platform_RelationshipHandle_User(&zero, &fromStale));

    // A dropped client: every handle it handed out reads defaults, read just before or not.
    CHECK_EQ(Platform_RelationshipHandle_Id(&hd), dave);
    CHECK_EQ(Platform_UserHandle_Id(&ub), bob);
    Platform_Client_Drop(&c);
    d = readRel(&hd);
    CHECK_EQ(d.id, uint64_t(0)); CHECK_EQ(d.platform, kNone); CHECK(!d.spam);
    CHECK(!Platform_RelationshipHandle_User(&hd, &fromStale));
    rb = readUser(&ub);
    CHECK_EQ(rb.id, uint64_t(0)); CHECK_EQ(rb.username, std::string()); CHECK_EQ(rb.status, (int)Platform_StatusType_Unknown);
    Platform_UserHandle_Drop(&ub);
    Platform_RelationshipHandle_Drop(&hb);
    Platform_RelationshipHandle_Drop(&hd);
    Platform_RunCallbacks();
    userOutlivesItsList(app);
}
