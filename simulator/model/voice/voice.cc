// voice.cc — see voice.h.
#include "voice.h"

#include <cstdio>

#include <cmath>
#include <new>

#include "lobbies.h"
#include "log.h"
#include "audio.h"
#include "network.h"
#include "ops.h"
#include "registry.h"
#include "sim_strings.h"

namespace psim {
namespace {

using CallSlot = std::shared_ptr<Callback> LocalCall::*;

// Queues a call of a local call's slot, looked up at delivery time (RunCallbacks, no lock held).
void queueCallEvent(World &w, uint64_t clientKey, const LocalCall &lc, uint64_t due, CallSlot slot,
                    std::function<void(const Callback &)> call) {
    const uint64_t lobby = lc.lobbyId, serial = lc.serial;
    addInvocation(w, due, clientKey, 0, [clientKey, lobby, serial, slot, call = std::move(call)] {
        std::shared_ptr<Callback> cb;
        {
            WorldLock lk;
            if (LocalCall *l = findLocalCall(lk.w, clientKey, lobby, serial)) cb = (*l).*slot;
        }
        if (cb && *cb) call(*cb);
    });
}

template <class F>
void forLocalCalls(World &w, uint64_t lobbyId, F &&f) {
    for (auto &[key, c] : w.clients) {
        auto it = c->voice.calls.find(lobbyId);
        if (it != c->voice.calls.end()) f(*c, *it->second);
    }
}

void queueParticipantEvent(World &w, ClientState &c, const LocalCall &lc, uint64_t user, bool added, uint64_t at) {
    queueCallEvent(w, c.key, lc, at, &LocalCall::participantCb, [user, added](const Callback &cb) {
        cb.as<Platform_Call_OnParticipantChanged>()(user, added, cb.userData());
    });
}

// Client-level voice-participant-changed to every client of a lobby member.
void notifyVoiceParticipant(World &w, uint64_t lobbyId, uint64_t user, bool added, uint64_t at) {
    const Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr) return;
    for (const auto &[member, m] : l->members) {
        for (uint64_t key : sessionClients(w, l->appId, member)) {
            queueSlotEvent(w, key, at, &ClientState::voiceParticipantCb, [lobbyId, user, added](const Callback &cb) {
                cb.as<Platform_Client_VoiceParticipantChangedCallback>()(lobbyId, user, added, cb.userData());
            });
        }
    }
}

void notifyVoiceState(World &w, uint64_t lobbyId, uint64_t user, uint64_t at) {
    forLocalCalls(w, lobbyId, [&](ClientState &c, LocalCall &lc) {
        if (!lc.joined) return;
        queueCallEvent(w, c.key, lc, at, &LocalCall::voiceStateCb,
                       [user](const Callback &cb) { cb.as<Platform_Call_OnVoiceStateChanged>()(user, cb.userData()); });
    });
}

void addParticipant(World &w, uint64_t lobbyId, uint64_t user, VoiceParticipant p, uint64_t at) {
    VoiceCallRec &rec = w.chat.calls[lobbyId];
    rec.channelId = lobbyId;
    rec.participants[user] = p;
    forLocalCalls(w, lobbyId, [&](ClientState &c, LocalCall &lc) {
        if (lc.joined && lc.userId != user) queueParticipantEvent(w, c, lc, user, true, at);
    });
    notifyVoiceParticipant(w, lobbyId, user, true, at);
}

void removeParticipant(World &w, uint64_t lobbyId, uint64_t user, uint64_t at) {
    auto it = w.chat.calls.find(lobbyId);
    if (it == w.chat.calls.end() || it->second.participants.count(user) == 0) return;
    w.voice.speeches.erase({lobbyId, user});
    reevaluateSpeaking(w, lobbyId, at);  // announces speaking=false if they were
    it = w.chat.calls.find(lobbyId);
    it->second.participants.erase(user);
    it->second.speaking.erase(user);
    forLocalCalls(w, lobbyId, [&](ClientState &c, LocalCall &lc) {
        if (lc.joined) queueParticipantEvent(w, c, lc, user, false, at);
    });
    notifyVoiceParticipant(w, lobbyId, user, false, at);
    if (it->second.participants.empty()) w.chat.calls.erase(it);
}

// The voice engine starts with the client's first call and applies the ClientCreateOptions; the
// line makes them observable (the options have no other effect in a simulator).
void reportVoiceEngine(ClientState &c) {
    if (c.voiceEngineStarted) return;
    c.voiceEngineStarted = true;
    const ClientCreateOptionsData &o = c.createOptions;
    char mask[32] = "none";
    if (o.cpuAffinityMask) std::snprintf(mask, sizeof mask, "0x%llx", static_cast<unsigned long long>(*o.cpuAffinityMask));
    voiceLog(c.key, log::kInfo,
             std::string("Voice engine started: audio system ") +
                 (o.audioSystem == Platform_AudioSystem_Game ? "Game" : "Standard") + ", CPU affinity mask " + mask +
                 ", Android prevent comms for Bluetooth " + (o.androidPreventCommsForBluetooth ? "on" : "off"));
}

void setCallStatus(World &w, ClientState &c, LocalCall &lc, int32_t status, uint64_t at) {
    reportVoiceEngine(c);
    lc.status = status;
    voiceLog(c.key, log::kInfo,
             "Call " + std::to_string(lc.lobbyId) + ": status " + callStatusName(status));
    queueCallEvent(w, c.key, lc, at, &LocalCall::statusCb, [status](const Callback &cb) {
        cb.as<Platform_Call_OnStatusChanged>()(static_cast<Platform_Call_Status>(status), Platform_Call_Error_None, 0,
                                               cb.userData());
    });
}

void onCallConnected(World &w, ClientState &c, LocalCall &lc, uint64_t at) {
    if (!lc.joined) {
        lc.joined = true;
        addParticipant(w, lc.lobbyId, lc.userId, VoiceParticipant{lc.selfMute, lc.selfDeaf}, at);
        // The new call learns every participant (itself included), in id order.
        for (const auto &[uid, p] : w.chat.calls[lc.lobbyId].participants) queueParticipantEvent(w, c, lc, uid, true, at);
    }
    reevaluateSpeaking(w, lc.lobbyId, at);
}

// The signaling request of a joining call failed (FailNext on "Client_StartCall"): the call ends
// with an error instead of connecting. 403 is Forbidden; anything else a signaling failure. The
// call stays registered until its final status is delivered (the binding may register its status
// callback after this step already ran), then it is removed as by EndCall.
void failCall(World &w, ClientState &c, LocalCall &l, const FailRule &rule, uint64_t at) {
    const auto error = rule.httpStatus == 403 ? Platform_Call_Error_Forbidden : Platform_Call_Error_SignalingConnectionFailed;
    const int32_t detail = rule.httpStatus;
    voiceLog(c.key, log::kError, "Call " + std::to_string(l.lobbyId) + ": signaling failed (HTTP " + std::to_string(detail) + ")");
    l.status = Platform_Call_Status_Disconnected;
    ++l.epoch;  // no further walk steps
    queueCallEvent(w, c.key, l, at, &LocalCall::statusCb, [error, detail](const Callback &cb) {
        cb.as<Platform_Call_OnStatusChanged>()(Platform_Call_Status_Disconnected, error, detail, cb.userData());
    });
    const uint64_t key = c.key, lobby = l.lobbyId, serial = l.serial;
    addInvocation(w, at, key, 0, [key, lobby, serial, at] {
        WorldLock lk;  // invocations run without the world lock
        ClientState *owner = nullptr;
        if (findLocalCall(lk.w, key, lobby, serial, &owner) == nullptr) return;
        std::shared_ptr<LocalCall> ended = endCall(lk.w, *owner, lobby, at);
        if (ended && ended->audio) {
            std::lock_guard al(ended->audio->mu);
            ended->audio->stop = true;
            ended->audio->cv.notify_all();
        }
        if (ended) lk.w.trash.misc.push_back(std::move(ended));  // ~AudioSession joins, outside the lock
    });
}

void scheduleStep(World &w, uint64_t key, const LocalCall &lc, uint64_t due) {
    const uint64_t lobby = lc.lobbyId, serial = lc.serial, epoch = lc.epoch;
    addTimer(w, due, key, [key, lobby, serial, epoch](World &w2, uint64_t at) {
        ClientState *c = nullptr;
        LocalCall *l = findLocalCall(w2, key, lobby, serial, &c);
        if (l == nullptr || l->epoch != epoch) return;
        if (!w2.net.online) {
            l->waitingForNetwork = true;
            return;
        }
        if (l->status == Platform_Call_Status_Joining) {
            if (std::optional<FailRule> rule = takeFailRule(w2, "Client_StartCall")) {
                failCall(w2, *c, *l, *rule, at);
                return;
            }
        }
        const int32_t next = l->status == Platform_Call_Status_Reconnecting ? Platform_Call_Status_Connected : l->status + 1;
        setCallStatus(w2, *c, *l, next, at);
        if (next == Platform_Call_Status_Connected) {
            onCallConnected(w2, *c, *l, at);
        } else {
            scheduleStep(w2, key, *l, at + w2.net.latencyMs);
        }
    });
}

}  // namespace

void voiceLog(uint64_t clientKey, int32_t severity, const std::string &text) { log::emitVoice(clientKey, severity, text); }

LocalCall *findLocalCall(World &w, uint64_t clientKey, uint64_t lobbyId, uint64_t serial, ClientState **client) {
    ClientState *c = findClient(w, clientKey);
    if (c == nullptr) return nullptr;
    auto it = c->voice.calls.find(lobbyId);
    if (it == c->voice.calls.end() || it->second->serial != serial) return nullptr;
    if (client != nullptr) *client = c;
    return it->second.get();
}

LocalCall *localCallOfUser(World &w, uint64_t lobbyId, uint64_t userId, ClientState **client) {
    for (auto &[key, c] : w.clients) {
        if (c->sessionUserId != userId) continue;
        auto it = c->voice.calls.find(lobbyId);
        if (it == c->voice.calls.end()) continue;
        if (client != nullptr) *client = c.get();
        return it->second.get();
    }
    return nullptr;
}

uint64_t startCall(World &w, ClientState &c, uint64_t lobbyId, uint64_t now, std::shared_ptr<AudioSession> audio,
                   std::string *why) {
    if (c.status != Platform_Client_Status_Ready) {
        *why = "client is not Ready";
        return 0;
    }
    if (clientLobby(w, c, lobbyId) == nullptr) {
        *why = "not a member of lobby " + std::to_string(lobbyId);
        return 0;
    }
    if (c.voice.calls.count(lobbyId) != 0) {
        *why = "already in the call of lobby " + std::to_string(lobbyId);
        return 0;
    }
    if (w.chat.calls.count(lobbyId) != 0 && w.chat.calls[lobbyId].participants.count(c.sessionUserId) != 0) {
        *why = "the user is already in the call of lobby " + std::to_string(lobbyId) + " from another client";
        return 0;
    }
    auto lc = std::make_shared<LocalCall>();
    lc->serial = w.voice.nextCallSerial++;
    lc->lobbyId = lobbyId;
    lc->userId = c.sessionUserId;
    lc->selfMute = c.voice.selfMuteAll;
    lc->selfDeaf = c.voice.selfDeafAll;
    lc->audio = std::move(audio);
    c.voice.calls[lobbyId] = lc;
    setCallStatus(w, c, *lc, Platform_Call_Status_Joining, now);
    scheduleStep(w, c.key, *lc, now + w.net.latencyMs);
    return lc->serial;
}

std::shared_ptr<LocalCall> endCall(World &w, ClientState &c, uint64_t lobbyId, uint64_t at) {
    auto it = c.voice.calls.find(lobbyId);
    if (it == c.voice.calls.end()) return nullptr;
    std::shared_ptr<LocalCall> lc = std::move(it->second);
    c.voice.calls.erase(it);
    ++lc->epoch;
    voiceLog(c.key, log::kInfo, "Call " + std::to_string(lobbyId) + ": ended");
    if (lc->joined) removeParticipant(w, lobbyId, lc->userId, at);
    return lc;
}

namespace {
// Ends one local call under the lock: a final Disconnected status (error, detail) at `at`, the
// audio thread told to stop (joined when the call is released outside the lock).
void endWithFinalStatus(World &w, ClientState &c, uint64_t lobbyId, int32_t error, int32_t detail, uint64_t at) {
    std::shared_ptr<Callback> status = c.voice.calls[lobbyId]->statusCb;
    std::shared_ptr<LocalCall> lc = endCall(w, c, lobbyId, at);
    if (status && *status) {
        addInvocation(w, at, c.key, 0, [status, error, detail] {
            status->as<Platform_Call_OnStatusChanged>()(Platform_Call_Status_Disconnected, toEnum<Platform_Call_Error>(error),
                                                        detail, status->userData());
        });
    }
    if (lc->audio) {
        std::lock_guard lk(lc->audio->mu);  // a leaf lock; notify under it (the thread may free the cv next)
        lc->audio->stop = true;
        lc->audio->cv.notify_all();
    }
    w.trash.misc.push_back(std::move(lc));  // ~AudioSession joins, outside the lock
}
}  // namespace

namespace {
// Every call of the client ends with a final Disconnected (SignalingUnexpectedClose, detail).
void endAllWithFinalStatus(World &w, ClientState &c, int32_t detail, uint64_t at, const char *why) {
    std::vector<uint64_t> lobbies;
    for (const auto &[lobbyId, lc] : c.voice.calls) lobbies.push_back(lobbyId);
    for (uint64_t lobbyId : lobbies) {
        voiceLog(c.key, log::kWarning, "Call " + std::to_string(lobbyId) + ": ended, " + why);
        endWithFinalStatus(w, c, lobbyId, Platform_Call_Error_SignalingUnexpectedClose, detail, at);
    }
}
}  // namespace

void onSessionRevokedVoice(World &w, ClientState &c, int32_t detail, uint64_t at) {
    endAllWithFinalStatus(w, c, detail, at, "the session's token was revoked");
}

void onResetVoice(World &w, ClientState &c, uint64_t at) {
    endAllWithFinalStatus(w, c, 0, at, "simulator reset");
}

void onLeftLobbyVoice(World &w, uint64_t lobbyId, uint64_t userId, uint64_t at) {
    for (auto &[key, c] : w.clients) {
        if (c->sessionUserId != userId || c->voice.calls.count(lobbyId) == 0) continue;
        endWithFinalStatus(w, *c, lobbyId, Platform_Call_Error_None, 0, at);
    }
    auto it = w.chat.calls.find(lobbyId);
    if (it != w.chat.calls.end() && it->second.participants.count(userId) != 0) removeParticipant(w, lobbyId, userId, at);
}

void setCallSelf(World &w, ClientState &c, LocalCall &lc, std::optional<bool> mute, std::optional<bool> deaf, uint64_t at) {
    (void)c;
    const bool m = mute.value_or(lc.selfMute), d = deaf.value_or(lc.selfDeaf);
    if (m == lc.selfMute && d == lc.selfDeaf) return;
    lc.selfMute = m;
    lc.selfDeaf = d;
    if (!lc.joined) return;
    auto it = w.chat.calls.find(lc.lobbyId);
    if (it == w.chat.calls.end()) return;
    auto p = it->second.participants.find(lc.userId);
    if (p == it->second.participants.end()) return;
    p->second = VoiceParticipant{m, d};
    notifyVoiceState(w, lc.lobbyId, lc.userId, at);
    reevaluateSpeaking(w, lc.lobbyId, at);
}

bool transmitting(World &w, uint64_t lobbyId, uint64_t userId, uint64_t t) {
    auto it = w.chat.calls.find(lobbyId);
    if (it == w.chat.calls.end()) return false;
    auto p = it->second.participants.find(userId);
    if (p == it->second.participants.end() || p->second.selfMute || p->second.selfDeaf) return false;
    auto sp = w.voice.speeches.find({lobbyId, userId});
    if (sp == w.voice.speeches.end() || t < sp->second.start || t >= sp->second.end) return false;
    if (const LocalCall *lc = localCallOfUser(w, lobbyId, userId)) {
        if (lc->status != Platform_Call_Status_Connected) return false;
        if (lc->audioMode == Platform_AudioModeType_MODE_PTT) {
            if (!lc->pttActive && !(lc->pttReleasing && t < lc->pttReleasedAt + lc->pttReleaseDelay)) return false;
        } else if (!lc->vad.automatic && lc->vad.threshold > kSpeechLevelDb) {
            return false;
        }
    }
    return true;
}

void reevaluateSpeaking(World &w, uint64_t lobbyId, uint64_t at) {
    auto it = w.chat.calls.find(lobbyId);
    if (it == w.chat.calls.end()) return;
    std::vector<std::pair<uint64_t, bool>> changes;
    for (const auto &[uid, p] : it->second.participants) {
        const bool tx = transmitting(w, lobbyId, uid, at);
        if (tx != (it->second.speaking.count(uid) != 0)) changes.emplace_back(uid, tx);
    }
    for (const auto &[uid, tx] : changes) {
        if (tx) {
            it->second.speaking.insert(uid);
        } else {
            it->second.speaking.erase(uid);
        }
        forLocalCalls(w, lobbyId, [&, uid = uid, tx = tx](ClientState &c, LocalCall &lc) {
            if (!lc.joined) return;
            queueCallEvent(w, c.key, lc, at, &LocalCall::speakingCb, [uid, tx](const Callback &cb) {
                cb.as<Platform_Call_OnSpeakingStatusChanged>()(uid, tx, cb.userData());
            });
        });
    }
}

void reevaluateAt(World &w, uint64_t lobbyId, uint64_t due) {
    addTimer(w, due, 0, [lobbyId](World &w2, uint64_t at) { reevaluateSpeaking(w2, lobbyId, at); });
}

bool remoteJoin(World &w, uint64_t userId, uint64_t lobbyId, uint64_t at, std::string *err) {
    const Lobby *l = findLobby(w, lobbyId);
    if (l == nullptr || l->members.count(userId) == 0) {
        *err = "user " + std::to_string(userId) + " is not a member of lobby " + std::to_string(lobbyId);
        return false;
    }
    if (localCallOfUser(w, lobbyId, userId) != nullptr) {
        *err = "user " + std::to_string(userId) + " is in the call through a local client";
        return false;
    }
    auto it = w.chat.calls.find(lobbyId);
    if (it != w.chat.calls.end() && it->second.participants.count(userId) != 0) {
        *err = "user " + std::to_string(userId) + " is already in the call";
        return false;
    }
    addParticipant(w, lobbyId, userId, VoiceParticipant{}, at);
    reevaluateSpeaking(w, lobbyId, at);
    return true;
}

bool remoteLeave(World &w, uint64_t userId, uint64_t lobbyId, uint64_t at, std::string *err) {
    auto it = w.chat.calls.find(lobbyId);
    if (it == w.chat.calls.end() || it->second.participants.count(userId) == 0 ||
        localCallOfUser(w, lobbyId, userId) != nullptr) {
        *err = "user " + std::to_string(userId) + " is not a remote participant of the call of lobby " + std::to_string(lobbyId);
        return false;
    }
    removeParticipant(w, lobbyId, userId, at);
    return true;
}

bool speak(World &w, uint64_t userId, uint64_t lobbyId, uint32_t durationMs, float freq, uint64_t at, std::string *err) {
    auto it = w.chat.calls.find(lobbyId);
    if (it == w.chat.calls.end() || it->second.participants.count(userId) == 0) {
        *err = "user " + std::to_string(userId) + " is not in the call of lobby " + std::to_string(lobbyId);
        return false;
    }
    if (!(freq > 0.0f) || !std::isfinite(freq) || freq > 24000.0f) freq = 440.0f;
    w.voice.speeches[{lobbyId, userId}] = Speech{at, at + durationMs, freq};
    reevaluateSpeaking(w, lobbyId, at);
    reevaluateAt(w, lobbyId, at + durationMs);
    return true;
}

void onNetworkChangedVoice(World &w, bool online, uint64_t at) {
    for (auto &[key, c] : w.clients) {
        for (auto &[lobby, lc] : c->voice.calls) {
            if (!online) {
                if (lc->status == Platform_Call_Status_Connected) {
                    ++lc->epoch;
                    lc->waitingForNetwork = true;
                    voiceLog(key, log::kWarning, "Call " + std::to_string(lobby) + ": connection lost, reconnecting");
                    setCallStatus(w, *c, *lc, Platform_Call_Status_Reconnecting, at);
                    reevaluateSpeaking(w, lobby, at);
                }
            } else if (lc->waitingForNetwork) {
                lc->waitingForNetwork = false;
                ++lc->epoch;
                scheduleStep(w, key, *lc, at + w.net.latencyMs);
            }
        }
    }
}

std::vector<AudioDeviceData> devicesOf(const World &w, bool input) {
    std::vector<AudioDeviceData> out;
    for (const auto &d : w.voice.devices) {
        if (d.input == input) out.push_back(d.dev);
    }
    return out;
}

AudioDeviceData currentDevice(const World &w, const ClientState &c, bool input) {
    const std::string &sel = input ? c.voice.inputDevice : c.voice.outputDevice;
    const AudioDeviceData *def = nullptr;
    for (const auto &d : w.voice.devices) {
        if (d.input != input) continue;
        if (d.dev.id == sel) return d.dev;
        if (d.dev.isDefault && def == nullptr) def = &d.dev;
    }
    return def != nullptr ? *def : AudioDeviceData{};
}

void notifyDevicesChanged(World &w, uint64_t at) {
    for (auto &[key, c] : w.clients) {
        queueSlotEvent(w, key, at, &ClientState::deviceChangeCb,
                       [ins = devicesOf(w, true), outs = devicesOf(w, false)](const Callback &cb) {
                           auto span = [](const std::vector<AudioDeviceData> &v) {
                               Platform_AudioDeviceSpan s{static_cast<Platform_AudioDevice *>(
                                                              Platform_Alloc(v.size() * sizeof(Platform_AudioDevice))),
                                                          v.size()};
                               if (s.ptr == nullptr) throw std::bad_alloc();
                               for (size_t i = 0; i < v.size(); ++i) s.ptr[i].opaque = Registry<AudioDeviceData>::get().add(v[i]);
                               return s;
                           };
                           cb.as<Platform_Client_DeviceChangeCallback>()(span(ins), span(outs), cb.userData());
                       });
    }
}

void evaluateInputDetection(World &w, uint64_t at, uint64_t onlyClient) {
    for (auto &[key, c] : w.clients) {
        if (onlyClient != 0 && key != onlyClient) continue;
        const bool detected = w.voice.micLevelDb >= c->voice.noAudioThresholdDb;
        if (detected == c->voice.inputDetected) continue;
        c->voice.inputDetected = detected;
        queueSlotEvent(w, key, at, &ClientState::noAudioInputCb, [detected](const Callback &cb) {
            cb.as<Platform_Client_NoAudioInputCallback>()(detected, cb.userData());
        });
    }
}

const char *callStatusName(int32_t s) {
    switch (s) {
    case Platform_Call_Status_Disconnected: return "Disconnected";
    case Platform_Call_Status_Joining: return "Joining";
    case Platform_Call_Status_Connecting: return "Connecting";
    case Platform_Call_Status_SignalingConnected: return "SignalingConnected";
    case Platform_Call_Status_Connected: return "Connected";
    case Platform_Call_Status_Reconnecting: return "Reconnecting";
    case Platform_Call_Status_Disconnecting: return "Disconnecting";
    default: return "Unknown";
    }
}

const char *callErrorName(int32_t e) {
    switch (e) {
    case Platform_Call_Error_None: return "None";
    case Platform_Call_Error_SignalingConnectionFailed: return "SignalingConnectionFailed";
    case Platform_Call_Error_SignalingUnexpectedClose: return "SignalingUnexpectedClose";
    case Platform_Call_Error_VoiceConnectionFailed: return "VoiceConnectionFailed";
    case Platform_Call_Error_JoinTimeout: return "JoinTimeout";
    case Platform_Call_Error_Forbidden: return "Forbidden";
    default: return "Unknown";
    }
}

}  // namespace psim
