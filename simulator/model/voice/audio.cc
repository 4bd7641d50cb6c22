// audio.cc — see audio.h.
#include "audio.h"

#include <chrono>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "clock.h"
#include "guard.h"
#include "voice.h"
#include "world.h"

namespace psim {
namespace {

constexpr double kPi = 3.14159265358979323846;
thread_local const AudioSession *tl_session = nullptr;  // the session of the current audio thread

struct SpeakerPlan {
    uint64_t user = 0;
    float freq = 440.0f;
    float amp = 0.5f;
    uint64_t into = 0;  // ms into the speech at the frame's time (tone phase)
    bool localMute = false;
    float volume = 100.0f;
};

struct FramePlan {
    bool exists = false;     // the call still exists
    bool connected = false;  // frames flow only while Connected
    uint64_t listener = 0;
    bool deaf = false;
    float outVol = 100.0f;
    std::vector<SpeakerPlan> speakers;
    bool selfTx = false;
    SpeakerPlan self;
    float micRms = 0.0f;
};

// Playout levels per (listener, speaker); a leaf lock. Never destroyed, like the world: an
// application may exit while audio threads run, and they must not find the map torn down by
// static destruction (ASan caught that: heap-use-after-free at exit with audio flowing).
struct PlayoutLevels {
    std::mutex mu;
    std::map<std::pair<uint64_t, uint64_t>, float> byPair;
};

PlayoutLevels &playoutLevels() {
    static PlayoutLevels &levels = *new PlayoutLevels;
    return levels;
}

void recordLevel(uint64_t listener, uint64_t speaker, float level) {
    PlayoutLevels &l = playoutLevels();
    std::lock_guard lk(l.mu);
    l.byPair[{listener, speaker}] = level;
}

float speakerAmp(World &w, uint64_t lobby, uint64_t user) {
    ClientState *c = nullptr;
    if (localCallOfUser(w, lobby, user, &c) != nullptr && c != nullptr) return 0.5f * c->voice.inputVolume / 100.0f;
    return 0.5f;
}

FramePlan plan(World &w, const AudioSession &s, uint64_t t) {
    FramePlan p;
    ClientState *c = nullptr;
    LocalCall *lc = findLocalCall(w, s.clientKey, s.lobbyId, s.serial, &c);
    if (lc == nullptr) return p;
    p.exists = true;
    p.connected = lc->status == Platform_Call_Status_Connected;
    if (!p.connected) return p;
    p.listener = lc->userId;
    p.deaf = lc->selfDeaf;
    p.outVol = c->voice.outputVolume;
    p.micRms = static_cast<float>(std::pow(10.0, w.voice.micLevelDb / 20.0)) * c->voice.inputVolume / 100.0f;
    auto rec = w.chat.calls.find(s.lobbyId);
    if (rec == w.chat.calls.end()) return p;
    for (const auto &[uid, part] : rec->second.participants) {
        if (!transmitting(w, s.lobbyId, uid, t)) continue;
        const Speech &sp = w.voice.speeches[{s.lobbyId, uid}];
        SpeakerPlan sp2{uid, sp.freq, speakerAmp(w, s.lobbyId, uid), t - sp.start, false, 100.0f};
        if (uid == lc->userId) {
            p.selfTx = true;
            p.self = sp2;
            continue;
        }
        auto m = lc->localMute.find(uid);
        sp2.localMute = m != lc->localMute.end() && m->second;
        auto v = lc->volume.find(uid);
        sp2.volume = v != lc->volume.end() ? v->second : 100.0f;
        p.speakers.push_back(sp2);
    }
    return p;
}

int16_t toSample(double v) {
    v = std::round(v * 32767.0);
    if (v > 32767.0) v = 32767.0;
    if (v < -32768.0) v = -32768.0;
    return static_cast<int16_t>(v);
}

void fillTone(std::vector<int16_t> &buf, const SpeakerPlan &sp) {
    const uint64_t base = sp.into * (kSampleRate / 1000);
    for (uint64_t i = 0; i < kFrameSamples; ++i) {
        const double ph = 2.0 * kPi * sp.freq * static_cast<double>(base + i) / kSampleRate;
        const int16_t v = toSample(sp.amp * std::sin(ph));
        for (uint64_t ch = 0; ch < kChannels; ++ch) buf[i * kChannels + ch] = v;
    }
}

// Low-level noise with the given RMS (uniform in [-a, a], a = rms * sqrt(3)).
void fillNoise(std::vector<int16_t> &buf, float rms, uint64_t &state) {
    const double a = rms * std::sqrt(3.0);
    for (uint64_t i = 0; i < kFrameSamples; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double u = static_cast<double>(state >> 11) / 9007199254740992.0 * 2.0 - 1.0;
        const int16_t v = toSample(a * u);
        for (uint64_t ch = 0; ch < kChannels; ++ch) buf[i * kChannels + ch] = v;
    }
}

float rmsOf(const std::vector<int16_t> &buf, double gain) {
    double sum = 0;
    for (int16_t x : buf) {
        double v = x * gain / 32768.0;
        if (v > 1.0) v = 1.0;
        if (v < -1.0) v = -1.0;
        sum += v * v;
    }
    return static_cast<float>(std::sqrt(sum / static_cast<double>(buf.size())));
}

// Marks the session as inside a callback unless it was stopped; stopAudio reads the mark under
// the same mutex, so it either sees the callback running (and detaches) or the thread sees the
// stop (and makes no further call).
bool enterCallback(AudioSession &s) {
    std::lock_guard lk(s.mu);
    if (s.stop) return false;
    s.inCallback = true;
    return true;
}

void leaveCallback(AudioSession &s) {
    std::lock_guard lk(s.mu);
    s.inCallback = false;
}

void runLoop(AudioSession &s) {
    using namespace std::chrono;
    std::vector<int16_t> buf(kFrameSamples * kChannels);
    uint64_t noise = 0x9e3779b97f4a7c15ULL ^ s.serial;
    auto next = steady_clock::now();
    for (;;) {
        next += milliseconds(kFrameMs);
        {
            std::unique_lock lk(s.mu);
            if (s.cv.wait_until(lk, next, [&] { return s.stop; })) return;
        }
        // A late thread catches up frame by frame; each frame is placed at its own due time
        // on the simulated timeline (when the clock runs), so lag does not change the count.
        auto lag = steady_clock::now() - next;
        if (lag > milliseconds(200)) {
            next = steady_clock::now();
            lag = lag.zero();
        }
        const auto lagMs = static_cast<uint64_t>(duration_cast<milliseconds>(lag).count());
        FramePlan p;
        {
            WorldLock lk;
            const uint64_t t = (!clock::frozen() && lk.now >= lagMs) ? lk.now - lagMs : lk.now;
            p = plan(lk.w, s, t);
        }
        if (!p.exists) return;  // the call ended: whoever ended it joins us
        if (!p.connected) continue;
        if (!p.deaf) {
            for (const auto &sp : p.speakers) {
                fillTone(buf, sp);
                bool mute = false;
                if (!enterCallback(s)) return;  // ended (EndCall/Drop), perhaps from a callback
                if (s.received) {
                    s.received.as<Platform_Client_UserAudioReceivedCallback>()(sp.user, buf.data(), kFrameSamples, kSampleRate,
                                                                              kChannels, &mute, s.received.userData());
                }
                leaveCallback(s);
                const double gain = (mute || sp.localMute) ? 0.0 : (sp.volume / 100.0) * (p.outVol / 100.0);
                recordLevel(p.listener, sp.user, rmsOf(buf, gain));
            }
        }
        if (s.captured) {
            if (p.selfTx) {
                fillTone(buf, p.self);
            } else {
                fillNoise(buf, p.micRms, noise);
            }
            if (!enterCallback(s)) return;
            s.captured.as<Platform_Client_UserAudioCapturedCallback>()(buf.data(), kFrameSamples, kSampleRate, kChannels,
                                                                      s.captured.userData());
            leaveCallback(s);
        }
    }
}

void threadMain(std::shared_ptr<AudioSession> s) {
    { std::lock_guard lk(s->mu); }  // startAudio has finished assigning s->thread
    tl_session = s.get();
    guardVoid("audio thread", [&] { runLoop(*s); });
    s.reset();  // may release the callbacks here (stop from inside a callback): after the last call
    tl_session = nullptr;
}

}  // namespace

AudioSession::~AudioSession() {
    if (!thread.joinable()) return;
    if (tl_session == this) {
        thread.detach();
    } else {
        thread.join();
    }
}

void startAudio(const std::shared_ptr<AudioSession> &s) {
    std::lock_guard lk(s->mu);
    s->thread = std::thread(threadMain, s);
}

void stopAudio(std::shared_ptr<AudioSession> s) {
    if (!s) return;
    bool busy = false;
    {
        std::lock_guard lk(s->mu);
        s->stop = true;
        busy = s->inCallback;
        s->cv.notify_all();
    }
    // Joining a thread that is inside a user callback would block on that callback (it may be
    // waiting for this very thread, as an FFI binding's callbacks do): detach instead, and the
    // thread drops its own reference, releasing the triples, after that last call returns. A
    // thread outside a callback makes no further call once it sees the stop, so joining it only
    // waits for simulator code.
    if (s->thread.joinable()) {
        if (busy || tl_session == s.get()) {
            s->thread.detach();
        } else {
            s->thread.join();
        }
    }
    s.reset();
}

float playoutLevel(uint64_t listener, uint64_t speaker) {
    PlayoutLevels &l = playoutLevels();
    std::lock_guard lk(l.mu);
    auto it = l.byPair.find({listener, speaker});
    return it == l.byPair.end() ? -1.0f : it->second;
}

}  // namespace psim
