// api_call.cc — Call (sdk-abi.md 5.2), VADThresholdSettings (5.31), AudioDevice (5.23) and
// VoiceSettings (7.1). A Call is a live reference: getters read the client's call, setters act
// on it; a stale handle (ended call, dropped client) reads defaults and ignores setters.
#include <cmath>

#include "call_ref.h"
#include "guard.h"
#include "properties.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "voice.h"
#include "world.h"

using namespace psim;

namespace {

// Runs f(lock, client, call) on the live call of a handle; fallback when stale.
template <class R, class F>
R withLocal(const Platform_Call *self, R fallback, F &&f) {
    if (self == nullptr) return fallback;
    auto ref = Registry<CallRef>::get().copy(self->opaque[0]);
    if (!ref) return fallback;
    WorldLock lk;
    ClientState *c = nullptr;
    LocalCall *lc = findLocalCall(lk.w, ref->clientKey, ref->lobbyId, ref->serial, &c);
    if (lc == nullptr) return fallback;
    return std::forward<F>(f)(lk, *c, *lc);
}

void setCallSlot(Platform_Call *self, std::shared_ptr<Callback> LocalCall::*slot, Callback cb) {
    std::shared_ptr<Callback> old;  // released after the unlock
    const bool set = withLocal(self, false, [&](WorldLock &, ClientState &, LocalCall &lc) {
        old = std::move(lc.*slot);
        lc.*slot = cb ? std::make_shared<Callback>(std::move(cb)) : nullptr;
        return true;
    });
    (void)set;  // a stale handle: `cb` is released when it goes out of scope (no lock held)
}

float clampVolume(float v, float fallback) {
    if (!std::isfinite(v)) return fallback;
    return v < 0.0f ? 0.0f : (v > 200.0f ? 200.0f : v);
}

}  // namespace

extern "C" {

/* ---- Call ---- */
void PLATFORM_API Platform_Call_Drop(Platform_Call *self) {
    guardVoid(__func__, [&] {
        if (self == nullptr) return;
        Registry<CallRef>::get().remove(self->opaque[0]);
        *self = Platform_Call{};
    });
}
void PLATFORM_API Platform_Call_Clone(Platform_Call *self, Platform_Call *src) {
    guardVoid(__func__, [&] {
        if (self == nullptr) return;
        auto ref = src != nullptr ? Registry<CallRef>::get().copy(src->opaque[0]) : std::nullopt;
        *self = Platform_Call{};
        if (ref) writeCall(self, *ref);
    });
}
void PLATFORM_API Platform_Call_ErrorToString(Platform_Call_Error type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, callErrorName(enumBits(type))); });
}
void PLATFORM_API Platform_Call_StatusToString(Platform_Call_Status type, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, callStatusName(enumBits(type))); });
}
Platform_AudioModeType PLATFORM_API Platform_Call_GetAudioMode(Platform_Call *self) {
    return guard(__func__, Platform_AudioModeType_MODE_UNINIT, [&] {
        return toEnum<Platform_AudioModeType>(withLocal(self, int32_t{0}, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.audioMode; }));
    });
}
uint64_t PLATFORM_API Platform_Call_GetChannelId(Platform_Call *self) {
    return guard(__func__, uint64_t{0}, [&] { return withLocal(self, uint64_t{0}, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.lobbyId; }); });
}
uint64_t PLATFORM_API Platform_Call_GetGuildId(Platform_Call *self) {
    return guard(__func__, uint64_t{0}, [&] {
        return withLocal(self, uint64_t{0}, [](WorldLock &lk, ClientState &, LocalCall &lc) {
            auto it = lk.w.chat.calls.find(lc.lobbyId);
            return it == lk.w.chat.calls.end() ? uint64_t{0} : it->second.guildId;
        });
    });
}
bool PLATFORM_API Platform_Call_GetLocalMute(Platform_Call *self, uint64_t userId) {
    return guard(__func__, false, [&] {
        return withLocal(self, false, [&](WorldLock &, ClientState &, LocalCall &lc) {
            auto it = lc.localMute.find(userId);
            return it != lc.localMute.end() && it->second;
        });
    });
}
void PLATFORM_API Platform_Call_SetLocalMute(Platform_Call *self, uint64_t userId, bool mute) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &, ClientState &, LocalCall &lc) {
            lc.localMute[userId] = mute;
            return 0;
        });
    });
}
void PLATFORM_API Platform_Call_GetParticipants(Platform_Call *self, Platform_UInt64Span *out) {
    guardVoid(__func__, [&] {
        writeIds(out, withLocal(self, std::vector<uint64_t>{}, [](WorldLock &lk, ClientState &, LocalCall &lc) {
                     std::vector<uint64_t> ids;
                     auto it = lk.w.chat.calls.find(lc.lobbyId);
                     if (!lc.joined || it == lk.w.chat.calls.end()) return ids;
                     for (const auto &[uid, p] : it->second.participants) ids.push_back(uid);
                     return ids;
                 }));
    });
}
float PLATFORM_API Platform_Call_GetParticipantVolume(Platform_Call *self, uint64_t userId) {
    return guard(__func__, 0.0f, [&] {
        return withLocal(self, 0.0f, [&](WorldLock &, ClientState &, LocalCall &lc) {
            auto it = lc.volume.find(userId);
            return it == lc.volume.end() ? 100.0f : it->second;
        });
    });
}
void PLATFORM_API Platform_Call_SetParticipantVolume(Platform_Call *self, uint64_t userId, float volume) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &, ClientState &, LocalCall &lc) {
            auto it = lc.volume.find(userId);
            lc.volume[userId] = clampVolume(volume, it == lc.volume.end() ? 100.0f : it->second);
            return 0;
        });
    });
}
bool PLATFORM_API Platform_Call_GetPTTActive(Platform_Call *self) {
    return guard(__func__, false, [&] { return withLocal(self, false, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.pttActive; }); });
}
void PLATFORM_API Platform_Call_SetPTTActive(Platform_Call *self, bool active) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &lk, ClientState &, LocalCall &lc) {
            if (active) {
                lc.pttActive = true;
                lc.pttReleasing = false;
            } else if (lc.pttActive) {
                lc.pttActive = false;
                lc.pttReleasing = lc.pttReleaseDelay > 0;
                lc.pttReleasedAt = lk.now;
                if (lc.pttReleasing) reevaluateAt(lk.w, lc.lobbyId, lk.now + lc.pttReleaseDelay);
            }
            reevaluateSpeaking(lk.w, lc.lobbyId, lk.now);
            return 0;
        });
    });
}
uint32_t PLATFORM_API Platform_Call_GetPTTReleaseDelay(Platform_Call *self) {
    return guard(__func__, uint32_t{0}, [&] { return withLocal(self, uint32_t{0}, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.pttReleaseDelay; }); });
}
void PLATFORM_API Platform_Call_SetPTTReleaseDelay(Platform_Call *self, uint32_t releaseDelayMs) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &, ClientState &, LocalCall &lc) {
            lc.pttReleaseDelay = releaseDelayMs > kMaxPttReleaseDelayMs ? kMaxPttReleaseDelayMs : releaseDelayMs;
            return 0;
        });
    });
}
bool PLATFORM_API Platform_Call_GetSelfDeaf(Platform_Call *self) {
    return guard(__func__, false, [&] { return withLocal(self, false, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.selfDeaf; }); });
}
bool PLATFORM_API Platform_Call_GetSelfMute(Platform_Call *self) {
    return guard(__func__, false, [&] { return withLocal(self, false, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.selfMute; }); });
}
void PLATFORM_API Platform_Call_SetSelfDeaf(Platform_Call *self, bool deaf) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &lk, ClientState &c, LocalCall &lc) {
            setCallSelf(lk.w, c, lc, std::nullopt, deaf, lk.now);
            return 0;
        });
    });
}
void PLATFORM_API Platform_Call_SetSelfMute(Platform_Call *self, bool mute) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &lk, ClientState &c, LocalCall &lc) {
            setCallSelf(lk.w, c, lc, mute, std::nullopt, lk.now);
            return 0;
        });
    });
}
Platform_Call_Status PLATFORM_API Platform_Call_GetStatus(Platform_Call *self) {
    return guard(__func__, Platform_Call_Status_Disconnected, [&] {
        return toEnum<Platform_Call_Status>(withLocal(self, int32_t{Platform_Call_Status_Disconnected},
                                                      [](WorldLock &, ClientState &, LocalCall &lc) { return lc.status; }));
    });
}
void PLATFORM_API Platform_Call_GetVADThreshold(Platform_Call *self, Platform_VADThresholdSettings *out) {
    guardVoid(__func__, [&] {
        const VadData d = withLocal(self, VadData{}, [](WorldLock &, ClientState &, LocalCall &lc) { return lc.vad; });
        objInit<VadData>(out, d);
    });
}
void PLATFORM_API Platform_Call_SetVADThreshold(Platform_Call *self, bool automatic, float threshold) {
    guardVoid(__func__, [&] {
        withLocal(self, 0, [&](WorldLock &lk, ClientState &, LocalCall &lc) {
            lc.vad.automatic = automatic;
            if (std::isfinite(threshold)) lc.vad.threshold = threshold < -100.0f ? -100.0f : (threshold > 0.0f ? 0.0f : threshold);
            reevaluateSpeaking(lk.w, lc.lobbyId, lk.now);
            return 0;
        });
    });
}
bool PLATFORM_API Platform_Call_GetVoiceStateHandle(Platform_Call *self, uint64_t userId, Platform_VoiceStateHandle *out) {
    return guard(__func__, false, [&] {
        return withLocal(self, false, [&](WorldLock &lk, ClientState &c, LocalCall &lc) {
            auto it = lk.w.chat.calls.find(lc.lobbyId);
            if (it == lk.w.chat.calls.end() || it->second.participants.count(userId) == 0) return false;
            objInit<VoiceStateHandleData>(out, VoiceStateHandleData{c.key, lc.lobbyId, userId});
            return true;
        });
    });
}
void PLATFORM_API Platform_Call_SetAudioMode(Platform_Call *self, Platform_AudioModeType audioMode) {
    guardVoid(__func__, [&] {
        const int32_t m = enumBits(audioMode);
        withLocal(self, 0, [&](WorldLock &lk, ClientState &, LocalCall &lc) {
            lc.audioMode = m < 0 ? 0 : m;
            reevaluateSpeaking(lk.w, lc.lobbyId, lk.now);
            return 0;
        });
    });
}
void PLATFORM_API Platform_Call_SetOnVoiceStateChangedCallback(Platform_Call *self, Platform_Call_OnVoiceStateChanged cb,
                                                               Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setCallSlot(self, &LocalCall::voiceStateCb, makeCallback(cb, cb_free, cb_ud)); });
}
void PLATFORM_API Platform_Call_SetParticipantChangedCallback(Platform_Call *self, Platform_Call_OnParticipantChanged cb,
                                                              Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setCallSlot(self, &LocalCall::participantCb, makeCallback(cb, cb_free, cb_ud)); });
}
void PLATFORM_API Platform_Call_SetSpeakingStatusChangedCallback(Platform_Call *self, Platform_Call_OnSpeakingStatusChanged cb,
                                                                 Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setCallSlot(self, &LocalCall::speakingCb, makeCallback(cb, cb_free, cb_ud)); });
}
void PLATFORM_API Platform_Call_SetStatusChangedCallback(Platform_Call *self, Platform_Call_OnStatusChanged cb,
                                                         Platform_FreeFn cb_free, void *cb_ud) {
    guardVoid(__func__, [&] { setCallSlot(self, &LocalCall::statusCb, makeCallback(cb, cb_free, cb_ud)); });
}

/* ---- VADThresholdSettings (a snapshot record; setters change the record only) ---- */
void PLATFORM_API Platform_VADThresholdSettings_Drop(Platform_VADThresholdSettings *self) {
    guardVoid(__func__, [&] { objDrop<VadData>(self); });
}
void PLATFORM_API Platform_VADThresholdSettings_SetVadThreshold(Platform_VADThresholdSettings *self, float value) {
    guardVoid(__func__, [&] { objSet<VadData>(self, [&](VadData &d) { d.threshold = value; }); });
}
float PLATFORM_API Platform_VADThresholdSettings_VadThreshold(Platform_VADThresholdSettings *self) {
    return guard(__func__, 0.0f, [&] { return objGet<VadData>(self).threshold; });
}
void PLATFORM_API Platform_VADThresholdSettings_SetAutomatic(Platform_VADThresholdSettings *self, bool value) {
    guardVoid(__func__, [&] { objSet<VadData>(self, [&](VadData &d) { d.automatic = value; }); });
}
bool PLATFORM_API Platform_VADThresholdSettings_Automatic(Platform_VADThresholdSettings *self) {
    return guard(__func__, false, [&] { return objGet<VadData>(self).automatic; });
}

/* ---- AudioDevice (record) ---- */
void PLATFORM_API Platform_AudioDevice_Drop(Platform_AudioDevice *self) {
    guardVoid(__func__, [&] { objDrop<AudioDeviceData>(self); });
}
void PLATFORM_API Platform_AudioDevice_Clone(Platform_AudioDevice *self, Platform_AudioDevice const *src) {
    guardVoid(__func__, [&] { objClone<AudioDeviceData>(self, src); });
}
bool PLATFORM_API Platform_AudioDevice_Equals(Platform_AudioDevice *self, Platform_AudioDevice const *rhs) {
    return guard(__func__, false, [&] {
        if (self == nullptr || rhs == nullptr) return false;
        auto a = Registry<AudioDeviceData>::get().copy(self->opaque);
        auto b = Registry<AudioDeviceData>::get().copy(rhs->opaque);
        return a && b && a->id == b->id;
    });
}
void PLATFORM_API Platform_AudioDevice_SetId(Platform_AudioDevice *self, Platform_String value) {
    guardVoid(__func__, [&] { objSet<AudioDeviceData>(self, [v = toStd(value)](AudioDeviceData &d) { d.id = v; }); });
}
void PLATFORM_API Platform_AudioDevice_Id(Platform_AudioDevice *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, objGet<AudioDeviceData>(self).id); });
}
void PLATFORM_API Platform_AudioDevice_SetName(Platform_AudioDevice *self, Platform_String value) {
    guardVoid(__func__, [&] { objSet<AudioDeviceData>(self, [v = toStd(value)](AudioDeviceData &d) { d.name = v; }); });
}
void PLATFORM_API Platform_AudioDevice_Name(Platform_AudioDevice *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, objGet<AudioDeviceData>(self).name); });
}
void PLATFORM_API Platform_AudioDevice_SetIsDefault(Platform_AudioDevice *self, bool value) {
    guardVoid(__func__, [&] { objSet<AudioDeviceData>(self, [&](AudioDeviceData &d) { d.isDefault = value; }); });
}
bool PLATFORM_API Platform_AudioDevice_IsDefault(Platform_AudioDevice *self) {
    return guard(__func__, false, [&] { return objGet<AudioDeviceData>(self).isDefault; });
}

}  // extern "C"

namespace {
// A volume into 0..hi; NaN and infinities keep the previous value.
float clampVolume(float v, float hi, float keep) { return !std::isfinite(v) ? keep : (v < 0.0f ? 0.0f : (v > hi ? hi : v)); }
}  // namespace

extern "C" {

/* ---- VoiceSettings (record, 1.10.19337) ----
 * A snapshot: the setters change this record only, never the desktop client's settings (those
 * change through PlatformSim_SetPlatformVoiceSettings). A dropped or unknown record reads as
 * zero values (false, 0, empty), not as the defaults of a fresh one. */
void PLATFORM_API Platform_VoiceSettings_Drop(Platform_VoiceSettings *self) {
    guardVoid(__func__, [&] { objDrop<VoiceSettingsData>(self); });
}
void PLATFORM_API Platform_VoiceSettings_Clone(Platform_VoiceSettings *self, Platform_VoiceSettings const *src) {
    guardVoid(__func__, [&] { objClone<VoiceSettingsData>(self, src); });
}
#define PSIM_VOICE_SETTING(Name, Type, field, zero)                                                             \
    Type PLATFORM_API Platform_VoiceSettings_##Name(Platform_VoiceSettings *self) {                             \
        return guard(__func__, Type(zero), [&] {                                                                 \
            auto d = self != nullptr ? Registry<VoiceSettingsData>::get().copy(self->opaque) : std::nullopt;     \
            return d ? Type(d->field) : Type(zero);                                                              \
        });                                                                                                      \
    }                                                                                                            \
    void PLATFORM_API Platform_VoiceSettings_Set##Name(Platform_VoiceSettings *self, Type value) {              \
        guardVoid(__func__, [&] { objSet<VoiceSettingsData>(self, [&](VoiceSettingsData &d) { d.field = value; }); }); \
    }
PSIM_VOICE_SETTING(SelfMute, bool, selfMute, false)
PSIM_VOICE_SETTING(SelfDeaf, bool, selfDeaf, false)
PSIM_VOICE_SETTING(NoiseSuppression, bool, noiseSuppression, false)
PSIM_VOICE_SETTING(EchoCancellation, bool, echoCancellation, false)
PSIM_VOICE_SETTING(NoiseCancellation, bool, noiseCancellation, false)
PSIM_VOICE_SETTING(AutomaticGainControl, bool, automaticGainControl, false)
#undef PSIM_VOICE_SETTING
float PLATFORM_API Platform_VoiceSettings_InputVolume(Platform_VoiceSettings *self) {
    return guard(__func__, 0.0f, [&] {
        auto d = self != nullptr ? Registry<VoiceSettingsData>::get().copy(self->opaque) : std::nullopt;
        return d ? d->inputVolume : 0.0f;
    });
}
void PLATFORM_API Platform_VoiceSettings_SetInputVolume(Platform_VoiceSettings *self, float value) {
    guardVoid(__func__, [&] {
        objSet<VoiceSettingsData>(self, [&](VoiceSettingsData &d) { d.inputVolume = clampVolume(value, 100.0f, d.inputVolume); });
    });
}
float PLATFORM_API Platform_VoiceSettings_OutputVolume(Platform_VoiceSettings *self) {
    return guard(__func__, 0.0f, [&] {
        auto d = self != nullptr ? Registry<VoiceSettingsData>::get().copy(self->opaque) : std::nullopt;
        return d ? d->outputVolume : 0.0f;
    });
}
void PLATFORM_API Platform_VoiceSettings_SetOutputVolume(Platform_VoiceSettings *self, float value) {
    guardVoid(__func__, [&] {
        objSet<VoiceSettingsData>(self, [&](VoiceSettingsData &d) { d.outputVolume = clampVolume(value, 200.0f, d.outputVolume); });
    });
}
Platform_VoiceInputModeType PLATFORM_API Platform_VoiceSettings_InputMode(Platform_VoiceSettings *self) {
    return guard(__func__, Platform_VoiceInputModeType_VoiceActivity, [&] {
        auto d = self != nullptr ? Registry<VoiceSettingsData>::get().copy(self->opaque) : std::nullopt;
        return toEnum<Platform_VoiceInputModeType>(d ? d->inputMode : 0);
    });
}
void PLATFORM_API Platform_VoiceSettings_SetInputMode(Platform_VoiceSettings *self, Platform_VoiceInputModeType value) {
    guardVoid(__func__, [&] {
        const int32_t m = enumBits(value);
        objSet<VoiceSettingsData>(self, [&](VoiceSettingsData &d) { d.inputMode = m; });
    });
}
void PLATFORM_API Platform_VoiceSettings_PttKey(Platform_VoiceSettings *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, objGet<VoiceSettingsData>(self).pttKey); });
}
void PLATFORM_API Platform_VoiceSettings_SetPttKey(Platform_VoiceSettings *self, Platform_String value) {
    guardVoid(__func__, [&] {
        std::string k = toStd(value);
        objSet<VoiceSettingsData>(self, [&](VoiceSettingsData &d) { d.pttKey = std::move(k); });
    });
}

}  // extern "C"
