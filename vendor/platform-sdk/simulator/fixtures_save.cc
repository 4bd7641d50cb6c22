// fixtures_save.cc — writes world fixtures and the console's live view (fixtures.h).
#include <algorithm>
#include <iterator>
#include <vector>

#include "activity_values.h"
#include "crypto.h"
#include "fixtures.h"
#include "json.h"
#include "lobbies.h"
#include "presence.h"

namespace psim::fixtures {
namespace {

const char *const kActivityTypes[] = {"playing", "streaming", "listening", "watching", "customStatus", "competing", "hangStatus"};
const char *const kStatusDisplay[] = {"name", "state", "details"};
const char *const kPlatforms[] = {"desktop", "xbox", "samsung", "ios", "android", "embedded", "ps4", "ps5"};
const char *const kRelTypes[] = {"none", "friend", "blocked", "pendingIncoming", "pendingOutgoing", "implicit", "suggestion"};
const char *const kClientStatus[] = {"disconnected", "connecting", "connected", "ready", "reconnecting", "disconnecting", "httpWait"};

template <size_t N>
const char *nameOf(const char *const (&table)[N], int32_t v, const char *fallback = "unknown") {
    return v >= 0 && static_cast<size_t>(v) < N ? table[v] : fallback;
}

const char *statusName(int32_t s) {
    switch (s) {
        case Platform_StatusType_Online: return "online";
        case Platform_StatusType_Offline: return "offline";
        case Platform_StatusType_Idle: return "idle";
        case Platform_StatusType_Dnd: return "dnd";
        case Platform_StatusType_Invisible: return "invisible";
        default: return "unknown";
    }
}

// The activity in the shape of the TypeScript ActivityInput (lib/activity.ts), so that a
// fixture's presence reads like what a game passes to updateRichPresence.
void writeActivity(json::Writer &j, const ActivityData &a, bool withSecrets) {
    j.beginObject();
    j.key("type").str(nameOf(kActivityTypes, a.type));
    j.key("name").str(a.name);
    if (a.state) j.key("state").str(*a.state);
    if (a.stateUrl) j.key("stateUrl").str(*a.stateUrl);
    if (a.details) j.key("details").str(*a.details);
    if (a.detailsUrl) j.key("detailsUrl").str(*a.detailsUrl);
    if (a.statusDisplayType) j.key("statusDisplayType").str(nameOf(kStatusDisplay, *a.statusDisplayType));
    if (a.timestamps) {
        j.key("timestamps").beginObject();
        if (a.timestamps->start) j.key("start").num(static_cast<double>(a.timestamps->start));
        if (a.timestamps->end) j.key("end").num(static_cast<double>(a.timestamps->end));
        j.endObject();
    }
    if (a.assets) {
        const auto &s = *a.assets;
        j.key("assets").beginObject();
        const std::pair<const char *, const std::optional<std::string> *> fields[] = {
            {"largeImage", &s.largeImage}, {"largeText", &s.largeText}, {"largeUrl", &s.largeUrl},
            {"smallImage", &s.smallImage}, {"smallText", &s.smallText}, {"smallUrl", &s.smallUrl},
            {"inviteCoverImage", &s.inviteCoverImage}};
        for (const auto &[k, v] : fields) {
            if (*v) j.key(k).str(**v);
        }
        j.endObject();
    }
    if (a.party) {
        j.key("party").beginObject();
        j.key("id").str(a.party->id);
        j.key("currentSize").integer(a.party->currentSize);
        j.key("maxSize").integer(a.party->maxSize);
        j.key("privacy").str(a.party->privacy == Platform_ActivityPartyPrivacy_Public ? "public" : "private");
        j.endObject();
    }
    if (a.secrets && withSecrets) j.key("secrets").beginObject().key("join").str(a.secrets->join).endObject();
    if (!a.buttons.empty()) {
        j.key("buttons").beginArray();
        for (const auto &b : a.buttons) j.beginObject().key("label").str(b.label).key("url").str(b.url).endObject();
        j.endArray();
    }
    j.key("supportedPlatforms").beginArray();
    for (size_t i = 0; i < std::size(kPlatforms); ++i) {
        if (a.supportedPlatforms & (1 << i)) j.str(kPlatforms[i]);
    }
    j.endArray();
    j.endObject();
}

void writeMessage(json::Writer &j, const MessageData &m) {
    j.beginObject();
    j.key("id").id(m.id);
    j.key("authorId").id(m.authorId);
    j.key("content").str(m.rawContent);
    j.key("sentAt").num(static_cast<double>(m.sentAtMs));
    if (!m.metadata.empty()) j.key("metadata").stringMap(m.metadata);
    if (m.applicationId) j.key("applicationId").id(*m.applicationId);
    if (!m.sentFromGame) j.key("sentFromGame").boolean(false);
    j.endObject();
}

// The newest `limit` messages of a channel every member sees (no disclosure notices), oldest first.
std::vector<MessagePtr> recentMessages(const World &w, uint64_t channelId, size_t limit) {
    std::vector<MessagePtr> out;
    auto it = w.chat.channelMessages.find(channelId);
    if (it == w.chat.channelMessages.end()) return out;
    for (auto id = it->second.rbegin(); id != it->second.rend() && out.size() < limit; ++id) {
        auto m = w.chat.messages.find(*id);
        if (m != w.chat.messages.end() && m->second && m->second->visibleOnlyTo == 0) out.push_back(m->second);
    }
    std::reverse(out.begin(), out.end());
    return out;
}

void writeRelationship(json::Writer &j, uint64_t owner, uint64_t other, const RelationshipEdge &e, uint64_t app) {
    j.beginObject();
    j.key("userId").id(owner).key("otherId").id(other);
    j.key("type").str(nameOf(kRelTypes, e.type));
    if (app != 0) j.key("applicationId").id(app);
    if (e.spam) j.key("spam").boolean(true);
    j.key("since").num(static_cast<double>(e.sinceMs));
    j.endObject();
}

// What a fixture and the view share. `live`: the view (secrets left out, message count of the view).
void writeWorld(json::Writer &j, World &w, bool live) {
    j.key("users").beginArray();
    for (const auto &[id, u] : w.dir.users) {
        j.beginObject();
        j.key("id").id(id).key("username").str(u.username).key("displayName").str(u.globalName);
        if (!u.avatarHash.empty()) j.key("avatarHash").str(u.avatarHash);
        j.key("provisional").boolean(u.provisional).key("banned").boolean(u.banned);
        if (live) j.key("status").str(statusName(statusSeenBy(w, 0, id)));
        j.endObject();
    }
    j.endArray();

    j.key("applications").beginArray();
    for (const auto &[id, a] : w.dir.apps) {
        j.beginObject();
        j.key("id").id(id).key("name").str(a.name).key("publisherId").id(a.publisherId);
        if (a.parentId != 0) j.key("parentApplicationId").id(a.parentId);
        if (!a.coverImage.empty()) j.key("coverImage").str(a.coverImage);
        j.endObject();
    }
    j.endArray();

    j.key("relationships").beginArray();
    for (const auto &[k, e] : w.social.platform) writeRelationship(j, k.first, k.second, e, 0);
    for (const auto &[k, e] : w.social.game) writeRelationship(j, std::get<1>(k), std::get<2>(k), e, std::get<0>(k));
    j.endArray();

    j.key("guilds").beginArray();
    for (const auto &[id, g] : w.chat.guilds) {
        j.beginObject();
        j.key("id").id(id).key("name").str(g.name);
        j.key("members").beginArray();
        for (uint64_t m : g.members) j.id(m);
        j.endArray();
        j.key("channels").beginArray();
        for (uint64_t cid : indexOf(w.chat.channelsOfGuild, id)) {
            const GuildChannelRec &c = w.chat.guildChannels.at(cid);
            j.beginObject();
            j.key("id").id(cid).key("name").str(c.name).key("type").integer(c.type).key("position").integer(c.position);
            if (c.parentId != 0) j.key("parentId").id(c.parentId);
            j.key("linkable").boolean(c.linkable);
            j.endObject();
        }
        j.endArray();
        j.endObject();
    }
    j.endArray();

    j.key("lobbies").beginArray();
    for (const auto &[id, l] : w.chat.lobbies) {
        j.beginObject();
        j.key("id").id(id).key("applicationId").id(l.appId);
        if (!live) j.key("secret").str(l.secret);
        j.key("backendCreated").boolean(l.backendCreated);
        j.key("metadata").stringMap(l.metadata);
        if (l.linkedChannelId != 0) j.key("linkedChannelId").id(l.linkedChannelId);
        j.key("members").beginArray();
        for (uint64_t uid : memberIdsInJoinOrder(l)) {
            const LobbyMember &m = l.members.at(uid);
            j.beginObject();
            j.key("userId").id(uid).key("metadata").stringMap(m.metadata);
            if (m.additionalName) j.key("additionalName").str(*m.additionalName);
            if (m.canLinkLobby) j.key("canLinkLobby").boolean(true);
            if (live) j.key("connected").boolean(m.connected);
            j.endObject();
        }
        j.endArray();
        j.key("messages").beginArray();
        for (const auto &m : recentMessages(w, id, live ? kViewMessagesPerChannel : kSavedMessagesPerLobby)) writeMessage(j, *m);
        j.endArray();
        j.endObject();
    }
    j.endArray();

    j.key("presence").beginArray();
    for (const auto &[uid, p] : w.presence.users) {
        j.beginObject();
        j.key("userId").id(uid).key("status").str(statusName(p.status)).key("desktopOnline").boolean(p.desktopOnline);
        j.key("activities").beginArray();
        for (const auto &[app, e] : p.activities) {
            if (!e.activity) continue;
            j.beginObject().key("applicationId").id(app).key("activity");
            writeActivity(j, *e.activity, !live);
            j.endObject();
        }
        j.endArray();
        j.endObject();
    }
    j.endArray();
}

// Grants that can still be used (not revoked; an expired one can still be refreshed), with the
// digests of their tokens: loaded in another process, they accept what this one issued.
void writeGrants(json::Writer &j, World &w) {
    j.key("grants").beginArray();
    for (const auto &[id, g] : w.oauth.grants) {
        if (g.revoked || w.dir.users.count(g.userId) == 0 || w.dir.apps.count(g.appId) == 0) continue;
        const std::string access = g.accessToken.empty() ? g.accessDigest : crypto::sha256Hex(g.accessToken);
        const std::string refresh = g.refreshToken.empty() ? g.refreshDigest : crypto::sha256Hex(g.refreshToken);
        if (access.empty()) continue;
        j.beginObject();
        j.key("id").id(id).key("userId").id(g.userId).key("applicationId").id(g.appId).key("scopes").str(g.scopes);
        j.key("issuedAt").num(static_cast<double>(g.issuedAtMs)).key("expiresAt").num(static_cast<double>(g.expiresAtMs));
        j.key("accessTokenSha256").str(access);
        if (!refresh.empty()) j.key("refreshTokenSha256").str(refresh);
        j.endObject();
    }
    j.endArray();
}

}  // namespace

std::string save(World &w, uint64_t now, bool withGrants) {
    json::Writer j;
    j.beginObject();
    j.key("format").str(kFormatName).key("version").integer(kFormatVersion).key("savedAt").num(static_cast<double>(now));
    writeWorld(j, w, false);
    if (withGrants) writeGrants(j, w);
    j.endObject();
    return j.take();
}

std::string view(World &w, uint64_t now) {
    json::Writer j;
    j.beginObject();
    j.key("clock").beginObject().key("now").num(static_cast<double>(now)).endObject();
    writeWorld(j, w, true);

    j.key("clients").beginArray();
    for (const auto &[key, c] : w.clients) {
        j.beginObject();
        j.key("key").integer(static_cast<int64_t>(key));
        j.key("status").str(nameOf(kClientStatus, c->status));
        const uint64_t app = clientApp(w, *c);
        if (app != 0) j.key("applicationId").id(app);
        if (c->sessionUserId != 0) j.key("userId").id(c->sessionUserId);
        j.key("calls").beginArray();
        for (const auto &[lobby, lc] : c->voice.calls) j.id(lobby);
        j.endArray();
        j.endObject();
    }
    j.endArray();

    j.key("calls").beginArray();
    for (const auto &[channel, call] : w.chat.calls) {
        j.beginObject();
        j.key("lobbyId").id(channel);
        j.key("participants").beginArray();
        for (const auto &[uid, p] : call.participants) {
            auto s = w.voice.speeches.find({channel, uid});
            const bool talking = s != w.voice.speeches.end() && s->second.start <= now && now < s->second.end;
            const bool speaking = call.speaking.count(uid) != 0 || talking;
            j.beginObject();
            j.key("userId").id(uid).key("selfMute").boolean(p.selfMute).key("selfDeaf").boolean(p.selfDeaf);
            j.key("speaking").boolean(speaking);
            // RMS of the simulated voice (a sine at half of full scale) while it speaks.
            j.key("level").num(speaking && !p.selfMute ? 0.354 : 0.0);
            j.endObject();
        }
        j.endArray();
        j.endObject();
    }
    j.endArray();

    j.key("directMessages").beginArray();
    for (const auto &[channel, dm] : w.chat.dms) {
        j.beginObject();
        j.key("channelId").id(channel).key("users").beginArray().id(dm.userLow).id(dm.userHigh).endArray();
        j.key("messages").beginArray();
        for (const auto &m : recentMessages(w, channel, kViewMessagesPerChannel)) writeMessage(j, *m);
        j.endArray();
        j.endObject();
    }
    j.endArray();

    j.key("network").beginObject();
    j.key("online").boolean(w.net.online).key("latencyMs").integer(w.net.latencyMs);
    j.key("queuedFaults").beginArray();
    for (const auto &r : w.net.failRules) {
        j.beginObject().key("operation").str(r.operation).key("status").integer(r.httpStatus).endObject();
    }
    j.endArray();
    j.endObject();

    j.key("pendingAuthorizations").beginArray();
    for (const auto &f : w.consent.waiting) {
        const ClientState *c = findClient(w, f.clientKey);
        const auto &flow = c == nullptr ? std::optional<AuthFlow>{} : (f.device ? c->deviceFlow : c->authorize);
        j.beginObject();
        j.key("clientKey").integer(static_cast<int64_t>(f.clientKey)).key("device").boolean(f.device);
        if (flow) {
            j.key("applicationId").id(flow->appId).key("scopes").str(flow->scopes);
            j.key("startedAt").num(static_cast<double>(flow->startedAtMs));
        }
        j.endObject();
    }
    j.endArray();
    j.endObject();
    return j.take();
}

}  // namespace psim::fixtures
