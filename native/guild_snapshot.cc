#include "guild_snapshot.h"

#include "js_convert.h"

namespace psdk {

GuildListPayload::GuildListPayload(const std::vector<platformpp::GuildMinimal> &guilds) {
  list_.reserve(guilds.size());
  for (const auto &g : guilds) list_.push_back({g.Id(), g.Name()});
}

Napi::Value GuildListPayload::ToJs(Napi::Env env) const {
  Napi::Array a = Napi::Array::New(env, list_.size());
  for (size_t i = 0; i < list_.size(); ++i) {
    Napi::Object o = Napi::Object::New(env);
    o.Set("id", IdToJs(env, list_[i].id));
    o.Set("name", list_[i].name);
    a.Set(static_cast<uint32_t>(i), o);
  }
  return a;
}

GuildChannelListPayload::GuildChannelListPayload(const std::vector<platformpp::GuildChannel> &channels) {
  list_.reserve(channels.size());
  for (const auto &c : channels) {
    GuildChannelData d;
    d.id = c.Id();
    d.name = c.Name();
    d.type = static_cast<int32_t>(c.Type());
    d.position = c.Position();
    d.parentId = c.ParentId();
    d.linkable = c.IsLinkable();
    d.viewableAndWriteableByAllMembers = c.IsViewableAndWriteableByAllMembers();
    if (std::optional<platformpp::LinkedLobby> linked = c.LinkedLobby()) {
      d.linkedLobby = std::make_pair(linked->ApplicationId(), linked->LobbyId());
    }
    list_.push_back(std::move(d));
  }
}

Napi::Value GuildChannelListPayload::ToJs(Napi::Env env) const {
  Napi::Array a = Napi::Array::New(env, list_.size());
  for (size_t i = 0; i < list_.size(); ++i) {
    const GuildChannelData &d = list_[i];
    Napi::Object o = Napi::Object::New(env);
    o.Set("id", IdToJs(env, d.id));
    o.Set("name", d.name);
    o.Set("type", Napi::Number::New(env, d.type));
    o.Set("position", Napi::Number::New(env, d.position));
    o.Set("parentId", d.parentId ? Napi::Value(IdToJs(env, *d.parentId)) : env.Null());
    o.Set("linkable", Napi::Boolean::New(env, d.linkable));
    o.Set("viewableAndWriteableByAllMembers", Napi::Boolean::New(env, d.viewableAndWriteableByAllMembers));
    if (d.linkedLobby) {
      Napi::Object l = Napi::Object::New(env);
      l.Set("applicationId", IdToJs(env, d.linkedLobby->first));
      l.Set("lobbyId", IdToJs(env, d.linkedLobby->second));
      o.Set("linkedLobby", l);
    } else {
      o.Set("linkedLobby", env.Null());
    }
    a.Set(static_cast<uint32_t>(i), o);
  }
  return a;
}

}  // namespace psdk
