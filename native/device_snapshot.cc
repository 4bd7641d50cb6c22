#include "device_snapshot.h"

namespace psdk {

namespace {
DeviceData Capture(const platformpp::AudioDevice &d) { return {d.Id(), d.Name(), d.IsDefault()}; }
Napi::Object ToObject(Napi::Env env, const DeviceData &d) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", d.id);
  o.Set("name", d.name);
  o.Set("isDefault", Napi::Boolean::New(env, d.isDefault));
  return o;
}
}  // namespace

DeviceListPayload::DeviceListPayload(const std::vector<platformpp::AudioDevice> &devices) {
  list_.reserve(devices.size());
  for (const auto &d : devices) list_.push_back(Capture(d));
}

Napi::Value DeviceListPayload::ToJs(Napi::Env env) const {
  Napi::Array a = Napi::Array::New(env, list_.size());
  for (size_t i = 0; i < list_.size(); ++i) a.Set(static_cast<uint32_t>(i), ToObject(env, list_[i]));
  return a;
}

DevicePayload::DevicePayload(const platformpp::AudioDevice &device) : device_(Capture(device)) {}

Napi::Value DevicePayload::ToJs(Napi::Env env) const { return ToObject(env, device_); }

const char *VoiceInputModeName(platformpp::VoiceInputModeType mode) {
  switch (mode) {
    case platformpp::VoiceInputModeType::VoiceActivity: return "vad";
    case platformpp::VoiceInputModeType::PushToTalk: return "ptt";
    default: return "unknown";
  }
}

std::optional<platformpp::VoiceInputModeType> VoiceInputModeFromName(const std::string &name) {
  if (name == "vad") return platformpp::VoiceInputModeType::VoiceActivity;
  if (name == "ptt") return platformpp::VoiceInputModeType::PushToTalk;
  return std::nullopt;
}

VoiceSettingsData CaptureVoiceSettings(const platformpp::VoiceSettings &s) {
  VoiceSettingsData d;
  d.selfMute = s.SelfMute();
  d.selfDeaf = s.SelfDeaf();
  d.inputMode = VoiceInputModeName(s.InputMode());
  d.pttKey = s.PttKey();
  d.inputVolume = s.InputVolume();
  d.outputVolume = s.OutputVolume();
  d.noiseSuppression = s.NoiseSuppression();
  d.echoCancellation = s.EchoCancellation();
  d.noiseCancellation = s.NoiseCancellation();
  d.automaticGainControl = s.AutomaticGainControl();
  return d;
}

Napi::Object VoiceSettingsToJs(Napi::Env env, const VoiceSettingsData &d) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("selfMute", Napi::Boolean::New(env, d.selfMute));
  o.Set("selfDeaf", Napi::Boolean::New(env, d.selfDeaf));
  o.Set("inputMode", Napi::String::New(env, d.inputMode));
  o.Set("pttKey", Napi::String::New(env, d.pttKey));
  o.Set("inputVolume", Napi::Number::New(env, d.inputVolume));
  o.Set("outputVolume", Napi::Number::New(env, d.outputVolume));
  o.Set("noiseSuppression", Napi::Boolean::New(env, d.noiseSuppression));
  o.Set("echoCancellation", Napi::Boolean::New(env, d.echoCancellation));
  o.Set("noiseCancellation", Napi::Boolean::New(env, d.noiseCancellation));
  o.Set("automaticGainControl", Napi::Boolean::New(env, d.automaticGainControl));
  return o;
}

}  // namespace psdk
