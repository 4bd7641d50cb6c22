// ClientSink: the per-client queue that SDK callbacks write into, already encoded for JS (an
// EventTape). Callbacks hold a shared_ptr to it (inside their closure), so a callback that fires
// late - after the JS client was closed or collected - writes into a closed sink instead of freed
// memory.
//
// The queue is bounded: beyond `limit` queued events (or kMaxTextUnits of text), new events are
// dropped and counted, and JS reports the count ('eventsDropped'). Completions and status changes
// are never dropped: they settle promises, and there are at most as many as operations started.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include "runtime/cross_thread_notifier.h"
#include "boundary/event_tape.h"
#include "values/message_snapshot.h"

namespace psdk {

class ClientSink {
 public:
  static constexpr size_t kDefaultLimit = 262144;
  static constexpr size_t kMaxTextUnits = size_t{16} << 20;  // at most 32 MB (UTF-16; half while Latin-1)

  ClientSink(std::thread::id owner, std::shared_ptr<CrossThreadNotifier> notifier, size_t limit = kDefaultLimit)
      : owner_(owner), notifier_(std::move(notifier)), limit_(limit) {}

  // Any thread: an event whose fields `encode(EventTape&)` writes (the typed writers of
  // native/boundary/boundary_codecs.h call this). `encode` runs outside the sink's lock (it may call into
  // the SDK, which may hold its own locks while logging into this sink). Off the owner thread,
  // the owner is woken to drain; on it, the pump drains right after Platform_RunCallbacks returns.
  template <class Encode>
  void PushEncoded(EventKind kind, uint32_t opId, const std::optional<ResultData> &result, Encode &&encode);

  // JS thread: moves the queued events into `out` (cleared first) and returns the number of events
  // dropped since the last call.
  uint64_t Take(EventTape &out);

  // The message record the owner thread captures into, reused from event to event so that its
  // strings keep their buffers (a flood delivers thousands in a row); nullptr on other threads.
  // Only for an `encode` of PushEncoded, which never runs inside another one on that thread.
  MessageData *OwnerMessageScratch() { return std::this_thread::get_id() == owner_ ? &ownerMessage_ : nullptr; }
  void Close();

 private:
  static bool Droppable(EventKind kind) {
    return kind != EventKind::Completion && kind != EventKind::Status && kind != EventKind::MergeRequired;
  }
  bool Full() const { return tape_.Events() >= limit_ || tape_.TextUnits() >= kMaxTextUnits; }
  // Moves or copies one encoded event into the queue. `event` may come back holding the queue's
  // old (empty) buffers or its own event: the caller clears it before reuse (PushEncoded does).
  void Commit(EventKind kind, EventTape &event);

  const std::thread::id owner_;
  std::shared_ptr<CrossThreadNotifier> notifier_;
  const size_t limit_;
  EventTape ownerScratch_;  // owner thread only: one event being encoded
  MessageData ownerMessage_;  // owner thread only: OwnerMessageScratch
  std::mutex mutex_;
  EventTape tape_;
  uint64_t dropped_ = 0;
  bool closed_ = false;
};

template <class Encode>
void ClientSink::PushEncoded(EventKind kind, uint32_t opId, const std::optional<ResultData> &result, Encode &&encode) {
  if (std::this_thread::get_id() == owner_) {
    ownerScratch_.Clear();
    EventTape::Mark mark = ownerScratch_.Begin(kind, opId, result);
    encode(ownerScratch_);
    ownerScratch_.End(mark);
    Commit(kind, ownerScratch_);
    return;
  }
  EventTape local;
  EventTape::Mark mark = local.Begin(kind, opId, result);
  encode(local);
  local.End(mark);
  Commit(kind, local);
}

}  // namespace psdk
