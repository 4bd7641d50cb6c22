// ClientWrap, messages: lobby chat, direct messages, history.
#include <atomic>
#include <new>

#include "boundary/boundary_codecs.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/message_snapshot.h"

namespace psdk {

using platformpp::ClientResult;

namespace {

platformpp::Client::SendUserMessageCallback SendCompletion(std::shared_ptr<ClientSink> sink, Op<MessageIdCompletion> op) {
  return [sink = std::move(sink), op](ClientResult result, uint64_t messageId) {
    CompleteMessageId(*sink, op, CaptureResult(result), messageId);
  };
}

// Test hook (failHistoryCaptureAfter, a static of NativeClient that lib/ never calls): the next
// history capture throws std::bad_alloc after this many messages, as a failed allocation would.
// -1: none. Process-wide; the tests' simulator is too.
std::atomic<int32_t> historyCaptureFault{-1};

// History arrives as a span of handles valid only during the callback: capture every message.
// Each is captured, encoded straight into the completion (CompleteMessagesEach, generated: the
// same record as CompleteMessages) and dropped before the next: no list of 200 captured messages
// is built only to be encoded and freed, and each message's strings are still in cache when they
// are encoded. An author is captured at their first message of the list only: the tape carries
// them once and later messages refer to that (boundary.schema `shared`), so a repeat is left out
// here (`tape.SharedRef`); a list has a few authors for its 200 messages. Likewise its channel's
// lobby and type are read once (CaptureListMessage): the list is a snapshot as of its first
// message, author and channel alike.
//
// A capture that throws (out of memory) must not lose the completion: the promise would never
// settle. The partly written completion is discarded (PushEncoded cuts the tape back to where
// the event began: EventTape::Abandon) and the operation fails instead, saying why.
auto HistoryCompletion(std::shared_ptr<ClientSink> sink, Op<MessagesCompletion> op) {
  return [sink = std::move(sink), op](ClientResult result, std::vector<platformpp::MessageHandle> messages) {
    int32_t faultAfter = historyCaptureFault.exchange(-1);
    MessageListChannel channel;
    // One record for the whole list: each message overwrites it once encoded. Its strings stay
    // the SDK's until encoded (each copied once, into the tape), freed by the next capture or
    // at the end of this scope, a throw included.
    MessageListRecord d;
    try {
      CompleteMessagesEach(*sink, op, CaptureResult(result), messages,
                           [&](platformpp::MessageHandle &handle, const EventTape &tape) -> const MessageListRecord & {
        if (faultAfter >= 0 && faultAfter-- == 0) throw std::bad_alloc();
        CaptureListMessageInto(d, handle, channel);
        // A repeat of an author is written as a reference to their first message's record
        // (EncodeMessage checks SharedRef first), so `d.author` is only captured for a first.
        if (tape.SharedRef(d.authorId) < 0) {
          if (std::optional<platformpp::UserHandle> author = handle.Author()) {
            CaptureUserInto(d.author ? *d.author : d.author.emplace(), *author);
          } else {
            d.author.reset();
          }
        }
        // Dropped once read, in place (moving it out into a local cost a move and a destructor
        // per message); after a throw above, the span's vector drops what is still owned.
        handle.Drop();
        return d;
      });
    } catch (const std::exception &e) {
      ResultData failed;
      failed.type = -1;  // not one of the SDK's error types: JS names it 'unknown'
      failed.error = std::string("the history could not be captured (") + e.what() + "); no message was delivered";
      CompleteMessages(*sink, op, failed, {});
    }
  };
}

}  // namespace

void ClientWrap::FailHistoryCaptureAfter(int32_t messages) { historyCaptureFault.store(messages); }

void ClientWrap::SendLobbyMessage(Op<MessageIdCompletion> op, uint64_t lobbyId, const std::string &content,
                                  const std::optional<StringMap> &metadata) {
  if (metadata) {
    Sdk().SendLobbyMessageWithMetadata(lobbyId, content, *metadata, SendCompletion(sink_, op));
  } else {
    Sdk().SendLobbyMessage(lobbyId, content, SendCompletion(sink_, op));
  }
}

void ClientWrap::SendUserMessage(Op<MessageIdCompletion> op, uint64_t recipientId, const std::string &content,
                                 const std::optional<StringMap> &metadata) {
  if (metadata) {
    Sdk().SendUserMessageWithMetadata(recipientId, content, *metadata, SendCompletion(sink_, op));
  } else {
    Sdk().SendUserMessage(recipientId, content, SendCompletion(sink_, op));
  }
}

void ClientWrap::EditUserMessage(Op<DoneCompletion> op, uint64_t recipientId, uint64_t messageId, const std::string &content) {
  Sdk().EditUserMessage(recipientId, messageId, content, ResultCompletion(sink_, op));
}

void ClientWrap::DeleteUserMessage(Op<DoneCompletion> op, uint64_t recipientId, uint64_t messageId) {
  Sdk().DeleteUserMessage(recipientId, messageId, ResultCompletion(sink_, op));
}

// Only the SDK's in-memory messages; crosses as a one-record tape (lib/messages.ts reads it with the
// generated decodeMessage, as it reads a message event).
std::optional<MessageData> ClientWrap::GetMessage(uint64_t messageId) {
  if (!client_) return std::nullopt;
  std::optional<platformpp::MessageHandle> message = client_->GetMessageHandle(messageId);
  if (!message) return std::nullopt;
  return CaptureMessage(*message);
}

std::optional<ChannelData> ClientWrap::GetChannel(uint64_t channelId) {
  if (!client_) return std::nullopt;
  std::optional<platformpp::ChannelHandle> channel = client_->GetChannelHandle(channelId);
  if (!channel) return std::nullopt;
  return ChannelData{channel->Id(), channel->Name(), channel->Recipients(), static_cast<int32_t>(channel->Type())};
}

void ClientWrap::GetLobbyMessages(Op<MessagesCompletion> op, uint64_t lobbyId, int32_t limit) {
  Sdk().GetLobbyMessagesWithLimit(lobbyId, limit, HistoryCompletion(sink_, op));
}

void ClientWrap::GetUserMessages(Op<MessagesCompletion> op, uint64_t recipientId, int32_t limit) {
  Sdk().GetUserMessagesWithLimit(recipientId, limit, HistoryCompletion(sink_, op));
}

void ClientWrap::GetUserMessageSummaries(Op<MessageSummariesCompletion> op) {
  Sdk().GetUserMessageSummaries([sink = sink_, op](ClientResult result, std::vector<platformpp::UserMessageSummary> summaries) {
    CompleteMessageSummaries(*sink, op, CaptureResult(result), CaptureMessageSummaries(summaries));
  });
}

void ClientWrap::SetShowingChat(bool showingChat) { Sdk().SetShowingChat(showingChat); }

bool ClientWrap::CanOpenMessageInPlatform(uint64_t messageId) { return client_ && client_->CanOpenMessageInPlatform(messageId); }

// A MergeRequired event may come before the completion.
void ClientWrap::OpenMessageInPlatform(Op<DoneCompletion> op, uint64_t messageId) {
  Sdk().OpenMessageInPlatform(messageId, MergeRequired(op), ResultCompletion(sink_, op));
}

#include "client/client_wrap_messages_methods.inc"

}  // namespace psdk
