// voice_types.h — data of the voice area (voice.h): the machine's audio devices, the desktop
// client's voice settings, what users are saying, and each client's calls and audio settings.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "callback.h"
#include "cplatform.h"

namespace psim {

// An AudioDevice record (also the machine's device list entries).
struct AudioDeviceData {
    std::string id;
    std::string name;
    bool isDefault = false;
};

struct AudioDeviceRec {
    AudioDeviceData dev;
    bool input = false;
};

// The desktop client's voice settings (sdk-abi.md 7.1, as published for 1.10.19337); a
// VoiceSettings record holds a copy. Defaults are a fresh desktop install's: voice activity, no
// push-to-talk key, full volumes, the usual processing on and the noise-cancellation model off.
struct VoiceSettingsData {
    bool selfMute = false;
    bool selfDeaf = false;
    int32_t inputMode = Platform_VoiceInputModeType_VoiceActivity;
    std::string pttKey;  // display string ("SHIFT + F"); empty when nothing is bound
    float inputVolume = 100.0f;
    float outputVolume = 100.0f;
    bool noiseSuppression = true;
    bool echoCancellation = true;
    bool noiseCancellation = false;
    bool automaticGainControl = true;
};

struct VadData {
    float threshold = -60.0f;
    bool automatic = true;
};

// PlatformSim_VoiceSpeak: [start, end) of simulated time, a tone of freq Hz.
struct Speech {
    uint64_t start = 0;
    uint64_t end = 0;
    float freq = 440.0f;
};

inline constexpr const char *kDefaultInputId = "default-input";
inline constexpr const char *kDefaultOutputId = "default-output";
inline constexpr const char *kDefaultDeviceAlias = "default";  // GetDefaultAudioDeviceId

struct VoiceStore {
    std::vector<AudioDeviceRec> devices{
        {{kDefaultInputId, "Default Microphone (simulated)", true}, true},
        {{kDefaultOutputId, "Default Speakers (simulated)", true}, false},
    };
    VoiceSettingsData platform;                                // the desktop client's settings
    float micLevelDb = -60.0f;                                 // PlatformSim_SetMicrophoneLevel
    std::map<std::pair<uint64_t, uint64_t>, Speech> speeches;  // (lobby, user) -> current speech
    uint64_t nextCallSerial = 1;
};

struct AudioSession;  // audio.h

// One Client_StartCall: the client's side of a lobby's call.
struct LocalCall {
    uint64_t serial = 0;  // distinguishes a new call in the same lobby from an ended one
    uint64_t lobbyId = 0;
    uint64_t userId = 0;  // the client's user
    int32_t status = Platform_Call_Status_Joining;
    uint64_t epoch = 0;   // bumped to cancel a pending status step
    bool waitingForNetwork = false;
    bool joined = false;  // reached Connected once (a participant)
    int32_t audioMode = Platform_AudioModeType_MODE_VAD;
    bool pttActive = false;
    bool pttReleasing = false;  // released at pttReleasedAt, still transmitting for the delay
    uint64_t pttReleasedAt = 0;
    uint32_t pttReleaseDelay = 20;
    VadData vad;
    bool selfMute = false;
    bool selfDeaf = false;
    std::map<uint64_t, bool> localMute;
    std::map<uint64_t, float> volume;  // 0..200, default 100
    std::shared_ptr<Callback> statusCb, participantCb, speakingCb, voiceStateCb;
    std::shared_ptr<AudioSession> audio;  // StartCallWithAudioCallbacks
};

struct VoiceClientState {
    std::map<uint64_t, std::shared_ptr<LocalCall>> calls;  // by lobby id
    bool selfMuteAll = false;
    bool selfDeafAll = false;
    float inputVolume = 100.0f;
    float outputVolume = 100.0f;
    std::string inputDevice = kDefaultDeviceAlias;  // "default": follows the machine's default
    std::string outputDevice = kDefaultDeviceAlias;
    bool aecDump = false, agc = true, echoCancellation = true, noiseSuppression = true, noiseCancellation = false;
    bool opusHwEncode = true, opusHwDecode = true, engineManagedAudioSession = false;
    std::map<int32_t, int32_t> threadPriority;
    float noAudioThresholdDb = -100.0f;
    bool inputDetected = true;  // last state the no-audio-input callback was told (initially true)
};

}  // namespace psim
