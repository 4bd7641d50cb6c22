// api_sim_voice.cc — the voice section of the control ABI (platform_sim.h, ABI version 3).
#include <algorithm>
#include <cmath>

#include "audio.h"
#include "guard.h"
#include "log.h"
#include "ops.h"
#include "registry.h"
#include "platform_sim.h"
#include "sim_strings.h"
#include "sim_support.h"
#include "voice.h"
#include "world.h"

using namespace psim;

extern "C" {

PLATFORM_API bool PlatformSim_VoiceJoinCall(uint64_t userId, uint64_t lobbyId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return remoteJoin(lk.w, userId, lobbyId, lk.now, &err) || fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_VoiceLeaveCall(uint64_t userId, uint64_t lobbyId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return remoteLeave(lk.w, userId, lobbyId, lk.now, &err) || fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_VoiceSpeak(uint64_t userId, uint64_t lobbyId, uint32_t durationMs, float frequencyHz) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return speak(lk.w, userId, lobbyId, durationMs, frequencyHz, lk.now, &err) || fail(false, err);
    });
}

PLATFORM_API float PlatformSim_VoicePlayoutLevel(uint64_t listenerId, uint64_t speakerId) {
    return guard(__func__, -1.0f, [&] { return playoutLevel(listenerId, speakerId); });
}

PLATFORM_API bool PlatformSim_AudioDeviceAdd(Platform_String id, Platform_String name, bool input, bool isDefault) {
    return guard(__func__, false, [&] {
        const std::string sid = toStd(id);
        if (sid.empty() || sid == kDefaultDeviceAlias) return fail(false, "invalid device id");
        WorldLock lk;
        for (const auto &d : lk.w.voice.devices) {
            if (d.dev.id == sid) return fail(false, "an audio device with that id exists already");  // the id is not repeated
        }
        if (isDefault) {
            for (auto &d : lk.w.voice.devices) {
                if (d.input == input) d.dev.isDefault = false;
            }
        }
        lk.w.voice.devices.push_back(AudioDeviceRec{AudioDeviceData{sid, toStd(name), isDefault}, input});
        notifyDevicesChanged(lk.w, lk.now);
        return true;
    });
}

PLATFORM_API bool PlatformSim_AudioDeviceRemove(Platform_String id) {
    return guard(__func__, false, [&] {
        const std::string sid = toStd(id);
        WorldLock lk;
        auto &devs = lk.w.voice.devices;
        auto it = std::find_if(devs.begin(), devs.end(), [&](const AudioDeviceRec &d) { return d.dev.id == sid; });
        if (it == devs.end()) return fail(false, "no audio device has that id");  // the id is not repeated: it may be anything
        const bool input = it->input, wasDefault = it->dev.isDefault;
        if (std::count_if(devs.begin(), devs.end(), [&](const AudioDeviceRec &d) { return d.input == input; }) == 1) {
            return fail(false, "cannot remove the last " + std::string(input ? "input" : "output") + " device");
        }
        devs.erase(it);
        if (wasDefault) {
            for (auto &d : devs) {
                if (d.input == input) {
                    d.dev.isDefault = true;
                    break;
                }
            }
        }
        // Clients using it fall back to the default device.
        for (auto &[key, c] : lk.w.clients) {
            std::string &sel = input ? c->voice.inputDevice : c->voice.outputDevice;
            if (sel == sid) sel = kDefaultDeviceAlias;
        }
        notifyDevicesChanged(lk.w, lk.now);
        return true;
    });
}

PLATFORM_API void PlatformSim_SetMicrophoneLevel(float dBFS) {
    guardVoid(__func__, [&] {
        if (!std::isfinite(dBFS)) return;
        WorldLock lk;
        lk.w.voice.micLevelDb = dBFS < -100.0f ? -100.0f : (dBFS > 0.0f ? 0.0f : dBFS);
        evaluateInputDetection(lk.w, lk.now);
    });
}

PLATFORM_API bool PlatformSim_SetPlatformVoiceSettings(const PlatformSim_VoiceSettingsUpdate *update) {
    return guard(__func__, false, [&] {
        if (update == nullptr) return fail(false, "update is NULL");
        WorldLock lk;
        VoiceSettingsData &v = lk.w.voice.platform;
        auto clampF = [](float x, float hi, float keep) { return !std::isfinite(x) ? keep : (x < 0.0f ? 0.0f : (x > hi ? hi : x)); };
        if (update->hasSelfMute) v.selfMute = update->selfMute;
        if (update->hasSelfDeaf) v.selfDeaf = update->selfDeaf;
        if (update->hasInputVolume) v.inputVolume = clampF(update->inputVolume, 100.0f, v.inputVolume);
        if (update->hasOutputVolume) v.outputVolume = clampF(update->outputVolume, 200.0f, v.outputVolume);
        if (update->hasInputMode) {
            const int32_t m = enumBits(update->inputMode);
            v.inputMode = m < 0 ? 0 : m;
        }
        if (update->hasPttKey) v.pttKey = toStd(update->pttKey);
        if (update->hasNoiseSuppression) v.noiseSuppression = update->noiseSuppression;
        if (update->hasEchoCancellation) v.echoCancellation = update->echoCancellation;
        if (update->hasNoiseCancellation) v.noiseCancellation = update->noiseCancellation;
        if (update->hasAutomaticGainControl) v.automaticGainControl = update->automaticGainControl;
        const VoiceSettingsData snapshot = v;
        for (auto &[key, c] : lk.w.clients) {
            queueSlotEvent(lk.w, key, lk.now, &ClientState::voiceSettingsCb, [snapshot](const Callback &cb) {
                Platform_VoiceSettings s{Registry<VoiceSettingsData>::get().add(snapshot)};
                cb.as<Platform_Client_VoiceSettingsUpdatedCallback>()(&s, cb.userData());
            });
        }
        return true;
    });
}

}  // extern "C"
