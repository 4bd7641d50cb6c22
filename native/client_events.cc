#include "client_events.h"

#include "message_snapshot.h"

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

NativeEvent CompletionEvent(uint32_t opId, const platformpp::ClientResult &r, std::vector<Field> fields) {
  NativeEvent e;
  e.kind = EventKind::Completion;
  e.opId = opId;
  e.result = CaptureResult(r);
  e.fields = std::move(fields);
  return e;
}

NativeEvent DoneEvent(uint32_t opId, std::vector<Field> fields) {
  NativeEvent e;
  e.kind = EventKind::Completion;
  e.opId = opId;
  e.fields = std::move(fields);
  return e;
}

NativeEvent SimpleEvent(EventKind kind, std::vector<Field> fields) {
  NativeEvent e;
  e.kind = kind;
  e.fields = std::move(fields);
  return e;
}

void PushMessageEvent(ClientSink &sink, EventKind kind, platformpp::Client &client, uint64_t messageId) {
  sink.PushEncoded(kind, [&](EventTape &t) {
    t.Num(static_cast<double>(FieldTag::Id));
    t.Id(messageId);
    if (std::optional<platformpp::MessageHandle> handle = client.GetMessageHandle(messageId)) {
      t.Num(static_cast<double>(FieldTag::Message));
      EncodeMessage(t, CaptureMessage(*handle));
    } else {
      t.Num(static_cast<double>(FieldTag::Null));
    }
  });
}

}  // namespace psdk
