// A call's readable state read into plain data (callState, callVoiceState on the JS thread:
// client/client_wrap_voice.cc reads it). The codecs (CallStateToJs, CallVoiceStateToJs; lib/boundary.ts NativeCallState) are generated from
// native/boundary/boundary.schema.
#pragma once

#include <cstdint>
#include <vector>

namespace psdk {

struct VadThresholdData {
  bool automatic = false;
  float threshold = 0;
};

struct CallStateData {
  uint64_t channelId = 0, guildId = 0;  // guildId 0: none
  int32_t status = 0;
  std::vector<uint64_t> participants;
  int32_t audioMode = 0;
  bool pttActive = false;
  uint32_t pttReleaseDelayMs = 0;
  bool selfMute = false, selfDeaf = false;
  VadThresholdData vadThreshold;
};

struct CallVoiceStateData {
  bool selfMute = false, selfDeaf = false;
};

}  // namespace psdk
