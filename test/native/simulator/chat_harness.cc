// Implementation of chat_harness.h. Every triple handed to the SDK here is released through
// countFree, so the areas can compare PlatformSim_LiveCallbackCount before and after.
#include "chat_harness.h"

StrMap readProps(Platform_Properties p) {
    StrMap m;
    CHECK(p.keys != nullptr && p.values != nullptr);
    for (size_t i = 0; i < p.size; ++i) {
        m.emplace(std::string((const char *)p.keys[i].ptr, p.keys[i].size),
                  std::string((const char *)p.values[i].ptr, p.values[i].size));
    }
    Platform_FreeProperties(p);
    return m;
}

PropsView::PropsView(const StrMap &m) {
    for (auto &[a, b] : m) { k.push_back(a); v.push_back(b); }
    for (size_t i = 0; i < k.size(); ++i) { ks.push_back(P(k[i])); vs.push_back(P(v[i])); }
}

MsgInfo readMsg(Platform_MessageHandle *h) {
    MsgInfo m;
    Platform_String s;
    m.id = Platform_MessageHandle_Id(h);
    m.author = Platform_MessageHandle_AuthorId(h);
    m.channel = Platform_MessageHandle_ChannelId(h);
    m.recipient = Platform_MessageHandle_RecipientId(h);
    m.sent = Platform_MessageHandle_SentTimestamp(h);
    m.edited = Platform_MessageHandle_EditedTimestamp(h);
    Platform_MessageHandle_Content(h, &s); m.content = S(s);
    Platform_MessageHandle_RawContent(h, &s); m.raw = S(s);
    uint64_t app = 0;
    if (Platform_MessageHandle_ApplicationId(h, &app)) m.app = app;
    if (Platform_MessageHandle_AdditionalName(h, &s)) m.additionalName = S(s);
    Platform_DisclosureTypes d{};
    if (Platform_MessageHandle_DisclosureType(h, &d)) m.disclosure = (int)d;
    m.fromGame = Platform_MessageHandle_SentFromGame(h);
    Platform_Properties p;
    Platform_MessageHandle_Metadata(h, &p); m.md = readProps(p);
    Platform_MessageHandle_ModerationMetadata(h, &p); m.mod = readProps(p);
    Platform_AdditionalContent ac{};
    if (Platform_MessageHandle_AdditionalContent(h, &ac)) {
        std::optional<std::string> title;
        if (Platform_AdditionalContent_Title(&ac, &s)) title = S(s);
        m.extra = std::make_tuple((int)Platform_AdditionalContent_Type(&ac), title, (int)Platform_AdditionalContent_Count(&ac));
        Platform_AdditionalContent_Drop(&ac);
    }
    Platform_LobbyHandle lh{};
    if ((m.hasLobby = Platform_MessageHandle_Lobby(h, &lh))) { CHECK_EQ(Platform_LobbyHandle_Id(&lh), m.channel); Platform_LobbyHandle_Drop(&lh); }
    Platform_UserHandle uh{};
    if ((m.hasAuthor = Platform_MessageHandle_Author(h, &uh))) { CHECK_EQ(Platform_UserHandle_Id(&uh), m.author); Platform_UserHandle_Drop(&uh); }
    if ((m.hasRecipient = Platform_MessageHandle_Recipient(h, &uh))) { CHECK_EQ(Platform_UserHandle_Id(&uh), m.recipient); Platform_UserHandle_Drop(&uh); }
    Platform_ChannelHandle ch{};
    if ((m.hasChannel = Platform_MessageHandle_Channel(h, &ch))) {
        CHECK_EQ(Platform_ChannelHandle_Id(&ch), m.channel);
        m.channelType = (int)Platform_ChannelHandle_Type(&ch);
        Platform_ChannelHandle_Drop(&ch);
    }
    return m;
}

std::optional<MsgInfo> cached(Platform_Client *c, uint64_t id) {
    Platform_MessageHandle h{};
    if (!Platform_Client_GetMessageHandle(c, id, &h)) return std::nullopt;
    MsgInfo m = readMsg(&h);
    Platform_MessageHandle_Drop(&h);
    return m;
}

namespace {
void record(void *ud, const char *kind, uint64_t a, uint64_t b = 0) { static_cast<Player *>(ud)->events.push_back({kind, a, b}); }
}  // namespace

Player::Player(uint64_t appId, uint64_t userId, bool doConnect) : user(userId), app(appId) {
    Platform_Client_Init(&c);
    Platform_Client_SetApplicationId(&c, app);
    Platform_Client_SetLobbyCreatedCallback(&c, [](uint64_t l, void *ud) { record(ud, "LobbyCreated", l); }, countFree, this);
    Platform_Client_SetLobbyDeletedCallback(&c, [](uint64_t l, void *ud) { record(ud, "LobbyDeleted", l); }, countFree, this);
    Platform_Client_SetLobbyUpdatedCallback(&c, [](uint64_t l, void *ud) { record(ud, "LobbyUpdated", l); }, countFree, this);
    Platform_Client_SetLobbyMemberAddedCallback(&c, [](uint64_t l, uint64_t m, void *ud) { record(ud, "MemberAdded", l, m); }, countFree, this);
    Platform_Client_SetLobbyMemberRemovedCallback(&c, [](uint64_t l, uint64_t m, void *ud) { record(ud, "MemberRemoved", l, m); }, countFree, this);
    Platform_Client_SetLobbyMemberUpdatedCallback(&c, [](uint64_t l, uint64_t m, void *ud) { record(ud, "MemberUpdated", l, m); }, countFree, this);
    Platform_Client_SetMessageCreatedCallback(&c, [](uint64_t id, void *ud) {
        auto *p = static_cast<Player *>(ud);
        record(ud, "MessageCreated", id);
        if (p->onCreated) p->onCreated(*p, id);
    }, countFree, this);
    Platform_Client_SetMessageUpdatedCallback(&c, [](uint64_t id, void *ud) { record(ud, "MessageUpdated", id); }, countFree, this);
    Platform_Client_SetMessageDeletedCallback(&c, [](uint64_t id, uint64_t ch, void *ud) { record(ud, "MessageDeleted", id, ch); }, countFree, this);
    if (doConnect) connect();
}

Player::~Player() { Platform_Client_Drop(&c); }

void Player::connect() { connectAs(&c, user, app); }

void Player::disconnect() {
    Platform_Client_Disconnect(&c);
    step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&c), (int)Platform_Client_Status_Disconnected);
}

int Player::count(const std::string &kind, uint64_t a, uint64_t b) const {
    int n = 0;
    for (const Ev &e : events) n += e.kind == kind && (a == 0 || e.a == a) && (b == 0 || e.b == b);
    return n;
}

std::vector<uint64_t> Player::ids(const std::string &kind) const {
    std::vector<uint64_t> out;
    for (const Ev &e : events) if (e.kind == kind) out.push_back(e.a);
    return out;
}

void idCb(Platform_ClientResult *r, uint64_t id, void *ud) { auto *o = (IdRes *)ud; o->r = R(r); o->id = id; o->called = true; }
void strCb(Platform_ClientResult *r, Platform_String s, void *ud) { auto *o = (StrRes *)ud; o->r = R(r); o->s = S(s); o->called = true; }

void heldHistoryCb(Platform_ClientResult *r, Platform_MessageHandleSpan span, void *ud) {
    auto *o = static_cast<HeldHistory *>(ud);
    o->called = true;
    Platform_ClientResult owned = *r;  // adopt
    Platform_ClientResult_Drop(&owned);
    o->handles.assign(span.ptr, span.ptr + span.size);
    Platform_Free(span.ptr);
}

void msgListCb(Platform_ClientResult *r, Platform_MessageHandleSpan span, void *ud) {
    auto *o = (MsgList *)ud;
    o->r = R(r);
    o->called = true;
    CHECK(span.ptr != nullptr);
    for (size_t i = 0; i < span.size; ++i) {
        Platform_MessageHandle h = span.ptr[i];  // adopt
        o->msgs.push_back(readMsg(&h));
        o->handles.push_back(h);
    }
    Platform_Free(span.ptr);
}

uint64_t freshChatWorld() {
    PlatformSim_Reset();
    Platform_RunCallbacks();
    PlatformSim_ClockSetFrozen(true);
    static int n = 0;
    return PlatformSim_CreateApplication(P(numbered("ChatGame", ++n)), 0, 0, P(std::string("")));
}

uint64_t newUser(const std::string &name, const std::string &display, bool provisional) {
    uint64_t id = PlatformSim_CreateUser(P(name), P(display), provisional);
    CHECK(id != 0);
    return id;
}

void connectAs(Platform_Client *c, uint64_t user, uint64_t app) {
    Platform_String at, rt;
    CHECK(PlatformSim_IssueToken(user, app, P(std::string("")), &at, &rt, nullptr));
    std::string access = S(at);
    S(rt);
    Platform_Client_UpdateToken(c, Platform_AuthorizationTokenType_Bearer, P(access), nullptr, nullptr, nullptr);
    Platform_Client_Connect(c);
    for (int i = 0; i < 4; ++i) step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(c), (int)Platform_Client_Status_Ready);
}

IdRes joinLobby(Player &p, const std::string &secret) {
    IdRes r;
    Platform_Client_CreateOrJoinLobby(&p.c, P(secret), idCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

IdRes joinLobbyWith(Player &p, const std::string &secret, const StrMap &lobbyMd, const StrMap &memberMd) {
    IdRes r;
    PropsView l(lobbyMd), m(memberMd);
    Platform_Client_CreateOrJoinLobbyWithMetadata(&p.c, P(secret), l.get(), m.get(), idCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

SimpleRes leaveLobby(Player &p, uint64_t lobbyId) {
    SimpleRes r;
    Platform_Client_LeaveLobby(&p.c, lobbyId, simpleCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

IdRes sendLobby(Player &p, uint64_t lobbyId, const std::string &text) {
    IdRes r;
    Platform_Client_SendLobbyMessage(&p.c, lobbyId, P(text), idCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

IdRes sendDm(Player &p, uint64_t to, const std::string &text) {
    IdRes r;
    Platform_Client_SendUserMessage(&p.c, to, P(text), idCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

bool setMember(uint64_t lobbyId, uint64_t user, const char *additionalName, int canLink, bool remove) {
    std::string name = additionalName ? additionalName : "";
    Platform_String ns = P(name);
    PlatformSim_LobbyMemberUpdate u{user, remove, false, Platform_Properties{0, nullptr, nullptr},
                                    additionalName ? &ns : nullptr, canLink};
    return PlatformSim_BackendUpdateLobbyMembers(lobbyId, &u, 1);
}

std::string lastError() {
    Platform_String s;
    PlatformSim_LastError(&s);
    return S(s);
}

std::vector<uint64_t> lobbyMemberIds(Platform_Client *c, uint64_t lobbyId) {
    std::vector<uint64_t> out;
    Platform_LobbyHandle h{};
    if (!Platform_Client_GetLobbyHandle(c, lobbyId, &h)) return out;
    Platform_UInt64Span ids;
    Platform_LobbyHandle_LobbyMemberIds(&h, &ids);
    CHECK(ids.ptr != nullptr);
    out.assign(ids.ptr, ids.ptr + ids.size);
    Platform_Free(ids.ptr);
    Platform_LobbyHandle_Drop(&h);
    return out;
}
