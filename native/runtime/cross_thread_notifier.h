// CrossThreadNotifier: wakes an environment's JS thread from any thread (SDK log threads, or a
// pump running in another environment of the same process) so that it drains its clients'
// event queues. One per environment. Signals coalesce: at most one wake-up is in flight.
//
// Lifetime: Shutdown() (from the environment cleanup hook) releases the thread-safe function
// under the same mutex that Signal() takes, so a producer thread can never call into a released
// TSFN. It is never released from a GC finalizer.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>

#include <napi.h>

namespace psdk {

class CrossThreadNotifier {
 public:
  using DrainFn = std::function<void(Napi::Env)>;
  static std::shared_ptr<CrossThreadNotifier> Create(Napi::Env env, DrainFn drain);

  void Signal();     // any thread
  void Shutdown();   // JS thread, once

  static void CallJs(Napi::Env env, Napi::Function, CrossThreadNotifier *self, std::nullptr_t *);

 private:
  CrossThreadNotifier() = default;
  using Tsfn = Napi::TypedThreadSafeFunction<CrossThreadNotifier, std::nullptr_t, &CrossThreadNotifier::CallJs>;
  std::mutex mutex_;
  Tsfn tsfn_;
  bool released_ = false;
  std::atomic<bool> pending_{false};
  DrainFn drain_;
};

}  // namespace psdk
