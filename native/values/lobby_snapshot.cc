#include "values/lobby_snapshot.h"

#include "values/js_convert.h"
#include "values/user_snapshot.h"

namespace psdk {

namespace {

Napi::Object MemberToJs(Napi::Env env, const platformpp::LobbyMemberHandle &m) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, m.Id()));
  o.Set("connected", Napi::Boolean::New(env, m.Connected()));
  o.Set("canLinkLobby", Napi::Boolean::New(env, m.CanLinkLobby()));
  o.Set("metadata", MapToJs(env, m.Metadata()));
  std::optional<platformpp::UserHandle> user = m.User();
  o.Set("user", user ? UserSnapshotToJs(env, *user) : env.Null());
  return o;
}

Napi::Value CallInfoToJs(Napi::Env env, const platformpp::CallInfoHandle &c) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("channelId", IdToJs(env, c.ChannelId()));
  uint64_t guild = c.GuildId();
  o.Set("guildId", guild ? Napi::Value(IdToJs(env, guild)) : env.Null());
  std::vector<uint64_t> participants = c.GetParticipants();
  Napi::Array list = Napi::Array::New(env, participants.size());
  for (size_t i = 0; i < participants.size(); ++i) {
    Napi::Object p = Napi::Object::New(env);
    p.Set("userId", IdToJs(env, participants[i]));
    std::optional<platformpp::VoiceStateHandle> voice = c.GetVoiceStateHandle(participants[i]);
    p.Set("selfMute", Napi::Boolean::New(env, voice && voice->SelfMute()));
    p.Set("selfDeaf", Napi::Boolean::New(env, voice && voice->SelfDeaf()));
    list.Set(static_cast<uint32_t>(i), p);
  }
  o.Set("participants", list);
  return o;
}

}  // namespace

Napi::Object LobbyToJs(Napi::Env env, const platformpp::LobbyHandle &lobby) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, lobby.Id()));
  o.Set("metadata", MapToJs(env, lobby.Metadata()));
  std::vector<platformpp::LobbyMemberHandle> members = lobby.LobbyMembers();
  Napi::Array list = Napi::Array::New(env, members.size());
  for (size_t i = 0; i < members.size(); ++i) list.Set(static_cast<uint32_t>(i), MemberToJs(env, members[i]));
  o.Set("members", list);
  if (std::optional<platformpp::LinkedChannel> linked = lobby.LinkedChannel()) {
    Napi::Object l = Napi::Object::New(env);
    l.Set("id", IdToJs(env, linked->Id()));
    l.Set("name", linked->Name());
    l.Set("guildId", IdToJs(env, linked->GuildId()));
    o.Set("linkedChannel", l);
  } else {
    o.Set("linkedChannel", env.Null());
  }
  std::optional<platformpp::CallInfoHandle> call = lobby.GetCallInfoHandle();
  o.Set("callInfo", call ? CallInfoToJs(env, *call) : env.Null());
  return o;
}

}  // namespace psdk
