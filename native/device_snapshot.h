// Audio devices and the desktop client's voice settings as event / completion payloads.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "native_event.h"
#include "platformpp_bound.h"

namespace psdk {

struct DeviceData {
  std::string id, name;
  bool isDefault = false;
};

class DeviceListPayload final : public Payload {
 public:
  explicit DeviceListPayload(const std::vector<platformpp::AudioDevice> &devices);
  Napi::Value ToJs(Napi::Env env) const override;

 private:
  std::vector<DeviceData> list_;
};

class DevicePayload final : public Payload {
 public:
  explicit DevicePayload(const platformpp::AudioDevice &device);
  Napi::Value ToJs(Napi::Env env) const override;

 private:
  DeviceData device_;
};

struct VoiceSettingsData {
  bool selfMute = false, selfDeaf = false;
  float inputVolume = 0, outputVolume = 0;
  int32_t voiceMode = 0;
  std::optional<std::string> pushToTalkKey;
};

VoiceSettingsData CaptureVoiceSettings(const platformpp::VoiceSettings &settings);
Napi::Object VoiceSettingsToJs(Napi::Env env, const VoiceSettingsData &settings);

using VoiceSettingsPayload = ValuePayload<VoiceSettingsData, VoiceSettingsToJs>;

}  // namespace psdk
