// Shared helpers of the lobby / message / guild areas (lobbies_test.cc, messages_test.cc,
// history_test.cc, guilds_test.cc). Each area starts from a fresh platform (freshChatWorld:
// PlatformSim_Reset, frozen clock, one application) and drives Players: a connected client that
// records every lobby and message event in delivery order. Result structs adopt the
// ClientResult (R()) and each span element they receive, and count their fn_free calls.
#pragma once
#include <map>
#include "harness.h"

using StrMap = std::map<std::string, std::string>;

// prefix + decimal n (a function rather than `"literal" + std::to_string(n)`, which trips GCC 12's
// -Wrestrict false positive under -O3 -Werror).
inline std::string numbered(const char *prefix, uint64_t n) { std::string s(prefix); s += std::to_string(n); return s; }

// Reads and releases a map the SDK handed out (Platform_FreeProperties).
StrMap readProps(Platform_Properties p);
// A borrowed Platform_Properties view of `m` (valid while `keep` lives).
struct PropsView {
    std::vector<std::string> k, v;
    std::vector<Platform_String> ks, vs;
    explicit PropsView(const StrMap &m);
    Platform_Properties get() { return Platform_Properties{ks.size(), ks.data(), vs.data()}; }
};

// Everything a MessageHandle reports, read at one moment.
struct MsgInfo {
    uint64_t id = 0, author = 0, channel = 0, recipient = 0, sent = 0, edited = 0;
    std::string content, raw;
    std::optional<uint64_t> app;
    std::optional<std::string> additionalName;
    std::optional<int> disclosure;
    bool fromGame = false;
    StrMap md, mod;
    std::optional<std::tuple<int, std::optional<std::string>, int>> extra;  // AdditionalContent
    bool hasLobby = false, hasAuthor = false, hasChannel = false, hasRecipient = false;
    int channelType = -1;
};
MsgInfo readMsg(Platform_MessageHandle *h);
// GetMessageHandle + readMsg + drop; nullopt when the client's cache does not hold it.
std::optional<MsgInfo> cached(Platform_Client *c, uint64_t id);

struct Ev { std::string kind; uint64_t a = 0, b = 0; };

// A client connected as `user`, with every lobby and message callback registered.
struct Player {
    Platform_Client c{};
    uint64_t user = 0, app = 0;
    std::vector<Ev> events;
    // Runs inside MessageCreated (after the event is recorded): the place to read the message.
    std::function<void(Player &, uint64_t)> onCreated;
    Player(uint64_t appId, uint64_t userId, bool connect = true);
    Player(const Player &) = delete;
    Player &operator=(const Player &) = delete;
    ~Player();
    void connect();
    void disconnect();
    int count(const std::string &kind, uint64_t a = 0, uint64_t b = 0) const;
    std::vector<uint64_t> ids(const std::string &kind) const;
    void clear() { events.clear(); }
};

struct IdRes { Res r; uint64_t id = 0; bool called = false; };
void idCb(Platform_ClientResult *r, uint64_t id, void *ud);
struct StrRes { Res r; std::string s; bool called = false; };
void strCb(Platform_ClientResult *r, Platform_String s, void *ud);
// History results: fields read inside the callback, and the adopted handles kept for later.
struct MsgList {
    Res r; bool called = false;
    std::vector<MsgInfo> msgs;
    std::vector<Platform_MessageHandle> handles;
    ~MsgList() { for (auto &h : handles) Platform_MessageHandle_Drop(&h); }
};
void msgListCb(Platform_ClientResult *r, Platform_MessageHandleSpan span, void *ud);
// History results adopted without reading them (the span tests: reads would not change what they
// count); the caller drops the handles.
struct HeldHistory {
    std::vector<Platform_MessageHandle> handles;
    bool called = false;
};
void heldHistoryCb(Platform_ClientResult *r, Platform_MessageHandleSpan span, void *ud);

// Fresh platform: reset, frozen clock, latency 20 ms, one application (returned).
uint64_t freshChatWorld();
uint64_t newUser(const std::string &name, const std::string &display = "", bool provisional = false);
// Issues a token for (user, app) and walks Connect to Ready.
void connectAs(Platform_Client *c, uint64_t user, uint64_t app);

// One-shot helpers: start the op, deliver it (step 20 ms) and return the result.
IdRes joinLobby(Player &p, const std::string &secret);
IdRes joinLobbyWith(Player &p, const std::string &secret, const StrMap &lobbyMd, const StrMap &memberMd);
SimpleRes leaveLobby(Player &p, uint64_t lobbyId);
IdRes sendLobby(Player &p, uint64_t lobbyId, const std::string &text);
IdRes sendDm(Player &p, uint64_t to, const std::string &text);
// Backend bulk update of one member (name: nullptr = unchanged).
bool setMember(uint64_t lobbyId, uint64_t user, const char *additionalName, int canLink, bool remove = false);
std::string lastError();
std::vector<uint64_t> lobbyMemberIds(Platform_Client *c, uint64_t lobbyId);
