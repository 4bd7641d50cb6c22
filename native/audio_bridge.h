// AudioBridge: the raw-audio path of one call started with audio callbacks.
//
// The SDK calls OnReceived / OnCaptured on its audio thread(s) every 10 ms per stream. They must
// never wait for JS: frames are copied into bounded lock-free rings (a full ring drops the frame
// and counts it), and JS is woken through a thread-safe function, at most one wake-up in flight.
// What the SDK needs synchronously — outShouldMute and in-place gain — is decided here from
// atomics that JS set earlier (setReceivedMuted / setGain), so the audio thread reads no JS state.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>

#include <napi.h>

#include "audio_stats.h"
#include "spsc_ring.h"

namespace psdk {

struct AudioFrame {
  static constexpr uint32_t kMaxSamples = 1920;  // 20 ms of 48 kHz stereo; the SDK sends 10 ms (960)
  uint64_t userId = 0;
  uint32_t samplesPerChannel = 0;
  uint32_t channels = 0;
  int32_t sampleRate = 0;
  int16_t samples[kMaxSamples];
};

class AudioBridge {
 public:
  // onReceived / onCaptured may be empty: frames of that stream are then not queued at all.
  static std::shared_ptr<AudioBridge> Create(Napi::Env env, Napi::Function onReceived, Napi::Function onCaptured,
                                             Napi::Function onDropped);

  // Audio thread(s).
  void OnReceived(uint64_t userId, int16_t *data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels,
                  bool &outShouldMute);
  void OnCaptured(int16_t *data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels);

  // JS thread.
  void SetReceivedMuted(uint64_t userId, bool muted);
  void SetGain(uint64_t userId, float gain);  // userId 0: the captured stream
  // Shared with the JS handle of CallAudio.stats(): readable after Shutdown and after the bridge is gone.
  const std::shared_ptr<AudioStats> &Stats() const { return stats_; }
  void Shutdown();  // releases the TSFN; frames still queued are discarded

 private:
  AudioBridge() = default;
  struct UserState {
    std::atomic<uint64_t> userId{0};
    std::atomic<float> gain{1.0f};
    std::atomic<bool> muted{false};
  };
  static constexpr size_t kMaxUsers = 64;
  UserState *FindUser(uint64_t userId);          // audio thread: lock-free scan
  UserState *FindOrAddUser(uint64_t userId);      // JS thread
  void Queue(SpscRing<AudioFrame> &ring, uint64_t userId, const int16_t *data, uint64_t samplesPerChannel,
             int32_t sampleRate, uint64_t channels);
  void Wake();
  void DeliverToJs(Napi::Env env);
  static void CallJs(Napi::Env env, Napi::Function, AudioBridge *self, std::nullptr_t *);

  using Tsfn = Napi::TypedThreadSafeFunction<AudioBridge, std::nullptr_t, &AudioBridge::CallJs>;
  Tsfn tsfn_;
  std::mutex tsfnMutex_;  // Wake vs Shutdown: never call into a released TSFN
  bool released_ = false;
  std::atomic<bool> wakePending_{false};
  std::atomic<bool> stopped_{false};
  std::shared_ptr<AudioStats> stats_ = std::make_shared<AudioStats>();  // frame counts, drops, callback times
  uint64_t droppedReported_ = 0;  // JS thread
  std::array<UserState, kMaxUsers> users_;
  std::atomic<float> capturedGain_{1.0f};
  SpscRing<AudioFrame> received_{256};  // 2.5 s of one speaker, 0.3 s of eight
  SpscRing<AudioFrame> captured_{128};
  bool wantReceived_ = false, wantCaptured_ = false;
  Napi::FunctionReference onReceived_, onCaptured_, onDropped_;
};

}  // namespace psdk
