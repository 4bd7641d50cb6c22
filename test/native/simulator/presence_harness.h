// Shared by the presence area (presence_test.cc, activity_values_test.cc, activity_invites_test.cc,
// launch_registration_test.cc): readers of the Activity value objects and invites, builders of
// activities, a client recording every presence callback (PClient), the calls they make, and a
// fresh world per part (freshPresenceWorld). testPresence (presence_test.cc) runs the parts.
#pragma once
#include <algorithm>

#include "chat_harness.h"

namespace presence {

// ---- reading value objects ------------------------------------------------------------------

struct InvInfo {
    uint64_t sender = 0, channel = 0, message = 0, app = 0, parent = 0;
    int type = -1;
    std::string party, session;
    bool valid = false;
};

inline InvInfo readInvite(Platform_ActivityInvite *i) {
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

inline std::optional<std::string> optStr(bool present, Platform_String s) {
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

inline ActInfo readActivity(Platform_Activity *a) {
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

inline void setOpt(void (*setter)(Platform_Activity *, Platform_String *), Platform_Activity *a, const std::string &v) {
    Platform_String s = P(v);
    setter(a, &s);
}
inline void setOptAssets(void (*setter)(Platform_ActivityAssets *, Platform_String *), Platform_ActivityAssets *a,
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

inline void setParty(Platform_Activity *a, const std::string &id, int cur, int max, Platform_ActivityPartyPrivacy privacy) {
    Platform_ActivityParty p{};
    Platform_ActivityParty_Init(&p);
    Platform_ActivityParty_SetId(&p, P(id));
    Platform_ActivityParty_SetCurrentSize(&p, cur);
    Platform_ActivityParty_SetMaxSize(&p, max);
    Platform_ActivityParty_SetPrivacy(&p, privacy);
    Platform_Activity_SetParty(a, &p);
    Platform_ActivityParty_Drop(&p);
}

inline void setSecret(Platform_Activity *a, const std::string &join) {
    Platform_ActivitySecrets s{};
    Platform_ActivitySecrets_Init(&s);
    Platform_ActivitySecrets_SetJoin(&s, P(join));
    Platform_Activity_SetSecrets(a, &s);
    Platform_ActivitySecrets_Drop(&s);
}

inline void addButton(Platform_Activity *a, const std::string &label, const std::string &url) {
    Platform_ActivityButton b{};
    Platform_ActivityButton_Init(&b);
    Platform_ActivityButton_SetLabel(&b, P(label));
    Platform_ActivityButton_SetUrl(&b, P(url));
    Platform_Activity_AddButton(a, &b);
    Platform_ActivityButton_Drop(&b);
}

inline void setTimestamps(Platform_Activity *a, uint64_t start, uint64_t end) {
    Platform_ActivityTimestamps t{};
    Platform_ActivityTimestamps_Init(&t);
    Platform_ActivityTimestamps_SetStart(&t, start);
    Platform_ActivityTimestamps_SetEnd(&t, end);
    Platform_Activity_SetTimestamps(a, &t);
    Platform_ActivityTimestamps_Drop(&t);
}

// Assets with one field set through `setter`.
inline void setAsset(Platform_Activity *a, void (*setter)(Platform_ActivityAssets *, Platform_String *), const std::string &v) {
    Platform_ActivityAssets as{};
    Platform_ActivityAssets_Init(&as);
    setOptAssets(setter, &as, v);
    Platform_Activity_SetAssets(a, &as);
    Platform_ActivityAssets_Drop(&as);
}

// A joinable activity: party + join secret.
inline void makeJoinable(Platform_Activity *a, const std::string &party, const std::string &secret,
                  Platform_ActivityPartyPrivacy privacy = Platform_ActivityPartyPrivacy_Private) {
    setOpt(Platform_Activity_SetState, a, "In a party");
    setParty(a, party, 1, 4, privacy);
    setSecret(a, secret);
}

inline std::string repeat(const std::string &unit, size_t n) {
    std::string r;
    for (size_t i = 0; i < n; ++i) r += unit;
    return r;
}
// An http(s) URL of exactly n characters.
inline std::string urlOf(size_t n) {
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
inline Res completed(Start &&start, uint64_t stepMs = 20) {
    SimpleRes r;
    start(&r);
    step(stepMs);
    CHECK(r.called);
    return r.r;
}

inline Res update(Platform_Client *c, Platform_Activity *a, uint64_t stepMs = 20) {
    return completed([&](SimpleRes *r) { Platform_Client_UpdateRichPresence(c, a, simpleCb, countFree, r); }, stepMs);
}

inline Res setStatus(Platform_Client *c, Platform_StatusType s) {
    return completed([&](SimpleRes *r) { Platform_Client_SetOnlineStatus(c, s, simpleCb, countFree, r); });
}

inline Res invite(Platform_Client *c, uint64_t to, const std::string &content) {
    return completed([&](SimpleRes *r) { Platform_Client_SendActivityInvite(c, to, P(content), simpleCb, countFree, r); });
}

inline Res joinRequest(Platform_Client *c, uint64_t to) {
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

inline Res reply(Platform_Client *c, const InvInfo &v) {
    InviteObj o(v);
    return completed([&](SimpleRes *r) { Platform_Client_SendActivityJoinRequestReply(c, &o.i, simpleCb, countFree, r); });
}

inline StrRes accept(Platform_Client *c, const InvInfo &v) {
    InviteObj o(v);
    StrRes r;
    Platform_Client_AcceptActivityInvite(c, &o.i, strCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r;
}

// What `viewer` sees of `user`: status and activity (nullopt when GameActivity is false).
inline std::optional<ActInfo> seen(Platform_Client *viewer, uint64_t user) {
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

inline int statusOf(Platform_Client *viewer, uint64_t user) {
    Platform_UserHandle h{};
    if (!Platform_Client_GetUser(viewer, user, &h)) return -1;
    const int s = (int)Platform_UserHandle_Status(&h);
    Platform_UserHandle_Drop(&h);
    return s;
}

// Puts both clients' users in one lobby of their application, so that each knows the other.
inline void meet(Platform_Client *a, Platform_Client *b, const std::string &secret) {
    IdRes ra, rb;
    Platform_Client_CreateOrJoinLobby(a, P(secret), idCb, countFree, &ra);
    Platform_Client_CreateOrJoinLobby(b, P(secret), idCb, countFree, &rb);
    step(20);
    CHECK(ra.r.ok && rb.r.ok);
}

inline bool contains(const std::string &hay, const std::string &needle) { return hay.find(needle) != std::string::npos; }

// An operation the simulator must accept; prints its error (and the line) when it does not.
#define ACCEPTED(r) do { Res _r = (r); if (!_r.ok) std::printf("  (line %d: \"%s\")\n", __LINE__, _r.error.c_str()); CHECK(_r.ok); } while (0)

inline bool isHex32(const std::string &s) {
    return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char ch) { return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f'); });
}

struct Cast { uint64_t app, alice, bob, carol; };
inline Cast freshPresenceWorld() {
    Cast w{};
    w.app = freshChatWorld();
    w.alice = newUser("alice", "Alice A.");
    w.bob = newUser("bob", "Bob B.");
    w.carol = newUser("carol");
    return w;
}

// The parts, in the order testPresence runs them.
void valueObjects();                                                // activity_values_test.cc
void validation(uint64_t app, uint64_t alice, uint64_t bob);
void visibility(uint64_t alice, uint64_t bob, uint64_t carol);      // presence_test.cc
void localTransport(uint64_t app, uint64_t alice, uint64_t bob);
void onlineStatus(uint64_t app, uint64_t alice, uint64_t bob);
void simControls(uint64_t app, uint64_t alice, uint64_t bob);
void invites(uint64_t alice, uint64_t bob);                         // activity_invites_test.cc
void invitesWithFriends();
void launchAndInstalled(uint64_t app, uint64_t alice);              // launch_registration_test.cc

}  // namespace presence
