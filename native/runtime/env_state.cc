#include "runtime/env_state.h"

#include <algorithm>
#include <atomic>

#include "client/client_wrap.h"
#include "runtime/sdk_library.h"

namespace psdk {

namespace {
// SDK clients alive in the whole process, across environments: the SDK's callback queue is
// process-global, so it may only be reset when the last of them is gone.
std::atomic<int> g_liveClients{0};
}  // namespace

std::shared_ptr<EnvState> EnvState::Create(Napi::Env env) {
  std::shared_ptr<EnvState> state(new EnvState());
  std::weak_ptr<EnvState> weak = state;
  state->notifier_ = CrossThreadNotifier::Create(env, [weak](Napi::Env e) {
    if (auto s = weak.lock()) s->Wake(e);
  });
  state->selfForHook_ = state;
  napi_add_env_cleanup_hook(env, &EnvState::Teardown, state.get());
  return state;
}

// The live-client count changes under the run mutex, together with the reset it may trigger: a
// client registered on another thread (a worker) between the last client's decrement and the
// reset would otherwise lose what it queued meanwhile, and its promise would never settle.
void EnvState::Register(ClientWrap *client) {
  clients_.push_back(client);
  std::lock_guard<std::mutex> lock(SdkLibrary::RunMutex());
  ++g_liveClients;
}

void EnvState::Unregister(ClientWrap *client) {
  auto it = std::find(clients_.begin(), clients_.end(), client);
  if (it == clients_.end()) return;
  clients_.erase(it);
  std::lock_guard<std::mutex> lock(SdkLibrary::RunMutex());
  if (--g_liveClients == 0 && SdkLibrary::IsLoaded()) {
    // Nothing in the process can receive queued invocations any more.
    Sdk().Platform_ResetCallbacks();
  }
}

size_t EnvState::Pump(Napi::Env env) {
  if (tornDown_) return 0;
  if (SdkLibrary::IsLoaded()) {
    std::lock_guard<std::mutex> lock(SdkLibrary::RunMutex());
    Sdk().Platform_RunCallbacks();
  }
  // Dispatch may close clients or create new ones: walk a snapshot and re-check membership.
  std::vector<ClientWrap *> snapshot = clients_;
  size_t events = 0;
  for (ClientWrap *client : snapshot) {
    if (std::find(clients_.begin(), clients_.end(), client) == clients_.end()) continue;
    events += client->Dispatch(env);
  }
  return events;
}

void EnvState::Wake(Napi::Env env) {
  if (tornDown_) return;
  Napi::HandleScope scope(env);
  try {
    Pump(env);
  } catch (const Napi::Error &e) {
    // Leave it pending: Node reports it as an uncaught exception once CallJs returns.
    e.ThrowAsJavaScriptException();
  }
}

void EnvState::Teardown(void *raw) {
  auto *self = static_cast<EnvState *>(raw);
  std::shared_ptr<EnvState> keep = std::move(self->selfForHook_);
  // Order: the pump is a JS timer and can no longer fire; drop clients (their pending operations
  // complete natively with ClientDestroyed and nothing reaches JS), then release the TSFN, then
  // (in Unregister, for the last client of the process) reset the SDK's callback queue.
  self->tornDown_ = true;
  std::vector<ClientWrap *> clients = self->clients_;
  for (ClientWrap *client : clients) client->Shutdown();
  self->notifier_->Shutdown();
}

}  // namespace psdk
