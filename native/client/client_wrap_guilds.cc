// ClientWrap, guilds: the user's guilds and their channels, and linking a guild channel to a lobby.
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/guild_snapshot.h"
#include "values/js_convert.h"

namespace psdk {

using platformpp::ClientResult;

void ClientWrap::GetUserGuilds(Op<GuildsCompletion> op) {
  Sdk().GetUserGuilds([sink = sink_, op](ClientResult result, std::vector<platformpp::GuildMinimal> guilds) {
    CompleteGuilds(*sink, op, CaptureResult(result), CaptureGuilds(guilds));
  });
}

// The channels in client order.
void ClientWrap::GetGuildChannels(Op<GuildChannelsCompletion> op, uint64_t guildId) {
  Sdk().GetGuildChannels(guildId, [sink = sink_, op](ClientResult result, std::vector<platformpp::GuildChannel> channels) {
    CompleteGuildChannels(*sink, op, CaptureResult(result), CaptureGuildChannels(channels));
  });
}

void ClientWrap::LinkChannelToLobby(Op<DoneCompletion> op, uint64_t lobbyId, uint64_t channelId) {
  Sdk().LinkChannelToLobby(lobbyId, channelId, ResultCompletion(sink_, op));
}

void ClientWrap::UnlinkChannelFromLobby(Op<DoneCompletion> op, uint64_t lobbyId) {
  Sdk().UnlinkChannelFromLobby(lobbyId, ResultCompletion(sink_, op));
}

// Completes with the invite URL; a MergeRequired event may come first.
void ClientWrap::JoinLinkedLobbyGuild(Op<UrlCompletion> op, uint64_t lobbyId) {
  Sdk().JoinLinkedLobbyGuild(lobbyId, MergeRequired(op), [sink = sink_, op](ClientResult result, std::string inviteUrl) {
    CompleteUrl(*sink, op, CaptureResult(result), inviteUrl);
  });
}

#include "client/client_wrap_guilds_methods.inc"

}  // namespace psdk
