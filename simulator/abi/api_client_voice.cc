// api_client_voice.cc — Client "Audio / voice" functions (sdk-abi.md 5.1) and the 1.10 voice
// settings (7.1). Calls and their state live in voice.h; the audio thread in audio.h.
#include <cmath>

#include "api_support.h"
#include "audio.h"
#include "call_ref.h"
#include "guard.h"
#include "log.h"
#include "ops.h"
#include "registry.h"
#include "results.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "voice.h"
#include "world.h"

using namespace psim;

namespace {

float clampf(float v, float lo, float hi, float fallback) {
    if (!std::isfinite(v)) return fallback;
    return v < lo ? lo : (v > hi ? hi : v);
}

// A setting that is only recorded (and reported to the voice log).
template <class F>
void record(const Platform_Client *self, const char *what, bool on, F &&apply) {
    withClient(self, 0, [&](WorldLock &, ClientState &c) {
        apply(c.voice);
        voiceLog(c.key, log::kInfo, std::string(what) + (on ? ": on" : ": off"));
        return 0;
    });
}

// Starts a call; the audio session (if any) gets its thread once the call exists.
bool start(Platform_Client *self, uint64_t lobbyId, std::shared_ptr<AudioSession> audio, Platform_Call *out) {
    if (out != nullptr) *out = Platform_Call{};
    std::shared_ptr<AudioSession> refused;  // released (fn_free) after the unlock
    bool ok = false;
    {
        WorldLock lk;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) {
            refused = std::move(audio);
        } else {
            std::string why;
            const uint64_t serial = startCall(lk.w, *c, lobbyId, lk.now, audio, &why);
            if (serial == 0) {
                voiceLog(c->key, log::kError, "StartCall(" + std::to_string(lobbyId) + ") failed: " + why);
                refused = std::move(audio);
            } else {
                ok = true;
                if (audio) {
                    audio->clientKey = c->key;
                    audio->lobbyId = lobbyId;
                    audio->serial = serial;
                    startAudio(audio);
                }
                writeCall(out, CallRef{c->key, lobbyId, serial});
            }
        }
    }
    return ok;
}

// Ends calls (all when lobbyId is nullopt); completes `cb` at the next RunCallbacks.
void end(Platform_Client *self, std::optional<uint64_t> lobbyId, Callback cb, const char *name) {
    std::vector<std::shared_ptr<LocalCall>> ended;
    {
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = findClient(lk.w, self);
        if (c == nullptr) {
            orphanOp(lk.w, OpShape::Void, name, std::move(cb), lk.now);
        } else {
            opId = addOp(lk.w, *c, OpShape::Void, name, std::move(cb));
            std::vector<uint64_t> lobbies;
            if (lobbyId) {
                lobbies.push_back(*lobbyId);
            } else {
                for (const auto &[id, lc] : c->voice.calls) lobbies.push_back(id);
            }
            for (uint64_t id : lobbies) {
                if (auto lc = endCall(lk.w, *c, id, lk.now)) ended.push_back(std::move(lc));
            }
            completeAt(lk.w, c->key, opId, lk.now, OpOutcome{});
        }
    }
    // Join the audio threads before their callback triples are released (with the calls).
    for (auto &lc : ended) stopAudio(std::move(lc->audio));
    ended.clear();
}

void deviceOp(Platform_Client *self, Callback cb, OpShape shape, const char *name, bool input) {
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = findClient(lk.w, self);
    if (c == nullptr) return orphanOp(lk.w, shape, name, std::move(cb), lk.now);
    opId = addOp(lk.w, *c, shape, name, std::move(cb));
    OpOutcome out;
    out.devices = shape == OpShape::AudioDevice ? std::vector<AudioDeviceData>{currentDevice(lk.w, *c, input)}
                                                : devicesOf(lk.w, input);
    completeAt(lk.w, c->key, opId, lk.now, std::move(out));
}

void setDevice(Platform_Client *self, Platform_String deviceId, Callback cb, const char *name, bool input) {
    const std::string id = toStd(deviceId);
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = findClient(lk.w, self);
    if (c == nullptr) return orphanOp(lk.w, OpShape::Result, name, std::move(cb), lk.now);
    opId = addOp(lk.w, *c, OpShape::Result, name, std::move(cb));
    bool known = id == kDefaultDeviceAlias;
    for (const auto &d : lk.w.voice.devices) known = known || (d.input == input && d.dev.id == id);
    if (!known) {
        voiceLog(c->key, log::kError, std::string(name) + ": unknown audio device \"" + id + "\"");
        completeAt(lk.w, c->key, opId, lk.now, outcomeOf(result::validation("unknown audio device")));
        return;
    }
    (input ? c->voice.inputDevice : c->voice.outputDevice) = id;
    voiceLog(c->key, log::kInfo, std::string(name) + ": " + id);
    completeAt(lk.w, c->key, opId, lk.now, outcomeOf(result::ok()));
}

}  // namespace

extern "C" {

bool PLATFORM_API Platform_Client_StartCall(Platform_Client *self, uint64_t channelId, Platform_Call *out) {
    return guard(__func__, false, [&] { return start(self, channelId, nullptr, out); });
}

bool PLATFORM_API Platform_Client_StartCallWithAudioCallbacks(
    Platform_Client *self, uint64_t lobbyId, Platform_Client_UserAudioReceivedCallback receivedCb,
    Platform_FreeFn receivedCb_free, void *receivedCb_ud, Platform_Client_UserAudioCapturedCallback capturedCb,
    Platform_FreeFn capturedCb_free, void *capturedCb_ud, Platform_Call *out) {
    return guard(__func__, false, [&] {
        auto s = std::make_shared<AudioSession>();
        s->received = makeCallback(receivedCb, receivedCb_free, receivedCb_ud);
        s->captured = makeCallback(capturedCb, capturedCb_free, capturedCb_ud);
        return start(self, lobbyId, std::move(s), out);
    });
}

void PLATFORM_API Platform_Client_EndCall(Platform_Client *self, uint64_t channelId, Platform_Client_EndCallCallback callback,
                                          Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] { end(self, channelId, makeCallback(callback, callback_free, callback_ud), "Client_EndCall"); });
}

void PLATFORM_API Platform_Client_EndCalls(Platform_Client *self, Platform_Client_EndCallsCallback callback,
                                           Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] { end(self, std::nullopt, makeCallback(callback, callback_free, callback_ud), "Client_EndCalls"); });
}

bool PLATFORM_API Platform_Client_GetCall(Platform_Client *self, uint64_t channelId, Platform_Call *out) {
    return guard(__func__, false, [&] {
        if (out != nullptr) *out = Platform_Call{};
        return withClient(self, false, [&](WorldLock &, ClientState &c) {
            auto it = c.voice.calls.find(channelId);
            if (it == c.voice.calls.end()) return false;
            writeCall(out, CallRef{c.key, channelId, it->second->serial});
            return true;
        });
    });
}

void PLATFORM_API Platform_Client_GetCalls(Platform_Client *self, Platform_CallSpan *out) {
    guardVoid(__func__, [&] {
        std::vector<CallRef> refs = withClient(self, std::vector<CallRef>{}, [](WorldLock &, ClientState &c) {
            std::vector<CallRef> v;
            for (const auto &[id, lc] : c.voice.calls) v.push_back(CallRef{c.key, id, lc->serial});
            return v;
        });
        if (out == nullptr) return;
        out->ptr = static_cast<Platform_Call *>(Platform_Alloc(refs.size() * sizeof(Platform_Call)));
        if (out->ptr == nullptr) throw std::bad_alloc();
        out->size = refs.size();
        for (size_t i = 0; i < refs.size(); ++i) writeCall(&out->ptr[i], refs[i]);
    });
}

void PLATFORM_API Platform_Client_SetVoiceParticipantChangedCallback(Platform_Client *self,
                                                                     Platform_Client_VoiceParticipantChangedCallback cb,
                                                                     Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::voiceParticipantCb, makeCallback(cb, cb_free, cb_ud)); });
}

/* devices */
void PLATFORM_API Platform_Client_GetCurrentInputDevice(Platform_Client *self, Platform_Client_GetCurrentInputDeviceCallback cb,
                                                        Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { deviceOp(self, makeCallback(cb, cb_free, cb_ud), OpShape::AudioDevice, "Client_GetCurrentInputDevice", true); });
}
void PLATFORM_API Platform_Client_GetCurrentOutputDevice(Platform_Client *self, Platform_Client_GetCurrentOutputDeviceCallback cb,
                                                         Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { deviceOp(self, makeCallback(cb, cb_free, cb_ud), OpShape::AudioDevice, "Client_GetCurrentOutputDevice", false); });
}
void PLATFORM_API Platform_Client_GetInputDevices(Platform_Client *self, Platform_Client_GetInputDevicesCallback cb,
                                                  Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { deviceOp(self, makeCallback(cb, cb_free, cb_ud), OpShape::AudioDevices, "Client_GetInputDevices", true); });
}
void PLATFORM_API Platform_Client_GetOutputDevices(Platform_Client *self, Platform_Client_GetOutputDevicesCallback cb,
                                                   Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { deviceOp(self, makeCallback(cb, cb_free, cb_ud), OpShape::AudioDevices, "Client_GetOutputDevices", false); });
}
void PLATFORM_API Platform_Client_SetInputDevice(Platform_Client *self, Platform_String deviceId, Platform_Client_SetInputDeviceCallback cb,
                                                 Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setDevice(self, deviceId, makeCallback(cb, cb_free, cb_ud), "Client_SetInputDevice", true); });
}
void PLATFORM_API Platform_Client_SetOutputDevice(Platform_Client *self, Platform_String deviceId, Platform_Client_SetOutputDeviceCallback cb,
                                                  Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setDevice(self, deviceId, makeCallback(cb, cb_free, cb_ud), "Client_SetOutputDevice", false); });
}
void PLATFORM_API Platform_Client_SetDeviceChangeCallback(Platform_Client *self, Platform_Client_DeviceChangeCallback callback,
                                                          Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::deviceChangeCb, makeCallback(callback, callback_free, callback_ud)); });
}
void PLATFORM_API Platform_Client_GetDefaultAudioDeviceId(Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, kDefaultDeviceAlias); });
}

/* volumes, mute, deaf */
float PLATFORM_API Platform_Client_GetInputVolume(Platform_Client *self) {
    return guard(__func__, 0.0f, [&] { return withClient(self, 0.0f, [](WorldLock &, ClientState &c) { return c.voice.inputVolume; }); });
}
void PLATFORM_API Platform_Client_SetInputVolume(Platform_Client *self, float inputVolume) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &, ClientState &c) {
            c.voice.inputVolume = clampf(inputVolume, 0.0f, 100.0f, c.voice.inputVolume);
            return 0;
        });
    });
}
float PLATFORM_API Platform_Client_GetOutputVolume(Platform_Client *self) {
    return guard(__func__, 0.0f, [&] { return withClient(self, 0.0f, [](WorldLock &, ClientState &c) { return c.voice.outputVolume; }); });
}
void PLATFORM_API Platform_Client_SetOutputVolume(Platform_Client *self, float outputVolume) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &, ClientState &c) {
            c.voice.outputVolume = clampf(outputVolume, 0.0f, 200.0f, c.voice.outputVolume);
            return 0;
        });
    });
}
bool PLATFORM_API Platform_Client_GetSelfMuteAll(Platform_Client *self) {
    return guard(__func__, false, [&] { return withClient(self, false, [](WorldLock &, ClientState &c) { return c.voice.selfMuteAll; }); });
}
bool PLATFORM_API Platform_Client_GetSelfDeafAll(Platform_Client *self) {
    return guard(__func__, false, [&] { return withClient(self, false, [](WorldLock &, ClientState &c) { return c.voice.selfDeafAll; }); });
}
void PLATFORM_API Platform_Client_SetSelfMuteAll(Platform_Client *self, bool mute) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &lk, ClientState &c) {
            c.voice.selfMuteAll = mute;
            for (auto &[id, lc] : c.voice.calls) setCallSelf(lk.w, c, *lc, mute, std::nullopt, lk.now);
            return 0;
        });
    });
}
void PLATFORM_API Platform_Client_SetSelfDeafAll(Platform_Client *self, bool deaf) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &lk, ClientState &c) {
            c.voice.selfDeafAll = deaf;
            for (auto &[id, lc] : c.voice.calls) setCallSelf(lk.w, c, *lc, std::nullopt, deaf, lk.now);
            return 0;
        });
    });
}

/* recorded settings */
void PLATFORM_API Platform_Client_SetAecDump(Platform_Client *self, bool on) {
    guardVoid(__func__, [&] { record(self, "AEC dump", on, [&](VoiceClientState &v) { v.aecDump = on; }); });
}
void PLATFORM_API Platform_Client_SetAutomaticGainControl(Platform_Client *self, bool on) {
    guardVoid(__func__, [&] { record(self, "Automatic gain control", on, [&](VoiceClientState &v) { v.agc = on; }); });
}
void PLATFORM_API Platform_Client_SetEchoCancellation(Platform_Client *self, bool on) {
    guardVoid(__func__, [&] { record(self, "Echo cancellation", on, [&](VoiceClientState &v) { v.echoCancellation = on; }); });
}
void PLATFORM_API Platform_Client_SetNoiseSuppression(Platform_Client *self, bool on) {
    guardVoid(__func__, [&] { record(self, "Noise suppression", on, [&](VoiceClientState &v) { v.noiseSuppression = on; }); });
}
void PLATFORM_API Platform_Client_SetNoiseCancellation(Platform_Client *self, bool on) {
    guardVoid(__func__, [&] { record(self, "Noise cancellation", on, [&](VoiceClientState &v) { v.noiseCancellation = on; }); });
}
void PLATFORM_API Platform_Client_SetOpusHardwareCoding(Platform_Client *self, bool encode, bool decode) {
    guardVoid(__func__, [&] {
        record(self, encode ? "Opus hardware encode on; hardware decode" : "Opus hardware encode off; hardware decode", decode,
               [&](VoiceClientState &v) { v.opusHwEncode = encode, v.opusHwDecode = decode; });
    });
}
void PLATFORM_API Platform_Client_SetEngineManagedAudioSession(Platform_Client *self, bool isEngineManaged) {
    guardVoid(__func__, [&] {
        record(self, "Engine-managed audio session", isEngineManaged,
               [&](VoiceClientState &v) { v.engineManagedAudioSession = isEngineManaged; });
    });
}
bool PLATFORM_API Platform_Client_SetSpeakerMode(Platform_Client *self, bool speakerMode) {
    return guard(__func__, false, [&] {
        // Speaker mode exists on mobile only: the simulated desktop machine has none.
        withClient(self, 0, [&](WorldLock &, ClientState &c) {
            voiceLog(c.key, log::kWarning, std::string("SetSpeakerMode(") + (speakerMode ? "true" : "false") +
                                                  "): not supported on this platform");
            return 0;
        });
        return false;
    });
}
bool PLATFORM_API Platform_Client_ShowAudioRoutePicker(Platform_Client *self) {
    return guard(__func__, false, [&] {
        withClient(self, 0, [&](WorldLock &, ClientState &c) {
            voiceLog(c.key, log::kWarning, "ShowAudioRoutePicker: not supported on this platform");
            return 0;
        });
        return false;
    });
}
void PLATFORM_API Platform_Client_SetThreadPriority(Platform_Client *self, Platform_Client_Thread thread, int32_t priority) {
    guardVoid(__func__, [&] {
        const int32_t t = enumBits(thread);
        withClient(self, 0, [&](WorldLock &, ClientState &c) {
            c.voice.threadPriority[t] = priority;
            voiceLog(c.key, log::kInfo, "Thread priority of thread " + std::to_string(t) + ": " + std::to_string(priority));
            return 0;
        });
    });
}

/* no audio input */
void PLATFORM_API Platform_Client_SetNoAudioInputThreshold(Platform_Client *self, float dBFSThreshold) {
    guardVoid(__func__, [&] {
        withClient(self, 0, [&](WorldLock &lk, ClientState &c) {
            c.voice.noAudioThresholdDb = clampf(dBFSThreshold, -100.0f, 0.0f, c.voice.noAudioThresholdDb);
            evaluateInputDetection(lk.w, lk.now, c.key);
            return 0;
        });
    });
}
void PLATFORM_API Platform_Client_SetNoAudioInputCallback(Platform_Client *self, Platform_Client_NoAudioInputCallback callback,
                                                          Platform_FreeFn callback_free, void *callback_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::noAudioInputCb, makeCallback(callback, callback_free, callback_ud)); });
}

/* voice settings of the desktop client (1.10.19337) */
// A local RPC to the desktop client, answered at the next RunCallbacks with a snapshot of its
// settings. Choice: like OpenConnectedGamesSettingsInPlatform it needs a session (NotReady
// before) and the desktop app (RPCError without it); a failure hands no record (NULL).
void PLATFORM_API Platform_Client_GetVoiceSettings(Platform_Client *self, Platform_Client_GetVoiceSettingsCallback cb,
                                                   Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] {
        constexpr const char *kName = "Client_GetVoiceSettings";
        Callback callback = makeCallback(cb, cb_free, cb_ud);
        WorldLock lk;
        uint64_t opId = 0;
        ClientState *c = beginOp(lk, self, OpShape::VoiceSettings, kName, callback, &opId);
        if (c == nullptr) return;
        if (!hasSession(*c)) return failNow(lk, *c, opId, kName, result::notReady());
        if (!lk.w.presence.platformAppInstalled) return failNow(lk, *c, opId, kName, result::desktopAppMissing());
        OpOutcome out = outcomeOf(result::ok());
        out.voiceSettings = lk.w.voice.platform;
        completeAt(lk.w, c->key, opId, lk.now, std::move(out));
    });
}
void PLATFORM_API Platform_Client_SetVoiceSettingsUpdatedCallback(Platform_Client *self,
                                                                  Platform_Client_VoiceSettingsUpdatedCallback cb,
                                                                  Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { assignSlot(self, &ClientState::voiceSettingsCb, makeCallback(cb, cb_free, cb_ud)); });
}

}  // extern "C"
