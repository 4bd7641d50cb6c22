// ClientWrap, lobbies and linked channels.
#include "client_events.h"
#include "client_wrap.h"
#include "guild_snapshot.h"
#include "js_convert.h"
#include "lobby_snapshot.h"

namespace psdk {

using platformpp::ClientResult;

platformpp::Client::ProvisionalUserMergeRequiredCallback ClientWrap::MergeRequired(uint32_t op) const {
  auto sink = sink_;
  return [sink, op]() { PushMergeRequired(*sink, op); };
}

// createOrJoinLobby(opId, secret, lobbyMetadata?, memberMetadata?) → [lobbyId]
Napi::Value ClientWrap::CreateOrJoinLobby(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  std::string secret = ArgString(info, 1, "secret");
  auto sink = sink_;
  auto done = [sink, op](ClientResult result, uint64_t lobbyId) {
    CompleteLobbyId(*sink, op, CaptureResult(result), lobbyId);
  };
  bool withMetadata = (info.Length() > 2 && !info[2].IsUndefined()) || (info.Length() > 3 && !info[3].IsUndefined());
  if (withMetadata) {
    auto lobbyMetadata = ToStringMap(info[2], "lobbyMetadata");
    auto memberMetadata = ToStringMap(info.Length() > 3 ? info[3] : info.Env().Undefined(), "memberMetadata");
    Sdk(info).CreateOrJoinLobbyWithMetadata(secret, lobbyMetadata, memberMetadata, done);
  } else {
    Sdk(info).CreateOrJoinLobby(secret, done);
  }
  return info.Env().Undefined();
}

// leaveLobby(opId, lobbyId)
Napi::Value ClientWrap::LeaveLobby(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).LeaveLobby(ArgId(info, 1, "lobbyId"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// getLobby(lobbyId) → lobby | null
Napi::Value ClientWrap::GetLobby(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "lobbyId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::LobbyHandle> lobby = client_->GetLobbyHandle(id);
  return lobby ? Napi::Value(LobbyToJs(info.Env(), *lobby)) : info.Env().Null();
}

Napi::Value ClientWrap::GetLobbyIds(const Napi::CallbackInfo &info) {
  if (!client_) return Napi::Array::New(info.Env());
  return IdsToJs(info.Env(), client_->GetLobbyIds());
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
