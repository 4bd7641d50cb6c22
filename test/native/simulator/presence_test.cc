// Rich presence as others see it: what a second client sees through UserHandle_GameActivity (every
// field, name override, cover-image fallback, parent id), UserUpdated on changes (party privacy
// included), ClearRichPresence, the local transport (no Ready session, desktop app installed or
// not), sessions ending and starting again, SetOnlineStatus / Invisible, PlatformSim_SetUserStatus /
// SetUserPresence. testPresence, at the end, runs the whole presence area: the Activity value
// classes and their validation (activity_values_test.cc), these, invites and join requests
// (activity_invites_test.cc), launch registration (launch_registration_test.cc).
#include "presence_harness.h"

namespace presence {

// ---- 3. what others see ---------------------------------------------------------------------------

void visibility(uint64_t alice, uint64_t bob, uint64_t carol) {
    const uint64_t app = PlatformSim_CreateApplication(P(std::string("Covered Game")), 0, 0, P(std::string("cover-from-portal")));
    const uint64_t other = PlatformSim_CreateApplication(P(std::string("Other Game")), 0, 0, P(std::string("")));
    CHECK(app != 0 && other != 0);
    PClient a(app, alice), b(app, bob), c(other, carol);
    meet(&a.c, &b.c, "visibility");
    CHECK(PlatformSim_BackendSendUserMessage(alice, carol, P(std::string("hi")), nullptr) != 0);  // carol knows alice
    step(20);
    CHECK(!seen(&b.c, alice).has_value());
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Online);
    a.clear(); b.clear(); c.clear();
    // Every field, as bob reads it.
    Act x;
    Platform_Activity_SetName(x.get(), P(std::string("Custom Name")));
    Platform_Activity_SetType(x.get(), Platform_ActivityTypes_Competing);
    Platform_StatusDisplayTypes disp = Platform_StatusDisplayTypes_State;
    Platform_Activity_SetStatusDisplayType(x.get(), &disp);
    setOpt(Platform_Activity_SetState, x.get(), "Ranked");
    setOpt(Platform_Activity_SetStateUrl, x.get(), "https://game.example/state");
    setOpt(Platform_Activity_SetDetails, x.get(), "Map: Harbor");
    setOpt(Platform_Activity_SetDetailsUrl, x.get(), "http://game.example/details");
    uint64_t bogus = 7;
    Platform_Activity_SetApplicationId(x.get(), &bogus);        // replaced by the client's application
    Platform_Activity_SetParentApplicationId(x.get(), &bogus);  // replaced: the application has no parent
    Platform_ActivityAssets as{};
    Platform_ActivityAssets_Init(&as);
    setOptAssets(Platform_ActivityAssets_SetLargeImage, &as, "map_harbor");
    setOptAssets(Platform_ActivityAssets_SetLargeText, &as, "Harbor");
    setOptAssets(Platform_ActivityAssets_SetLargeUrl, &as, "https://game.example/maps/harbor");
    setOptAssets(Platform_ActivityAssets_SetSmallImage, &as, "https://cdn.game.example/rank.png");
    setOptAssets(Platform_ActivityAssets_SetSmallText, &as, "Gold");
    setOptAssets(Platform_ActivityAssets_SetSmallUrl, &as, "https://game.example/ranks");
    setOptAssets(Platform_ActivityAssets_SetInviteCoverImage, &as, "own-cover");
    Platform_Activity_SetAssets(x.get(), &as);
    Platform_ActivityAssets_Drop(&as);
    setTimestamps(x.get(), 1700000000000ULL, 1700000600000ULL);
    setParty(x.get(), "party-1", 2, 5, Platform_ActivityPartyPrivacy_Private);
    setSecret(x.get(), "secret-1");
    addButton(x.get(), "Watch", "https://game.example/watch");
    addButton(x.get(), "Site", "https://game.example");
    Platform_Activity_SetSupportedPlatforms(x.get(), (Platform_ActivityGamePlatforms)(Platform_ActivityGamePlatforms_Desktop | Platform_ActivityGamePlatforms_Android));
    ACCEPTED(update(&a.c, x.get()));
    CHECK_EQ(b.updatesOf(alice), 1);
    CHECK_EQ(a.updatesOf(alice), 1);  // the user's own client hears of it too
    CHECK_EQ(c.updatesOf(alice), 1);  // carol knows alice (another application)
    auto v = seen(&b.c, alice);
    CHECK(v.has_value());
    if (v) {
        CHECK_EQ(v->name, std::string("Custom Name"));
        CHECK_EQ(v->type, (int)Platform_ActivityTypes_Competing);
        CHECK(v->display == std::optional<int>((int)Platform_StatusDisplayTypes_State));
        CHECK(v->state == std::optional<std::string>("Ranked"));
        CHECK(v->stateUrl == std::optional<std::string>("https://game.example/state"));
        CHECK(v->details == std::optional<std::string>("Map: Harbor"));
        CHECK(v->detailsUrl == std::optional<std::string>("http://game.example/details"));
        CHECK(v->app == std::optional<uint64_t>(app));
        CHECK(!v->parent.has_value());
        CHECK(v->hasAssets);
        CHECK(v->largeImage == std::optional<std::string>("map_harbor"));
        CHECK(v->largeText == std::optional<std::string>("Harbor"));
        CHECK(v->largeUrl == std::optional<std::string>("https://game.example/maps/harbor"));
        CHECK(v->smallImage == std::optional<std::string>("https://cdn.game.example/rank.png"));
        CHECK(v->smallText == std::optional<std::string>("Gold"));
        CHECK(v->smallUrl == std::optional<std::string>("https://game.example/ranks"));
        CHECK(v->cover == std::optional<std::string>("own-cover"));  // the activity's own wins
        CHECK(v->hasTimestamps && v->start == 1700000000000ULL && v->end == 1700000600000ULL);
        CHECK(v->hasParty && v->partyId == "party-1" && v->current == 2 && v->max == 5);
        CHECK_EQ(v->privacy, (int)Platform_ActivityPartyPrivacy_Private);
        CHECK(!v->hasSecrets);  // the join secret travels only through accepted invites
        CHECK(v->buttons == (std::vector<std::pair<std::string, std::string>>{{"Watch", "https://game.example/watch"}, {"Site", "https://game.example"}}));
        CHECK_EQ(v->platforms, (int)(Platform_ActivityGamePlatforms_Desktop | Platform_ActivityGamePlatforms_Android));
    }
    auto own = seen(&a.c, alice);
    CHECK(own && own->name == "Custom Name" && own->join == "secret-1");
    CHECK(!seen(&c.c, alice).has_value());  // activity of another application
    CHECK_EQ(statusOf(&c.c, alice), (int)Platform_StatusType_Online);
    // Publishing the same activity again changes nothing others see: no UserUpdated.
    b.clear();
    ACCEPTED(update(&a.c, x.get()));
    CHECK_EQ(b.updatesOf(alice), 0);
    // Party privacy (and size) changes propagate.
    setParty(x.get(), "party-1", 2, 5, Platform_ActivityPartyPrivacy_Public);
    ACCEPTED(update(&a.c, x.get()));
    CHECK_EQ(b.updatesOf(alice), 1);
    v = seen(&b.c, alice);
    CHECK(v && v->privacy == (int)Platform_ActivityPartyPrivacy_Public && v->partyId == "party-1");
    setParty(x.get(), "party-1", 3, 5, Platform_ActivityPartyPrivacy_Public);
    ACCEPTED(update(&a.c, x.get()));
    CHECK_EQ(b.updatesOf(alice), 2);
    v = seen(&b.c, alice);
    CHECK(v && v->current == 3);
    // No name: the application's name; no cover image: the application's (assets created).
    {
        Act y;
        setOpt(Platform_Activity_SetState, y.get(), "Lobby");
        ACCEPTED(update(&a.c, y.get()));
        v = seen(&b.c, alice);
        CHECK(v && v->name == "Covered Game");
        CHECK(v && v->hasAssets && v->cover == std::optional<std::string>("cover-from-portal") && !v->largeImage);
        setAsset(y.get(), Platform_ActivityAssets_SetLargeImage, "lobby");
        ACCEPTED(update(&a.c, y.get()));
        v = seen(&b.c, alice);
        CHECK(v && v->largeImage == std::optional<std::string>("lobby") && v->cover == std::optional<std::string>("cover-from-portal"));
        // Another application without a cover image: no assets appear.
        PClient a2(other, alice);
        Act z;
        setOpt(Platform_Activity_SetState, z.get(), "Elsewhere");
        ACCEPTED(update(&c.c, z.get()));
        auto cv = seen(&a2.c, carol);
        CHECK(cv && cv->name == "Other Game" && !cv->hasAssets && cv->app == std::optional<uint64_t>(other));
    }
    // A child application: ApplicationId is the child, ParentApplicationId the parent.
    {
        const uint64_t child = PlatformSim_CreateApplication(P(std::string("Child Game")), 0, app, P(std::string("")));
        PClient ac(child, alice), bc(child, bob);
        meet(&ac.c, &bc.c, "child");
        Act y;
        setOpt(Platform_Activity_SetState, y.get(), "In the child");
        ACCEPTED(update(&ac.c, y.get()));
        auto cv = seen(&bc.c, alice);
        CHECK(cv && cv->app == std::optional<uint64_t>(child) && cv->parent == std::optional<uint64_t>(app));
        CHECK(cv && cv->name == "Child Game" && !cv->hasAssets);  // the parent's cover is not inherited
        v = seen(&b.c, alice);  // the parent application's activity is separate
        CHECK(v && v->state == std::optional<std::string>("Lobby"));
    }
    step(20);  // the child clients' drop is announced
    // ClearRichPresence removes it; a second clear announces nothing.
    b.clear();
    Platform_Client_ClearRichPresence(&a.c);
    step(20);
    CHECK_EQ(b.updatesOf(alice), 1);
    CHECK(!seen(&b.c, alice).has_value());
    CHECK(!seen(&a.c, alice).has_value());
    Platform_Client_ClearRichPresence(&a.c);
    step(20);
    CHECK_EQ(b.updatesOf(alice), 1);
    // Dropping a Ready client removes the activity it published.
    {
        PClient a3(app, alice);
        Act y;
        setOpt(Platform_Activity_SetState, y.get(), "Short-lived");
        ACCEPTED(update(&a3.c, y.get()));
        v = seen(&b.c, alice);
        CHECK(v && v->state == std::optional<std::string>("Short-lived"));
        b.clear();
    }
    step(20);
    CHECK_EQ(b.updatesOf(alice), 1);
    CHECK(!seen(&b.c, alice).has_value());
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Online);  // `a` is still Ready
}

// ---- 4. local transport, sessions ending and starting ----------------------------------------------

void localTransport(uint64_t app, uint64_t alice, uint64_t bob) {
    PClient b(app, bob);
    PClient a(app, alice, false);
    CHECK(PlatformSim_BackendSendUserMessage(alice, bob, P(std::string("hello")), nullptr) != 0);  // bob knows alice
    step(20);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Offline);
    b.clear();
    Act x;
    setOpt(Platform_Activity_SetState, x.get(), "Local");
    // Not connected: accepted by the desktop app at the next RunCallbacks, nothing published yet.
    SimpleRes r;
    Platform_Client_UpdateRichPresence(&a.c, x.get(), simpleCb, countFree, &r);
    CHECK(!r.called);
    Platform_RunCallbacks();
    CHECK(r.called && r.r.ok);
    step(20);
    CHECK_EQ(b.updatesOf(alice), 0);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Offline);
    // The session becomes Ready: published, bob hears of it.
    a.connect();
    CHECK(b.updatesOf(alice) >= 1);
    auto v = seen(&b.c, alice);
    CHECK(v && v->state == std::optional<std::string>("Local") && v->app == std::optional<uint64_t>(app));
    CHECK(a.updatesOf(alice) == 0);  // the new session starts from the current state
    // The session ends: gone; Ready again: the client publishes it again.
    b.clear();
    a.disconnect();
    step(20);
    CHECK(b.updatesOf(alice) >= 1);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Offline);
    CHECK(!seen(&b.c, alice).has_value());
    a.connect();
    v = seen(&b.c, alice);
    CHECK(v && v->state == std::optional<std::string>("Local"));
    // Cleared while disconnected: nothing comes back.
    a.disconnect();
    Platform_Client_ClearRichPresence(&a.c);
    a.connect();
    CHECK(!seen(&b.c, alice).has_value());
    // The desktop app is not installed: without a Ready session the update fails (RPCError)...
    PlatformSim_SetPlatformAppInstalled(false);
    a.disconnect();
    Res nr = update(&a.c, x.get(), 0);
    CHECK_EQ(nr.type, (int)Platform_ErrorType_RPCError);
    CHECK(!nr.ok);
    CHECK(contains(nr.error, "not installed"));
    a.connect();
    CHECK(!seen(&b.c, alice).has_value());  // the failed update was not kept
    // ...while a Ready session does not need it.
    ACCEPTED(update(&a.c, x.get()));
    CHECK(seen(&b.c, alice).has_value());
    PlatformSim_SetPlatformAppInstalled(true);
    // A request the platform fails changes nothing.
    Act y;
    setOpt(Platform_Activity_SetState, y.get(), "Second");
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_UpdateRichPresence")), 500, 0, 0));
    Res failed = update(&a.c, y.get());
    CHECK_EQ(failed.type, (int)Platform_ErrorType_HTTPError);
    CHECK_EQ(failed.status, 500);
    v = seen(&b.c, alice);
    CHECK(v && v->state == std::optional<std::string>("Local"));
    // Network down (the session is Reconnecting, not Ready): the local transport takes the update;
    // it is published when the session resumes.
    PlatformSim_NetworkSetOnline(false);
    step(20);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Offline);
    ACCEPTED(update(&a.c, y.get()));
    PlatformSim_NetworkSetOnline(true);
    for (int i = 0; i < 3; ++i) step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&a.c), (int)Platform_Client_Status_Ready);
    v = seen(&b.c, alice);
    CHECK(v && v->state == std::optional<std::string>("Second"));
}

// ---- 5. online status -----------------------------------------------------------------------------

void onlineStatus(uint64_t app, uint64_t alice, uint64_t bob) {
    PClient a(app, alice), b(app, bob);
    meet(&a.c, &b.c, "status");
    for (int s : {1, 2, 6, 7, 42}) {
        Res r = setStatus(&a.c, (Platform_StatusType)s);
        CHECK_EQ(r.type, (int)Platform_ErrorType_ValidationError);
        CHECK(contains(r.error, "Online, Idle, Dnd or Invisible"));
    }
    {
        PClient off(app, alice, false);
        CHECK_EQ(setStatus(&off.c, Platform_StatusType_Idle).type, (int)Platform_ErrorType_ClientNotReady);
    }
    b.clear();
    CHECK(setStatus(&a.c, Platform_StatusType_Idle).ok);
    CHECK_EQ(b.updatesOf(alice), 1);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Idle);
    CHECK_EQ(statusOf(&a.c, alice), (int)Platform_StatusType_Idle);
    CHECK(setStatus(&a.c, Platform_StatusType_Dnd).ok);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Dnd);
    CHECK_EQ(b.updatesOf(alice), 2);
    // Invisible: others see Offline (and no activity); the user sees Invisible and their activity.
    Act x;
    setOpt(Platform_Activity_SetState, x.get(), "Sneaky");
    ACCEPTED(update(&a.c, x.get()));
    b.clear();
    CHECK(setStatus(&a.c, Platform_StatusType_Invisible).ok);
    CHECK_EQ(b.updatesOf(alice), 1);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Offline);
    CHECK_EQ(statusOf(&a.c, alice), (int)Platform_StatusType_Invisible);
    CHECK(!seen(&b.c, alice).has_value());
    auto own = seen(&a.c, alice);
    CHECK(own && own->state == std::optional<std::string>("Sneaky"));
    CHECK(setStatus(&a.c, Platform_StatusType_Online).ok);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Online);
    CHECK(seen(&b.c, alice).has_value());
    // The chosen status is the user's: kept across sessions.
    CHECK(setStatus(&a.c, Platform_StatusType_Idle).ok);
    a.disconnect();
    step(20);
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Offline);
    a.connect();
    CHECK_EQ(statusOf(&b.c, alice), (int)Platform_StatusType_Idle);
    CHECK(setStatus(&a.c, Platform_StatusType_Online).ok);
}

// ---- 6. control functions -------------------------------------------------------------------------

void simControls(uint64_t app, uint64_t alice, uint64_t bob) {
    const uint64_t dave = newUser("dave");
    PClient b(app, bob);
    CHECK(PlatformSim_BackendSendUserMessage(dave, bob, P(std::string("hello")), nullptr) != 0);  // bob knows dave
    step(20);
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Offline);
    b.clear();
    CHECK(PlatformSim_SetUserStatus(dave, Platform_StatusType_Dnd));
    step(20);
    CHECK_EQ(b.updatesOf(dave), 1);
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Dnd);
    CHECK(PlatformSim_SetUserStatus(dave, Platform_StatusType_Invisible));
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Offline);
    CHECK(PlatformSim_SetUserStatus(dave, Platform_StatusType_Online));
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Online);
    CHECK(PlatformSim_SetUserStatus(dave, Platform_StatusType_Offline));
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Offline);
    CHECK(!PlatformSim_SetUserStatus(dave, Platform_StatusType_Streaming));
    CHECK(lastError().rfind("400:", 0) == 0);
    CHECK(!PlatformSim_SetUserStatus(dave + 999, Platform_StatusType_Online));
    CHECK(lastError().rfind("404:", 0) == 0);
    // Rich presence from another device: counts as online; the same validation.
    step(20);
    b.clear();
    Act x;
    setOpt(Platform_Activity_SetState, x.get(), "From the desktop");
    setParty(x.get(), "dave-party", 1, 2, Platform_ActivityPartyPrivacy_Public);
    CHECK(PlatformSim_SetUserPresence(dave, app, x.get()));
    step(20);
    CHECK_EQ(b.updatesOf(dave), 1);
    auto v = seen(&b.c, dave);
    CHECK(v && v->state == std::optional<std::string>("From the desktop") && v->app == std::optional<uint64_t>(app));
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Online);
    Act bad;
    Platform_Activity_SetType(bad.get(), Platform_ActivityTypes_CustomStatus);
    CHECK(!PlatformSim_SetUserPresence(dave, app, bad.get()));
    CHECK(lastError().rfind("400: activity.type", 0) == 0);
    Act badUrl;
    setOpt(Platform_Activity_SetStateUrl, badUrl.get(), "javascript:alert(1)");
    CHECK(!PlatformSim_SetUserPresence(dave, app, badUrl.get()));
    CHECK(contains(lastError(), "activity.stateUrl"));
    Platform_Activity z{};
    CHECK(!PlatformSim_SetUserPresence(dave, app, &z));
    CHECK(!PlatformSim_SetUserPresence(dave, app + 999, x.get()));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(!PlatformSim_SetUserPresence(dave + 999, app, x.get()));
    v = seen(&b.c, dave);
    CHECK(v && v->state == std::optional<std::string>("From the desktop"));  // unchanged
    b.clear();
    CHECK(PlatformSim_SetUserPresence(dave, app, nullptr));
    step(20);
    CHECK_EQ(b.updatesOf(dave), 1);
    CHECK(!seen(&b.c, dave).has_value());
    CHECK_EQ(statusOf(&b.c, dave), (int)Platform_StatusType_Offline);
    // Another device replacing a client's activity: the client forgets its own copy, so its next
    // Ready session does not bring the old one back.
    PClient a(app, alice);
    CHECK(PlatformSim_BackendSendUserMessage(alice, bob, P(std::string("hi")), nullptr) != 0);
    step(20);
    Act mine;
    setOpt(Platform_Activity_SetState, mine.get(), "From the game");
    ACCEPTED(update(&a.c, mine.get()));
    CHECK(PlatformSim_SetUserPresence(alice, app, x.get()));
    step(20);
    a.disconnect();
    v = seen(&b.c, alice);  // another device's activity stays when the game's session ends
    CHECK(v && v->state == std::optional<std::string>("From the desktop"));
    a.connect();
    v = seen(&b.c, alice);
    CHECK(v && v->state == std::optional<std::string>("From the desktop"));
    CHECK(PlatformSim_SetUserPresence(alice, app, nullptr));
}

}  // namespace presence

using namespace presence;

void testPresence() {
    const int64_t live0 = PlatformSim_LiveCallbackCount();
    valueObjects();
    { Cast w = freshPresenceWorld(); validation(w.app, w.alice, w.bob); }
    { Cast w = freshPresenceWorld(); visibility(w.alice, w.bob, w.carol); }
    { Cast w = freshPresenceWorld(); localTransport(w.app, w.alice, w.bob); }
    { Cast w = freshPresenceWorld(); onlineStatus(w.app, w.alice, w.bob); }
    { Cast w = freshPresenceWorld(); simControls(w.app, w.alice, w.bob); }
    { Cast w = freshPresenceWorld(); invites(w.alice, w.bob); }
    { Cast w = freshPresenceWorld(); launchAndInstalled(w.app, w.alice); }
    invitesWithFriends();
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live0);
}
