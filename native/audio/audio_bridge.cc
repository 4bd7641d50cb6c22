#include "audio/audio_bridge.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>

#include "values/js_convert.h"

namespace psdk {

namespace {
void ApplyGain(int16_t *data, size_t count, float gain) {
  if (gain == 1.0f) return;
  for (size_t i = 0; i < count; ++i) {
    float v = std::round(static_cast<float>(data[i]) * gain);
    data[i] = static_cast<int16_t>(std::clamp(v, -32768.0f, 32767.0f));
  }
}

// The library functions the audio callbacks call (the clock, memcpy, rounding) are bound lazily
// by the dynamic linker on their first call. Making those first calls here, on the JS thread,
// keeps the linker's symbol lookup off the SDK's audio thread: it was the worst case of the first
// callbacks (docs/performance.md, row 8). Linking with -z now would do it too, for every symbol,
// at a cost to every process's start-up.
void BindAudioPathSymbols() {
  static std::once_flag once;
  std::call_once(once, [] {
    static DurationHistogram scratch;
    ScopedCallbackTimer timer(scratch);
    int16_t from[4] = {1, 2, 3, 4}, to[4] = {};
    volatile size_t bytes = sizeof from;  // a size the compiler cannot see: the call, not an inlined copy
    std::memcpy(to, from, bytes);
    ApplyGain(to, 4, 0.5f);
  });
}
}  // namespace

std::shared_ptr<AudioBridge> AudioBridge::Create(Napi::Function onReceived, Napi::Function onCaptured,
                                                 Napi::Function onDropped) {
  BindAudioPathSymbols();
  std::shared_ptr<AudioBridge> self(new AudioBridge());
  self->wantReceived_ = !onReceived.IsEmpty();
  self->wantCaptured_ = !onCaptured.IsEmpty();
  if (self->wantReceived_) self->onReceived_ = Napi::Persistent(onReceived);
  if (self->wantCaptured_) self->onCaptured_ = Napi::Persistent(onCaptured);
  self->onDropped_ = Napi::Persistent(onDropped);
  return self;
}

AudioBridge::UserState *AudioBridge::FindUser(uint64_t userId) {
  for (UserState &u : users_) {
    uint64_t id = u.userId.load(std::memory_order_acquire);
    if (id == userId) return &u;
    if (id == 0) return nullptr;  // slots fill in order: the rest is empty
  }
  return nullptr;
}

AudioBridge::UserState *AudioBridge::FindOrAddUser(uint64_t userId) {
  for (UserState &u : users_) {
    uint64_t id = u.userId.load(std::memory_order_relaxed);
    if (id == userId) return &u;
    if (id == 0) {
      u.gain.store(1.0f, std::memory_order_relaxed);
      u.muted.store(false, std::memory_order_relaxed);
      u.userId.store(userId, std::memory_order_release);  // published last: state first
      return &u;
    }
  }
  return nullptr;
}

void AudioBridge::SetReceivedMuted(uint64_t userId, bool muted) {
  if (UserState *u = FindOrAddUser(userId)) u->muted.store(muted, std::memory_order_release);
}

void AudioBridge::SetGain(uint64_t userId, float gain) {
  if (userId == 0) {
    capturedGain_.store(gain, std::memory_order_release);
  } else if (UserState *u = FindOrAddUser(userId)) {
    u->gain.store(gain, std::memory_order_release);
  }
}


// Both callbacks are timed from entry to return (issue 7, row 8: <= 50 µs on the audio thread).
// Frames are counted while the call runs: each is then delivered to JS or counted as dropped (or,
// still queued when the call ends, discarded); frames the SDK sends after the end are not counted.
void AudioBridge::OnReceived(uint64_t userId, int16_t *data, uint64_t samplesPerChannel, int32_t sampleRate,
                             uint64_t channels, bool &outShouldMute) {
  ScopedCallbackTimer timer(stats_->callback);
  if (data == nullptr) return;
  if (!stopped_.load(std::memory_order_acquire)) stats_->receivedFrames.fetch_add(1, std::memory_order_relaxed);
  const size_t count = static_cast<size_t>(samplesPerChannel * channels);
  if (UserState *u = FindUser(userId)) {
    if (u->muted.load(std::memory_order_acquire)) outShouldMute = true;
    ApplyGain(data, count, u->gain.load(std::memory_order_acquire));
  }
  if (wantReceived_) Queue(received_, userId, data, samplesPerChannel, sampleRate, channels);
}

void AudioBridge::OnCaptured(int16_t *data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels) {
  ScopedCallbackTimer timer(stats_->callback);
  if (data == nullptr) return;
  if (!stopped_.load(std::memory_order_acquire)) stats_->capturedFrames.fetch_add(1, std::memory_order_relaxed);
  ApplyGain(data, static_cast<size_t>(samplesPerChannel * channels), capturedGain_.load(std::memory_order_acquire));
  if (wantCaptured_) Queue(captured_, 0, data, samplesPerChannel, sampleRate, channels);
}

void AudioBridge::Queue(SpscRing<AudioFrame> &ring, uint64_t userId, const int16_t *data, uint64_t samplesPerChannel,
                        int32_t sampleRate, uint64_t channels) {
  if (stopped_.load(std::memory_order_acquire)) return;
  const uint64_t count = samplesPerChannel * channels;
  bool queued = count <= AudioFrame::kMaxSamples && ring.TryPush([&](AudioFrame &f) {
    f.userId = userId;
    f.samplesPerChannel = static_cast<uint32_t>(samplesPerChannel);
    f.channels = static_cast<uint32_t>(channels);
    f.sampleRate = sampleRate;
    std::memcpy(f.samples, data, static_cast<size_t>(count) * sizeof(int16_t));
  });
  if (!queued) stats_->dropped.fetch_add(1, std::memory_order_relaxed);
}

// The JS references go here, on the JS thread: the bridge's last owner may be the SDK's closure,
// which the SDK can free on its audio thread, and that must not touch JS.
void AudioBridge::Shutdown() {
  stopped_.store(true, std::memory_order_release);
  onReceived_.Reset();
  onCaptured_.Reset();
  onDropped_.Reset();
}

bool AudioBridge::Drain(Napi::Env env) {
  if (stopped_.load(std::memory_order_acquire)) return false;
  DeliverToJs(env);
  return !stopped_.load(std::memory_order_acquire);
}

// One JS call per frame, with a fresh Int16Array (the listener may keep it).
void AudioBridge::DeliverToJs(Napi::Env env) {
  Napi::HandleScope scope(env);
  auto deliver = [&](Napi::FunctionReference &fn, const AudioFrame &f, bool withUser) {
    // A handler ended the call (Shutdown reset the references): the rest is discarded.
    if (stopped_.load(std::memory_order_acquire)) return;
    size_t count = static_cast<size_t>(f.samplesPerChannel) * f.channels;
    Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, count * sizeof(int16_t));
    std::memcpy(buffer.Data(), f.samples, count * sizeof(int16_t));
    Napi::Object frame = Napi::Object::New(env);
    if (withUser) frame.Set("userId", IdToJs(env, f.userId));
    frame.Set("samples", Napi::TypedArrayOf<int16_t>::New(env, count, buffer, 0));
    frame.Set("sampleRate", Napi::Number::New(env, f.sampleRate));
    frame.Set("channels", Napi::Number::New(env, f.channels));
    frame.Set("samplesPerChannel", Napi::Number::New(env, f.samplesPerChannel));
    fn.Call({frame});
  };
  if (wantReceived_) received_.Drain([&](const AudioFrame &f) { deliver(onReceived_, f, true); });
  if (wantCaptured_) captured_.Drain([&](const AudioFrame &f) { deliver(onCaptured_, f, false); });
  uint64_t dropped = stats_->dropped.load(std::memory_order_relaxed);
  if (dropped != droppedReported_ && !stopped_.load(std::memory_order_acquire)) {
    uint64_t delta = dropped - droppedReported_;
    droppedReported_ = dropped;
    onDropped_.Call({Napi::Number::New(env, static_cast<double>(delta))});
  }
}

}  // namespace psdk
