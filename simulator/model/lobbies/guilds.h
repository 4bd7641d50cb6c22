// guilds.h — guilds (servers), their channels, lobby <-> channel links and lobby invites.
//
// Guilds and channels are created by the simulator control ABI. A lobby member with
// CanLinkLobby who is also a member of the channel's guild links a linkable text channel to the
// lobby; messages of a linked lobby then sync to the platform. JoinLinkedLobbyGuild gives a
// member a single-use invite to the linked channel's guild, valid kInviteLifetimeMs.
// World lock held for everything here.
#pragma once

#include <cstdint>
#include <string>

#include "client_state.h"
#include "world.h"

namespace psim {

inline constexpr uint64_t kInviteLifetimeMs = 60 * 60 * 1000;
inline constexpr size_t kMaxGuildNameChars = 100;

Guild *findGuild(World &w, uint64_t guildId);
GuildChannelRec *findGuildChannel(World &w, uint64_t channelId);
bool sharesGuild(const World &w, uint64_t a, uint64_t b);

uint64_t createGuild(World &w, const std::string &name, std::string *err);
bool addGuildMember(World &w, uint64_t guildId, uint64_t userId, std::string *err);
// The guild and its channels are forgotten (sim.guilds.create undoes a creation that failed).
bool removeGuild(World &w, uint64_t guildId, std::string *err);
uint64_t createGuildChannel(World &w, uint64_t guildId, const std::string &name, int32_t type, int32_t position,
                            uint64_t parentId, bool linkable, std::string *err);
// Why a channel of `type` in guild `guildId` cannot exist (nullptr: it can): `parent` is the
// channel it names (nullptr for none; found by the caller, in the world or in a fixture), which
// must be a category of the same guild; categories have none, so parents never form a cycle.
// createGuildChannel and the world fixture loader both apply it (one rule, two ways in).
const char *guildChannelProblem(uint64_t guildId, int32_t type, bool linkable, const GuildChannelRec *parent,
                                bool hasParent);
bool acceptGuildInvite(World &w, const std::string &url, uint64_t userId, uint64_t now, std::string *err);

OpOutcome userGuilds(World &w, uint64_t user);
// Channels in client order (see guilds.cc).
OpOutcome guildChannels(World &w, uint64_t user, uint64_t guildId);
OpOutcome linkChannel(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, uint64_t channelId, uint64_t t);
OpOutcome unlinkChannel(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, uint64_t t);
OpOutcome createLobbyInvite(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, const std::string &webBase,
                            uint64_t t);
// The lobby is going away: its channel link is removed.
void unlinkLobby(World &w, Lobby &l);
LinkedChannelData linkedChannelOf(World &w, const Lobby &l);

}  // namespace psim
