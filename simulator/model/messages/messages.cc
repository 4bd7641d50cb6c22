// messages.cc — see messages.h.
#include "messages.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <map>
#include <set>
#include <vector>

#include "clock.h"
#include "directory.h"
#include "lobbies.h"
#include "ops.h"
#include "results.h"
#include "sim_strings.h"
#include "user_view.h"

namespace psim {
namespace {

using MsgEvent = MessageEventKind;

// Spare messages: a message leaving a client's cache, or forgotten by its lobby's history, with no
// other owner is emptied and kept for the next message instead of freed (a flood allocates one
// message and frees one per send; reusing the block saves a malloc and a free of ~150
// instructions each, issue 19). Every stored or cached message is made a non-const MessageData
// (newMessage(), an edit's copy, a fixture's message: fixtures_load.cc), so writing to a spare is
// defined. World lock held throughout; at most kSpareMessages (a flood delivers in chunks of
// ~1,000), ~350 bytes each plus a content buffer of at most kSpareContentCapacity kept for the
// next content (a flood's messages all have one of the same size: no malloc for it either);
// nothing else kept. Compiled out under AddressSanitizer and ThreadSanitizer, so they still see
// each message's whole lifetime.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PSIM_SPARE_MESSAGES 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PSIM_SPARE_MESSAGES 0
#endif
#endif
#if !defined(PSIM_SPARE_MESSAGES)
#define PSIM_SPARE_MESSAGES 1
#endif
constexpr size_t kSpareMessages = 1024;
constexpr size_t kSpareContentCapacity = 256;

// Immortal, like the simulator's other stores: other libraries' static destructors may still
// deliver or drop messages during exit.
std::vector<std::shared_ptr<MessageData>> &spareMessages() {
    static auto &spares = *new std::vector<std::shared_ptr<MessageData>>;
    return spares;
}

// A tripwire for the field-by-field reset below: the binding names MessageData's 16 fields, so a
// field added to MessageData stops this from compiling until emptyForReuse resets it too (a size
// check would miss a small field that fits in the padding after `sentFromGame`).
[[maybe_unused]] void messageDataHasSixteenFields(MessageData &m) {
    auto &[id, channelId, lobbyId, recipientId, authorId, rawContent, metadata, moderationMetadata, applicationId,
           additionalName, additionalContent, disclosureType, sentFromGame, sentAtMs, editedAtMs, visibleOnlyTo] = m;
    (void)id, (void)channelId, (void)lobbyId, (void)recipientId, (void)authorId, (void)rawContent, (void)metadata;
    (void)moderationMetadata, (void)applicationId, (void)additionalName, (void)additionalContent, (void)disclosureType;
    (void)sentFromGame, (void)sentAtMs, (void)editedAtMs, (void)visibleOnlyTo;
}

// As MessageData{} but field by field, keeping the content buffer when it is small: assigning a
// whole new MessageData built, moved and destroyed a temporary of every field (~250
// instructions per message the pump's cache lets go, issue 19).
[[maybe_unused]] void emptyForReuse(MessageData &m) {
    m.id = m.channelId = m.lobbyId = m.recipientId = m.authorId = 0;
    if (m.rawContent.capacity() <= kSpareContentCapacity) m.rawContent.clear();
    else std::string().swap(m.rawContent);
    m.metadata.clear();
    m.moderationMetadata.clear();
    m.applicationId.reset();
    m.additionalName.reset();
    m.additionalContent.reset();
    m.disclosureType.reset();
    m.sentFromGame = true;
    m.sentAtMs = m.editedAtMs = m.visibleOnlyTo = 0;
}

// `old` leaves the cache or the store: kept as a spare when nothing else owns it (no other owner
// can appear: copies are made only from owners, under the world lock, and this is the only one),
// otherwise simply released.
void recycleMessage(MessagePtr &&old) {
#if PSIM_SPARE_MESSAGES
    auto &spares = spareMessages();
    if (old && old.use_count() == 1 && spares.size() < kSpareMessages) {
        // Pairs with the release of the last other owner (a handle dropped on another thread):
        // its reads of the message happen before we overwrite it.
        std::atomic_thread_fence(std::memory_order_acquire);
        auto spare = std::const_pointer_cast<MessageData>(std::move(old));
        emptyForReuse(*spare);
        spares.push_back(std::move(spare));
        return;
    }
#endif
    old.reset();
}

// An empty message to fill (a spare when there is one), then store().
std::shared_ptr<MessageData> newMessage() {
    auto &spares = spareMessages();
    if (!spares.empty()) {
        auto spare = std::move(spares.back());
        spares.pop_back();
        return spare;
    }
    return std::make_shared<MessageData>();
}

void cacheInsert(ClientState &c, const MessagePtr &m) {
    auto &channel = c.messageCache[m->channelId];
    // The oldest beyond the limit leaves memory (when the newest is itself the oldest, it leaves).
    MessagePtr left = channel.insert(m->id, m, kMessageCacheSize);
    if (left) {
        const bool newestLeft = left->id == m->id;
        auto link = newestLeft ? decltype(c.cachedChannelOf)::node_type{} : c.cachedChannelOf.extract(left->id);
        recycleMessage(std::move(left));
        if (newestLeft) return;
        if (link) {  // the oldest's node takes the newest: no allocation per message once full
            link.key() = m->id;
            link.mapped() = m->channelId;
            c.cachedChannelOf.insert(std::move(link));
            return;
        }
    }
    c.cachedChannelOf[m->id] = m->channelId;
}

void cacheReplace(ClientState &c, const MessagePtr &m) {
    auto it = c.cachedChannelOf.find(m->id);
    if (it == c.cachedChannelOf.end()) return;
    auto ch = c.messageCache.find(it->second);
    if (ch == c.messageCache.end()) return;
    if (MessagePtr *slot = ch->second.find(m->id)) *slot = m;
}

void cacheErase(ClientState &c, uint64_t messageId) {
    auto it = c.cachedChannelOf.find(messageId);
    if (it == c.cachedChannelOf.end()) return;
    auto ch = c.messageCache.find(it->second);
    if (ch != c.messageCache.end()) {
        ch->second.erase(messageId);
        if (ch->second.empty()) c.messageCache.erase(ch);
    }
    c.cachedChannelOf.erase(it);
}

// The cache changes when the event is delivered, right before its callback runs
// (takeMessageEvent).
void pushMessageEvent(World &w, uint64_t clientKey, uint64_t due, MsgEvent kind, const MessagePtr &m) {
    addMessageInvocation(w, due, clientKey, static_cast<int32_t>(kind), m);
}

// f(key) for every client that sees the message: lobby members' clients of the lobby's
// application, or both DM participants' clients of any application. Walked in place: a flood
// broadcasts thousands of messages, and lists of users and keys cost allocations each.
template <class F>
void forAudience(World &w, const MessageData &m, F &&f) {
    const auto toUser = [&](uint64_t app, uint64_t uid) {
        if (m.visibleOnlyTo == 0 || uid == m.visibleOnlyTo) forSessionClients(w, app, uid, f);
    };
    if (m.lobbyId != 0) {
        const Lobby *l = findLobby(w, m.lobbyId);
        if (l == nullptr) return;
        for (const auto &[uid, mem] : l->members) toUser(l->appId, uid);
    } else {
        toUser(0, m.authorId);
        toUser(0, m.recipientId);
    }
}

void broadcast(World &w, const MessagePtr &m, MsgEvent kind, uint64_t due) {
    forAudience(w, *m, [&](uint64_t key) { pushMessageEvent(w, key, due, kind, m); });
}

// Lobby channels only (DM history has no such limit): forgets the oldest messages beyond the
// newest kLobbyRetainedMessages shared ones. A user's history is the newest <= 200 of the shared
// messages plus their own notices, so everything it can return stays. Messages already queued
// for delivery or held by history handles keep their own references. Called before the newest
// message (`shared` counts it already) is inserted: what leaves is the same, since the newest is
// never among it. The store's node it leaves behind takes the newest (`spareNode`); the message
// itself becomes a spare when nothing else holds it.
void trimLobbyChannel(World &w, ChannelIds &ids, size_t &shared, std::map<uint64_t, MessagePtr>::node_type *spareNode) {
    while (shared > kLobbyRetainedMessages && !ids.empty()) {
        auto it = w.chat.messages.find(ids.front());  // snowflakes: the smallest id is the oldest message
        if (it != w.chat.messages.end()) {
            if (it->second->visibleOnlyTo == 0) --shared;
            auto node = w.chat.messages.extract(it);
            recycleMessage(std::move(node.mapped()));
            *spareNode = std::move(node);
        }
        ids.popFront();
    }
}

// `m` is complete (id, channel, content...): from now on shared, never written again.
MessagePtr store(World &w, std::shared_ptr<MessageData> &&m) {
    MessagePtr p = std::move(m);
    auto &ids = w.chat.channelMessages[p->channelId];
    std::map<uint64_t, MessagePtr>::node_type spareNode;
    if (p->lobbyId != 0) {
        size_t &shared = w.chat.lobbySharedCount[p->channelId];
        if (p->visibleOnlyTo == 0) ++shared;
        trimLobbyChannel(w, ids, shared, &spareNode);
    }
    if (spareNode && w.chat.messages.count(p->id) == 0) {
        spareNode.key() = p->id;
        spareNode.mapped() = p;
        w.chat.messages.insert(w.chat.messages.end(), std::move(spareNode));
    } else {
        w.chat.messages[p->id] = p;
    }
    ids.insert(p->id);
    return p;
}

// Shared by SDK and backend sends: the disclosure notice (first synced message of the author in
// the channel), then the message; MessageCreated to everyone who sees them, the sender included.
OpOutcome post(World &w, std::shared_ptr<MessageData> &&m, uint64_t t) {
    const uint64_t due = pushDue(w, t);
    if (m->sentFromGame && messageSyncs(w, *m) && w.chat.disclosed.insert({m->authorId, m->channelId}).second) {
        auto d = newMessage();
        d->id = clock::nextSnowflakeAt(t);
        d->channelId = m->channelId;
        d->lobbyId = m->lobbyId;
        d->recipientId = m->recipientId;
        d->authorId = m->authorId;
        d->rawContent = kDisclosureText;
        d->disclosureType = Platform_DisclosureTypes_MessageDataVisibleOnPlatform;
        d->sentFromGame = false;
        d->sentAtMs = t;
        d->visibleOnlyTo = m->authorId;
        broadcast(w, store(w, std::move(d)), MsgEvent::Created, due);
    }
    m->id = clock::nextSnowflakeAt(t);  // the id's time is the message's: no second clock read
    m->sentAtMs = t;
    OpOutcome out = outcomeOf(result::ok());
    out.id = m->id;
    broadcast(w, store(w, std::move(m)), MsgEvent::Created, due);
    return out;
}

// A new message with what the sender chose; copied (not moved) into the message's own buffers,
// which a spare already has: a flood sends one Outgoing again and again.
std::shared_ptr<MessageData> fromOutgoing(const Outgoing &o) {
    auto m = newMessage();
    m->authorId = o.authorId;
    m->rawContent.assign(o.content);
    m->metadata = o.metadata;
    m->applicationId = o.applicationId;
    m->additionalContent = o.additionalContent;
    m->sentFromGame = o.sentFromGame;
    return m;
}

OpOutcome fail(int32_t status, int32_t code, const std::string &message) {
    return outcomeOf(result::platform(status, code, message));
}

// Checks shared by edit and delete: the message is a DM the user sees, authored by the user,
// in the conversation with recipientId. nullopt = allowed.
std::optional<OpOutcome> checkOwnDm(World &w, uint64_t app, uint64_t user, uint64_t recipientId, const MessagePtr &m) {
    if (!m || !userSeesMessage(w, app, user, *m)) return fail(404, kErrUnknownMessage, "Unknown Message");
    if (m->lobbyId != 0) {
        return fail(400, kErrWrongChannelType, "Lobby messages cannot be edited or deleted from the SDK");
    }
    if (m->disclosureType) return fail(400, kErrSystemMessage, "Cannot execute action on a system message");
    if (m->authorId != user) return fail(403, kErrOtherAuthor, "Cannot edit or delete a message authored by another user");
    const DmChannel *dm = findDm(w, user, recipientId);
    if (dm == nullptr || dm->id != m->channelId) return fail(404, kErrUnknownMessage, "Unknown Message");
    return std::nullopt;
}

std::vector<MessagePtr> newestFirst(World &w, uint64_t channelId, uint64_t user, size_t limit, uint64_t notBefore) {
    std::vector<MessagePtr> out;
    auto ch = w.chat.channelMessages.find(channelId);
    if (ch == w.chat.channelMessages.end()) return out;
    out.reserve(std::min(limit, ch->second.size()));  // a history of 200 grew through 8 reallocations
    // The store is ordered by id like the channel's ids, and a channel's messages are mostly
    // neighbours there (a lobby's flood, a conversation): the message before the last one found is
    // tried first, and only when it is not the next id does a lookup walk the tree (issue 19, fifth
    // round: 200 lookups were ~200 instructions each).
    const auto &store = w.chat.messages;
    auto found = store.end();
    for (auto it = ch->second.rbegin(); it != ch->second.rend() && out.size() < limit; ++it) {
        if (found != store.begin() && found != store.end() && std::prev(found)->first == *it) --found;
        else found = store.find(*it);
        if (found == store.end()) continue;
        const MessagePtr &m = found->second;
        if (!m || (m->visibleOnlyTo != 0 && m->visibleOnlyTo != user) || m->sentAtMs < notBefore) continue;
        out.push_back(m);
    }
    return out;
}

}  // namespace

std::optional<std::string> checkContent(const std::string &content) {
    const auto len = utf8Length(content);
    if (!len) return std::string("content must be valid UTF-8");
    if (*len == 0) return std::string("content must not be empty");
    if (*len > kMaxMessageChars) {
        return "content is " + std::to_string(*len) + " characters; the limit is 2000";
    }
    return std::nullopt;
}

int32_t clampHistoryLimit(int32_t limit) {
    if (limit <= 0) return kDefaultHistoryLimit;
    return std::min(limit, kMaxHistoryLimit);
}

const DmChannel *findDm(const World &w, uint64_t a, uint64_t b) {
    auto it = w.chat.dmByPair.find({std::min(a, b), std::max(a, b)});
    if (it == w.chat.dmByPair.end()) return nullptr;
    auto d = w.chat.dms.find(it->second);
    return d == w.chat.dms.end() ? nullptr : &d->second;
}

MessagePtr findMessage(const World &w, uint64_t messageId) {
    auto it = w.chat.messages.find(messageId);
    return it == w.chat.messages.end() ? nullptr : it->second;
}

bool userSeesMessage(World &w, uint64_t app, uint64_t user, const MessageData &m) {
    if (user == 0 || (m.visibleOnlyTo != 0 && m.visibleOnlyTo != user)) return false;
    if (m.lobbyId == 0) return user == m.authorId || user == m.recipientId;
    const Lobby *l = findLobby(w, m.lobbyId);
    return l != nullptr && l->appId == app && l->members.count(user) != 0;
}

bool clientSeesChannel(World &w, const ClientState &c, uint64_t channelId) {
    return channelTypeSeenBy(w, c, channelId).has_value();
}

std::optional<int32_t> channelTypeSeenBy(World &w, const ClientState &c, uint64_t channelId) {
    if (clientLobby(w, c, channelId) != nullptr) return int32_t{Platform_ChannelType_Lobby};
    auto it = w.chat.dms.find(channelId);
    const uint64_t me = c.sessionUserId;
    if (it == w.chat.dms.end() || me == 0 || (it->second.userLow != me && it->second.userHigh != me)) return std::nullopt;
    return int32_t{Platform_ChannelType_Dm};
}

bool messageSyncs(World &w, const MessageData &m) {
    if (m.lobbyId == 0) return true;
    const Lobby *l = findLobby(w, m.lobbyId);
    return l != nullptr && l->linkedChannelId != 0;
}

std::string renderContent(World &w, std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    size_t i = 0;
    while (i < raw.size()) {
        // Text up to the next "<@" is copied in one piece (most messages mention nobody).
        const size_t at = raw.find("<@", i);
        if (at == std::string_view::npos) {
            out.append(raw.substr(i));
            break;
        }
        out.append(raw.substr(i, at - i));
        i = at;
        size_t j = i + 2;
        if (j < raw.size() && raw[j] == '!') ++j;
        const size_t digits = j;
        uint64_t id = 0;
        bool overflow = false;
        while (j < raw.size() && raw[j] >= '0' && raw[j] <= '9') {
            const uint64_t d = static_cast<uint64_t>(raw[j] - '0');
            if (id > (UINT64_MAX - d) / 10) overflow = true;
            id = id * 10 + d;
            ++j;
        }
        if (!overflow && j > digits && j < raw.size() && raw[j] == '>') {
            if (const User *u = findUser(w, id)) {
                out += '@';
                out += u->globalName.empty() ? u->username : u->globalName;
                i = j + 1;
                continue;
            }
        }
        out += raw[i++];
    }
    return out;
}

OpOutcome sendLobbyMessage(World &w, uint64_t lobbyId, const Outgoing &msg, uint64_t t) {
    const Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr) return fail(404, kErrUnknownChannel, "Unknown Lobby");
    auto mem = l->members.find(msg.authorId);
    if (mem == l->members.end()) return fail(403, kErrMissingAccess, "Missing Access: not a member of the lobby");
    auto m = fromOutgoing(msg);
    m->channelId = lobbyId;
    m->lobbyId = lobbyId;
    m->additionalName = mem->second.additionalName;
    return post(w, std::move(m), t);
}

OpOutcome sendUserMessage(World &w, uint64_t recipientId, const Outgoing &msg, uint64_t t) {
    if (findUser(w, recipientId) == nullptr) return fail(404, kErrUnknownUser, "Unknown User");
    if (recipientId == msg.authorId) return fail(400, kErrCannotMessageUser, "Cannot send messages to yourself");
    const std::pair<uint64_t, uint64_t> pair{std::min(recipientId, msg.authorId), std::max(recipientId, msg.authorId)};
    auto it = w.chat.dmByPair.find(pair);
    if (it == w.chat.dmByPair.end()) {
        const uint64_t id = clock::nextSnowflake();
        w.chat.dms.emplace(id, DmChannel{id, pair.first, pair.second});
        indexAdd(w.chat.dmsOfUser, pair.first, id);
        indexAdd(w.chat.dmsOfUser, pair.second, id);
        it = w.chat.dmByPair.emplace(pair, id).first;
    }
    auto m = fromOutgoing(msg);
    m->channelId = it->second;
    m->recipientId = recipientId;
    return post(w, std::move(m), t);
}

OpOutcome editUserMessage(World &w, uint64_t app, uint64_t user, uint64_t recipientId, uint64_t messageId,
                          const std::string &content, uint64_t t) {
    const MessagePtr old = findMessage(w, messageId);
    if (auto err = checkOwnDm(w, app, user, recipientId, old)) return std::move(*err);
    auto next = std::make_shared<MessageData>(*old);
    next->rawContent = content;
    next->editedAtMs = t;
    MessagePtr p = std::move(next);
    w.chat.messages[messageId] = p;
    broadcast(w, p, MsgEvent::Updated, pushDue(w, t));
    return outcomeOf(result::ok());
}

OpOutcome deleteUserMessage(World &w, uint64_t app, uint64_t user, uint64_t recipientId, uint64_t messageId,
                            uint64_t t) {
    const MessagePtr m = findMessage(w, messageId);
    if (auto err = checkOwnDm(w, app, user, recipientId, m)) return std::move(*err);
    broadcast(w, m, MsgEvent::Deleted, pushDue(w, t));
    w.chat.messages.erase(messageId);
    w.chat.channelMessages[m->channelId].erase(messageId);
    return outcomeOf(result::ok());
}

bool setModerationMetadata(World &w, uint64_t lobbyId, uint64_t messageId, StringMap metadata, uint64_t now,
                           std::string *err) {
    if (lobbyId != 0 && findLobby(w, lobbyId) == nullptr) {
        *err = "404: unknown lobby " + std::to_string(lobbyId);
        return false;
    }
    const MessagePtr old = findMessage(w, messageId);
    // Each endpoint knows only its own kind of message.
    if (!old || old->lobbyId != lobbyId) {
        *err = "404: unknown message " + std::to_string(messageId) +
               (lobbyId != 0 ? " in lobby " + std::to_string(lobbyId) : std::string(" among direct messages"));
        return false;
    }
    auto next = std::make_shared<MessageData>(*old);
    next->moderationMetadata = std::move(metadata);
    MessagePtr p = std::move(next);
    w.chat.messages[messageId] = p;
    broadcast(w, p, MsgEvent::Updated, pushDue(w, now));
    return true;
}

OpOutcome lobbyHistory(World &w, uint64_t clientKey, uint64_t app, uint64_t user, uint64_t lobbyId, int32_t limit,
                       uint64_t t) {
    const Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr || l->appId != app) return fail(404, kErrUnknownChannel, "Unknown Lobby");
    if (l->members.count(user) == 0) return fail(403, kErrMissingAccess, "Missing Access: not a member of the lobby");
    const uint64_t notBefore = t > kLobbyHistoryWindowMs ? t - kLobbyHistoryWindowMs : 0;
    OpOutcome out = outcomeOf(result::ok());
    out.clientKey = clientKey;
    out.messages = newestFirst(w, lobbyId, user, static_cast<size_t>(clampHistoryLimit(limit)), notBefore);
    return out;
}

OpOutcome dmHistory(World &w, uint64_t clientKey, uint64_t user, uint64_t recipientId, int32_t limit) {
    const DmChannel *dm = findDm(w, user, recipientId);
    if (dm == nullptr) return fail(404, kErrUnknownChannel, "Unknown Channel: no direct messages with this user");
    OpOutcome out = outcomeOf(result::ok());
    out.clientKey = clientKey;
    out.messages = newestFirst(w, dm->id, user, static_cast<size_t>(clampHistoryLimit(limit)), 0);
    return out;
}

std::optional<OpOutcome> dmHistoryFromCache(const ClientState &c, uint64_t channelId, int32_t limit) {
    const size_t n = static_cast<size_t>(clampHistoryLimit(limit));
    auto ch = c.messageCache.find(channelId);
    if (ch == c.messageCache.end() || ch->second.size() < n) return std::nullopt;
    OpOutcome out = outcomeOf(result::ok());
    out.clientKey = c.key;
    for (size_t i = ch->second.size(); i > 0 && out.messages.size() < n; --i) {
        out.messages.push_back(ch->second.at(i - 1).second);
    }
    return out;
}

OpOutcome messageSummaries(World &w, uint64_t user) {
    OpOutcome out = outcomeOf(result::ok());
    for (uint64_t id : indexOf(w.chat.dmsOfUser, user)) {
        const DmChannel &dm = w.chat.dms.at(id);
        const auto last = newestFirst(w, id, user, 1, 0);
        if (last.empty()) continue;
        out.summaries.push_back({dm.userLow == user ? dm.userHigh : dm.userLow, last.front()->id});
    }
    std::sort(out.summaries.begin(), out.summaries.end(),
              [](const auto &a, const auto &b) { return a.lastMessageId > b.lastMessageId; });
    return out;
}

void deleteChannelMessages(World &w, uint64_t channelId) {
    auto ch = w.chat.channelMessages.find(channelId);
    if (ch != w.chat.channelMessages.end()) {
        for (uint64_t id : ch->second) w.chat.messages.erase(id);
        w.chat.channelMessages.erase(ch);
    }
    w.chat.lobbySharedCount.erase(channelId);
    std::erase_if(w.chat.disclosed, [channelId](const auto &p) { return p.second == channelId; });
}

MessageDelivery takeMessageEvent(World &w, Invocation &inv) {
    MessageDelivery d;
    d.kind = static_cast<MsgEvent>(inv.messageEvent);
    d.message = std::move(inv.message);
    ClientState *c = findClient(w, inv.clientKey);
    if (c == nullptr || !d.message) return d;
    switch (d.kind) {
    case MsgEvent::Created: cacheInsert(*c, d.message); d.cb = c->messageCreatedCb; break;
    case MsgEvent::Updated: cacheReplace(*c, d.message); d.cb = c->messageUpdatedCb; break;
    case MsgEvent::Deleted: cacheErase(*c, d.message->id); d.cb = c->messageDeletedCb; break;
    case MsgEvent::None: break;
    }
    return d;
}

void fireMessageEvent(const MessageDelivery &d) {
    if (!d.cb || !*d.cb) return;
    const Callback &cb = *d.cb;
    if (d.kind == MsgEvent::Deleted) {
        cb.as<Platform_Client_MessageDeletedCallback>()(d.message->id, d.message->channelId, cb.userData());
    } else {
        cb.as<Platform_Client_MessageCreatedCallback>()(d.message->id, cb.userData());
    }
}

MessagePtr cachedMessage(const ClientState &c, uint64_t messageId) {
    auto it = c.cachedChannelOf.find(messageId);
    if (it == c.cachedChannelOf.end()) return nullptr;
    auto ch = c.messageCache.find(it->second);
    if (ch == c.messageCache.end()) return nullptr;
    const MessagePtr *m = ch->second.find(messageId);
    return m == nullptr ? nullptr : *m;
}

void dropCachedChannel(ClientState &c, uint64_t channelId) {
    auto ch = c.messageCache.find(channelId);
    if (ch == c.messageCache.end()) return;
    ch->second.forEach([&](uint64_t id, const MessagePtr &) { c.cachedChannelOf.erase(id); });
    c.messageCache.erase(ch);
}

namespace {

// The author views resolveMessageView made last, reused while the world is unchanged, or while
// what they hold is unchanged (userViewStillCurrent): a flood or a history span resolves message
// after message by the same few authors, and building a view copies the user (~400
// instructions). A few slots, one per (client, author): with two clients in one process (a test
// suite's sender and receiver) every delivery alternates between them, and a single slot was
// rebuilt at each. Touched only with the world lock held; immortal (a view may be resolved during
// exit).
struct AuthorViewSlot {
    uint64_t clientKey = 0;
    uint64_t userId = 0;
    uint64_t seq = 0;
    std::shared_ptr<const UserView> view;
};
struct LastAuthorViews {
    static constexpr size_t kSlots = 4;
    AuthorViewSlot slots[kSlots];
    size_t nextVictim = 0;  // the slot a new (client, author) takes: round robin
};
LastAuthorViews &lastAuthorViews() {
    static LastAuthorViews &last = *new LastAuthorViews;
    return last;
}

// What UserHandle resolution gives for (client, author) now (world lock held).
std::shared_ptr<const UserView> authorViewOf(World &w, const ClientState &c, uint64_t authorId) {
    LastAuthorViews &last = lastAuthorViews();
    const uint64_t seq = w.lockSeq.load(std::memory_order_relaxed);  // stable while the lock is held
    AuthorViewSlot *found = nullptr;
    for (AuthorViewSlot &slot : last.slots) {
        if (slot.view && slot.clientKey == c.key && slot.userId == authorId) {
            if (slot.seq == seq || userViewStillCurrent(*slot.view, w, &c, authorId)) {
                slot.seq = seq;  // the same view as building it again would give (a flood's every
                return slot.view;  // delivery is a WorldLock, but seldom changes its author)
            }
            found = &slot;
            break;
        }
    }
    AuthorViewSlot &slot = found != nullptr ? *found : last.slots[last.nextVictim++ % LastAuthorViews::kSlots];
    slot = AuthorViewSlot{c.key, authorId, seq, makeUserView(w, &c, authorId)};
    return slot.view;
}

}  // namespace

// Fills message views for one client under one WorldPeek. What a view says about the message's
// author, recipient, lobby and channel depends only on their ids while the world is unchanged, and
// a history's messages share them (one channel, a few authors): each is computed for the first
// message that names it and reused for the next ones naming the same (issue 19, fifth round: the
// lookups and the view's own allocation were ~480 instructions per message of a history of 200).
namespace {
class MessageViewFiller {
public:
    MessageViewFiller(World &w, const ClientState &c) : w_(w), c_(c) {}

    void fill(MessageView &v, MessagePtr m) {
        if (!m) return;
        v.clientKey = c_.key;
        if (m->rawContent.find("<@") != std::string::npos) {  // a mention to render (few messages have one)
            v.content = renderContent(w_, m->rawContent);
            v.rendered = true;
        }
        // The author's answers are copied from the last view that looked them up, when it names the
        // same author (a pointer to that view, not another reference to the author's view: the
        // single-message path pays nothing for it).
        const bool lookUpAuthor = authorFrom_ == nullptr || authorFrom_->message->authorId != m->authorId;
        if (lookUpAuthor) {
            v.authorKnown = m->authorId != 0 && findUser(w_, m->authorId) != nullptr;
            if (v.authorKnown) v.author = authorViewOf(w_, c_, m->authorId);
        } else {
            v.authorKnown = authorFrom_->authorKnown;
            v.author = authorFrom_->author;
        }
        if (!recipient_.valid || recipient_.id != m->recipientId) {
            recipient_ = Recipient{true, m->recipientId, m->recipientId != 0 && findUser(w_, m->recipientId) != nullptr};
        }
        v.recipientKnown = recipient_.known;
        if (!channel_.valid || channel_.lobbyId != m->lobbyId || channel_.channelId != m->channelId) {
            const bool lobbyVisible = m->lobbyId != 0 && clientLobby(w_, c_, m->lobbyId) != nullptr;
            // A lobby message's channel is its lobby: what was just found decides (channelTypeSeenBy).
            const std::optional<int32_t> type = m->lobbyId != 0 && m->lobbyId == m->channelId && lobbyVisible
                                                    ? std::optional<int32_t>(Platform_ChannelType_Lobby)
                                                    : channelTypeSeenBy(w_, c_, m->channelId);
            channel_ = Channel{true, m->lobbyId, m->channelId, lobbyVisible, type};
        }
        v.lobbyVisible = channel_.lobbyVisible;
        v.channelVisible = channel_.type.has_value();
        v.channelType = channel_.type.value_or(0);
        v.message = std::move(m);
        if (lookUpAuthor) authorFrom_ = &v;
    }

private:
    struct Recipient {
        bool valid = false;
        uint64_t id = 0;
        bool known = false;
    };
    struct Channel {
        bool valid = false;
        uint64_t lobbyId = 0;
        uint64_t channelId = 0;
        bool lobbyVisible = false;
        std::optional<int32_t> type;
    };
    World &w_;
    const ClientState &c_;
    const MessageView *authorFrom_ = nullptr;  // filled, with a message; views filled stay put
    Recipient recipient_;
    Channel channel_;
};
}  // namespace

std::shared_ptr<const MessageView> resolveMessageView(World &w, const MessageHandleData &h) {
    ClientState *c = findClient(w, h.clientKey);
    if (c == nullptr) return std::make_shared<MessageView>();
    return resolveMessageView(w, *c, h.pinnedMessage() ? h.pinnedMessage() : cachedMessage(*c, h.messageId));
}

std::shared_ptr<const MessageView> resolveMessageView(World &w, const ClientState &c, MessagePtr m) {
    auto v = std::make_shared<MessageView>();
    MessageViewFiller(w, c).fill(*v, std::move(m));
    return v;
}

void resolveMessageViews(World &w, uint64_t clientKey, const std::vector<MessagePtr> &messages, MessageView *out) {
    ClientState *c = findClient(w, clientKey);
    if (c == nullptr) return;  // every view stays empty: defaults, as resolveMessageView's
    MessageViewFiller filler(w, *c);
    for (size_t i = 0; i < messages.size(); ++i) filler.fill(out[i], messages[i]);
}

}  // namespace psim
