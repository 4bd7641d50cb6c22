// ClientWrap, voice: calls (addressed by channel id), raw audio through AudioBridge, audio
// settings and devices, the desktop client's voice settings (1.10, optional symbols).
#include <cstdint>

#include "audio/audio_bridge.h"
#include "boundary/boundary_codecs.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/device_snapshot.h"
#include "values/js_convert.h"
#include "runtime/sdk_library.h"

namespace psdk {

using platformpp::ClientResult;

namespace {

// Call events are tagged with the call's channel id; lib/voice.ts routes them to the Call.
void RegisterCallCallbacks(platformpp::Call &call, const std::shared_ptr<ClientSink> &sink) {
  const uint64_t channel = call.GetChannelId();
  call.SetStatusChangedCallback([sink, channel](platformpp::Call::Status status, platformpp::Call::Error error, int32_t detail) {
    PushCallStatus(*sink, channel, static_cast<double>(status), static_cast<double>(error), detail);
  });
  call.SetParticipantChangedCallback([sink, channel](uint64_t userId, bool added) {
    PushCallParticipant(*sink, channel, userId, added);
  });
  call.SetSpeakingStatusChangedCallback([sink, channel](uint64_t userId, bool speaking) {
    PushCallSpeaking(*sink, channel, userId, speaking);
  });
  call.SetOnVoiceStateChangedCallback([sink, channel](uint64_t userId) {
    PushCallVoiceState(*sink, channel, userId);
  });
}

// The JS handle of a call's audio (lib/voice.ts CallAudio): its figures, owned, so they outlive the
// bridge (call ended, client closed) for as long as JS holds the handle; the bridge itself only
// weakly, so a handle kept by JS never keeps the frame rings alive. The type tag lets the methods
// taking it refuse any other External instead of reinterpreting it.
struct AudioHandle {
  std::shared_ptr<AudioStats> stats;
  std::weak_ptr<AudioBridge> bridge;
};
using AudioHandleValue = Napi::External<AudioHandle>;
constexpr napi_type_tag kAudioHandleTag = {0x7f3a9c21d4e85b06ULL, 0xb2c4e6f8091a3d5cULL};

AudioHandle &AudioHandleArg(const Napi::Value &value) {
  if (!value.IsExternal() || !value.As<AudioHandleValue>().CheckTypeTag(&kAudioHandleTag)) {
    throw Napi::TypeError::New(value.Env(), "not an audio handle");
  }
  return *value.As<AudioHandleValue>().Data();
}

// The raw-audio bridge of the call in `channel`; throws when the call has no audio callbacks.
AudioBridge &BridgeOf(Napi::Env env, std::unordered_map<uint64_t, std::shared_ptr<AudioBridge>> &bridges, uint64_t channel) {
  auto it = bridges.find(channel);
  if (it == bridges.end()) throw Napi::Error::New(env, "the call has no audio callbacks");
  return *it->second;
}

// An audio callback: undefined or null for none.
Napi::Function OptionalFunction(const Napi::Value &value, const char *name) {
  if (value.IsUndefined() || value.IsNull()) return Napi::Function();
  if (!value.IsFunction()) throw Napi::TypeError::New(value.Env(), std::string(name) + " must be a function");
  return value.As<Napi::Function>();
}

}  // namespace

platformpp::Call ClientWrap::CallOf(uint64_t channelId) {
  platformpp::Call call = Sdk().GetCall(channelId);
  if (!call) throw Napi::Error::New(Env(), "no call in channel " + std::to_string(channelId));
  return call;
}

// The call's channel id, or null when already in that call.
std::optional<uint64_t> ClientWrap::StartCall(uint64_t lobbyId, Napi::Value onReceivedArg, Napi::Value onCapturedArg,
                                              Napi::Value onDroppedArg) {
  Napi::Env env = Env();
  Napi::Function onReceived = OptionalFunction(onReceivedArg, "onReceived");
  Napi::Function onCaptured = OptionalFunction(onCapturedArg, "onCaptured");
  Napi::Function onDropped = OptionalFunction(onDroppedArg, "onDropped");
  platformpp::Client &client = Sdk();
  platformpp::Call call = platformpp::Call::nullobj;
  std::shared_ptr<AudioBridge> bridge;
  if (!onReceived.IsEmpty() || !onCaptured.IsEmpty()) {
    if (onDropped.IsEmpty()) throw Napi::TypeError::New(env, "onDropped must be a function");
    bridge = AudioBridge::Create(onReceived, onCaptured, onDropped);
    // The SDK's audio thread calls these; they touch only the bridge (shared ownership: the SDK
    // frees the closures after joining its audio thread).
    call = client.StartCallWithAudioCallbacks(
        lobbyId,
        [bridge](uint64_t userId, int16_t *data, uint64_t spc, int32_t rate, uint64_t channels, bool &outShouldMute) {
          bridge->OnReceived(userId, data, spc, rate, channels, outShouldMute);
        },
        [bridge](int16_t *data, uint64_t spc, int32_t rate, uint64_t channels) { bridge->OnCaptured(data, spc, rate, channels); });
  } else {
    call = client.StartCall(lobbyId);
  }
  if (!call) {
    if (bridge) bridge->Shutdown();
    return std::nullopt;
  }
  RegisterCallCallbacks(call, sink_);
  uint64_t channel = call.GetChannelId();
  if (bridge) {
    if (auto old = audioBridges_.find(channel); old != audioBridges_.end()) old->second->Shutdown();
    audioBridges_[channel] = std::move(bridge);
  }
  return channel;
}

std::vector<uint64_t> ClientWrap::GetCallIds() {
  std::vector<uint64_t> ids;
  if (client_) {
    for (platformpp::Call &c : client_->GetCalls()) ids.push_back(c.GetChannelId());
  }
  return ids;
}

// endCall / endCalls. The audio bridge is stopped at once: frames the SDK's audio thread still
// delivers are ignored, and its closures keep the bridge alive until the SDK joins that thread and
// frees them.
void ClientWrap::EndCall(Op<DoneCompletion> op, uint64_t channelId) {
  Sdk().EndCall(channelId, [sink = sink_, op]() { CompleteDone(*sink, op, std::nullopt); });
  ReleaseAudio(channelId);
}

void ClientWrap::EndCalls(Op<DoneCompletion> op) {
  Sdk().EndCalls([sink = sink_, op]() { CompleteDone(*sink, op, std::nullopt); });
  ReleaseAllAudio();
}

void ClientWrap::ReleaseAudio(uint64_t channel) {
  if (auto it = audioBridges_.find(channel); it != audioBridges_.end()) {
    it->second->Shutdown();
    audioBridges_.erase(it);
  }
}

void ClientWrap::ReleaseAllAudio() {
  for (auto &[channel, bridge] : audioBridges_) bridge->Shutdown();
  audioBridges_.clear();
}

// Every readable property of the call at once.
CallStateData ClientWrap::CallState(uint64_t channelId) {
  platformpp::Call call = CallOf(channelId);
  CallStateData d;
  d.channelId = call.GetChannelId();
  d.guildId = call.GetGuildId();
  d.status = static_cast<int32_t>(call.GetStatus());
  d.participants = call.GetParticipants();
  d.audioMode = static_cast<int32_t>(call.GetAudioMode());
  d.pttActive = call.GetPTTActive();
  d.pttReleaseDelayMs = call.GetPTTReleaseDelay();
  d.selfMute = call.GetSelfMute();
  d.selfDeaf = call.GetSelfDeaf();
  platformpp::VADThresholdSettings vad = call.GetVADThreshold();
  d.vadThreshold = {vad && vad.Automatic(), vad ? vad.VadThreshold() : 0.0f};
  return d;
}

std::optional<CallVoiceStateData> ClientWrap::CallVoiceState(uint64_t channelId, uint64_t userId) {
  std::optional<platformpp::VoiceStateHandle> state = CallOf(channelId).GetVoiceStateHandle(userId);
  if (!state) return std::nullopt;
  return CallVoiceStateData{state->SelfMute(), state->SelfDeaf()};
}

// setCallSelfMute / setCallSelfDeaf / setCallPttActive: Member is the platformpp::Call setter.
template <auto Member>
void ClientWrap::SetCallFlag(uint64_t channelId, bool value) {
  platformpp::Call call = CallOf(channelId);
  (call.*Member)(value);
}

// 1 voice activity, 2 push to talk.
void ClientWrap::SetCallAudioMode(uint64_t channelId, int32_t audioMode) {
  CallOf(channelId).SetAudioMode(static_cast<platformpp::AudioModeType>(audioMode));
}

void ClientWrap::SetCallPttReleaseDelay(uint64_t channelId, double pttReleaseDelayMs) {
  CallOf(channelId).SetPTTReleaseDelay(static_cast<uint32_t>(pttReleaseDelayMs));
}

void ClientWrap::SetCallVadThreshold(uint64_t channelId, bool automatic, double threshold) {
  CallOf(channelId).SetVADThreshold(automatic, static_cast<float>(threshold));
}

void ClientWrap::SetCallLocalMute(uint64_t channelId, uint64_t userId, bool mute) { CallOf(channelId).SetLocalMute(userId, mute); }

void ClientWrap::SetCallParticipantVolume(uint64_t channelId, uint64_t userId, double volume) {
  CallOf(channelId).SetParticipantVolume(userId, static_cast<float>(volume));
}

bool ClientWrap::GetCallLocalMute(uint64_t channelId, uint64_t userId) { return CallOf(channelId).GetLocalMute(userId); }

double ClientWrap::GetCallParticipantVolume(uint64_t channelId, uint64_t userId) {
  return CallOf(channelId).GetParticipantVolume(userId);
}

void ClientWrap::SetAudioReceivedMuted(uint64_t channelId, uint64_t userId, bool muted) {
  BridgeOf(Env(), audioBridges_, channelId).SetReceivedMuted(userId, muted);
}

// userId 0: the captured (local) audio.
void ClientWrap::SetAudioGain(uint64_t channelId, uint64_t userId, double gain) {
  BridgeOf(Env(), audioBridges_, channelId).SetGain(userId, static_cast<float>(gain));
}

// The call's audio handle, or null (the call has no audio callbacks, or the client closed).
Napi::Value ClientWrap::AudioHandleOf(uint64_t channelId) {
  Napi::Env env = Env();
  auto it = audioBridges_.find(channelId);
  if (it == audioBridges_.end()) return env.Null();
  auto owned = std::make_unique<AudioHandle>(AudioHandle{it->second->Stats(), it->second});
  AudioHandleValue handle = AudioHandleValue::New(env, owned.get(), [](Napi::Env, AudioHandle *h) { delete h; });
  owned.release();  // owned by the handle's finalizer
  handle.TypeTag(&kAudioHandleTag);
  return handle;
}

// Whether to keep draining. Called by a JS timer while the call runs: hands the queued frames to
// onReceived / onCaptured (the audio thread never wakes the JS thread).
bool ClientWrap::AudioDrain(Napi::Value handle) {
  std::shared_ptr<AudioBridge> bridge = AudioHandleArg(handle).bridge.lock();  // held: a handler may end the call
  return bridge && bridge->Drain(Env());
}

// { receivedFrames, capturedFrames, dropped, callbackP99Us, callbackMaxUs }. Reads only the shared
// figures, never the client: valid after the call ended and after close.
Napi::Value ClientWrap::ReadAudioStats(Napi::Value handle) {
  Napi::Env env = Env();
  const AudioStats &s = *AudioHandleArg(handle).stats;
  const DurationHistogram::Summary callback = s.callback.Summarize();
  auto count = [&](const std::atomic<uint64_t> &n) {
    return Napi::Number::New(env, static_cast<double>(n.load(std::memory_order_relaxed)));
  };
  Napi::Object o = Napi::Object::New(env);
  o.Set("receivedFrames", count(s.receivedFrames));
  o.Set("capturedFrames", count(s.capturedFrames));
  o.Set("dropped", count(s.dropped));
  o.Set("callbackP99Us", Napi::Number::New(env, static_cast<double>(callback.p99Ns) / 1000.0));
  o.Set("callbackMaxUs", Napi::Number::New(env, static_cast<double>(callback.maxNs) / 1000.0));
  return o;
}

// The client's audio settings.
Napi::Value ClientWrap::VoiceGet() {
  Napi::Env env = Env();
  platformpp::Client &c = Sdk();
  Napi::Object o = Napi::Object::New(env);
  o.Set("inputVolume", Napi::Number::New(env, c.GetInputVolume()));
  o.Set("outputVolume", Napi::Number::New(env, c.GetOutputVolume()));
  o.Set("selfMuteAll", Napi::Boolean::New(env, c.GetSelfMuteAll()));
  o.Set("selfDeafAll", Napi::Boolean::New(env, c.GetSelfDeafAll()));
  return o;
}

// setSelfMuteAll / setSelfDeafAll / setEchoCancellation / …: the client's on/off settings.
template <auto Member>
void ClientWrap::SetVoiceFlag(bool value) {
  (Sdk().*Member)(value);
}

void ClientWrap::SetInputVolume(double inputVolume) { Sdk().SetInputVolume(static_cast<float>(inputVolume)); }

void ClientWrap::SetOutputVolume(double outputVolume) { Sdk().SetOutputVolume(static_cast<float>(outputVolume)); }

bool ClientWrap::ShowAudioRoutePicker() { return Sdk().ShowAudioRoutePicker(); }

void ClientWrap::SetOpusHardwareCoding(bool encode, bool decode) { Sdk().SetOpusHardwareCoding(encode, decode); }

void ClientWrap::SetNoAudioInputThreshold(double dBFS) { Sdk().SetNoAudioInputThreshold(static_cast<float>(dBFS)); }

// getInputDevices / getOutputDevices: Member lists them.
template <auto Member>
void ClientWrap::GetDeviceList(Op<DevicesCompletion> op) {
  (Sdk().*Member)([sink = sink_, op](std::vector<platformpp::AudioDevice> devices) {
    CompleteDevices(*sink, op, std::nullopt, CaptureDevices(devices));
  });
}

// getCurrentInputDevice / getCurrentOutputDevice: Member reads the current one.
template <auto Member>
void ClientWrap::GetCurrentDevice(Op<CurrentDeviceCompletion> op) {
  (Sdk().*Member)([sink = sink_, op](platformpp::AudioDevice device) {
    CompleteCurrentDevice(*sink, op, std::nullopt, CaptureDevice(device));
  });
}

// setInputDevice / setOutputDevice: Member sets it.
template <auto Member>
void ClientWrap::SetDevice(Op<DoneCompletion> op, const std::string &deviceId) {
  (Sdk().*Member)(deviceId, ResultCompletion(sink_, op));
}

// thread is Client::Thread's value (0 client, 1 voice, 2 network; lib/client.ts maps the names);
// the priority's meaning is the platform's.
void ClientWrap::SetThreadPriority(int32_t thread, int32_t priority) {
  Sdk().SetThreadPriority(static_cast<platformpp::Client::Thread>(thread), priority);
}

// Started: false (nothing started, the op never completes) when the library predates 1.10.19337;
// otherwise completes with the settings (or null).
bool ClientWrap::GetPlatformVoiceSettings(Op<PlatformVoiceSettingsCompletion> op) {
  if (!HasVoiceSettings()) return false;
  Sdk().GetVoiceSettings([sink = sink_, op](platformpp::ClientResult result, platformpp::VoiceSettings settings) {
    std::optional<VoiceSettingsData> captured;
    if (settings) captured = CaptureVoiceSettings(settings);
    CompletePlatformVoiceSettings(*sink, op, CaptureResult(result), captured ? &*captured : nullptr);
  });
  return true;
}

// The members as published for 1.10.19337: a library with GetVoiceSettings but without InputMode
// (none is known) would only read zeros, so it counts as lacking them.
bool ClientWrap::HasVoiceSettings() {
  return SdkLibrary::HasSymbol("Platform_Client_GetVoiceSettings") && SdkLibrary::HasSymbol("Platform_VoiceSettings_InputMode");
}

void ClientWrap::RegisterVoiceCallbacks() {
  auto sink = sink_;
  client_->SetVoiceParticipantChangedCallback([sink](uint64_t lobbyId, uint64_t memberId, bool added) {
    PushVoiceParticipant(*sink, lobbyId, memberId, added);
  });
  client_->SetDeviceChangeCallback([sink](std::vector<platformpp::AudioDevice> inputs, std::vector<platformpp::AudioDevice> outputs) {
    PushDevicesChanged(*sink, CaptureDevices(inputs), CaptureDevices(outputs));
  });
  client_->SetNoAudioInputCallback([sink](bool detected) { PushNoAudioInput(*sink, detected); });
  if (HasVoiceSettings()) {
    client_->SetVoiceSettingsUpdatedCallback([sink](platformpp::VoiceSettings settings) {
      PushVoiceSettingsUpdated(*sink, CaptureVoiceSettings(settings));
    });
  }
}

#include "client/client_wrap_voice_methods.inc"

}  // namespace psdk
