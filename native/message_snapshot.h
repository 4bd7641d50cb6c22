// MessageData: every field of a MessageHandle, read at once. The SDK keeps only the 25 most
// recent messages per channel, so a message must be captured inside the callback that announces
// it (a burst of 1,000 would otherwise lose all but the last 25 before JS sees them).
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "native_event.h"
#include "platformpp_bound.h"
#include "user_snapshot.h"

namespace psdk {

struct MessageData {
  uint64_t id = 0, authorId = 0, channelId = 0, lobbyId = 0, recipientId = 0;
  std::optional<uint64_t> applicationId;
  std::string content, rawContent;
  std::optional<std::string> additionalName;
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

MessageData CaptureMessage(const platformpp::MessageHandle &message);
Napi::Object MessageToJs(Napi::Env env, const MessageData &message);
// The message record of the event tape (readMessage in lib/tape.ts), without a tag.
void EncodeMessage(EventTape &tape, const MessageData &message);

// One message, or a list (history), as an event payload: both cross in the tape.
class MessagePayload final : public Payload {
 public:
  explicit MessagePayload(MessageData message) : message_(std::move(message)) {}
  Napi::Value ToJs(Napi::Env env) const override { return MessageToJs(env, message_); }
  bool Encode(EventTape &tape) const override;

 private:
  MessageData message_;
};

class MessageListPayload final : public Payload {
 public:
  explicit MessageListPayload(std::vector<MessageData> list) : list_(std::move(list)) {}
  Napi::Value ToJs(Napi::Env env) const override;
  bool Encode(EventTape &tape) const override;

 private:
  std::vector<MessageData> list_;
};

// getUserMessageSummaries' result: the last message of each direct-message conversation.
struct MessageSummaryData {
  uint64_t userId = 0, lastMessageId = 0;
};

class MessageSummaryListPayload final : public Payload {
 public:
  explicit MessageSummaryListPayload(const std::vector<platformpp::UserMessageSummary> &summaries);
  Napi::Value ToJs(Napi::Env env) const override;

 private:
  std::vector<MessageSummaryData> list_;
};

}  // namespace psdk
