// Voice calls: StartCall walks Joining -> Connecting -> SignalingConnected -> Connected (one
// latency step each, a status callback per step); a second StartCall, a non-member and a client
// that is not Ready get false; participants (local and remote) with participant-changed and
// lobby-level voice-participant-changed events; self mute/deaf and VoiceStateHandle; speaking in
// VAD, muted, PTT gating with the release delay on the simulated clock; a network interruption
// goes Reconnecting and back to Connected (never Disconnected); EndCall / GetCalls / Call_Drop;
// PlatformSim_Reset ends a call with a final status.
#include "voice_harness.h"

namespace {

void voiceEvents(Player &p) {
    Platform_Client_SetVoiceParticipantChangedCallback(&p.c, [](uint64_t l, uint64_t m, bool added, void *ud) {
        static_cast<Player *>(ud)->events.push_back({added ? "VoiceJoined" : "VoiceLeft", l, m}); }, countFree, &p);
}

void statusWalkAndParticipants() {
    const uint64_t app = freshChatWorld();
    const uint64_t a = newUser("voice_a"), b = newUser("voice_b"), r = newUser("voice_remote"), o = newUser("voice_out");
    Player pa(app, a), pb(app, b), po(app, o);
    const uint64_t L = joinLobby(pa, "voice-1").id;
    CHECK_EQ(joinLobby(pb, "voice-1").id, L);
    voiceEvents(pa); voiceEvents(pb);
    pa.clear(); pb.clear();

    VCall ca;
    CHECK(Platform_Client_StartCall(&pa.c, L, &ca.call));
    ca.attach();
    CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Joining);
    CHECK_EQ(Platform_Call_GetChannelId(&ca.call), L);
    // Already in that call; not a member; not Ready: false and a zeroed out.
    Platform_Call dup{};
    CHECK(!Platform_Client_StartCall(&pa.c, L, &dup)); CHECK(dup.opaque[0] == nullptr);
    CHECK(!Platform_Client_StartCall(&po.c, L, &dup));
    Player notReady(app, o, false);
    CHECK(!Platform_Client_StartCall(&notReady.c, L, &dup));
    Platform_RunCallbacks();
    CHECK((ca.statuses() == std::vector<uint64_t>{Platform_Call_Status_Joining}));
    step(20); CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Connecting);
    step(20); CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_SignalingConnected);
    CHECK(ca.participants().empty());  // not a participant before Connected
    step(20); CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Connected);
    CHECK((ca.statuses() == std::vector<uint64_t>{1, 2, 3, 4}));
    CHECK((ca.participants() == std::vector<uint64_t>{a}));
    CHECK_EQ(ca.count("part", a, 1), 1);
    CHECK_EQ(pa.count("VoiceJoined", L, a), 1); CHECK_EQ(pb.count("VoiceJoined", L, a), 1);
    // The lobby now has a call: CallInfoHandle with live data.
    Platform_LobbyHandle lh{};
    CHECK(Platform_Client_GetLobbyHandle(&pb.c, L, &lh));
    Platform_CallInfoHandle ci{};
    CHECK(Platform_LobbyHandle_GetCallInfoHandle(&lh, &ci));
    CHECK_EQ(Platform_CallInfoHandle_ChannelId(&ci), L);

    // Bob joins: Alice's call hears about him; Bob's call learns both (id order).
    VCall cb;
    CHECK(Platform_Client_StartCall(&pb.c, L, &cb.call));
    cb.attach();
    walk();
    CHECK_EQ(ca.count("part", b, 1), 1);
    CHECK_EQ(cb.count("part", a, 1), 1); CHECK_EQ(cb.count("part", b, 1), 1);
    CHECK((ca.participants() == std::vector<uint64_t>{a, b}));
    // A remote user (lobby member, no client here) joins and leaves.
    CHECK(!PlatformSim_VoiceJoinCall(r, L));  // not a member yet
    CHECK(setMember(L, r, nullptr, -1));
    CHECK(PlatformSim_VoiceJoinCall(r, L));
    CHECK(!PlatformSim_VoiceJoinCall(r, L));
    Platform_RunCallbacks();
    CHECK_EQ(ca.count("part", r, 1), 1); CHECK_EQ(cb.count("part", r, 1), 1);
    CHECK_EQ(pa.count("VoiceJoined", L, r), 1);
    Platform_UInt64Span ids{};
    Platform_CallInfoHandle_GetParticipants(&ci, &ids);
    CHECK_EQ(ids.size, size_t(3)); Platform_Free(ids.ptr);
    CHECK(PlatformSim_VoiceLeaveCall(r, L));
    Platform_RunCallbacks();
    CHECK_EQ(ca.count("part", r, 0), 1); CHECK_EQ(pb.count("VoiceLeft", L, r), 1);

    // Self mute / deaf: voice-state-changed to every participant's call; VoiceStateHandle.
    ca.clear(); cb.clear();
    Platform_Call_SetSelfMute(&cb.call, true);
    Platform_RunCallbacks();
    CHECK(Platform_Call_GetSelfMute(&cb.call));
    CHECK_EQ(ca.count("state", b, 0), 1); CHECK_EQ(cb.count("state", b, 0), 1);
    Platform_VoiceStateHandle vs{};
    CHECK(Platform_Call_GetVoiceStateHandle(&ca.call, b, &vs));
    CHECK(Platform_VoiceStateHandle_SelfMute(&vs)); CHECK(!Platform_VoiceStateHandle_SelfDeaf(&vs));
    Platform_VoiceStateHandle vs2{};
    CHECK(Platform_CallInfoHandle_GetVoiceStateHandle(&ci, b, &vs2));
    CHECK(Platform_VoiceStateHandle_SelfMute(&vs2));
    CHECK(!Platform_Call_GetVoiceStateHandle(&ca.call, r, &vs2));  // r left
    Platform_Client_SetSelfDeafAll(&pa.c, true);
    Platform_RunCallbacks();
    CHECK(Platform_Client_GetSelfDeafAll(&pa.c)); CHECK(Platform_Call_GetSelfDeaf(&ca.call));
    CHECK_EQ(cb.count("state", a, 0), 1);
    Platform_Client_SetSelfDeafAll(&pa.c, false);

    // Local mute and participant volume (clamped to 0..200).
    CHECK(!Platform_Call_GetLocalMute(&ca.call, b));
    Platform_Call_SetLocalMute(&ca.call, b, true); CHECK(Platform_Call_GetLocalMute(&ca.call, b));
    Platform_Call_SetLocalMute(&ca.call, b, false);
    CHECK_EQ(Platform_Call_GetParticipantVolume(&ca.call, b), 100.0f);
    Platform_Call_SetParticipantVolume(&ca.call, b, 250.0f); CHECK_EQ(Platform_Call_GetParticipantVolume(&ca.call, b), 200.0f);
    Platform_Call_SetParticipantVolume(&ca.call, b, -3.0f); CHECK_EQ(Platform_Call_GetParticipantVolume(&ca.call, b), 0.0f);
    Platform_Call_SetParticipantVolume(&ca.call, b, 100.0f);

    // Speaking: muted -> nothing; VAD -> on, then off after the duration (simulated time).
    ca.clear(); cb.clear();
    CHECK(PlatformSim_VoiceSpeak(b, L, 100, 0));
    step(100);
    CHECK_EQ(ca.count("speak", b, 1), 0);
    Platform_Call_SetSelfMute(&cb.call, false);
    CHECK(PlatformSim_VoiceSpeak(b, L, 100, 0));
    Platform_RunCallbacks();
    CHECK_EQ(ca.count("speak", b, 1), 1); CHECK_EQ(cb.count("speak", b, 1), 1);
    step(99); CHECK_EQ(ca.count("speak", b, 0), 0);
    step(1); CHECK_EQ(ca.count("speak", b, 0), 1);
    CHECK(!PlatformSim_VoiceSpeak(o, L, 100, 0));  // not in the call

    // VAD threshold: default automatic; a manual threshold above the speech level gates it.
    Platform_VADThresholdSettings vad{};
    Platform_Call_GetVADThreshold(&ca.call, &vad);
    CHECK(Platform_VADThresholdSettings_Automatic(&vad));
    Platform_VADThresholdSettings_Drop(&vad);
    Platform_Call_SetVADThreshold(&ca.call, false, 5.0f);  // clamped to 0 dBFS
    Platform_Call_GetVADThreshold(&ca.call, &vad);
    CHECK(!Platform_VADThresholdSettings_Automatic(&vad)); CHECK_EQ(Platform_VADThresholdSettings_VadThreshold(&vad), 0.0f);
    Platform_VADThresholdSettings_Drop(&vad);
    cb.clear();
    CHECK(PlatformSim_VoiceSpeak(a, L, 50, 0));
    step(50); CHECK_EQ(cb.count("speak", a, 1), 0);
    Platform_Call_SetVADThreshold(&ca.call, true, -60.0f);

    // PTT: default release delay 20 ms; speech transmits only while PTT is active + the delay.
    CHECK_EQ(Platform_Call_GetPTTReleaseDelay(&ca.call), 20u);
    Platform_Call_SetAudioMode(&ca.call, Platform_AudioModeType_MODE_PTT);
    CHECK_EQ((int)Platform_Call_GetAudioMode(&ca.call), (int)Platform_AudioModeType_MODE_PTT);
    Platform_Call_SetPTTReleaseDelay(&ca.call, 200);
    CHECK_EQ(Platform_Call_GetPTTReleaseDelay(&ca.call), 200u);
    cb.clear();
    CHECK(PlatformSim_VoiceSpeak(a, L, 2000, 0));
    step(100); CHECK_EQ(cb.count("speak", a, 1), 0);
    Platform_Call_SetPTTActive(&ca.call, true);
    CHECK(Platform_Call_GetPTTActive(&ca.call));
    Platform_RunCallbacks(); CHECK_EQ(cb.count("speak", a, 1), 1);
    step(300);
    Platform_Call_SetPTTActive(&ca.call, false);
    step(199); CHECK_EQ(cb.count("speak", a, 0), 0);  // still within the release delay
    step(1); CHECK_EQ(cb.count("speak", a, 0), 1);
    Platform_Call_SetAudioMode(&ca.call, Platform_AudioModeType_MODE_VAD);
    Platform_RunCallbacks(); CHECK_EQ(cb.count("speak", a, 1), 2);  // VAD: the speech transmits again
    step(2000);

    // Network interruption: Reconnecting, then Connected again; never Disconnected.
    ca.clear();
    PlatformSim_NetworkSetOnline(false);
    Platform_RunCallbacks();
    CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Reconnecting);
    step(500);
    CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Reconnecting);
    PlatformSim_NetworkSetOnline(true);
    step(20);
    CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Connected);
    CHECK((ca.statuses() == std::vector<uint64_t>{Platform_Call_Status_Reconnecting, Platform_Call_Status_Connected}));
    CHECK((ca.participants() == std::vector<uint64_t>{a, b}));
    step(40);  // the gateway is Ready again too

    // GetCall / GetCalls / Clone, then EndCall: gone at once, callback at RunCallbacks.
    Platform_Call got{}, clone{};
    CHECK(Platform_Client_GetCall(&pa.c, L, &got));
    Platform_Call_Clone(&clone, &got);
    CHECK_EQ(Platform_Call_GetChannelId(&clone), L);
    Platform_CallSpan calls{};
    Platform_Client_GetCalls(&pb.c, &calls);
    CHECK_EQ(calls.size, size_t(1));
    for (size_t i = 0; i < calls.size; ++i) Platform_Call_Drop(&calls.ptr[i]);
    Platform_Free(calls.ptr);
    cb.clear();
    SimpleRes ended;
    const int freedBefore = g_freed.load();
    Platform_Client_EndCall(&pa.c, L, [](void *ud) { ++static_cast<SimpleRes *>(ud)->calls; }, countFree, &ended);
    CHECK(!Platform_Client_GetCall(&pa.c, L, &dup));
    CHECK_EQ((int)Platform_Call_GetStatus(&got), (int)Platform_Call_Status_Disconnected);  // stale handle
    CHECK_EQ(ended.calls, 0);
    Platform_RunCallbacks();
    CHECK_EQ(ended.calls, 1);
    CHECK_EQ(g_freed.load() - freedBefore, 5);  // EndCall's triple + the call's 4 slots
    CHECK_EQ(cb.count("part", a, 0), 1); CHECK_EQ(pb.count("VoiceLeft", L, a), 1);
    Platform_Call_Drop(&got); Platform_Call_Drop(&clone); Platform_Call_Drop(&clone);
    // A new call in the same lobby is allowed again.
    VCall again;
    CHECK(Platform_Client_StartCall(&pa.c, L, &again.call));
    walk();
    Platform_Client_EndCalls(&pa.c, nullptr, nullptr, nullptr);
    Platform_Client_EndCalls(&pb.c, nullptr, nullptr, nullptr);
    Platform_RunCallbacks();
    Platform_CallInfoHandle ci2{};
    CHECK(!Platform_LobbyHandle_GetCallInfoHandle(&lh, &ci2));  // nobody left in the call
    Platform_VoiceStateHandle_Drop(&vs); Platform_VoiceStateHandle_Drop(&vs2);
    Platform_CallInfoHandle_Drop(&ci); Platform_LobbyHandle_Drop(&lh);
    // Strings.
    Platform_String s;
    Platform_Call_StatusToString(Platform_Call_Status_SignalingConnected, &s); CHECK_EQ(S(s), std::string("SignalingConnected"));
    Platform_Call_ErrorToString(Platform_Call_Error_JoinTimeout, &s); CHECK_EQ(S(s), std::string("JoinTimeout"));
    Platform_Call_StatusToString((Platform_Call_Status)99, &s); CHECK_EQ(S(s), std::string("Unknown"));
}

// Two members of one lobby, A in its call and B in it with audio running, both walked to
// Connected, their events cleared.
struct TwoInCall {
    const uint64_t app = freshChatWorld();
    const uint64_t a, b;
    Player pa, pb;
    uint64_t L = 0;
    VCall ca, cb;
    AudioRec rec;
    explicit TwoInCall(const std::string &tag) : a(newUser(tag + "_a")), b(newUser(tag + "_b")), pa(app, a), pb(app, b) {
        L = joinLobby(pa, tag + "-1").id;
        CHECK_EQ(joinLobby(pb, tag + "-1").id, L);
        CHECK(Platform_Client_StartCall(&pa.c, L, &ca.call));
        CHECK(startAudioCall(&pb.c, L, rec, cb));
        ca.attach(); cb.attach();
        walk();
        CHECK(waitCaptured(rec));
        ca.clear(); cb.clear();
    }
};

// Leaving the lobby ends the member's call there (final Disconnected status, audio thread
// stopped, triples released); deleting the lobby ends everyone's.
void leaveLobbyEndsCall() {
    TwoInCall t("leave");
    auto &[app, a, b, pa, pb, L, ca, cb, rec] = t;
    leaveLobby(pb, L);
    for (int i = 0; i < 100 && rec.frees.load() < 2; ++i) sleepMs(5);
    CHECK_EQ(rec.frees.load(), 2);
    Platform_Call dup{};
    CHECK(!Platform_Client_GetCall(&pb.c, L, &dup));
    step(20);
    CHECK((cb.statuses() == std::vector<uint64_t>{Platform_Call_Status_Disconnected}));
    CHECK_EQ(ca.count("part", b, 0), 1);
    CHECK((ca.participants() == std::vector<uint64_t>{a}));
    const int after = rec.captured.load();
    sleepMs(30);
    CHECK_EQ(rec.captured.load(), after);
    // The remaining member leaves too: the lobby's call is gone.
    leaveLobby(pa, L);
    step(20);
    CHECK((ca.statuses() == std::vector<uint64_t>{Platform_Call_Status_Disconnected}));
    CHECK(!Platform_Client_GetCall(&pa.c, L, &dup));
}

// PlatformSim_Reset (WorldLoad resets too) ends every call with a final Disconnected status
// (SignalingUnexpectedClose, 0), once, and stops its audio thread.
void resetEndsCallWithFinalStatus() {
    TwoInCall t("reset");
    auto &[app, a, b, pa, pb, L, ca, cb, rec] = t;
    PlatformSim_Reset();
    for (int i = 0; i < 100 && rec.frees.load() < 2; ++i) sleepMs(5);
    CHECK_EQ(rec.frees.load(), 2);
    Platform_RunCallbacks();
    for (VCall *c : {&ca, &cb}) {
        CHECK((c->statuses() == std::vector<uint64_t>{Platform_Call_Status_Disconnected}));
        CHECK_EQ(c->count("status", Platform_Call_Status_Disconnected, Platform_Call_Error_SignalingUnexpectedClose), 1);
    }
    Platform_Call gone{};
    CHECK(!Platform_Client_GetCall(&pa.c, L, &gone));
    step(20);
    CHECK_EQ(ca.statuses().size(), size_t{1});
}

}  // namespace

void testVoiceCalls() {
    statusWalkAndParticipants();
    leaveLobbyEndsCall();
    resetEndsCallWithFinalStatus();
}
