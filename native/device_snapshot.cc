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

VoiceSettingsData CaptureVoiceSettings(const platformpp::VoiceSettings &s) {
  VoiceSettingsData d;
  d.selfMute = s.SelfMute();
  d.selfDeaf = s.SelfDeaf();
  d.inputVolume = s.InputVolume();
  d.outputVolume = s.OutputVolume();
  d.voiceMode = static_cast<int32_t>(s.VoiceMode());
  d.pushToTalkKey = s.PushToTalkKey();
  return d;
}

Napi::Object VoiceSettingsToJs(Napi::Env env, const VoiceSettingsData &d) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("selfMute", Napi::Boolean::New(env, d.selfMute));
  o.Set("selfDeaf", Napi::Boolean::New(env, d.selfDeaf));
  o.Set("inputVolume", Napi::Number::New(env, d.inputVolume));
  o.Set("outputVolume", Napi::Number::New(env, d.outputVolume));
  o.Set("voiceMode", Napi::Number::New(env, d.voiceMode));
  o.Set("pushToTalkKey", d.pushToTalkKey ? Napi::Value(Napi::String::New(env, *d.pushToTalkKey)) : env.Null());
  return o;
}

}  // namespace psdk
