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

platformpp::Client::SendUserMessageCallback SendCompletion(std::shared_ptr<ClientSink> sink, uint32_t op) {
  return [sink = std::move(sink), op](ClientResult result, uint64_t messageId) {
    CompleteMessageId(*sink, op, CaptureResult(result), messageId);
  };
}

// Test hook (failHistoryCaptureAfter, a static of NativeClient that lib/ never calls): the next
// history capture throws std::bad_alloc after this many messages, as a failed allocation would.
// -1: none. Process-wide; the tests' simulator is too.
std::atomic<int32_t> historyCaptureFault{-1};

Napi::Value FailHistoryCaptureAfter(const Napi::CallbackInfo &info) {
  historyCaptureFault.store(ArgInt32(info, 0, "messages", 0, 200));
  return info.Env().Undefined();
}

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
auto HistoryCompletion(std::shared_ptr<ClientSink> sink, uint32_t op) {
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

bool HasMetadata(const Napi::CallbackInfo &info, size_t index) {
  return info.Length() > index && !info[index].IsUndefined() && !info[index].IsNull();
}

}  // namespace

void ClientWrap::AddMessageMethods(MethodList &methods) {
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::SendLobbyMessage>("sendLobbyMessage"),
      InstanceMethod<&ClientWrap::SendUserMessage>("sendUserMessage"),
      InstanceMethod<&ClientWrap::EditUserMessage>("editUserMessage"),
      InstanceMethod<&ClientWrap::DeleteUserMessage>("deleteUserMessage"),
      InstanceMethod<&ClientWrap::GetMessage>("getMessage"),
      InstanceMethod<&ClientWrap::GetChannel>("getChannel"),
      InstanceMethod<&ClientWrap::GetLobbyMessages>("getLobbyMessages"),
      InstanceMethod<&ClientWrap::GetUserMessages>("getUserMessages"),
      InstanceMethod<&ClientWrap::GetUserMessageSummaries>("getUserMessageSummaries"),
      InstanceMethod<&ClientWrap::SetShowingChat>("setShowingChat"),
      InstanceMethod<&ClientWrap::CanOpenMessageInPlatform>("canOpenMessageInPlatform"),
      InstanceMethod<&ClientWrap::OpenMessageInPlatform>("openMessageInPlatform"),
      StaticMethod("failHistoryCaptureAfter", &FailHistoryCaptureAfter),
  });
}

// sendLobbyMessage(opId, lobbyId, content, metadata?) → [messageId]
Napi::Value ClientWrap::SendLobbyMessage(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t lobby = ArgId(info, 1, "lobbyId");
  std::string content = ArgString(info, 2, "content");
  if (HasMetadata(info, 3)) {
    Sdk(info).SendLobbyMessageWithMetadata(lobby, content, ToStringMap(info[3], "metadata"), SendCompletion(sink_, op));
  } else {
    Sdk(info).SendLobbyMessage(lobby, content, SendCompletion(sink_, op));
  }
  return info.Env().Undefined();
}

// sendUserMessage(opId, recipientId, content, metadata?) → [messageId]
Napi::Value ClientWrap::SendUserMessage(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t recipient = ArgId(info, 1, "recipientId");
  std::string content = ArgString(info, 2, "content");
  if (HasMetadata(info, 3)) {
    Sdk(info).SendUserMessageWithMetadata(recipient, content, ToStringMap(info[3], "metadata"), SendCompletion(sink_, op));
  } else {
    Sdk(info).SendUserMessage(recipient, content, SendCompletion(sink_, op));
  }
  return info.Env().Undefined();
}

// editUserMessage(opId, recipientId, messageId, content)
Napi::Value ClientWrap::EditUserMessage(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t recipient = ArgId(info, 1, "recipientId");
  uint64_t message = ArgId(info, 2, "messageId");
  Sdk(info).EditUserMessage(recipient, message, ArgString(info, 3, "content"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// deleteUserMessage(opId, recipientId, messageId)
Napi::Value ClientWrap::DeleteUserMessage(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t recipient = ArgId(info, 1, "recipientId");
  uint64_t message = ArgId(info, 2, "messageId");
  Sdk(info).DeleteUserMessage(recipient, message, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// getMessage(messageId) → tape of one Message record | null (only the SDK's in-memory messages);
// lib/messages.ts reads it with the generated decodeMessage, as it reads a message event.
Napi::Value ClientWrap::GetMessage(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "messageId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::MessageHandle> message = client_->GetMessageHandle(id);
  if (!message) return info.Env().Null();
  return RecordTapeToJs(info.Env(), CaptureMessage(*message), &EncodeMessage);
}

// getChannel(channelId) → { id, name, recipients, type } | null
Napi::Value ClientWrap::GetChannel(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "channelId");
  Napi::Env env = info.Env();
  if (!client_) return env.Null();
  std::optional<platformpp::ChannelHandle> channel = client_->GetChannelHandle(id);
  if (!channel) return env.Null();
  return ChannelToJs(env, ChannelData{channel->Id(), channel->Name(), channel->Recipients(), static_cast<int32_t>(channel->Type())});
}

// getLobbyMessages(opId, lobbyId, limit) → [messages]
Napi::Value ClientWrap::GetLobbyMessages(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t lobby = ArgId(info, 1, "lobbyId");
  int32_t limit = ArgInt32(info, 2, "limit", INT32_MIN, INT32_MAX);
  Sdk(info).GetLobbyMessagesWithLimit(lobby, limit, HistoryCompletion(sink_, op));
  return info.Env().Undefined();
}

// getUserMessages(opId, recipientId, limit) → [messages]
Napi::Value ClientWrap::GetUserMessages(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t recipient = ArgId(info, 1, "recipientId");
  int32_t limit = ArgInt32(info, 2, "limit", INT32_MIN, INT32_MAX);
  Sdk(info).GetUserMessagesWithLimit(recipient, limit, HistoryCompletion(sink_, op));
  return info.Env().Undefined();
}

// getUserMessageSummaries(opId) → [summaries]
Napi::Value ClientWrap::GetUserMessageSummaries(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto sink = sink_;
  Sdk(info).GetUserMessageSummaries([sink, op](ClientResult result, std::vector<platformpp::UserMessageSummary> summaries) {
    CompleteMessageSummaries(*sink, op, CaptureResult(result), CaptureMessageSummaries(summaries));
  });
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetShowingChat(const Napi::CallbackInfo &info) {
  Sdk(info).SetShowingChat(ArgBool(info, 0, "showingChat"));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::CanOpenMessageInPlatform(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "messageId");
  return Napi::Boolean::New(info.Env(), client_ && client_->CanOpenMessageInPlatform(id));
}

// openMessageInPlatform(opId, messageId); a MergeRequired event may come first
Napi::Value ClientWrap::OpenMessageInPlatform(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t message = ArgId(info, 1, "messageId");
  Sdk(info).OpenMessageInPlatform(message, MergeRequired(op), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

}  // namespace psdk
