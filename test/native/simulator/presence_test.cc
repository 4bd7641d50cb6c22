// Rich presence, online status, activity invites and launch registration: the Activity value
// classes (defaults, optional getters, deep Clone, Equals, button order, invalid objects),
// UpdateRichPresence validation (every rejected type, every limit at and just above it, URLs that
// are not URLs, 3 buttons, party sizes, timestamps, supported platforms), what a second client sees
// through UserHandle_GameActivity (every field, name override, cover-image fallback, parent id),
// UserUpdated on changes (party privacy included), ClearRichPresence, the local transport (no
// Ready session, desktop app installed or not), sessions ending and starting again,
// SetOnlineStatus / Invisible, PlatformSim_SetUserStatus / SetUserPresence, invites and join
// requests (messages, records, accept, invalidation, accept-elsewhere on every session), launch
// registration and IsPlatformAppInstalled.
//
// Friends: invites need friendship (areFriends). invitesWithFriends makes friends
// with PlatformSim_Befriend (relationships area); everything else needs no friendship (the
// not-friends path, join requests to public parties and their replies).
#include <algorithm>

#include "chat_harness.h"

namespace {

// ---- reading value objects ------------------------------------------------------------------

struct InvInfo {
    uint64_t sender = 0, channel = 0, message = 0, app = 0, parent = 0;
    int type = -1;
    std::string party, session;
    bool valid = false;
};

InvInfo readInvite(Platform_ActivityInvite *i) {
    InvInfo v;
    Platform_String s;
    v.sender = Platform_ActivityInvite_SenderId(i);
    v.channel = Platform_ActivityInvite_ChannelId(i);
    v.message = Platform_ActivityInvite_MessageId(i);
    v.app = Platform_ActivityInvite_ApplicationId(i);
    v.parent = Platform_ActivityInvite_ParentApplicationId(i);
    v.type = (int)Platform_ActivityInvite_Type(i);
    Platform_ActivityInvite_PartyId(i, &s); v.party = S(s);
    Platform_ActivityInvite_SessionId(i, &s); v.session = S(s);
    v.valid = Platform_ActivityInvite_IsValid(i);
    return v;
}

std::optional<std::string> optStr(bool present, Platform_String s) {
    if (!present) return std::nullopt;
    return S(s);
}

struct ActInfo {
    std::string name;
    int type = -1;
    std::optional<int> display;
    std::optional<std::string> state, stateUrl, details, detailsUrl;
    std::optional<uint64_t> app, parent;
    bool hasAssets = false;
    std::optional<std::string> largeImage, largeText, largeUrl, smallImage, smallText, smallUrl, cover;
    bool hasTimestamps = false;
    uint64_t start = 0, end = 0;
    bool hasParty = false;
    std::string partyId;
    int current = -1, max = -1, privacy = -1;
    bool hasSecrets = false;
    std::string join;
    std::vector<std::pair<std::string, std::string>> buttons;
    int platforms = -1;
};

ActInfo readActivity(Platform_Activity *a) {
    ActInfo v;
    Platform_String s;
    Platform_Activity_Name(a, &s); v.name = S(s);
    v.type = (int)Platform_Activity_Type(a);
    Platform_StatusDisplayTypes d{};
    if (Platform_Activity_StatusDisplayType(a, &d)) v.display = (int)d;
    { bool p = Platform_Activity_State(a, &s); v.state = optStr(p, s); }
    { bool p = Platform_Activity_StateUrl(a, &s); v.stateUrl = optStr(p, s); }
    { bool p = Platform_Activity_Details(a, &s); v.details = optStr(p, s); }
    { bool p = Platform_Activity_DetailsUrl(a, &s); v.detailsUrl = optStr(p, s); }
    uint64_t id = 0;
    if (Platform_Activity_ApplicationId(a, &id)) v.app = id;
    if (Platform_Activity_ParentApplicationId(a, &id)) v.parent = id;
    Platform_ActivityAssets as{};
    if ((v.hasAssets = Platform_Activity_Assets(a, &as))) {
        { bool p = Platform_ActivityAssets_LargeImage(&as, &s); v.largeImage = optStr(p, s); }
        { bool p = Platform_ActivityAssets_LargeText(&as, &s); v.largeText = optStr(p, s); }
        { bool p = Platform_ActivityAssets_LargeUrl(&as, &s); v.largeUrl = optStr(p, s); }
        { bool p = Platform_ActivityAssets_SmallImage(&as, &s); v.smallImage = optStr(p, s); }
        { bool p = Platform_ActivityAssets_SmallText(&as, &s); v.smallText = optStr(p, s); }
        { bool p = Platform_ActivityAssets_SmallUrl(&as, &s); v.smallUrl = optStr(p, s); }
        { bool p = Platform_ActivityAssets_InviteCoverImage(&as, &s); v.cover = optStr(p, s); }
        Platform_ActivityAssets_Drop(&as);
    }
    Platform_ActivityTimestamps ts{};
    if ((v.hasTimestamps = Platform_Activity_Timestamps(a, &ts))) {
        v.start = Platform_ActivityTimestamps_Start(&ts);
        v.end = Platform_ActivityTimestamps_End(&ts);
        Platform_ActivityTimestamps_Drop(&ts);
    }
    Platform_ActivityParty p{};
    if ((v.hasParty = Platform_Activity_Party(a, &p))) {
        Platform_ActivityParty_Id(&p, &s); v.partyId = S(s);
        v.current = Platform_ActivityParty_CurrentSize(&p);
        v.max = Platform_ActivityParty_MaxSize(&p);
        v.privacy = (int)Platform_ActivityParty_Privacy(&p);
        Platform_ActivityParty_Drop(&p);
    }
    Platform_ActivitySecrets se{};
    if ((v.hasSecrets = Platform_Activity_Secrets(a, &se))) {
        Platform_ActivitySecrets_Join(&se, &s); v.join = S(s);
        Platform_ActivitySecrets_Drop(&se);
    }
    Platform_ActivityButtonSpan span{};
    Platform_Activity_GetButtons(a, &span);
    CHECK(span.ptr != nullptr);
    for (size_t i = 0; i < span.size; ++i) {
        Platform_ActivityButton b = span.ptr[i];  // adopt
        Platform_ActivityButton_Label(&b, &s); std::string label = S(s);
        Platform_ActivityButton_Url(&b, &s); std::string url = S(s);
        v.buttons.emplace_back(label, url);
        Platform_ActivityButton_Drop(&b);
    }
    Platform_Free(span.ptr);
    v.platforms = (int)Platform_Activity_SupportedPlatforms(a);
    return v;
}

// ---- building activities ----------------------------------------------------------------------

void setOpt(void (*setter)(Platform_Activity *, Platform_String *), Platform_Activity *a, const std::string &v) {
    Platform_String s = P(v);
    setter(a, &s);
}
void setOptAssets(void (*setter)(Platform_ActivityAssets *, Platform_String *), Platform_ActivityAssets *a,
                  const std::string &v) {
    Platform_String s = P(v);
    setter(a, &s);
}

// An owned Platform_Activity (dropped on scope exit).
struct Act {
    Platform_Activity a{};
    Act() { Platform_Activity_Init(&a); }
    Act(const Act &) = delete;
    Act &operator=(const Act &) = delete;
    ~Act() { Platform_Activity_Drop(&a); }
    Platform_Activity *get() { return &a; }
};

void setParty(Platform_Activity *a, const std::string &id, int cur, int max, Platform_ActivityPartyPrivacy privacy) {
    Platform_ActivityParty p{};
    Platform_ActivityParty_Init(&p);
    Platform_ActivityParty_SetId(&p, P(id));
    Platform_ActivityParty_SetCurrentSize(&p, cur);
    Platform_ActivityParty_SetMaxSize(&p, max);
    Platform_ActivityParty_SetPrivacy(&p, privacy);
    Platform_Activity_SetParty(a, &p);
    Platform_ActivityParty_Drop(&p);
}

void setSecret(Platform_Activity *a, const std::string &join) {
    Platform_ActivitySecrets s{};
    Platform_ActivitySecrets_Init(&s);
    Platform_ActivitySecrets_SetJoin(&s, P(join));
    Platform_Activity_SetSecrets(a, &s);
    Platform_ActivitySecrets_Drop(&s);
}

void addButton(Platform_Activity *a, const std::string &label, const std::string &url) {
    Platform_ActivityButton b{};
    Platform_ActivityButton_Init(&b);
    Platform_ActivityButton_SetLabel(&b, P(label));
    Platform_ActivityButton_SetUrl(&b, P(url));
    Platform_Activity_AddButton(a, &b);
    Platform_ActivityButton_Drop(&b);
}

void setTimestamps(Platform_Activity *a, uint64_t start, uint64_t end) {
    Platform_ActivityTimestamps t{};
    Platform_ActivityTimestamps_Init(&t);
    Platform_ActivityTimestamps_SetStart(&t, start);
    Platform_ActivityTimestamps_SetEnd(&t, end);
    Platform_Activity_SetTimestamps(a, &t);
    Platform_ActivityTimestamps_Drop(&t);
}

// Assets with one field set through `setter`.
void setAsset(Platform_Activity *a, void (*setter)(Platform_ActivityAssets *, Platform_String *), const std::string &v) {
    Platform_ActivityAssets as{};
    Platform_ActivityAssets_Init(&as);
    setOptAssets(setter, &as, v);
    Platform_Activity_SetAssets(a, &as);
    Platform_ActivityAssets_Drop(&as);
}

// A joinable activity: party + join secret.
void makeJoinable(Platform_Activity *a, const std::string &party, const std::string &secret,
                  Platform_ActivityPartyPrivacy privacy = Platform_ActivityPartyPrivacy_Private) {
    setOpt(Platform_Activity_SetState, a, "In a party");
    setParty(a, party, 1, 4, privacy);
    setSecret(a, secret);
}

std::string repeat(const std::string &unit, size_t n) {
    std::string r;
    for (size_t i = 0; i < n; ++i) r += unit;
    return r;
}
// An http(s) URL of exactly n characters.
std::string urlOf(size_t n) {
    std::string u = "https://example.com/";
    return u + std::string(n - u.size(), 'a');
}

// ---- a client with every presence callback recorded ----------------------------------------------

struct PClient {
    Platform_Client c{};
    uint64_t user = 0, app = 0;
    std::vector<uint64_t> userUpdated, messages;
    std::vector<InvInfo> created, updated;
    std::vector<std::string> joins;
    std::vector<std::pair<uint64_t, std::string>> joinsWithApp;
    std::vector<std::string> order;  // event kinds in delivery order
    PClient(uint64_t appId, uint64_t userId, bool doConnect = true) : user(userId), app(appId) {
        Platform_Client_Init(&c);
        Platform_Client_SetApplicationId(&c, app);
        Platform_Client_SetUserUpdatedCallback(&c, [](uint64_t id, void *ud) {
            auto *p = (PClient *)ud; p->userUpdated.push_back(id); p->order.push_back("UserUpdated");
        }, countFree, this);
        Platform_Client_SetMessageCreatedCallback(&c, [](uint64_t id, void *ud) {
            auto *p = (PClient *)ud; p->messages.push_back(id); p->order.push_back("MessageCreated");
        }, countFree, this);
        Platform_Client_SetActivityInviteCreatedCallback(&c, [](Platform_ActivityInvite *i, void *ud) {
            auto *p = (PClient *)ud;
            Platform_ActivityInvite owned = *i;  // adopt
            p->created.push_back(readInvite(&owned));
            Platform_ActivityInvite_Drop(&owned);
            p->order.push_back("InviteCreated");
        }, countFree, this);
        Platform_Client_SetActivityInviteUpdatedCallback(&c, [](Platform_ActivityInvite *i, void *ud) {
            auto *p = (PClient *)ud;
            Platform_ActivityInvite owned = *i;
            p->updated.push_back(readInvite(&owned));
            Platform_ActivityInvite_Drop(&owned);
            p->order.push_back("InviteUpdated");
        }, countFree, this);
        Platform_Client_SetActivityJoinCallback(&c, [](Platform_String secret, void *ud) {
            auto *p = (PClient *)ud; p->joins.push_back(S(secret)); p->order.push_back("Join");
        }, countFree, this);
        Platform_Client_SetActivityJoinWithApplicationCallback(&c, [](uint64_t joinApp, Platform_String secret, void *ud) {
            auto *p = (PClient *)ud; p->joinsWithApp.emplace_back(joinApp, S(secret)); p->order.push_back("JoinWithApp");
        }, countFree, this);
        if (doConnect) connect();
    }
    PClient(const PClient &) = delete;
    PClient &operator=(const PClient &) = delete;
    ~PClient() { Platform_Client_Drop(&c); }
    void connect() { connectAs(&c, user, app); }
    void disconnect() {
        Platform_Client_Disconnect(&c);
        step(20);
        CHECK_EQ((int)Platform_Client_GetStatus(&c), (int)Platform_Client_Status_Disconnected);
    }
    void clear() { userUpdated.clear(); messages.clear(); created.clear(); updated.clear(); joins.clear(); joinsWithApp.clear(); order.clear(); }
    int updatesOf(uint64_t id) const { return (int)std::count(userUpdated.begin(), userUpdated.end(), id); }
};

// Starts an operation whose callback carries only a ClientResult, lets the simulated network
// deliver it, and returns the result.
template <class Start>
Res completed(Start &&start, uint64_t stepMs = 20) {
    SimpleRes r;
    start(&r);
    step(stepMs);
    CHECK(r.called);
    return r.r;
}

Res update(Platform_Client *c, Platform_Activity *a, uint64_t stepMs = 20) {
    return completed([&](SimpleRes *r) { Platform_Client_UpdateRichPresence(c, a, simpleCb, countFree, r); }, stepMs);
}

Res setStatus(Platform_Client *c, Platform_StatusType s) {
    return completed([&](SimpleRes *r) { Platform_Client_SetOnlineStatus(c, s, simpleCb, countFree, r); });
}

Res invite(Platform_Client *c, uint64_t to, const std::string &content) {
    return completed([&](SimpleRes *r) { Platform_Client_SendActivityInvite(c, to, P(content), simpleCb, countFree, r); });
}

Res joinRequest(Platform_Client *c, uint64_t to) {
    return completed([&](SimpleRes *r) { Platform_Client_SendActivityJoinRequest(c, to, simpleCb, countFree, r); });
}

// An ActivityInvite value carrying the fields of `v` (what a game keeps from the callback).
struct InviteObj {
    Platform_ActivityInvite i{};
    explicit InviteObj(const InvInfo &v) {
        Platform_ActivityInvite_Init(&i);
        Platform_ActivityInvite_SetSenderId(&i, v.sender);
        Platform_ActivityInvite_SetChannelId(&i, v.channel);
        Platform_ActivityInvite_SetMessageId(&i, v.message);
        Platform_ActivityInvite_SetType(&i, (Platform_ActivityActionTypes)v.type);
        Platform_ActivityInvite_SetApplicationId(&i, v.app);
        Platform_ActivityInvite_SetParentApplicationId(&i, v.parent);
        Platform_ActivityInvite_SetPartyId(&i, P(v.party));
        Platform_ActivityInvite_SetSessionId(&i, P(v.session));
        Platform_ActivityInvite_SetIsValid(&i, v.valid);
    }
    InviteObj(const InviteObj &) = delete;
    InviteObj &operator=(const InviteObj &) = delete;
    ~InviteObj() { Platform_ActivityInvite_Drop(&i); }
};

Res reply(Platform_Client *c, const InvInfo &v) {
    InviteObj o(v);
    return completed([&](SimpleRes *r) { Platform_Client_SendActivityJoinRequestReply(c, &o.i, simpleCb, countFree, r); });
}

StrRes accept(Platform_Client *c, const InvInfo &v) {
    InviteObj o(v);
    StrRes r;
    Platform_Client_AcceptActivityInvite(c, &o.i, strCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

// What `viewer` sees of `user`: status and activity (nullopt when GameActivity is false).
std::optional<ActInfo> seen(Platform_Client *viewer, uint64_t user) {
    Platform_UserHandle h{};
    const bool known = Platform_Client_GetUser(viewer, user, &h);
    CHECK(known);  // the viewer knows the user (lobby, DM)
    if (!known) return std::nullopt;
    Platform_Activity a{};
    std::optional<ActInfo> out;
    if (Platform_UserHandle_GameActivity(&h, &a)) {
        out = readActivity(&a);
        Platform_Activity_Drop(&a);
    }
    Platform_UserHandle_Drop(&h);
    return out;
}

int statusOf(Platform_Client *viewer, uint64_t user) {
    Platform_UserHandle h{};
    if (!Platform_Client_GetUser(viewer, user, &h)) return -1;
    const int s = (int)Platform_UserHandle_Status(&h);
    Platform_UserHandle_Drop(&h);
    return s;
}

// Puts both clients' users in one lobby of their application, so that each knows the other.
void meet(Platform_Client *a, Platform_Client *b, const std::string &secret) {
    IdRes ra, rb;
    Platform_Client_CreateOrJoinLobby(a, P(secret), idCb, countFree, &ra);
    Platform_Client_CreateOrJoinLobby(b, P(secret), idCb, countFree, &rb);
    step(20);
    CHECK(ra.r.ok && rb.r.ok);
}

bool contains(const std::string &hay, const std::string &needle) { return hay.find(needle) != std::string::npos; }

// ---- 1. value objects ------------------------------------------------------------------------

void valueObjects() {
    Act a;
    Platform_String s;
    // Defaults.
    ActInfo d = readActivity(a.get());
    CHECK_EQ(d.name, std::string(""));
    CHECK_EQ(d.type, (int)Platform_ActivityTypes_Playing);
    CHECK(!d.display && !d.state && !d.stateUrl && !d.details && !d.detailsUrl && !d.app && !d.parent);
    CHECK(!d.hasAssets && !d.hasTimestamps && !d.hasParty && !d.hasSecrets && d.buttons.empty());
    CHECK_EQ(d.platforms, (int)Platform_ActivityGamePlatforms_Desktop);
    // Round trips; optional setters with NULL clear.
    Platform_Activity_SetName(a.get(), P(std::string("Custom")));
    Platform_Activity_SetType(a.get(), Platform_ActivityTypes_Watching);
    Platform_StatusDisplayTypes disp = Platform_StatusDisplayTypes_Details;
    Platform_Activity_SetStatusDisplayType(a.get(), &disp);
    setOpt(Platform_Activity_SetState, a.get(), "state");
    setOpt(Platform_Activity_SetDetails, a.get(), "details");
    uint64_t appId = 42;
    Platform_Activity_SetApplicationId(a.get(), &appId);
    Platform_Activity_SetParentApplicationId(a.get(), &appId);
    Platform_Activity_SetSupportedPlatforms(a.get(), (Platform_ActivityGamePlatforms)(Platform_ActivityGamePlatforms_Desktop | Platform_ActivityGamePlatforms_PS5));
    ActInfo r = readActivity(a.get());
    CHECK_EQ(r.name, std::string("Custom"));
    CHECK_EQ(r.type, (int)Platform_ActivityTypes_Watching);
    CHECK(r.display == std::optional<int>(2));
    CHECK(r.state == std::optional<std::string>("state"));
    CHECK(r.details == std::optional<std::string>("details"));
    CHECK(r.app == std::optional<uint64_t>(42) && r.parent == std::optional<uint64_t>(42));
    CHECK_EQ(r.platforms, 129);
    Platform_Activity_SetState(a.get(), nullptr);
    Platform_Activity_SetStatusDisplayType(a.get(), nullptr);
    Platform_Activity_SetApplicationId(a.get(), nullptr);
    CHECK(!Platform_Activity_State(a.get(), &s));
    CHECK(!Platform_Activity_StatusDisplayType(a.get(), &disp));
    CHECK(!Platform_Activity_ApplicationId(a.get(), &appId));
    // Buttons keep their order; each element is the caller's.
    addButton(a.get(), "One", "https://one.example");
    addButton(a.get(), "Two", "https://two.example");
    addButton(a.get(), "Three", "https://three.example");  // the object takes 3; validation refuses them
    r = readActivity(a.get());
    CHECK_EQ(r.buttons.size(), size_t(3));
    if (r.buttons.size() == 3) {
        CHECK_EQ(r.buttons[0].first, std::string("One"));
        CHECK_EQ(r.buttons[1].second, std::string("https://two.example"));
        CHECK_EQ(r.buttons[2].first, std::string("Three"));
    }
    Platform_ActivityButton zb{};
    Platform_Activity_AddButton(a.get(), &zb);  // an invalid button adds nothing
    Platform_Activity_AddButton(a.get(), nullptr);
    CHECK_EQ(readActivity(a.get()).buttons.size(), size_t(3));
    // Parts are copied in and out: changing a getter's result does not change the activity.
    setParty(a.get(), "p1", 1, 2, Platform_ActivityPartyPrivacy_Public);
    Platform_ActivityParty p{};
    CHECK(Platform_Activity_Party(a.get(), &p));
    Platform_ActivityParty_SetId(&p, P(std::string("changed")));
    Platform_ActivityParty_Drop(&p);
    CHECK_EQ(readActivity(a.get()).partyId, std::string("p1"));
    Platform_Activity_SetParty(a.get(), nullptr);
    CHECK(!readActivity(a.get()).hasParty);
    // Clone is deep; Equals compares every field.
    setParty(a.get(), "p1", 1, 2, Platform_ActivityPartyPrivacy_Public);
    setSecret(a.get(), "s1");
    setTimestamps(a.get(), 10, 20);
    setAsset(a.get(), Platform_ActivityAssets_SetLargeImage, "large");
    Platform_Activity c{};
    Platform_Activity_Clone(&c, a.get());
    CHECK(Platform_Activity_Equals(a.get(), &c));
    CHECK(Platform_Activity_Equals(&c, a.get()));
    setParty(&c, "p1", 1, 2, Platform_ActivityPartyPrivacy_Private);  // privacy only
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    setParty(&c, "p1", 1, 2, Platform_ActivityPartyPrivacy_Public);
    CHECK(Platform_Activity_Equals(a.get(), &c));
    setTimestamps(&c, 10, 21);
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    setTimestamps(&c, 10, 20);
    setAsset(&c, Platform_ActivityAssets_SetLargeText, "large");  // same string, other field
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    setAsset(&c, Platform_ActivityAssets_SetLargeImage, "large");
    CHECK(Platform_Activity_Equals(a.get(), &c));
    addButton(&c, "Four", "https://four.example");
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    CHECK_EQ(readActivity(a.get()).buttons.size(), size_t(3));  // the original is untouched
    Platform_Activity_Drop(&c);
    {
        // Same buttons in another order: not equal.
        Act x, y;
        addButton(x.get(), "A", "https://a.example"); addButton(x.get(), "B", "https://b.example");
        addButton(y.get(), "B", "https://b.example"); addButton(y.get(), "A", "https://a.example");
        CHECK(!Platform_Activity_Equals(x.get(), y.get()));
        Act e1, e2;
        CHECK(Platform_Activity_Equals(e1.get(), e2.get()));
        Platform_Activity_SetSupportedPlatforms(e2.get(), Platform_ActivityGamePlatforms_Xbox);
        CHECK(!Platform_Activity_Equals(e1.get(), e2.get()));
    }
    // Zeroed / stale objects: defaults, no crash; they equal nothing; a second Drop is a no-op.
    Platform_Activity z{};
    CHECK(!Platform_Activity_Equals(&z, &z));
    CHECK(!Platform_Activity_Equals(a.get(), &z));
    CHECK(!Platform_Activity_Equals(a.get(), nullptr));
    Platform_Activity_SetName(&z, P(std::string("x")));
    ActInfo zi = readActivity(&z);
    CHECK_EQ(zi.name, std::string(""));
    CHECK_EQ(zi.platforms, 0);
    CHECK(!zi.hasParty && zi.buttons.empty());
    Platform_Activity_Drop(&z);
    Platform_Activity stale{};
    Platform_Activity_Init(&stale);
    Platform_Activity copy = stale;
    Platform_Activity_Drop(&stale);
    Platform_Activity_Drop(&stale);
    CHECK_EQ(readActivity(&copy).name, std::string(""));
    Platform_Activity_Clone(&c, &copy);  // clone of an invalid source is invalid
    CHECK(c.opaque == nullptr);
    Platform_Activity_Name(nullptr, &s); CHECK_EQ(S(s), std::string(""));
    CHECK_EQ((int)Platform_Activity_Type(nullptr), 0);

    // Assets: every optional field; NULL clears.
    Platform_ActivityAssets as{};
    Platform_ActivityAssets_Init(&as);
    CHECK(!Platform_ActivityAssets_LargeImage(&as, &s) && !Platform_ActivityAssets_InviteCoverImage(&as, &s));
    setOptAssets(Platform_ActivityAssets_SetSmallUrl, &as, "https://small.example");
    CHECK(Platform_ActivityAssets_SmallUrl(&as, &s)); CHECK_EQ(S(s), std::string("https://small.example"));
    Platform_ActivityAssets_SetSmallUrl(&as, nullptr);
    CHECK(!Platform_ActivityAssets_SmallUrl(&as, &s));
    Platform_ActivityAssets ac{};
    Platform_ActivityAssets_Clone(&ac, &as);
    setOptAssets(Platform_ActivityAssets_SetInviteCoverImage, &as, "cover");
    CHECK(!Platform_ActivityAssets_InviteCoverImage(&ac, &s));
    Platform_ActivityAssets_Drop(&ac);
    Platform_ActivityAssets_Drop(&as);
    // Timestamps, party, secrets, button defaults and round trips.
    Platform_ActivityTimestamps ts{};
    Platform_ActivityTimestamps_Init(&ts);
    CHECK_EQ(Platform_ActivityTimestamps_Start(&ts), uint64_t(0)); CHECK_EQ(Platform_ActivityTimestamps_End(&ts), uint64_t(0));
    Platform_ActivityTimestamps_SetEnd(&ts, 1700000000123ULL);
    CHECK_EQ(Platform_ActivityTimestamps_End(&ts), 1700000000123ULL);
    Platform_ActivityTimestamps_Drop(&ts);
    Platform_ActivityParty pp{};
    Platform_ActivityParty_Init(&pp);
    Platform_ActivityParty_Id(&pp, &s); CHECK_EQ(S(s), std::string(""));
    CHECK_EQ(Platform_ActivityParty_CurrentSize(&pp), 0); CHECK_EQ(Platform_ActivityParty_MaxSize(&pp), 0);
    CHECK_EQ((int)Platform_ActivityParty_Privacy(&pp), (int)Platform_ActivityPartyPrivacy_Private);
    Platform_ActivityParty_Drop(&pp);
    Platform_ActivitySecrets sec{};
    Platform_ActivitySecrets_Init(&sec);
    Platform_ActivitySecrets_Join(&sec, &s); CHECK_EQ(S(s), std::string(""));
    Platform_ActivitySecrets_SetJoin(&sec, P(std::string("j")));
    Platform_ActivitySecrets sc{};
    Platform_ActivitySecrets_Clone(&sc, &sec);
    Platform_ActivitySecrets_Join(&sc, &s); CHECK_EQ(S(s), std::string("j"));
    Platform_ActivitySecrets_Drop(&sc);
    Platform_ActivitySecrets_Drop(&sec);
    Platform_ActivityButton b{};
    Platform_ActivityButton_Init(&b);
    Platform_ActivityButton_Label(&b, &s); CHECK_EQ(S(s), std::string(""));
    Platform_ActivityButton_Url(&b, &s); CHECK_EQ(S(s), std::string(""));
    Platform_ActivityButton_Drop(&b);
    Platform_ActivityButton_Label(&b, &s); CHECK_EQ(S(s), std::string(""));  // dropped: defaults
    // ActivityInvite: all-zero defaults, every field round-trips, Clone is independent.
    Platform_ActivityInvite inv{};
    Platform_ActivityInvite_Init(&inv);
    InvInfo i0 = readInvite(&inv);
    CHECK(i0.sender == 0 && i0.channel == 0 && i0.message == 0 && i0.app == 0 && i0.parent == 0);
    CHECK_EQ(i0.type, (int)Platform_ActivityActionTypes_Invalid);
    CHECK(i0.party.empty() && i0.session.empty() && !i0.valid);
    InvInfo want{1, 2, 3, 4, 5, (int)Platform_ActivityActionTypes_JoinRequest, "party", "session", true};
    InviteObj io(want);
    InvInfo got = readInvite(&io.i);
    CHECK(got.sender == 1 && got.channel == 2 && got.message == 3 && got.app == 4 && got.parent == 5);
    CHECK(got.type == 5 && got.party == "party" && got.session == "session" && got.valid);
    Platform_ActivityInvite ic{};
    Platform_ActivityInvite_Clone(&ic, &io.i);
    Platform_ActivityInvite_SetIsValid(&io.i, false);
    CHECK(Platform_ActivityInvite_IsValid(&ic));
    Platform_ActivityInvite_Drop(&ic);
    Platform_ActivityInvite_Drop(&inv);
    CHECK_EQ(Platform_ActivityInvite_MessageId(&inv), uint64_t(0));
}

// ---- 2. validation ------------------------------------------------------------------------------

// A base activity (valid), changed by `mutate`, sent by `c`.
template <class F>
Res tryActivity(Platform_Client *c, F &&mutate) {
    Act a;
    setOpt(Platform_Activity_SetState, a.get(), "Validating");
    mutate(a.get());
    return update(c, a.get());
}

void expectRejected(const Res &r, const std::string &field, int line) {
    if (r.type != (int)Platform_ErrorType_ValidationError || !contains(r.error, field)) {
        std::printf("  (line %d: type %d, error \"%s\")\n", line, r.type, r.error.c_str());
    }
    CHECK_EQ(r.type, (int)Platform_ErrorType_ValidationError);
    CHECK_EQ(r.status, 0);
    CHECK(!r.ok);
    CHECK(contains(r.error, field));
}
#define REJECTED(r, field) expectRejected((r), (field), __LINE__)
#define ACCEPTED(r) do { Res _r = (r); if (!_r.ok) std::printf("  (line %d: \"%s\")\n", __LINE__, _r.error.c_str()); CHECK(_r.ok); } while (0)

void validation(uint64_t app, uint64_t alice, uint64_t bob) {
    PClient a(app, alice), b(app, bob);
    meet(&a.c, &b.c, "validation");
    b.clear();
    // Types: only Playing, Listening, Watching, Competing.
    for (int t : {1, 4, 6, 99}) {
        Res r = tryActivity(&a.c, [t](Platform_Activity *x) { Platform_Activity_SetType(x, (Platform_ActivityTypes)t); });
        REJECTED(r, "activity.type");
        CHECK(contains(r.error, "local transport"));
    }
    for (int t : {0, 2, 3, 5}) {
        ACCEPTED(tryActivity(&a.c, [t](Platform_Activity *x) { Platform_Activity_SetType(x, (Platform_ActivityTypes)t); }));
        auto seenType = seen(&b.c, alice);
        CHECK(seenType && seenType->type == t);
    }
    // Text limits in code points (a 2-byte character counts once).
    const std::string e = "\xC3\xA9";
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetName(x, P(repeat(e, 128))); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetName(x, P(repeat(e, 129))); }), "activity.name");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetName(x, P(std::string("bad \xFF"))); }), "activity.name");
    using OptSetter = void (*)(Platform_Activity *, Platform_String *);
    const std::pair<OptSetter, const char *> texts[] = {{Platform_Activity_SetState, "activity.state"},
                                                        {Platform_Activity_SetDetails, "activity.details"}};
    for (const auto &[setter, field] : texts) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, std::string(128, 'x')); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, std::string(129, 'x')); }), field);
    }
    // URL fields: 1-256 characters, http(s) only.
    const std::pair<OptSetter, const char *> urls[] = {{Platform_Activity_SetStateUrl, "activity.stateUrl"},
                                                       {Platform_Activity_SetDetailsUrl, "activity.detailsUrl"}};
    for (const auto &[setter, field] : urls) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, urlOf(256)); }));
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "HTTP://example.com"); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, urlOf(257)); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, ""); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "ftp://example.com/x"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "not a url"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "https://"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "https://exa mple.com"); }), field);
    }
    using AssetSetter = void (*)(Platform_ActivityAssets *, Platform_String *);
    const std::pair<AssetSetter, const char *> assetUrls[] = {
        {Platform_ActivityAssets_SetLargeUrl, "activity.assets.largeUrl"},
        {Platform_ActivityAssets_SetSmallUrl, "activity.assets.smallUrl"}};
    for (const auto &[setter, field] : assetUrls) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, urlOf(256)); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, urlOf(257)); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, "images/large.png"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, ""); }), field);
    }
    const std::pair<AssetSetter, const char *> images[] = {
        {Platform_ActivityAssets_SetLargeImage, "activity.assets.largeImage"},
        {Platform_ActivityAssets_SetSmallImage, "activity.assets.smallImage"},
        {Platform_ActivityAssets_SetInviteCoverImage, "activity.assets.inviteCoverImage"}};
    for (const auto &[setter, field] : images) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(300, 'k')); }));
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, urlOf(300)); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(301, 'k')); }), field);
    }
    const std::pair<AssetSetter, const char *> assetTexts[] = {
        {Platform_ActivityAssets_SetLargeText, "activity.assets.largeText"},
        {Platform_ActivityAssets_SetSmallText, "activity.assets.smallText"}};
    for (const auto &[setter, field] : assetTexts) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(128, 't')); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(129, 't')); }), field);
    }
    // Party: id 1-128, sizes >= 0 and current <= max, privacy Private/Public.
    auto party = [&](const std::string &id, int cur, int max, int privacy) {
        return tryActivity(&a.c, [&](Platform_Activity *x) { setParty(x, id, cur, max, (Platform_ActivityPartyPrivacy)privacy); });
    };
    ACCEPTED(party(std::string(128, 'p'), 0, 0, 0));
    ACCEPTED(party("p", 4, 4, 1));
    REJECTED(party(std::string(129, 'p'), 1, 2, 0), "activity.party.id");
    REJECTED(party("", 1, 2, 0), "activity.party.id");
    REJECTED(party("p", 5, 4, 0), "activity.party.currentSize");
    REJECTED(party("p", -1, 4, 0), "activity.party.currentSize");
    REJECTED(party("p", 0, -1, 0), "activity.party.maxSize");
    REJECTED(party("p", 1, 2, 2), "activity.party.privacy");
    // Join secret 1-128.
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setSecret(x, std::string(128, 's')); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setSecret(x, std::string(129, 's')); }), "activity.secrets.join");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setSecret(x, ""); }), "activity.secrets.join");
    // Buttons: at most 2; label 1-32; url 1-512, http(s).
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) {
        addButton(x, std::string(32, 'l'), urlOf(512));
        addButton(x, "Second", "http://b.example");
    }));
    Res three = tryActivity(&a.c, [&](Platform_Activity *x) {
        addButton(x, "1", "https://1.example"); addButton(x, "2", "https://2.example"); addButton(x, "3", "https://3.example");
    });
    REJECTED(three, "buttons");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { addButton(x, std::string(33, 'l'), "https://b.example"); }), "activity.buttons[0].label");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { addButton(x, "", "https://b.example"); }), "activity.buttons[0].label");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) {
        addButton(x, "ok", "https://ok.example"); addButton(x, "long", urlOf(513));
    }), "activity.buttons[1].url");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { addButton(x, "ok", "mailto:x@example.com"); }), "activity.buttons[0].url");
    // Timestamps: end >= start when both are set.
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 1000, 1000); }));
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 5000, 0); }));
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 0, 5000); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 5000, 4999); }), "activity.timestamps.end");
    // Supported platforms: a non-zero OR of the defined bits.
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetSupportedPlatforms(x, (Platform_ActivityGamePlatforms)255); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetSupportedPlatforms(x, (Platform_ActivityGamePlatforms)0); }), "activity.supportedPlatforms");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetSupportedPlatforms(x, (Platform_ActivityGamePlatforms)256); }), "activity.supportedPlatforms");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_StatusDisplayTypes d = (Platform_StatusDisplayTypes)3; Platform_Activity_SetStatusDisplayType(x, &d); }), "activity.statusDisplayType");
    // An invalid activity object.
    Platform_Activity z{};
    REJECTED(update(&a.c, &z), "activity");
    REJECTED(update(&a.c, nullptr), "activity");
    // A rejected update changes nothing: the last accepted one (supported platforms 255) stays.
    auto last = seen(&b.c, alice);
    CHECK(last && last->platforms == 255);
    // Validation happens before anything is sent, even on a client that is not connected.
    PClient off(app, alice, false);
    REJECTED(tryActivity(&off.c, [](Platform_Activity *x) { Platform_Activity_SetType(x, Platform_ActivityTypes_Streaming); }), "activity.type");
}


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

// ---- 7. invites and join requests (no friendship needed) ---------------------------------------------

bool isHex32(const std::string &s) {
    return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char ch) { return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'); });
}

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

// ---- 8. launch registration, IsPlatformAppInstalled -------------------------------------------------

void launchAndInstalled(uint64_t app, uint64_t alice) {
    PClient a(app, alice, false);
    Platform_String s;
    uint32_t steam = 7;
    CHECK(!PlatformSim_GetLaunchRegistration(app, &s, &steam));
    CHECK(lastError().rfind("404:", 0) == 0);
    CHECK(!Platform_Client_RegisterLaunchCommand(&a.c, 0, P(std::string("game.exe"))));
    CHECK(!Platform_Client_RegisterLaunchCommand(&a.c, app, P(std::string(""))));
    CHECK(!PlatformSim_GetLaunchRegistration(app, &s, &steam));
    const std::string cmd = "\"C:\\Games\\Game\\game.exe\" --from-platform";
    CHECK(Platform_Client_RegisterLaunchCommand(&a.c, app, P(cmd)));
    CHECK(PlatformSim_GetLaunchRegistration(app, &s, &steam));
    CHECK_EQ(S(s), cmd);
    CHECK_EQ(steam, uint32_t(0));
    CHECK(!Platform_Client_RegisterLaunchSteamApplication(&a.c, app, 0));
    CHECK(!Platform_Client_RegisterLaunchSteamApplication(&a.c, 0, 480));
    CHECK(Platform_Client_RegisterLaunchSteamApplication(&a.c, app, 480));
    CHECK(PlatformSim_GetLaunchRegistration(app, &s, &steam));
    CHECK_EQ(S(s), std::string(""));  // the latest registration replaces the command
    CHECK_EQ(steam, uint32_t(480));
    CHECK(PlatformSim_GetLaunchRegistration(app, nullptr, nullptr));
    CHECK(!PlatformSim_GetLaunchRegistration(app + 1, nullptr, nullptr));
    Platform_Client z{};
    CHECK(!Platform_Client_RegisterLaunchCommand(&z, app, P(cmd)));
    CHECK(!Platform_Client_RegisterLaunchSteamApplication(&z, app, 480));
    // IsPlatformAppInstalled: answered at the next RunCallbacks.
    struct Inst { int calls = 0; bool value = false; };
    auto instCb = [](bool installed, void *ud) { auto *i = (Inst *)ud; ++i->calls; i->value = installed; };
    Inst in;
    Platform_Client_IsPlatformAppInstalled(&a.c, instCb, countFree, &in);
    CHECK_EQ(in.calls, 0);
    const int freedBefore = g_freed.load();
    Platform_RunCallbacks();
    CHECK(in.calls == 1 && in.value);
    CHECK_EQ(g_freed.load(), freedBefore + 1);
    PlatformSim_SetPlatformAppInstalled(false);
    Inst in2;
    Platform_Client_IsPlatformAppInstalled(&a.c, instCb, countFree, &in2);
    Platform_RunCallbacks();
    CHECK(in2.calls == 1 && !in2.value);
    PlatformSim_SetPlatformAppInstalled(true);
    Inst in3;
    Platform_Client_IsPlatformAppInstalled(&z, instCb, countFree, &in3);  // no client: still answered
    Platform_RunCallbacks();
    CHECK(in3.calls == 1 && in3.value);
    // Dropped before the answer: released without a call.
    Platform_Client raw{};
    Platform_Client_Init(&raw);
    Inst in4;
    Platform_Client_IsPlatformAppInstalled(&raw, instCb, countFree, &in4);
    const int freed4 = g_freed.load();
    Platform_Client_Drop(&raw);
    Platform_RunCallbacks();
    CHECK_EQ(in4.calls, 0);
    CHECK_EQ(g_freed.load(), freed4 + 1);
    Platform_Client_IsPlatformAppInstalled(&a.c, nullptr, nullptr, nullptr);  // NULL fn: nothing to call
    Platform_RunCallbacks();

    // GetPlatformClientConnectedUser: the desktop client's user, over the local transport.
    struct Conn { int calls = 0; Res r; uint64_t user = 0; bool null = false; std::string name; };
    auto connCb = [](Platform_ClientResult *r, Platform_UserHandle *u, void *ud) {
        auto *c = (Conn *)ud;
        ++c->calls;
        c->r = R(r);
        c->null = u == nullptr;
        if (u != nullptr) {
            Platform_UserHandle owned = *u;  // adopted
            c->user = Platform_UserHandle_Id(&owned);
            Platform_String n;
            Platform_UserHandle_Username(&owned, &n);
            c->name = S(n);
            Platform_UserHandle_Drop(&owned);
        }
    };
    Conn none;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &none);
    CHECK_EQ(none.calls, 0);
    Platform_RunCallbacks();
    CHECK(none.calls == 1 && none.r.ok && none.null);
    CHECK(PlatformSim_SetUserStatus(alice, Platform_StatusType_Idle));
    Conn signedIn;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &signedIn);
    Platform_RunCallbacks();
    CHECK(signedIn.calls == 1 && signedIn.r.ok && !signedIn.null);
    CHECK_EQ(signedIn.user, alice);
    CHECK_EQ(signedIn.name, std::string("alice"));
    Conn zeroApp;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, 0, connCb, countFree, &zeroApp);
    Platform_RunCallbacks();
    CHECK(zeroApp.calls == 1 && zeroApp.r.type == Platform_ErrorType_ValidationError);
    PlatformSim_SetPlatformAppInstalled(false);
    Conn missing;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &missing);
    Platform_RunCallbacks();
    CHECK(missing.calls == 1 && missing.r.type == Platform_ErrorType_RPCError && missing.null);
    PlatformSim_SetPlatformAppInstalled(true);
    CHECK(PlatformSim_SetUserStatus(alice, Platform_StatusType_Offline));
    Conn closed;
    Platform_Client_GetPlatformClientConnectedUser(&a.c, app, connCb, countFree, &closed);
    Platform_RunCallbacks();
    CHECK(closed.calls == 1 && closed.r.ok && closed.null);

    // OpenConnectedGamesSettingsInPlatform: a local RPC that needs a session and the desktop client.
    struct Open { int calls = 0; Res r; };
    auto openCb = [](Platform_ClientResult *r, void *ud) { auto *o = (Open *)ud; ++o->calls; o->r = R(r); };
    Open notReady;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&a.c, openCb, countFree, &notReady);
    CHECK_EQ(notReady.calls, 0);
    Platform_RunCallbacks();
    CHECK(notReady.calls == 1 && notReady.r.type == Platform_ErrorType_ClientNotReady);
    PClient ready(app, alice);
    Open opened;
    const int freedOpen = g_freed.load();
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&ready.c, openCb, countFree, &opened);
    Platform_RunCallbacks();
    CHECK(opened.calls == 1 && opened.r.ok);
    CHECK_EQ(g_freed.load(), freedOpen + 1);
    PlatformSim_SetPlatformAppInstalled(false);
    Open noDesktop;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&ready.c, openCb, countFree, &noDesktop);
    Platform_RunCallbacks();
    CHECK(noDesktop.calls == 1 && noDesktop.r.type == Platform_ErrorType_RPCError);
    PlatformSim_SetPlatformAppInstalled(true);
    Open noClient;
    Platform_Client_OpenConnectedGamesSettingsInPlatform(&z, openCb, countFree, &noClient);  // no client: an error, once
    Platform_RunCallbacks();
    CHECK(noClient.calls == 1 && noClient.r.type == Platform_ErrorType_ClientDestroyed);
}

struct Cast { uint64_t app, alice, bob, carol; };
Cast freshPresenceWorld() {
    Cast w{};
    w.app = freshChatWorld();
    w.alice = newUser("alice", "Alice A.");
    w.bob = newUser("bob", "Bob B.");
    w.carol = newUser("carol");
    return w;
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

}  // namespace

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
