#include "client/client_sink.h"

namespace psdk {

void ClientSink::Commit(EventKind kind, EventTape &event) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    if (Droppable(kind) && Full()) {
      ++dropped_;
      return;
    }
    // The first event since the last Take is swapped in instead of copied: a history completion
    // (200 messages, ~50K units of text) is one event, and its copy was ~15% of encoding it.
    if (tape_.Events() == 0) tape_.Swap(event);
    else tape_.Append(event);
  }
  if (std::this_thread::get_id() != owner_) notifier_->Signal();
}

uint64_t ClientSink::Take(EventTape &out) {
  out.Clear();
  std::lock_guard<std::mutex> lock(mutex_);
  out.Swap(tape_);
  uint64_t dropped = dropped_;
  dropped_ = 0;
  return dropped;
}

void ClientSink::Close() {
  std::lock_guard<std::mutex> lock(mutex_);
  closed_ = true;
  tape_.Clear();
}

}  // namespace psdk
