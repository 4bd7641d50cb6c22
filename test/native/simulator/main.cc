// Entry point of platform_sim_abi_tests: creates the shared world (frozen clock, one application,
// users alice and bob; user names are case-insensitively unique), then runs every area in a fixed
// order because later areas build on the state earlier ones leave (consents, bans, identities).
// Output contract (test/simulator-abi.test.ts): FAIL lines and diagnostics on stdout, nothing on
// stderr, the last line is exactly "N passed, M failed", and the exit code is 0 iff M == 0.
#include "harness.h"
#include "voice_harness.h"

int main() {
    if (PlatformSim_JoinedPeerId() != 0) std::printf("joined to a world host as peer %u\n", PlatformSim_JoinedPeerId());
    PlatformSim_SetDebugBuild(true);
    PlatformSim_ClockSetFrozen(true);
    uint64_t t0 = PlatformSim_ClockNow();
    CHECK(t0 > 1600000000000ULL);
    g_app = PlatformSim_CreateApplication(P(std::string("Game")), 0, 0, P(std::string("")));
    g_alice = PlatformSim_CreateUser(P(std::string("alice")), P(std::string("Alice A.")), false);
    g_bob = PlatformSim_CreateUser(P(std::string("bob")), P(std::string("")), false);
    CHECK(g_app && g_alice && g_bob && g_bob > g_alice);
    CHECK_EQ(PlatformSim_CreateUser(P(std::string("ALICE")), P(std::string("")), false), uint64_t(0));
    testStatics();
    testAllocBlocks();
    testClockSnowflakes();
    testRegistrySlots();
    testMessageCacheRing();
    testAuthFlow();
    testProvisionalMergeBan();
    testNetwork();
    testConsentVariants();
    testChildTokens();
    testDropAndCounts();
    testRobustness();
    testLogDirAndFilter();
    testReentrancyAndThreads();
    testMoreFlows();
    testReset();
    testLobbies();
    testMessages();
    testHistory();
    testHistorySpanViews();
    testSpanRelease();
    testSpanConcurrentDrops();
    testLobbyHistoryRing();
    testGuilds();
    testVoiceCalls();
    testVoiceAudio();
    testVoiceDevices();
    testIndependentClients();
    testPresence();
    testRelationships();
    testFixtures();
    testRelationshipGroupsUpdated();
    testRelationshipListViews();
    testEventsAfterDrop();
    testCallbackCounts();
    // The host serves the shipped library, which has no benchmark hooks; here they would act on
    // this process's own (unused) world.
    if (!skipWhenJoined("bench controls", "the host's library has no benchmark hooks")) testBenchControls();
    if (!skipWhenJoined("bench emitter", "the host's library has no benchmark hooks")) {
        testBenchEmitter();
        leaveEmitterRunningAtExit();
    }
    Platform_RunCallbacks();
    std::printf("live callbacks at end: %lld\n", (long long)PlatformSim_LiveCallbackCount());
    if (joinedProcess()) std::printf("%d skipped in a joined process\n", g_skipped.load());
    writeCheckSites();
    const int failed = g_failures.load();
    const int passed = g_checks.load() - failed;
    std::printf("%d passed, %d failed\n", passed, failed);
    std::fflush(stdout);
    return failed == 0 ? 0 : 1;
}
