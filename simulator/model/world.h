// world.h — the one process-global simulated platform, behind one mutex.
//
// Areas keep their data in their own stores inside World (directory: users/apps/publishers;
// oauth: grants, codes, external identities; network; consent; clients). Later areas (lobbies,
// messages, relationships, voice, presence) add their own store here and their own file pair.
//
// Time-driven state changes are *timers*: functions that run under the world lock, at their due
// time on the simulated clock, whenever anything takes the lock (WorldLock advances the world
// to "now" first). Timers never run user code: they change state and queue *invocations*.
// Invocations call user callbacks and are delivered only by Platform_RunCallbacks, on its
// thread, in (due time, FIFO) order, with no simulator lock held.
//
// Lock discipline: never run user code (fn or fn_free) with the world lock held. Code under the
// lock hands callbacks, ops and closures that must die to World::trash; ~WorldLock destroys
// them after unlocking.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "callback.h"
#include "channel_ids.h"
#include "client_state.h"
#include "cplatform.h"
#include "platform_sim.h"
#include "voice_types.h"

namespace psim {

// ---- directory: users, applications, publishers -------------------------------------------
struct User {
    uint64_t id = 0;
    std::string username;
    std::string globalName;   // display name; empty = none
    std::string avatarHash;   // empty = default avatar
    bool provisional = false;
    bool banned = false;
    uint64_t restrictedByBanOf = 0;  // provisional account created when this user was banned
    // Renewed by every write to the record (touchUser, directory.h) from a process-wide counter,
    // so equal versions mean an unchanged record, even across resets and fixture loads that
    // recreate a user with the same id (user_view.h: a view still current is one compare).
    uint64_t version = 0;

    bool operator==(const User &) const = default;  // every field (user_view.h: a view still current)
};

struct Application {
    uint64_t id = 0;
    std::string name;
    uint64_t publisherId = 0;
    uint64_t parentId = 0;
    std::string coverImage;
    bool autoRegistered = false;
};

struct Directory {
    std::map<uint64_t, User> users;
    // Index of `users` by case-folded username (directory.h: usernameKey), then id: uniqueness and
    // lookup by name are one search, not a walk of every user (issue 37). Users are added and
    // removed only through directory.h (addUser, eraseUser), which keep it. A pair, not a map: a
    // fixture may hold names that differ only in case (fixtures_load.cc checks exact names).
    std::set<std::pair<std::string, uint64_t>> byName;
    std::map<uint64_t, Application> apps;
    std::set<uint64_t> publishers;
    uint32_t provisionalCounter = 0;  // numbers "provisional-<n>" / "Player <n>"
};

// ---- oauth: grants, authorization codes, external identities ------------------------------
// One grant = one access token (+ optional refresh token) issued to (user, app).
struct Grant {
    uint64_t id = 0;
    uint64_t userId = 0;
    uint64_t appId = 0;
    std::string accessToken;
    std::string refreshToken;  // empty for provisional and child tokens
    std::string scopes;
    uint64_t issuedAtMs = 0;
    uint64_t expiresAtMs = 0;
    bool revoked = false;  // tombstone, so that IsAuthenticated can tell "revoked" from "unknown"
    // Hex SHA-256 of the tokens of a grant loaded from a fixture (tokens empty: this process never
    // saw them); the grant is found by the digest of the token a client presents.
    std::string accessDigest;
    std::string refreshDigest;
};

struct AuthCode {
    uint64_t appId = 0;
    uint64_t userId = 0;
    std::string redirectUri;
    std::string scopes;
    std::string challenge;  // S256 challenge; empty = none
    uint64_t expiresAtMs = 0;
    bool used = false;
    uint64_t grantId = 0;  // grant issued from it (revoked if the code is replayed)
    std::string verifier;  // the PKCE verifier it was redeemed with (forgotten from the log filter with it)
};

struct ExternalIdentity {
    int32_t type = 0;
    std::string token;
    uint64_t userId = 0;
    uint64_t restrictedByBanOf = 0;  // merges fail with 530017 while that user is banned
};

struct OAuthStore {
    std::map<uint64_t, Grant> grants;
    std::unordered_map<std::string, uint64_t> grantByAccess;
    std::unordered_map<std::string, uint64_t> grantByRefresh;
    // Grants loaded from a fixture, by the hex SHA-256 of their tokens (fixtures_load.cc).
    std::unordered_map<std::string, uint64_t> grantByAccessDigest;
    std::unordered_map<std::string, uint64_t> grantByRefreshDigest;
    std::unordered_map<std::string, AuthCode> codes;
    std::map<std::pair<int32_t, std::string>, ExternalIdentity> identities;
    // Prefixes of newly issued tokens set by PlatformSim_SetTokenPrefixes (canary tokens for leak
    // scans); empty = the default psim_at_ / psim_rt_.
    std::string accessTokenPrefix;
    std::string refreshTokenPrefix;
    // oauth.cc forgets expired grants and codes at most once a simulated minute (sweepExpired).
    uint64_t nextSweepMs = 0;
};

// ---- network -------------------------------------------------------------------------------
struct FailRule {
    std::string operation;  // "Client_GetToken" or "*"
    int32_t httpStatus = 500;
    int32_t retryAfterMs = 0;
    int32_t errorCode = 0;
};

inline constexpr uint32_t kDefaultLatencyMs = 20;

struct NetworkState {
    bool online = true;
    uint32_t latencyMs = kDefaultLatencyMs;
    std::deque<FailRule> failRules;
};

// ---- consent -------------------------------------------------------------------------------
struct ConsentDecision {
    int32_t kind = PlatformSim_Consent_Approve;
    uint64_t userId = 0;
};

struct WaitingFlow {
    uint64_t clientKey = 0;
    bool device = false;
    uint64_t opId = 0;
};

struct ConsentState {
    std::optional<ConsentDecision> next;  // consumed by the next flow that starts
    std::deque<WaitingFlow> waiting;      // flows waiting for a decision, oldest first
};

// ---- lobbies, messages, guilds (lobbies.h, messages.h, guilds.h) ------------------------------
struct LobbyMember {
    uint64_t userId = 0;
    uint64_t joinSeq = 0;  // LobbyMemberIds order
    StringMap metadata;
    std::optional<std::string> additionalName;  // set by the backend only
    bool canLinkLobby = false;                  // set by the backend only
    bool connected = false;                     // last announced Connected() (MemberUpdated on change)
};

struct Lobby {
    uint64_t id = 0;
    uint64_t appId = 0;
    std::string secret;  // empty: not joinable by secret (backend lobby)
    bool backendCreated = false;
    StringMap metadata;
    std::map<uint64_t, LobbyMember> members;
    uint64_t nextJoinSeq = 1;
    uint64_t linkedChannelId = 0;
    bool idle = false;       // client-created, no connected member: deleted at idleSince + 5 min
    uint64_t idleSince = 0;
    uint64_t idleEpoch = 0;  // bumped whenever an idle period starts or ends (cancels its timer)
};

struct DmChannel {
    uint64_t id = 0;
    uint64_t userLow = 0, userHigh = 0;
};

struct Guild {
    uint64_t id = 0;
    std::string name;
    std::set<uint64_t> members;
};

struct GuildChannelRec {
    uint64_t id = 0;
    uint64_t guildId = 0;
    std::string name;
    int32_t type = Platform_ChannelType_GuildText;
    int32_t position = 0;
    uint64_t parentId = 0;
    bool linkable = false;
    uint64_t linkedLobbyId = 0;
};

struct GuildInvite {
    uint64_t guildId = 0;
    uint64_t channelId = 0;
    uint64_t userId = 0;  // the member it was created for (invite "for self"): only they accept it
    uint64_t expiresAtMs = 0;
    bool used = false;
};

// The voice call of a channel (lobby id), as the voice server sees it (voice.h): exists while it
// has a participant. CallInfoHandle / VoiceStateHandle read this store.
struct VoiceParticipant {
    bool selfMute = false;
    bool selfDeaf = false;
};
struct VoiceCallRec {
    uint64_t channelId = 0;
    uint64_t guildId = 0;
    std::map<uint64_t, VoiceParticipant> participants;
    std::set<uint64_t> speaking;  // users whose speaking=true was announced
};

struct ChatStore {
    std::map<uint64_t, Lobby> lobbies;
    std::map<std::pair<uint64_t, std::string>, uint64_t> lobbyBySecret;  // (app, secret) -> lobby
    std::map<uint64_t, MessagePtr> messages;                            // every stored message
    std::map<uint64_t, ChannelIds> channelMessages;                     // channel -> message ids
    std::map<uint64_t, size_t> lobbySharedCount;  // lobby channel -> stored messages every member sees
    std::map<std::pair<uint64_t, uint64_t>, uint64_t> dmByPair;          // (low, high) user -> channel
    std::map<uint64_t, DmChannel> dms;
    std::set<std::pair<uint64_t, uint64_t>> disclosed;  // (user, channel) that got the notice
    std::map<uint64_t, Guild> guilds;
    std::map<uint64_t, GuildChannelRec> guildChannels;
    std::map<std::string, GuildInvite> invites;  // by code
    std::map<uint64_t, VoiceCallRec> calls;      // by channel id
    // Indexes (issue 37): who is in what is one lookup, not a walk of every lobby or guild. Each
    // set is in id order, the order of `lobbies`, `guilds` and `guildChannels`. Kept where
    // membership changes (lobbies.cc: addMember, removeMember, deleteLobby; guilds.cc; a DM
    // channel's creation, messages.cc) and by fixture loading; an empty set is erased.
    std::map<uint64_t, std::set<uint64_t>> lobbiesOfUser;    // user -> lobbies they are a member of
    std::map<uint64_t, std::set<uint64_t>> guildsOfUser;     // user -> guilds they are a member of
    std::map<uint64_t, std::set<uint64_t>> channelsOfGuild;  // guild -> its channels
    std::map<uint64_t, std::set<uint64_t>> dmsOfUser;        // user -> their DM channels
};

// Adds or removes `id` in index[key]'s set (ChatStore's indexes), erasing a set that empties.
inline void indexAdd(std::map<uint64_t, std::set<uint64_t>> &index, uint64_t key, uint64_t id) { index[key].insert(id); }
inline void indexRemove(std::map<uint64_t, std::set<uint64_t>> &index, uint64_t key, uint64_t id) {
    auto it = index.find(key);
    if (it == index.end()) return;
    it->second.erase(id);
    if (it->second.empty()) index.erase(it);
}
// index[key]'s set, or an empty one.
inline const std::set<uint64_t> &indexOf(const std::map<uint64_t, std::set<uint64_t>> &index, uint64_t key) {
    static const std::set<uint64_t> kNone;
    auto it = index.find(key);
    return it == index.end() ? kNone : it->second;
}

// ---- presence and invites (presence.h), relationships and profiles (relationships.h) -------
struct ActivityData;  // activity_values.h (the Platform_Activity value object)

struct ActivityEntry {
    std::shared_ptr<const ActivityData> activity;
    uint64_t clientKey = 0;  // the client that published it (cleared when its session ends); 0 = PlatformSim
    uint64_t setAtMs = 0;
};

struct UserPresence {
    // Chosen with SetOnlineStatus or PlatformSim_SetUserStatus (Online, Idle, Dnd, Invisible).
    int32_t status = Platform_StatusType_Online;
    // PlatformSim_SetUserStatus: online on the desktop client, without a game session.
    bool desktopOnline = false;
    std::map<uint64_t, ActivityEntry> activities;  // by application id
};

// One activity invite or join request: a game DM message carrying the invite.
struct InviteRec {
    uint64_t messageId = 0;
    uint64_t channelId = 0;  // the DM channel of sender and recipient
    uint64_t senderId = 0;
    uint64_t recipientId = 0;
    int32_t type = Platform_ActivityActionTypes_Join;
    uint64_t applicationId = 0;
    uint64_t parentApplicationId = 0;
    std::string partyId;
    std::string sessionId;  // the sender's gateway session
    bool valid = true;      // false once the sender's party or join secret is gone
    // Whose party the invite is for (the sender of a Join invite, the recipient of a JoinRequest)
    // and that party's join secret when it was sent: valid while the party owner's activity in
    // applicationId still has partyId and joinSecret.
    uint64_t partyOwnerId = 0;
    std::string joinSecret;
};

struct LaunchRegistration {
    std::string command;      // RegisterLaunchCommand ("" = none)
    uint32_t steamAppId = 0;  // RegisterLaunchSteamApplication (0 = none)
};

struct PresenceStore {
    std::map<uint64_t, UserPresence> users;  // by user id
    std::map<uint64_t, InviteRec> invites;   // by message id
    std::map<uint64_t, LaunchRegistration> launch;  // by application id
    bool platformAppInstalled = true;               // IsPlatformAppInstalled (PlatformSim_SetPlatformAppInstalled)
    // The user the desktop client on this machine is signed in as: the latest user
    // PlatformSim_SetUserStatus brought online there (0 = nobody). GetPlatformClientConnectedUser.
    uint64_t desktopUserId = 0;
};

// A relationship as its owner sees it (RelationshipType); the other side keeps its own edge.
struct RelationshipEdge {
    int32_t type = Platform_RelationshipType_None;
    bool spam = false;  // an incoming request flagged as spam
    uint64_t sinceMs = 0;
};

struct UserApplicationProfileRec {
    int32_t providerType = Platform_ExternalIdentityProviderType_None;
    std::optional<std::string> providerId;
    std::string providerIssuedUserId;
    std::string username;
    std::string avatarHash;
    std::string metadata;
};

struct SocialStore {
    // (owner, other) -> platform relationship as the owner sees it.
    std::map<std::pair<uint64_t, uint64_t>, RelationshipEdge> platform;
    // (application, owner, other) -> game relationship in that application, as the owner sees it.
    std::map<std::tuple<uint64_t, uint64_t, uint64_t>, RelationshipEdge> game;
    // Index of `game` by (owner, other, application): the game edges between two users, in every
    // application, are one range (relationships.cc: gameEdgesBetween). Kept with `game` by setEdge
    // and fixture loading.
    std::set<std::tuple<uint64_t, uint64_t, uint64_t>> gameByPair;
    // (user, application) -> the user's application profiles for that application.
    std::map<std::pair<uint64_t, uint64_t>, std::vector<UserApplicationProfileRec>> profiles;
};

// ---- scheduler -----------------------------------------------------------------------------
using TimerFn = std::function<void(struct World &, uint64_t due)>;

struct Timer {
    uint64_t clientKey = 0;  // 0 = not tied to a client
    TimerFn fn;
};

struct Invocation {
    uint64_t clientKey = 0;  // 0 = not tied to a live client
    uint64_t opId = 0;       // != 0: completion of that pending op
    std::function<void()> fn;
    // A gateway event (lobby, member, message): held while its client is Reconnecting (the
    // network is down), delivered in order once the session is resumed.
    bool gateway = false;
    // A message event (messages.h) instead of `fn`: the most frequent invocation by far, so it
    // needs no closure of its own, and Platform_RunCallbacks updates the client's message cache
    // under the lock that takes it (takeMessageEvent) instead of locking the world again.
    MessagePtr message = nullptr;
    int32_t messageEvent = 0;  // 0: none, else a MessageEventKind
    // A world host only (peer_clients.h): the joined process it is for, fixed when it is queued:
    // its client's (ClientState::ownerPeer), or with no live client the process whose call queued
    // it (an operation on a dropped client completes with ClientDestroyed). 0: this process's own.
    uint32_t peer = 0;
};

using SchedKey = std::pair<uint64_t, uint64_t>;  // (due ms, sequence)
using InvocationQueue = std::map<SchedKey, Invocation>;

// A joined process's invocations on a world host (peer_clients.h): apart from this process's own,
// so that neither's run walks the other's (a process that stops calling RunCallbacks costs the
// others nothing), and bounded: an event finding kMaxPeerQueued invocations queued is dropped and
// counted (completions are always queued).
struct PeerQueue {
    InvocationQueue invocations;
    uint64_t droppedEvents = 0;
};
inline constexpr size_t kMaxPeerQueued = 65536;

struct Scheduler {
    uint64_t nextSeq = 1;
    std::map<SchedKey, Timer> timers;
    // This process's own invocations (every one while it serves no joined process).
    InvocationQueue invocations;
    // Each joined process's (only while this process serves a world host), by peer id.
    std::unordered_map<uint32_t, PeerQueue> peers;
    // Nodes of delivered invocations (their contents moved out), taken by the next ones queued:
    // a flood queues and delivers one per message.
    std::vector<InvocationQueue::node_type> spareInvocations;
};

// Things to destroy once the world lock is released (their destructors run user code).
struct Trash {
    std::vector<Callback> callbacks;
    std::vector<std::shared_ptr<Callback>> shared;
    std::vector<std::unique_ptr<PendingOp>> ops;
    std::vector<std::function<void()>> closures;
    std::vector<std::unique_ptr<ClientState>> clients;
    std::vector<std::shared_ptr<void>> misc;  // e.g. ended voice calls (their slots)
};

struct World {
    std::mutex mu;
    Directory dir;
    OAuthStore oauth;
    NetworkState net;
    ConsentState consent;
    ChatStore chat;
    VoiceStore voice;
    PresenceStore presence;
    SocialStore social;
    std::map<uint64_t, std::unique_ptr<ClientState>> clients;
    uint64_t nextOpId = 1;
    Scheduler sched;
    Trash trash;
    uint64_t lastNow = 0;  // the simulated time of the last WorldLock
    // Counts WorldLocks: what one operation (with the timers it ran) changed shares it. Advanced
    // under the mutex before anything changes; read without it by handle_view.h. Static (there is
    // one World) and constant-initialised: every getter reads it, and reaching it through world()
    // cost a call and the function-local static's guard check each time (issue 19, fifth round).
    static constinit inline std::atomic<uint64_t> lockSeq{0};
};

World &world();

// World::lockSeq, read without the world mutex (handle_view.h).
inline uint64_t worldLockSeq() noexcept { return World::lockSeq.load(std::memory_order_acquire); }

// Locks the world and runs every timer due by the current simulated time.
class WorldLock {
public:
    WorldLock();
    ~WorldLock();
    WorldLock(const WorldLock &) = delete;
    WorldLock &operator=(const WorldLock &) = delete;

    World &w;
    uint64_t now;  // simulated time when the lock was taken (timers due by it have run)

private:
    std::unique_lock<std::mutex> lk_;
};

// A read-only look at the world, for handle getters: it neither reads the clock nor runs due
// timers, so it sees the world as of the last WorldLock (whose time is `now`). A getter changes
// nothing, and capturing one message calls ~30 of them; the next operation, pump or control
// takes a WorldLock and runs whatever fell due. Must not trash anything or queue invocations.
class WorldPeek {
public:
    WorldPeek();
    WorldPeek(const WorldPeek &) = delete;
    WorldPeek &operator=(const WorldPeek &) = delete;

    World &w;
    uint64_t now;

private:
    std::lock_guard<std::mutex> lk_;
};

// ---- scheduler operations (world lock held) ------------------------------------------------
void addTimer(World &w, uint64_t due, uint64_t clientKey, TimerFn fn);
void addInvocation(World &w, uint64_t due, uint64_t clientKey, uint64_t opId, std::function<void()> fn);
// A gateway event for a client (see Invocation::gateway).
void addGatewayInvocation(World &w, uint64_t due, uint64_t clientKey, std::function<void()> fn);
// Queues an invocation as it is (the message events of messages.cc fill their own).
void addInvocation(World &w, uint64_t due, Invocation inv);
// A message event (Invocation::messageEvent = kind, gateway), filled in place in a reused node:
// a flood queues one per message and receiving client.
void addMessageInvocation(World &w, uint64_t due, uint64_t clientKey, int32_t kind, const MessagePtr &m);
// Removes a delivered invocation (of queue `q`) whose contents were moved out, keeping its node for reuse.
void retireInvocation(World &w, InvocationQueue &q, InvocationQueue::iterator it);
// Runs due timers in (due, FIFO) order, including ones they add that are also due.
void advance(World &w, uint64_t now);

ClientState *findClient(World &w, uint64_t key);
ClientState *findClient(World &w, const Platform_Client *self);

}  // namespace psim
