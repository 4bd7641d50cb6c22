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

bool ClientSink::OwnerAdmits(EventKind kind) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (closed_) return false;
  if (tape_.Events() != 0) {
    if (ownerTape_.Events() == 0) ownerTape_.Swap(tape_);
    else ownerTape_.Append(tape_);
    tape_.Clear();
    PublishOwnerSize();
  }
  if (Droppable(kind) && Full()) {
    ++dropped_;
    return false;
  }
  return true;
}

uint64_t ClientSink::Take(EventTape &out) {
  out.Clear();
  out.Swap(ownerTape_);  // owner thread: ownerTape_ is ours without the lock
  std::lock_guard<std::mutex> lock(mutex_);
  PublishOwnerSize();
  if (closed_) out.Clear();
  else if (out.Events() == 0) out.Swap(tape_);
  else out.Append(tape_);
  tape_.Clear();
  uint64_t dropped = dropped_;
  dropped_ = 0;
  return dropped;
}

void ClientSink::Close() {
  std::lock_guard<std::mutex> lock(mutex_);
  closed_ = true;
  tape_.Clear();
  if (std::this_thread::get_id() == owner_) ownerTape_.Clear();  // else Take drops it
}

}  // namespace psdk
