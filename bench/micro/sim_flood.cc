// S of row 1b without Node: what the binding's design and the naive baseline share per flooded
// lobby message — PlatformSim_BenchFloodLobbyMessages producing it, Platform_RunCallbacks firing
// MessageCreated, and inside that callback GetMessageHandle and the ~30 getter calls of the
// capture (sim_micro.h). Also the flood alone and the pump with a callback that captures nothing,
// to tell the parts apart. Not part of `npm run bench`.
//
//   c++ -O2 -std=c++20 -Ivendor/platform-sdk/include -Isimulator/include bench/micro/sim_flood.cc -o /tmp/sim_flood -Lbuild/Release -lplatform_partner_sdk
//   LD_LIBRARY_PATH=build/Release /tmp/sim_flood       # or a directory with another build
//   valgrind --tool=callgrind --toggle-collect=Platform_RunCallbacks ... /tmp/sim_flood 1   # one round
//   /tmp/sim_flood 9 two      # Bob's client stays connected and captures too (two clients per delivery)
//
// Chunks of 1,000 messages as bench/rows/events.mjs floods them; prints medians in ns per message.
#include <cstdlib>

#include "sim_micro.h"

using namespace micro;

namespace {

Platform_Client g_alice, g_bob;
bool g_capture = true;
size_t g_sum = 0;
int64_t g_seen = 0;

void onMessage(uint64_t id, void *client) {
    ++g_seen;
    if (g_capture) g_sum += capture(static_cast<Platform_Client *>(client), id);
}

}  // namespace

int main(int argc, char **argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 9;
    const bool twoClients = argc > 2 && std::string(argv[2]) == "two";
    const int64_t receivers = twoClients ? 2 : 1;
    constexpr int kChunk = 1000, kChunks = 20, kMessages = kChunk * kChunks;
    const std::string content = "a lobby chat message of ordinary length, about sixty chars";
    PlatformSim_Reset();
    PlatformSim_ClockSetFrozen(true);
    PlatformSim_NetworkSetLatency(0);
    const uint64_t app = PlatformSim_CreateApplication(str("Micro"), 0, 0, str(""));
    const uint64_t alice = PlatformSim_CreateUser(str("micro_alice"), str("Alice"), false);
    const uint64_t bob = PlatformSim_CreateUser(str("micro_bob"), str("Bob"), false);
    Platform_Client &b = g_bob;
    connect(&g_alice, alice, app);
    connect(&b, bob, app);
    Platform_Client_CreateOrJoinLobby(&g_alice, str("micro"), onId, nullptr, nullptr);
    step(20);
    const uint64_t lobby = g_id;
    Platform_Client_CreateOrJoinLobby(&b, str("micro"), onId, nullptr, nullptr);
    step(20);
    if (twoClients) {
        Platform_Client_SetMessageCreatedCallback(&b, onMessage, nullptr, &b);
    } else {
        Platform_Client_Drop(&b);  // as the bench: Bob stays a member, only Alice's client receives
    }
    step(20);
    Platform_Client_SetMessageCreatedCallback(&g_alice, onMessage, nullptr, &g_alice);
    if (lobby == 0 || PlatformSim_BenchFloodLobbyMessages(bob, lobby, 1, str(content)) != 1) {
        std::fprintf(stderr, "setup failed\n");
        return 1;
    }
    Platform_RunCallbacks();
    if (g_seen != receivers || g_sum == 0) {
        std::fprintf(stderr, "setup failed: no capture\n");
        return 1;
    }
    std::vector<double> flood, pumpBare, pumpCapture;
    for (int r = 0; r < rounds; ++r) {
        for (bool withCapture : {false, true}) {
            g_capture = withCapture;
            double floodNs = 0, pumpNs = 0;
            for (int k = 0; k < kChunks; ++k) {
                floodNs += timeRounds(1, kMessages, [&] { PlatformSim_BenchFloodLobbyMessages(bob, lobby, kChunk, str(content)); })[0];
                pumpNs += timeRounds(1, kMessages, [] { Platform_RunCallbacks(); })[0];
            }
            (withCapture ? pumpCapture : pumpBare).push_back(pumpNs);
            if (withCapture) flood.push_back(floodNs);
        }
    }
    if (g_seen != receivers * (1 + int64_t{2} * rounds * kMessages)) {
        std::fprintf(stderr, "lost messages: %lld\n", static_cast<long long>(g_seen));
        return 1;
    }
    const auto med = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double f = med(flood), pc = med(pumpCapture), pb = med(pumpBare);
    std::printf("per message (median of %d rounds of %d): flood %.0f ns, pump+capture %.0f ns (pump alone %.0f, capture %.0f); S = %.0f ns [checksum %zu]\n",
                rounds, kMessages, f, pc, pb, pc - pb, f + pc, g_sum % 1000);
    Platform_Client_Drop(&g_alice);
    if (twoClients) Platform_Client_Drop(&b);
    return 0;
}
