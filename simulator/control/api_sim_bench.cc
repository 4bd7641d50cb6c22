// api_sim_bench.cc — the benchmark's controls (PlatformSim_Bench*, platform_sim.h): event floods
// and the timed emitter (bench_emitter.h). Built only into a library made with
// PLATFORM_BENCH_HOOKS (npm run bench's build-bench/, and the native test program's own copy of
// the library, CMakeLists.txt): the simulator users build and ship has none of it.
#include <string>

#include "backend_message.h"
#include "bench_emitter.h"
#include "directory.h"
#include "guard.h"
#include "lobbies.h"
#include "messages.h"
#include "platform_sim.h"
#include "sim_support.h"
#include "sim_strings.h"
#include "world.h"

using namespace psim;

PLATFORM_API int64_t PlatformSim_BenchFloodMemberUpdates(uint64_t lobbyId, uint64_t memberId, int64_t count) {
    return guard(__func__, int64_t{-1}, [&] {
        WorldLock lk;
        const Lobby *l = findLobby(lk.w, lobbyId);
        if (l == nullptr) return fail(int64_t{-1}, "404: unknown lobby " + std::to_string(lobbyId));
        if (l->members.count(memberId) == 0) return fail(int64_t{-1}, "404: not a member " + std::to_string(memberId));
        if (count < 0) return fail(int64_t{-1}, "400: count must not be negative");
        // To every client of every member, `count` each, due now.
        int64_t queued = 0;
        for (const auto &[uid, m] : l->members) {
            for (uint64_t key : sessionClients(lk.w, l->appId, uid)) {
                for (int64_t i = 0; i < count; ++i) pushMemberUpdated(lk.w, key, lk.now, lobbyId, memberId);
                queued += count;
            }
        }
        return queued;
    });
}

PLATFORM_API int64_t PlatformSim_BenchFloodLobbyMessages(uint64_t authorId, uint64_t lobbyId, int64_t count,
                                                         Platform_String content) {
    return guard(__func__, int64_t{-1}, [&] {
        WorldLock lk;
        const Lobby *l = findLobby(lk.w, lobbyId);
        if (l == nullptr) return fail(int64_t{-1}, "404: unknown lobby " + std::to_string(lobbyId));
        if (l->members.count(authorId) == 0) return fail(int64_t{-1}, "404: not a member " + std::to_string(authorId));
        if (count < 0) return fail(int64_t{-1}, "400: count must not be negative");
        // The message of PlatformSim_BackendSendLobbyMessage without options, checked alike.
        std::optional<Outgoing> o = backendMessage(lk.w, authorId, toStd(content), nullptr, l->appId);
        if (!o) return int64_t{-1};
        int64_t sent = 0;
        for (int64_t i = 0; i < count; ++i) {
            if (sendLobbyMessage(lk.w, lobbyId, *o, lk.now).result.successful) ++sent;
        }
        return sent;
    });
}

PLATFORM_API bool PlatformSim_BenchStartEmitter(uint64_t authorId, uint64_t lobbyId, double eventsPerSecond,
                                                int64_t count, Platform_String content) {
    return guard(__func__, false, [&] {
        std::string err;
        bench::EmitterParams p{authorId, lobbyId, eventsPerSecond, count, toStd(content)};
        return bench::startEmitter(std::move(p), &err) ? true : fail(false, err);
    });
}

PLATFORM_API int64_t PlatformSim_BenchStopEmitter(void) {
    return guard(__func__, int64_t{0}, [] { return bench::stopEmitter(); });
}
