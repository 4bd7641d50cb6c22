#include "client/client_events.h"

#include "values/message_snapshot.h"

namespace psdk {

std::optional<ResultData> CaptureResult(const platformpp::ClientResult &r) {
  if (r && r.Successful()) return std::nullopt;
  ResultData d;
  if (!r) {
    d.type = static_cast<int32_t>(platformpp::ErrorType::ClientDestroyed);
    d.error = "no result";
    return d;
  }
  d.type = static_cast<int32_t>(r.Type());
  d.error = r.Error();
  d.errorCode = r.ErrorCode();
  d.status = static_cast<int32_t>(r.Status());
  d.responseBody = r.ResponseBody();
  d.retryable = r.Retryable();
  d.retryAfterSeconds = r.RetryAfter();
  return d;
}

void PushMessageEvent(ClientSink &sink, EventKind kind, platformpp::Client &client, uint64_t messageId) {
  LiveMessageCapture *owner = sink.OwnerCapture();
  sink.PushEncoded(kind, 0, std::nullopt, [&](EventTape &t) {
    std::optional<MessageData> local;  // off the owner thread: a record of its own
    const MessageData *captured = nullptr;
    if (std::optional<platformpp::MessageHandle> handle = client.GetMessageHandle(messageId)) {
      MessageData &into = owner != nullptr ? owner->message : local.emplace();
      CaptureMessageInto(into, *handle, owner != nullptr ? &owner->channels : nullptr);
      captured = &into;
    }
    if (kind == EventKind::MessageCreated) WriteMessageCreated(t, messageId, captured);
    else WriteMessageUpdated(t, messageId, captured);
  });
}

}  // namespace psdk
