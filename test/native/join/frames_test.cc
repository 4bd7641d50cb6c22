// Frames: whole and in order both ways (10,000 of mixed sizes, one large, one empty, one at
// kMaxFrameBytes); a malformed frame (length 0, over the bound, unknown kind) closes that peer
// only, counted, and the host goes on serving the others.
#include "link_harness.h"

namespace linktest {

namespace {

constexpr int kFrames = 10000;

std::string numbered(int i) {
    std::string f;
    putU32(f, uint32_t(i));
    f.append(size_t(i % 97), char('a' + i % 26));  // mixed sizes: some coalesce, some do not
    return f;
}
bool isNumbered(const std::string &f, int i) { return f.size() >= 4 && getU32(f.data()) == uint32_t(i) && f == numbered(i); }

void malformed(Recorder &rec, HostServer &host, const std::string &bytes, const char *what) {
    const uint64_t before = host.counters().malformedFrames;
    Raw r;
    const uint32_t id = rawJoin(r, host.address());
    CHECK(id != 0);
    CHECK(waitFor([&] { return rec.log(id).joined; }, 2000));
    CHECK(r.sendAll(frameBytes("fine")));  // a good frame first: delivered
    CHECK(r.sendAll(bytes));
    CHECK(r.closedWithin(3000));
    CHECK(waitFor([&] { return rec.log(id).closedCount == 1; }, 3000));
    const Recorder::PeerLog l = rec.log(id);
    CHECK(l.frames.size() == 1 && l.frames[0] == "fine");
    CHECK(l.why.find("malformed frame") != std::string::npos);
    if (l.why.find("malformed frame") == std::string::npos) std::printf("  %s: closed as \"%s\"\n", what, l.why.c_str());
    CHECK_EQ(host.counters().malformedFrames, before + 1);
}

}  // namespace

void testFrames() {
    Recorder rec;
    rec.setAnswer([](std::string_view f) { return f == "ping" ? std::string("pong") : std::string(); });
    std::string why;
    auto host = rec.start(&why);
    CHECK(host != nullptr);
    if (!host) return;
    PeerSide side;
    auto link = join(host->address(), side, &why);
    CHECK(link != nullptr);
    if (!link) return;
    CHECK(waitFor([&] { return rec.joinedCount() == 1; }, 2000));
    std::shared_ptr<PeerLink> peer = rec.log().link;
    CHECK(peer != nullptr);
    if (!peer) return;

    // A round trip, and an empty frame (a frame of no bytes is still a frame).
    CHECK(link->send("ping"));
    CHECK(waitFor([&] { return side.count() == 1; }, 2000));
    CHECK(link->send(""));
    CHECK(waitFor([&] { return side.count() == 2; }, 2000));
    {
        std::lock_guard<std::mutex> lk(side.m);
        CHECK(side.frames.size() == 2 && side.frames[0] == "pong" && side.frames[1].empty());
    }
    rec.setAnswer(nullptr);

    // 10,000 frames each way, in order, with a large one (beyond one read) in the middle.
    const std::string large(5u << 20, 'L');
    for (int i = 0; i < kFrames; ++i) {
        CHECK(link->send(numbered(i)) || (std::printf("  peer send %d failed\n", i), false));
        if (i == kFrames / 2) CHECK(link->send(large));
    }
    for (int i = 0; i < kFrames; ++i) {
        if (!peer->send(numbered(i), Lane::Reliable)) { CHECK(false); break; }
        if (i == kFrames / 2) CHECK(peer->send(large, Lane::Reliable));
    }
    CHECK(waitFor([&] { return rec.log().frames.size() == size_t(3 + kFrames); }, 20000));
    CHECK(waitFor([&] { return side.count() == size_t(3 + kFrames); }, 20000));
    {
        const Recorder::PeerLog l = rec.log();
        int bad = 0;
        size_t k = 2;  // after "ping" and ""
        for (int i = 0; i < kFrames && k < l.frames.size(); ++i, ++k) {
            if (!isNumbered(l.frames[k], i)) ++bad;
            if (i == kFrames / 2 && ++k < l.frames.size() && l.frames[k] != large) ++bad;
        }
        CHECK_EQ(bad, 0);
        std::lock_guard<std::mutex> lk(side.m);
        bad = 0;
        k = 2;
        for (int i = 0; i < kFrames && k < side.frames.size(); ++i, ++k) {
            if (!isNumbered(side.frames[k], i)) ++bad;
            if (i == kFrames / 2 && ++k < side.frames.size() && side.frames[k] != large) ++bad;
        }
        CHECK_EQ(bad, 0);
    }
    const PeerInfo info = peer->info();
    CHECK_EQ(info.framesIn, uint64_t(3 + kFrames));
    CHECK(waitFor([&] { return peer->info().framesOut == uint64_t(3 + kFrames); }, 5000));
    CHECK(waitFor([&] { return peer->info().bytesQueued == 0; }, 5000));

    // The largest frame there may be goes through; one byte more is refused by the sender.
    {
        const std::string biggest(kMaxFrameBytes, 'B');
        CHECK(link->send(biggest));
        CHECK(waitFor([&] { return rec.log().frames.size() == size_t(4 + kFrames); }, 20000));
        CHECK(rec.log().frames.back() == biggest);
        PeerSide s;
        auto other = join(host->address(), s, &why);
        CHECK(other != nullptr);
        if (other) {
            CHECK(!other->send(std::string(kMaxFrameBytes + 1, 'B')));
            CHECK(waitFor([&] { return s.closedCount == 1; }, 3000));
            CHECK(!other->open());
        }
    }

    // Malformed frames from raw peers: each closes that peer only.
    std::string zero, over, huge, kind;
    putU32(zero, 0);
    putU32(over, uint32_t(kMaxFrameBytes + 2));
    over += '\x01';
    putU32(huge, 0xFFFFFFFFu);
    kind = frameBytes("x", 7);
    malformed(rec, *host, zero, "length 0");
    malformed(rec, *host, over, "length over the bound");
    malformed(rec, *host, huge, "length 4 GiB");
    malformed(rec, *host, kind, "unknown kind");
    malformed(rec, *host, frameBytes("x", 0), "heartbeat with a payload");
    CHECK_EQ(host->counters().malformedFrames, uint64_t(5));

    // The host still serves the first peer.
    rec.setAnswer([](std::string_view f) { return "echo:" + std::string(f); });
    const size_t before = side.count();
    CHECK(link->open());
    CHECK(link->send("still there?"));
    CHECK(waitFor([&] { return side.count() == before + 1; }, 2000));
    {
        std::lock_guard<std::mutex> lk(side.m);
        CHECK(!side.frames.empty() && side.frames.back() == "echo:still there?");
    }
    CHECK_EQ(rec.framesAfterClose.load(), 0);
    CHECK_EQ(side.framesAfterClose.load(), 0);
}

}  // namespace linktest
