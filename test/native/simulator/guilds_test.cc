// Guilds and linked channels: GetUserGuilds, GetGuildChannels in client order with every
// GuildChannel field, linking permissions (CanLinkLobby + guild membership, linkable channel,
// one link per lobby/channel) with LobbyUpdated and LobbyHandle::LinkedChannel, disclosure
// notices once a lobby syncs, JoinLinkedLobbyGuild invites (single use, 1 h), the provisional
// merge-required path of the two-triple functions, and the record/value classes on invalid input.
#include "chat_harness.h"

namespace {

struct Chan { uint64_t id; std::string name; int type; int pos; std::optional<uint64_t> parent; bool linkable, viewable; std::optional<std::pair<uint64_t, uint64_t>> linked; };
struct ChanList { Res r; std::vector<Chan> v; bool called = false; };
void chanCb(Platform_ClientResult *r, Platform_GuildChannelSpan sp, void *ud) {
    auto *o = (ChanList *)ud; o->r = R(r); o->called = true;
    for (size_t i = 0; i < sp.size; ++i) {
        Platform_GuildChannel g = sp.ptr[i];
        Chan c{}; Platform_String s; uint64_t parent = 0;
        c.id = Platform_GuildChannel_Id(&g);
        Platform_GuildChannel_Name(&g, &s); c.name = S(s);
        c.type = (int)Platform_GuildChannel_Type(&g); c.pos = Platform_GuildChannel_Position(&g);
        if (Platform_GuildChannel_ParentId(&g, &parent)) c.parent = parent;
        c.linkable = Platform_GuildChannel_IsLinkable(&g); c.viewable = Platform_GuildChannel_IsViewableAndWriteableByAllMembers(&g);
        Platform_LinkedLobby ll{};
        if (Platform_GuildChannel_LinkedLobby(&g, &ll)) {
            c.linked = std::make_pair(Platform_LinkedLobby_ApplicationId(&ll), Platform_LinkedLobby_LobbyId(&ll));
            Platform_LinkedLobby_Drop(&ll);
        }
        Platform_GuildChannel_Drop(&g);
        o->v.push_back(c);
    }
    Platform_Free(sp.ptr);
}
ChanList channels(Player &p, uint64_t guild) {
    ChanList l;
    Platform_Client_GetGuildChannels(&p.c, guild, chanCb, countFree, &l);
    step(20);
    CHECK(l.called);
    return l;
}
std::vector<std::pair<uint64_t, std::string>> guildsOf(Player &p) {
    struct G { std::vector<std::pair<uint64_t, std::string>> v; Res r; } g;
    Platform_Client_GetUserGuilds(&p.c, [](Platform_ClientResult *r, Platform_GuildMinimalSpan sp, void *ud) {
        auto *o = (G *)ud; o->r = R(r);
        for (size_t i = 0; i < sp.size; ++i) {
            Platform_GuildMinimal m = sp.ptr[i]; Platform_String s; Platform_GuildMinimal_Name(&m, &s);
            o->v.emplace_back(Platform_GuildMinimal_Id(&m), S(s)); Platform_GuildMinimal_Drop(&m);
        }
        Platform_Free(sp.ptr);
    }, countFree, &g);
    step(20);
    CHECK(g.r.ok);
    return g.v;
}
SimpleRes link(Player &p, uint64_t lobby, uint64_t channel) {
    SimpleRes r; Platform_Client_LinkChannelToLobby(&p.c, lobby, channel, simpleCb, countFree, &r); step(20); return r;
}
SimpleRes unlink(Player &p, uint64_t lobby) {
    SimpleRes r; Platform_Client_UnlinkChannelFromLobby(&p.c, lobby, simpleCb, countFree, &r); step(20); return r;
}
int g_merge = 0;
StrRes joinGuild(Player &p, uint64_t lobby) {
    StrRes r; Platform_Client_JoinLinkedLobbyGuild(&p.c, lobby, [](void *) { ++g_merge; }, countFree, nullptr, strCb, countFree, &r);
    step(20); return r;
}
uint64_t channel(uint64_t g, const char *name, Platform_ChannelType t, int pos, uint64_t parent, bool linkable) {
    return PlatformSim_CreateGuildChannel(g, P(std::string(name)), t, pos, parent, linkable);
}

}  // namespace

void testGuilds() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    { // the players' callbacks are released at the end of this block
    uint64_t app = freshChatWorld();
    uint64_t alice = newUser("guild_alice", "Alice"), bob = newUser("guild_bob", "Bob"), prov = newUser("", "", true);
    const uint64_t G = PlatformSim_CreateGuild(P(std::string("The Guild")));
    CHECK(G != 0);
    CHECK_EQ(PlatformSim_CreateGuild(P(std::string(""))), uint64_t(0));
    const uint64_t general = channel(G, "general", Platform_ChannelType_GuildText, 0, 0, true);
    const uint64_t voice = channel(G, "Voice", Platform_ChannelType_GuildVoice, 0, 0, false);
    const uint64_t catB = channel(G, "Cat B", Platform_ChannelType_GuildCategory, 2, 0, false);
    const uint64_t catA = channel(G, "Cat A", Platform_ChannelType_GuildCategory, 1, 0, false);
    const uint64_t a2 = channel(G, "a-2", Platform_ChannelType_GuildText, 2, catA, true);
    const uint64_t a1 = channel(G, "a-1", Platform_ChannelType_GuildText, 1, catA, false);
    const uint64_t aVoice = channel(G, "a-voice", Platform_ChannelType_GuildVoice, 0, catA, false);
    const uint64_t b1 = channel(G, "b-1", Platform_ChannelType_GuildText, 0, catB, true);
    CHECK(general && voice && catB && catA && a2 && a1 && aVoice && b1);
    CHECK_EQ(channel(G, "bad", Platform_ChannelType_GuildText, 0, general, false), uint64_t(0));  // parent not a category
    CHECK_EQ(channel(G, "bad", Platform_ChannelType_GuildVoice, 0, 0, true), uint64_t(0));        // voice is not linkable
    CHECK_EQ(channel(G, "bad", Platform_ChannelType_Lobby, 0, 0, false), uint64_t(0));
    CHECK_EQ(channel(424242, "bad", Platform_ChannelType_GuildText, 0, 0, false), uint64_t(0));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(PlatformSim_AddGuildMember(G, alice));
    CHECK(!PlatformSim_AddGuildMember(G, 999));
    {  // RemoveGuild forgets a guild and its channels (guilds.create undoes a half-made guild with it)
        const uint64_t H = PlatformSim_CreateGuild(P(std::string("Half made")));
        const uint64_t hc = channel(H, "h", Platform_ChannelType_GuildText, 0, 0, false);
        CHECK(H && hc);
        CHECK(PlatformSim_RemoveGuild(H));
        CHECK(!PlatformSim_RemoveGuild(H));
        CHECK(lastError().rfind("404:", 0) == 0);
        CHECK(!PlatformSim_AddGuildMember(H, alice));
        CHECK_EQ(channel(H, "h2", Platform_ChannelType_GuildText, 0, hc, false), uint64_t(0));  // its channels are gone too
    }
    Player a(app, alice), b(app, bob), p(app, prov);
    CHECK((guildsOf(a) == std::vector<std::pair<uint64_t, std::string>>{{G, "The Guild"}}));
    CHECK(guildsOf(b).empty());
    // Client order: top level first (text before voice), then each category and its children.
    ChanList cl = channels(a, G);
    CHECK(cl.r.ok);
    std::vector<uint64_t> order;
    for (auto &c : cl.v) order.push_back(c.id);
    CHECK((order == std::vector<uint64_t>{general, voice, catA, a1, a2, aVoice, catB, b1}));
    CHECK(cl.v.size() == 8 && cl.v[0].name == "general" && cl.v[0].linkable && cl.v[0].viewable && !cl.v[0].parent && !cl.v[0].linked);
    CHECK(cl.v.size() == 8 && cl.v[3].parent == std::optional<uint64_t>(catA) && cl.v[3].pos == 1 && !cl.v[3].linkable);
    CHECK(cl.v.size() == 8 && cl.v[2].type == (int)Platform_ChannelType_GuildCategory && cl.v[1].type == (int)Platform_ChannelType_GuildVoice);
    CHECK_EQ(channels(b, G).r.status, 403);
    CHECK_EQ(channels(a, 31337).r.status, 404);
    Platform_UserHandle uh{};
    CHECK(!Platform_Client_GetUser(&b.c, alice, &uh));
    const uint64_t dan = newUser("guild_dan");  // no client, no lobby, no DM: known only as a guild member
    CHECK(!Platform_Client_GetUser(&a.c, dan, &uh));
    CHECK(PlatformSim_AddGuildMember(G, dan));
    CHECK(Platform_Client_GetUser(&a.c, dan, &uh)); Platform_UserHandle_Drop(&uh);
    // Linking: lobby member with CanLinkLobby, and a member of the channel's guild.
    const uint64_t L = joinLobby(a, "linked").id;
    joinLobby(b, "linked");
    joinLobby(p, "linked");
    CHECK_EQ(link(a, L, general).r.status, 403);  // no CanLinkLobby yet
    CHECK(setMember(L, alice, nullptr, 1));
    CHECK(setMember(L, bob, nullptr, 1));
    step(20);
    CHECK_EQ(link(b, L, general).r.status, 403);  // not in the guild
    CHECK_EQ(link(a, L, a1).r.status, 400);       // not linkable
    CHECK_EQ(link(a, L, 5555).r.status, 404);
    a.clear(); b.clear();
    CHECK(link(a, L, general).r.ok);
    CHECK_EQ(a.count("LobbyUpdated", L), 1); CHECK_EQ(b.count("LobbyUpdated", L), 1);
    CHECK_EQ(link(a, L, b1).r.status, 400);  // the lobby is already linked
    const uint64_t L2 = joinLobby(a, "other").id;
    CHECK(setMember(L2, alice, nullptr, 1));
    CHECK_EQ(link(a, L2, general).r.status, 400);  // the channel is linked elsewhere
    Platform_LobbyHandle lh{};
    CHECK(Platform_Client_GetLobbyHandle(&b.c, L, &lh));
    Platform_LinkedChannel lc{}, lc2{};
    CHECK(Platform_LobbyHandle_LinkedChannel(&lh, &lc));
    Platform_String s;
    Platform_LinkedChannel_Name(&lc, &s); CHECK_EQ(S(s), std::string("general"));
    CHECK_EQ(Platform_LinkedChannel_Id(&lc), general); CHECK_EQ(Platform_LinkedChannel_GuildId(&lc), G);
    Platform_LinkedChannel_Clone(&lc2, &lc);
    Platform_LinkedChannel_SetName(&lc2, P(std::string("renamed")));  // a record: only the copy changes
    Platform_LinkedChannel_Name(&lc, &s); CHECK_EQ(S(s), std::string("general"));
    Platform_LinkedChannel_Drop(&lc); Platform_LinkedChannel_Drop(&lc2);
    ChanList after = channels(a, G);
    CHECK(!after.v.empty() && after.v[0].linked == std::make_optional(std::make_pair(app, L)));
    // A linked lobby syncs: first messages get a disclosure notice (sender only), CanOpen is true.
    b.clear();
    const uint64_t M = sendLobby(a, L, "now on the platform too").id;
    CHECK_EQ(a.count("MessageCreated"), 2); CHECK_EQ(b.count("MessageCreated"), 1);
    CHECK(Platform_Client_CanOpenMessageInPlatform(&b.c, M));
    CHECK_EQ(sendLobby(a, L, "second").r.ok, true);
    CHECK_EQ(a.count("MessageCreated"), 3);
    // Invites: for the requesting member, single use, valid one hour.
    g_merge = 0;
    StrRes inv = joinGuild(b, L);
    CHECK(inv.r.ok); CHECK_EQ(g_merge, 0);
    CHECK(inv.s.rfind("https://platform.example/invite/", 0) == 0);
    CHECK(!PlatformSim_AcceptGuildInvite(P(inv.s), 999));    // unknown user: not consumed
    CHECK(!PlatformSim_AcceptGuildInvite(P(inv.s), alice));  // for bob only: not consumed
    CHECK(lastError().rfind("403:", 0) == 0);
    CHECK(PlatformSim_AcceptGuildInvite(P(inv.s), bob));
    CHECK(!PlatformSim_AcceptGuildInvite(P(inv.s), bob));  // single use
    CHECK(lastError().find("already used") != std::string::npos);
    CHECK((guildsOf(b) == std::vector<std::pair<uint64_t, std::string>>{{G, "The Guild"}}));
    StrRes late = joinGuild(a, L);
    CHECK(late.r.ok);
    step(60 * 60 * 1000);
    CHECK(!PlatformSim_AcceptGuildInvite(P(late.s), alice));  // expired
    CHECK(lastError().find("expired") != std::string::npos);
    CHECK(!PlatformSim_AcceptGuildInvite(P(std::string("https://platform.example/invite/nope")), alice));
    CHECK_EQ(joinGuild(a, L2).r.status, 400);  // not linked
    // Provisional accounts: merge-required triple first, then the main callback with an error.
    g_merge = 0;
    StrRes pj = joinGuild(p, L);
    CHECK_EQ(g_merge, 1); CHECK_EQ(pj.r.type, (int)Platform_ErrorType_ValidationError); CHECK(pj.s.empty());
    SimpleRes po;
    const int freed = g_freed;
    Platform_Client_OpenMessageInPlatform(&p.c, M, [](void *) { ++g_merge; }, countFree, nullptr, simpleCb, countFree, &po);
    step(1);
    CHECK_EQ(g_merge, 2); CHECK(!po.r.ok); CHECK_EQ(g_freed - freed, 2);
    // Unlink: same permission; the link is gone everywhere.
    CHECK(setMember(L, bob, nullptr, 0));
    CHECK_EQ(unlink(b, L).r.status, 403);
    CHECK(unlink(a, L).r.ok);
    CHECK(!Platform_LobbyHandle_LinkedChannel(&lh, &lc));
    CHECK_EQ(unlink(a, L).r.status, 400);
    CHECK(!channels(a, G).v[0].linked.has_value());
    CHECK(!Platform_Client_CanOpenMessageInPlatform(&b.c, M));
    Platform_LobbyHandle_Drop(&lh);
    // Records and values on invalid input: defaults, no crash.
    Platform_GuildChannel gz{}; uint64_t out = 7;
    CHECK_EQ(Platform_GuildChannel_Id(&gz), uint64_t(0)); CHECK(!Platform_GuildChannel_ParentId(&gz, &out));
    Platform_GuildChannel_SetParentId(&gz, &out); Platform_GuildChannel_SetLinkedLobby(&gz, nullptr);
    Platform_GuildChannel_Name(&gz, &s); CHECK_EQ(S(s), std::string(""));
    Platform_GuildChannel_Drop(&gz); Platform_GuildChannel_Drop(nullptr);
    Platform_LinkedLobby ll{}, ll2{};
    Platform_LinkedLobby_Init(&ll); Platform_LinkedLobby_SetLobbyId(&ll, 5); Platform_LinkedLobby_SetApplicationId(&ll, 6);
    Platform_LinkedLobby_Clone(&ll2, &ll); Platform_LinkedLobby_SetLobbyId(&ll, 9);
    CHECK_EQ(Platform_LinkedLobby_LobbyId(&ll2), uint64_t(5)); CHECK_EQ(Platform_LinkedLobby_ApplicationId(&ll2), uint64_t(6));
    Platform_LinkedLobby_Drop(&ll); Platform_LinkedLobby_Drop(&ll2); Platform_LinkedLobby_Drop(&ll2);
    CHECK_EQ(Platform_LinkedLobby_LobbyId(&ll2), uint64_t(0));
    Platform_GuildMinimal gm{}; Platform_GuildMinimal_SetName(&gm, P(std::string("x")));
    Platform_GuildMinimal_Name(&gm, &s); CHECK_EQ(S(s), std::string("")); CHECK_EQ(Platform_GuildMinimal_Id(&gm), uint64_t(0));
    Platform_UserMessageSummary um{}; CHECK_EQ(Platform_UserMessageSummary_UserId(&um), uint64_t(0));
    Platform_AdditionalContent c1{}, c2{}, cz{};
    Platform_AdditionalContent_Init(&c1); Platform_AdditionalContent_Clone(&c2, &c1);
    CHECK(Platform_AdditionalContent_Equals(&c1, &c2)); CHECK(!Platform_AdditionalContent_Equals(&c1, &cz));
    Platform_AdditionalContent_SetCount(&c2, 255); CHECK(!Platform_AdditionalContent_Equals(&c1, &c2));
    CHECK_EQ((int)Platform_AdditionalContent_Count(&c2), 255); CHECK(!Platform_AdditionalContent_Title(&c1, &s));
    Platform_AdditionalContent_SetType(&c1, (Platform_AdditionalContentType)99);
    CHECK_EQ((int)Platform_AdditionalContent_Type(&c1), 99);
    Platform_AdditionalContent_TypeToString(Platform_AdditionalContentType_VoiceMessage, &s); CHECK_EQ(S(s), std::string("VoiceMessage"));
    Platform_AdditionalContent_TypeToString((Platform_AdditionalContentType)99, &s); CHECK_EQ(S(s), std::string("Unknown"));
    Platform_AdditionalContent_Drop(&c1); Platform_AdditionalContent_Drop(&c2);
    Platform_CallInfoHandle ci{}; Platform_VoiceStateHandle vs{};
    CHECK_EQ(Platform_CallInfoHandle_ChannelId(&ci), uint64_t(0)); CHECK_EQ(Platform_CallInfoHandle_GuildId(&ci), uint64_t(0));
    Platform_UInt64Span parts; Platform_CallInfoHandle_GetParticipants(&ci, &parts); CHECK(parts.ptr != nullptr && parts.size == 0); Platform_Free(parts.ptr);
    CHECK(!Platform_CallInfoHandle_GetVoiceStateHandle(&ci, alice, &vs));
    CHECK(!Platform_VoiceStateHandle_SelfMute(&vs)); CHECK(!Platform_VoiceStateHandle_SelfDeaf(&vs));
    Platform_CallInfoHandle_Drop(&ci); Platform_VoiceStateHandle_Drop(&vs);
    Platform_MessageHandle mz{};
    CHECK_EQ(readMsg(&mz).id, uint64_t(0)); Platform_MessageHandle_Drop(&mz);
    Platform_ChannelHandle chz{}; CHECK_EQ((int)Platform_ChannelHandle_Type(&chz), 0); Platform_ChannelHandle_Drop(&chz);
    Platform_LobbyMemberHandle lmz{}; CHECK(!Platform_LobbyMemberHandle_User(&lmz, &uh)); Platform_LobbyMemberHandle_Drop(&lmz);
    Platform_Client_GetLobbyIds(nullptr, nullptr);
    CHECK(!Platform_Client_GetMessageHandle(nullptr, 1, nullptr));
    }
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
