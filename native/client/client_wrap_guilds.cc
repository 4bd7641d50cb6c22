// ClientWrap, guilds: the user's guilds and their channels, and linking a guild channel to a lobby.
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/guild_snapshot.h"
#include "values/js_convert.h"

namespace psdk {

using platformpp::ClientResult;

void ClientWrap::AddGuildMethods(MethodList &methods) {
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::GetUserGuilds>("getUserGuilds"),
      InstanceMethod<&ClientWrap::GetGuildChannels>("getGuildChannels"),
      InstanceMethod<&ClientWrap::LinkChannelToLobby>("linkChannelToLobby"),
      InstanceMethod<&ClientWrap::UnlinkChannelFromLobby>("unlinkChannelFromLobby"),
      InstanceMethod<&ClientWrap::JoinLinkedLobbyGuild>("joinLinkedLobbyGuild"),
  });
}

// getUserGuilds(opId) → [guilds]
Napi::Value ClientWrap::GetUserGuilds(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto sink = sink_;
  Sdk(info).GetUserGuilds([sink, op](ClientResult result, std::vector<platformpp::GuildMinimal> guilds) {
    CompleteGuilds(*sink, op, CaptureResult(result), CaptureGuilds(guilds));
  });
  return info.Env().Undefined();
}

// getGuildChannels(opId, guildId) → [channels] (client order)
Napi::Value ClientWrap::GetGuildChannels(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t guild = ArgId(info, 1, "guildId");
  auto sink = sink_;
  Sdk(info).GetGuildChannels(guild, [sink, op](ClientResult result, std::vector<platformpp::GuildChannel> channels) {
    CompleteGuildChannels(*sink, op, CaptureResult(result), CaptureGuildChannels(channels));
  });
  return info.Env().Undefined();
}

// linkChannelToLobby(opId, lobbyId, channelId)
Napi::Value ClientWrap::LinkChannelToLobby(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t lobby = ArgId(info, 1, "lobbyId");
  uint64_t channel = ArgId(info, 2, "channelId");
  Sdk(info).LinkChannelToLobby(lobby, channel, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// unlinkChannelFromLobby(opId, lobbyId)
Napi::Value ClientWrap::UnlinkChannelFromLobby(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).UnlinkChannelFromLobby(ArgId(info, 1, "lobbyId"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// joinLinkedLobbyGuild(opId, lobbyId) → [inviteUrl]; a MergeRequired event may come first
Napi::Value ClientWrap::JoinLinkedLobbyGuild(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t lobby = ArgId(info, 1, "lobbyId");
  auto sink = sink_;
  Sdk(info).JoinLinkedLobbyGuild(lobby, MergeRequired(op), [sink, op](ClientResult result, std::string inviteUrl) {
    CompleteUrl(*sink, op, CaptureResult(result), inviteUrl);
  });
  return info.Env().Undefined();
}

}  // namespace psdk
