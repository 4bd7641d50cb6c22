// The handshake: a process with the token joins; a wrong token, another protocol version, an
// HTTP request or WebSocket upgrade, a hello too long or too slow are refused and counted, and
// the refusal of bytes that are not a hello comes at once (not at the handshake timeout).
#include "link_harness.h"

namespace linktest {

namespace {

// Connects raw, sends `bytes`, and expects the host to close within `withinMs`.
void refusedRaw(HostServer &h, const std::string &bytes, uint32_t withinMs, const char *what) {
    const uint64_t before = h.counters().handshakesRefused;
    Raw r;
    CHECK(r.connect(h.address()));
    CHECK(r.sendAll(bytes));
    const bool closed = r.closedWithin(withinMs);
    CHECK(closed);
    if (!closed) std::printf("  not closed within %u ms: %s\n", withinMs, what);
    CHECK(waitFor([&] { return h.counters().handshakesRefused == before + 1; }, 3000));
}

}  // namespace

void testHandshakes() {
    Recorder rec;
    std::string why;
    auto host = rec.start(&why);
    CHECK(host != nullptr);
    if (!host) return;
    CHECK(why.empty());
    const HostAddress a = host->address();
    CHECK_EQ(a.host, std::string("127.0.0.1"));
    CHECK(a.port != 0);
    CHECK_EQ(a.token.size(), kTokenBytes);
    {
        Recorder other;
        auto second = other.start(&why);
        CHECK(second != nullptr);
        if (second) {
            CHECK(second->address().token != a.token);  // a new secret per host
            CHECK(second->address().port != a.port);
        }
    }

    // Accepted: the peer gets its id, the host lists it.
    PeerSide side;
    auto link = join(a, side, &why);
    CHECK(link != nullptr);
    if (!link) return;
    CHECK(why.empty());
    CHECK(link->open());
    CHECK(link->peerId() >= 1);
    CHECK(waitFor([&] { return rec.joinedCount() == 1; }, 2000));
    const auto peers = host->peers();
    CHECK_EQ(peers.size(), size_t(1));
    if (peers.size() == 1) {
        CHECK_EQ(peers[0].id, link->peerId());
        CHECK_EQ(peers[0].hello.pid, uint32_t(4242));
        CHECK_EQ(peers[0].hello.program, std::string("link_test"));
        CHECK(peers[0].remote.rfind("127.0.0.1:", 0) == 0);
        CHECK(peers[0].connectedAtMs > 1600000000000ULL);
    }
    CHECK_EQ(host->counters().peersAccepted, uint64_t(1));
    CHECK_EQ(host->counters().handshakesRefused, uint64_t(0));

    // The program name reaches the console printable and bounded.
    {
        PeerSide s2, s3;
        auto odd = join(a, s2, &why, "a\x01" "b\xff" "c");
        std::string longName;
        for (int i = 0; i < 100; ++i) longName += "\xc3\xa9";  // 200 bytes of é
        auto longOne = join(a, s3, &why, longName.c_str());
        CHECK(odd && longOne);
        if (odd && longOne) {
            CHECK(waitFor([&] { return rec.log(odd->peerId()).joined; }, 2000));  // onJoined runs after the accept is sent
            for (const PeerInfo &p : host->peers()) {
                if (p.id == odd->peerId()) CHECK_EQ(p.hello.program, std::string("a?b?c"));
                if (p.id == longOne->peerId()) CHECK_EQ(p.hello.program, longName.substr(0, 128));
            }
        }
    }

    // A wrong token: no answer, the connection closed, counted; the reason never shows the token.
    {
        HostAddress wrong = a;
        wrong.token[kTokenBytes - 1] = char(wrong.token[kTokenBytes - 1] ^ 1);
        PeerSide s;
        auto bad = join(wrong, s, &why);
        CHECK(bad == nullptr);
        CHECK(why.find("refused by the world host") != std::string::npos);
        CHECK(why.find(a.token) == std::string::npos);
        wrong = a;
        wrong.token[0] = char(wrong.token[0] ^ 0x80);
        CHECK(join(wrong, s, &why) == nullptr);
        CHECK_EQ(host->counters().handshakesRefused, uint64_t(2));
        CHECK_EQ(s.closedCount.load(), 0);  // no link, no callbacks
    }

    // Another protocol version (with the right token): told so, then closed.
    {
        Raw r;
        CHECK(r.connect(a));
        CHECK(r.sendAll(helloBytes(a.token, kProtocolVersion + 1)));
        const std::string reply = r.read(kAcceptBytes, 2000);
        CHECK_EQ(reply.size(), kAcceptBytes);
        if (reply.size() == kAcceptBytes) {
            CHECK_EQ(reply[10], char(kOtherVersion));
            CHECK_EQ(getU16(reply.data() + 8), kProtocolVersion);
        }
        CHECK(r.closedWithin(2000));
        CHECK_EQ(host->counters().handshakesRefused, uint64_t(3));
    }
    // Another interface (a library built from other headers: its calls would mean other functions
    // here): told so, then closed.
    {
        Raw r;
        CHECK(r.connect(a));
        CHECK(r.sendAll(helloBytes(a.token, kProtocolVersion, "raw", 0x1234)));
        const std::string reply = r.read(kAcceptBytes, 2000);
        CHECK_EQ(reply.size(), kAcceptBytes);
        if (reply.size() == kAcceptBytes) CHECK_EQ(reply[10], char(kOtherInterface));
        CHECK(r.closedWithin(2000));
        CHECK_EQ(host->counters().handshakesRefused, uint64_t(4));
        // HostLink names the cause.
        std::string refused;
        auto refusedLink = HostLink::connect(a, PeerHello{7, "other build", 0x1234}, 2000, [](std::string_view) {},
                                      [](std::string_view) {}, &refused);
        CHECK(refusedLink == nullptr);
        CHECK(refused.find("built from other SDK headers") != std::string::npos);
        CHECK(waitFor([&] { return host->counters().handshakesRefused == 5; }, 2000));
    }

    // Not a hello: refused at its first bytes, well before the 2 s handshake timeout. This port
    // speaks no HTTP, so a browser page (fetch, a form, a WebSocket) cannot drive the world.
    const uint32_t atOnce = kHandshakeMs / 2;
    refusedRaw(*host, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://example.com\r\n\r\n", atOnce, "GET");
    refusedRaw(*host, "POST /api HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}", atOnce, "POST");
    refusedRaw(*host, "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n",
               atOnce, "WebSocket upgrade");
    refusedRaw(*host, "OPTIONS * HTTP/1.1\r\n\r\n", atOnce, "OPTIONS");
    refusedRaw(*host, "PSIMJN02", atOnce, "another magic");
    // A program name over kMaxProgramBytes.
    refusedRaw(*host, helloBytes(a.token, kProtocolVersion, std::string(kMaxProgramBytes + 1, 'x')), atOnce, "long program");
    // A hello that stops half way: dropped at the handshake timeout, not before.
    {
        const uint64_t before = host->counters().handshakesRefused;
        Raw r;
        CHECK(r.connect(a));
        const auto t0 = Clock::now();
        CHECK(r.sendAll("PSIMJN01"));
        CHECK(r.closedWithin(kHandshakeMs + 3000));
        CHECK(msSince(t0) + 50 >= kHandshakeMs);
        CHECK(waitFor([&] { return host->counters().handshakesRefused == before + 1; }, 2000));
    }
    CHECK_EQ(rec.joinedCount(), size_t(3));  // none of the refused ones reached onJoined
    CHECK_EQ(rec.framesBeforeJoin.load(), 0);

    // IPv6 loopback.
    {
        Recorder r6;
        auto h6 = r6.start(&why, "::1");
        CHECK(h6 != nullptr);
        if (h6) {
            CHECK_EQ(h6->address().host, std::string("::1"));
            CHECK(formatHostAddress(h6->address()).find("@[::1]:") != std::string::npos);
            PeerSide s;
            auto l6 = join(h6->address(), s, &why);
            CHECK(l6 != nullptr);
            CHECK(waitFor([&] { return r6.joinedCount() == 1; }, 2000));
            const auto p6 = h6->peers();
            CHECK(p6.size() == 1 && p6[0].remote.rfind("[::1]:", 0) == 0);
        } else {
            std::printf("  IPv6 host: %s\n", why.c_str());
        }
    }

    // Where a host may listen, and what it says it is.
    {
        Recorder r;
        CHECK(r.start(&why, "example.com") == nullptr);
        CHECK(why.find("must be an IP address") != std::string::npos);
        auto any = r.start(&why, "0.0.0.0");
        CHECK(any != nullptr);
        if (any) CHECK_EQ(any->address().host, std::string("127.0.0.1"));  // connectable
        auto local = r.start(&why, "localhost");
        CHECK(local != nullptr);
        if (local) CHECK_EQ(local->address().host, std::string("127.0.0.1"));
        // Two hosts cannot share a port.
        if (local) {
            ServeOptions same;
            same.port = local->address().port;
            CHECK(HostServer::start(same, nullptr, nullptr, nullptr, &why) == nullptr);
            CHECK(why.find("cannot listen on 127.0.0.1:") != std::string::npos);
        }
    }

    // Joining refusals: a name, nobody listening.
    {
        PeerSide s;
        HostAddress named = a;
        named.host = "example.com";
        CHECK(join(named, s, &why) == nullptr);
        CHECK(why.find("not an IP address") != std::string::npos);
        HostAddress gone = a;
        {
            Recorder r;
            auto tmp = r.start(&why);
            if (tmp) gone.port = tmp->address().port;
        }  // stopped: its port now refuses connections
        CHECK(join(gone, s, &why) == nullptr);
        CHECK(why.find("cannot reach the world host") != std::string::npos);
    }
}

}  // namespace linktest
