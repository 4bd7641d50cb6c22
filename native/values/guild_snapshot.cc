#include "values/guild_snapshot.h"

namespace psdk {

std::vector<GuildData> CaptureGuilds(const std::vector<platformpp::GuildMinimal> &guilds) {
  std::vector<GuildData> list;
  list.reserve(guilds.size());
  for (const auto &g : guilds) list.push_back({g.Id(), g.Name()});
  return list;
}

std::vector<GuildChannelData> CaptureGuildChannels(const std::vector<platformpp::GuildChannel> &channels) {
  std::vector<GuildChannelData> list;
  list.reserve(channels.size());
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
      d.linkedLobby = LinkedLobbyData{linked->ApplicationId(), linked->LobbyId()};
    }
    list.push_back(std::move(d));
  }
  return list;
}

}  // namespace psdk
