// voice.h — voice calls of lobbies: the per-client call state machine, participants, voice
// states, speaking (who transmits when), and audio devices / no-audio-input detection.
//
//   StartCall   Joining -> (latency) Connecting -> (latency) SignalingConnected -> (latency)
//               Connected: the user becomes a participant of the lobby's call.
//   offline     a Connected call goes Reconnecting; a pending step waits for the network;
//               back online -> (latency) the walk continues / Connected again. Never Disconnected.
//   EndCall     the call is gone at once (participant removed, slots released).
//
// A user transmits at time t when: a participant, not self-muted/deafened, speaking at t
// (PlatformSim_VoiceSpeak), and, if the user is a local client's, that call is Connected and, in
// PTT mode, PTT is active or was released less than the release delay before t (in VAD mode with
// a manual threshold, the threshold must be at most the speech level). Speaking events announce
// changes of that state to every local call of the lobby. World lock held for everything here.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "world.h"

namespace psim {

// RMS level of the speech tone (amplitude 0.5): 20*log10(0.5/sqrt(2)).
inline constexpr float kSpeechLevelDb = -9.03f;
inline constexpr uint32_t kMaxPttReleaseDelayMs = 2000;

// The local call `serial` of the client in the lobby (nullptr when ended/stale).
LocalCall *findLocalCall(World &w, uint64_t clientKey, uint64_t lobbyId, uint64_t serial, ClientState **client = nullptr);
// The local call of `userId` in the lobby (a client of this process), if any.
LocalCall *localCallOfUser(World &w, uint64_t lobbyId, uint64_t userId, ClientState **client = nullptr);

// Client_StartCall*: 0 (and *why) when refused, else the new call's serial.
uint64_t startCall(World &w, ClientState &c, uint64_t lobbyId, uint64_t now, std::shared_ptr<AudioSession> audio,
                   std::string *why);
// Removes the client's call in the lobby (nullptr when none). The caller stops its audio (after
// unlocking) and releases it outside the lock.
std::shared_ptr<LocalCall> endCall(World &w, ClientState &c, uint64_t lobbyId, uint64_t at);

// The user left the lobby (or it is being deleted): their local calls there end under the lock
// (a final Disconnected status callback; audio threads are told to stop and are joined when the
// call is released outside the lock) and a remote participant is removed.
void onLeftLobbyVoice(World &w, uint64_t lobbyId, uint64_t userId, uint64_t at);
// The client's session was closed because its grant died (revoked, deauthorized, banned, merged
// away): the voice server no longer accepts the user, so each of the client's calls ends like
// onLeftLobbyVoice, its final Disconnected status carrying SignalingUnexpectedClose and `detail`
// (the gateway close code, 4004).
void onSessionRevokedVoice(World &w, ClientState &c, int32_t detail, uint64_t at);
// PlatformSim_Reset (and so WorldLoad): the platform the calls were on is gone, so each of the
// client's calls ends like onSessionRevokedVoice, with SignalingUnexpectedClose and detail 0 (as
// its session ends with UnexpectedClose, 0): code waiting for a call's end hears it.
void onResetVoice(World &w, ClientState &c, uint64_t at);

// Self mute/deaf of a local call (mirrored into the participant record; voice-state events).
void setCallSelf(World &w, ClientState &c, LocalCall &lc, std::optional<bool> mute, std::optional<bool> deaf, uint64_t at);
// Announces transmission changes of every participant of the lobby's call at `at`.
void reevaluateSpeaking(World &w, uint64_t lobbyId, uint64_t at);
bool transmitting(World &w, uint64_t lobbyId, uint64_t userId, uint64_t t);
// Schedules reevaluateSpeaking at `due`.
void reevaluateAt(World &w, uint64_t lobbyId, uint64_t due);

// Remote participants (PlatformSim_VoiceJoinCall / LeaveCall).
bool remoteJoin(World &w, uint64_t userId, uint64_t lobbyId, uint64_t at, std::string *err);
bool remoteLeave(World &w, uint64_t userId, uint64_t lobbyId, uint64_t at, std::string *err);
bool speak(World &w, uint64_t userId, uint64_t lobbyId, uint32_t durationMs, float freq, uint64_t at, std::string *err);

void onNetworkChangedVoice(World &w, bool online, uint64_t at);

// Devices.
std::vector<AudioDeviceData> devicesOf(const World &w, bool input);
// The device a client's selection resolves to ("default" or a removed id -> the default one).
AudioDeviceData currentDevice(const World &w, const ClientState &c, bool input);
void notifyDevicesChanged(World &w, uint64_t at);

// No-audio-input: evaluates every client (or one) and queues the callback on a change.
void evaluateInputDetection(World &w, uint64_t at, uint64_t onlyClient = 0);

// Voice log line of a call (Info) / error (Error).
void voiceLog(uint64_t clientKey, int32_t severity, const std::string &text);

const char *callStatusName(int32_t s);
const char *callErrorName(int32_t e);

}  // namespace psim
