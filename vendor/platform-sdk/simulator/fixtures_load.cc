// fixtures_load.cc — reads a world fixture (fixtures.h): the whole document is validated into
// a staging copy first; only then is the world reset and filled, so a bad fixture changes nothing.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <map>
#include <set>
#include <vector>

#include "activity_values.h"
#include "clock.h"
#include "directory.h"
#include "fixtures.h"
#include "guilds.h"
#include "json.h"
#include "lobbies.h"
#include "messages.h"
#include "platform_sim.h"
#include "presence.h"
#include "sim_strings.h"

namespace psim::fixtures {
namespace {

using json::Value;

// Limits of one fixture (far above any development world; they bound the walk).
inline constexpr size_t kMaxUsers = 100000, kMaxApps = 10000, kMaxRelationships = 1000000, kMaxGuilds = 10000,
                        kMaxChannels = 500, kMaxLobbies = 100000, kMaxMembers = 1000, kMaxMessages = 1000,
                        kMaxMapEntries = 100, kMaxPresenceApps = 100, kMaxGrants = 100000;

struct Invalid {
    std::string message;
};

[[noreturn]] void invalid(const std::string &path, const std::string &why) { throw Invalid{path + ": " + why}; }

const Value &field(const Value &obj, const std::string &path, const char *key) {
    const Value *v = obj.get(key);
    if (v == nullptr) invalid(path + "." + key, "is required");
    return *v;
}

const Value &objectAt(const Value &v, const std::string &path) {
    if (v.kind != Value::Kind::Object) invalid(path, "must be an object");
    return v;
}

// An object of the fixture with only these keys: a key the simulator does not read would be lost
// silently, so it is refused instead (its name is the user's, so the message does not repeat it).
const Value &objectWith(const Value &v, const std::string &path, std::initializer_list<const char *> keys) {
    objectAt(v, path);
    for (const auto &[k, item] : v.members) {
        bool known = false;
        for (const char *key : keys) known = known || k == key;
        if (!known) invalid(path, "has a key the format does not define");
    }
    return v;
}

const std::vector<Value> &arrayAt(const Value &v, const std::string &path, size_t max) {
    if (v.kind != Value::Kind::Array) invalid(path, "must be an array");
    if (v.items.size() > max) invalid(path, "has more than " + std::to_string(max) + " entries");
    return v.items;
}

const std::vector<Value> &optArray(const Value &obj, const std::string &path, const char *key, size_t max) {
    static const std::vector<Value> kNone;
    const Value *v = obj.get(key);
    return v == nullptr ? kNone : arrayAt(*v, path + "." + key, max);
}

std::string stringAt(const Value &v, const std::string &path, size_t minChars, size_t maxChars) {
    if (v.kind != Value::Kind::String) invalid(path, "must be a string");
    const auto n = utf8Length(v.string);
    if (!n || *n < minChars || *n > maxChars) {
        invalid(path, "must be " + std::to_string(minChars) + "-" + std::to_string(maxChars) + " characters");
    }
    return v.string;
}

std::optional<std::string> optString(const Value &obj, const std::string &path, const char *key, size_t maxChars) {
    const Value *v = obj.get(key);
    if (v == nullptr || v->isNull()) return std::nullopt;
    return stringAt(*v, path + "." + key, 0, maxChars);
}

bool optBool(const Value &obj, const std::string &path, const char *key, bool fallback) {
    const Value *v = obj.get(key);
    if (v == nullptr) return fallback;
    if (v->kind != Value::Kind::Bool) invalid(path + "." + key, "must be a boolean");
    return v->boolean;
}

double numberAt(const Value &v, const std::string &path, double min, double max) {
    if (v.kind != Value::Kind::Number || std::floor(v.number) != v.number || v.number < min || v.number > max) {
        invalid(path, "must be an integer in " + std::to_string(static_cast<int64_t>(min)) + ".." +
                          std::to_string(static_cast<int64_t>(max)));
    }
    return v.number;
}

// A time of the world (a message sent, a relationship begun, a grant issued): no later than the
// simulated clock can ever read (clock::kMaxTimeMs), as the controls, which take it from the clock.
uint64_t timeAt(const Value &v, const std::string &path, uint64_t max = clock::kMaxTimeMs) {
    return static_cast<uint64_t>(numberAt(v, path, 0, static_cast<double>(max)));
}

uint64_t optTime(const Value &obj, const std::string &path, const char *key, uint64_t max = clock::kMaxTimeMs) {
    const Value *v = obj.get(key);
    return v == nullptr ? 0 : timeAt(*v, path + "." + key, max);
}

uint64_t idAt(const Value &v, const std::string &path) {
    if (v.kind != Value::Kind::String || v.string.empty() || v.string.size() > 20 ||
        v.string.find_first_not_of("0123456789") != std::string::npos) {
        invalid(path, "must be an id (a decimal string)");
    }
    errno = 0;
    const unsigned long long id = std::strtoull(v.string.c_str(), nullptr, 10);
    if (errno != 0 || id == 0) invalid(path, "must be a non-zero 64-bit id");
    return id;
}

StringMap mapAt(const Value *v, const std::string &path) {
    StringMap out;
    if (v == nullptr) return out;
    if (v->kind != Value::Kind::Object) invalid(path, "must be an object of strings");
    if (v->members.size() > kMaxMapEntries) invalid(path, "has more than " + std::to_string(kMaxMapEntries) + " entries");
    for (const auto &[k, item] : v->members) {
        if (k.empty() || k.size() > 1024) invalid(path, "has a key outside 1-1024 bytes");
        out[k] = stringAt(item, path + "[key]", 0, 65536);
    }
    return out;
}

template <size_t N>
int32_t enumAt(const Value &v, const std::string &path, const char *const (&names)[N], const int32_t (&values)[N]) {
    if (v.kind == Value::Kind::String) {
        for (size_t i = 0; i < N; ++i) {
            if (v.string == names[i]) return values[i];
        }
    }
    std::string list;
    for (size_t i = 0; i < N; ++i) list += (i ? ", " : "") + std::string(names[i]);
    invalid(path, "must be one of " + list);
}

const char *const kStatusNames[] = {"online", "idle", "dnd", "invisible"};
const int32_t kStatusValues[] = {Platform_StatusType_Online, Platform_StatusType_Idle, Platform_StatusType_Dnd,
                                 Platform_StatusType_Invisible};

ActivityData activityAt(const Value &v, const std::string &p) {
    objectWith(v, p, {"type", "name", "state", "stateUrl", "details", "detailsUrl", "statusDisplayType", "timestamps", "assets", "party", "secrets", "buttons", "supportedPlatforms"});
    ActivityData a;
    const char *const typeNames[] = {"playing", "listening", "watching", "competing"};
    const int32_t typeValues[] = {0, 2, 3, 5};
    if (const Value *t = v.get("type")) a.type = enumAt(*t, p + ".type", typeNames, typeValues);
    a.name = optString(v, p, "name", kMaxActivityNameChars).value_or("");
    a.state = optString(v, p, "state", kMaxActivityTextChars);
    a.stateUrl = optString(v, p, "stateUrl", kMaxActivityUrlChars);
    a.details = optString(v, p, "details", kMaxActivityTextChars);
    a.detailsUrl = optString(v, p, "detailsUrl", kMaxActivityUrlChars);
    if (const Value *s = v.get("statusDisplayType")) {
        const char *const names[] = {"name", "state", "details"};
        const int32_t values[] = {0, 1, 2};
        a.statusDisplayType = enumAt(*s, p + ".statusDisplayType", names, values);
    }
    if (const Value *t = v.get("timestamps")) {
        objectWith(*t, p + ".timestamps", {"start", "end"});
        // Times the user chose (as presence.set takes them): inside Date's range.
        a.timestamps = ActivityTimestampsData{optTime(*t, p + ".timestamps", "start", clock::kMaxDateMs),
                                              optTime(*t, p + ".timestamps", "end", clock::kMaxDateMs)};
    }
    if (const Value *s = v.get("assets")) {
        const std::string ap = p + ".assets";
        objectWith(*s, ap, {"largeImage", "largeText", "largeUrl", "smallImage", "smallText", "smallUrl", "inviteCoverImage"});
        ActivityAssetsData as;
        as.largeImage = optString(*s, ap, "largeImage", kMaxActivityImageChars);
        as.largeText = optString(*s, ap, "largeText", kMaxActivityTextChars);
        as.largeUrl = optString(*s, ap, "largeUrl", kMaxActivityUrlChars);
        as.smallImage = optString(*s, ap, "smallImage", kMaxActivityImageChars);
        as.smallText = optString(*s, ap, "smallText", kMaxActivityTextChars);
        as.smallUrl = optString(*s, ap, "smallUrl", kMaxActivityUrlChars);
        as.inviteCoverImage = optString(*s, ap, "inviteCoverImage", kMaxActivityImageChars);
        a.assets = as;
    }
    if (const Value *s = v.get("party")) {
        const std::string pp = p + ".party";
        objectWith(*s, pp, {"id", "currentSize", "maxSize", "privacy"});
        ActivityPartyData party;
        party.id = stringAt(field(*s, pp, "id"), pp + ".id", 1, kMaxPartyIdChars);
        party.currentSize = static_cast<int32_t>(numberAt(field(*s, pp, "currentSize"), pp + ".currentSize", 0, 2147483647));
        party.maxSize = static_cast<int32_t>(numberAt(field(*s, pp, "maxSize"), pp + ".maxSize", 0, 2147483647));
        if (const Value *pr = s->get("privacy")) {
            const char *const names[] = {"private", "public"};
            const int32_t values[] = {Platform_ActivityPartyPrivacy_Private, Platform_ActivityPartyPrivacy_Public};
            party.privacy = enumAt(*pr, pp + ".privacy", names, values);
        }
        a.party = party;
    }
    if (const Value *s = v.get("secrets")) {
        objectWith(*s, p + ".secrets", {"join"});
        a.secrets = ActivitySecretsData{stringAt(field(*s, p + ".secrets", "join"), p + ".secrets.join", 1, kMaxJoinSecretChars)};
    }
    const auto &buttons = optArray(v, p, "buttons", kMaxActivityButtons);
    for (size_t i = 0; i < buttons.size(); ++i) {
        const std::string bp = p + ".buttons[" + std::to_string(i) + "]";
        objectWith(buttons[i], bp, {"label", "url"});
        a.buttons.push_back({stringAt(field(buttons[i], bp, "label"), bp + ".label", 1, kMaxButtonLabelChars),
                             stringAt(field(buttons[i], bp, "url"), bp + ".url", 1, kMaxButtonUrlChars)});
    }
    if (v.get("supportedPlatforms") != nullptr) {
        const char *const names[] = {"desktop", "xbox", "samsung", "ios", "android", "embedded", "ps4", "ps5"};
        const int32_t values[] = {1, 2, 4, 8, 16, 32, 64, 128};
        a.supportedPlatforms = 0;
        const auto &list = optArray(v, p, "supportedPlatforms", 8);
        for (size_t i = 0; i < list.size(); ++i) {
            a.supportedPlatforms |= enumAt(list[i], p + ".supportedPlatforms[" + std::to_string(i) + "]", names, values);
        }
    }
    if (auto why = checkActivity(a)) invalid(p, *why);
    return a;
}

struct StagedRelationship {
    uint64_t app = 0, owner = 0, other = 0;
    RelationshipEdge edge;
};
struct StagedPresence {
    uint64_t userId = 0;
    int32_t status = Platform_StatusType_Online;
    bool desktopOnline = false;
    std::vector<std::pair<uint64_t, ActivityData>> activities;
};
struct Staged {
    std::vector<User> users;
    std::vector<Application> apps;
    std::vector<StagedRelationship> relationships;
    std::vector<Guild> guilds;
    std::vector<GuildChannelRec> channels;
    std::vector<Lobby> lobbies;
    std::vector<MessageData> messages;
    std::vector<StagedPresence> presence;
    std::vector<Grant> grants;
    uint64_t maxId = 0;
};

struct Ids {
    std::set<uint64_t> all, users, apps, channels;
    uint64_t fresh(uint64_t id, const std::string &path) {
        if (!all.insert(id).second) invalid(path, "repeats an id used elsewhere in the document");
        return id;
    }
};

void stageUsers(const Value &doc, Staged &s, Ids &ids) {
    std::set<std::string> names;
    const auto &list = arrayAt(field(doc, "doc", "users"), "users", kMaxUsers);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "users[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"id", "username", "displayName", "avatarHash", "provisional", "banned"});
        User u;
        u.id = ids.fresh(idAt(field(v, p, "id"), p + ".id"), p + ".id");
        ids.users.insert(u.id);
        u.username = stringAt(field(v, p, "username"), p + ".username", kMinUsernameChars, kMaxUsernameChars);
        if (const char *why = usernameProblem(u.username)) invalid(p + ".username", why);
        if (!names.insert(u.username).second) invalid(p + ".username", "is taken by an earlier user");
        u.globalName = optString(v, p, "displayName", 32).value_or("");
        u.avatarHash = optString(v, p, "avatarHash", 64).value_or("");
        u.provisional = optBool(v, p, "provisional", false);
        u.banned = optBool(v, p, "banned", false);
        s.users.push_back(std::move(u));
    }
}

void stageApps(const Value &doc, Staged &s, Ids &ids) {
    const auto &list = arrayAt(field(doc, "doc", "applications"), "applications", kMaxApps);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "applications[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"id", "name", "publisherId", "parentApplicationId", "coverImage"});
        Application a;
        a.id = ids.fresh(idAt(field(v, p, "id"), p + ".id"), p + ".id");
        ids.apps.insert(a.id);
        a.name = stringAt(field(v, p, "name"), p + ".name", 1, 100);
        a.publisherId = idAt(field(v, p, "publisherId"), p + ".publisherId");
        if (const Value *parent = v.get("parentApplicationId"); parent != nullptr && !parent->isNull()) {
            a.parentId = idAt(*parent, p + ".parentApplicationId");
        }
        a.coverImage = optString(v, p, "coverImage", 2048).value_or("");
        s.apps.push_back(std::move(a));
    }
    std::map<uint64_t, size_t> index;
    for (size_t i = 0; i < s.apps.size(); ++i) index.emplace(s.apps[i].id, i);
    for (size_t i = 0; i < s.apps.size(); ++i) {
        if (s.apps[i].parentId == 0) continue;
        const std::string pp = "applications[" + std::to_string(i) + "].parentApplicationId";
        const auto parent = index.find(s.apps[i].parentId);
        if (parent == index.end()) invalid(pp, "names no application of the document");
        // The control's rule; and the control makes a parent before its child, so no chain loops.
        if (const char *why = applicationParentProblem(s.apps[parent->second], s.apps[i].publisherId)) invalid(pp, why);
    }
    // Every parent exists now: walk each chain once (0 unknown, 1 on the current walk, 2 ends at a root).
    std::vector<char> state(s.apps.size(), 0);
    for (size_t i = 0; i < s.apps.size(); ++i) {
        std::vector<size_t> walk;
        size_t at = i;
        while (state[at] == 0) {
            state[at] = 1;
            walk.push_back(at);
            if (s.apps[at].parentId == 0) break;
            at = index.at(s.apps[at].parentId);
        }
        if (state[at] == 1 && s.apps[at].parentId != 0) {
            invalid("applications[" + std::to_string(i) + "].parentApplicationId", "forms a cycle of parent applications");
        }
        for (size_t k : walk) state[k] = 2;
    }
}

uint64_t userRef(const Value &v, const std::string &path, const Ids &ids) {
    const uint64_t id = idAt(v, path);
    if (ids.users.count(id) == 0) invalid(path, "names no user of the document");
    return id;
}

uint64_t appRef(const Value &v, const std::string &path, const Ids &ids) {
    const uint64_t id = idAt(v, path);
    if (ids.apps.count(id) == 0) invalid(path, "names no application of the document");
    return id;
}

void stageRelationships(const Value &doc, Staged &s, const Ids &ids) {
    const char *const names[] = {"friend", "blocked", "pendingIncoming", "pendingOutgoing", "implicit"};
    const int32_t values[] = {1, 2, 3, 4, 5};
    const auto &list = optArray(doc, "doc", "relationships", kMaxRelationships);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "relationships[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"userId", "otherId", "type", "applicationId", "spam", "since"});
        StagedRelationship r;
        r.owner = userRef(field(v, p, "userId"), p + ".userId", ids);
        r.other = userRef(field(v, p, "otherId"), p + ".otherId", ids);
        if (r.owner == r.other) invalid(p + ".otherId", "must differ from userId");
        if (const Value *app = v.get("applicationId"); app != nullptr && !app->isNull()) r.app = appRef(*app, p + ".applicationId", ids);
        r.edge.type = enumAt(field(v, p, "type"), p + ".type", names, values);
        r.edge.spam = optBool(v, p, "spam", false);
        r.edge.sinceMs = optTime(v, p, "since");
        s.relationships.push_back(r);
    }
}

void stageGuilds(const Value &doc, Staged &s, Ids &ids) {
    const auto &list = optArray(doc, "doc", "guilds", kMaxGuilds);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "guilds[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"id", "name", "members", "channels"});
        Guild g;
        g.id = ids.fresh(idAt(field(v, p, "id"), p + ".id"), p + ".id");
        g.name = stringAt(field(v, p, "name"), p + ".name", 1, 100);
        const auto &members = optArray(v, p, "members", kMaxUsers);
        for (size_t m = 0; m < members.size(); ++m) g.members.insert(userRef(members[m], p + ".members[" + std::to_string(m) + "]", ids));
        const auto &channels = optArray(v, p, "channels", kMaxChannels);
        const size_t firstChannel = s.channels.size();
        for (size_t c = 0; c < channels.size(); ++c) {
            const std::string cp = p + ".channels[" + std::to_string(c) + "]";
            const Value &cv = objectWith(channels[c], cp, {"id", "name", "type", "position", "parentId", "linkable"});
            GuildChannelRec ch;
            ch.id = ids.fresh(idAt(field(cv, cp, "id"), cp + ".id"), cp + ".id");
            ids.channels.insert(ch.id);
            ch.guildId = g.id;
            ch.name = stringAt(field(cv, cp, "name"), cp + ".name", 1, 100);
            ch.type = static_cast<int32_t>(numberAt(field(cv, cp, "type"), cp + ".type", 0, 16));
            ch.position = static_cast<int32_t>(numberAt(field(cv, cp, "position"), cp + ".position", -2147483648.0, 2147483647.0));
            if (const Value *parent = cv.get("parentId"); parent != nullptr && !parent->isNull()) ch.parentId = idAt(*parent, cp + ".parentId");
            ch.linkable = optBool(cv, cp, "linkable", false);
            s.channels.push_back(std::move(ch));
        }
        for (size_t c = firstChannel; c < s.channels.size(); ++c) {
            const GuildChannelRec &ch = s.channels[c];
            const GuildChannelRec *parent = nullptr;
            for (size_t k = firstChannel; k < s.channels.size() && ch.parentId != 0 && parent == nullptr; ++k) {
                if (s.channels[k].id == ch.parentId) parent = &s.channels[k];
            }
            const std::string cp = p + ".channels[" + std::to_string(c - firstChannel) + "]";
            if (ch.parentId != 0 && parent == nullptr) invalid(cp + ".parentId", "names no channel of this guild");
            // The rule sim.guilds.create applies (a category parent, none for categories): no cycle.
            if (const char *why = guildChannelProblem(g.id, ch.type, ch.linkable, parent, ch.parentId != 0)) invalid(cp, why);
        }
        s.guilds.push_back(std::move(g));
    }
}

void stageLobbies(const Value &doc, Staged &s, Ids &ids) {
    std::set<std::pair<uint64_t, std::string>> secrets;
    std::set<uint64_t> linked;
    const auto &list = optArray(doc, "doc", "lobbies", kMaxLobbies);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "lobbies[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"id", "applicationId", "secret", "backendCreated", "metadata", "linkedChannelId", "members", "messages"});
        Lobby l;
        l.id = ids.fresh(idAt(field(v, p, "id"), p + ".id"), p + ".id");
        l.appId = appRef(field(v, p, "applicationId"), p + ".applicationId", ids);
        l.secret = optString(v, p, "secret", 1024).value_or("");
        l.backendCreated = optBool(v, p, "backendCreated", l.secret.empty());
        if (!l.secret.empty() && !secrets.insert({l.appId, l.secret}).second) invalid(p + ".secret", "is shared with an earlier lobby of the application");
        l.metadata = mapAt(v.get("metadata"), p + ".metadata");
        if (const Value *ch = v.get("linkedChannelId"); ch != nullptr && !ch->isNull()) {
            l.linkedChannelId = idAt(*ch, p + ".linkedChannelId");
            if (ids.channels.count(l.linkedChannelId) == 0) invalid(p + ".linkedChannelId", "names no guild channel of the document");
            if (!linked.insert(l.linkedChannelId).second) invalid(p + ".linkedChannelId", "is linked to an earlier lobby");
        }
        const auto &members = optArray(v, p, "members", kMaxMembers);
        for (size_t m = 0; m < members.size(); ++m) {
            const std::string mp = p + ".members[" + std::to_string(m) + "]";
            const Value &mv = objectWith(members[m], mp, {"userId", "metadata", "additionalName", "canLinkLobby"});
            LobbyMember member;
            member.userId = userRef(field(mv, mp, "userId"), mp + ".userId", ids);
            member.joinSeq = l.nextJoinSeq++;
            member.metadata = mapAt(mv.get("metadata"), mp + ".metadata");
            if (auto name = optString(mv, mp, "additionalName", kMaxAdditionalNameChars); name && !name->empty()) member.additionalName = name;
            member.canLinkLobby = optBool(mv, mp, "canLinkLobby", false);
            if (!l.members.emplace(member.userId, std::move(member)).second) invalid(mp + ".userId", "is already a member");
        }
        const auto &messages = optArray(v, p, "messages", kMaxMessages);
        for (size_t m = 0; m < messages.size(); ++m) {
            const std::string mp = p + ".messages[" + std::to_string(m) + "]";
            const Value &mv = objectWith(messages[m], mp, {"id", "authorId", "content", "sentAt", "metadata", "applicationId", "sentFromGame"});
            MessageData msg;
            msg.id = ids.fresh(idAt(field(mv, mp, "id"), mp + ".id"), mp + ".id");
            msg.channelId = msg.lobbyId = l.id;
            msg.authorId = userRef(field(mv, mp, "authorId"), mp + ".authorId", ids);
            msg.rawContent = stringAt(field(mv, mp, "content"), mp + ".content", 1, kMaxMessageChars);
            msg.sentAtMs = optTime(mv, mp, "sentAt");
            msg.metadata = mapAt(mv.get("metadata"), mp + ".metadata");
            if (const Value *app = mv.get("applicationId"); app != nullptr && !app->isNull()) msg.applicationId = appRef(*app, mp + ".applicationId", ids);
            msg.sentFromGame = optBool(mv, mp, "sentFromGame", true);
            s.messages.push_back(std::move(msg));
        }
        s.lobbies.push_back(std::move(l));
    }
}

void stagePresence(const Value &doc, Staged &s, const Ids &ids) {
    std::set<uint64_t> seen;
    const auto &list = optArray(doc, "doc", "presence", kMaxUsers);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "presence[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"userId", "status", "desktopOnline", "activities"});
        StagedPresence sp;
        sp.userId = userRef(field(v, p, "userId"), p + ".userId", ids);
        if (!seen.insert(sp.userId).second) invalid(p + ".userId", "already has a presence entry");
        if (const Value *st = v.get("status")) sp.status = enumAt(*st, p + ".status", kStatusNames, kStatusValues);
        sp.desktopOnline = optBool(v, p, "desktopOnline", false);
        const auto &acts = optArray(v, p, "activities", kMaxPresenceApps);
        for (size_t a = 0; a < acts.size(); ++a) {
            const std::string ap = p + ".activities[" + std::to_string(a) + "]";
            const Value &av = objectWith(acts[a], ap, {"applicationId", "activity"});
            sp.activities.emplace_back(appRef(field(av, ap, "applicationId"), ap + ".applicationId", ids),
                                       activityAt(field(av, ap, "activity"), ap + ".activity"));
        }
        s.presence.push_back(std::move(sp));
    }
}

// A token's digest: 64 lowercase hex digits (SHA-256), one grant's token only.
std::string digestAt(const Value &v, const std::string &path, std::set<std::string> &seen) {
    if (v.kind != Value::Kind::String || v.string.size() != 64 || v.string.find_first_not_of("0123456789abcdef") != std::string::npos) {
        invalid(path, "must be a SHA-256 digest (64 lowercase hex digits)");
    }
    if (!seen.insert(v.string).second) invalid(path, "is the digest of another grant's token");
    return v.string;
}

// Grants saved with save({ grants: true }): tokens only as digests (fixtures_save.cc).
void stageGrants(const Value &doc, Staged &s, Ids &ids) {
    std::set<std::string> digests;
    const auto &list = optArray(doc, "doc", "grants", kMaxGrants);
    for (size_t i = 0; i < list.size(); ++i) {
        const std::string p = "grants[" + std::to_string(i) + "]";
        const Value &v = objectWith(list[i], p, {"id", "userId", "applicationId", "scopes", "issuedAt", "expiresAt", "accessTokenSha256", "refreshTokenSha256"});
        Grant g;
        g.id = ids.fresh(idAt(field(v, p, "id"), p + ".id"), p + ".id");
        g.userId = userRef(field(v, p, "userId"), p + ".userId", ids);
        g.appId = appRef(field(v, p, "applicationId"), p + ".applicationId", ids);
        g.scopes = stringAt(field(v, p, "scopes"), p + ".scopes", 0, 1024);
        g.issuedAtMs = timeAt(field(v, p, "issuedAt"), p + ".issuedAt");
        g.expiresAtMs = timeAt(field(v, p, "expiresAt"), p + ".expiresAt", clock::kMaxDateMs);
        if (g.expiresAtMs < g.issuedAtMs) invalid(p + ".expiresAt", "must not be before issuedAt");
        g.accessDigest = digestAt(field(v, p, "accessTokenSha256"), p + ".accessTokenSha256", digests);
        if (const Value *r = v.get("refreshTokenSha256"); r != nullptr && !r->isNull()) {
            g.refreshDigest = digestAt(*r, p + ".refreshTokenSha256", digests);
        }
        s.grants.push_back(std::move(g));
    }
}

Staged stage(const Value &doc) {
    objectWith(doc, "doc", {"format", "version", "savedAt", "users", "applications", "relationships", "guilds", "lobbies", "presence", "grants"});
    const Value &format = field(doc, "doc", "format");
    if (format.kind != Value::Kind::String || format.string != kFormatName) invalid("format", std::string("must be '") + kFormatName + "'");
    const Value &version = field(doc, "doc", "version");
    if (version.kind != Value::Kind::Number || version.number != kFormatVersion) {
        invalid("version", "must be " + std::to_string(kFormatVersion) + " (the only version this simulator reads)");
    }
    if (const Value *savedAt = doc.get("savedAt"); savedAt != nullptr) timeAt(*savedAt, "savedAt");
    Staged s;
    Ids ids;
    stageUsers(doc, s, ids);
    stageApps(doc, s, ids);
    stageRelationships(doc, s, ids);
    stageGuilds(doc, s, ids);
    stageLobbies(doc, s, ids);
    stagePresence(doc, s, ids);
    stageGrants(doc, s, ids);
    s.maxId = ids.all.empty() ? 0 : *ids.all.rbegin();
    for (const auto &a : s.apps) s.maxId = std::max(s.maxId, a.publisherId);
    return s;
}

void apply(Staged &s) {
    WorldLock lk;
    World &w = lk.w;
    for (auto &u : s.users) {
        if (u.provisional && u.username.rfind("provisional-", 0) == 0) {
            const auto n = std::strtoul(u.username.c_str() + 12, nullptr, 10);
            if (n > w.dir.provisionalCounter && n < 0xFFFFFFFFul) w.dir.provisionalCounter = static_cast<uint32_t>(n);
        }
        const uint64_t id = u.id;
        touchUser(u);
        w.dir.users[id] = std::move(u);
    }
    for (auto &a : s.apps) {
        w.dir.publishers.insert(a.publisherId);
        const uint64_t id = a.id;
        w.dir.apps[id] = std::move(a);
    }
    for (const auto &r : s.relationships) {
        if (r.app == 0) w.social.platform[{r.owner, r.other}] = r.edge;
        else w.social.game[{r.app, r.owner, r.other}] = r.edge;
    }
    for (auto &g : s.guilds) {
        const uint64_t id = g.id;
        w.chat.guilds[id] = std::move(g);
    }
    for (auto &c : s.channels) {
        const uint64_t id = c.id;
        w.chat.guildChannels[id] = std::move(c);
    }
    for (auto &l : s.lobbies) {
        const uint64_t id = l.id;
        if (l.linkedChannelId != 0) w.chat.guildChannels[l.linkedChannelId].linkedLobbyId = id;
        if (!l.secret.empty()) w.chat.lobbyBySecret[{l.appId, l.secret}] = id;
        w.chat.lobbies[id] = std::move(l);
    }
    for (auto &m : s.messages) {
        const uint64_t id = m.id, channel = m.channelId;
        w.chat.channelMessages[channel].insert(id);
        ++w.chat.lobbySharedCount[channel];
        // Non-const, as every stored message: a lobby past its 200 recycles the ones it forgets (messages.cc).
        w.chat.messages[id] = std::make_shared<MessageData>(std::move(m));
    }
    for (auto &p : s.presence) {
        w.presence.users[p.userId].status = p.status;
        if (p.desktopOnline) setDesktopStatus(w, p.userId, p.status, lk.now);
        for (const auto &[app, activity] : p.activities) publishActivity(w, p.userId, app, activity, 0, lk.now);
    }
    for (auto &g : s.grants) {
        const uint64_t id = g.id;
        w.oauth.grantByAccessDigest[g.accessDigest] = id;
        if (!g.refreshDigest.empty()) w.oauth.grantByRefreshDigest[g.refreshDigest] = id;
        w.oauth.grants[id] = std::move(g);
    }
    // Client-created lobbies start their idle countdown (no member is connected after a reset).
    for (auto &[id, l] : w.chat.lobbies) {
        if (!l.members.empty()) onPresenceChanged(w, l.appId, l.members.begin()->first, lk.now);
    }
}

}  // namespace

bool load(std::string_view text, std::string *err) {
    std::string parseError;
    auto doc = json::parse(text, &parseError);
    if (!doc) {
        *err = "not JSON: " + parseError;
        return false;
    }
    Staged s;
    try {
        s = stage(*doc);
    } catch (const Invalid &e) {
        *err = e.message;
        return false;
    }
    PlatformSim_Reset();
    clock::reserveSnowflakesThrough(s.maxId);
    apply(s);
    return true;
}

}  // namespace psim::fixtures
