// Shared pieces of the transport's test program (platform_join_link_tests): the checks, waiting
// for a condition, a host that records what it saw, and a raw socket that speaks the handshake
// by hand and then misbehaves (stops reading, sends nothing, sends bad frames).
// Output contract (test/join-link.test.ts): FAIL lines on stdout, nothing on stderr, the last
// line is exactly "N passed, M failed", and the exit code is 0 iff M == 0.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "link.h"
#include "link_socket.h"
#include "link_stream.h"

inline std::atomic<int> g_failures{0}, g_checks{0};
#define CHECK(cond) do { ++g_checks; if (!(cond)) { ++g_failures; std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); std::fflush(stdout); } } while (0)
#define CHECK_EQ(a, b) do { ++g_checks; auto _a = (a); auto _b = (b); if (!(_a == _b)) { ++g_failures; std::printf("FAIL %s:%d: %s == %s\n", __FILE__, __LINE__, #a, #b); std::fflush(stdout); } } while (0)

namespace linktest {

using namespace psim::join;
using Clock = std::chrono::steady_clock;

inline uint64_t msSince(Clock::time_point t) {
    return uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count());
}

// Polls `pred` until true or `timeoutMs` passed; returns its last value.
inline bool waitFor(const std::function<bool()> &pred, uint32_t timeoutMs) {
    const auto until = Clock::now() + std::chrono::milliseconds(timeoutMs);
    while (!pred()) {
        if (Clock::now() >= until) return pred();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

// A host that records its peers' frames and ends (by peer id), and checks the link's promises:
// onJoined before any frame, no frame after onClosed, onClosed once.
struct Recorder {
    struct PeerLog {
        bool joined = false;
        int closedCount = 0;
        std::string why;
        std::vector<std::string> frames;
        std::shared_ptr<PeerLink> link;
        Clock::time_point closedAt;
    };
    mutable std::mutex m;
    std::vector<std::pair<uint32_t, PeerLog>> peers;  // by join order
    std::atomic<int> framesAfterClose{0}, framesBeforeJoin{0};
    // When set, every frame is answered with this function's result (an echo server).
    std::function<std::string(std::string_view)> answer;  // guarded by m
    void setAnswer(std::function<std::string(std::string_view)> f) {
        std::lock_guard<std::mutex> lk(m);
        answer = std::move(f);
    }

    PeerLog *find(uint32_t id) {
        for (auto &p : peers)
            if (p.first == id) return &p.second;
        return nullptr;
    }
    std::unique_ptr<HostServer> start(std::string *why, const std::string &host = "127.0.0.1") {
        ServeOptions o;
        o.host = host;
        return HostServer::start(
            o,
            [this](PeerLink &p) {
                std::lock_guard<std::mutex> lk(m);
                peers.push_back({p.id(), PeerLog{}});
                peers.back().second.joined = true;
                peers.back().second.link = p.shared_from_this();
            },
            [this](PeerLink &p, std::string_view f) {
                std::function<std::string(std::string_view)> ans;
                {
                    std::lock_guard<std::mutex> lk(m);
                    PeerLog *l = find(p.id());
                    if (!l) { ++framesBeforeJoin; return; }
                    if (l->closedCount) ++framesAfterClose;
                    l->frames.emplace_back(f);
                    ans = answer;
                }
                if (ans) p.send(ans(f), Lane::Reliable);
            },
            [this](PeerLink &p, std::string_view reason) {
                std::lock_guard<std::mutex> lk(m);
                PeerLog *l = find(p.id());
                if (!l) return;
                ++l->closedCount;
                l->why.assign(reason);
                l->closedAt = Clock::now();
            },
            why);
    }
    size_t joinedCount() const {
        std::lock_guard<std::mutex> lk(m);
        return peers.size();
    }
    // A copy of one peer's log (the last one to join when id is 0).
    PeerLog log(uint32_t id = 0) {
        std::lock_guard<std::mutex> lk(m);
        if (id == 0) return peers.empty() ? PeerLog{} : peers.back().second;
        PeerLog *l = find(id);
        return l ? *l : PeerLog{};
    }
};

// What a joined process saw.
struct PeerSide {
    std::mutex m;
    std::vector<std::string> frames;
    std::atomic<int> closedCount{0}, framesAfterClose{0};
    std::string why;
    HostLink::FrameFn onFrame() {
        return [this](std::string_view f) {
            std::lock_guard<std::mutex> lk(m);
            if (closedCount) ++framesAfterClose;
            frames.emplace_back(f);
        };
    }
    HostLink::ClosedFn onClosed() {
        return [this](std::string_view w) {
            std::lock_guard<std::mutex> lk(m);
            why.assign(w);
            ++closedCount;
        };
    }
    size_t count() {
        std::lock_guard<std::mutex> lk(m);
        return frames.size();
    }
    std::string reason() {
        std::lock_guard<std::mutex> lk(m);
        return why;
    }
};

inline std::unique_ptr<HostLink> join(const HostAddress &a, PeerSide &side, std::string *why, const char *program = "link_test") {
    return HostLink::connect(a, PeerHello{4242, program}, 2000, side.onFrame(), side.onClosed(), why);
}

// A TCP connection driven by hand.
struct Raw {
    net::Socket s;
    bool connect(const HostAddress &a) {
        net::IpEndpoint to;
        to.port = a.port;
        if (!net::parseIpLiteral(a.host, &to)) return false;
        std::string why;
        s = net::connectTo(to, 2000, &why);
        return s.valid();
    }
    bool sendAll(std::string_view bytes) {
        size_t off = 0;
        const auto until = Clock::now() + std::chrono::seconds(5);
        while (off < bytes.size()) {
            const long r = net::sendSome(s.get(), bytes.data() + off, bytes.size() - off);
            if (r > 0) off += size_t(r);
            else if (r == net::kFailed || Clock::now() >= until) return false;
            else net::waitWritable(s.get(), 50);
        }
        return true;
    }
    // Up to n bytes within timeoutMs: "" on timeout; "<eof>" when the other side closed or reset.
    std::string read(size_t n, uint32_t timeoutMs) {
        std::string out;
        const auto until = Clock::now() + std::chrono::milliseconds(timeoutMs);
        while (out.size() < n && Clock::now() < until) {
            if (net::waitReadable(s.get(), 20) != net::Wait::Ready) continue;
            char buf[4096];
            const long r = net::recvSome(s.get(), buf, n - out.size() < sizeof buf ? n - out.size() : sizeof buf);
            if (r == 0 || r == net::kFailed) return out.empty() ? "<eof>" : out;
            if (r > 0) out.append(buf, size_t(r));
        }
        return out;
    }
    // Waits until the other side closes (true) or timeoutMs passes (false); discards data.
    bool closedWithin(uint32_t timeoutMs) {
        const auto until = Clock::now() + std::chrono::milliseconds(timeoutMs);
        while (Clock::now() < until) {
            if (net::waitReadable(s.get(), 20) != net::Wait::Ready) continue;
            char buf[4096];
            const long r = net::recvSome(s.get(), buf, sizeof buf);
            if (r == 0 || r == net::kFailed) return true;
        }
        return false;
    }
};

// The peer's hello, written out by hand from the layout in link_stream.h.
inline std::string helloBytes(const std::string &token, uint16_t version = kProtocolVersion, const std::string &program = "raw",
                              uint64_t interfaceHash = 0) {
    std::string h = "PSIMJN01";
    putU16(h, version);
    h += token;
    putU64(h, interfaceHash);  // the test hosts' is ServeOptions' default, 0
    putU32(h, 99);
    h += char(program.size());
    h += program;
    return h;
}
inline std::string frameBytes(std::string_view payload, uint8_t kind = 1) {
    std::string f;
    putU32(f, uint32_t(payload.size() + 1));
    f += char(kind);
    f.append(payload);
    return f;
}

// A raw connection that has completed the handshake; its peer id, or 0.
inline uint32_t rawJoin(Raw &r, const HostAddress &a) {
    if (!r.connect(a) || !r.sendAll(helloBytes(a.token))) return 0;
    const std::string reply = r.read(kAcceptBytes, 2000);
    if (reply.size() != kAcceptBytes || reply.compare(0, 8, "PSIMJN01") != 0 || reply[10] != char(kAccepted)) return 0;
    return getU32(reply.data() + 11);
}

// A world host by hand: accepts one connection, answers its hello (any token), then either
// never reads (a stuck host) or reads and counts heartbeats but never sends (a silent host).
struct RawHost {
    net::Socket listener, conn;
    HostAddress address;
    std::thread thread;
    std::atomic<bool> stop{false}, answered{false};
    std::atomic<int> heartbeats{0};
    bool start(bool reads) {
        net::IpEndpoint at;
        at.bytes = {127, 0, 0, 1};
        std::string why;
        listener = net::listenOn(at, &why);
        net::IpEndpoint bound;
        if (!listener.valid() || !net::localEndpoint(listener.get(), &bound)) return false;
        address = HostAddress{"127.0.0.1", bound.port, std::string(kTokenBytes, 'k')};
        thread = std::thread([this, reads] { run(reads); });
        return true;
    }
    void run(bool reads) {
        const auto until = Clock::now() + std::chrono::seconds(5);
        while (!conn.valid() && !stop && Clock::now() < until) {
            if (net::waitReadable(listener.get(), 20) != net::Wait::Ready) continue;
            net::IpEndpoint remote;
            conn = net::acceptOne(listener.get(), &remote);
        }
        if (!conn.valid()) return;
        Raw r;
        r.s = std::move(conn);
        const std::string hello = r.read(kHelloFixedBytes, 2000);
        if (hello.size() != kHelloFixedBytes) return;
        r.read(size_t(uint8_t(hello.back())), 2000);
        std::string reply = "PSIMJN01";
        putU16(reply, kProtocolVersion);
        reply += char(kAccepted);
        putU32(reply, 7);
        if (!r.sendAll(reply)) return;
        answered = true;
        std::string seen;
        while (!stop) {
            if (!reads) {
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
                continue;
            }
            const std::string got = r.read(4096, 50);
            if (got == "<eof>") break;
            seen += got;
            while (seen.size() >= 5 && seen.compare(0, 5, frameBytes("", 0)) == 0) {  // only heartbeats expected
                ++heartbeats;
                seen.erase(0, 5);
            }
        }
    }
    ~RawHost() {
        stop = true;
        if (thread.joinable()) thread.join();
    }
};

void testAddresses();
void testSockets();
void testHandshakes();
void testFrames();
void testSlowPeers();
void testSilenceAndEnds();
void testManyPeers();

}  // namespace linktest
