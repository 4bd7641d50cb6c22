// Shared helpers of the voice areas (voice_calls_test.cc, voice_audio_test.cc,
// voice_devices_test.cc): a recorder for one Call's four callbacks, a recorder for the two audio
// callbacks of StartCallWithAudioCallbacks (called on the simulator's audio thread, so it only
// touches atomics and a mutex-protected list), and a lobby with two connected players.
#pragma once
#include "chat_harness.h"

// The four Set*Callback slots of a Call, recorded in delivery order as Ev{kind, a, b}:
// "status"(status, error), "part"(user, added), "speak"(user, speaking), "state"(user).
struct VCall {
    Platform_Call call{};
    std::vector<Ev> events;
    VCall() = default;
    VCall(const VCall &) = delete;
    VCall &operator=(const VCall &) = delete;
    ~VCall() { Platform_Call_Drop(&call); }
    void attach() {
        Platform_Call_SetStatusChangedCallback(&call, [](Platform_Call_Status s, Platform_Call_Error e, int32_t, void *ud) {
            static_cast<VCall *>(ud)->events.push_back({"status", uint64_t(s), uint64_t(e)}); }, countFree, this);
        Platform_Call_SetParticipantChangedCallback(&call, [](uint64_t u, bool added, void *ud) {
            static_cast<VCall *>(ud)->events.push_back({"part", u, added ? 1u : 0u}); }, countFree, this);
        Platform_Call_SetSpeakingStatusChangedCallback(&call, [](uint64_t u, bool on, void *ud) {
            static_cast<VCall *>(ud)->events.push_back({"speak", u, on ? 1u : 0u}); }, countFree, this);
        Platform_Call_SetOnVoiceStateChangedCallback(&call, [](uint64_t u, void *ud) {
            static_cast<VCall *>(ud)->events.push_back({"state", u, 0}); }, countFree, this);
    }
    int count(const std::string &kind, uint64_t a, uint64_t b) const {
        int n = 0;
        for (const auto &e : events) n += e.kind == kind && e.a == a && e.b == b;
        return n;
    }
    std::vector<uint64_t> statuses() const {
        std::vector<uint64_t> v;
        for (const auto &e : events) if (e.kind == "status") v.push_back(e.a);
        return v;
    }
    std::vector<uint64_t> participants() {
        Platform_UInt64Span s{};
        Platform_Call_GetParticipants(&call, &s);
        std::vector<uint64_t> v(s.ptr, s.ptr + s.size);
        Platform_Free(s.ptr);
        return v;
    }
    void clear() { events.clear(); }
};

// Audio callbacks: format checks, frame counts, and what to do with received frames.
struct AudioRec {
    std::atomic<int> received{0}, captured{0}, frees{0}, badFormat{0}, afterFree{0}, capturedLoud{0};
    std::atomic<bool> muteOut{false}, zeroGain{false}, mainThreadCall{false};
    std::atomic<uint64_t> lastUser{0};
    std::thread::id mainThread = std::this_thread::get_id();
    std::function<void()> onReceived;  // optional, runs on the audio thread (set before start)
    void reset() { received = 0; captured = 0; capturedLoud = 0; }
};
inline void audioReceived(uint64_t user, int16_t *data, uint64_t spc, int32_t rate, uint64_t ch, bool *mute, void *ud) {
    auto *r = static_cast<AudioRec *>(ud);
    if (r->frees.load() != 0) ++r->afterFree;
    if (std::this_thread::get_id() == r->mainThread) r->mainThreadCall = true;
    if (spc != 480 || rate != 48000 || ch != 2 || data == nullptr || mute == nullptr) ++r->badFormat;
    r->lastUser = user;
    if (r->zeroGain && data) std::memset(data, 0, spc * ch * sizeof(int16_t));
    if (r->muteOut && mute) *mute = true;
    ++r->received;
    if (r->onReceived) r->onReceived();
}
inline void audioCaptured(int16_t *data, uint64_t spc, int32_t rate, uint64_t ch, void *ud) {
    auto *r = static_cast<AudioRec *>(ud);
    if (r->frees.load() != 0) ++r->afterFree;
    if (std::this_thread::get_id() == r->mainThread) r->mainThreadCall = true;
    if (spc != 480 || rate != 48000 || ch != 2 || data == nullptr) ++r->badFormat;
    int peak = 0;
    for (uint64_t i = 0; data && i < spc * ch; ++i) peak = std::max(peak, std::abs(int(data[i])));
    if (peak > 8000) ++r->capturedLoud;
    ++r->captured;
}
inline void audioFree(void *ud) { ++static_cast<AudioRec *>(ud)->frees; }

inline bool startAudioCall(Platform_Client *c, uint64_t lobby, AudioRec &rec, VCall &vc) {
    return Platform_Client_StartCallWithAudioCallbacks(c, lobby, audioReceived, audioFree, &rec, audioCaptured, audioFree, &rec,
                                                       &vc.call);
}
// Walks a just-started call to Connected (three latency steps).
inline void walk() { for (int i = 0; i < 3; ++i) step(20); }
inline void sleepMs(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }
// The first frame of a flow (rec.captured, rec.received): waits up to 1 s (a loaded machine, or
// wine's timers, can take far longer than the 10 ms frame); true once one arrived.
inline bool waitFrames(const std::atomic<int> &count) {
    for (int i = 0; i < 100 && count.load() == 0; ++i) sleepMs(10);
    return count.load() > 0;
}
inline bool waitCaptured(const AudioRec &rec) { return waitFrames(rec.captured); }

void testVoiceCalls();    // voice_calls_test.cc
void testVoiceAudio();    // voice_audio_test.cc
void testVoiceDevices();  // voice_devices_test.cc
