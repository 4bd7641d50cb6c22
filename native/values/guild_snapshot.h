// Guilds and guild channels as plain data: they arrive in SDK callbacks as
// spans of records that the callback must copy (the span is freed when the callback returns).
// Their codecs are generated from native/boundary/boundary.schema (native/boundary/boundary_codecs.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/platformpp_bound.h"

namespace psdk {

struct GuildData {
  uint64_t id = 0;
  std::string name;
};

struct LinkedLobbyData {
  uint64_t applicationId = 0, lobbyId = 0;
};

struct GuildChannelData {
  uint64_t id = 0;
  std::string name;
  int32_t type = 0;
  int32_t position = 0;
  std::optional<uint64_t> parentId;
  bool linkable = false;
  bool viewableAndWriteableByAllMembers = false;
  std::optional<LinkedLobbyData> linkedLobby;
};

std::vector<GuildData> CaptureGuilds(const std::vector<platformpp::GuildMinimal> &guilds);
std::vector<GuildChannelData> CaptureGuildChannels(const std::vector<platformpp::GuildChannel> &channels);

}  // namespace psdk
