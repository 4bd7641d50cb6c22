#include "values/message_snapshot.h"

#include "runtime/inlining.h"

namespace psdk {

namespace {

// A map the SDK handed out into `into` (cleared first), then released as the ABI says. Most are
// empty into an empty map: clear() would still zero the bucket array (a memset call) every time,
// and the copying loop's registers were most of an empty map's cost, so that case is inline.
PSDK_NOINLINE void CopyPropertiesInto(std::unordered_map<std::string, std::string> &into, Platform_Properties p) {
  if (!into.empty()) into.clear();
  if (p.size != 0 && p.keys != nullptr && p.values != nullptr) {
    into.reserve(p.size);
    for (size_t i = 0; i < p.size; ++i) {
      into.emplace(std::string(reinterpret_cast<const char *>(p.keys[i].ptr), p.keys[i].size),
                   std::string(reinterpret_cast<const char *>(p.values[i].ptr), p.values[i].size));
    }
  }
}
void TakePropertiesInto(std::unordered_map<std::string, std::string> &into, const Platform_Properties &p) {
  struct Release {  // also when a copy throws (out of memory): the map is the caller's to release
    const Platform_Properties &p;
    ~Release() { Sdk().Platform_FreeProperties(p); }
  } release{p};
  if (p.size != 0 || !into.empty()) CopyPropertiesInto(into, p);
}

// A message's string into a MessageData (copied, the SDK's freed) or a MessageListRecord (kept).
template <class Getter>
void TakeInto(std::string &into, Getter getter, Platform_MessageHandle *h) {
  Platform_String s{};
  getter(h, &s);
  TakeStringInto(into, s);
}
template <class Getter>
void TakeInto(SdkString &into, Getter getter, Platform_MessageHandle *h) {
  getter(h, into.Out());
}
// An optional getter (false: none, and `*out` is not the caller's) into an SdkString; the
// std::string form is values/user_snapshot.h's, brought in beside it.
using psdk::TakeOptionalInto;
template <class Getter>
void TakeOptionalInto(std::optional<SdkString> &into, Getter getter, Platform_MessageHandle *h) {
  SdkString &out = into ? *into : into.emplace();
  if (!getter(h, out.Out())) {
    out.Forget();
    into.reset();
  }
}

// Every field but the author and the channel's lobby and type, the parts the captures below
// read differently. The C ABI is read directly where platformpp would return a fresh std::string
// or map for each getter: each string is taken once, into `d`'s own (whose buffer a reused record
// keeps) or, in a MessageListRecord, kept as the SDK's until it is encoded. Every field it reads
// is overwritten.
template <class Record>
void CaptureMessageFields(Record &d, const platformpp::MessageHandle &m) {
  const SdkTable &sdk = Sdk();
  Platform_MessageHandle *h = m.instance();
  d.id = sdk.Platform_MessageHandle_Id(h);
  d.authorId = sdk.Platform_MessageHandle_AuthorId(h);
  d.channelId = sdk.Platform_MessageHandle_ChannelId(h);
  d.recipientId = sdk.Platform_MessageHandle_RecipientId(h);
  uint64_t applicationId = 0;
  if (sdk.Platform_MessageHandle_ApplicationId(h, &applicationId)) d.applicationId = applicationId;
  else d.applicationId.reset();
  TakeInto(d.content, sdk.Platform_MessageHandle_Content, h);
  TakeInto(d.rawContent, sdk.Platform_MessageHandle_RawContent, h);
  // An absent symbol (SDK < 1.10): the loader's fallback says "none".
  TakeOptionalInto(d.additionalName, sdk.Platform_MessageHandle_AdditionalName, h);
  Platform_Properties p{};
  sdk.Platform_MessageHandle_Metadata(h, &p);
  TakePropertiesInto(d.metadata, p);
  p = {};
  sdk.Platform_MessageHandle_ModerationMetadata(h, &p);
  TakePropertiesInto(d.moderationMetadata, p);
  // Additional content and disclosure through the C ABI too: platformpp's getters wrapped even
  // an absent value in a std::optional of a wrapper object (~15 instructions each). Present
  // content (rare) is adopted by platformpp's wrapper, which drops it however this scope ends.
  Platform_AdditionalContent content{};
  if (sdk.Platform_MessageHandle_AdditionalContent(h, &content)) {
    const platformpp::AdditionalContent ac(content, platformpp::PlatformObjectState::Owned);
    d.additionalContent = MessageData::Additional{static_cast<int32_t>(ac.Type()), ac.Title(), ac.Count()};
  } else {
    d.additionalContent.reset();
  }
  Platform_DisclosureTypes disclosure{};
  if (sdk.Platform_MessageHandle_DisclosureType(h, &disclosure)) d.disclosureType = static_cast<int32_t>(disclosure);
  else d.disclosureType.reset();
  d.sentFromGame = sdk.Platform_MessageHandle_SentFromGame(h);
  d.sentTimestamp = sdk.Platform_MessageHandle_SentTimestamp(h);
  d.editedTimestamp = sdk.Platform_MessageHandle_EditedTimestamp(h);
}

}  // namespace

void CaptureMessageInto(MessageData &d, const platformpp::MessageHandle &m, MessageChannelCache *channels) {
  CaptureMessageFields(d, m);
  if (std::optional<platformpp::UserHandle> author = m.Author()) {
    CaptureUserInto(d.author ? *d.author : d.author.emplace(), *author);
  } else {
    d.author.reset();
  }
  // Whether the SDK shows the message's lobby and channel is the client's state when the message
  // is read (a lobby left meanwhile: neither), so the lobby is asked every time; only the type of
  // a shown lobby's channel, fixed when the channel is made, comes from `channels`.
  std::optional<platformpp::LobbyHandle> lobby = m.Lobby();
  d.lobbyId = lobby ? lobby->Id() : 0;
  if (channels != nullptr && lobby) {
    if (const MessageListChannel *known = channels->Find(d.channelId); known != nullptr && known->lobbyId == d.lobbyId) {
      d.channelType = known->channelType;
      return;
    }
  }
  std::optional<platformpp::ChannelHandle> channel = m.Channel();
  d.channelType = channel ? static_cast<int32_t>(channel->Type()) : -1;
  // Kept: a shown lobby's shown channel (channel 0 is what every getter of a message gone from
  // the SDK's cache reads). A DM's is read every time.
  if (channels != nullptr && lobby && d.channelId != 0 && d.channelType != -1) {
    channels->Remember(MessageListChannel{true, d.channelId, d.lobbyId, d.channelType});
  }
}

MessageData CaptureMessage(const platformpp::MessageHandle &m) {
  MessageData d;
  CaptureMessageInto(d, m);
  return d;
}

// CaptureMessageInto's fields without the author, and the channel's lobby and type read once per
// channel (a channel's lobby and type are fixed when it is made).
void CaptureListMessageInto(MessageListRecord &d, const platformpp::MessageHandle &m, MessageListChannel &channel) {
  CaptureMessageFields(d, m);
  if (!channel.known || channel.channelId != d.channelId) {
    channel = MessageListChannel{true, d.channelId, 0, -1};
    if (std::optional<platformpp::LobbyHandle> lobby = m.Lobby()) channel.lobbyId = lobby->Id();
    if (std::optional<platformpp::ChannelHandle> c = m.Channel()) channel.channelType = static_cast<int32_t>(c->Type());
  }
  d.lobbyId = channel.lobbyId;
  d.channelType = channel.channelType;
}

std::vector<MessageSummaryData> CaptureMessageSummaries(const std::vector<platformpp::UserMessageSummary> &summaries) {
  std::vector<MessageSummaryData> list;
  list.reserve(summaries.size());
  for (const auto &s : summaries) list.push_back({s.UserId(), s.LastMessageId()});
  return list;
}

}  // namespace psdk
