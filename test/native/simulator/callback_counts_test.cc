// Exact callback counts per documented cause (issue 22, the rows of docs/simulator.md "When each
// callback fires" other than RelationshipGroupsUpdated and the audio frames): two connected
// clients record every event they receive; each cause runs once and the test checks the count of
// the callback it belongs to (1 per client that sees it, or the documented number) and 0 for
// every callback that belongs to another cause. The area tests check what the events carry.
#include "voice_harness.h"

namespace {

void record(void *ud, const char *kind, uint64_t a, uint64_t b = 0) { static_cast<Player *>(ud)->events.push_back({kind, a, b}); }

// The last ActivityInvite delivered to any client (a clone, kept to accept it later).
struct KeptInvite {
    Platform_ActivityInvite i{};
    bool has = false;
    ~KeptInvite() { reset(); }
    void reset() { if (has) Platform_ActivityInvite_Drop(&i); has = false; }
    void keep(const Platform_ActivityInvite *src) { reset(); Platform_ActivityInvite_Clone(&i, src); has = true; }
};
KeptInvite g_invite;
void inviteEvent(Platform_ActivityInvite *inv, void *ud, const char *kind) {
    Platform_ActivityInvite owned = *inv;  // adopted
    g_invite.keep(&owned);
    record(ud, kind, Platform_ActivityInvite_MessageId(&owned));
    Platform_ActivityInvite_Drop(&owned);
}

// Adds the non-lobby, non-message callbacks to a Player's client (Player records lobby/message).
void registerRest(Player &p) {
    Platform_Client *c = &p.c;
    Platform_Client_SetRelationshipCreatedCallback(c, [](uint64_t u, bool, void *ud) { record(ud, "RelationshipCreated", u); }, countFree, &p);
    Platform_Client_SetRelationshipDeletedCallback(c, [](uint64_t u, bool, void *ud) { record(ud, "RelationshipDeleted", u); }, countFree, &p);
    Platform_Client_SetUserUpdatedCallback(c, [](uint64_t u, void *ud) { record(ud, "UserUpdated", u); }, countFree, &p);
    Platform_Client_SetDeviceChangeCallback(c, [](Platform_AudioDeviceSpan i, Platform_AudioDeviceSpan o, void *ud) {
        for (size_t k = 0; k < i.size; ++k) Platform_AudioDevice_Drop(&i.ptr[k]);
        for (size_t k = 0; k < o.size; ++k) Platform_AudioDevice_Drop(&o.ptr[k]);
        Platform_Free(i.ptr); Platform_Free(o.ptr);
        record(ud, "DeviceChange", 0);
    }, countFree, &p);
    Platform_Client_SetVoiceSettingsUpdatedCallback(c, [](Platform_VoiceSettings *s, void *ud) {
        Platform_VoiceSettings owned = *s;  // adopted
        Platform_VoiceSettings_Drop(&owned);
        record(ud, "VoiceSettingsUpdated", 0);
    }, countFree, &p);
    Platform_Client_RegisterAuthorizeRequestCallback(c, [](void *ud) { record(ud, "AuthorizeRequest", 0); }, countFree, &p);
    Platform_Client_SetTokenExpirationCallback(c, [](void *ud) { record(ud, "TokenExpiration", 0); }, countFree, &p);
    Platform_Client_SetStatusChangedCallback(c, [](Platform_Client_Status s, Platform_Client_Error, int32_t, void *ud) {
        record(ud, "StatusChanged", uint64_t(s));
    }, countFree, &p);
    Platform_Client_SetVoiceParticipantChangedCallback(c, [](uint64_t l, uint64_t m, bool added, void *ud) {
        record(ud, added ? "VoiceJoined" : "VoiceLeft", l, m); }, countFree, &p);
    Platform_Client_SetNoAudioInputCallback(c, [](bool detected, void *ud) { record(ud, "NoAudioInput", detected ? 1 : 0); }, countFree, &p);
    Platform_Client_SetAuthorizeDeviceScreenClosedCallback(c, [](void *ud) { record(ud, "DeviceScreenClosed", 0); }, countFree, &p);
    Platform_Client_SetActivityInviteCreatedCallback(c, [](Platform_ActivityInvite *i, void *ud) { inviteEvent(i, ud, "InviteCreated"); }, countFree, &p);
    Platform_Client_SetActivityInviteUpdatedCallback(c, [](Platform_ActivityInvite *i, void *ud) { inviteEvent(i, ud, "InviteUpdated"); }, countFree, &p);
    Platform_Client_SetActivityJoinCallback(c, [](Platform_String secret, void *ud) { S(secret); record(ud, "ActivityJoin", 0); }, countFree, &p);
    Platform_Client_SetActivityJoinWithApplicationCallback(c, [](uint64_t app, Platform_String secret, void *ud) {
        S(secret); record(ud, "ActivityJoinWithApplication", app); }, countFree, &p);
}

void settle() { for (int i = 0; i < 3; ++i) step(20); }

// Every event the player received since the last clear, as "Kind" -> count.
std::map<std::string, int> tally(const Player &p) {
    std::map<std::string, int> m;
    for (const Ev &e : p.events) ++m[e.kind];
    return m;
}

// The player received exactly `want` (kind -> count) and nothing else; prints the difference.
void expectOnly(Player &p, const char *cause, const std::map<std::string, int> &want) {
    const auto got = tally(p);
    if (got != want) {
        std::printf("cause '%s', user %llu received:", cause, (unsigned long long)p.user);
        for (const auto &[k, n] : got) std::printf(" %s=%d", k.c_str(), n);
        std::printf("\n");
    }
    CHECK(got == want);
    p.clear();
}

void lobbyCauses(Player &a, Player &b) {
    const uint64_t L = joinLobby(a, "counts").id;
    settle();
    expectOnly(a, "a creates the lobby", {{"LobbyCreated", 1}});
    expectOnly(b, "a creates the lobby (b not in it)", {});
    // b joins: LobbyCreated for b, MemberAdded for a; no lobby metadata change, so no LobbyUpdated.
    CHECK(joinLobby(b, "counts").r.ok);
    settle();
    expectOnly(a, "b joins", {{"MemberAdded", 1}});
    expectOnly(b, "b joins", {{"LobbyCreated", 1}});
    // A lobby metadata change (b re-joins with new lobby metadata): LobbyUpdated once to every
    // other member, none to the changer (docs/simulator.md, CreateOrJoinLobbyWithMetadata), no
    // MemberUpdated (b's member metadata is unchanged), no second LobbyCreated.
    CHECK(joinLobbyWith(b, "counts", {{"mode", "ranked"}}, {}).r.ok);
    settle();
    expectOnly(a, "lobby metadata change", {{"LobbyUpdated", 1}});
    expectOnly(b, "lobby metadata change (the changer)", {});
    // A member change (backend): MemberUpdated once per member, no LobbyUpdated.
    CHECK(setMember(L, b.user, "Bee", -1));
    settle();
    expectOnly(a, "member update", {{"MemberUpdated", 1}});
    expectOnly(b, "member update", {{"MemberUpdated", 1}});
    // A lobby message: MessageCreated once per member (the sender's client included).
    const uint64_t M = sendLobby(a, L, "hello").id;
    CHECK(M != 0);
    settle();
    expectOnly(a, "lobby message", {{"MessageCreated", 1}});
    expectOnly(b, "lobby message", {{"MessageCreated", 1}});
    // b leaves: LobbyDeleted for b, MemberRemoved for a.
    CHECK(leaveLobby(b, L).r.ok);
    settle();
    expectOnly(a, "b leaves", {{"MemberRemoved", 1}});
    expectOnly(b, "b leaves", {{"LobbyDeleted", 1}});
    CHECK(leaveLobby(a, L).r.ok);
    settle();
    expectOnly(a, "a leaves", {{"LobbyDeleted", 1}});
    expectOnly(b, "a leaves (b gone)", {});
}

void dmCauses(Player &a, Player &b) {
    const uint64_t D = sendDm(a, b.user, "hi").id;
    CHECK(D != 0);
    settle();
    // The first DM between them: the sender also gets the disclosure notice (two MessageCreated).
    expectOnly(a, "first dm sent", {{"MessageCreated", 2}});
    expectOnly(b, "first dm sent", {{"MessageCreated", 1}});
    const uint64_t D2 = sendDm(a, b.user, "again").id;
    CHECK(D2 != 0);
    settle();
    expectOnly(a, "second dm sent", {{"MessageCreated", 1}});
    expectOnly(b, "second dm sent", {{"MessageCreated", 1}});
    SimpleRes ed;
    Platform_Client_EditUserMessage(&a.c, b.user, D, P(std::string("hi (edited)")), simpleCb, countFree, &ed);
    settle();
    CHECK(ed.r.ok); CHECK_EQ(ed.calls, 1);
    expectOnly(a, "dm edited", {{"MessageUpdated", 1}});
    expectOnly(b, "dm edited", {{"MessageUpdated", 1}});
    SimpleRes del;
    Platform_Client_DeleteUserMessage(&a.c, b.user, D, simpleCb, countFree, &del);
    settle();
    CHECK(del.r.ok); CHECK_EQ(del.calls, 1);
    expectOnly(a, "dm deleted", {{"MessageDeleted", 1}});
    expectOnly(b, "dm deleted", {{"MessageDeleted", 1}});
}

// Relationship edges: RelationshipCreated once per edge change, on each side. The friends-list
// changes also give RelationshipGroupsUpdated (not registered here: relationship_groups_test.cc).
void relationshipCauses(Player &a, Player &b, uint64_t carol) {
    CHECK(PlatformSim_SendFriendRequestAs(b.user, a.user, false, 0, false));
    settle();
    expectOnly(a, "friend request", {{"RelationshipCreated", 1}});
    expectOnly(b, "friend request", {{"RelationshipCreated", 1}});
    CHECK(PlatformSim_Befriend(a.user, b.user, false, 0));
    settle();
    expectOnly(a, "request accepted", {{"RelationshipCreated", 1}});
    expectOnly(b, "request accepted", {{"RelationshipCreated", 1}});
    // A friend's rename: UserUpdated once; an unrelated user's rename: nothing.
    const std::string bobbie = "Bobbie", carolC = "Carol C.";  // outlive the Platform_String views
    Platform_String n = P(bobbie);
    CHECK(PlatformSim_UpdateUserProfile(b.user, &n, nullptr));
    settle();
    expectOnly(a, "friend renamed", {{"UserUpdated", 1}});
    b.clear();  // b's own user changed; which of its callbacks say so is presence_test.cc's matter
    Platform_String cn = P(carolC);
    CHECK(PlatformSim_UpdateUserProfile(carol, &cn, nullptr));
    settle();
    expectOnly(a, "unrelated user renamed", {});
    expectOnly(b, "unrelated user renamed", {});
    CHECK(PlatformSim_RemoveRelationships(a.user, b.user));
    settle();
    expectOnly(a, "friendship removed", {{"RelationshipDeleted", 1}});
    expectOnly(b, "friendship removed", {{"RelationshipDeleted", 1}});
}

void desktopCauses(Player &a, Player &b) {
    CHECK(PlatformSim_AudioDeviceAdd(P(std::string("counts-mic")), P(std::string("Counts Mic")), true, false));
    settle();
    expectOnly(a, "device added", {{"DeviceChange", 1}});
    expectOnly(b, "device added", {{"DeviceChange", 1}});
    CHECK(PlatformSim_AudioDeviceRemove(P(std::string("counts-mic"))));
    settle();
    expectOnly(a, "device removed", {{"DeviceChange", 1}});
    expectOnly(b, "device removed", {{"DeviceChange", 1}});
    PlatformSim_VoiceSettingsUpdate vs{};
    vs.hasSelfMute = true; vs.selfMute = true;
    CHECK(PlatformSim_SetPlatformVoiceSettings(&vs));
    vs.selfMute = false;
    CHECK(PlatformSim_SetPlatformVoiceSettings(&vs));
    settle();
    expectOnly(a, "two voice settings changes", {{"VoiceSettingsUpdated", 2}});
    expectOnly(b, "two voice settings changes", {{"VoiceSettingsUpdated", 2}});
    CHECK_EQ(PlatformSim_RequestAuthorize(), 2);
    settle();
    expectOnly(a, "authorize request", {{"AuthorizeRequest", 1}});
    expectOnly(b, "authorize request", {{"AuthorizeRequest", 1}});
}

// The device-authorization screen: closed once per open screen; closing none gives nothing.
// NoAudioInput: once per crossing of the client's threshold, only for the client that set one.
void screenAndInputCauses(Player &a, Player &b) {
    Platform_Client_CloseAuthorizeDeviceScreen(&a.c);
    settle();
    expectOnly(a, "close with no screen open", {});
    Platform_Client_OpenAuthorizeDeviceScreen(&a.c, a.app, P(std::string("ABCD-EFGH")));
    Platform_Client_CloseAuthorizeDeviceScreen(&a.c);
    Platform_Client_CloseAuthorizeDeviceScreen(&a.c);
    settle();
    expectOnly(a, "open, close, close", {{"DeviceScreenClosed", 1}});
    expectOnly(b, "a's screen", {});
    Platform_Client_SetNoAudioInputThreshold(&a.c, -50.0f);  // the microphone sits at -60 dBFS
    settle();
    expectOnly(a, "threshold set above the level", {{"NoAudioInput", 1}});
    PlatformSim_SetMicrophoneLevel(-40.0f);
    PlatformSim_SetMicrophoneLevel(-30.0f);  // still above the threshold: no second crossing
    settle();
    expectOnly(a, "one upward crossing", {{"NoAudioInput", 1}});
    PlatformSim_SetMicrophoneLevel(-60.0f);
    settle();
    expectOnly(a, "one downward crossing", {{"NoAudioInput", 1}});
    expectOnly(b, "level changes, no threshold set", {});
}

// Voice: VoiceParticipantChanged once per join/leave to each lobby member's client; the Call
// callbacks once per status step, participant change, voice-state change, speaking edge.
void voiceCauses(Player &a, Player &b) {
    const uint64_t L = joinLobby(a, "counts-voice").id;
    CHECK_EQ(joinLobby(b, "counts-voice").id, L);
    settle();
    a.clear(); b.clear();
    VCall ca, cb;
    CHECK(Platform_Client_StartCall(&a.c, L, &ca.call));
    ca.attach();
    walk();
    CHECK((ca.statuses() == std::vector<uint64_t>{Platform_Call_Status_Joining, Platform_Call_Status_Connecting,
                                                  Platform_Call_Status_SignalingConnected, Platform_Call_Status_Connected}));
    CHECK_EQ(ca.count("part", a.user, 1), 1); CHECK_EQ(ca.events.size(), size_t(5));
    expectOnly(a, "a joins voice", {{"VoiceJoined", 1}});
    expectOnly(b, "a joins voice", {{"VoiceJoined", 1}});
    ca.clear();
    CHECK(Platform_Client_StartCall(&b.c, L, &cb.call));
    cb.attach();
    walk();
    CHECK_EQ(ca.count("part", b.user, 1), 1); CHECK_EQ(ca.events.size(), size_t(1));
    CHECK_EQ(cb.count("part", a.user, 1), 1); CHECK_EQ(cb.count("part", b.user, 1), 1); CHECK_EQ(cb.statuses().size(), size_t(4));
    CHECK_EQ(cb.events.size(), size_t(6));
    expectOnly(a, "b joins voice", {{"VoiceJoined", 1}});
    expectOnly(b, "b joins voice", {{"VoiceJoined", 1}});
    ca.clear(); cb.clear();
    Platform_Call_SetSelfMute(&cb.call, true);
    settle();
    CHECK_EQ(ca.count("state", b.user, 0), 1); CHECK_EQ(cb.count("state", b.user, 0), 1);
    CHECK_EQ(ca.events.size(), size_t(1)); CHECK_EQ(cb.events.size(), size_t(1));
    Platform_Call_SetSelfMute(&cb.call, false);
    settle();
    ca.clear(); cb.clear();
    CHECK(PlatformSim_VoiceSpeak(b.user, L, 100, 0));
    for (int i = 0; i < 10; ++i) step(20);
    CHECK_EQ(ca.count("speak", b.user, 1), 1); CHECK_EQ(ca.count("speak", b.user, 0), 1); CHECK_EQ(ca.events.size(), size_t(2));
    CHECK_EQ(cb.count("speak", b.user, 1), 1); CHECK_EQ(cb.count("speak", b.user, 0), 1); CHECK_EQ(cb.events.size(), size_t(2));
    expectOnly(a, "b speaks", {});
    expectOnly(b, "b speaks", {});
    ca.clear(); cb.clear();
    SimpleRes ended;
    Platform_Client_EndCall(&b.c, L, [](void *ud) { ++static_cast<SimpleRes *>(ud)->calls; }, countFree, &ended);
    settle();
    CHECK_EQ(ended.calls, 1);
    CHECK_EQ(ca.count("part", b.user, 0), 1); CHECK_EQ(ca.events.size(), size_t(1));
    expectOnly(a, "b leaves voice", {{"VoiceLeft", 1}});
    expectOnly(b, "b leaves voice", {{"VoiceLeft", 1}});
    Platform_Client_EndCall(&a.c, L, nullptr, nullptr, nullptr);
    CHECK(leaveLobby(b, L).r.ok);
    CHECK(leaveLobby(a, L).r.ok);
    settle();
    a.clear(); b.clear();
}

// Activity invites between friends: an invite is a DM message (MessageCreated to both sides) and
// ActivityInviteCreated once to the invitee; accepting in the game answers the secret through
// the AcceptActivityInvite callback and fires nothing; accepting from the desktop client (another
// device) gives the session of the invite's application that invite and ActivityJoin once each
// (ActivityJoinWithApplication, for a parent application's session: presence_test.cc); the party
// ending fires ActivityInviteUpdated once for the invitee.
void activityCauses(Player &a, Player &b) {
    CHECK(PlatformSim_Befriend(a.user, b.user, false, 0));
    Platform_Activity act{};
    Platform_Activity_Init(&act);
    const std::string state = "In a party", partyId = "counts-party", secret = "counts-secret";
    Platform_String stateView = P(state);
    Platform_Activity_SetState(&act, &stateView);
    Platform_ActivityParty party{};
    Platform_ActivityParty_Init(&party);
    Platform_ActivityParty_SetId(&party, P(partyId));
    Platform_ActivityParty_SetCurrentSize(&party, 1);
    Platform_ActivityParty_SetMaxSize(&party, 4);
    Platform_Activity_SetParty(&act, &party);
    Platform_ActivityParty_Drop(&party);
    Platform_ActivitySecrets sec{};
    Platform_ActivitySecrets_Init(&sec);
    Platform_ActivitySecrets_SetJoin(&sec, P(secret));
    Platform_Activity_SetSecrets(&act, &sec);
    Platform_ActivitySecrets_Drop(&sec);
    SimpleRes rp;
    Platform_Client_UpdateRichPresence(&a.c, &act, simpleCb, countFree, &rp);
    settle();
    Platform_Activity_Drop(&act);
    CHECK(rp.r.ok);
    expectOnly(a, "befriended, then own presence", {{"RelationshipCreated", 1}, {"UserUpdated", 1}});
    expectOnly(b, "befriended, then friend's presence", {{"RelationshipCreated", 1}, {"UserUpdated", 1}});
    SimpleRes inv;
    Platform_Client_SendActivityInvite(&a.c, b.user, P(std::string("join me")), simpleCb, countFree, &inv);
    settle();
    CHECK(inv.r.ok);
    expectOnly(a, "invite sent", {{"MessageCreated", 1}});
    expectOnly(b, "invite sent", {{"InviteCreated", 1}, {"MessageCreated", 1}});
    CHECK(g_invite.has);
    StrRes acc;
    Platform_Client_AcceptActivityInvite(&b.c, &g_invite.i, strCb, countFree, &acc);
    settle();
    CHECK(acc.r.ok); CHECK_EQ(acc.s, secret);
    expectOnly(a, "accepted in game", {});
    expectOnly(b, "accepted in game", {});
    Platform_ActivityInvite elsewhere{};
    Platform_ActivityInvite_Clone(&elsewhere, &g_invite.i);
    CHECK_EQ(PlatformSim_AcceptInviteElsewhere(b.user, &elsewhere), 1);
    Platform_ActivityInvite_Drop(&elsewhere);
    settle();
    // The accepting session gets the invite it accepted, then the join (presence_test.cc: order).
    expectOnly(b, "accepted on another device", {{"InviteCreated", 1}, {"ActivityJoin", 1}});
    expectOnly(a, "accepted on another device", {});
    Platform_Client_ClearRichPresence(&a.c);
    settle();
    expectOnly(a, "own party ended", {{"UserUpdated", 1}});
    expectOnly(b, "friend's party ended", {{"InviteUpdated", 1}, {"UserUpdated", 1}});
    g_invite.reset();
    CHECK(PlatformSim_RemoveRelationships(a.user, b.user));
    settle();
    a.clear(); b.clear();
}

// Log: one line per emitted line at or above the callback's minimum severity, none below it.
// Lines come from the log thread: wait (bounded) for the last one, then count by marker.
void logCauses() {
    Platform_Client c{};
    Platform_Client_Init(&c);
    LogSink sink;
    Platform_Client_AddLogCallback(&c, logCb, logSinkFree, &sink, Platform_LoggingSeverity_Warning);
    PlatformSim_EmitLog(P(std::string("counts-marker info")), Platform_LoggingSeverity_Info);
    PlatformSim_EmitLog(P(std::string("counts-marker warning")), Platform_LoggingSeverity_Warning);
    PlatformSim_EmitLog(P(std::string("counts-marker error")), Platform_LoggingSeverity_Error);
    const auto count = [&](const std::string &marker) {
        std::lock_guard lk(sink.mu);
        int n = 0;
        for (const auto &l : sink.lines) n += l.first.find(marker) != std::string::npos;
        return n;
    };
    for (int i = 0; i < 500 && count("counts-marker error") == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    settleLogs();
    CHECK_EQ(count("counts-marker info"), 0);
    CHECK_EQ(count("counts-marker warning"), 1);
    CHECK_EQ(count("counts-marker error"), 1);
    Platform_Client_Drop(&c);
    CHECK(sink.waitReleased());
}

// Client StatusChanged: one per transition of a Disconnect and a reconnect, none while idle.
void statusCauses(Player &a, Player &b) {
    Platform_Client_Disconnect(&a.c);
    settle();
    std::vector<uint64_t> seen;
    for (const Ev &e : a.events) if (e.kind == "StatusChanged") seen.push_back(e.a);
    CHECK((seen == std::vector<uint64_t>{Platform_Client_Status_Disconnecting, Platform_Client_Status_Disconnected}));
    a.clear();
    b.clear();  // a's presence change reaches b through presence callbacks (presence_test.cc)
    connectAs(&a.c, a.user, a.app);
    settle();
    seen.clear();
    for (const Ev &e : a.events) if (e.kind == "StatusChanged") seen.push_back(e.a);
    CHECK((seen == std::vector<uint64_t>{Platform_Client_Status_Connecting, Platform_Client_Status_Connected, Platform_Client_Status_Ready}));
    a.clear(); b.clear();
    for (int i = 0; i < 10; ++i) step(1000);
    expectOnly(a, "ten idle seconds", {});
}

// Gives the player's client a freshly issued token (UpdateToken) and returns its lifetime in ms.
uint64_t freshToken(Player &p) {
    Platform_String at{}, rt{};
    int32_t expiresIn = 0;
    CHECK(PlatformSim_IssueToken(p.user, p.app, P(std::string("")), &at, &rt, &expiresIn));
    const std::string access = S(at);
    S(rt);
    SimpleRes up;
    Platform_Client_UpdateToken(&p.c, Platform_AuthorizationTokenType_Bearer, P(access), simpleCb, countFree, &up);
    step(20);
    CHECK(up.r.ok); CHECK_EQ(up.calls, 1);
    CHECK(expiresIn > 0);
    return uint64_t(expiresIn) * 1000;
}

// TokenExpiration: once per token, when that token expires; a new token expires once more.
void tokenCauses(Player &a, Player &b) {
    const uint64_t lifeA = freshToken(a), lifeB = freshToken(b);
    CHECK_EQ(lifeA, lifeB);
    a.clear(); b.clear();
    step(lifeA - 1000);
    expectOnly(a, "a token with a second left", {});
    step(2000);
    expectOnly(a, "the first token expired", {{"TokenExpiration", 1}});
    expectOnly(b, "b's token expired", {{"TokenExpiration", 1}});
    step(lifeA);
    expectOnly(a, "another lifetime, same token", {});
    expectOnly(b, "another lifetime, same token", {});
    const uint64_t life2 = freshToken(a);
    a.clear(); b.clear();
    step(life2 + 1000);
    expectOnly(a, "the second token expired", {{"TokenExpiration", 1}});
    expectOnly(b, "a's second token (b's unchanged)", {});
}

}  // namespace

void testCallbackCounts() {
    const uint64_t app = freshChatWorld();
    const uint64_t alice = newUser("counts_alice"), bob = newUser("counts_bob"), carol = newUser("counts_carol");
    Player a(app, alice), b(app, bob);
    registerRest(a);
    registerRest(b);
    settle();
    a.clear(); b.clear();
    lobbyCauses(a, b);
    dmCauses(a, b);
    relationshipCauses(a, b, carol);
    desktopCauses(a, b);
    screenAndInputCauses(a, b);
    voiceCauses(a, b);
    activityCauses(a, b);
    logCauses();
    statusCauses(a, b);
    tokenCauses(a, b);
}
