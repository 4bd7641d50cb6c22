// The simulator's cost of capturing one message the way the binding does (native/values/message_snapshot.cc:
// ~30 C ABI calls: the message's getters, its author's, the lobby and channel handles), without
// Node. A micro measurement to compare two builds of the simulator on a busy machine, where the
// end-to-end rows of `npm run bench` are too noisy to show it. Not part of `npm run bench`.
//
//   c++ -O2 -std=c++20 -Ivendor/platform-sdk/include -Isimulator/include bench/micro/sim_getters.cc -o /tmp/sim_getters -Lbuild/Release -lplatform_partner_sdk
//   LD_LIBRARY_PATH=build/Release /tmp/sim_getters      # or a directory with another build
//
// Prints the median ns per captured message over 9 rounds of 20,000 captures.
#include "sim_micro.h"

using namespace micro;

int main() {
    PlatformSim_Reset();
    PlatformSim_ClockSetFrozen(true);
    const uint64_t app = PlatformSim_CreateApplication(str("Micro"), 0, 0, str(""));
    const uint64_t alice = PlatformSim_CreateUser(str("micro_alice"), str("Alice"), false);
    Platform_Client c;
    connect(&c, alice, app);
    Platform_Client_CreateOrJoinLobby(&c, str("micro"), onId, nullptr, nullptr);
    step(20);
    const uint64_t lobby = g_id;
    Platform_Client_SendLobbyMessage(&c, lobby, str("a lobby chat message of ordinary length, about sixty chars"), onId, nullptr, nullptr);
    step(20);
    const uint64_t message = g_id;
    if (lobby == 0 || message == 0 || capture(&c, message) == 0) {
        std::fprintf(stderr, "setup failed\n");
        return 1;
    }
    constexpr int kRounds = 9, kCaptures = 20000;
    size_t sum = 0;
    const std::vector<double> ns = timeRounds(kRounds, kCaptures, [&] {
        for (int i = 0; i < kCaptures; ++i) sum += capture(&c, message);
    });
    std::printf("capture of one message: median %.0f ns (min %.0f, max %.0f) [checksum %zu]\n", ns[kRounds / 2], ns.front(),
                ns.back(), sum % 1000);
    Platform_Client_Drop(&c);
    return 0;
}
