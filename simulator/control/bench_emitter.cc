// bench_emitter.cc — see bench_emitter.h.
#include "bench_emitter.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

#include "guard.h"
#include "process_exit.h"
#include "reset_hook.h"
#include "lobbies.h"
#include "log.h"
#include "messages.h"
#include "world.h"

namespace psim::bench {
namespace {

using SteadyClock = std::chrono::steady_clock;

class Emitter {
public:
    Emitter() = default;
    Emitter(const Emitter &) = delete;
    Emitter &operator=(const Emitter &) = delete;
    // Library unload or process exit: the thread must not run on into unmapped code.
    ~Emitter() {
        // Windows process exit: the thread is already gone, maybe killed inside mu_ (process_exit.h).
        if (processExiting()) {
            if (thread_.joinable()) thread_.detach();
            return;
        }
        stop();
    }

    bool start(EmitterParams p, std::string *err) {
        std::lock_guard life(lifecycleMu_);
        if (running_) {
            *err = "409: an emitter is already running (PlatformSim_BenchStopEmitter first)";
            return false;
        }
        if (thread_.joinable()) thread_.join();  // the previous one ended on its own
        Outgoing base;
        if (!validate(p, &base, err)) return false;
        stopping_ = false;
        sent_ = 0;
        running_ = true;
        try {
            thread_ = std::thread([this, p = std::move(p), base = std::move(base)]() mutable {
                guardVoid("bench emitter", [&] { run(p, std::move(base)); });
                running_ = false;
            });
        } catch (...) {
            running_ = false;
            throw;
        }
        return true;
    }

    int64_t stop() {
        std::lock_guard life(lifecycleMu_);
        {
            std::lock_guard lk(mu_);  // a waiter checks stopping_ under mu_: no lost wake-up
            stopping_ = true;
        }
        cv_.notify_all();
        if (thread_.joinable()) thread_.join();
        return sent_;
    }

private:
    static bool validate(const EmitterParams &p, Outgoing *out, std::string *err) {
        if (!(p.eventsPerSecond > 0) || !std::isfinite(p.eventsPerSecond) || p.eventsPerSecond > kMaxEventsPerSecond) {
            *err = "400: eventsPerSecond must be > 0 and <= 1000000";
            return false;
        }
        if (p.count <= 0) {
            *err = "400: count must be positive";
            return false;
        }
        if (auto bad = checkContent(p.content)) {
            *err = "400: " + *bad;
            return false;
        }
        WorldLock lk;
        const Lobby *l = findLobby(lk.w, p.lobbyId);
        if (l == nullptr) {
            *err = "404: unknown lobby " + std::to_string(p.lobbyId);
            return false;
        }
        if (l->members.count(p.authorId) == 0) {
            *err = "404: not a member " + std::to_string(p.authorId);
            return false;
        }
        out->authorId = p.authorId;
        out->content = p.content;
        if (l->appId != 0) out->applicationId = l->appId;  // as PlatformSim_BackendSendLobbyMessage
        return true;
    }

    // One message, stamped under the world lock right before it is queued: the stamp is the
    // moment the platform emits the event, after any wait for the lock.
    static bool sendOne(uint64_t lobbyId, Outgoing msg, std::string *err) {
        WorldLock lk;
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(SteadyClock::now().time_since_epoch());
        msg.metadata[kEmittedNsKey] = std::to_string(ns.count());
        const OpOutcome out = sendLobbyMessage(lk.w, lobbyId, std::move(msg), lk.now);
        if (!out.result.successful) *err = out.result.error;
        return out.result.successful;
    }

    void run(const EmitterParams &p, Outgoing base) {
        const SteadyClock::time_point start = SteadyClock::now();
        const std::chrono::duration<double, std::nano> period(1e9 / p.eventsPerSecond);
        const auto due = [&](int64_t i) {
            return start + std::chrono::duration_cast<SteadyClock::duration>(period * static_cast<double>(i));
        };
        int64_t i = 0;
        std::string err;
        while (i < p.count && !stopping_) {
            const SteadyClock::time_point now = SteadyClock::now();
            for (; i < p.count && due(i) <= now && !stopping_; ++i) {
                if (!sendOne(p.lobbyId, base, &err)) {
                    // e.g. the author left or the lobby went: report and end, like a failing backend job.
                    log::emit(0, log::kWarning, "bench emitter stopped after " + std::to_string(i) +
                                                    " messages: " + err);
                    return;
                }
                sent_ = i + 1;
            }
            if (i >= p.count) break;
            // At most ~1,000 wakes per second: higher rates send several due events per wake.
            const SteadyClock::time_point wake = std::max(due(i), now + std::chrono::milliseconds(1));
            std::unique_lock lk(mu_);
            cv_.wait_until(lk, wake, [this] { return stopping_.load(); });
        }
    }

    std::mutex lifecycleMu_;  // serialises start and stop (lock order: lifecycle -> world, mu_)
    std::mutex mu_;           // with cv_: the thread's sleep, cut short by stop()
    std::condition_variable cv_;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> running_{false};
    std::atomic<int64_t> sent_{0};
    std::thread thread_;
};

// Not immortal, unlike the world: its destructor must run at library unload and process exit to
// join the thread. What a send touches (world, clock, log) is immortal, so it is still there then.
Emitter &emitter() {
    static Emitter e;
    return e;
}

}  // namespace

bool startEmitter(EmitterParams params, std::string *err) { return emitter().start(std::move(params), err); }

int64_t stopEmitter() { return emitter().stop(); }

namespace {
// PlatformSim_Reset stops the emitter first (reset_hook.h): registered when the library that
// carries this file loads.
[[maybe_unused]] const bool kStopsOnReset = (setBeforeResetHook([] { stopEmitter(); }), true);
}  // namespace

}  // namespace psim::bench
