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

AudioHandle &ArgAudioHandle(const Napi::CallbackInfo &info, size_t index) {
  if (index >= info.Length() || !info[index].IsExternal() || !info[index].As<AudioHandleValue>().CheckTypeTag(&kAudioHandleTag)) {
    throw Napi::TypeError::New(info.Env(), "not an audio handle");
  }
  return *info[index].As<AudioHandleValue>().Data();
}

// The raw-audio bridge of the call in `channel`; throws when the call has no audio callbacks.
AudioBridge &BridgeOf(const Napi::CallbackInfo &info, std::unordered_map<uint64_t, std::shared_ptr<AudioBridge>> &bridges,
                      uint64_t channel) {
  auto it = bridges.find(channel);
  if (it == bridges.end()) throw Napi::Error::New(info.Env(), "the call has no audio callbacks");
  return *it->second;
}

Napi::Function OptionalFunction(const Napi::CallbackInfo &info, size_t index, const char *name) {
  if (index >= info.Length() || info[index].IsUndefined() || info[index].IsNull()) return Napi::Function();
  if (!info[index].IsFunction()) throw Napi::TypeError::New(info.Env(), std::string(name) + " must be a function");
  return info[index].As<Napi::Function>();
}

}  // namespace

void ClientWrap::AddVoiceMethods(MethodList &methods) {
  using Call = platformpp::Call;
  using Client = platformpp::Client;
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::StartCall>("startCall"),
      InstanceMethod<&ClientWrap::GetCallIds>("getCallIds"),
      InstanceMethod<&ClientWrap::EndCall>("endCall"),
      InstanceMethod<&ClientWrap::EndCalls>("endCalls"),
      InstanceMethod<&ClientWrap::CallState>("callState"),
      InstanceMethod<&ClientWrap::CallVoiceState>("callVoiceState"),
      InstanceMethod<&ClientWrap::SetCallFlag<&Call::SetSelfMute>>("setCallSelfMute"),
      InstanceMethod<&ClientWrap::SetCallFlag<&Call::SetSelfDeaf>>("setCallSelfDeaf"),
      InstanceMethod<&ClientWrap::SetCallFlag<&Call::SetPTTActive>>("setCallPttActive"),
      InstanceMethod<&ClientWrap::SetCallAudioMode>("setCallAudioMode"),
      InstanceMethod<&ClientWrap::SetCallPttReleaseDelay>("setCallPttReleaseDelay"),
      InstanceMethod<&ClientWrap::SetCallVadThreshold>("setCallVadThreshold"),
      InstanceMethod<&ClientWrap::SetCallLocalMute>("setCallLocalMute"),
      InstanceMethod<&ClientWrap::SetCallParticipantVolume>("setCallParticipantVolume"),
      InstanceMethod<&ClientWrap::GetCallLocalMute>("getCallLocalMute"),
      InstanceMethod<&ClientWrap::GetCallParticipantVolume>("getCallParticipantVolume"),
      InstanceMethod<&ClientWrap::SetAudioReceivedMuted>("setAudioReceivedMuted"),
      InstanceMethod<&ClientWrap::SetAudioGain>("setAudioGain"),
      InstanceMethod<&ClientWrap::AudioHandleOf>("audioHandle"),
      InstanceMethod<&ClientWrap::AudioDrain>("audioDrain"),
      InstanceMethod<&ClientWrap::ReadAudioStats>("audioStats"),
      InstanceMethod<&ClientWrap::VoiceGet>("voiceGet"),
      InstanceMethod<&ClientWrap::SetInputVolume>("setInputVolume"),
      InstanceMethod<&ClientWrap::SetOutputVolume>("setOutputVolume"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetSelfMuteAll>>("setSelfMuteAll"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetSelfDeafAll>>("setSelfDeafAll"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetEchoCancellation>>("setEchoCancellation"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetNoiseSuppression>>("setNoiseSuppression"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetNoiseCancellation>>("setNoiseCancellation"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetAutomaticGainControl>>("setAutomaticGainControl"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetAecDump>>("setAecDump"),
      InstanceMethod<&ClientWrap::SetVoiceFlag<&Client::SetEngineManagedAudioSession>>("setEngineManagedAudioSession"),
      InstanceMethod<&ClientWrap::SetOpusHardwareCoding>("setOpusHardwareCoding"),
      InstanceMethod<&ClientWrap::SetNoAudioInputThreshold>("setNoAudioInputThreshold"),
      InstanceMethod<&ClientWrap::GetDeviceList<&Client::GetInputDevices>>("getInputDevices"),
      InstanceMethod<&ClientWrap::GetDeviceList<&Client::GetOutputDevices>>("getOutputDevices"),
      InstanceMethod<&ClientWrap::GetCurrentDevice<&Client::GetCurrentInputDevice>>("getCurrentInputDevice"),
      InstanceMethod<&ClientWrap::GetCurrentDevice<&Client::GetCurrentOutputDevice>>("getCurrentOutputDevice"),
      InstanceMethod<&ClientWrap::SetDevice<&Client::SetInputDevice>>("setInputDevice"),
      InstanceMethod<&ClientWrap::SetDevice<&Client::SetOutputDevice>>("setOutputDevice"),
      InstanceMethod<&ClientWrap::GetPlatformVoiceSettings>("getPlatformVoiceSettings"),
      InstanceMethod<&ClientWrap::SetThreadPriority>("setThreadPriority"),
  });
}

platformpp::Call ClientWrap::CallArg(const Napi::CallbackInfo &info, size_t index) {
  uint64_t channel = ArgId(info, index, "channelId");
  platformpp::Call call = Sdk(info).GetCall(channel);
  if (!call) throw Napi::Error::New(info.Env(), "no call in channel " + std::to_string(channel));
  return call;
}

// startCall(lobbyId, onReceived?, onCaptured?, onDropped?) → channelId | null (already in that call)
Napi::Value ClientWrap::StartCall(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  uint64_t lobby = ArgId(info, 0, "lobbyId");
  Napi::Function onReceived = OptionalFunction(info, 1, "onReceived");
  Napi::Function onCaptured = OptionalFunction(info, 2, "onCaptured");
  Napi::Function onDropped = OptionalFunction(info, 3, "onDropped");
  platformpp::Client &client = Sdk(info);
  platformpp::Call call = platformpp::Call::nullobj;
  std::shared_ptr<AudioBridge> bridge;
  if (!onReceived.IsEmpty() || !onCaptured.IsEmpty()) {
    if (onDropped.IsEmpty()) throw Napi::TypeError::New(env, "onDropped must be a function");
    bridge = AudioBridge::Create(onReceived, onCaptured, onDropped);
    // The SDK's audio thread calls these; they touch only the bridge (shared ownership: the SDK
    // frees the closures after joining its audio thread).
    call = client.StartCallWithAudioCallbacks(
        lobby,
        [bridge](uint64_t userId, int16_t *data, uint64_t spc, int32_t rate, uint64_t channels, bool &outShouldMute) {
          bridge->OnReceived(userId, data, spc, rate, channels, outShouldMute);
        },
        [bridge](int16_t *data, uint64_t spc, int32_t rate, uint64_t channels) { bridge->OnCaptured(data, spc, rate, channels); });
  } else {
    call = client.StartCall(lobby);
  }
  if (!call) {
    if (bridge) bridge->Shutdown();
    return env.Null();
  }
  RegisterCallCallbacks(call, sink_);
  uint64_t channel = call.GetChannelId();
  if (bridge) {
    if (auto old = audioBridges_.find(channel); old != audioBridges_.end()) old->second->Shutdown();
    audioBridges_[channel] = std::move(bridge);
  }
  return IdToJs(env, channel);
}

Napi::Value ClientWrap::GetCallIds(const Napi::CallbackInfo &info) {
  std::vector<uint64_t> ids;
  if (client_) {
    for (platformpp::Call &c : client_->GetCalls()) ids.push_back(c.GetChannelId());
  }
  return IdsToJs(info.Env(), ids);
}

// endCall(opId, channelId) / endCalls(opId). The audio bridge is stopped at once: frames the SDK's
// audio thread still delivers are ignored, and its closures keep the bridge alive until the SDK
// joins that thread and frees them.
Napi::Value ClientWrap::EndCall(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t channel = ArgId(info, 1, "channelId");
  auto sink = sink_;
  Sdk(info).EndCall(channel, [sink, op]() { CompleteDone(*sink, op, std::nullopt); });
  ReleaseAudio(channel);
  return info.Env().Undefined();
}

Napi::Value ClientWrap::EndCalls(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto sink = sink_;
  Sdk(info).EndCalls([sink, op]() { CompleteDone(*sink, op, std::nullopt); });
  ReleaseAllAudio();
  return info.Env().Undefined();
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

// callState(channelId) → every readable property of the call at once
Napi::Value ClientWrap::CallState(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
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
  return CallStateToJs(info.Env(), d);
}

// callVoiceState(channelId, userId) → { selfMute, selfDeaf } | null
Napi::Value ClientWrap::CallVoiceState(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  std::optional<platformpp::VoiceStateHandle> state = call.GetVoiceStateHandle(ArgId(info, 1, "userId"));
  if (!state) return info.Env().Null();
  return CallVoiceStateToJs(info.Env(), CallVoiceStateData{state->SelfMute(), state->SelfDeaf()});
}

// setCallSelfMute / setCallSelfDeaf / setCallPttActive(channelId, value)
template <auto Setter>
Napi::Value ClientWrap::SetCallFlag(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  (call.*Setter)(ArgBool(info, 1, "value"));
  return info.Env().Undefined();
}

// setCallAudioMode(channelId, mode): 1 voice activity, 2 push to talk
Napi::Value ClientWrap::SetCallAudioMode(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  call.SetAudioMode(static_cast<platformpp::AudioModeType>(ArgInt32(info, 1, "audioMode", 1, 2)));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetCallPttReleaseDelay(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  call.SetPTTReleaseDelay(static_cast<uint32_t>(ArgNumber(info, 1, "pttReleaseDelayMs", 0, 4294967295.0)));
  return info.Env().Undefined();
}

// setCallVadThreshold(channelId, automatic, threshold)
Napi::Value ClientWrap::SetCallVadThreshold(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  call.SetVADThreshold(ArgBool(info, 1, "automatic"), static_cast<float>(ArgNumber(info, 2, "threshold", -100, 0)));
  return info.Env().Undefined();
}

// setCallLocalMute(channelId, userId, mute)
Napi::Value ClientWrap::SetCallLocalMute(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  call.SetLocalMute(ArgId(info, 1, "userId"), ArgBool(info, 2, "mute"));
  return info.Env().Undefined();
}

// setCallParticipantVolume(channelId, userId, volume)
Napi::Value ClientWrap::SetCallParticipantVolume(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  call.SetParticipantVolume(ArgId(info, 1, "userId"), static_cast<float>(ArgNumber(info, 2, "volume", 0, 200)));
  return info.Env().Undefined();
}

// getCallLocalMute(channelId, userId) → boolean
Napi::Value ClientWrap::GetCallLocalMute(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  return Napi::Boolean::New(info.Env(), call.GetLocalMute(ArgId(info, 1, "userId")));
}

// getCallParticipantVolume(channelId, userId) → number
Napi::Value ClientWrap::GetCallParticipantVolume(const Napi::CallbackInfo &info) {
  platformpp::Call call = CallArg(info, 0);
  return Napi::Number::New(info.Env(), call.GetParticipantVolume(ArgId(info, 1, "userId")));
}

// setAudioReceivedMuted(channelId, userId, muted)
Napi::Value ClientWrap::SetAudioReceivedMuted(const Napi::CallbackInfo &info) {
  uint64_t channel = ArgId(info, 0, "channelId");
  uint64_t user = ArgId(info, 1, "userId");
  bool muted = ArgBool(info, 2, "muted");
  BridgeOf(info, audioBridges_, channel).SetReceivedMuted(user, muted);
  return info.Env().Undefined();
}

// setAudioGain(channelId, userId | 0 (captured), gain)
Napi::Value ClientWrap::SetAudioGain(const Napi::CallbackInfo &info) {
  uint64_t channel = ArgId(info, 0, "channelId");
  uint64_t user = ArgId(info, 1, "userId", true);
  auto gain = static_cast<float>(ArgNumber(info, 2, "gain", 0, 100));
  BridgeOf(info, audioBridges_, channel).SetGain(user, gain);
  return info.Env().Undefined();
}

// audioHandle(channelId) → handle | null (the call has no audio callbacks, or the client closed)
Napi::Value ClientWrap::AudioHandleOf(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  auto it = audioBridges_.find(ArgId(info, 0, "channelId"));
  if (it == audioBridges_.end()) return env.Null();
  auto owned = std::make_unique<AudioHandle>(AudioHandle{it->second->Stats(), it->second});
  AudioHandleValue handle = AudioHandleValue::New(env, owned.get(), [](Napi::Env, AudioHandle *h) { delete h; });
  owned.release();  // owned by the handle's finalizer
  handle.TypeTag(&kAudioHandleTag);
  return handle;
}

// audioDrain(handle) → whether to keep draining. Called by a JS timer while the call runs: hands
// the queued frames to onReceived / onCaptured (the audio thread never wakes the JS thread).
Napi::Value ClientWrap::AudioDrain(const Napi::CallbackInfo &info) {
  std::shared_ptr<AudioBridge> bridge = ArgAudioHandle(info, 0).bridge.lock();  // held: a handler may end the call
  return Napi::Boolean::New(info.Env(), bridge && bridge->Drain(info.Env()));
}

// audioStats(handle) → { receivedFrames, capturedFrames, dropped, callbackP99Us, callbackMaxUs }.
// Reads only the shared figures, never the client: valid after the call ended and after close.
Napi::Value ClientWrap::ReadAudioStats(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const AudioStats &s = *ArgAudioHandle(info, 0).stats;
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

// voiceGet() → the client's audio settings
Napi::Value ClientWrap::VoiceGet(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  platformpp::Client &c = Sdk(info);
  Napi::Object o = Napi::Object::New(env);
  o.Set("inputVolume", Napi::Number::New(env, c.GetInputVolume()));
  o.Set("outputVolume", Napi::Number::New(env, c.GetOutputVolume()));
  o.Set("selfMuteAll", Napi::Boolean::New(env, c.GetSelfMuteAll()));
  o.Set("selfDeafAll", Napi::Boolean::New(env, c.GetSelfDeafAll()));
  return o;
}

// setSelfMuteAll / setSelfDeafAll / setEchoCancellation / … (value): the client's on/off settings
template <auto Setter>
Napi::Value ClientWrap::SetVoiceFlag(const Napi::CallbackInfo &info) {
  bool value = ArgBool(info, 0, "value");
  (Sdk(info).*Setter)(value);
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetInputVolume(const Napi::CallbackInfo &info) {
  auto volume = static_cast<float>(ArgNumber(info, 0, "inputVolume", 0, 100));
  Sdk(info).SetInputVolume(volume);
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetOutputVolume(const Napi::CallbackInfo &info) {
  auto volume = static_cast<float>(ArgNumber(info, 0, "outputVolume", 0, 200));
  Sdk(info).SetOutputVolume(volume);
  return info.Env().Undefined();
}

// setOpusHardwareCoding(encode, decode)
Napi::Value ClientWrap::SetOpusHardwareCoding(const Napi::CallbackInfo &info) {
  bool encode = ArgBool(info, 0, "encode");
  bool decode = ArgBool(info, 1, "decode");
  Sdk(info).SetOpusHardwareCoding(encode, decode);
  return info.Env().Undefined();
}

Napi::Value ClientWrap::SetNoAudioInputThreshold(const Napi::CallbackInfo &info) {
  auto dBFS = static_cast<float>(ArgNumber(info, 0, "dBFS", -100, 0));
  Sdk(info).SetNoAudioInputThreshold(dBFS);
  return info.Env().Undefined();
}

// getInputDevices / getOutputDevices(opId) → [devices]
template <auto Getter>
Napi::Value ClientWrap::GetDeviceList(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto sink = sink_;
  (Sdk(info).*Getter)([sink, op](std::vector<platformpp::AudioDevice> devices) {
    CompleteDevices(*sink, op, std::nullopt, CaptureDevices(devices));
  });
  return info.Env().Undefined();
}

// getCurrentInputDevice / getCurrentOutputDevice(opId) → [device]
template <auto Getter>
Napi::Value ClientWrap::GetCurrentDevice(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto sink = sink_;
  (Sdk(info).*Getter)([sink, op](platformpp::AudioDevice device) {
    CompleteCurrentDevice(*sink, op, std::nullopt, CaptureDevice(device));
  });
  return info.Env().Undefined();
}

// setInputDevice / setOutputDevice(opId, deviceId)
template <auto Setter>
Napi::Value ClientWrap::SetDevice(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  std::string id = ArgString(info, 1, "deviceId");
  (Sdk(info).*Setter)(id, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// setThreadPriority(thread, priority): thread is Client::Thread's value (0 client, 1 voice,
// 2 network; lib/client.ts maps the names); the priority's meaning is the platform's.
Napi::Value ClientWrap::SetThreadPriority(const Napi::CallbackInfo &info) {
  const int32_t thread = ArgInt32(info, 0, "thread", static_cast<int32_t>(platformpp::Client::Thread::Client),
                                  static_cast<int32_t>(platformpp::Client::Thread::Network));
  const int32_t priority = ArgInt32(info, 1, "priority", INT32_MIN, INT32_MAX);
  Sdk(info).SetThreadPriority(static_cast<platformpp::Client::Thread>(thread), priority);
  return info.Env().Undefined();
}

// getPlatformVoiceSettings(opId) → started: false (nothing started, the op never completes) when
// the library predates 1.10.19337; otherwise completes with [settings | null].
Napi::Value ClientWrap::GetPlatformVoiceSettings(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  if (!HasVoiceSettings()) return Napi::Boolean::New(info.Env(), false);
  Sdk(info).GetVoiceSettings([sink = sink_, op](platformpp::ClientResult result, platformpp::VoiceSettings settings) {
    std::optional<VoiceSettingsData> captured;
    if (settings) captured = CaptureVoiceSettings(settings);
    CompletePlatformVoiceSettings(*sink, op, CaptureResult(result), captured ? &*captured : nullptr);
  });
  return Napi::Boolean::New(info.Env(), true);
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

}  // namespace psdk
