#include "values/message_snapshot.h"

namespace psdk {

MessageData CaptureMessage(const platformpp::MessageHandle &m) {
  MessageData d;
  d.id = m.Id();
  d.authorId = m.AuthorId();
  d.channelId = m.ChannelId();
  d.recipientId = m.RecipientId();
  d.applicationId = m.ApplicationId();
  d.content = m.Content();
  d.rawContent = m.RawContent();
  d.additionalName = m.AdditionalName();  // absent symbol (SDK < 1.10): the loader's fallback says "none"
  d.metadata = m.Metadata();
  d.moderationMetadata = m.ModerationMetadata();
  if (std::optional<platformpp::AdditionalContent> ac = m.AdditionalContent()) {
    d.additionalContent = MessageData::Additional{static_cast<int32_t>(ac->Type()), ac->Title(), ac->Count()};
  }
  if (std::optional<platformpp::DisclosureTypes> disclosure = m.DisclosureType()) {
    d.disclosureType = static_cast<int32_t>(*disclosure);
  }
  d.sentFromGame = m.SentFromGame();
  d.sentTimestamp = m.SentTimestamp();
  d.editedTimestamp = m.EditedTimestamp();
  if (std::optional<platformpp::UserHandle> author = m.Author()) d.author = CaptureUser(*author);
  if (std::optional<platformpp::LobbyHandle> lobby = m.Lobby()) d.lobbyId = lobby->Id();
  if (std::optional<platformpp::ChannelHandle> channel = m.Channel()) d.channelType = static_cast<int32_t>(channel->Type());
  return d;
}

// The same reads as CaptureMessage but the author's and, once per channel, the channel's (kept
// beside it so a field added there is seen here: test/history.test.ts compares a history's
// messages with the same ones delivered live).
MessageData CaptureListMessage(const platformpp::MessageHandle &m, MessageListChannel &channel) {
  MessageData d;
  d.id = m.Id();
  d.authorId = m.AuthorId();
  d.channelId = m.ChannelId();
  d.recipientId = m.RecipientId();
  d.applicationId = m.ApplicationId();
  d.content = m.Content();
  d.rawContent = m.RawContent();
  d.additionalName = m.AdditionalName();
  d.metadata = m.Metadata();
  d.moderationMetadata = m.ModerationMetadata();
  if (std::optional<platformpp::AdditionalContent> ac = m.AdditionalContent()) {
    d.additionalContent = MessageData::Additional{static_cast<int32_t>(ac->Type()), ac->Title(), ac->Count()};
  }
  if (std::optional<platformpp::DisclosureTypes> disclosure = m.DisclosureType()) {
    d.disclosureType = static_cast<int32_t>(*disclosure);
  }
  d.sentFromGame = m.SentFromGame();
  d.sentTimestamp = m.SentTimestamp();
  d.editedTimestamp = m.EditedTimestamp();
  if (!channel.known || channel.channelId != d.channelId) {
    channel = MessageListChannel{true, d.channelId, 0, -1};
    if (std::optional<platformpp::LobbyHandle> lobby = m.Lobby()) channel.lobbyId = lobby->Id();
    if (std::optional<platformpp::ChannelHandle> c = m.Channel()) channel.channelType = static_cast<int32_t>(c->Type());
  }
  d.lobbyId = channel.lobbyId;
  d.channelType = channel.channelType;
  return d;
}

std::vector<MessageSummaryData> CaptureMessageSummaries(const std::vector<platformpp::UserMessageSummary> &summaries) {
  std::vector<MessageSummaryData> list;
  list.reserve(summaries.size());
  for (const auto &s : summaries) list.push_back({s.UserId(), s.LastMessageId()});
  return list;
}

}  // namespace psdk
