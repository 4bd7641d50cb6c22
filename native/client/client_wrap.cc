#include "client/client_wrap.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include "runtime/addon_data.h"
#include "audio/audio_bridge.h"
#include "client/client_events.h"
#include "runtime/env_state.h"
#include "values/js_convert.h"
#include "runtime/sdk_library.h"

namespace psdk {

namespace {
platformpp::LoggingSeverity Severity(int32_t minSeverity) {
  return static_cast<platformpp::LoggingSeverity>(minSeverity);
}
}  // namespace

Napi::Function ClientWrap::Init(Napi::Env env) {
  // Every method of native/boundary/methods.schema (generated); test/binding.test.ts checks that
  // they are exactly the members of the NativeClient interface (lib/native-client.ts).
  return DefineClass(env, "NativeClient", Methods());
}

// new NativeClient(options, onEvents)
ClientWrap::ClientWrap(const Napi::CallbackInfo &info) : Napi::ObjectWrap<ClientWrap>(info) {
  Napi::Env env = info.Env();
  AddonData &data = AddonData::Of(env);
  if (!SdkLibrary::IsLoaded()) throw Napi::Error::New(env, "the SDK library is not loaded");
  if (info.Length() < 2 || !info[0].IsObject() || !info[1].IsFunction()) {
    throw Napi::TypeError::New(env, "NativeClient(options: object, onEvents: function)");
  }
  Napi::Object options = info[0].As<Napi::Object>();
  onEvents_ = Napi::Persistent(info[1].As<Napi::Function>());
  envState_ = data.state;
  Napi::Value limit = options.Get("eventQueueLimit");
  size_t queueLimit = ClientSink::kDefaultLimit;
  if (!limit.IsUndefined()) queueLimit = static_cast<size_t>(ToInt32(limit, "options.eventQueueLimit", 1, INT32_MAX));
  sink_ = std::make_shared<ClientSink>(std::this_thread::get_id(), envState_->notifier(), queueLimit);

  auto optString = [&](const char *key) -> std::optional<std::string> {
    Napi::Value v = options.Get(key);
    if (v.IsUndefined()) return std::nullopt;
    if (!v.IsString()) throw Napi::TypeError::New(env, std::string("options.") + key + " must be a string");
    return v.As<Napi::String>().Utf8Value();
  };
  std::optional<std::string> apiBase = optString("apiBase"), webBase = optString("webBase");
  Napi::Value audioSystem = options.Get("audioSystem");
  Napi::Value affinity = options.Get("cpuAffinityMask");
  Napi::Value bluetooth = options.Get("androidPreventCommsForBluetooth");
  if (apiBase || webBase || !audioSystem.IsUndefined() || !affinity.IsUndefined() || !bluetooth.IsUndefined()) {
    platformpp::ClientCreateOptions create;
    if (apiBase) create.SetApiBase(*apiBase);
    if (webBase) create.SetWebBase(*webBase);
    if (audioSystem.IsNumber()) {
      create.SetExperimentalAudioSystem(audioSystem.As<Napi::Number>().Int32Value() == 1 ? platformpp::AudioSystem::Game
                                                                                           : platformpp::AudioSystem::Standard);
    }
    if (affinity.IsBigInt()) {
      bool lossless = false;
      uint64_t mask = affinity.As<Napi::BigInt>().Uint64Value(&lossless);
      if (!lossless) throw Napi::RangeError::New(env, "options.cpuAffinityMask must fit in 64 bits");
      create.SetCpuAffinityMask(mask);
    }
    if (bluetooth.IsBoolean()) create.SetExperimentalAndroidPreventCommsForBluetooth(bluetooth.As<Napi::Boolean>());
    client_ = std::make_unique<platformpp::Client>(create);
  } else {
    client_ = std::make_unique<platformpp::Client>();
  }
  RegisterEventCallbacks();
  envState_->Register(this);
}

ClientWrap::~ClientWrap() { Shutdown(); }

void ClientWrap::RegisterEventCallbacks() {
  auto sink = sink_;
  client_->SetStatusChangedCallback([sink](platformpp::Client::Status status, platformpp::Client::Error error, int32_t detail) {
    PushStatus(*sink, static_cast<double>(status), static_cast<double>(error), detail);
  });
  client_->SetTokenExpirationCallback([sink]() { PushTokenExpiration(*sink); });
  client_->SetUserUpdatedCallback([sink](uint64_t userId) { PushUserUpdated(*sink, userId); });
  client_->SetAuthorizeDeviceScreenClosedCallback([sink]() { PushDeviceScreenClosed(*sink); });

  client_->SetLobbyCreatedCallback([sink](uint64_t lobbyId) { PushLobbyCreated(*sink, lobbyId); });
  client_->SetLobbyUpdatedCallback([sink](uint64_t lobbyId) { PushLobbyUpdated(*sink, lobbyId); });
  client_->SetLobbyDeletedCallback([sink](uint64_t lobbyId) { PushLobbyDeleted(*sink, lobbyId); });
  client_->SetLobbyMemberAddedCallback([sink](uint64_t lobbyId, uint64_t memberId) { PushLobbyMemberAdded(*sink, lobbyId, memberId); });
  client_->SetLobbyMemberUpdatedCallback(
      [sink](uint64_t lobbyId, uint64_t memberId) { PushLobbyMemberUpdated(*sink, lobbyId, memberId); });
  client_->SetLobbyMemberRemovedCallback(
      [sink](uint64_t lobbyId, uint64_t memberId) { PushLobbyMemberRemoved(*sink, lobbyId, memberId); });

  // Messages are read inside the callback: the SDK keeps only the last 25 per channel. The SDK
  // frees these callbacks when the client is dropped, and Shutdown() drops it under the run
  // mutex (no RunCallbacks on any thread meanwhile), so the raw client pointer cannot dangle.
  platformpp::Client *client = client_.get();
  client_->SetMessageCreatedCallback([sink, client](uint64_t id) { PushMessageEvent(*sink, EventKind::MessageCreated, *client, id); });
  client_->SetMessageUpdatedCallback([sink, client](uint64_t id) { PushMessageEvent(*sink, EventKind::MessageUpdated, *client, id); });
  RegisterVoiceCallbacks();
  RegisterPresenceCallbacks();
  RegisterRelationshipCallbacks();
  client_->SetMessageDeletedCallback(
      [sink](uint64_t messageId, uint64_t channelId) { PushMessageDeleted(*sink, messageId, channelId); });
}

void ClientWrap::Shutdown() {
  if (!client_) return;
  // Dropping the SDK client completes its pending operations with ClientDestroyed inside this
  // call; the sink is closed first so those captures are discarded (JS settled them already).
  sink_->Close();
  {
    // Platform_RunCallbacks is process-wide: another environment's pump (a worker, or the main
    // thread while a worker tears down) may be running this client's callbacks right now, and
    // they use the platformpp::Client (a message callback reads the message through it). Holding
    // the run mutex waits for that run to end; the drop then removes the client's queued
    // invocations, so no later run can reach the freed object.
    std::lock_guard<std::mutex> run(SdkLibrary::RunMutex());
    client_.reset();  // the SDK joins its audio threads before releasing the audio callbacks
  }
  ReleaseAllAudio();
  if (envState_) envState_->Unregister(this);
}

// One JS call per pump tick and client: onEvents(nums, text, dropped).
size_t ClientWrap::Dispatch(Napi::Env env) {
  const uint64_t dropped = sink_->Take(batch_);
  const size_t events = batch_.Events() + static_cast<size_t>(dropped);
  if (events == 0 || onEvents_.IsEmpty()) return 0;
  Napi::HandleScope scope(env);
  bool lent = false;
  Napi::Value nums = DispatchNums(env, lent);
  Napi::Value text = batch_.TextToJs(env);
  // Everything is copied into JS values: the tape is free again before JS runs (a listener may
  // pump again), and a flood's buffers are not kept for the client's lifetime.
  batch_.Clear();
  batch_.ShrinkIfAbove(kKeptTapeBytes);
  struct GiveBack {  // the kept buffer is free again once JS returns, or throws
    bool &lentFlag;
    bool lent;
    ~GiveBack() {
      if (lent) lentFlag = false;
    }
  } giveBack{numsLent_, lent};
  onEvents_.Call(Value(), {nums, text, Napi::Number::New(env, static_cast<double>(dropped))});
  return events;
}

Napi::Value ClientWrap::DispatchNums(Napi::Env env, bool &lent) {
  const size_t count = batch_.NumsCount();
  const size_t bytes = count * sizeof(double);
  if (numsLent_ || bytes == 0 || bytes > kKeptTapeBytes) return batch_.NumsToJs(env);
  Napi::ArrayBuffer buffer = numsBuffer_.IsEmpty() ? Napi::ArrayBuffer() : numsBuffer_.Value();
  if (buffer.IsEmpty() || buffer.ByteLength() < bytes) {
    // Grown geometrically from 16 KB: a flood's ticks reach their size within a few dispatches.
    const size_t had = buffer.IsEmpty() ? 0 : buffer.ByteLength();
    const size_t size = std::min(kKeptTapeBytes, std::max({bytes, 2 * had, size_t{16} << 10}));
    buffer = Napi::ArrayBuffer::New(env, size);
    numsBuffer_ = Napi::Persistent(buffer);
  }
  std::memcpy(buffer.Data(), batch_.NumsData(), bytes);
  lent = numsLent_ = true;
  return Napi::Float64Array::New(env, count, buffer, 0);
}

platformpp::Client &ClientWrap::Sdk() {
  if (!client_) throw Napi::Error::New(Env(), "client is closed");
  return *client_;
}

void ClientWrap::Close() {
  Shutdown();
  onEvents_.Reset();
  numsBuffer_.Reset();
}

void ClientWrap::Connect() { Sdk().Connect(); }

void ClientWrap::Disconnect() { Sdk().Disconnect(); }

void ClientWrap::SetApplicationId(uint64_t applicationId) { Sdk().SetApplicationId(applicationId); }

void ClientWrap::SetHttpRequestTimeout(int32_t httpTimeoutMs) { Sdk().SetHttpRequestTimeout(httpTimeoutMs); }

// Log lines may arrive on any SDK thread; they are queued and the JS thread is woken through the
// cross-thread notifier.
void ClientWrap::AddLogCallback(int32_t minSeverity) {
  auto sink = sink_;
  Sdk().AddLogCallback([sink](std::string message, platformpp::LoggingSeverity sev) {
    PushLog(*sink, message, static_cast<double>(sev));
  }, Severity(minSeverity));
}

// The voice engine's log lines, as VoiceLog events.
void ClientWrap::AddVoiceLogCallback(int32_t minSeverity) {
  auto sink = sink_;
  Sdk().AddVoiceLogCallback([sink](std::string message, platformpp::LoggingSeverity sev) {
    PushVoiceLog(*sink, message, static_cast<double>(sev));
  }, Severity(minSeverity));
}

// Whether the SDK accepted the folder.
bool ClientWrap::SetLogDir(const std::string &path, int32_t minSeverity) { return Sdk().SetLogDir(path, Severity(minSeverity)); }

// SetVoiceLogDir has no result.
void ClientWrap::SetVoiceLogDir(const std::string &path, int32_t minSeverity) { Sdk().SetVoiceLogDir(path, Severity(minSeverity)); }

void ClientWrap::SetGameWindowPid(int32_t pid) { Sdk().SetGameWindowPid(pid); }

#include "client/client_wrap_methods.inc"

}  // namespace psdk
