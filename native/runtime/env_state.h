// EnvState: everything the addon keeps per Node environment (main thread, each worker, each
// Electron context): the live clients, the cross-thread wake-up, and the teardown order.
// There are no globals that outlive an environment except the process-wide SDK library itself.
#pragma once

#include <memory>
#include <vector>

#include <napi.h>

#include "runtime/cross_thread_notifier.h"

namespace psdk {

class ClientWrap;

class EnvState : public std::enable_shared_from_this<EnvState> {
 public:
  static std::shared_ptr<EnvState> Create(Napi::Env env);

  void Register(ClientWrap *client);
  void Unregister(ClientWrap *client);

  // Runs Platform_RunCallbacks (process-wide, serialized) and then hands every client's captured
  // events to its JS dispatcher. JS never runs while an SDK callback frame is on the stack.
  size_t Pump(Napi::Env env);  // → events dispatched (and dropped), for the adaptive pump

  const std::shared_ptr<CrossThreadNotifier> &notifier() const { return notifier_; }
  bool tornDown() const { return tornDown_; }

 private:
  explicit EnvState() = default;
  static void Teardown(void *self);  // environment cleanup hook
  // A callback arrived off-thread: pump right here, on this environment's thread, instead of
  // asking JS to call pump() (lib/pump.ts learns of the delivery from the dispatched events).
  void Wake(Napi::Env env);

  std::vector<ClientWrap *> clients_;
  std::shared_ptr<CrossThreadNotifier> notifier_;
  bool tornDown_ = false;
  std::shared_ptr<EnvState> selfForHook_;  // keeps the state alive until the cleanup hook ran
};

}  // namespace psdk
