// Audio devices, no-audio-input detection, client audio settings, the desktop client's voice
// settings (1.10) and the voice log: device lists and the current device arrive through
// RunCallbacks; unknown ids fail; adding/removing a device fires the device-change callback and
// a removed current device falls back to the default; the no-audio-input callback reports
// changes of (microphone level >= threshold); volumes clamp; GetVoiceSettings (a completion from
// RunCallbacks that fails without a session or a desktop client) / updated callback;
// call status lines (Info) and errors (Error) reach the voice log sinks, not the main log.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include "voice_harness.h"

namespace {

struct DevList { std::vector<std::tuple<std::string, std::string, bool>> ins, outs; int calls = 0; };
std::vector<std::tuple<std::string, std::string, bool>> readDevices(Platform_AudioDeviceSpan span) {
    std::vector<std::tuple<std::string, std::string, bool>> v;
    for (size_t i = 0; i < span.size; ++i) {
        Platform_AudioDevice d = span.ptr[i];  // adopt
        Platform_String id, name;
        Platform_AudioDevice_Id(&d, &id); Platform_AudioDevice_Name(&d, &name);
        v.emplace_back(S(id), S(name), Platform_AudioDevice_IsDefault(&d));
        Platform_AudioDevice_Drop(&d);
    }
    Platform_Free(span.ptr);
    return v;
}
void listCb(Platform_AudioDeviceSpan span, void *ud) { auto *l = static_cast<DevList *>(ud); l->ins = readDevices(span); ++l->calls; }
void changeCb(Platform_AudioDeviceSpan ins, Platform_AudioDeviceSpan outs, void *ud) {
    auto *l = static_cast<DevList *>(ud); l->ins = readDevices(ins); l->outs = readDevices(outs); ++l->calls;
}
struct Cur { std::string id; bool isDefault = false; int calls = 0; };
void curCb(Platform_AudioDevice const *dev, void *ud) {
    auto *c = static_cast<Cur *>(ud);
    Platform_AudioDevice d = *dev;  // adopt
    Platform_String id; Platform_AudioDevice_Id(&d, &id); c->id = S(id);
    c->isDefault = Platform_AudioDevice_IsDefault(&d); ++c->calls;
    Platform_AudioDevice_Drop(&d);
}
// GetVoiceSettings's completion: the result, and the record adopted (or none: NULL).
struct VoiceRead { Res r; bool called = false, hasRecord = false; int calls = 0; Platform_VoiceSettings vs{}; };
void voiceReadCb(Platform_ClientResult *r, Platform_VoiceSettings *settings, void *ud) {
    auto *o = static_cast<VoiceRead *>(ud);
    o->r = R(r); o->called = true; ++o->calls;
    o->hasRecord = settings != nullptr;
    if (settings != nullptr) o->vs = *settings;  // adopt
}
// Starts the read; nothing arrives before RunCallbacks, exactly one completion at it.
VoiceRead readVoiceSettings(Platform_Client *c) {
    VoiceRead out;
    Platform_Client_GetVoiceSettings(c, voiceReadCb, countFree, &out);
    CHECK(!out.called);
    Platform_RunCallbacks();
    CHECK_EQ(out.calls, 1);
    return out;
}

std::string currentInput(Platform_Client *c) {
    Cur cur; Platform_Client_GetCurrentInputDevice(c, curCb, countFree, &cur);
    CHECK_EQ(cur.calls, 0); Platform_RunCallbacks(); CHECK_EQ(cur.calls, 1);
    return cur.id;
}

void devices(Player &p) {
    Platform_String s;
    Platform_Client_GetDefaultAudioDeviceId(&s); CHECK_EQ(S(s), std::string("default"));
    DevList ins;
    Platform_Client_GetInputDevices(&p.c, listCb, countFree, &ins);
    Platform_RunCallbacks();
    CHECK_EQ(ins.calls, 1); CHECK_EQ(ins.ins.size(), size_t(1));
    CHECK(!ins.ins.empty() && std::get<0>(ins.ins[0]) == "default-input" && std::get<2>(ins.ins[0]));
    DevList outs;
    Platform_Client_GetOutputDevices(&p.c, listCb, countFree, &outs);
    Platform_RunCallbacks();
    CHECK(outs.ins.size() == 1 && std::get<0>(outs.ins[0]) == "default-output");
    Cur out; Platform_Client_GetCurrentOutputDevice(&p.c, curCb, countFree, &out);
    Platform_RunCallbacks(); CHECK_EQ(out.id, std::string("default-output")); CHECK(out.isDefault);
    CHECK_EQ(currentInput(&p.c), std::string("default-input"));
    SimpleRes bad, good;
    Platform_Client_SetInputDevice(&p.c, P(std::string("nope")), simpleCb, countFree, &bad);
    Platform_Client_SetOutputDevice(&p.c, P(std::string("default-output")), simpleCb, countFree, &good);
    Platform_RunCallbacks();
    CHECK(bad.called && !bad.r.ok); CHECK_EQ(bad.r.type, (int)Platform_ErrorType_ValidationError);
    CHECK(good.called && good.r.ok);
    // Hot-plug: the change callback gets both lists; the new device can be selected.
    DevList changes;
    Platform_Client_SetDeviceChangeCallback(&p.c, changeCb, countFree, &changes);
    CHECK(PlatformSim_AudioDeviceAdd(P(std::string("usb-mic")), P(std::string("USB Mic")), true, false));
    CHECK(!PlatformSim_AudioDeviceAdd(P(std::string("usb-mic")), P(std::string("dup")), true, false));
    Platform_RunCallbacks();
    CHECK_EQ(changes.calls, 1); CHECK_EQ(changes.ins.size(), size_t(2)); CHECK_EQ(changes.outs.size(), size_t(1));
    SimpleRes sel;
    Platform_Client_SetInputDevice(&p.c, P(std::string("usb-mic")), simpleCb, countFree, &sel);
    Platform_RunCallbacks(); CHECK(sel.r.ok);
    CHECK_EQ(currentInput(&p.c), std::string("usb-mic"));
    CHECK(PlatformSim_AudioDeviceRemove(P(std::string("usb-mic"))));
    Platform_RunCallbacks();
    CHECK_EQ(changes.calls, 2); CHECK_EQ(changes.ins.size(), size_t(1));
    CHECK_EQ(currentInput(&p.c), std::string("default-input"));  // fell back to the default
    CHECK(!PlatformSim_AudioDeviceRemove(P(std::string("default-input"))));  // the last input
    CHECK(!PlatformSim_AudioDeviceRemove(P(std::string("usb-mic"))));
    // AudioDevice record: setters, Clone, Equals (by id).
    Platform_AudioDevice d{}, c{};
    Platform_Client_GetCurrentInputDevice(&p.c, [](Platform_AudioDevice const *dev, void *ud) {
        *static_cast<Platform_AudioDevice *>(ud) = *dev; }, nullptr, &d);
    Platform_RunCallbacks();
    Platform_AudioDevice_Clone(&c, &d);
    CHECK(Platform_AudioDevice_Equals(&c, &d));
    Platform_AudioDevice_SetName(&c, P(std::string("Renamed"))); CHECK(Platform_AudioDevice_Equals(&c, &d));
    Platform_AudioDevice_Name(&c, &s); CHECK_EQ(S(s), std::string("Renamed"));
    Platform_AudioDevice_SetId(&c, P(std::string("x"))); CHECK(!Platform_AudioDevice_Equals(&c, &d));
    Platform_AudioDevice_SetIsDefault(&c, false); CHECK(!Platform_AudioDevice_IsDefault(&c));
    Platform_AudioDevice_Drop(&c); Platform_AudioDevice_Drop(&d); Platform_AudioDevice_Drop(&d);
    CHECK(!Platform_AudioDevice_IsDefault(&d));
}

void noAudioInputAndSettings(Player &p) {
    std::vector<bool> seen;
    Platform_Client_SetNoAudioInputCallback(&p.c, [](bool detected, void *ud) {
        static_cast<std::vector<bool> *>(ud)->push_back(detected); }, countFree, &seen);
    Platform_Client_SetNoAudioInputThreshold(&p.c, -50.0f);  // the microphone sits at -60 dBFS
    CHECK(seen.empty());
    Platform_RunCallbacks();
    CHECK((seen == std::vector<bool>{false}));
    PlatformSim_SetMicrophoneLevel(-40.0f);
    PlatformSim_SetMicrophoneLevel(-30.0f);  // still above: no new event
    Platform_RunCallbacks();
    CHECK((seen == std::vector<bool>{false, true}));
    PlatformSim_SetMicrophoneLevel(-60.0f);
    Platform_RunCallbacks();
    CHECK((seen == std::vector<bool>{false, true, false}));
    // Volumes clamp; mute/deaf all; recorded settings.
    CHECK_EQ(Platform_Client_GetInputVolume(&p.c), 100.0f); CHECK_EQ(Platform_Client_GetOutputVolume(&p.c), 100.0f);
    Platform_Client_SetInputVolume(&p.c, 150.0f); CHECK_EQ(Platform_Client_GetInputVolume(&p.c), 100.0f);
    Platform_Client_SetInputVolume(&p.c, 40.0f); CHECK_EQ(Platform_Client_GetInputVolume(&p.c), 40.0f);
    Platform_Client_SetOutputVolume(&p.c, 250.0f); CHECK_EQ(Platform_Client_GetOutputVolume(&p.c), 200.0f);
    Platform_Client_SetOutputVolume(&p.c, -1.0f); CHECK_EQ(Platform_Client_GetOutputVolume(&p.c), 0.0f);
    Platform_Client_SetSelfMuteAll(&p.c, true); CHECK(Platform_Client_GetSelfMuteAll(&p.c));
    Platform_Client_SetSelfMuteAll(&p.c, false);
    CHECK(!Platform_Client_SetSpeakerMode(&p.c, true));
    CHECK(!Platform_Client_ShowAudioRoutePicker(&p.c));
    // Desktop client voice settings (1.10.19337 members).
    VoiceRead read = readVoiceSettings(&p.c);
    CHECK(read.r.ok); CHECK(read.hasRecord);
    Platform_VoiceSettings vs = read.vs;
    CHECK(!Platform_VoiceSettings_SelfMute(&vs)); CHECK_EQ(Platform_VoiceSettings_InputVolume(&vs), 100.0f);
    CHECK_EQ((int)Platform_VoiceSettings_InputMode(&vs), (int)Platform_VoiceInputModeType_VoiceActivity);
    CHECK(Platform_VoiceSettings_EchoCancellation(&vs)); CHECK(!Platform_VoiceSettings_NoiseCancellation(&vs));
    Platform_String key;
    Platform_VoiceSettings_PttKey(&vs, &key);
    CHECK(key.ptr != nullptr); CHECK_EQ(S(key), std::string());  // empty when nothing is bound
    struct Got { bool mute = false, krisp = false; std::string key; int calls = 0, mode = -1; float out = 0; } got;
    Platform_Client_SetVoiceSettingsUpdatedCallback(&p.c, [](Platform_VoiceSettings *v, void *ud) {
        auto *g = static_cast<Got *>(ud);
        Platform_VoiceSettings own = *v;  // adopt
        g->mute = Platform_VoiceSettings_SelfMute(&own); g->out = Platform_VoiceSettings_OutputVolume(&own);
        g->mode = (int)Platform_VoiceSettings_InputMode(&own); g->krisp = Platform_VoiceSettings_NoiseCancellation(&own);
        Platform_String k; Platform_VoiceSettings_PttKey(&own, &k); g->key = S(k);
        ++g->calls; Platform_VoiceSettings_Drop(&own); }, countFree, &got);
    std::string shiftF = "SHIFT + F";
    PlatformSim_VoiceSettingsUpdate u{};
    u.hasSelfMute = true; u.selfMute = true; u.hasPttKey = true; u.pttKey = P(shiftF);
    u.hasOutputVolume = true; u.outputVolume = 150.0f; u.hasInputMode = true; u.inputMode = Platform_VoiceInputModeType_PushToTalk;
    u.hasNoiseCancellation = true; u.noiseCancellation = true;
    CHECK(PlatformSim_SetPlatformVoiceSettings(&u));
    CHECK(!PlatformSim_SetPlatformVoiceSettings(nullptr));
    CHECK_EQ(got.calls, 0);
    Platform_RunCallbacks();
    CHECK_EQ(got.calls, 1); CHECK(got.mute); CHECK_EQ(got.key, std::string("SHIFT + F")); CHECK_EQ(got.out, 150.0f);
    CHECK_EQ(got.mode, (int)Platform_VoiceInputModeType_PushToTalk); CHECK(got.krisp);
    CHECK(!Platform_VoiceSettings_SelfMute(&vs));  // a record is a snapshot
    VoiceRead readNow = readVoiceSettings(&p.c);
    CHECK(readNow.r.ok);
    Platform_VoiceSettings now = readNow.vs;
    CHECK(Platform_VoiceSettings_SelfMute(&now));
    CHECK_EQ((int)Platform_VoiceSettings_InputMode(&now), (int)Platform_VoiceInputModeType_PushToTalk);
    // Setters change the record they are called on, not the desktop client nor other records.
    Platform_VoiceSettings cl{};
    Platform_VoiceSettings_Clone(&cl, &now);
    Platform_VoiceSettings_SetSelfMute(&cl, false); Platform_VoiceSettings_SetAutomaticGainControl(&cl, false);
    Platform_VoiceSettings_SetInputVolume(&cl, 40.0f); CHECK_EQ(Platform_VoiceSettings_InputVolume(&cl), 40.0f);
    Platform_VoiceSettings_SetInputVolume(&cl, 250.0f); Platform_VoiceSettings_SetOutputVolume(&cl, NAN);
    Platform_VoiceSettings_SetInputMode(&cl, Platform_VoiceInputModeType_VoiceActivity);
    std::string none;
    Platform_VoiceSettings_SetPttKey(&cl, P(none));
    CHECK(!Platform_VoiceSettings_SelfMute(&cl)); CHECK(!Platform_VoiceSettings_AutomaticGainControl(&cl));
    CHECK_EQ(Platform_VoiceSettings_InputVolume(&cl), 100.0f); CHECK_EQ(Platform_VoiceSettings_OutputVolume(&cl), 150.0f);
    CHECK_EQ((int)Platform_VoiceSettings_InputMode(&cl), (int)Platform_VoiceInputModeType_VoiceActivity);
    Platform_VoiceSettings_PttKey(&cl, &key); CHECK_EQ(S(key), std::string());
    Platform_VoiceSettings_PttKey(&now, &key); CHECK_EQ(S(key), std::string("SHIFT + F"));
    CHECK(Platform_VoiceSettings_SelfMute(&now)); CHECK(Platform_VoiceSettings_AutomaticGainControl(&now));
    Platform_VoiceSettings again = readVoiceSettings(&p.c).vs;
    CHECK(Platform_VoiceSettings_SelfMute(&again));
    Platform_VoiceSettings_Drop(&vs); Platform_VoiceSettings_Drop(&now); Platform_VoiceSettings_Drop(&cl); Platform_VoiceSettings_Drop(&again);
    CHECK_EQ(Platform_VoiceSettings_OutputVolume(&cl), 0.0f); CHECK(!Platform_VoiceSettings_EchoCancellation(&cl));
    Platform_VoiceSettings_SetSelfMute(&cl, true);  // a dropped record ignores setters
    CHECK(!Platform_VoiceSettings_SelfMute(&cl));
}

// GetVoiceSettings fails with a ClientResult and no record: NotReady without a session, RPCError
// without the desktop client; a client dropped with the read pending gets ClientDestroyed.
void voiceSettingsFailures(uint64_t app) {
    Player offline(app, newUser("voice_settings_offline"), false);
    VoiceRead notReady = readVoiceSettings(&offline.c);
    CHECK(!notReady.r.ok); CHECK(!notReady.hasRecord);
    CHECK_EQ(notReady.r.type, (int)Platform_ErrorType_ClientNotReady);
    Player p(app, newUser("voice_settings_nodesktop"));
    PlatformSim_SetPlatformAppInstalled(false);
    VoiceRead noDesktop = readVoiceSettings(&p.c);
    PlatformSim_SetPlatformAppInstalled(true);
    CHECK(!noDesktop.r.ok); CHECK(!noDesktop.hasRecord);
    CHECK_EQ(noDesktop.r.type, (int)Platform_ErrorType_RPCError);
    CHECK(noDesktop.r.error.find("desktop app") != std::string::npos);
    VoiceRead back = readVoiceSettings(&p.c);
    CHECK(back.r.ok); CHECK(back.hasRecord);
    Platform_VoiceSettings_Drop(&back.vs);
    VoiceRead dropped;
    {
        Player gone(app, newUser("voice_settings_dropped"));
        Platform_Client_GetVoiceSettings(&gone.c, voiceReadCb, countFree, &dropped);
        CHECK(!dropped.called);
    }
    Platform_RunCallbacks();
    CHECK_EQ(dropped.calls, 1); CHECK(!dropped.hasRecord);
    CHECK_EQ(dropped.r.type, (int)Platform_ErrorType_ClientDestroyed);
}

// `voice` outlives the client: the log thread may deliver until Client_Drop.
void voiceLog(Player &p, LogSink &voice) {
    Platform_Client_AddVoiceLogCallback(&p.c, logCb, logSinkFree, &voice, Platform_LoggingSeverity_Info);
    const auto dir = std::filesystem::temp_directory_path() / numbered("psim-voice-log-", PlatformSim_ClockNow());
    std::filesystem::create_directories(dir);
    const std::string ds = dir.string();
    Platform_Client_SetVoiceLogDir(&p.c, P(ds), Platform_LoggingSeverity_Info);
    const uint64_t L = joinLobby(p, "voice-log").id;
    VCall call;
    CHECK(Platform_Client_StartCall(&p.c, L, &call.call));
    Platform_Call dup{};
    CHECK(!Platform_Client_StartCall(&p.c, L, &dup));
    Platform_Client_SetAecDump(&p.c, true);
    walk();
    settleLogs();
    const std::string joining = numbered("Call ", L) + ": status Joining";
    const std::string connected = numbered("Call ", L) + ": status Connected";
    bool sawJoin = false, sawConnected = false, sawError = false, sawAec = false;
    {
        std::lock_guard lk(voice.mu);
        for (const auto &[line, sev] : voice.lines) {
            sawJoin |= line == joining && sev == Platform_LoggingSeverity_Info;
            sawConnected |= line == connected;
            sawError |= line.find("StartCall(") != std::string::npos && sev == Platform_LoggingSeverity_Error;
            sawAec |= line == "AEC dump: on";
        }
    }
    CHECK(sawJoin); CHECK(sawConnected); CHECK(sawError); CHECK(sawAec);
    {  // closed before the folder is removed (an open file blocks that on Windows)
        std::ifstream f(dir / "platform_sdk_voice.log");
        std::stringstream ss; ss << f.rdbuf();
        CHECK(ss.str().find(connected) != std::string::npos);
    }
    Platform_Client_EndCalls(&p.c, nullptr, nullptr, nullptr);
    Platform_RunCallbacks();
    // The client still lives: its voice log must not keep the folder from being deleted (Windows).
    settleLogs();
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    CHECK(!ec);
    if (ec) std::printf("  remove_all: %s\n", ec.message().c_str());
}

}  // namespace

void testVoiceDevices() {
    const uint64_t app = freshChatWorld();
    LogSink voice;  // outlives the client and the release of its log triple
    {
        Player p(app, newUser("devices_a"));
        devices(p);
        noAudioInputAndSettings(p);
        voiceLog(p, voice);
    }
    voiceSettingsFailures(app);
    CHECK(voice.waitReleased());
}
