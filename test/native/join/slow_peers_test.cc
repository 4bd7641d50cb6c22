// A process that stops reading cannot make the host's memory grow or stall it: its Lossy frames
// are dropped and counted once its queue (kPeerQueueBytes) is full, and the first Reliable frame
// that does not fit disconnects it (peersDisconnectedSlow), while the others are served. A host
// that stops reading is the joined side's bounded queue (kHostQueueBytes): send() fails, the link closes.
#include "link_harness.h"

namespace linktest {

void testSlowPeers() {
    Recorder rec;
    rec.setAnswer([](std::string_view f) { return "echo:" + std::string(f); });
    std::string why;
    auto host = rec.start(&why);
    CHECK(host != nullptr);
    if (!host) return;
    PeerSide good;
    auto goodLink = join(host->address(), good, &why);
    CHECK(goodLink != nullptr);
    if (!goodLink) return;

    Raw stuck;  // handshakes, then never reads
    const uint32_t id = rawJoin(stuck, host->address());
    CHECK(id != 0);
    CHECK(waitFor([&] { return rec.log(id).link != nullptr; }, 2000));
    std::shared_ptr<PeerLink> peer = rec.log(id).link;
    if (!peer) return;

    const std::string mib(1u << 20, 'm');
    // Lossy frames until the queue is full (the socket buffers take a few MiB first).
    int sent = 0;
    const int limit = int(kPeerQueueBytes >> 20) + 256;
    while (host->counters().lossyDropped == 0 && sent < limit) {
        CHECK(peer->send(mib, Lane::Lossy));  // dropped or queued: the link stays open
        ++sent;
    }
    CHECK(host->counters().lossyDropped > 0);
    CHECK(sent < limit);
    PeerInfo info = peer->info();
    CHECK(info.lossyDropped > 0);
    CHECK(info.bytesQueued <= kPeerQueueBytes);
    CHECK(info.bytesQueued + (2u << 20) > kPeerQueueBytes);  // it was full, not cut short
    CHECK_EQ(host->counters().peersDisconnectedSlow, uint64_t(0));
    CHECK_EQ(rec.log(id).closedCount, 0);
    // More Lossy frames: each dropped and counted, the link open.
    const uint64_t dropped = host->counters().lossyDropped;
    CHECK(peer->send(mib, Lane::Lossy));
    CHECK(peer->send(mib, Lane::Lossy));
    CHECK_EQ(host->counters().lossyDropped, dropped + 2);
    CHECK_EQ(peer->info().lossyDropped, info.lossyDropped + 2);

    // The others are served meanwhile.
    CHECK(goodLink->send("hello"));
    CHECK(waitFor([&] { return good.count() == 1; }, 2000));

    // A Reliable frame that does not fit: that peer is disconnected, counted.
    CHECK(!peer->send(mib, Lane::Reliable));
    CHECK_EQ(host->counters().peersDisconnectedSlow, uint64_t(1));
    CHECK(waitFor([&] { return rec.log(id).closedCount == 1; }, 3000));
    CHECK(rec.log(id).why.find("peer not reading") != std::string::npos);
    CHECK(!peer->send("late", Lane::Reliable));  // harmless after the end
    CHECK(waitFor([&] { return host->peers().size() == 1; }, 3000));  // only the good one is listed

    CHECK(goodLink->send("again"));
    CHECK(waitFor([&] { return good.count() == 2; }, 2000));
    CHECK(goodLink->open());
    CHECK_EQ(good.closedCount.load(), 0);

    // The joined side: a host that stops reading. send() fails once kHostQueueBytes is queued;
    // the link ends ("host not reading") instead of memory growing.
    {
        RawHost stuckHost;
        CHECK(stuckHost.start(false));
        PeerSide side;
        auto link = join(stuckHost.address, side, &why);
        CHECK(link != nullptr);
        if (link) {
            int n = 0;
            const int max = int(kHostQueueBytes >> 20) + 256;
            while (n < max && link->send(mib)) ++n;
            CHECK(n < max);
            CHECK(n + 2 >= int(kHostQueueBytes >> 20));  // refused only once the queue was full
            CHECK(!link->open());
            CHECK(!link->send("x"));
            CHECK(waitFor([&] { return side.closedCount == 1; }, 3000));
            CHECK(side.reason().find("host not reading") != std::string::npos);
        }
    }
}

}  // namespace linktest
