// A LobbyHandle read into plain data: {id, metadata, members[] with their users, linkedChannel,
// callInfo}. Read on the JS thread when asked for (lobbies persist while the user is a member,
// unlike messages), so nothing here runs inside an SDK callback. The codecs (EncodeLobby, read
// back by lib/boundary.ts readLobby) are generated from native/boundary/boundary.schema.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/platformpp_bound.h"
#include "values/user_snapshot.h"

namespace psdk {

struct LobbyMemberData {
  uint64_t id = 0;
  bool connected = false, canLinkLobby = false;
  std::unordered_map<std::string, std::string> metadata;
  std::optional<UserData> user;
};

struct LinkedChannelData {
  uint64_t id = 0;
  std::string name;
  uint64_t guildId = 0;
};

struct LobbyCallParticipantData {
  uint64_t userId = 0;
  bool selfMute = false, selfDeaf = false;
};

struct CallInfoData {
  uint64_t channelId = 0, guildId = 0;  // guildId 0: none
  std::vector<LobbyCallParticipantData> participants;
};

struct LobbyData {
  uint64_t id = 0;
  std::unordered_map<std::string, std::string> metadata;
  std::vector<LobbyMemberData> members;
  std::optional<LinkedChannelData> linkedChannel;
  std::optional<CallInfoData> callInfo;
};

LobbyData CaptureLobby(const platformpp::LobbyHandle &lobby);

}  // namespace psdk
