// Activity invites and join requests: messages, records, accept, invalidation, accept-elsewhere on
// every session. Friends: invites need friendship (areFriends). invitesWithFriends makes friends
// with PlatformSim_Befriend (relationships area); invites needs no friendship (the not-friends path,
// join requests to public parties and their replies). Run by testPresence.
#include "presence_harness.h"

namespace presence {

// ---- 7. invites and join requests (no friendship needed) ---------------------------------------------

void invites(uint64_t alice, uint64_t bob) {
    const uint64_t parent = PlatformSim_CreateApplication(P(std::string("Launcher")), 0, 0, P(std::string("")));
    const uint64_t child = PlatformSim_CreateApplication(P(std::string("Shooter")), 0, parent, P(std::string("")));
    const uint64_t unrelated = PlatformSim_CreateApplication(P(std::string("Puzzle")), 0, 0, P(std::string("")));
    PClient a1(child, alice), b(child, bob);
    meet(&a1.c, &b.c, "invites");
    // SendActivityInvite: checks in order, nothing delivered.
    CHECK_EQ(invite(&a1.c, bob + 999999, "hi").status, 404);
    Res self = invite(&a1.c, alice, "hi");
    CHECK_EQ(self.status, 400);
    Res noParty = invite(&a1.c, bob, "hi");
    CHECK_EQ(noParty.type, (int)Platform_ErrorType_HTTPError);
    CHECK_EQ(noParty.status, 400);
    CHECK(contains(noParty.body, "party id and join secret"));
    Act mine;
    makeJoinable(mine.get(), "alice-party", "alice-secret");
    ACCEPTED(update(&a1.c, mine.get()));
    Res notFriends = invite(&a1.c, bob, "Join me");
    CHECK_EQ(notFriends.type, (int)Platform_ErrorType_HTTPError);
    CHECK_EQ(notFriends.status, 403);
    CHECK_EQ(notFriends.code, 50007);
    CHECK(contains(notFriends.body, "friends"));
    Res tooLong = invite(&a1.c, bob, std::string(2001, 'x'));
    CHECK_EQ(tooLong.type, (int)Platform_ErrorType_ValidationError);
    CHECK_EQ(invite(&a1.c, bob, "bad \xFF").type, (int)Platform_ErrorType_ValidationError);
    {
        PClient off(child, alice, false);
        CHECK_EQ(invite(&off.c, bob, "hi").type, (int)Platform_ErrorType_ClientNotReady);
        CHECK_EQ(joinRequest(&off.c, bob).type, (int)Platform_ErrorType_ClientNotReady);
    }
    CHECK(b.created.empty());
    // Join requests: the target needs a joinable activity in this application; a private party
    // needs friendship, a public one does not.
    Res none = joinRequest(&a1.c, bob);
    CHECK_EQ(none.status, 400);
    CHECK(contains(none.body, "joinable"));
    Act theirs;
    makeJoinable(theirs.get(), "bob-party", "bob-secret");
    ACCEPTED(update(&b.c, theirs.get()));
    Res priv = joinRequest(&a1.c, bob);
    CHECK_EQ(priv.status, 403);
    CHECK(contains(priv.body, "private"));
    makeJoinable(theirs.get(), "bob-party", "bob-secret", Platform_ActivityPartyPrivacy_Public);
    ACCEPTED(update(&b.c, theirs.get()));
    CHECK(setStatus(&b.c, Platform_StatusType_Invisible).ok);  // appears offline: no party to join
    CHECK_EQ(joinRequest(&a1.c, bob).status, 400);
    CHECK(setStatus(&b.c, Platform_StatusType_Online).ok);
    a1.clear(); b.clear();
    ACCEPTED(joinRequest(&a1.c, bob));
    CHECK_EQ(b.created.size(), size_t(1));
    CHECK(a1.created.empty());  // the requester's sessions get only the message
    if (b.created.size() != 1) return;
    const InvInfo jr = b.created[0];
    CHECK_EQ(jr.sender, alice);
    CHECK_EQ(jr.type, (int)Platform_ActivityActionTypes_JoinRequest);
    CHECK_EQ(jr.app, child);
    CHECK_EQ(jr.parent, parent);
    CHECK_EQ(jr.party, std::string("bob-party"));
    CHECK(isHex32(jr.session));
    CHECK(jr.valid);
    // It is a real DM message: MessageCreated first, then the invite; same channel.
    CHECK(std::count(b.messages.begin(), b.messages.end(), jr.message) == 1);
    CHECK(std::count(a1.messages.begin(), a1.messages.end(), jr.message) == 1);
    const auto firstInvite = std::find(b.order.begin(), b.order.end(), "InviteCreated");
    CHECK(std::find(b.order.begin(), firstInvite, "MessageCreated") != firstInvite);
    auto m = cached(&b.c, jr.message);
    CHECK(m && m->channel == jr.channel && m->author == alice && m->recipient == bob && m->raw.empty());
    CHECK(m && m->app == std::optional<uint64_t>(child));
    // The reply: a Join invite back to the requester, no friendship needed.
    CHECK_EQ(reply(&a1.c, jr).status, 403);  // not sent to alice
    InvInfo unknown = jr;
    unknown.message = jr.message + 12345;
    CHECK_EQ(reply(&b.c, unknown).status, 404);
    {
        Platform_ActivityInvite zi{};
        SimpleRes zr;
        Platform_Client_SendActivityJoinRequestReply(&b.c, &zi, simpleCb, countFree, &zr);
        step(20);
        CHECK_EQ(zr.r.type, (int)Platform_ErrorType_ValidationError);
    }
    b.clear();
    ACCEPTED(reply(&b.c, jr));
    CHECK_EQ(a1.created.size(), size_t(1));
    if (a1.created.size() != 1) return;
    const InvInfo join = a1.created[0];
    CHECK_EQ(join.sender, bob);
    CHECK_EQ(join.type, (int)Platform_ActivityActionTypes_Join);
    CHECK_EQ(join.party, std::string("bob-party"));
    CHECK(join.app == child && join.parent == parent && join.valid);
    CHECK(isHex32(join.session) && join.session != jr.session);  // bob's session, not alice's
    CHECK_EQ(join.channel, jr.channel);  // the same DM channel
    CHECK_EQ(reply(&b.c, join).status, 400);  // not a join request
    // Accepting: only the recipient, only Join invites, returns the join secret.
    StrRes acc = accept(&a1.c, join);
    CHECK(acc.r.ok);
    CHECK_EQ(acc.s, std::string("bob-secret"));
    CHECK_EQ(accept(&b.c, join).r.status, 403);
    CHECK_EQ(accept(&b.c, jr).r.status, 400);  // a join request is answered, not accepted
    CHECK_EQ(accept(&a1.c, unknown).r.status, 404);
    {
        Platform_ActivityInvite zi{};
        StrRes zr;
        Platform_Client_AcceptActivityInvite(&a1.c, &zi, strCb, countFree, &zr);
        step(20);
        CHECK_EQ(zr.r.type, (int)Platform_ErrorType_ValidationError);
        CHECK_EQ(zr.s, std::string(""));
    }
    // The same session sends with the same session id.
    a1.clear(); b.clear();
    ACCEPTED(joinRequest(&a1.c, bob));
    CHECK(b.created.size() == 1 && b.created[0].session == jr.session);
    const InvInfo jr2 = b.created.empty() ? InvInfo{} : b.created[0];
    // Accepted on another device: every Ready session of alice gets the invite; sessions of the
    // invite's application get ActivityJoin, those of its parent ActivityJoinWithApplication.
    PClient a2(child, alice), a3(parent, alice), a4(unrelated, alice);
    a1.clear();
    InviteObj jo(join);
    CHECK_EQ(PlatformSim_AcceptInviteElsewhere(alice, &jo.i), 4);
    step(20);
    for (PClient *p : {&a1, &a2, &a3, &a4}) {
        CHECK_EQ(p->created.size(), size_t(1));
        CHECK(p->created.size() == 1 && p->created[0].message == join.message && p->created[0].valid);
    }
    CHECK(a1.joins == std::vector<std::string>{"bob-secret"});
    CHECK(a2.joins == std::vector<std::string>{"bob-secret"});
    CHECK(a1.joinsWithApp.empty() && a2.joinsWithApp.empty());
    CHECK(a3.joins.empty());
    CHECK((a3.joinsWithApp == std::vector<std::pair<uint64_t, std::string>>{{child, "bob-secret"}}));
    CHECK(a4.joins.empty() && a4.joinsWithApp.empty());
    CHECK((a1.order == std::vector<std::string>{"InviteCreated", "Join"}));
    CHECK_EQ(PlatformSim_AcceptInviteElsewhere(bob, &jo.i), -1);
    CHECK(lastError().rfind("403:", 0) == 0);
    {
        Platform_ActivityInvite zi{};
        CHECK_EQ(PlatformSim_AcceptInviteElsewhere(alice, &zi), -1);
        CHECK_EQ(PlatformSim_AcceptInviteElsewhere(alice, nullptr), -1);
        InviteObj uo(unknown);
        CHECK_EQ(PlatformSim_AcceptInviteElsewhere(alice, &uo.i), -1);
        CHECK(lastError().rfind("404:", 0) == 0);
        InviteObj ro(jr);
        CHECK_EQ(PlatformSim_AcceptInviteElsewhere(bob, &ro.i), -1);  // a join request
        CHECK(lastError().rfind("400:", 0) == 0);
    }
    // Bob's party changes: the invite becomes invalid for alice's sessions of the application and
    // its parent (ActivityInviteUpdated), and so do alice's join requests to bob's old party.
    for (PClient *p : {&a1, &a2, &a3, &a4, &b}) p->clear();
    makeJoinable(theirs.get(), "bob-party-2", "bob-secret", Platform_ActivityPartyPrivacy_Public);
    ACCEPTED(update(&b.c, theirs.get()));
    for (PClient *p : {&a1, &a2, &a3}) {
        CHECK_EQ(p->updated.size(), size_t(1));
        CHECK(p->updated.size() == 1 && p->updated[0].message == join.message && !p->updated[0].valid &&
              p->updated[0].party == "bob-party" && p->updated[0].sender == bob);
    }
    CHECK(a4.updated.empty());
    CHECK_EQ(b.updated.size(), size_t(2));  // the two join requests for bob-party
    CHECK(std::all_of(b.updated.begin(), b.updated.end(), [](const InvInfo &i) { return !i.valid; }));
    StrRes stale = accept(&a1.c, join);
    CHECK_EQ(stale.r.status, 400);
    CHECK(contains(stale.r.body, "no longer valid"));
    CHECK_EQ(stale.s, std::string(""));
    CHECK_EQ(PlatformSim_AcceptInviteElsewhere(alice, &jo.i), -1);
    CHECK(contains(lastError(), "no longer valid"));
    CHECK_EQ(reply(&b.c, jr2).status, 400);
    // Other ways an invite ends: a new join secret; clearing; the sender's session ending. A change
    // of privacy or size keeps it valid.
    auto freshInvite = [&]() -> InvInfo {
        a1.clear(); b.clear();
        Res jrr = joinRequest(&a1.c, bob);
        CHECK(jrr.ok);
        if (b.created.size() != 1) return InvInfo{};
        CHECK(reply(&b.c, b.created[0]).ok);
        return a1.created.size() == 1 ? a1.created[0] : InvInfo{};
    };
    InvInfo i1 = freshInvite();
    makeJoinable(theirs.get(), "bob-party-2", "bob-secret", Platform_ActivityPartyPrivacy_Public);
    setParty(theirs.get(), "bob-party-2", 3, 8, Platform_ActivityPartyPrivacy_Public);  // size only
    ACCEPTED(update(&b.c, theirs.get()));
    CHECK(a1.updated.empty());
    CHECK(accept(&a1.c, i1).r.ok);
    setSecret(theirs.get(), "bob-secret-2");
    ACCEPTED(update(&b.c, theirs.get()));
    CHECK(a1.updated.size() == 1 && a1.updated[0].message == i1.message);
    CHECK_EQ(accept(&a1.c, i1).r.status, 400);
    InvInfo i2 = freshInvite();
    StrRes ok2 = accept(&a1.c, i2);
    CHECK(ok2.r.ok && ok2.s == "bob-secret-2");
    Platform_Client_ClearRichPresence(&b.c);
    step(20);
    CHECK(a1.updated.size() == 1 && a1.updated[0].message == i2.message);
    CHECK_EQ(accept(&a1.c, i2).r.status, 400);
    ACCEPTED(update(&b.c, theirs.get()));
    InvInfo i3 = freshInvite();
    b.disconnect();
    step(20);
    CHECK(a1.updated.size() == 1 && a1.updated[0].message == i3.message && !a1.updated[0].valid);
    CHECK_EQ(accept(&a1.c, i3).r.status, 400);
}

// Needs PlatformSim_Befriend (relationships area): invites between friends.
void invitesWithFriends() {
    Cast w = freshPresenceWorld();
    CHECK(PlatformSim_Befriend(w.alice, w.bob, false, 0));
    PClient a(w.app, w.alice), b(w.app, w.bob);
    Act mine;
    makeJoinable(mine.get(), "alice-party", "alice-secret");  // private
    ACCEPTED(update(&a.c, mine.get()));
    b.clear();
    ACCEPTED(invite(&a.c, w.bob, "Join me!"));
    CHECK_EQ(b.created.size(), size_t(1));
    if (b.created.size() != 1) return;
    const InvInfo inv = b.created[0];
    CHECK_EQ(inv.sender, w.alice);
    CHECK_EQ(inv.type, (int)Platform_ActivityActionTypes_Join);
    CHECK(inv.app == w.app && inv.parent == 0 && inv.party == "alice-party" && inv.valid);
    CHECK(isHex32(inv.session));
    auto m = cached(&b.c, inv.message);
    CHECK(m && m->raw == "Join me!" && m->author == w.alice && m->channel == inv.channel);
    StrRes acc = accept(&b.c, inv);
    CHECK(acc.r.ok);
    CHECK_EQ(acc.s, std::string("alice-secret"));
    ACCEPTED(invite(&a.c, w.bob, ""));  // an invite may carry no text
    // A friend may ask to join a private party.
    a.clear();
    ACCEPTED(joinRequest(&b.c, w.alice));
    CHECK(a.created.size() == 1 && a.created[0].type == (int)Platform_ActivityActionTypes_JoinRequest);
    // The party changes: the invite is no longer valid.
    b.clear();
    makeJoinable(mine.get(), "alice-party-2", "alice-secret");
    ACCEPTED(update(&a.c, mine.get()));
    CHECK(b.updated.size() >= 1 && !b.updated[0].valid);
    CHECK_EQ(accept(&b.c, inv).r.status, 400);
}

}  // namespace presence
