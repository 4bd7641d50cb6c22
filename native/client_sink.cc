#include "client_sink.h"

namespace psdk {

void ClientSink::Push(NativeEvent event) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    events_.push_back(std::move(event));
  }
  if (std::this_thread::get_id() != owner_) notifier_->Signal();
}

std::vector<NativeEvent> ClientSink::Take() {
  std::vector<NativeEvent> out;
  std::lock_guard<std::mutex> lock(mutex_);
  out.swap(events_);
  return out;
}

void ClientSink::Close() {
  std::lock_guard<std::mutex> lock(mutex_);
  closed_ = true;
  events_.clear();
}

}  // namespace psdk
