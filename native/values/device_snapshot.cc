#include "values/device_snapshot.h"

namespace psdk {

DeviceData CaptureDevice(const platformpp::AudioDevice &d) { return {d.Id(), d.Name(), d.IsDefault()}; }

std::vector<DeviceData> CaptureDevices(const std::vector<platformpp::AudioDevice> &devices) {
  std::vector<DeviceData> list;
  list.reserve(devices.size());
  for (const auto &d : devices) list.push_back(CaptureDevice(d));
  return list;
}

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

}  // namespace psdk
