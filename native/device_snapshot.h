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

// VoiceSettings as published for 1.10.19337. inputMode is JS's name for the mode: "vad", "ptt",
// or "unknown" for a value this build does not know (a newer SDK's).
struct VoiceSettingsData {
  bool selfMute = false, selfDeaf = false;
  std::string inputMode, pttKey;
  float inputVolume = 0, outputVolume = 0;
  bool noiseSuppression = false, echoCancellation = false, noiseCancellation = false, automaticGainControl = false;
};

// The JS names of VoiceInputModeType ("vad", "ptt"); the numbers stay in cplatform.h.
const char *VoiceInputModeName(platformpp::VoiceInputModeType mode);
std::optional<platformpp::VoiceInputModeType> VoiceInputModeFromName(const std::string &name);

VoiceSettingsData CaptureVoiceSettings(const platformpp::VoiceSettings &settings);
Napi::Object VoiceSettingsToJs(Napi::Env env, const VoiceSettingsData &settings);

using VoiceSettingsPayload = ValuePayload<VoiceSettingsData, VoiceSettingsToJs>;

}  // namespace psdk
