// Relationships between users of one process: the platform and game friend-request state machine
// through every Client call (send by name and by id, mutual request, accept, reject, cancel, remove
// game friend, remove platform-and-game, block, unblock) with the created/deleted events on both
// sides, every error path, the spam flag, provisional accounts limited to game friends, GetUser of
// related users, RelationshipHandle / UserHandle_Relationship, GetRelationshipsByGroup,
// groups-updated on friends' presence changes, SearchFriendsByUsername, PlatformSim_UpdateUserProfile
// and user application profiles (written by the backend, derived from an external identity, read
// through UserHandle and the client-level 7.2 calls).
#include "chat_harness.h"

namespace {

constexpr int kNone = Platform_RelationshipType_None, kFriend = Platform_RelationshipType_Friend,
              kBlocked = Platform_RelationshipType_Blocked, kIn = Platform_RelationshipType_PendingIncoming,
              kOut = Platform_RelationshipType_PendingOutgoing;
constexpr Platform_RelationshipGroupType kPlaying = Platform_RelationshipGroupType_OnlinePlayingGame,
                                         kElsewhere = Platform_RelationshipGroupType_OnlineElsewhere,
                                         kOffline = Platform_RelationshipGroupType_Offline;
using T = std::pair<int, int>;  // (platform type, game type)
using Ids = std::vector<uint64_t>;

// A client recording relationship events ('C' created, 'D' deleted, with the isPlatform flag),
// groups-updated ('G') and user-updated ('U') in delivery order.
struct Soc {
    struct E { char kind; uint64_t id; bool platform; };
    Platform_Client c{};
    uint64_t user = 0, app = 0;
    std::vector<E> ev;
    Soc(uint64_t appId, uint64_t userId, bool doConnect = true) : user(userId), app(appId) {
        Platform_Client_Init(&c);
        Platform_Client_SetApplicationId(&c, app);
        Platform_Client_SetRelationshipCreatedCallback(
            &c, [](uint64_t id, bool p, void *ud) { static_cast<Soc *>(ud)->ev.push_back({'C', id, p}); }, countFree, this);
        Platform_Client_SetRelationshipDeletedCallback(
            &c, [](uint64_t id, bool p, void *ud) { static_cast<Soc *>(ud)->ev.push_back({'D', id, p}); }, countFree, this);
        Platform_Client_SetRelationshipGroupsUpdatedCallback(
            &c, [](uint64_t id, void *ud) { static_cast<Soc *>(ud)->ev.push_back({'G', id, false}); }, countFree, this);
        Platform_Client_SetUserUpdatedCallback(
            &c, [](uint64_t id, void *ud) { static_cast<Soc *>(ud)->ev.push_back({'U', id, false}); }, countFree, this);
        if (doConnect) connect();
    }
    Soc(const Soc &) = delete;
    Soc &operator=(const Soc &) = delete;
    ~Soc() { Platform_Client_Drop(&c); }
    void connect() { connectAs(&c, user, app); }
    void disconnect() { Platform_Client_Disconnect(&c); step(20); }
    // platform: 1 = platform events only, 0 = game events only, -1 = both.
    int count(char kind, uint64_t id = 0, int platform = -1) const {
        int n = 0;
        for (const E &e : ev) n += e.kind == kind && (id == 0 || e.id == id) && (platform < 0 || e.platform == (platform == 1));
        return n;
    }
    void clear() { ev.clear(); }
};

using ByIdFn = void (*)(Platform_Client *, uint64_t, Platform_Client_UpdateRelationshipCallback, Platform_FreeFn, void *);
using ByNameFn = void (*)(Platform_Client *, Platform_String, Platform_Client_SendFriendRequestCallback, Platform_FreeFn, void *);

Res call(ByIdFn fn, Soc &s, uint64_t id) {
    SimpleRes r;
    fn(&s.c, id, simpleCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r.r;
}

Res callName(ByNameFn fn, Soc &s, const std::string &name) {
    SimpleRes r;
    fn(&s.c, P(name), simpleCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r.r;
}

bool isErr(const Res &r, int status, int code) {
    return r.type == Platform_ErrorType_HTTPError && r.status == status && r.code == code && !r.ok;
}

T rel(Soc &s, uint64_t other) {
    Platform_RelationshipHandle h{};
    Platform_Client_GetRelationshipHandle(&s.c, other, &h);
    T t{(int)Platform_RelationshipHandle_PlatformRelationshipType(&h), (int)Platform_RelationshipHandle_GameRelationshipType(&h)};
    Platform_RelationshipHandle_Drop(&h);
    return t;
}

bool spam(Soc &s, uint64_t other) {
    Platform_RelationshipHandle h{};
    Platform_Client_GetRelationshipHandle(&s.c, other, &h);
    const bool v = Platform_RelationshipHandle_IsSpamRequest(&h);
    Platform_RelationshipHandle_Drop(&h);
    return v;
}

// Adopts every handle of a span, reads its Id, drops it, and frees the array.
template <class Span, class Handle>
Ids readIds(Span span, uint64_t (*id)(Handle *), void (*drop)(Handle *)) {
    Ids ids;
    CHECK(span.ptr != nullptr);
    for (size_t i = 0; i < span.size; ++i) {
        Handle h = span.ptr[i];
        ids.push_back(id(&h));
        drop(&h);
    }
    Platform_Free(span.ptr);
    return ids;
}

Ids readRels(Platform_RelationshipHandleSpan span) {
    return readIds(span, &Platform_RelationshipHandle_Id, &Platform_RelationshipHandle_Drop);
}

Ids rels(Soc &s) {
    Platform_RelationshipHandleSpan span{};
    Platform_Client_GetRelationships(&s.c, &span);
    return readRels(span);
}

Ids group(Soc &s, Platform_RelationshipGroupType g) {
    Platform_RelationshipHandleSpan span{};
    Platform_Client_GetRelationshipsByGroup(&s.c, g, &span);
    return readRels(span);
}

Ids search(Soc &s, const std::string &q) {
    Platform_UserHandleSpan span{};
    Platform_Client_SearchFriendsByUsername(&s.c, P(q), &span);
    return readIds(span, &Platform_UserHandle_Id, &Platform_UserHandle_Drop);
}

bool knows(Soc &s, uint64_t id) {
    Platform_UserHandle h{};
    if (!Platform_Client_GetUser(&s.c, id, &h)) return false;
    CHECK_EQ(Platform_UserHandle_Id(&h), id);
    Platform_UserHandle_Drop(&h);
    return true;
}

bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

struct Profile {
    int type = -1;
    std::optional<std::string> providerId;
    std::string issuedId, username, avatar, metadata;
};

Profile readProfile(Platform_UserApplicationProfileHandle *h) {
    Profile p;
    Platform_String s;
    p.type = (int)Platform_UserApplicationProfileHandle_ProviderType(h);
    if (Platform_UserApplicationProfileHandle_ProviderId(h, &s)) p.providerId = S(s);
    Platform_UserApplicationProfileHandle_ProviderIssuedUserId(h, &s); p.issuedId = S(s);
    Platform_UserApplicationProfileHandle_Username(h, &s); p.username = S(s);
    Platform_UserApplicationProfileHandle_AvatarHash(h, &s); p.avatar = S(s);
    Platform_UserApplicationProfileHandle_Metadata(h, &s); p.metadata = S(s);
    return p;
}

// Reads and releases a profile span; `keep` (optional) adopts the handles instead of dropping them.
std::vector<Profile> readProfiles(Platform_UserApplicationProfileHandleSpan span,
                                  std::vector<Platform_UserApplicationProfileHandle> *keep = nullptr) {
    std::vector<Profile> out;
    CHECK(span.ptr != nullptr);
    for (size_t i = 0; i < span.size; ++i) {
        Platform_UserApplicationProfileHandle h = span.ptr[i];
        out.push_back(readProfile(&h));
        if (keep != nullptr) keep->push_back(h); else Platform_UserApplicationProfileHandle_Drop(&h);
    }
    Platform_Free(span.ptr);
    return out;
}

// Profiles of `user` as the client sees them through GetUser + UserHandle_UserApplicationProfiles.
std::vector<Profile> profilesOf(Soc &s, uint64_t user, std::vector<Platform_UserApplicationProfileHandle> *keep = nullptr) {
    Platform_UserHandle h{};
    if (!Platform_Client_GetUser(&s.c, user, &h)) return {};
    Platform_UserApplicationProfileHandleSpan span{};
    Platform_UserHandle_UserApplicationProfiles(&h, &span);
    Platform_UserHandle_Drop(&h);
    return readProfiles(span, keep);
}

std::vector<Profile> ownProfiles(Soc &s, bool noLock = false) {
    Platform_UserApplicationProfileHandleSpan span{};
    if (noLock) Platform_Client_GetUserApplicationProfilesNoLock(&s.c, &span);
    else Platform_Client_GetUserApplicationProfiles(&s.c, &span);
    return readProfiles(span);
}

struct World {
    uint64_t app = 0, app2 = 0;
    uint64_t alice = 0, bob = 0, carol = 0, dave = 0, eve = 0;
};

// ---- platform relationships: send by name / id, reject, cancel, mutual, accept, remove ------------
void platformFlow(const World &w, Soc &A, Soc &B, Soc &C) {
    const uint64_t alice = w.alice, bob = w.bob, carol = w.carol;
    CHECK(rels(A).empty());
    CHECK(!knows(A, bob));
    CHECK((rel(A, bob) == T{kNone, kNone}));
    // Send by username (case-insensitive): outgoing on my side, incoming on theirs.
    CHECK(callName(Platform_Client_SendPlatformFriendRequest, A, "BOB").ok);
    CHECK((rel(A, bob) == T{kOut, kNone}));
    CHECK((rel(B, alice) == T{kIn, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 1);
    CHECK_EQ(B.count('C', alice, 1), 1);
    CHECK_EQ(C.count('C'), 0);
    CHECK(knows(A, bob));
    CHECK(knows(B, alice));
    CHECK((rels(A) == Ids{bob}));
    CHECK(!spam(B, alice));
    // Already pending: success, nothing changes.
    A.clear(); B.clear();
    CHECK(callName(Platform_Client_SendPlatformFriendRequest, A, "bob").ok);
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, A, bob).ok);
    CHECK(A.ev.empty()); CHECK(B.ev.empty());
    // Only the recipient accepts or rejects; only the sender cancels; the game kind is separate.
    CHECK(isErr(call(Platform_Client_AcceptPlatformFriendRequest, A, bob), 404, 80005));
    CHECK(isErr(call(Platform_Client_RejectPlatformFriendRequest, A, bob), 404, 80005));
    CHECK(isErr(call(Platform_Client_CancelPlatformFriendRequest, B, alice), 404, 80005));
    CHECK(isErr(call(Platform_Client_AcceptGameFriendRequest, B, alice), 404, 80005));
    CHECK((rel(A, bob) == T{kOut, kNone}));
    // Reject: None on both sides, deleted events on both.
    CHECK(call(Platform_Client_RejectPlatformFriendRequest, B, alice).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', bob, 1), 1);
    CHECK_EQ(B.count('D', alice, 1), 1);
    CHECK(rels(A).empty());
    CHECK(!knows(A, bob));
    CHECK(isErr(call(Platform_Client_RejectPlatformFriendRequest, B, alice), 404, 80005));
    // Cancel by the sender.
    A.clear(); B.clear();
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, A, bob).ok);
    CHECK((rel(B, alice) == T{kIn, kNone}));
    CHECK(call(Platform_Client_CancelPlatformFriendRequest, A, bob).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 1); CHECK_EQ(A.count('D', bob, 1), 1);
    CHECK_EQ(B.count('C', alice, 1), 1); CHECK_EQ(B.count('D', alice, 1), 1);
    CHECK(isErr(call(Platform_Client_CancelPlatformFriendRequest, A, bob), 404, 80005));
    // Mutual requests: the second one makes both sides friends.
    A.clear(); B.clear();
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, A, bob).ok);
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, B, alice).ok);
    CHECK((rel(A, bob) == T{kFriend, kNone}));
    CHECK((rel(B, alice) == T{kFriend, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 2);  // pending outgoing, then friend
    CHECK_EQ(B.count('C', alice, 1), 2);
    CHECK_EQ(A.count('D'), 0);
    A.clear();
    CHECK(callName(Platform_Client_SendPlatformFriendRequest, A, "bob").ok);  // already friends
    CHECK(A.ev.empty());
    CHECK((rel(A, bob) == T{kFriend, kNone}));
    // Accept.
    CHECK(call(Platform_Client_SendPlatformFriendRequestById, C, alice).ok);
    CHECK((rel(A, carol) == T{kIn, kNone}));
    CHECK(call(Platform_Client_AcceptPlatformFriendRequest, A, carol).ok);
    CHECK((rel(A, carol) == T{kFriend, kNone}));
    CHECK((rel(C, alice) == T{kFriend, kNone}));
    CHECK((rels(A) == Ids{bob, carol}));
    // GetUser returns a friend.
    Platform_UserHandle uh{};
    CHECK(Platform_Client_GetUser(&A.c, carol, &uh));
    Platform_String s;
    Platform_UserHandle_Username(&uh, &s); CHECK_EQ(S(s), std::string("carol"));
    Platform_UserHandle_Drop(&uh);
    // Removing: not game friends -> 404; platform-and-game removes the platform friendship.
    CHECK(isErr(call(Platform_Client_RemoveGameFriend, A, carol), 404, 80006));
    A.clear(); C.clear();
    CHECK(call(Platform_Client_RemovePlatformAndGameFriend, A, carol).ok);
    CHECK((rel(A, carol) == T{kNone, kNone}));
    CHECK((rel(C, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', carol, 1), 1); CHECK_EQ(A.count('D', carol, 0), 0);
    CHECK_EQ(C.count('D', alice, 1), 1);
    CHECK(isErr(call(Platform_Client_RemovePlatformAndGameFriend, A, carol), 404, 80006));
}

// ---- game relationships: per application ------------------------------------------------------
void gameFlow(const World &w, Soc &A, Soc &B, Soc &D, Soc &D2) {
    const uint64_t alice = w.alice, bob = w.bob, dave = w.dave;
    A.clear(); D.clear(); D2.clear();
    CHECK(callName(Platform_Client_SendGameFriendRequest, A, "dave").ok);
    CHECK((rel(A, dave) == T{kNone, kOut}));
    CHECK((rel(D, alice) == T{kNone, kIn}));
    CHECK((rel(D2, alice) == T{kNone, kNone}));  // dave's client of the other application
    CHECK_EQ(A.count('C', dave, 0), 1); CHECK_EQ(A.count('C', dave, 1), 0);
    CHECK_EQ(D.count('C', alice, 0), 1);
    CHECK(D2.ev.empty());
    CHECK(knows(D, alice));
    CHECK(!knows(D2, alice));
    CHECK(isErr(call(Platform_Client_AcceptPlatformFriendRequest, D, alice), 404, 80005));  // platform kind separate
    CHECK(call(Platform_Client_AcceptGameFriendRequest, D, alice).ok);
    CHECK((rel(A, dave) == T{kNone, kFriend}));
    CHECK((rel(D, alice) == T{kNone, kFriend}));
    CHECK((rels(A) == Ids{bob, dave}));
    CHECK(rels(D2).empty());
    // Remove game friend.
    A.clear(); D.clear();
    CHECK(call(Platform_Client_RemoveGameFriend, D, alice).ok);
    CHECK((rel(A, dave) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', dave, 0), 1); CHECK_EQ(D.count('D', alice, 0), 1);
    CHECK(isErr(call(Platform_Client_RemoveGameFriend, D, alice), 404, 80006));
    // Reject and cancel.
    CHECK(call(Platform_Client_SendGameFriendRequestById, A, dave).ok);
    CHECK(isErr(call(Platform_Client_RejectPlatformFriendRequest, D, alice), 404, 80005));
    CHECK(call(Platform_Client_RejectGameFriendRequest, D, alice).ok);
    CHECK((rel(A, dave) == T{kNone, kNone}));
    CHECK(isErr(call(Platform_Client_RejectGameFriendRequest, D, alice), 404, 80005));
    CHECK(call(Platform_Client_SendGameFriendRequestById, A, dave).ok);
    CHECK(isErr(call(Platform_Client_CancelPlatformFriendRequest, A, dave), 404, 80005));
    CHECK(call(Platform_Client_CancelGameFriendRequest, A, dave).ok);
    CHECK((rel(D, alice) == T{kNone, kNone}));
    CHECK(isErr(call(Platform_Client_CancelGameFriendRequest, A, dave), 404, 80005));
    // Mutual game requests (by id, then by name).
    CHECK(call(Platform_Client_SendGameFriendRequestById, D, alice).ok);
    CHECK(callName(Platform_Client_SendGameFriendRequest, A, "Dave").ok);
    CHECK((rel(A, dave) == T{kNone, kFriend}));
    CHECK((rel(D, alice) == T{kNone, kFriend}));
    // Platform and game friends at once: RemovePlatformAndGameFriend ends both.
    CHECK(call(Platform_Client_SendGameFriendRequestById, A, bob).ok);
    CHECK(call(Platform_Client_AcceptGameFriendRequest, B, alice).ok);
    CHECK((rel(A, bob) == T{kFriend, kFriend}));
    A.clear(); B.clear();
    CHECK(call(Platform_Client_RemovePlatformAndGameFriend, B, alice).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', bob, 1), 1); CHECK_EQ(A.count('D', bob, 0), 1);
    CHECK_EQ(B.count('D', alice, 1), 1); CHECK_EQ(B.count('D', alice, 0), 1);
}

// ---- blocks -------------------------------------------------------------------------------------
void blocks(const World &w, Soc &A, Soc &B) {
    const uint64_t alice = w.alice, bob = w.bob, dave = w.dave;
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(PlatformSim_Befriend(alice, bob, true, w.app));
    step(20);
    CHECK((rel(A, bob) == T{kFriend, kFriend}));
    A.clear(); B.clear();
    CHECK(call(Platform_Client_BlockUser, A, bob).ok);
    CHECK((rel(A, bob) == T{kBlocked, kNone}));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('C', bob, 1), 1);  // Friend -> Blocked
    CHECK_EQ(A.count('D', bob, 0), 1);
    CHECK_EQ(B.count('D', alice, 1), 1); CHECK_EQ(B.count('D', alice, 0), 1);
    CHECK_EQ(B.count('C'), 0);
    CHECK(knows(A, bob));  // blocked users are known
    CHECK((rels(A) == Ids{bob, dave}));
    CHECK(knows(B, alice));  // an edge on either side makes the user known
    // Requests across the block.
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, B, alice), 403, 80000));
    CHECK(isErr(call(Platform_Client_SendGameFriendRequestById, B, alice), 403, 80000));
    CHECK(isErr(callName(Platform_Client_SendPlatformFriendRequest, A, "bob"), 400, 80001));
    CHECK(isErr(call(Platform_Client_SendGameFriendRequestById, A, bob), 400, 80001));
    CHECK(!PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_Befriend(bob, alice, true, w.app));
    CHECK(startsWith(lastError(), "403:"));
    CHECK((rel(B, alice) == T{kNone, kNone}));
    // Blocking again changes nothing.
    A.clear();
    CHECK(call(Platform_Client_BlockUser, A, bob).ok);
    CHECK(A.ev.empty());
    // Both block: each keeps their own block.
    CHECK(call(Platform_Client_BlockUser, B, alice).ok);
    CHECK((rel(A, bob) == T{kBlocked, kNone}));
    CHECK((rel(B, alice) == T{kBlocked, kNone}));
    A.clear();
    CHECK(call(Platform_Client_UnblockUser, A, bob).ok);
    CHECK((rel(A, bob) == T{kNone, kNone}));
    CHECK((rel(B, alice) == T{kBlocked, kNone}));
    CHECK_EQ(A.count('D', bob, 1), 1);
    CHECK(isErr(call(Platform_Client_UnblockUser, A, bob), 400, 80007));
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, bob), 403, 80000));  // bob still blocks alice
    CHECK(call(Platform_Client_UnblockUser, B, alice).ok);
    CHECK((rel(B, alice) == T{kNone, kNone}));
    CHECK(!knows(A, bob));
    CHECK(isErr(call(Platform_Client_BlockUser, A, alice), 400, 80003));
    CHECK(isErr(call(Platform_Client_BlockUser, A, 12345), 404, 10013));
    CHECK(isErr(call(Platform_Client_UnblockUser, A, 12345), 404, 10013));
}

// ---- other errors, not ready, injected failures, robustness ----------------------------------------
void errors(const World &w, Soc &A, Soc &E) {
    const uint64_t alice = w.alice, bob = w.bob, eve = w.eve;
    CHECK(isErr(callName(Platform_Client_SendPlatformFriendRequest, A, "nobody"), 400, 80004));
    CHECK(isErr(callName(Platform_Client_SendGameFriendRequest, A, "nobody"), 400, 80004));
    const Res empty = callName(Platform_Client_SendPlatformFriendRequest, A, "");
    CHECK_EQ(empty.type, (int)Platform_ErrorType_ValidationError); CHECK_EQ(empty.status, 0);
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, alice), 400, 80003));
    CHECK(isErr(callName(Platform_Client_SendGameFriendRequest, A, "ALICE"), 400, 80003));
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, 999), 404, 10013));
    CHECK(isErr(call(Platform_Client_AcceptGameFriendRequest, A, 999), 404, 10013));
    CHECK(isErr(call(Platform_Client_RemoveGameFriend, A, 999), 404, 10013));
    // No Ready session: ClientNotReady, nothing sent; the synchronous reads are empty.
    CHECK_EQ((int)Platform_Client_GetStatus(&E.c), (int)Platform_Client_Status_Disconnected);
    const Res nr = call(Platform_Client_SendPlatformFriendRequestById, E, alice);
    CHECK_EQ(nr.type, (int)Platform_ErrorType_ClientNotReady);
    CHECK_EQ(callName(Platform_Client_SendGameFriendRequest, E, "alice").type, (int)Platform_ErrorType_ClientNotReady);
    CHECK((rel(A, eve) == T{kNone, kNone}));
    CHECK(rels(E).empty());
    CHECK(group(E, kOffline).empty());
    CHECK(search(E, "a").empty());
    // An injected failure: the request never reaches the platform.
    CHECK(PlatformSim_NetworkFailNext(P(std::string("Client_SendGameFriendRequestById")), 503, 0, 0));
    const Res f = call(Platform_Client_SendGameFriendRequestById, A, eve);
    CHECK_EQ(f.type, (int)Platform_ErrorType_HTTPError); CHECK_EQ(f.status, 503);
    CHECK((rel(A, eve) == T{kNone, kNone}));
    // A zeroed client: ClientDestroyed at the next RunCallbacks, triple released.
    Platform_Client z{};
    SimpleRes zr;
    int freed = g_freed;
    Platform_Client_BlockUser(&z, bob, simpleCb, countFree, &zr);
    CHECK(!zr.called);
    Platform_RunCallbacks();
    CHECK(zr.called); CHECK_EQ(zr.r.type, (int)Platform_ErrorType_ClientDestroyed); CHECK_EQ(g_freed - freed, 1);
    Platform_RelationshipHandle zh{};
    Platform_Client_GetRelationshipHandle(&z, bob, &zh);
    CHECK_EQ(Platform_RelationshipHandle_Id(&zh), uint64_t(0));
    Platform_RelationshipHandle_Drop(&zh);
    Platform_RelationshipHandleSpan zs{};
    Platform_Client_GetRelationships(&z, &zs);
    CHECK(readRels(zs).empty());
    // A NULL fn: the request still happens and its triple is released once.
    freed = g_freed;
    Platform_Client_SendPlatformFriendRequestById(&A.c, eve, nullptr, countFree, nullptr);
    step(20);
    CHECK_EQ(g_freed - freed, 1);
    CHECK((rel(A, eve) == T{kOut, kNone}));
    CHECK(call(Platform_Client_CancelPlatformFriendRequest, A, eve).ok);
}

// ---- provisional accounts: game friends only; application profile from their identity -----------
void provisional(const World &w, Soc &A) {
    const uint64_t alice = w.alice;
    Soc Pv(w.app, 0, false);
    TokenRes t;
    const std::string ticket = "steam-ticket-for-relationships";
    Platform_Client_GetProvisionalToken(&Pv.c, w.app, Platform_AuthenticationExternalAuthType_SteamSessionTicket, P(ticket),
                                        tokenCb, countFree, &t);
    step(20);
    CHECK(t.r.ok);
    Platform_Client_UpdateToken(&Pv.c, Platform_AuthorizationTokenType_Bearer, P(t.access), nullptr, nullptr, nullptr);
    Platform_Client_Connect(&Pv.c);
    for (int i = 0; i < 4; ++i) step(20);
    CHECK_EQ((int)Platform_Client_GetStatus(&Pv.c), (int)Platform_Client_Status_Ready);
    Platform_UserHandle me{};
    CHECK(Platform_Client_GetCurrentUserV2(&Pv.c, &me));
    const uint64_t prov = Platform_UserHandle_Id(&me);
    CHECK(Platform_UserHandle_IsProvisional(&me));
    Platform_String s;
    Platform_UserHandle_Username(&me, &s);
    const std::string provName = S(s);
    Platform_UserHandle_Drop(&me);
    CHECK(prov != 0);
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, A, prov), 400, 80002));
    CHECK(isErr(callName(Platform_Client_SendPlatformFriendRequest, A, provName), 400, 80002));
    CHECK(isErr(call(Platform_Client_SendPlatformFriendRequestById, Pv, alice), 400, 80002));
    CHECK(!PlatformSim_Befriend(alice, prov, false, 0));
    const std::string err = lastError();
    CHECK(startsWith(err, "400:")); CHECK(err.find("80002") != std::string::npos);
    CHECK(!PlatformSim_SendFriendRequestAs(prov, alice, false, 0, false));
    CHECK((rel(A, prov) == T{kNone, kNone}));
    CHECK(call(Platform_Client_SendGameFriendRequestById, Pv, alice).ok);
    CHECK(call(Platform_Client_AcceptGameFriendRequest, A, prov).ok);
    CHECK((rel(A, prov) == T{kNone, kFriend}));
    CHECK((rel(Pv, alice) == T{kNone, kFriend}));
    // The Steam identity shows as an application profile: a stable id that is not the ticket.
    const auto own = ownProfiles(Pv);
    CHECK_EQ(own.size(), size_t(1));
    if (own.size() == 1) {
        CHECK_EQ(own[0].type, (int)Platform_ExternalIdentityProviderType_Steam);
        CHECK(startsWith(own[0].issuedId, "ext-"));
        CHECK(own[0].issuedId.find(ticket) == std::string::npos);
        CHECK(!own[0].providerId.has_value());
        const auto seen = profilesOf(A, prov);  // alice knows her game friend
        CHECK_EQ(seen.size(), size_t(1));
        CHECK(!seen.empty() && seen[0].issuedId == own[0].issuedId);
    }
    CHECK(call(Platform_Client_RemoveGameFriend, A, prov).ok);
}

// ---- spam flag and the relationship control calls ---------------------------------------------------
void spamAndControl(const World &w, Soc &A, Soc &E, Soc &D) {
    const uint64_t alice = w.alice, eve = w.eve, dave = w.dave;
    A.clear();
    CHECK(PlatformSim_SendFriendRequestAs(eve, alice, false, 0, true));
    step(20);
    CHECK((rel(A, eve) == T{kIn, kNone}));
    CHECK((rel(E, alice) == T{kOut, kNone}));
    CHECK(spam(A, eve));
    CHECK(!spam(E, alice));
    CHECK_EQ(A.count('C', eve, 1), 1);
    CHECK_EQ(E.count('C', alice, 1), 1);
    CHECK(call(Platform_Client_AcceptPlatformFriendRequest, A, eve).ok);
    CHECK(!spam(A, eve));
    CHECK((rel(E, alice) == T{kFriend, kNone}));
    CHECK(PlatformSim_SendFriendRequestAs(dave, alice, false, 0, false));
    CHECK(PlatformSim_SendFriendRequestAs(dave, alice, true, w.app, true));
    step(20);
    CHECK((rel(A, dave) == T{kIn, kFriend}));  // already game friends: that request changes nothing
    CHECK(!spam(A, dave));
    // Control errors (nothing applied).
    CHECK(!PlatformSim_SendFriendRequestAs(999, alice, false, 0, false)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_SendFriendRequestAs(eve, alice, true, 0, false)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_SendFriendRequestAs(eve, eve, false, 0, false)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_Befriend(alice, eve, true, 4242)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_Befriend(alice, 999, false, 0)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_RemoveRelationships(alice, alice)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_RemoveRelationships(alice, 999)); CHECK(startsWith(lastError(), "404:"));
    // RemoveRelationships: the pending platform request and the game friendship both go.
    A.clear(); D.clear();
    CHECK(PlatformSim_RemoveRelationships(dave, alice));
    step(20);
    CHECK((rel(A, dave) == T{kNone, kNone}));
    CHECK((rel(D, alice) == T{kNone, kNone}));
    CHECK_EQ(A.count('D', dave, 1), 1); CHECK_EQ(A.count('D', dave, 0), 1);
    CHECK_EQ(D.count('D', alice, 1), 1); CHECK_EQ(D.count('D', alice, 0), 1);
    CHECK(PlatformSim_RemoveRelationships(dave, alice));  // nothing left: still fine, no events
    step(20);
    CHECK_EQ(A.count('D'), 2);
}

// ---- RelationshipHandle and UserHandle_Relationship ---------------------------------------------------
void handles(const World &w, Soc &A) {
    const uint64_t carol = w.carol;
    Platform_RelationshipHandle h{};
    Platform_Client_GetRelationshipHandle(&A.c, carol, &h);
    CHECK_EQ(Platform_RelationshipHandle_Id(&h), carol);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kNone);
    CHECK(!Platform_RelationshipHandle_IsSpamRequest(&h));
    Platform_UserHandle u{};
    CHECK(Platform_RelationshipHandle_User(&h, &u));
    CHECK_EQ(Platform_UserHandle_Id(&u), carol);
    Platform_UserHandle_Drop(&u);
    Platform_RelationshipHandle h2{};
    Platform_RelationshipHandle_Clone(&h2, &h);
    CHECK(PlatformSim_Befriend(w.alice, carol, false, 0));
    step(20);
    // Live: both the handle and its clone see the new friendship.
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kFriend);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h2), kFriend);
    Platform_RelationshipHandle_Drop(&h);
    // UserHandle_Relationship: the viewer's relationship with that user.
    Platform_UserHandle cu{};
    CHECK(Platform_Client_GetUser(&A.c, carol, &cu));
    Platform_RelationshipHandle r{};
    Platform_UserHandle_Relationship(&cu, &r);
    CHECK_EQ(Platform_RelationshipHandle_Id(&r), carol);
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&r), kFriend);
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&r), kNone);
    Platform_RelationshipHandle_Drop(&r);
    Platform_UserHandle_Drop(&cu);
    // Zeroed handles: defaults.
    Platform_RelationshipHandle z{};
    CHECK_EQ(Platform_RelationshipHandle_Id(&z), uint64_t(0));
    CHECK_EQ((int)Platform_RelationshipHandle_GameRelationshipType(&z), kNone);
    CHECK(!Platform_RelationshipHandle_IsSpamRequest(&z));
    CHECK(!Platform_RelationshipHandle_User(&z, &u));
    CHECK(!Platform_RelationshipHandle_User(nullptr, &u));
    Platform_RelationshipHandle_Drop(&z);
    Platform_UserHandle zu{};
    Platform_UserHandle_Relationship(&zu, &r);
    CHECK_EQ(Platform_RelationshipHandle_Id(&r), uint64_t(0));
    Platform_RelationshipHandle_Drop(&r);
    // Once its client is dropped, a handle reads defaults (and can still be dropped).
    {
        Soc tmp(w.app, w.alice);
        Platform_Client_GetRelationshipHandle(&tmp.c, carol, &h);
        CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kFriend);
    }
    CHECK_EQ(Platform_RelationshipHandle_Id(&h), uint64_t(0));
    CHECK_EQ((int)Platform_RelationshipHandle_PlatformRelationshipType(&h), kNone);
    CHECK(!Platform_RelationshipHandle_User(&h, &u));
    Platform_RelationshipHandle_Drop(&h);
    Platform_RelationshipHandle_Drop(&h2);
}

// ---- friend groups, groups-updated ---------------------------------------------------------------
void groups(const World &w, Soc &A, Soc &B, Soc &C, Soc &D, Soc &D2) {
    const uint64_t alice = w.alice, bob = w.bob, carol = w.carol, dave = w.dave, eve = w.eve;
    // alice's friends: bob and eve (platform), carol (platform, from handles()), dave (game, this app).
    CHECK(PlatformSim_Befriend(alice, bob, false, 0));
    CHECK(PlatformSim_Befriend(alice, dave, true, w.app));
    A.clear();
    step(20);
    CHECK_EQ(A.count('C', bob, 1), 1); CHECK_EQ(A.count('C', dave, 0), 1);
    // Becoming friends changes alice's friends list: one groups-updated per new friend.
    CHECK_EQ(A.count('G', bob), 1); CHECK_EQ(A.count('G', dave), 1); CHECK_EQ(A.count('G'), 2);
    // carol plays the other application only; dave is offline; bob plays this one.
    C.disconnect();
    Soc C2(w.app2, carol);
    D.disconnect();
    D2.disconnect();
    Soc A2(w.app2, alice);
    CHECK((group(A, kPlaying) == Ids{bob, eve}));
    CHECK((group(A, kElsewhere) == Ids{carol}));
    CHECK((group(A, kOffline) == Ids{dave}));
    // In the other application dave is no friend (game friends are per application).
    CHECK((group(A2, kPlaying) == Ids{carol}));
    CHECK((group(A2, kElsewhere) == Ids{bob, eve}));
    CHECK(group(A2, kOffline).empty());
    // Pending requests are not friends (dave is offline: he would be in bob's Offline group).
    CHECK(PlatformSim_SendFriendRequestAs(dave, bob, false, 0, false));
    step(20);
    CHECK((group(B, kPlaying) == Ids{alice}));
    CHECK(group(B, kOffline).empty());

    // Groups follow sessions: presence calls relationshipsOnSessionReady / presenceChanged when a
    // session becomes Ready or ends (connection.cc), with a UserUpdated to those who know the user.
    A.clear(); A2.clear(); B.clear();
    D.connect();
    CHECK(A.count('U', dave) >= 1);
    CHECK_EQ(A.count('G', dave), 1);  // Offline -> OnlinePlayingGame
    CHECK_EQ(A2.count('G'), 0);       // not a friend in the other application
    CHECK_EQ(B.count('G'), 0);        // not bob's friend
    CHECK((group(A, kPlaying) == Ids{bob, dave, eve}));
    A.clear();
    D2.connect();  // still playing this application: no change
    CHECK_EQ(A.count('G', dave), 0);
    D.disconnect();  // online, but only in the other application
    CHECK_EQ(A.count('G', dave), 1);
    CHECK((group(A, kElsewhere) == Ids{carol, dave}));
    D2.disconnect();
    CHECK_EQ(A.count('G', dave), 2);
    CHECK((group(A, kOffline) == Ids{dave}));
    // A friend the client learns of while Ready starts from its current group: dave becomes a
    // (platform) friend while playing this application; his second client changes nothing for
    // A, while for A2 (the other application) he moves from OnlineElsewhere to OnlinePlayingGame.
    CHECK(PlatformSim_RemoveRelationships(alice, dave));
    step(20);
    A.clear(); A2.clear();
    D.connect();
    CHECK_EQ(A.count('G'), 0);  // not a friend any more
    CHECK(PlatformSim_Befriend(alice, dave, false, 0));
    step(20);
    CHECK_EQ(A.count('G', dave), 1);   // a new (platform) friend: every application's client
    CHECK_EQ(A2.count('G', dave), 1);
    A.clear(); A2.clear();
    D2.connect();
    CHECK_EQ(A.count('G', dave), 0);
    CHECK_EQ(A2.count('G', dave), 1);
    D.disconnect();
    D2.disconnect();
    // A client that becomes Ready takes its friends' groups as they are (no event), then follows
    // changes: alice plays the other application (A2), so a second client of hers there changes
    // nothing for carol's client, and her leaving it does.
    C2.disconnect();
    C2.clear();
    C2.connect();
    CHECK_EQ(C2.count('G'), 0);
    {
        Soc A3(w.app2, alice);
        CHECK_EQ(C2.count('G', alice), 0);
    }
    A2.disconnect();
    CHECK_EQ(C2.count('G', alice), 1);
    A.clear();
    B.disconnect();
    CHECK_EQ(C2.count('G', bob), 0);  // bob is not carol's friend
    CHECK_EQ(A.count('G', bob), 1);
    B.connect();
    CHECK_EQ(A.count('G', bob), 2);
    CHECK(PlatformSim_RemoveRelationships(alice, dave));
    step(20);
}

// ---- SearchFriendsByUsername ------------------------------------------------------------------------
void searching(const World &w, Soc &A) {
    const uint64_t bobby = newUser("bobby"), jimbo = newUser("jimbo"), boris = newUser("boris");
    CHECK(PlatformSim_Befriend(w.alice, bobby, false, 0));
    CHECK(PlatformSim_Befriend(w.alice, jimbo, true, w.app));
    CHECK(PlatformSim_SendFriendRequestAs(boris, w.alice, false, 0, false));  // pending: not a friend
    step(20);
    // carol's global name is "Bono": a match, but not a username prefix.
    CHECK((search(A, "BO") == Ids{w.bob, bobby, w.carol, jimbo}));
    CHECK((search(A, "bo") == search(A, "Bo")));
    CHECK((search(A, "jim") == Ids{jimbo}));
    CHECK((search(A, "BONO") == Ids{w.carol}));
    CHECK(search(A, "").empty());
    CHECK(search(A, "zzz").empty());
    CHECK(search(A, "boris").empty());
    Platform_UserHandleSpan span{};
    Platform_Client_SearchFriendsByUsername(&A.c, P(std::string("bobb")), &span);
    CHECK_EQ(span.size, size_t(1));
    if (span.size == 1) {
        Platform_UserHandle h = span.ptr[0];
        Platform_String s;
        Platform_UserHandle_Username(&h, &s); CHECK_EQ(S(s), std::string("bobby"));
        Platform_UserHandle_Drop(&h);
    }
    Platform_Free(span.ptr);
}

// ---- PlatformSim_UpdateUserProfile ----------------------------------------------------------------
void profileEdits(const World &w, Soc &A, Soc &B, Soc &E) {
    const uint64_t bob = w.bob;
    CHECK(!knows(E, bob));  // eve has no relationship with bob
    A.clear(); B.clear(); E.clear();
    std::string name = "Bobby Tables", avatar = "a_0123abcd";
    Platform_String ns = P(name), as = P(avatar);
    CHECK(PlatformSim_UpdateUserProfile(bob, &ns, &as));
    step(20);
    CHECK_EQ(A.count('U', bob), 1);
    CHECK_EQ(B.count('U', bob), 1);
    CHECK_EQ(E.count('U', bob), 0);
    Platform_UserHandle h{};
    CHECK(Platform_Client_GetUser(&A.c, bob, &h));
    Platform_String s;
    CHECK(Platform_UserHandle_GlobalName(&h, &s)); CHECK_EQ(S(s), name);
    Platform_UserHandle_DisplayName(&h, &s); CHECK_EQ(S(s), name);
    CHECK(Platform_UserHandle_Avatar(&h, &s)); CHECK_EQ(S(s), avatar);
    Platform_UserHandle_AvatarUrl(&h, Platform_UserHandle_AvatarType_Gif, Platform_UserHandle_AvatarType_Png, &s);
    CHECK_EQ(S(s), "https://cdn.platform.example/avatars/" + std::to_string(bob) + "/a_0123abcd.gif");
    // Invalid input: nothing applied, no event.
    A.clear();
    std::string good = "Fine Name", bad = "XYZ", longName(33, 'n'), prefixOnly = "a_";
    Platform_String gs = P(good), bs = P(bad), ls = P(longName), ps = P(prefixOnly);
    CHECK(!PlatformSim_UpdateUserProfile(bob, &gs, &bs)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_UpdateUserProfile(bob, &ls, nullptr)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_UpdateUserProfile(bob, nullptr, &ps)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_UpdateUserProfile(999, &gs, nullptr)); CHECK(startsWith(lastError(), "404:"));
    CHECK(PlatformSim_UpdateUserProfile(bob, nullptr, nullptr));  // nothing to change
    step(20);
    CHECK_EQ(A.count('U'), 0);
    CHECK(Platform_UserHandle_GlobalName(&h, &s)); CHECK_EQ(S(s), name);
    // Cleared: no global name (DisplayName falls back to the username), default avatar.
    std::string none;
    Platform_String es = P(none);
    CHECK(PlatformSim_UpdateUserProfile(bob, &es, &es));
    step(20);
    CHECK_EQ(A.count('U', bob), 1);
    CHECK(!Platform_UserHandle_GlobalName(&h, &s));
    Platform_UserHandle_DisplayName(&h, &s); CHECK_EQ(S(s), std::string("bob"));
    CHECK(!Platform_UserHandle_Avatar(&h, &s));
    Platform_UserHandle_Drop(&h);
}

// ---- user application profiles ----------------------------------------------------------------------
void appProfiles(const World &w, Soc &A, Soc &B) {
    const uint64_t bob = w.bob;
    std::string issued = "76561190", uname = "bob_steam", av = "abc123", md = "{\"level\":3}";
    PlatformSim_UserApplicationProfile p{Platform_ExternalIdentityProviderType_Steam, nullptr, P(issued), P(uname), P(av), P(md)};
    A.clear();
    CHECK(profilesOf(A, bob).empty());
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app, &p));
    step(20);
    CHECK_EQ(A.count('U', bob), 1);
    std::vector<Platform_UserApplicationProfileHandle> kept;
    auto seen = profilesOf(A, bob, &kept);
    CHECK_EQ(seen.size(), size_t(1));
    if (seen.size() == 1) {
        CHECK_EQ(seen[0].type, (int)Platform_ExternalIdentityProviderType_Steam);
        CHECK(!seen[0].providerId.has_value());
        CHECK_EQ(seen[0].issuedId, issued); CHECK_EQ(seen[0].username, uname);
        CHECK_EQ(seen[0].avatar, av); CHECK_EQ(seen[0].metadata, md);
    }
    // Same provider and provider user id: replaced, and the handle reads the new fields.
    std::string renamed = "bob_renamed";
    p.username = P(renamed);
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app, &p));
    // The struct borrows its strings: they must outlive the call (no temporaries).
    const std::string epicId = "epic-1", deployment = "prod-deployment", epicName = "bob_epic", unityId = "unity-9", none;
    Platform_String dep = P(deployment);
    PlatformSim_UserApplicationProfile e{Platform_ExternalIdentityProviderType_EpicOnlineServices, &dep, P(epicId),
                                         P(epicName), P(none), P(none)};
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app, &e));
    PlatformSim_UserApplicationProfile u{Platform_ExternalIdentityProviderType_Unity, nullptr, P(unityId),
                                         P(none), P(none), P(none)};
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app2, &u));  // another application's profile
    step(20);
    CHECK_EQ(A.count('U', bob), 4);
    if (!kept.empty()) CHECK_EQ(readProfile(&kept[0]).username, renamed);
    seen = profilesOf(A, bob);
    CHECK_EQ(seen.size(), size_t(2));
    if (seen.size() == 2) {
        CHECK_EQ(seen[0].username, renamed);
        CHECK_EQ(seen[1].type, (int)Platform_ExternalIdentityProviderType_EpicOnlineServices);
        CHECK(seen[1].providerId == std::optional<std::string>(deployment));
        CHECK_EQ(seen[1].issuedId, epicId);
    }
    {
        Soc A2(w.app2, w.alice);
        const auto other = profilesOf(A2, bob);
        CHECK_EQ(other.size(), size_t(1));
        CHECK(!other.empty() && other[0].type == (int)Platform_ExternalIdentityProviderType_Unity);
    }
    // The client-level calls (7.2): the current user's profiles; empty before Ready.
    CHECK_EQ(ownProfiles(B).size(), size_t(2));
    CHECK_EQ(ownProfiles(B, true).size(), size_t(2));
    CHECK(ownProfiles(A).empty());
    {
        Soc off(w.app, bob, false);
        CHECK(ownProfiles(off).empty());
        CHECK(ownProfiles(off, true).empty());
    }
    Platform_Client z{};
    Platform_UserApplicationProfileHandleSpan zs{};
    Platform_Client_GetUserApplicationProfiles(&z, &zs);
    CHECK(readProfiles(zs).empty());
    // Errors: nothing applied.
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, w.app, nullptr)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_SetUserApplicationProfile(999, w.app, &p)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, 4242, &p)); CHECK(startsWith(lastError(), "404:"));
    PlatformSim_UserApplicationProfile badType = p;
    badType.providerType = (Platform_ExternalIdentityProviderType)99;
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, w.app, &badType)); CHECK(startsWith(lastError(), "400:"));
    PlatformSim_UserApplicationProfile noId = p;
    noId.providerIssuedUserId = P(none);
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, w.app, &noId)); CHECK(startsWith(lastError(), "400:"));
    CHECK_EQ(profilesOf(A, bob).size(), size_t(2));
    // Zeroed handle and handles of a dropped client: defaults.
    Platform_UserApplicationProfileHandle zh{};
    const Profile zp = readProfile(&zh);
    CHECK_EQ(zp.type, (int)Platform_ExternalIdentityProviderType_None);
    CHECK(!zp.providerId.has_value()); CHECK(zp.issuedId.empty());
    {
        Soc tmp(w.app, w.alice);
        profilesOf(tmp, bob, &kept);
        CHECK_EQ(kept.size(), size_t(3));
    }
    if (kept.size() == 3) {
        CHECK_EQ(readProfile(&kept[2]).type, (int)Platform_ExternalIdentityProviderType_None);
        CHECK(readProfile(&kept[1]).username.empty());
        CHECK_EQ(readProfile(&kept[0]).username, renamed);  // its client (A) is alive
        Platform_UserApplicationProfileHandle copy{};
        Platform_UserApplicationProfileHandle_Clone(&copy, &kept[0]);
        CHECK_EQ(readProfile(&copy).issuedId, issued);
        Platform_UserApplicationProfileHandle_Drop(&copy);
    }
    for (auto &h : kept) Platform_UserApplicationProfileHandle_Drop(&h);
}

}  // namespace

void testRelationships() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    World w;
    w.app = freshChatWorld();
    w.app2 = PlatformSim_CreateApplication(P(std::string("OtherGame")), 0, 0, P(std::string("")));
    w.alice = newUser("alice", "Alice A.");
    w.bob = newUser("bob");
    w.carol = newUser("carol", "Bono");
    w.dave = newUser("dave");
    w.eve = newUser("eve");
    {
        Soc A(w.app, w.alice), B(w.app, w.bob), C(w.app, w.carol), D(w.app, w.dave), D2(w.app2, w.dave);
        Soc E(w.app, w.eve, false);
        platformFlow(w, A, B, C);
        gameFlow(w, A, B, D, D2);
        blocks(w, A, B);
        errors(w, A, E);
        E.connect();
        provisional(w, A);
        spamAndControl(w, A, E, D);
        handles(w, A);
        groups(w, A, B, C, D, D2);
        searching(w, A);
        profileEdits(w, A, B, E);
        appProfiles(w, A, B);
    }
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
