// audio.h — the simulator's audio thread of a call started with StartCallWithAudioCallbacks.
//
// Every 10 ms of real time (steady clock, sleep_until) the thread takes the world lock, copies
// what the frame needs (who transmits at the frame's simulated time, local mute/volume, the
// microphone level), releases the lock and then, with no simulator lock held, calls the received
// callback once per transmitting remote participant and the captured callback once. After a
// received callback it applies outShouldMute and the (possibly modified) samples, then local
// mute, participant volume and the output volume, and records the RMS playout level.
// Stopping (EndCall/EndCalls/Client_Drop) never waits for a callback: when the thread is outside
// a callback it is joined and the callbacks are released at once; when it is inside one (on this
// thread or another) it is detached, makes no further call, and releases them itself after that
// last call returns.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>

#include "callback.h"

namespace psim {

inline constexpr int32_t kSampleRate = 48000;
inline constexpr uint64_t kChannels = 2;
inline constexpr uint64_t kFrameSamples = 480;  // per channel: 10 ms
inline constexpr uint64_t kFrameMs = 10;

struct AudioSession {
    Callback received, captured;
    uint64_t clientKey = 0;
    uint64_t lobbyId = 0;
    uint64_t serial = 0;  // set once the call exists (before the thread starts)
    std::mutex mu;
    std::condition_variable cv;
    bool stop = false;
    bool inCallback = false;  // the thread is inside received/captured (guarded by mu)
    std::thread thread;
    ~AudioSession();
};

// Starts the thread (no lock needed; the session must be complete).
void startAudio(const std::shared_ptr<AudioSession> &s);
// Stops the thread (see above), then drops the reference.
// No simulator lock may be held.
void stopAudio(std::shared_ptr<AudioSession> s);

// PlatformSim_VoicePlayoutLevel; -1 when nothing was played.
float playoutLevel(uint64_t listener, uint64_t speaker);

}  // namespace psim
