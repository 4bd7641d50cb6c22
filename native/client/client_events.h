// What SDK callbacks of every area of ClientWrap share when they capture an event or a
// completion: the result copy and the message capture. The typed writers themselves are
// generated (native/boundary/boundary_codecs.h). Everything here only copies data; nothing touches JS.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "boundary/boundary_codecs.h"
#include "client/client_sink.h"
#include "runtime/platformpp_bound.h"

namespace psdk {

// A failed result copied field by field; a successful one is nullopt.
std::optional<ResultData> CaptureResult(const platformpp::ClientResult &r);

// The completion of an operation that carries only the result (Done).
inline auto ResultCompletion(std::shared_ptr<ClientSink> sink, Op<DoneCompletion> op) {
  return [sink = std::move(sink), op](platformpp::ClientResult result) { CompleteDone(*sink, op, CaptureResult(result)); };
}

// MessageCreated / MessageUpdated: captures the message with this id from the client's cache
// inside the announcing callback (the SDK keeps only the last 25 per channel).
void PushMessageEvent(ClientSink &sink, EventKind kind, platformpp::Client &client, uint64_t messageId);

}  // namespace psdk
