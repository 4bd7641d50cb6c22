#include "values/lobby_snapshot.h"

namespace psdk {

namespace {

LobbyMemberData CaptureMember(const platformpp::LobbyMemberHandle &m) {
  LobbyMemberData d;
  d.id = m.Id();
  d.connected = m.Connected();
  d.canLinkLobby = m.CanLinkLobby();
  d.metadata = m.Metadata();
  if (std::optional<platformpp::UserHandle> user = m.User(); user && *user) d.user = CaptureUser(*user);
  return d;
}

CallInfoData CaptureCallInfo(const platformpp::CallInfoHandle &c) {
  CallInfoData d;
  d.channelId = c.ChannelId();
  d.guildId = c.GuildId();
  for (uint64_t id : c.GetParticipants()) {
    std::optional<platformpp::VoiceStateHandle> voice = c.GetVoiceStateHandle(id);
    d.participants.push_back({id, voice && voice->SelfMute(), voice && voice->SelfDeaf()});
  }
  return d;
}

}  // namespace

LobbyData CaptureLobby(const platformpp::LobbyHandle &lobby) {
  LobbyData d;
  d.id = lobby.Id();
  d.metadata = lobby.Metadata();
  std::vector<platformpp::LobbyMemberHandle> members = lobby.LobbyMembers();
  d.members.reserve(members.size());
  for (const platformpp::LobbyMemberHandle &m : members) d.members.push_back(CaptureMember(m));
  if (std::optional<platformpp::LinkedChannel> linked = lobby.LinkedChannel()) {
    d.linkedChannel = LinkedChannelData{linked->Id(), linked->Name(), linked->GuildId()};
  }
  if (std::optional<platformpp::CallInfoHandle> call = lobby.GetCallInfoHandle()) d.callInfo = CaptureCallInfo(*call);
  return d;
}

}  // namespace psdk
