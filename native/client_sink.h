// ClientSink: the per-client queue that SDK callbacks write into. Callbacks hold a shared_ptr to
// it (inside their closure), so a callback that fires late - after the JS client was closed or
// collected - writes into a closed sink instead of freed memory.
#pragma once

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "cross_thread_notifier.h"
#include "native_event.h"

namespace psdk {

class ClientSink {
 public:
  ClientSink(std::thread::id owner, std::shared_ptr<CrossThreadNotifier> notifier)
      : owner_(owner), notifier_(std::move(notifier)) {}

  // Any thread. Off the owner thread, the owner is woken to drain; on it, the pump drains right
  // after Platform_RunCallbacks returns.
  void Push(NativeEvent event);
  std::vector<NativeEvent> Take();
  void Close();

 private:
  const std::thread::id owner_;
  std::shared_ptr<CrossThreadNotifier> notifier_;
  std::mutex mutex_;
  std::vector<NativeEvent> events_;
  bool closed_ = false;
};

}  // namespace psdk
