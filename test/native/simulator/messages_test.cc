// Messages between two clients (two users) in one process: lobby messages and DMs, every
// MessageHandle field read inside MessageCreated (mentions rendered in Content, RawContent as
// sent, metadata, ApplicationId incl. a sibling application, AdditionalName only on lobby
// messages, moderation metadata only where the backend set it), the 2000-character limit
// (code points), the DM disclosure notice visible only to its sender, edit/delete rules and
// events on both sides, ChannelHandle, summaries and CanOpenMessageInPlatform.
#include "chat_harness.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

// Reads each created message inside its callback (the binding's pattern).
void captureInto(Player &p, std::map<uint64_t, MsgInfo> &out) {
    p.onCreated = [&out](Player &self, uint64_t id) {
        auto m = cached(&self.c, id);
        CHECK(m.has_value());
        if (m) out[id] = *m;
    };
}

void lobbyMessages(uint64_t app, uint64_t alice, uint64_t bob, uint64_t carol) {
    Player a(app, alice), b(app, bob), c(app, carol);
    std::map<uint64_t, MsgInfo> seenA, seenB;
    captureInto(a, seenA); captureInto(b, seenB);
    const uint64_t L = joinLobby(a, "chat").id;
    joinLobby(b, "chat");
    CHECK(setMember(L, alice, "Sir Alice", -1));
    step(20);
    const uint64_t t0 = PlatformSim_ClockNow();
    IdRes sent;
    PropsView md(StrMap{{"kind", "greeting"}});
    const std::string text = numbered("hi <@", bob) + "> and <@99>";
    Platform_Client_SendLobbyMessageWithMetadata(&a.c, L, P(text), md.get(), idCb, countFree, &sent);
    step(20);
    CHECK(sent.r.ok); CHECK(sent.id != 0);
    const uint64_t M = sent.id;
    CHECK_EQ(a.count("MessageCreated", M), 1);  // the sender's own client too
    CHECK_EQ(b.count("MessageCreated", M), 1);
    CHECK_EQ(c.count("MessageCreated"), 0);     // not a member
    CHECK(seenB.count(M) == 1);
    const MsgInfo &m = seenB[M];
    CHECK_EQ(m.id, M); CHECK_EQ(m.author, alice); CHECK_EQ(m.channel, L); CHECK_EQ(m.recipient, uint64_t(0));
    CHECK_EQ(m.raw, text);
    CHECK_EQ(m.content, std::string("hi @Bob B. and <@99>"));
    CHECK((m.md == StrMap{{"kind", "greeting"}})); CHECK(m.mod.empty());
    CHECK(m.app.has_value() && *m.app == app);
    CHECK(m.additionalName.has_value() && *m.additionalName == "Sir Alice");
    CHECK(!m.disclosure.has_value());  // lobby not linked: nothing syncs
    CHECK(m.fromGame); CHECK_EQ(m.sent, t0); CHECK_EQ(m.edited, uint64_t(0));
    CHECK(!m.extra.has_value());
    CHECK(m.hasLobby); CHECK(m.hasAuthor); CHECK(!m.hasRecipient); CHECK(m.hasChannel);
    CHECK_EQ(m.channelType, (int)Platform_ChannelType_Lobby);
    CHECK(!Platform_Client_CanOpenMessageInPlatform(&b.c, M));
    Platform_ChannelHandle ch{};
    CHECK(Platform_Client_GetChannelHandle(&a.c, L, &ch));
    Platform_String s; Platform_ChannelHandle_Name(&ch, &s); CHECK_EQ(S(s), numbered("lobby-", L));
    // Empty for a lobby channel (the vendor fills it for DMs and group DMs only), non-NULL ptr.
    Platform_UInt64Span r; Platform_ChannelHandle_Recipients(&ch, &r);
    CHECK(r.ptr != nullptr); CHECK_EQ(r.size, size_t(0)); Platform_Free(r.ptr);
    Platform_ChannelHandle_Drop(&ch);
    CHECK(!Platform_Client_GetChannelHandle(&c.c, L, &ch));
    // The additional name is the one at send time; a later change only affects new messages.
    CHECK(setMember(L, alice, "", -1));
    step(20);
    CHECK(cached(&b.c, M)->additionalName == std::optional<std::string>("Sir Alice"));
    const uint64_t M2 = sendLobby(a, L, "plain").id;
    CHECK(!cached(&b.c, M2)->additionalName.has_value());
    // Non-member: 403, nothing delivered.
    IdRes denied = sendLobby(c, L, "let me in");
    CHECK_EQ(denied.r.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(denied.r.status, 403); CHECK_EQ(denied.id, uint64_t(0));
    CHECK_EQ(sendLobby(a, 777, "nowhere").r.status, 404);
    // Content limits: 2000 code points (not bytes); empty and 2001 rejected locally.
    b.clear();
    CHECK(sendLobby(a, L, std::string(2000, 'x')).r.ok);
    std::string e2000; for (int i = 0; i < 2000; ++i) e2000 += "\xC3\xA9";  // 4000 bytes
    CHECK(sendLobby(a, L, e2000).r.ok);
    IdRes tooLong = sendLobby(a, L, std::string(2001, 'x'));
    CHECK_EQ(tooLong.r.type, (int)Platform_ErrorType_ValidationError); CHECK_EQ(tooLong.r.status, 0);
    CHECK_EQ(sendLobby(a, L, e2000 + "\xC3\xA9").r.type, (int)Platform_ErrorType_ValidationError);
    CHECK_EQ(sendLobby(a, L, "").r.type, (int)Platform_ErrorType_ValidationError);
    CHECK_EQ(sendLobby(a, L, "bad \xFF utf8").r.type, (int)Platform_ErrorType_ValidationError);
    CHECK_EQ(b.count("MessageCreated"), 2);  // only the two valid ones were sent
    // Backend: moderation metadata (lobby endpoint only), platform-client sends, extra content.
    PropsView mod(StrMap{{"flag", "spam"}});
    CHECK(!PlatformSim_BackendSetUserMessageModerationMetadata(M, mod.get()));  // a lobby message: 404
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(!PlatformSim_BackendSetLobbyMessageModerationMetadata(L + 1, M, mod.get()));
    b.clear();
    CHECK(PlatformSim_BackendSetLobbyMessageModerationMetadata(L, M, mod.get()));
    step(20);
    CHECK_EQ(b.count("MessageUpdated", M), 1); CHECK_EQ(a.count("MessageUpdated", M), 1);
    CHECK((cached(&b.c, M)->mod == StrMap{{"flag", "spam"}}));
    CHECK(cached(&b.c, M2)->mod.empty());
    Platform_AdditionalContent ac{};
    Platform_AdditionalContent_Init(&ac);
    Platform_AdditionalContent_SetType(&ac, Platform_AdditionalContentType_Poll);
    std::string title = "Best map?"; Platform_String ts = P(title);
    Platform_AdditionalContent_SetTitle(&ac, &ts);
    Platform_AdditionalContent_SetCount(&ac, 3);
    PlatformSim_MessageOptions opt{0, Platform_Properties{0, nullptr, nullptr}, &ac, true};
    const uint64_t MB = PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string("from the desktop")), &opt);
    Platform_AdditionalContent_Drop(&ac);
    CHECK(MB != 0);
    step(20);
    auto mb = cached(&a.c, MB);
    CHECK(mb && !mb->fromGame && mb->app == std::optional<uint64_t>(app));
    CHECK(mb && mb->extra == std::make_optional(std::make_tuple((int)Platform_AdditionalContentType_Poll, std::optional<std::string>(title), 3)));
    CHECK_EQ(PlatformSim_BackendSendLobbyMessage(carol, L, P(std::string("x")), nullptr), uint64_t(0));  // not a member
    CHECK(lastError().rfind("403:", 0) == 0);
    CHECK_EQ(PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string(2001, 'y')), nullptr), uint64_t(0));
    CHECK(lastError().rfind("400:", 0) == 0);
    // Sibling application (same publisher): its id shows on the message; a foreign one is refused.
    uint64_t sibling = PlatformSim_CreateApplication(P(std::string("Sibling")), PlatformSim_ApplicationPublisher(app), 0, P(std::string("")));
    uint64_t foreign = PlatformSim_CreateApplication(P(std::string("Foreign")), 0, 0, P(std::string("")));
    PlatformSim_MessageOptions sib{sibling, Platform_Properties{0, nullptr, nullptr}, nullptr, false};
    const uint64_t MS = PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string("from the sibling game")), &sib);
    step(20);
    CHECK(cached(&a.c, MS)->app == std::optional<uint64_t>(sibling));
    sib.applicationId = foreign;
    CHECK_EQ(PlatformSim_BackendSendLobbyMessage(bob, L, P(std::string("x")), &sib), uint64_t(0));
    // Lobby messages are not edited or deleted through the DM functions.
    SimpleRes ed;
    Platform_Client_EditUserMessage(&a.c, bob, M, P(std::string("edit")), simpleCb, countFree, &ed);
    step(20);
    CHECK_EQ(ed.r.status, 400);
}

void directMessages(uint64_t app, uint64_t alice, uint64_t bob, uint64_t carol) {
    Player a(app, alice), b(app, bob);
    std::map<uint64_t, MsgInfo> seenA, seenB;
    captureInto(a, seenA); captureInto(b, seenB);
    Platform_UserHandle uh{};
    IdRes first = sendDm(a, bob, "yo");
    CHECK(first.r.ok);
    const uint64_t D = first.id;
    // Alice's clients get the disclosure notice first, then the message; Bob gets only the message.
    std::vector<uint64_t> createdA = a.ids("MessageCreated");
    CHECK_EQ(createdA.size(), size_t(2));
    CHECK(createdA.size() == 2 && createdA[1] == D);
    const uint64_t notice = createdA.empty() ? 0 : createdA[0];
    CHECK((b.ids("MessageCreated") == std::vector<uint64_t>{D}));
    const MsgInfo &n = seenA[notice];
    CHECK(n.disclosure == std::optional<int>((int)Platform_DisclosureTypes_MessageDataVisibleOnPlatform));
    CHECK_EQ(n.author, alice); CHECK_EQ(n.recipient, bob); CHECK(!n.fromGame); CHECK(!n.app.has_value());
    CHECK(!n.content.empty());
    const MsgInfo &d = seenB[D];
    CHECK_EQ(d.author, alice); CHECK_EQ(d.recipient, bob); CHECK_EQ(d.content, std::string("yo"));
    CHECK(!d.disclosure.has_value()); CHECK(!d.additionalName.has_value()); CHECK(!d.hasLobby); CHECK(d.hasRecipient);
    CHECK_EQ(d.channelType, (int)Platform_ChannelType_Dm);
    CHECK(d.channel != 0 && d.channel == n.channel);
    CHECK(d.app == std::optional<uint64_t>(app));
    CHECK(Platform_Client_GetUser(&b.c, alice, &uh)); Platform_UserHandle_Drop(&uh);  // DM partner: known
    Platform_ChannelHandle ch{};
    CHECK(Platform_Client_GetChannelHandle(&b.c, d.channel, &ch));
    Platform_String s; Platform_ChannelHandle_Name(&ch, &s); CHECK_EQ(S(s), std::string("Alice A."));
    Platform_UInt64Span r; Platform_ChannelHandle_Recipients(&ch, &r); CHECK(r.size == 1 && r.ptr[0] == alice); Platform_Free(r.ptr);
    Platform_ChannelHandle_Drop(&ch);
    CHECK(Platform_Client_CanOpenMessageInPlatform(&b.c, D));
    // Second DM: no notice. Bob's first reply: his own notice, Alice sees only the reply.
    a.clear(); b.clear();
    sendDm(a, bob, "again");
    CHECK_EQ(a.count("MessageCreated"), 1);
    a.clear();
    const uint64_t R1 = sendDm(b, alice, "hey").id;
    CHECK_EQ(b.count("MessageCreated"), 3);  // "again", notice, reply
    CHECK((a.ids("MessageCreated") == std::vector<uint64_t>{R1}));
    // Offline: NetworkError, nothing reaches the platform.
    b.clear();
    PlatformSim_NetworkSetOnline(false);
    IdRes off = sendDm(a, bob, "lost");
    CHECK_EQ(off.r.type, (int)Platform_ErrorType_NetworkError); CHECK(off.r.retryable);
    PlatformSim_NetworkSetOnline(true);
    step(20); step(20);
    CHECK_EQ(b.count("MessageCreated"), 0);
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_SendUserMessageWithMetadata")), 500, 0, 0));
    IdRes injected;
    PropsView none(StrMap{});
    Platform_Client_SendUserMessageWithMetadata(&a.c, bob, P(std::string("x")), none.get(), idCb, countFree, &injected);
    step(20);
    CHECK_EQ(injected.r.status, 500); CHECK_EQ(injected.id, uint64_t(0)); CHECK_EQ(b.count("MessageCreated"), 0);
    // Errors: unknown recipient 404, oneself 400.
    CHECK_EQ(sendDm(a, 424242, "?").r.status, 404);
    CHECK_EQ(sendDm(a, alice, "me").r.status, 400);
    CHECK_EQ(PlatformSim_BackendSendUserMessage(alice, 424242, P(std::string("?")), nullptr), uint64_t(0));
    CHECK_EQ(lastError(), std::string("404: Unknown User"));
    CHECK_EQ(PlatformSim_BackendSendUserMessage(alice, alice, P(std::string("?")), nullptr), uint64_t(0));
    CHECK(lastError().rfind("400:", 0) == 0);
    // Edit: author only, both sides hear it.
    a.clear(); b.clear();
    SimpleRes ed, edOther, edNotice;
    Platform_Client_EditUserMessage(&a.c, bob, D, P(std::string("yo (edited)")), simpleCb, countFree, &ed);
    Platform_Client_EditUserMessage(&b.c, alice, D, P(std::string("hijack")), simpleCb, countFree, &edOther);
    Platform_Client_EditUserMessage(&a.c, bob, notice, P(std::string("x")), simpleCb, countFree, &edNotice);
    step(20);
    CHECK(ed.r.ok); CHECK_EQ(edOther.r.status, 403); CHECK_EQ(edNotice.r.status, 400);
    CHECK_EQ(a.count("MessageUpdated", D), 1); CHECK_EQ(b.count("MessageUpdated", D), 1);
    auto edited = cached(&b.c, D);
    CHECK(edited && edited->content == "yo (edited)" && edited->edited == PlatformSim_ClockNow() - 20);
    SimpleRes edEmpty;
    Platform_Client_EditUserMessage(&a.c, bob, D, P(std::string("")), simpleCb, countFree, &edEmpty);
    step(20);
    CHECK_EQ(edEmpty.r.type, (int)Platform_ErrorType_ValidationError);
    // DM moderation endpoint; the lobby endpoint does not know DMs.
    PropsView mod(StrMap{{"reviewed", "yes"}});
    const uint64_t anyLobby = joinLobby(a, "mod-endpoints").id;
    CHECK(!PlatformSim_BackendSetLobbyMessageModerationMetadata(anyLobby, D, mod.get()));  // a DM: 404
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(!PlatformSim_BackendSetUserMessageModerationMetadata(424242, mod.get()));
    CHECK(PlatformSim_BackendSetUserMessageModerationMetadata(D, mod.get()));
    step(20);
    CHECK((cached(&a.c, D)->mod == StrMap{{"reviewed", "yes"}}));
    CHECK(cached(&a.c, R1)->mod.empty());
    // Sibling-application DM: the recipient sees the sibling's application id.
    uint64_t sibling = PlatformSim_CreateApplication(P(std::string("Sibling DM")), PlatformSim_ApplicationPublisher(app), 0, P(std::string("")));
    Player cs(sibling, carol);
    CHECK(!Platform_Client_GetUser(&b.c, carol, &uh));
    const uint64_t DS = sendDm(cs, bob, "from another game of the publisher").id;
    CHECK(cached(&b.c, DS)->app == std::optional<uint64_t>(sibling));
    CHECK(Platform_Client_GetUser(&b.c, carol, &uh)); Platform_UserHandle_Drop(&uh);  // a DM partner is known
    // Summaries: one per partner, newest first.
    struct Sums { Res r; std::vector<std::pair<uint64_t, uint64_t>> v; bool called = false; } sums;
    Platform_Client_GetUserMessageSummaries(&b.c, [](Platform_ClientResult *res, Platform_UserMessageSummarySpan sp, void *ud) {
        auto *o = (Sums *)ud; o->r = R(res); o->called = true;
        for (size_t i = 0; i < sp.size; ++i) {
            Platform_UserMessageSummary x = sp.ptr[i];
            Platform_UserMessageSummary y{}; Platform_UserMessageSummary_Clone(&y, &x);
            o->v.emplace_back(Platform_UserMessageSummary_UserId(&y), Platform_UserMessageSummary_LastMessageId(&x));
            Platform_UserMessageSummary_Drop(&x); Platform_UserMessageSummary_Drop(&y);
        }
        Platform_Free(sp.ptr);
    }, countFree, &sums);
    step(20);
    CHECK(sums.r.ok);
    CHECK((sums.v == std::vector<std::pair<uint64_t, uint64_t>>{{carol, DS}, {alice, R1}}));
    // Delete: author only; MessageDeleted(message, channel) on both sides; gone from the cache.
    a.clear(); b.clear();
    SimpleRes del, delOther;
    Platform_Client_DeleteUserMessage(&b.c, alice, D, simpleCb, countFree, &delOther);
    Platform_Client_DeleteUserMessage(&a.c, bob, D, simpleCb, countFree, &del);
    step(20);
    CHECK_EQ(delOther.r.status, 403); CHECK(del.r.ok);
    CHECK_EQ(a.count("MessageDeleted", D, d.channel), 1); CHECK_EQ(b.count("MessageDeleted", D, d.channel), 1);
    CHECK(!cached(&a.c, D).has_value()); CHECK(!cached(&b.c, D).has_value());
    SimpleRes delAgain;
    Platform_Client_DeleteUserMessage(&a.c, bob, D, simpleCb, countFree, &delAgain);
    step(20);
    CHECK_EQ(delAgain.r.status, 404);
    // OpenMessageInPlatform for a full account: success; the merge-required triple is only freed.
    static int mergeCalls; mergeCalls = 0;
    const int freed = g_freed;
    SimpleRes open;
    Platform_Client_OpenMessageInPlatform(&a.c, R1, [](void *) { ++mergeCalls; }, countFree, nullptr, simpleCb, countFree, &open);
    step(1);
    CHECK(open.r.ok); CHECK_EQ(mergeCalls, 0); CHECK_EQ(g_freed - freed, 2);
    Platform_Client_SetShowingChat(&a.c, true);
    Platform_Client_SetShowingChat(&a.c, false);
}

// One MessageHandle and one UserHandle held across changes (handle_view.h): each getter reads the
// view the handle resolved, which is only valid while nothing in the world changed. A moderation
// update, a profile edit, the message's eviction and the client's drop must each show through the
// handles already held, however often they were read before.
void heldHandlesSeeChanges(uint64_t app, uint64_t alice, uint64_t bob) {
    auto b = std::make_unique<Player>(app, bob);
    Player a(app, alice);
    const uint64_t L = joinLobby(a, "held-handles").id;
    joinLobby(*b, "held-handles");
    const uint64_t M = sendLobby(a, L, "first").id;
    CHECK(M != 0);
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(&b->c, M, &h));
    Platform_UserHandle author{};
    CHECK(Platform_MessageHandle_Author(&h, &author));
    Platform_String s;
    for (int i = 0; i < 3; ++i) {  // repeated reads of an unchanged world
        CHECK_EQ(Platform_MessageHandle_Id(&h), M);
        Platform_MessageHandle_RawContent(&h, &s); CHECK_EQ(S(s), std::string("first"));
        Platform_UserHandle_DisplayName(&author, &s); CHECK_EQ(S(s), std::string("Alice A."));
    }
    Platform_Properties p;
    Platform_MessageHandle_ModerationMetadata(&h, &p); CHECK(readProps(p).empty());
    PropsView mod(StrMap{{"flag", "held"}});
    CHECK(PlatformSim_BackendSetLobbyMessageModerationMetadata(L, M, mod.get()));
    step(20);
    Platform_MessageHandle_ModerationMetadata(&h, &p); CHECK((readProps(p) == StrMap{{"flag", "held"}}));
    const std::string lady = "Lady Alice";
    Platform_String name = P(lady);
    CHECK(PlatformSim_UpdateUserProfile(alice, &name, nullptr));
    Platform_UserHandle_DisplayName(&author, &s); CHECK_EQ(S(s), std::string("Lady Alice"));
    CHECK(Platform_UserHandle_GlobalName(&author, &s)); CHECK_EQ(S(s), std::string("Lady Alice"));
    // 25 newer messages of the channel evict it from Bob's cache: the held handle reads defaults.
    for (int i = 0; i < 25; ++i) CHECK(sendLobby(a, L, numbered("more ", uint64_t(i))).r.ok);
    CHECK_EQ(Platform_MessageHandle_Id(&h), uint64_t(0));
    Platform_MessageHandle_RawContent(&h, &s); CHECK_EQ(S(s), std::string());
    // Bob's client dropped: his user handle reads defaults.
    CHECK_EQ(Platform_UserHandle_Id(&author), alice);
    b.reset();
    CHECK_EQ(Platform_UserHandle_Id(&author), uint64_t(0));
    Platform_UserHandle_DisplayName(&author, &s); CHECK_EQ(S(s), std::string());
    Platform_UserHandle_Drop(&author);
    Platform_MessageHandle_Drop(&h);
}

// Two MessageHandles and two UserHandles read in turn on one thread: each thread remembers one
// last view per handle class (handle_view.h), so every switch must miss it and resolve the other
// handle; GetMessageHandle makes its view the last one before any getter ran.
void interleavedHandles(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    Player b(app, bob);
    const uint64_t L = joinLobby(a, "interleaved").id;
    joinLobby(b, "interleaved");
    const uint64_t M1 = sendLobby(a, L, "from alice").id;
    const uint64_t M2 = sendLobby(b, L, "from bob").id;
    CHECK(M1 != 0 && M2 != 0 && M1 != M2);
    Platform_MessageHandle h1{}, h2{};
    CHECK(Platform_Client_GetMessageHandle(&b.c, M1, &h1));
    CHECK(Platform_Client_GetMessageHandle(&b.c, M2, &h2));
    Platform_UserHandle u1{}, u2{};
    CHECK(Platform_MessageHandle_Author(&h1, &u1));
    CHECK(Platform_MessageHandle_Author(&h2, &u2));
    Platform_String s;
    for (int i = 0; i < 3; ++i) {
        CHECK_EQ(Platform_MessageHandle_Id(&h1), M1);
        CHECK_EQ(Platform_MessageHandle_Id(&h2), M2);
        Platform_MessageHandle_RawContent(&h1, &s); CHECK_EQ(S(s), std::string("from alice"));
        Platform_MessageHandle_Content(&h2, &s); CHECK_EQ(S(s), std::string("from bob"));
        CHECK_EQ(Platform_MessageHandle_AuthorId(&h2), bob);
        CHECK_EQ(Platform_MessageHandle_AuthorId(&h1), alice);
        CHECK_EQ(Platform_UserHandle_Id(&u1), alice);
        CHECK_EQ(Platform_UserHandle_Id(&u2), bob);
        Platform_UserHandle_Username(&u2, &s); CHECK_EQ(S(s), std::string("msg_bob"));
        Platform_UserHandle_Username(&u1, &s); CHECK_EQ(S(s), std::string("msg_alice"));
    }
    // A dropped handle reads defaults even when it was the last one read.
    Platform_MessageHandle copy{h2.opaque};
    Platform_MessageHandle_Drop(&h2);
    CHECK_EQ(Platform_MessageHandle_Id(&copy), uint64_t(0));
    CHECK_EQ(Platform_MessageHandle_Id(&h1), M1);
    // A fresh handle of a message read just before: its own view, the same answers.
    CHECK(Platform_Client_GetMessageHandle(&b.c, M1, &h2));
    CHECK_EQ(Platform_MessageHandle_Id(&h2), M1);
    Platform_MessageHandle_Drop(&h2);
    CHECK_EQ(Platform_MessageHandle_Id(&h2), uint64_t(0));
    CHECK_EQ(Platform_MessageHandle_Id(&h1), M1);
    Platform_UserHandle_Drop(&u1);
    Platform_UserHandle_Drop(&u2);
    Platform_MessageHandle_Drop(&h1);
}

// The lobby and channel handles a message hands out answer their id and type from what the
// message's view knew when they were created, while nothing changed (handle_view.h's
// KnownHandle): a drop, or leaving the lobby, must show at once — Lobby() answers only while the
// client's user is a member.
void lobbyAndChannelOfMessage(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    Player b(app, bob);
    const uint64_t L = joinLobby(a, "known-handles").id;
    joinLobby(b, "known-handles");
    const uint64_t M = sendLobby(a, L, "hello").id;
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(&b.c, M, &h));
    Platform_LobbyHandle lobby{};
    CHECK(Platform_MessageHandle_Lobby(&h, &lobby));
    CHECK_EQ(Platform_LobbyHandle_Id(&lobby), L);
    Platform_LobbyHandle lobbyCopy{lobby.opaque};
    Platform_LobbyHandle_Drop(&lobby);
    CHECK_EQ(Platform_LobbyHandle_Id(&lobbyCopy), uint64_t(0));  // dropped: refused, not remembered
    Platform_ChannelHandle channel{};
    CHECK(Platform_MessageHandle_Channel(&h, &channel));
    CHECK_EQ(Platform_ChannelHandle_Type(&channel), Platform_ChannelType_Lobby);
    CHECK_EQ(Platform_ChannelHandle_Id(&channel), L);
    Platform_ChannelHandle channelCopy{channel.opaque};
    Platform_ChannelHandle_Drop(&channel);
    CHECK_EQ(Platform_ChannelHandle_Id(&channelCopy), uint64_t(0));
    CHECK(Platform_MessageHandle_Lobby(&h, &lobby));
    CHECK(Platform_MessageHandle_Channel(&h, &channel));
    // Bob leaves through the backend: no getter of his may still see the lobby.
    CHECK(setMember(L, bob, nullptr, -1, true));
    CHECK_EQ(Platform_LobbyHandle_Id(&lobby), uint64_t(0));
    CHECK_EQ(Platform_ChannelHandle_Id(&channel), uint64_t(0));
    CHECK(Platform_ChannelHandle_Type(&channel) != Platform_ChannelType_Lobby);
    Platform_LobbyHandle_Drop(&lobby);
    Platform_ChannelHandle_Drop(&channel);
    Platform_MessageHandle_Drop(&h);
}

// One message and its author read by several threads at once while another thread keeps taking
// WorldLocks (each makes every view stale, so readers re-resolve and replace the shared view).
// Halfway, the message changes while the readers wait: each reader thread, whose record still
// holds the view it read before (handle_view.h), must read the new version from then on. A second
// wave of threads then gets the first wave's records back from the pool. Under ThreadSanitizer no
// race, under LeakSanitizer no view lost with a thread.
void handlesReadOnThreads(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    Player b(app, bob);
    const uint64_t L = joinLobby(a, "threads").id;
    joinLobby(b, "threads");
    const uint64_t M = sendLobby(a, L, "read on threads").id;
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(&b.c, M, &h));
    Platform_UserHandle u{};
    CHECK(Platform_MessageHandle_Author(&h, &u));
    constexpr int kReaders = 3;
    std::atomic<int> bad{0};
    std::atomic<int> reads{0};
    auto readAll = [&](const std::string &expected) {
        for (int i = 0; i < 300; ++i) {
            if (Platform_MessageHandle_Id(&h) != M || Platform_MessageHandle_AuthorId(&h) != alice) ++bad;
            Platform_String s{};
            Platform_MessageHandle_RawContent(&h, &s);
            if (std::string(reinterpret_cast<const char *>(s.ptr), s.size) != "read on threads") ++bad;
            Platform_Free(s.ptr);
            Platform_Properties p{};
            Platform_MessageHandle_ModerationMetadata(&h, &p);
            const StrMap got = readProps(p);
            const auto it = got.find("wave");
            if ((it == got.end() ? std::string() : it->second) != expected) ++bad;
            if (Platform_UserHandle_Id(&u) != alice) ++bad;
            ++reads;
        }
    };
    for (int wave = 0; wave < 2; ++wave) {
        std::atomic<int> waiting{0};
        std::atomic<bool> changed{wave == 1};
        std::atomic<bool> done{false};
        std::vector<std::thread> readers;
        for (int t = 0; t < kReaders; ++t) {
            readers.emplace_back([&] {
                if (!changed.load()) {
                    readAll("");
                    ++waiting;
                    while (!changed.load()) std::this_thread::yield();
                }
                readAll("2");
            });
        }
        std::thread locker([&] {
            while (!done.load()) (void)PlatformSim_LobbyExists(L);  // a WorldLock each
        });
        if (wave == 0) {
            while (waiting.load() < kReaders) std::this_thread::yield();
            PropsView mod(StrMap{{"wave", "2"}});
            CHECK(PlatformSim_BackendSetLobbyMessageModerationMetadata(L, M, mod.get()));
            step(20);  // Bob's client hears MessageUpdated: its cache, which the handle reads, changes
            changed = true;
        }
        for (auto &r : readers) r.join();
        done = true;
        locker.join();
    }
    CHECK_EQ(reads.load(), kReaders * 300 * 3);
    CHECK_EQ(bad.load(), 0);
    Platform_UserHandle_Drop(&u);
    Platform_MessageHandle_Drop(&h);
}

}  // namespace

// A message's author as each client sees it. Both handles are resolved under one lockSeq (a
// GetMessageHandle takes no WorldLock), and the author's view is shared between messages while
// nothing changes (resolveMessageView): the sharing must be per client — Alice sees her own
// Invisible, Bob does not — and must end with any change to the world.
int32_t statusViaGetUser(Platform_Client *c, uint64_t user) {
    Platform_UserHandle u{};
    CHECK(Platform_Client_GetUser(c, user, &u));
    const int32_t s = (int32_t)Platform_UserHandle_Status(&u);
    Platform_UserHandle_Drop(&u);
    return s;
}
int32_t authorStatus(Platform_Client *c, uint64_t messageId) {
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(c, messageId, &h));
    Platform_UserHandle u{};
    CHECK(Platform_MessageHandle_Author(&h, &u));
    const int32_t s = (int32_t)Platform_UserHandle_Status(&u);
    Platform_UserHandle_Drop(&u);
    Platform_MessageHandle_Drop(&h);
    return s;
}
std::string authorDisplayName(Platform_Client *c, uint64_t messageId) {
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(c, messageId, &h));
    Platform_UserHandle u{};
    CHECK(Platform_MessageHandle_Author(&h, &u));
    Platform_String s;
    Platform_UserHandle_DisplayName(&u, &s);
    Platform_UserHandle_Drop(&u);
    Platform_MessageHandle_Drop(&h);
    return S(s);
}
std::string authorAvatar(Platform_Client *c, uint64_t messageId) {
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(c, messageId, &h));
    Platform_UserHandle u{};
    CHECK(Platform_MessageHandle_Author(&h, &u));
    Platform_String s{};
    const bool has = Platform_UserHandle_Avatar(&u, &s);
    std::string out = has ? S(s) : std::string();
    Platform_UserHandle_Drop(&u);
    Platform_MessageHandle_Drop(&h);
    return out;
}
void authorAsEachClientSeesIt(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    Player b(app, bob);
    const uint64_t L = joinLobby(a, "author-views").id;
    joinLobby(b, "author-views");
    CHECK(PlatformSim_SetUserStatus(alice, Platform_StatusType_Invisible));
    step(20);
    const uint64_t M1 = sendLobby(a, L, "one").id;
    const uint64_t M2 = sendLobby(a, L, "two").id;
    CHECK(M1 != 0 && M2 != 0);
    const int32_t own = statusViaGetUser(&a.c, alice), others = statusViaGetUser(&b.c, alice);
    CHECK(own != others);  // else this test could not tell the clients apart
    for (uint64_t m : {M1, M2, M1}) {  // each order, no WorldLock in between
        CHECK_EQ(authorStatus(&a.c, m), own);
        CHECK_EQ(authorStatus(&b.c, m), others);
        CHECK_EQ(authorStatus(&b.c, m), others);
        CHECK_EQ(authorStatus(&a.c, m), own);
    }
    const std::string duchess = "Duchess Alice";
    Platform_String name = P(duchess);
    CHECK(PlatformSim_UpdateUserProfile(alice, &name, nullptr));
    CHECK_EQ(authorDisplayName(&b.c, M2), duchess);
    CHECK_EQ(authorDisplayName(&b.c, M1), duchess);
    Platform_String none = P(std::string());
    CHECK(PlatformSim_UpdateUserProfile(alice, &none, nullptr));
    CHECK(authorDisplayName(&b.c, M1) != duchess);  // Bob's view of Alice resolved again, then:
    // The avatar, read through the author view kept between messages (User::version).
    const std::string avatar = "0123456789abcdef0123456789abcdef";
    Platform_String av = P(avatar);
    CHECK(authorAvatar(&b.c, M1) != avatar);
    CHECK(PlatformSim_UpdateUserProfile(alice, nullptr, &av));
    CHECK_EQ(authorAvatar(&b.c, M2), avatar);
    CHECK_EQ(authorAvatar(&b.c, M1), avatar);
    CHECK(PlatformSim_SetUserStatus(alice, Platform_StatusType_Online));
    step(20);
    // A status change alone (the user unchanged) is seen by the next handle of each client.
    CHECK(statusViaGetUser(&b.c, alice) != others);
    CHECK_EQ(authorStatus(&b.c, M2), statusViaGetUser(&b.c, alice));
    CHECK_EQ(authorStatus(&a.c, M1), statusViaGetUser(&a.c, alice));
}

namespace {

// Handles cloned, read and dropped by four threads at once: every clone and drop takes the
// handle registry's lock (registry.h RegistryLock: a short spin, then a sleep until the holder
// unlocks), contended far beyond its spin on two cores. Every clone must read the message, every
// dropped clone nothing, and no thread may wait for ever (a lost wake-up): a watchdog aborts the
// program after 120 s, which the jest wrapper reports as a crash.
void handlesClonedOnThreads(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice);
    Player b(app, bob);
    const uint64_t L = joinLobby(a, "clones").id;
    joinLobby(b, "clones");
    const uint64_t M = sendLobby(a, L, "cloned on threads").id;
    Platform_MessageHandle h{};
    CHECK(Platform_Client_GetMessageHandle(&b.c, M, &h));
    std::atomic<bool> finished{false};
    std::thread watchdog([&] {
        for (int i = 0; i < 1200 && !finished.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (!finished.load()) {
            std::printf("FAIL %s:%d: clone/drop threads still waiting after 120 s (lost wake-up?)\n", __FILE__, __LINE__);
            std::fflush(stdout);
            std::abort();
        }
    });
    std::atomic<int> bad{0};
    std::atomic<int> done{0};
    // Joined, each of these calls is a round trip to the host (the registry lock contended is the
    // host's): a tenth of the rounds keeps the contention there and the run within the watchdog
    // on a slow host (under wine a round trip takes ~0.4 ms).
    const int rounds = roundsWhenJoined("message handle clone/drop contention", 20000, 2000,
                                        "each call is a round trip to the host; the contention stays there");
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < rounds; ++i) {
                Platform_MessageHandle c{};
                Platform_MessageHandle_Clone(&c, &h);
                if (Platform_MessageHandle_Id(&c) != M) ++bad;
                Platform_MessageHandle kept{c.opaque};
                Platform_MessageHandle_Drop(&c);
                if (Platform_MessageHandle_Id(&kept) != 0) ++bad;
                ++done;
            }
        });
    }
    for (auto &t : threads) t.join();
    finished = true;
    watchdog.join();
    CHECK_EQ(done.load(), 4 * rounds);
    CHECK_EQ(bad.load(), 0);
    CHECK_EQ(Platform_MessageHandle_Id(&h), M);
    Platform_MessageHandle_Drop(&h);
}

}  // namespace

void testMessages() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    uint64_t app = freshChatWorld();
    uint64_t alice = newUser("msg_alice", "Alice A."), bob = newUser("msg_bob", "Bob B."), carol = newUser("msg_carol");
    lobbyMessages(app, alice, bob, carol);
    directMessages(app, alice, bob, carol);
    heldHandlesSeeChanges(app, alice, bob);
    interleavedHandles(app, alice, bob);
    lobbyAndChannelOfMessage(app, alice, bob);
    handlesReadOnThreads(app, alice, bob);
    handlesClonedOnThreads(app, alice, bob);
    authorAsEachClientSeesIt(app, alice, bob);
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
