// The world host's transport (simulator/join/link.h), tested over real loopback sockets:
// platform_join_link_tests, run by test/join-link.test.ts (and by the Windows lane under wine).
// This file: main and 50 processes joining at once; the other areas are in this folder.
#include <algorithm>

#include "link_harness.h"

namespace linktest {

void testManyPeers() {
    constexpr int kPeers = 50;
    Recorder rec;
    std::string why;
    auto host = rec.start(&why);
    CHECK(host != nullptr);
    if (!host) return;
    const HostAddress a = host->address();
    std::vector<PeerSide> sides(kPeers);
    std::vector<std::unique_ptr<HostLink>> links(kPeers);
    std::vector<std::string> whys(kPeers);
    std::atomic<bool> go{false};
    std::vector<std::thread> threads;
    for (int i = 0; i < kPeers; ++i) {
        threads.emplace_back([&, i] {
            while (!go) std::this_thread::yield();
            links[size_t(i)] = HostLink::connect(a, PeerHello{uint32_t(1000 + i), "peer" + std::to_string(i)}, 5000,
                                                 sides[size_t(i)].onFrame(), sides[size_t(i)].onClosed(), &whys[size_t(i)]);
            if (links[size_t(i)]) links[size_t(i)]->send("from " + std::to_string(i));
        });
    }
    go = true;
    for (auto &t : threads) t.join();
    int connected = 0;
    for (int i = 0; i < kPeers; ++i) {
        connected += links[size_t(i)] != nullptr;
        if (!links[size_t(i)]) std::printf("  peer %d: %s\n", i, whys[size_t(i)].c_str());
    }
    CHECK_EQ(connected, kPeers);
    CHECK(waitFor([&] { return rec.joinedCount() == size_t(kPeers); }, 5000));
    CHECK(waitFor([&] {
        std::lock_guard<std::mutex> lk(rec.m);
        size_t frames = 0;
        for (auto &p : rec.peers) frames += p.second.frames.size();
        return frames == size_t(kPeers);
    }, 5000));
    const std::vector<PeerInfo> peers = host->peers();
    CHECK_EQ(peers.size(), size_t(kPeers));
    std::vector<uint32_t> ids;
    for (const PeerInfo &p : peers) {
        ids.push_back(p.id);
        // Each peer's hello and frame belong together: its frame names its pid.
        const Recorder::PeerLog l = rec.log(p.id);
        CHECK(l.frames.size() == 1 && l.frames[0] == "from " + std::to_string(p.hello.pid - 1000));
        CHECK_EQ(p.hello.program, "peer" + std::to_string(p.hello.pid - 1000));
    }
    std::sort(ids.begin(), ids.end());
    CHECK(std::adjacent_find(ids.begin(), ids.end()) == ids.end());  // unique ids
    CHECK_EQ(host->counters().peersAccepted, uint64_t(kPeers));
    CHECK_EQ(host->counters().handshakesRefused, uint64_t(0));

    host.reset();  // every peer hears it, once
    CHECK(waitFor([&] {
        for (auto &s : sides)
            if (s.closedCount != 1) return false;
        return true;
    }, 5000));
    for (auto &l : links) CHECK(l && !l->open());
}

}  // namespace linktest

int main() {
    linktest::testAddresses();
    linktest::testSockets();
    linktest::testHandshakes();
    linktest::testFrames();
    linktest::testSlowPeers();
    linktest::testSilenceAndEnds();
    linktest::testManyPeers();
    const int failed = g_failures.load();
    const int passed = g_checks.load() - failed;
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
