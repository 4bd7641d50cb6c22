// guilds.cc — see guilds.h.
#include "guilds.h"

#include <algorithm>
#include <tuple>

#include "clock.h"
#include "crypto.h"
#include "directory.h"
#include "lobbies.h"
#include "results.h"
#include "sim_strings.h"

namespace psim {
namespace {

OpOutcome fail(int32_t status, int32_t code, const std::string &message) {
    return outcomeOf(result::platform(status, code, message));
}

bool isGuildType(int32_t t) {
    switch (t) {
    case Platform_ChannelType_GuildText:
    case Platform_ChannelType_GuildVoice:
    case Platform_ChannelType_GuildCategory:
    case Platform_ChannelType_GuildNews:
    case Platform_ChannelType_GuildStore:
    case Platform_ChannelType_GuildNewsThread:
    case Platform_ChannelType_GuildPublicThread:
    case Platform_ChannelType_GuildPrivateThread:
    case Platform_ChannelType_GuildStageVoice:
    case Platform_ChannelType_GuildDirectory:
    case Platform_ChannelType_GuildForum:
    case Platform_ChannelType_GuildMedia: return true;
    default: return false;
    }
}

bool isVoice(int32_t t) { return t == Platform_ChannelType_GuildVoice || t == Platform_ChannelType_GuildStageVoice; }

// Client order within one level: text-like channels before voice channels, then position, then id.
bool clientOrder(const GuildChannelRec *a, const GuildChannelRec *b) {
    return std::make_tuple(isVoice(a->type), a->position, a->id) < std::make_tuple(isVoice(b->type), b->position, b->id);
}

GuildChannelData toData(World &w, const GuildChannelRec &c) {
    GuildChannelData d;
    d.id = c.id;
    d.name = c.name;
    d.type = c.type;
    d.position = c.position;
    if (c.parentId != 0) d.parentId = c.parentId;
    d.linkable = c.linkable;
    d.viewableAndWriteableByAllMembers = true;  // the simulator has no channel permissions
    if (c.linkedLobbyId != 0) {
        if (const Lobby *l = findLobby(w, c.linkedLobbyId)) d.linkedLobby = LinkedLobbyData{l->appId, l->id};
    }
    return d;
}

// Lobby checks shared by link and unlink: the caller is a member with CanLinkLobby.
std::optional<OpOutcome> checkLinker(uint64_t app, uint64_t user, Lobby *l) {
    if (l == nullptr || l->appId != app) return fail(404, kErrUnknownChannel, "Unknown Lobby");
    auto m = l->members.find(user);
    if (m == l->members.end()) return fail(403, kErrMissingAccess, "Missing Access: not a member of the lobby");
    if (!m->second.canLinkLobby) {
        return fail(403, kErrMissingPermissions, "Missing Permissions: the member may not link the lobby");
    }
    return std::nullopt;
}

bool validName(const std::string &name) {
    const auto len = utf8Length(name);
    return len && *len >= 1 && *len <= kMaxGuildNameChars;
}

}  // namespace

Guild *findGuild(World &w, uint64_t guildId) {
    auto it = w.chat.guilds.find(guildId);
    return it == w.chat.guilds.end() ? nullptr : &it->second;
}

GuildChannelRec *findGuildChannel(World &w, uint64_t channelId) {
    auto it = w.chat.guildChannels.find(channelId);
    return it == w.chat.guildChannels.end() ? nullptr : &it->second;
}

bool sharesGuild(const World &w, uint64_t a, uint64_t b) {
    const auto &ga = indexOf(w.chat.guildsOfUser, a), &gb = indexOf(w.chat.guildsOfUser, b);
    const auto &fewer = ga.size() <= gb.size() ? ga : gb, &more = &fewer == &ga ? gb : ga;
    return std::any_of(fewer.begin(), fewer.end(), [&](uint64_t id) { return more.count(id) != 0; });
}

uint64_t createGuild(World &w, const std::string &name, std::string *err) {
    if (!validName(name)) {
        *err = "400: guild name must be 1-100 characters of valid UTF-8";
        return 0;
    }
    Guild g;
    g.id = clock::nextSnowflake();
    g.name = name;
    const uint64_t id = g.id;
    w.chat.guilds.emplace(id, std::move(g));
    return id;
}

bool addGuildMember(World &w, uint64_t guildId, uint64_t userId, std::string *err) {
    Guild *g = findGuild(w, guildId);
    if (g == nullptr) {
        *err = "404: unknown guild " + std::to_string(guildId);
        return false;
    }
    if (findUser(w, userId) == nullptr) {
        *err = "404: unknown user " + std::to_string(userId);
        return false;
    }
    g->members.insert(userId);
    indexAdd(w.chat.guildsOfUser, userId, g->id);
    return true;
}

bool removeGuild(World &w, uint64_t guildId, std::string *err) {
    auto it = w.chat.guilds.find(guildId);
    if (it == w.chat.guilds.end()) {
        *err = "404: unknown guild " + std::to_string(guildId);
        return false;
    }
    for (uint64_t user : it->second.members) indexRemove(w.chat.guildsOfUser, user, guildId);
    w.chat.guilds.erase(it);
    for (uint64_t channel : indexOf(w.chat.channelsOfGuild, guildId)) w.chat.guildChannels.erase(channel);
    w.chat.channelsOfGuild.erase(guildId);
    return true;
}

const char *guildChannelProblem(uint64_t guildId, int32_t type, bool linkable, const GuildChannelRec *parent,
                                bool hasParent) {
    if (!isGuildType(type)) return "the channel type is not a guild channel type";
    if (hasParent && (parent == nullptr || parent->guildId != guildId || parent->type != Platform_ChannelType_GuildCategory ||
                      type == Platform_ChannelType_GuildCategory)) {
        return "the parent must be a category of the same guild (categories have no parent)";
    }
    if (linkable && type != Platform_ChannelType_GuildText) return "only text channels can be linked to lobbies";
    return nullptr;
}

uint64_t createGuildChannel(World &w, uint64_t guildId, const std::string &name, int32_t type, int32_t position,
                            uint64_t parentId, bool linkable, std::string *err) {
    if (findGuild(w, guildId) == nullptr) {
        *err = "404: unknown guild " + std::to_string(guildId);
        return 0;
    }
    if (!validName(name)) {
        *err = "400: channel name must be 1-100 characters of valid UTF-8";
        return 0;
    }
    if (const char *why = guildChannelProblem(guildId, type, linkable, findGuildChannel(w, parentId), parentId != 0)) {
        *err = std::string("400: ") + why;
        return 0;
    }
    GuildChannelRec c;
    c.id = clock::nextSnowflake();
    c.guildId = guildId;
    c.name = name;
    c.type = type;
    c.position = position;
    c.parentId = parentId;
    c.linkable = linkable;
    const uint64_t id = c.id;
    indexAdd(w.chat.channelsOfGuild, guildId, id);
    w.chat.guildChannels.emplace(id, std::move(c));
    return id;
}

bool acceptGuildInvite(World &w, const std::string &url, uint64_t userId, uint64_t now, std::string *err) {
    const size_t at = url.rfind("/invite/");
    const std::string code = at == std::string::npos ? url : url.substr(at + 8);
    auto it = w.chat.invites.find(code);
    if (code.empty() || it == w.chat.invites.end()) {
        *err = "404: unknown invite";
        return false;
    }
    GuildInvite &inv = it->second;
    if (inv.used) {
        *err = "404: unknown invite (already used)";
        return false;
    }
    if (now >= inv.expiresAtMs) {
        *err = "404: unknown invite (expired)";
        return false;
    }
    if (findUser(w, userId) == nullptr) {
        *err = "404: unknown user " + std::to_string(userId);
        return false;
    }
    if (userId != inv.userId) {
        *err = "403: the invite was created for another user";
        return false;
    }
    Guild *g = findGuild(w, inv.guildId);
    if (g == nullptr) {
        *err = "404: unknown guild " + std::to_string(inv.guildId);
        return false;
    }
    inv.used = true;
    g->members.insert(userId);
    indexAdd(w.chat.guildsOfUser, userId, g->id);
    return true;
}

OpOutcome userGuilds(World &w, uint64_t user) {
    OpOutcome out = outcomeOf(result::ok());
    for (uint64_t id : indexOf(w.chat.guildsOfUser, user)) {
        if (const Guild *g = findGuild(w, id)) out.guilds.push_back({id, g->name});
    }
    return out;
}

// Client order: channels without a category first, then each category followed by its
// children; within a level text-like channels before voice channels, then by position, then id.
OpOutcome guildChannels(World &w, uint64_t user, uint64_t guildId) {
    const Guild *g = findGuild(w, guildId);
    if (g == nullptr) return fail(404, kErrUnknownGuild, "Unknown Guild");
    if (g->members.count(user) == 0) return fail(403, kErrMissingAccess, "Missing Access: not a member of the guild");
    std::vector<const GuildChannelRec *> top, categories;
    std::map<uint64_t, std::vector<const GuildChannelRec *>> children;
    for (uint64_t id : indexOf(w.chat.channelsOfGuild, guildId)) {
        const GuildChannelRec &c = w.chat.guildChannels.at(id);
        if (c.type == Platform_ChannelType_GuildCategory) {
            categories.push_back(&c);
        } else if (c.parentId == 0) {
            top.push_back(&c);
        } else {
            children[c.parentId].push_back(&c);
        }
    }
    std::sort(top.begin(), top.end(), clientOrder);
    std::sort(categories.begin(), categories.end(), clientOrder);
    OpOutcome out = outcomeOf(result::ok());
    for (const GuildChannelRec *c : top) out.guildChannels.push_back(toData(w, *c));
    for (const GuildChannelRec *cat : categories) {
        out.guildChannels.push_back(toData(w, *cat));
        auto &kids = children[cat->id];
        std::sort(kids.begin(), kids.end(), clientOrder);
        for (const GuildChannelRec *c : kids) out.guildChannels.push_back(toData(w, *c));
    }
    return out;
}

OpOutcome linkChannel(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, uint64_t channelId, uint64_t t) {
    Lobby *l = findLobby(w, lobbyId);
    if (auto err = checkLinker(app, user, l)) return std::move(*err);
    GuildChannelRec *c = findGuildChannel(w, channelId);
    if (c == nullptr) return fail(404, kErrUnknownChannel, "Unknown Channel");
    const Guild *g = findGuild(w, c->guildId);
    if (g == nullptr || g->members.count(user) == 0) {
        return fail(403, kErrMissingAccess, "Missing Access: not a member of the channel's guild");
    }
    if (!c->linkable) return fail(400, kErrWrongChannelType, "The channel cannot be linked to a lobby");
    if (l->linkedChannelId != 0) return fail(400, kErrAlreadyLinked, "The lobby is already linked to a channel");
    if (c->linkedLobbyId != 0) return fail(400, kErrAlreadyLinked, "The channel is already linked to a lobby");
    l->linkedChannelId = channelId;
    c->linkedLobbyId = lobbyId;
    notifyLobbyUpdated(w, *l, pushDue(w, t), 0);
    return outcomeOf(result::ok());
}

OpOutcome unlinkChannel(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, uint64_t t) {
    Lobby *l = findLobby(w, lobbyId);
    if (auto err = checkLinker(app, user, l)) return std::move(*err);
    if (l->linkedChannelId == 0) return fail(400, kErrWrongChannelType, "The lobby is not linked to a channel");
    unlinkLobby(w, *l);
    notifyLobbyUpdated(w, *l, pushDue(w, t), 0);
    return outcomeOf(result::ok());
}

OpOutcome createLobbyInvite(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, const std::string &webBase,
                            uint64_t t) {
    const Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr || l->appId != app) return fail(404, kErrUnknownChannel, "Unknown Lobby");
    if (l->members.count(user) == 0) return fail(403, kErrMissingAccess, "Missing Access: not a member of the lobby");
    const GuildChannelRec *c = findGuildChannel(w, l->linkedChannelId);
    if (c == nullptr) return fail(400, kErrWrongChannelType, "The lobby is not linked to a channel");
    std::string code;
    do {
        code = crypto::randomToken(6);  // 8 base64url characters
    } while (w.chat.invites.count(code) != 0);
    w.chat.invites.emplace(code, GuildInvite{c->guildId, c->id, user, t + kInviteLifetimeMs, false});
    OpOutcome out = outcomeOf(result::ok());
    out.text = webBase + "/invite/" + code;
    return out;
}

void unlinkLobby(World &w, Lobby &l) {
    if (l.linkedChannelId == 0) return;
    if (GuildChannelRec *c = findGuildChannel(w, l.linkedChannelId); c != nullptr && c->linkedLobbyId == l.id) {
        c->linkedLobbyId = 0;
    }
    l.linkedChannelId = 0;
}

LinkedChannelData linkedChannelOf(World &w, const Lobby &l) {
    const GuildChannelRec *c = findGuildChannel(w, l.linkedChannelId);
    if (c == nullptr) return {};
    return LinkedChannelData{c->id, c->name, c->guildId};
}

}  // namespace psim
