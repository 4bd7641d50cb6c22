// Shared by the relationships area (relationships_test.cc, relationship_reads_test.cc,
// user_profiles_test.cc): a client recording relationship, groups-updated and user-updated
// events (Soc), the calls and readers the three files use, and the users and applications of the
// area (World). testRelationships (relationships_test.cc) runs the parts in one order: each
// part starts from the relationships the parts before it left.
#pragma once
#include "chat_harness.h"

namespace relationships {

inline constexpr int kNone = Platform_RelationshipType_None, kFriend = Platform_RelationshipType_Friend,
              kBlocked = Platform_RelationshipType_Blocked, kIn = Platform_RelationshipType_PendingIncoming,
              kOut = Platform_RelationshipType_PendingOutgoing;
inline constexpr Platform_RelationshipGroupType kPlaying = Platform_RelationshipGroupType_OnlinePlayingGame,
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

inline Res call(ByIdFn fn, Soc &s, uint64_t id) {
    SimpleRes r;
    fn(&s.c, id, simpleCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r.r;
}

inline Res callName(ByNameFn fn, Soc &s, const std::string &name) {
    SimpleRes r;
    fn(&s.c, P(name), simpleCb, countFree, &r);
    step(20);
    CHECK(r.called);
    return r.r;
}

inline bool isErr(const Res &r, int status, int code) {
    return r.type == Platform_ErrorType_HTTPError && r.status == status && r.code == code && !r.ok;
}

inline T rel(Soc &s, uint64_t other) {
    Platform_RelationshipHandle h{};
    Platform_Client_GetRelationshipHandle(&s.c, other, &h);
    T t{(int)Platform_RelationshipHandle_PlatformRelationshipType(&h), (int)Platform_RelationshipHandle_GameRelationshipType(&h)};
    Platform_RelationshipHandle_Drop(&h);
    return t;
}

inline bool spam(Soc &s, uint64_t other) {
    Platform_RelationshipHandle h{};
    Platform_Client_GetRelationshipHandle(&s.c, other, &h);
    const bool v = Platform_RelationshipHandle_IsSpamRequest(&h);
    Platform_RelationshipHandle_Drop(&h);
    return v;
}

// Adopts every handle of a span, reads its Id, drops it, and frees the array.
template <class Span, class Handle>
inline Ids readIds(Span span, uint64_t (*id)(Handle *), void (*drop)(Handle *)) {
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

inline Ids readRels(Platform_RelationshipHandleSpan span) {
    return readIds(span, &Platform_RelationshipHandle_Id, &Platform_RelationshipHandle_Drop);
}

inline Ids rels(Soc &s) {
    Platform_RelationshipHandleSpan span{};
    Platform_Client_GetRelationships(&s.c, &span);
    return readRels(span);
}

inline Ids group(Soc &s, Platform_RelationshipGroupType g) {
    Platform_RelationshipHandleSpan span{};
    Platform_Client_GetRelationshipsByGroup(&s.c, g, &span);
    return readRels(span);
}

inline Ids search(Soc &s, const std::string &q) {
    Platform_UserHandleSpan span{};
    Platform_Client_SearchFriendsByUsername(&s.c, P(q), &span);
    return readIds(span, &Platform_UserHandle_Id, &Platform_UserHandle_Drop);
}

inline bool knows(Soc &s, uint64_t id) {
    Platform_UserHandle h{};
    if (!Platform_Client_GetUser(&s.c, id, &h)) return false;
    CHECK_EQ(Platform_UserHandle_Id(&h), id);
    Platform_UserHandle_Drop(&h);
    return true;
}

inline bool startsWith(const std::string &s, const char *prefix) { return s.rfind(prefix, 0) == 0; }

struct Profile {
    int type = -1;
    std::optional<std::string> providerId;
    std::string issuedId, username, avatar, metadata;
};

inline Profile readProfile(Platform_UserApplicationProfileHandle *h) {
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
inline std::vector<Profile> readProfiles(Platform_UserApplicationProfileHandleSpan span,
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
inline std::vector<Profile> profilesOf(Soc &s, uint64_t user, std::vector<Platform_UserApplicationProfileHandle> *keep = nullptr) {
    Platform_UserHandle h{};
    if (!Platform_Client_GetUser(&s.c, user, &h)) return {};
    Platform_UserApplicationProfileHandleSpan span{};
    Platform_UserHandle_UserApplicationProfiles(&h, &span);
    Platform_UserHandle_Drop(&h);
    return readProfiles(span, keep);
}

inline std::vector<Profile> ownProfiles(Soc &s, bool noLock = false) {
    Platform_UserApplicationProfileHandleSpan span{};
    if (noLock) Platform_Client_GetUserApplicationProfilesNoLock(&s.c, &span);
    else Platform_Client_GetUserApplicationProfiles(&s.c, &span);
    return readProfiles(span);
}

struct World {
    uint64_t app = 0, app2 = 0;
    uint64_t alice = 0, bob = 0, carol = 0, dave = 0, eve = 0;
};

// The parts, in the order testRelationships runs them.
void platformFlow(const World &w, Soc &A, Soc &B, Soc &C);            // relationships_test.cc
void gameFlow(const World &w, Soc &A, Soc &B, Soc &D, Soc &D2);
void blocks(const World &w, Soc &A, Soc &B);
void errors(const World &w, Soc &A, Soc &E);
void provisional(const World &w, Soc &A);
void spamAndControl(const World &w, Soc &A, Soc &E, Soc &D);
void handles(const World &w, Soc &A);                                  // relationship_reads_test.cc
void groups(const World &w, Soc &A, Soc &B, Soc &C, Soc &D, Soc &D2);
void searching(const World &w, Soc &A);
void profileEdits(const World &w, Soc &A, Soc &B, Soc &E);            // user_profiles_test.cc
void appProfiles(const World &w, Soc &A, Soc &B);

}  // namespace relationships
