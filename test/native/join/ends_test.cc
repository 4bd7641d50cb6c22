// How links end: silence (kSilenceMs) on either side, heartbeats keeping an idle link alive, a
// peer that closes or vanishes, the host stopping, a link destroyed from its own callback.
// onClosed comes exactly once, after the last frame.
#include "link_harness.h"

namespace linktest {

namespace {

// A peer that handshakes and then sends nothing is dropped as silent; a host that answers and
// then sends nothing likewise; an idle link with heartbeats both ways stays. All three at once.
void silence() {
    Recorder rec;
    std::string why;
    auto host = rec.start(&why);
    CHECK(host != nullptr);
    if (!host) return;

    Raw mute;
    const auto t0 = Clock::now();
    const uint32_t muteId = rawJoin(mute, host->address());
    CHECK(muteId != 0);
    RawHost silentHost;
    CHECK(silentHost.start(true));
    PeerSide toSilent;
    auto toSilentLink = join(silentHost.address, toSilent, &why);
    CHECK(toSilentLink != nullptr);
    PeerSide idle;
    auto idleLink = join(host->address(), idle, &why);
    CHECK(idleLink != nullptr);

    // The host's heartbeat reaches the mute peer (a zero-payload frame of the link's own kind).
    CHECK_EQ(mute.read(5, kHeartbeatMs + 1000), frameBytes("", 0));
    // A process paused for 5 s (a debugger's breakpoint) is still joined: silence needs longer.
    constexpr uint64_t kPauseMs = 5000;
    while (msSince(t0) < kPauseMs) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK_EQ(rec.log(muteId).closedCount, 0);
    CHECK_EQ(toSilent.closedCount.load(), 0);
    // The mute peer is dropped after kSilenceMs, not before.
    CHECK(waitFor([&] { return rec.log(muteId).closedCount == 1; }, kSilenceMs + 3000));
    const Recorder::PeerLog l = rec.log(muteId);
    CHECK_EQ(l.why, std::string("peer silent"));
    CHECK(std::chrono::duration_cast<std::chrono::milliseconds>(l.closedAt - t0).count() + 50 >= kSilenceMs);
    CHECK(mute.closedWithin(2000));
    // The joined process drops the silent host likewise, and its own heartbeats reached that host.
    CHECK(waitFor([&] { return toSilent.closedCount == 1; }, 3000));
    CHECK_EQ(toSilent.reason(), std::string("host silent"));
    CHECK(silentHost.heartbeats >= 2);
    // The idle link, with nothing to say for longer than kSilenceMs, is alive on both sides.
    CHECK(idleLink && idleLink->open());
    CHECK_EQ(idle.closedCount.load(), 0);
    CHECK(idleLink && idleLink->send("still here"));
    CHECK(waitFor([&] { return rec.log(idleLink ? idleLink->peerId() : 0).frames.size() == 1; }, 2000));
    CHECK_EQ(rec.log(idleLink ? idleLink->peerId() : 0).closedCount, 0);
}

void ends() {
    Recorder rec;
    std::string why;
    auto host = rec.start(&why);
    CHECK(host != nullptr);
    if (!host) return;

    // The joined process closes: both sides hear of it once.
    {
        PeerSide s;
        auto link = join(host->address(), s, &why);
        CHECK(link != nullptr);
        if (!link) return;
        const uint32_t id = link->peerId();
        CHECK(link->send("last words"));
        link->close();
        CHECK(!link->open());
        CHECK(!link->send("after close"));
        CHECK(waitFor([&] { return s.closedCount == 1; }, 2000));
        CHECK_EQ(s.reason(), std::string("closed by this process"));
        link.reset();
        CHECK(waitFor([&] { return rec.log(id).closedCount == 1; }, 2000));
        CHECK_EQ(rec.log(id).why, std::string("connection closed by the other side"));
        CHECK_EQ(s.closedCount.load(), 1);
    }
    // A process that vanishes (its sockets closed by the OS, as after kill -9): seen at once,
    // not after kSilenceMs.
    {
        Raw r;
        const uint32_t id = rawJoin(r, host->address());
        CHECK(id != 0);
        CHECK(waitFor([&] { return rec.log(id).joined; }, 2000));
        r.s.reset();
        CHECK(waitFor([&] { return rec.log(id).closedCount == 1; }, kSilenceMs + 2000));
        CHECK(rec.log(id).why != "peer silent");  // seen as a close, not after the silence bound
    }
    // The host closes one peer (e.g. it sent a call for an object that is not its own).
    {
        PeerSide s;
        auto link = join(host->address(), s, &why);
        CHECK(link != nullptr);
        if (!link) return;
        CHECK(waitFor([&] { return rec.log(link->peerId()).link != nullptr; }, 2000));
        std::shared_ptr<PeerLink> p = rec.log(link->peerId()).link;
        p->close("protocol error");
        CHECK(!p->send("x", Lane::Reliable));
        CHECK(waitFor([&] { return s.closedCount == 1; }, 2000));
        CHECK(!link->open());
        CHECK_EQ(rec.log(link->peerId()).why, std::string("protocol error"));
        CHECK_EQ(rec.log(link->peerId()).closedCount, 1);
    }
    // A joined process may destroy its link from the link's own callback (the reader thread):
    // no self-join; onClosed still comes, once.
    {
        // Shared with the callbacks: the detached reader still unlocks its mutex after onClosed.
        auto s = std::make_shared<PeerSide>();
        std::unique_ptr<HostLink> holder;
        std::mutex hm;
        std::atomic<bool> destroyed{false};
        auto onFrame = [&](std::string_view) {
            std::lock_guard<std::mutex> lk(hm);
            holder.reset();
            destroyed = true;
        };
        {
            std::lock_guard<std::mutex> lk(hm);
            holder = HostLink::connect(host->address(), PeerHello{1, "self"}, 2000, onFrame,
                                       [s](std::string_view w) { s->onClosed()(w); }, &why);
            CHECK(holder != nullptr);
        }
        CHECK(waitFor([&] { return rec.joinedCount() == 4; }, 2000));
        std::shared_ptr<PeerLink> p = rec.log().link;
        CHECK(p && p->send("go", Lane::Reliable));
        CHECK(waitFor([&] { return destroyed.load(); }, 2000));
        CHECK(waitFor([&] { return s->closedCount == 1; }, 2000));
        CHECK(waitFor([&] { return rec.log(p ? p->id() : 0).closedCount == 1; }, 2000));
    }
    // The host stops: every joined process hears it at once, exactly once; nothing after.
    PeerSide a, b;
    auto la = join(host->address(), a, &why);
    auto lb = join(host->address(), b, &why);
    CHECK(la && lb);
    if (!la || !lb) return;
    CHECK(la->send("x") && lb->send("y"));
    CHECK(waitFor([&] { return host->peers().size() == 2; }, 2000));
    host.reset();
    CHECK(waitFor([&] { return a.closedCount == 1 && b.closedCount == 1; }, 2000));
    CHECK_EQ(a.reason(), std::string("connection closed by the other side"));
    CHECK(!la->open() && !lb->open());
    CHECK(!la->send("z"));
    // Every host-side peer got its onClosed before the server's destructor returned.
    {
        std::lock_guard<std::mutex> lk(rec.m);
        int once = 0;
        for (auto &p : rec.peers) once += p.second.closedCount == 1;
        CHECK_EQ(once, int(rec.peers.size()));
        CHECK(!rec.peers.empty() && rec.peers.back().second.why == "host stopped");
    }
    CHECK_EQ(rec.framesAfterClose.load(), 0);
    CHECK_EQ(a.framesAfterClose.load() + b.framesAfterClose.load(), 0);
}

}  // namespace

void testSilenceAndEnds() {
    silence();
    ends();
}

}  // namespace linktest
