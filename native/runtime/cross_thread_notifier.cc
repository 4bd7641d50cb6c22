#include "runtime/cross_thread_notifier.h"

namespace psdk {

std::shared_ptr<CrossThreadNotifier> CrossThreadNotifier::Create(Napi::Env env, DrainFn drain) {
  std::shared_ptr<CrossThreadNotifier> self(new CrossThreadNotifier());
  self->drain_ = std::move(drain);
  // The TSFN owns one reference to the notifier until it is finalized, so CallJs never sees a
  // dangling context even if the environment state is gone first.
  auto keepAlive = std::make_unique<std::shared_ptr<CrossThreadNotifier>>(self);
  self->tsfn_ = Tsfn::New(
      env, "platform-social-sdk:cross-thread", 0, 1, self.get(),
      [](Napi::Env, std::shared_ptr<CrossThreadNotifier> *keep, CrossThreadNotifier *) { delete keep; },
      keepAlive.get());
  keepAlive.release();  // ownership passed to the TSFN finalizer above
  // A pending wake-up must not keep the process alive: the pump's timer decides that.
  self->tsfn_.Unref(env);
  return self;
}

void CrossThreadNotifier::Signal() {
  if (pending_.exchange(true)) return;  // a wake-up is already on its way
  std::lock_guard<std::mutex> lock(mutex_);
  if (released_ || tsfn_.NonBlockingCall() != napi_ok) pending_ = false;
}

void CrossThreadNotifier::Shutdown() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (released_) return;
  released_ = true;
  tsfn_.Release();
}

void CrossThreadNotifier::CallJs(Napi::Env env, Napi::Function, CrossThreadNotifier *self, std::nullptr_t *) {
  if (env == nullptr || self == nullptr) return;  // finalizing: nothing to deliver
  self->pending_ = false;  // cleared before draining: a push after the drain signals again
  {
    std::lock_guard<std::mutex> lock(self->mutex_);
    if (self->released_) return;
  }
  try {
    self->drain_(env);
  } catch (...) {
    // drain_ reports JS exceptions itself; nothing may escape into the TSFN machinery.
  }
}

}  // namespace psdk
