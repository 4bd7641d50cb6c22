// ClientSink: the per-client queue that SDK callbacks write into, already encoded for JS (an
// EventTape). Callbacks hold a shared_ptr to it (inside their closure), so a callback that fires
// late - after the JS client was closed or collected - writes into a closed sink instead of freed
// memory.
//
// The queue is bounded: beyond `limit` queued events (or kMaxTextUnits of text), new events are
// dropped and counted, and JS reports the count ('eventsDropped'). Completions and status changes
// are never dropped: they settle promises, and there are at most as many as operations started.
#pragma once

#include <atomic>
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
      : owner_(owner), notifier_(std::move(notifier)), limit_(limit) {
    // The owner tape is the prefix of every batch Take hands to JS (the other threads' events
    // follow it, or are appended into it without batch records): its users are shared across
    // its events (EventTape::BatchRef).
    ownerTape_.EnableBatchSharing();
  }

  // Any thread: an event whose fields `encode(EventTape&)` writes (the typed writers of
  // native/boundary/boundary_codecs.h call this). `encode` runs outside the sink's lock (it may call into
  // the SDK, which may hold its own locks while logging into this sink). Off the owner thread,
  // the owner is woken to drain; on it, the pump drains right after Platform_RunCallbacks returns.
  template <class Encode>
  void PushEncoded(EventKind kind, uint32_t opId, const std::optional<ResultData> &result, Encode &&encode);

  // JS thread (the owner): moves the queued events into `out` (cleared first), the owner's own in
  // the order they were pushed with the other threads' among them, and returns the number of
  // events dropped since the last call.
  uint64_t Take(EventTape &out);

  // The message record the owner thread captures into, reused from event to event so that its
  // strings keep their buffers (a flood delivers thousands in a row), with the channels its
  // messages came from; nullptr on other threads (they capture without either).
  // Only for an `encode` of PushEncoded, which never runs inside another one on that thread.
  LiveMessageCapture *OwnerCapture() { return std::this_thread::get_id() == owner_ ? &ownerCapture_ : nullptr; }
  void Close();

 private:
  static bool Droppable(EventKind kind) {
    return kind != EventKind::Completion && kind != EventKind::Status && kind != EventKind::MergeRequired;
  }
  // Counts both queues: `ownerTape_`'s as the owner last published them (at most one event behind).
  bool Full() const {
    return tape_.Events() + ownerEvents_.load(std::memory_order_relaxed) >= limit_ ||
           tape_.TextUnits() + ownerUnits_.load(std::memory_order_relaxed) >= kMaxTextUnits;
  }
  // Off the owner thread: moves or copies one encoded event into `tape_` and wakes the owner.
  void Commit(EventKind kind, EventTape &event);
  // Owner thread: whether an event of `kind` is encoded into `ownerTape_` now. Under the lock,
  // events other threads queued so far move in ahead of it (the order stays the order of the
  // pushes), and a droppable one is dropped and counted when the queues are full.
  bool OwnerAdmits(EventKind kind);
  void PublishOwnerSize() {
    ownerEvents_.store(ownerTape_.Events(), std::memory_order_relaxed);
    ownerUnits_.store(ownerTape_.TextUnits(), std::memory_order_relaxed);
  }

  const std::thread::id owner_;
  std::shared_ptr<CrossThreadNotifier> notifier_;
  const size_t limit_;
  // Owner thread only, no lock: the queue its events are encoded straight into (each was encoded
  // into a scratch tape and then copied into `tape_`: ~825 instructions of a flood message, a
  // third of our side of the crossing). Take hands it over first, then `tape_`.
  EventTape ownerTape_;
  LiveMessageCapture ownerCapture_;  // owner thread only: OwnerCapture
  std::atomic<size_t> ownerEvents_{0};  // ownerTape_'s size for Full() on other threads
  std::atomic<size_t> ownerUnits_{0};
  std::mutex mutex_;
  EventTape tape_;  // events encoded on other threads since the owner last pulled them in
  uint64_t dropped_ = 0;
  bool closed_ = false;
};

template <class Encode>
void ClientSink::PushEncoded(EventKind kind, uint32_t opId, const std::optional<ResultData> &result, Encode &&encode) {
  if (std::this_thread::get_id() == owner_) {
    if (!OwnerAdmits(kind)) return;
    EventTape::Mark mark = ownerTape_.Begin(kind, opId, result);
    try {
      encode(ownerTape_);
    } catch (...) {
      ownerTape_.Abandon(mark);  // a partly written event never reaches JS
      throw;
    }
    ownerTape_.End(mark);
    PublishOwnerSize();
    return;
  }
  EventTape local;
  EventTape::Mark mark = local.Begin(kind, opId, result);
  encode(local);
  local.End(mark);
  Commit(kind, local);
}

}  // namespace psdk
