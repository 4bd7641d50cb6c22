// Raw audio of StartCallWithAudioCallbacks: frames arrive on the simulator's audio thread (never
// the test's thread) as 480 samples x 2 channels at 48 kHz; one received frame per 10 ms while a
// remote participant transmits (a 200 ms speech gives 20 +-2 frames), a capture frame every
// 10 ms; outShouldMute and an in-place gain of 0 make the playout level 0; local mute and
// participant volume apply after the callback; EndCall, EndCall from inside the callback and
// Client_Drop while frames flow stop the thread and release each triple exactly once, after
// which no callback runs; a refused start releases both triples.
#include "voice_harness.h"

namespace {

bool near(float a, float b, float eps) { return a > b - eps && a < b + eps; }
constexpr float kToneRms = 0.3535f;  // amplitude 0.5 sine

void framesAndLevels() {
    const uint64_t app = freshChatWorld();
    const uint64_t a = newUser("audio_a"), b = newUser("audio_b"), o = newUser("audio_out");
    Player pa(app, a), pb(app, b), po(app, o);
    const uint64_t L = joinLobby(pa, "audio-1").id;
    CHECK_EQ(joinLobby(pb, "audio-1").id, L);

    // Refused start: both triples released at once.
    AudioRec refused;
    VCall none;
    CHECK(!startAudioCall(&po.c, L, refused, none));
    CHECK_EQ(refused.frees.load(), 2);

    AudioRec rec;
    VCall ca, cb;
    CHECK(startAudioCall(&pa.c, L, rec, ca));
    CHECK(Platform_Client_StartCall(&pb.c, L, &cb.call));
    walk();
    CHECK_EQ((int)Platform_Call_GetStatus(&ca.call), (int)Platform_Call_Status_Connected);
    CHECK_EQ(PlatformSim_VoicePlayoutLevel(a, b), -1.0f);  // nothing played yet

    // Frame count for a known duration: simulated time follows real time while unfrozen.
    PlatformSim_ClockSetFrozen(false);
    sleepMs(30);
    CHECK(waitCaptured(rec));          // capture frames flow (microphone level)
    CHECK_EQ(rec.received.load(), 0);  // silence is not delivered
    rec.reset();
    CHECK(PlatformSim_VoiceSpeak(b, L, 200, 440.0f));
    sleepMs(450);
    const int n = rec.received.load();
    if (n < 18 || n > 22) std::printf("received %d frames for 200 ms\n", n);
    CHECK(n >= 18 && n <= 22);
    CHECK(rec.captured.load() >= 30);
    CHECK_EQ(rec.capturedLoud.load(), 0);  // a was silent
    CHECK_EQ(rec.badFormat.load(), 0);
    CHECK(!rec.mainThreadCall.load());
    CHECK_EQ(rec.lastUser.load(), b);
    CHECK(near(PlatformSim_VoicePlayoutLevel(a, b), kToneRms, 0.01f));
    Platform_RunCallbacks();
    CHECK_EQ(ca.count("speak", b, 1), 0);  // ca has no speaking callback attached: nothing recorded

    // outShouldMute -> played out as silence. (In a joined process what the callback does stays
    // there: the host mixed the audio before the frame reached it.)
    if (!skipWhenJoined("playout after the audio callback", "outShouldMute and in-place changes stay in the joined process")) {
        rec.muteOut = true;
        CHECK(PlatformSim_VoiceSpeak(b, L, 100, 440.0f));
        sleepMs(200);
        CHECK_EQ(PlatformSim_VoicePlayoutLevel(a, b), 0.0f);
        // In-place gain 0 -> level 0; then unmodified -> the tone again.
        rec.muteOut = false; rec.zeroGain = true;
        CHECK(PlatformSim_VoiceSpeak(b, L, 100, 440.0f));
        sleepMs(200);
        CHECK_EQ(PlatformSim_VoicePlayoutLevel(a, b), 0.0f);
        rec.zeroGain = false;
    }
    CHECK(PlatformSim_VoiceSpeak(b, L, 100, 440.0f));
    sleepMs(200);
    CHECK(near(PlatformSim_VoicePlayoutLevel(a, b), kToneRms, 0.01f));
    // Participant volume 50 halves the level; local mute silences it.
    Platform_Call_SetParticipantVolume(&ca.call, b, 50.0f);
    CHECK(PlatformSim_VoiceSpeak(b, L, 100, 440.0f));
    sleepMs(200);
    CHECK(near(PlatformSim_VoicePlayoutLevel(a, b), kToneRms / 2, 0.01f));
    Platform_Call_SetLocalMute(&ca.call, b, true);
    CHECK(PlatformSim_VoiceSpeak(b, L, 100, 440.0f));
    sleepMs(200);
    CHECK_EQ(PlatformSim_VoicePlayoutLevel(a, b), 0.0f);
    // The local user's own speech is in the capture.
    rec.reset();
    CHECK(PlatformSim_VoiceSpeak(a, L, 100, 440.0f));
    sleepMs(200);
    CHECK(rec.capturedLoud.load() >= 8);
    // Self mute: not transmitted (bob's side gets no speech), capture is the microphone again.
    Platform_Call_SetSelfMute(&ca.call, true);
    rec.reset();
    CHECK(PlatformSim_VoiceSpeak(a, L, 100, 440.0f));
    sleepMs(150);
    CHECK_EQ(rec.capturedLoud.load(), 0);
    Platform_Call_SetSelfMute(&ca.call, false);

    // EndCall while frames flow: the triples go at once, or right after a callback in flight
    // returns (EndCall never waits for one); nothing runs afterwards.
    CHECK(PlatformSim_VoiceSpeak(b, L, 60000, 440.0f));
    CHECK(waitFrames(rec.received));
    Platform_Client_EndCall(&pa.c, L, nullptr, nullptr, nullptr);
    for (int i = 0; i < 100 && rec.frees.load() < 2; ++i) sleepMs(5);
    CHECK_EQ(rec.frees.load(), 2);
    const int after = rec.received.load() + rec.captured.load();
    sleepMs(60);
    CHECK_EQ(rec.received.load() + rec.captured.load(), after);
    CHECK_EQ(rec.afterFree.load(), 0);

    // EndCall from inside the received callback (on the audio thread).
    AudioRec self;
    Platform_Client *pac = &pa.c;
    self.onReceived = [pac, L] { Platform_Client_EndCall(pac, L, nullptr, nullptr, nullptr); };
    VCall c2;
    CHECK(startAudioCall(&pa.c, L, self, c2));
    sleepMs(120);  // Joining -> Connected by real time, then a frame of bob's speech
    for (int i = 0; i < 50 && self.frees.load() < 2; ++i) sleepMs(10);
    CHECK_EQ(self.frees.load(), 2);
    CHECK_EQ(self.received.load(), 1);
    CHECK_EQ(self.afterFree.load(), 0);

    // Client_Drop while frames flow.
    AudioRec dropped;
    VCall c3;
    CHECK(startAudioCall(&pa.c, L, dropped, c3));
    sleepMs(150);
    CHECK(dropped.received.load() > 0);
    Platform_Client_Drop(&pa.c);
    for (int i = 0; i < 100 && dropped.frees.load() < 2; ++i) sleepMs(5);
    CHECK_EQ(dropped.frees.load(), 2);
    const int afterDrop = dropped.received.load() + dropped.captured.load();
    sleepMs(50);
    CHECK_EQ(dropped.received.load() + dropped.captured.load(), afterDrop);
    CHECK_EQ(dropped.afterFree.load(), 0);
    CHECK_EQ((int)Platform_Call_GetStatus(&c3.call), (int)Platform_Call_Status_Disconnected);
    Platform_RunCallbacks();
    CHECK_EQ(cb.count("part", a, 0), 0);  // cb has no participant callback attached
    Platform_UInt64Span ids{};
    Platform_Call_GetParticipants(&cb.call, &ids);
    CHECK_EQ(ids.size, size_t(1)); Platform_Free(ids.ptr);  // only bob is left
    PlatformSim_ClockSetFrozen(true);
    Platform_Client_EndCalls(&pb.c, nullptr, nullptr, nullptr);
    Platform_RunCallbacks();
}

}  // namespace

void testVoiceAudio() { framesAndLevels(); }
