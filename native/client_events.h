// Building NativeEvents inside SDK callbacks: shared by every area of ClientWrap. Everything
// here only copies data; nothing touches JS.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "client_sink.h"
#include "native_event.h"
#include "platformpp_bound.h"

namespace psdk {

// A failed result copied field by field; a successful one is nullopt.
std::optional<ResultData> CaptureResult(const platformpp::ClientResult &r);

NativeEvent CompletionEvent(uint32_t opId, const platformpp::ClientResult &r, std::vector<Field> fields = {});
NativeEvent SimpleEvent(EventKind kind, std::vector<Field> fields = {});
// The completion of an operation whose callback carries no ClientResult (it cannot fail).
NativeEvent DoneEvent(uint32_t opId, std::vector<Field> fields = {});

// A completion that carries only the result.
inline auto ResultCompletion(std::shared_ptr<ClientSink> sink, uint32_t op) {
  return [sink = std::move(sink), op](platformpp::ClientResult result) { sink->Push(CompletionEvent(op, result)); };
}

// An event whose fields are snowflake ids (lobby and member events, …), without allocating.
template <class... Ids>
void PushIds(ClientSink &sink, EventKind kind, Ids... ids) {
  sink.PushEncoded(kind, [&](EventTape &t) {
    ((t.Num(static_cast<double>(FieldTag::Id)), t.Id(ids)), ...);
  });
}

// Captures the message with this id from the client's cache (inside the announcing callback):
// fields [messageId, message|null].
void PushMessageEvent(ClientSink &sink, EventKind kind, platformpp::Client &client, uint64_t messageId);

}  // namespace psdk
