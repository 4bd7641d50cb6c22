// lobbies.cc — see lobbies.h.
#include "lobbies.h"
#include "voice.h"

#include <algorithm>

#include "clock.h"
#include "connection.h"
#include "directory.h"
#include "guilds.h"
#include "log.h"
#include "messages.h"
#include "ops.h"
#include "relationships.h"
#include "results.h"
#include "sim_strings.h"

namespace psim {
namespace {

using LobbyFn = void (*)(uint64_t, void *);
using MemberFn = void (*)(uint64_t, uint64_t, void *);

void pushLobby(World &w, uint64_t clientKey, uint64_t due, Slot slot, uint64_t lobbyId) {
    queueSlotEvent(w, clientKey, due, slot,
                   [lobbyId](const Callback &cb) { cb.as<LobbyFn>()(lobbyId, cb.userData()); }, true);
}

void pushMember(World &w, uint64_t clientKey, uint64_t due, Slot slot, uint64_t lobbyId, uint64_t userId) {
    queueSlotEvent(w, clientKey, due, slot,
                   [lobbyId, userId](const Callback &cb) { cb.as<MemberFn>()(lobbyId, userId, cb.userData()); }, true);
}

// LobbyDeleted also drops the lobby's messages from the client's cache when it is delivered.
void pushLobbyDeleted(World &w, uint64_t clientKey, uint64_t due, uint64_t lobbyId) {
    addGatewayInvocation(w, due, clientKey, [clientKey, lobbyId] {
        std::shared_ptr<Callback> cb;
        {
            WorldLock lk;
            ClientState *c = findClient(lk.w, clientKey);
            if (c == nullptr) return;
            dropCachedChannel(*c, lobbyId);
            cb = c->lobbyDeletedCb;
        }
        if (cb && *cb) cb->as<Platform_Client_LobbyDeletedCallback>()(lobbyId, cb->userData());
    });
}

// Every client of every member except `exceptUser`.
template <class F>
void forMemberClients(World &w, const Lobby &l, uint64_t exceptUser, F &&f) {
    for (const auto &[uid, m] : l.members) {
        if (uid == exceptUser) continue;
        for (uint64_t key : sessionClients(w, l.appId, uid)) f(key);
    }
}

// Starts or ends the idle countdown of a client-created lobby.
void refreshIdle(World &w, Lobby &l, uint64_t now) {
    if (l.backendCreated) return;
    const bool anyConnected = std::any_of(l.members.begin(), l.members.end(),
                                          [&](const auto &kv) { return userConnected(w, l.appId, kv.first); });
    if (anyConnected) {
        if (l.idle) {
            l.idle = false;
            ++l.idleEpoch;
        }
        return;
    }
    if (l.idle) return;
    l.idle = true;
    l.idleSince = now;
    const uint64_t epoch = ++l.idleEpoch, id = l.id;
    addTimer(w, now + kLobbyIdleMs, 0, [id, epoch](World &w2, uint64_t due) {
        const Lobby *x = findLobby(w2, id);
        if (x == nullptr || !x->idle || x->idleEpoch != epoch) return;
        log::emit(0, log::kInfo, "Lobby " + std::to_string(id) + " deleted: no connected member for 5 minutes");
        deleteLobby(w2, id, due);
    });
}

void addMember(World &w, Lobby &l, LobbyMember m, uint64_t due) {
    const uint64_t uid = m.userId;
    m.joinSeq = l.nextJoinSeq++;
    m.connected = userConnected(w, l.appId, uid);
    l.members.emplace(uid, std::move(m));
    indexAdd(w.chat.lobbiesOfUser, uid, l.id);
    // The joiner's own clients learn about the lobby; the others about the new member.
    for (uint64_t key : sessionClients(w, l.appId, uid)) pushLobby(w, key, due, &ClientState::lobbyCreatedCb, l.id);
    forMemberClients(w, l, uid, [&](uint64_t key) {
        pushMember(w, key, due, &ClientState::lobbyMemberAddedCb, l.id, uid);
    });
}

void removeMember(World &w, Lobby &l, uint64_t uid, uint64_t due) {
    if (l.members.count(uid) == 0) return;
    onLeftLobbyVoice(w, l.id, uid, due);  // a member's voice ends with its membership
    l.members.erase(uid);
    indexRemove(w.chat.lobbiesOfUser, uid, l.id);
    for (uint64_t key : sessionClients(w, l.appId, uid)) pushLobbyDeleted(w, key, due, l.id);
    forMemberClients(w, l, 0, [&](uint64_t key) {
        pushMember(w, key, due, &ClientState::lobbyMemberRemovedCb, l.id, uid);
    });
}

}  // namespace

void pushMemberUpdated(World &w, uint64_t clientKey, uint64_t due, uint64_t lobbyId, uint64_t userId) {
    pushMember(w, clientKey, due, &ClientState::lobbyMemberUpdatedCb, lobbyId, userId);
}

uint64_t clientApp(World &w, const ClientState &c) {
    if (c.applicationId != 0) return c.applicationId;
    auto it = w.oauth.grants.find(c.sessionGrantId);
    return it == w.oauth.grants.end() ? 0 : it->second.appId;
}

bool hasSession(const ClientState &c) { return sessionActive(c) && c.sessionUserId != 0; }

std::vector<uint64_t> sessionClients(World &w, uint64_t app, uint64_t user) {
    std::vector<uint64_t> keys;
    forSessionClients(w, app, user, [&](uint64_t key) { keys.push_back(key); });
    return keys;
}

bool userConnected(World &w, uint64_t app, uint64_t user) {
    return std::any_of(w.clients.begin(), w.clients.end(), [&](const auto &kv) {
        const ClientState &c = *kv.second;
        return c.status == Platform_Client_Status_Ready && c.sessionUserId == user && clientApp(w, c) == app;
    });
}

bool clientKnowsUser(World &w, const ClientState &c, uint64_t userId) {
    if (userId == 0) return false;
    if (c.knownUsers.count(userId) != 0) return true;
    const uint64_t me = c.sessionUserId;
    if (me == 0) return false;
    if (userId == me) return true;
    const uint64_t app = clientApp(w, c);
    // A lobby of this application they share: the smaller of their two lobby sets, looked up in the other.
    const auto &mine = indexOf(w.chat.lobbiesOfUser, me), &theirs = indexOf(w.chat.lobbiesOfUser, userId);
    const auto &fewer = mine.size() <= theirs.size() ? mine : theirs, &more = &fewer == &mine ? theirs : mine;
    for (uint64_t id : fewer) {
        if (more.count(id) != 0) {
            const Lobby *l = findLobby(w, id);
            if (l != nullptr && l->appId == app) return true;
        }
    }
    // Friends, pending requests and blocks (either side; game relationships of this application).
    if (haveAnyRelationship(w, app, me, userId)) return true;
    return findDm(w, me, userId) != nullptr || sharesGuild(w, me, userId);
}

Lobby *findLobby(World &w, uint64_t lobbyId) {
    auto it = w.chat.lobbies.find(lobbyId);
    return it == w.chat.lobbies.end() ? nullptr : &it->second;
}

Lobby *clientLobby(World &w, const ClientState &c, uint64_t lobbyId) {
    Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr || c.sessionUserId == 0 || l->appId != clientApp(w, c) || l->members.count(c.sessionUserId) == 0) {
        return nullptr;
    }
    return l;
}

std::vector<uint64_t> memberIdsInJoinOrder(const Lobby &l) {
    std::vector<std::pair<uint64_t, uint64_t>> seq;
    for (const auto &[uid, m] : l.members) seq.emplace_back(m.joinSeq, uid);
    std::sort(seq.begin(), seq.end());
    std::vector<uint64_t> ids;
    for (const auto &[s, uid] : seq) ids.push_back(uid);
    return ids;
}

uint64_t pushDue(const World &w, uint64_t t) { return t + w.net.latencyMs; }

void notifyLobbyUpdated(World &w, const Lobby &l, uint64_t due, uint64_t exceptUser) {
    forMemberClients(w, l, exceptUser, [&](uint64_t key) { pushLobby(w, key, due, &ClientState::lobbyUpdatedCb, l.id); });
}

OpOutcome createOrJoinLobby(World &w, uint64_t app, uint64_t user, const std::string &secret,
                            const std::optional<StringMap> &lobbyMetadata,
                            const std::optional<StringMap> &memberMetadata, uint64_t t) {
    const uint64_t due = pushDue(w, t);
    Lobby *l = nullptr;
    if (auto it = w.chat.lobbyBySecret.find({app, secret}); it != w.chat.lobbyBySecret.end()) l = findLobby(w, it->second);
    if (l == nullptr) {
        Lobby fresh;
        fresh.id = clock::nextSnowflake();
        fresh.appId = app;
        fresh.secret = secret;
        l = &w.chat.lobbies.emplace(fresh.id, std::move(fresh)).first->second;
        w.chat.lobbyBySecret[{app, secret}] = l->id;
    }
    const bool lobbyChanged = lobbyMetadata && *lobbyMetadata != l->metadata;
    if (lobbyChanged) l->metadata = *lobbyMetadata;
    auto mit = l->members.find(user);
    if (mit == l->members.end()) {
        LobbyMember m;
        m.userId = user;
        if (memberMetadata) m.metadata = *memberMetadata;
        addMember(w, *l, std::move(m), due);
    } else if (memberMetadata && *memberMetadata != mit->second.metadata) {
        mit->second.metadata = *memberMetadata;
        forMemberClients(w, *l, user, [&](uint64_t key) {
            pushMember(w, key, due, &ClientState::lobbyMemberUpdatedCb, l->id, user);
        });
    }
    if (lobbyChanged) notifyLobbyUpdated(w, *l, due, user);
    refreshIdle(w, *l, t);
    OpOutcome out = outcomeOf(result::ok());
    out.id = l->id;
    return out;
}

OpOutcome leaveLobby(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, uint64_t t) {
    Lobby *l = findLobby(w, lobbyId);
    if (l != nullptr && l->appId == app && l->members.count(user) != 0) {
        removeMember(w, *l, user, pushDue(w, t));
        refreshIdle(w, *l, t);
    }
    return outcomeOf(result::ok());
}

uint64_t backendCreateLobby(World &w, uint64_t app, std::string secret, StringMap metadata, std::string *err) {
    if (app == 0) {
        *err = "400: applicationId is required";
        return 0;
    }
    ensureApp(w, app);
    if (!secret.empty() && w.chat.lobbyBySecret.count({app, secret}) != 0) {
        *err = "400: a lobby with this secret already exists for the application";
        return 0;
    }
    Lobby l;
    l.id = clock::nextSnowflake();
    l.appId = app;
    l.secret = secret;
    l.backendCreated = true;
    l.metadata = std::move(metadata);
    const uint64_t id = l.id;
    w.chat.lobbies.emplace(id, std::move(l));
    if (!secret.empty()) w.chat.lobbyBySecret[{app, std::move(secret)}] = id;
    return id;
}

bool backendUpdateMembers(World &w, uint64_t lobbyId, const std::vector<MemberUpdate> &updates, uint64_t now,
                          std::string *err) {
    Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr) {
        *err = "404: unknown lobby " + std::to_string(lobbyId);
        return false;
    }
    if (updates.size() > kMaxBulkMembers) {
        *err = "400: at most 25 members per bulk request (got " + std::to_string(updates.size()) + ")";
        return false;
    }
    // All or nothing: validate everything first.
    for (const MemberUpdate &u : updates) {
        if (findUser(w, u.userId) == nullptr) {
            *err = "400: unknown user " + std::to_string(u.userId);
            return false;
        }
        if (u.remove) continue;
        if (u.additionalName && !u.additionalName->empty()) {
            const auto len = utf8Length(*u.additionalName);
            if (!len || *len > kMaxAdditionalNameChars) {
                *err = "400: additional name must be 1-80 characters of valid UTF-8";
                return false;
            }
        }
        if (u.canLinkLobby < -1 || u.canLinkLobby > 1) {
            *err = "400: canLinkLobby must be -1, 0 or 1";
            return false;
        }
    }
    const uint64_t due = pushDue(w, now);
    for (const MemberUpdate &u : updates) {
        if (u.remove) {
            removeMember(w, *l, u.userId, due);
            continue;
        }
        auto it = l->members.find(u.userId);
        if (it == l->members.end()) {
            LobbyMember m;
            m.userId = u.userId;
            if (u.setMetadata) m.metadata = u.metadata;
            if (u.additionalName && !u.additionalName->empty()) m.additionalName = u.additionalName;
            m.canLinkLobby = u.canLinkLobby == 1;
            addMember(w, *l, std::move(m), due);
            continue;
        }
        LobbyMember &m = it->second;
        bool changed = false;
        if (u.setMetadata && u.metadata != m.metadata) {
            m.metadata = u.metadata;
            changed = true;
        }
        if (u.additionalName) {
            std::optional<std::string> v;
            if (!u.additionalName->empty()) v = u.additionalName;
            changed = changed || v != m.additionalName;
            m.additionalName = std::move(v);
        }
        if (u.canLinkLobby != -1 && (u.canLinkLobby == 1) != m.canLinkLobby) {
            m.canLinkLobby = u.canLinkLobby == 1;
            changed = true;
        }
        // A backend update is announced to every member, the updated one included.
        if (changed) {
            forMemberClients(w, *l, 0, [&](uint64_t key) {
                pushMember(w, key, due, &ClientState::lobbyMemberUpdatedCb, l->id, u.userId);
            });
        }
    }
    refreshIdle(w, *l, now);
    return true;
}

void onPresenceChanged(World &w, uint64_t app, uint64_t user, uint64_t at) {
    if (app == 0 || user == 0) return;
    const bool connected = userConnected(w, app, user);
    const uint64_t due = pushDue(w, at);
    // The user's lobbies (a copy: refreshIdle and the pushes leave membership alone, but the
    // set must not be walked while anything could change it).
    const auto ids = indexOf(w.chat.lobbiesOfUser, user);
    for (uint64_t id : ids) {
        Lobby *lp = findLobby(w, id);
        if (lp == nullptr || lp->appId != app) continue;
        Lobby &l = *lp;
        auto it = l.members.find(user);
        if (it == l.members.end()) continue;
        if (it->second.connected != connected) {
            it->second.connected = connected;
            const uint64_t lobbyId = id;
            forMemberClients(w, l, user, [&](uint64_t key) {
                pushMember(w, key, due, &ClientState::lobbyMemberUpdatedCb, lobbyId, user);
            });
        }
        refreshIdle(w, l, at);
    }
}

void deleteLobby(World &w, uint64_t lobbyId, uint64_t at) {
    auto it = w.chat.lobbies.find(lobbyId);
    if (it == w.chat.lobbies.end()) return;
    Lobby l = std::move(it->second);
    w.chat.lobbies.erase(it);
    for (const auto &[uid, m] : l.members) indexRemove(w.chat.lobbiesOfUser, uid, lobbyId);
    if (auto s = w.chat.lobbyBySecret.find({l.appId, l.secret}); s != w.chat.lobbyBySecret.end() && s->second == lobbyId) {
        w.chat.lobbyBySecret.erase(s);
    }
    unlinkLobby(w, l);
    deleteChannelMessages(w, lobbyId);
    for (const auto &[uid, m] : l.members) onLeftLobbyVoice(w, lobbyId, uid, at);
    w.chat.calls.erase(lobbyId);
    const uint64_t due = pushDue(w, at);
    for (const auto &[uid, m] : l.members) {
        for (uint64_t key : sessionClients(w, l.appId, uid)) pushLobbyDeleted(w, key, due, lobbyId);
    }
}

}  // namespace psim
