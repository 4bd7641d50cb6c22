// Guild lists as event payloads: they arrive in SDK callbacks as spans of records that the
// callback must copy (the span is freed when the callback returns).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "native_event.h"
#include "platformpp_bound.h"

namespace psdk {

struct GuildData {
  uint64_t id = 0;
  std::string name;
};

struct GuildChannelData {
  uint64_t id = 0;
  std::string name;
  int32_t type = 0;
  int32_t position = 0;
  std::optional<uint64_t> parentId;
  bool linkable = false;
  bool viewableAndWriteableByAllMembers = false;
  std::optional<std::pair<uint64_t, uint64_t>> linkedLobby;  // (applicationId, lobbyId)
};

class GuildListPayload final : public Payload {
 public:
  explicit GuildListPayload(const std::vector<platformpp::GuildMinimal> &guilds);
  Napi::Value ToJs(Napi::Env env) const override;

 private:
  std::vector<GuildData> list_;
};

class GuildChannelListPayload final : public Payload {
 public:
  explicit GuildChannelListPayload(const std::vector<platformpp::GuildChannel> &channels);
  Napi::Value ToJs(Napi::Env env) const override;

 private:
  std::vector<GuildChannelData> list_;
};

}  // namespace psdk
