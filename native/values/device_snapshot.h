// Audio devices and the desktop client's voice settings as plain data, captured inside SDK
// callbacks; their codecs are generated from native/boundary/boundary.schema (native/boundary/boundary_codecs.h).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/platformpp_bound.h"

namespace psdk {

struct DeviceData {
  std::string id, name;
  bool isDefault = false;
};

std::vector<DeviceData> CaptureDevices(const std::vector<platformpp::AudioDevice> &devices);
DeviceData CaptureDevice(const platformpp::AudioDevice &device);

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


}  // namespace psdk
