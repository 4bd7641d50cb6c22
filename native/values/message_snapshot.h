// MessageData: every field of a MessageHandle, read at once. The SDK keeps only the 25 most
// recent messages per channel, so a message must be captured inside the callback that announces
// it (a burst of 1,000 would otherwise lose all but the last 25 before JS sees them).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/platformpp_bound.h"
#include "values/sdk_string.h"
#include "values/user_snapshot.h"

namespace psdk {

// A channel as getChannel returns it.
struct ChannelData {
  uint64_t id = 0;
  std::string name;
  std::vector<uint64_t> recipients;
  int32_t type = 0;
};


// Every field of a message but its three strings: MessageData copies those, MessageListRecord
// holds them as the SDK handed them out. The generated encoder (EncodeMessageOf,
// native/boundary/boundary_codecs.h) reads either by the schema's field names.
struct MessageFields {
  uint64_t id = 0, authorId = 0, channelId = 0, lobbyId = 0, recipientId = 0;
  std::optional<uint64_t> applicationId;
  std::unordered_map<std::string, std::string> metadata, moderationMetadata;
  struct Additional {
    int32_t type = 0;
    std::optional<std::string> title;
    int32_t count = 0;
  };
  std::optional<Additional> additionalContent;
  std::optional<int32_t> disclosureType;
  bool sentFromGame = false;
  uint64_t sentTimestamp = 0, editedTimestamp = 0;
  std::optional<UserData> author;
  int32_t channelType = -1;  // -1: channel not known to the SDK
};

struct MessageData : MessageFields {
  std::string content, rawContent;
  std::optional<std::string> additionalName;
};

// A message of a list (a history) as it is encoded: its strings still the SDK's, freed when the
// next message is captured into the record or the record is destroyed (a throw included).
struct MessageListRecord : MessageFields {
  SdkString content, rawContent;
  std::optional<SdkString> additionalName;
};

// One direct-message conversation of GetUserMessageSummaries: a span the callback must copy.
struct MessageSummaryData {
  uint64_t userId = 0, lastMessageId = 0;
};

// What the messages of one channel share, read from one of them instead of from every one: the
// channel's type and lobby are the channel's (fixed when it is made), and reading them costs a
// lobby and a channel handle per message (a registry entry each; the ABI has no message getter
// for either).
struct MessageListChannel {
  bool known = false;
  uint64_t channelId = 0, lobbyId = 0;
  int32_t channelType = -1;
};

// The lobby channels a client's live messages came from lately, for CaptureMessageInto (owner
// thread only: ClientSink::OwnerCapture): their type, so that a message of a lobby the SDK shows
// needs no channel handle. A few entries, the oldest replaced: a client chats in a handful of
// lobbies at a time, and a miss only costs the handle it saves. Whether the lobby is shown at all
// is asked at every message (the client may have left it).
class MessageChannelCache {
 public:
  static constexpr size_t kEntries = 8;
  const MessageListChannel *Find(uint64_t channelId) const {
    for (const MessageListChannel &c : entries_) {
      if (c.known && c.channelId == channelId) return &c;
    }
    return nullptr;
  }
  void Remember(const MessageListChannel &channel) {
    entries_[next_] = channel;
    next_ = (next_ + 1) % kEntries;
  }

 private:
  std::array<MessageListChannel, kEntries> entries_{};
  size_t next_ = 0;
};

MessageData CaptureMessage(const platformpp::MessageHandle &message);
// The same into `d`, every field overwritten, reusing its strings' buffers (the live event path
// captures, encodes and discards one message after another). `message` must be a valid handle.
// With `channels`, the message's lobby and channel type come from it when it has the channel, and
// go into it when it had not.
void CaptureMessageInto(MessageData &d, const platformpp::MessageHandle &message, MessageChannelCache *channels = nullptr);

// The owner thread's live capture state (ClientSink::OwnerCapture): the record one message after
// another is captured into, and the channels they came from.
struct LiveMessageCapture {
  MessageData message;
  MessageChannelCache channels;
};
// CaptureMessage for a message of a list: without the author (`author` left empty, `authorId`
// read: a history captures each distinct author once, native/client/client_wrap_messages.cc
// HistoryCompletion), and its channel's lobby and type as `channel` has them when the channel is
// the one it read last. Into `d`, every field overwritten but `author` (the caller's): a list's
// messages reuse one record (its maps keep their buckets), whose strings are the SDK's own until
// the next message's replace them.
void CaptureListMessageInto(MessageListRecord &d, const platformpp::MessageHandle &message, MessageListChannel &channel);
std::vector<MessageSummaryData> CaptureMessageSummaries(const std::vector<platformpp::UserMessageSummary> &summaries);
// Their codecs (EncodeMessage beside MessageToJs, EncodeMessageSummary) are generated: native/boundary/boundary_codecs.h.

}  // namespace psdk
