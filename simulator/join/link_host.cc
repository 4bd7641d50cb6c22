// link_host.cc — HostServer and PeerLink: the world host's end of the links (link.h).
// An accept thread takes connections (bounded: kMaxPendingHandshakes in handshake, kMaxPeers in
// all) and gives each a reader thread, which runs the handshake within kHandshakeMs, then
// onJoined, the frames in order and onClosed. Finished readers are joined by the accept thread;
// the destructor closes and joins the rest. Nothing here logs: the token must not reach a log,
// and a hostile peer must not be able to fill one.
#include <exception>
#include <list>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "crypto.h"
#include "link.h"
#include "link_socket.h"
#include "link_stream.h"

namespace psim::join {

namespace {

struct Counters {
    std::atomic<uint64_t> peersAccepted{0}, handshakesRefused{0}, peersDisconnectedSlow{0}, malformedFrames{0},
        lossyDropped{0};
};

// Equal or not, in a time that does not depend on where they differ: all kTokenBytes are read.
bool sameToken(const char *a, const std::string &b) {
    volatile uint8_t diff = 0;
    for (size_t i = 0; i < kTokenBytes; ++i) diff = uint8_t(diff | (uint8_t(a[i]) ^ uint8_t(b[i])));
    return diff == 0;
}

// The program name as the console may show it: valid UTF-8, no control characters ('?' instead).
std::string printable(std::string_view s) {
    std::string out;
    for (size_t i = 0; i < s.size();) {
        const uint8_t c = uint8_t(s[i]);
        size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        bool ok = n > 0 && i + n <= s.size();
        for (size_t k = 1; ok && k < n; ++k) ok = (uint8_t(s[i + k]) & 0xC0) == 0x80;
        if (ok && n == 1 && (c < 0x20 || c == 0x7f)) ok = false;
        if (!ok) {
            out += '?';
            ++i;
            continue;
        }
        out.append(s.substr(i, n));
        i += n;
    }
    return out;
}

uint64_t wallClockMs() {
    return uint64_t(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

class PeerConn final : public PeerLink {
public:
    PeerConn(net::Socket s, std::string remote, std::shared_ptr<Counters> c)
        : stream(std::move(s), kPeerQueueBytes, "peer not reading (its queue is full)"), remote_(std::move(remote)),
          counters_(std::move(c)) {}
    uint32_t id() const override { return id_; }
    bool send(std::string frame, Lane lane) override {
        switch (stream.push(std::move(frame), lane)) {
            case Stream::Push::Queued: return true;
            case Stream::Push::Dropped: counters_->lossyDropped.fetch_add(1, std::memory_order_relaxed); return true;
            case Stream::Push::Overflow: counters_->peersDisconnectedSlow.fetch_add(1, std::memory_order_relaxed); return false;
            case Stream::Push::Closed: return false;
        }
        return false;
    }
    void close(std::string_view why) override { stream.close(why); }
    PeerInfo info() const override {
        PeerInfo i;
        i.id = id_;
        i.hello = hello_;
        i.remote = remote_;
        i.connectedAtMs = connectedAtMs_;
        i.framesIn = stream.framesIn();
        i.framesOut = stream.framesOut();
        i.bytesQueued = stream.bytesQueued();
        i.lossyDropped = stream.lossyDropped();
        return i;
    }
    // Written by the reader thread during the handshake, before the peer is published.
    void joined(uint32_t id, PeerHello hello) {
        id_ = id;
        hello_ = std::move(hello);
        connectedAtMs_ = wallClockMs();
    }

    Stream stream;

private:
    uint32_t id_ = 0;
    PeerHello hello_;
    std::string remote_;
    uint64_t connectedAtMs_ = 0;
    std::shared_ptr<Counters> counters_;
};

struct Entry {
    std::shared_ptr<PeerConn> conn;
    std::thread reader;
    bool joined = false, done = false;
};

struct ServerState {
    net::Socket listener;
    HostAddress address;
    HostServer::PeerFn onJoined;
    HostServer::FrameFn onFrame;
    HostServer::ClosedFn onClosed;
    uint64_t interfaceHash = 0;  // ServeOptions::interfaceHash
    std::shared_ptr<Counters> counters = std::make_shared<Counters>();
    std::atomic<bool> stopping{false};
    std::mutex m;
    std::list<Entry> entries;  // a list: each reader keeps a pointer to its own Entry
    size_t pending = 0, joinedCount = 0;
    uint32_t nextId = 1;
};

// Reads and checks the peer's hello; answers. False: refused (the caller closes).
bool handshake(ServerState &st, PeerConn &c) {
    Stream &s = c.stream;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kHandshakeMs);
    char hello[kHelloFixedBytes];
    // Byte by byte: anything else (an HTTP request, a WebSocket upgrade) ends at its first byte.
    for (size_t i = 0; i < sizeof kMagic; ++i)
        if (!s.readExact(hello + i, 1, deadline) || hello[i] != kMagic[i]) return false;
    if (!s.readExact(hello + 8, kHelloFixedBytes - 8, deadline)) return false;
    const uint16_t version = getU16(hello + 8);
    const bool tokenOk = sameToken(hello + 10, st.address.token);
    const uint64_t interfaceHash = getU64(hello + 10 + kTokenBytes);
    const uint32_t pid = getU32(hello + 10 + kTokenBytes + 8);
    const size_t programBytes = uint8_t(hello[kHelloFixedBytes - 1]);
    if (programBytes > kMaxProgramBytes) return false;
    char program[kMaxProgramBytes];
    if (!s.readExact(program, programBytes, deadline)) return false;
    if (!tokenOk) return false;  // no answer: a guesser learns nothing
    std::string reply(kMagic, sizeof kMagic);
    putU16(reply, kProtocolVersion);
    if (version != kProtocolVersion || interfaceHash != st.interfaceHash) {
        reply += char(version != kProtocolVersion ? kOtherVersion : kOtherInterface);
        putU32(reply, 0);
        s.writeAll(reply.data(), reply.size(), deadline);
        return false;
    }
    uint32_t id;
    {
        std::lock_guard<std::mutex> lk(st.m);
        id = st.nextId++;
    }
    reply += char(kAccepted);
    putU32(reply, id);
    if (!s.writeAll(reply.data(), reply.size(), deadline)) return false;
    c.joined(id, PeerHello{pid, printable(std::string_view(program, programBytes))});
    return true;
}

void peerMain(std::shared_ptr<ServerState> st, Entry *e) {
    const std::shared_ptr<PeerConn> conn = e->conn;
    bool ok = handshake(*st, *conn);
    {
        std::lock_guard<std::mutex> lk(st->m);
        --st->pending;
        if (st->stopping.load()) ok = false;
        if (ok) {
            ++st->joinedCount;
            e->joined = true;
            st->counters->peersAccepted.fetch_add(1, std::memory_order_relaxed);
        } else if (!st->stopping.load()) {
            st->counters->handshakesRefused.fetch_add(1, std::memory_order_relaxed);
        }
    }
    if (ok) {
        conn->stream.startWriter();
        if (st->onJoined) st->onJoined(*conn);
        const bool malformed = conn->stream.readLoop(
            [&](std::string_view f) {
                if (st->onFrame) st->onFrame(*conn, f);
            },
            "peer silent");
        if (malformed) st->counters->malformedFrames.fetch_add(1, std::memory_order_relaxed);
        conn->stream.finish();
        if (st->onClosed) st->onClosed(*conn, conn->stream.closeReason());
    } else {
        conn->stream.close("handshake refused");
        conn->stream.finish();
    }
    std::lock_guard<std::mutex> lk(st->m);
    if (ok) --st->joinedCount;
    e->done = true;
}

// Joins the readers that have ended and forgets them.
void reap(ServerState &st) {
    std::vector<std::thread> ended;
    {
        std::lock_guard<std::mutex> lk(st.m);
        for (auto it = st.entries.begin(); it != st.entries.end();) {
            if (!it->done) {
                ++it;
                continue;
            }
            ended.push_back(std::move(it->reader));
            it = st.entries.erase(it);
        }
    }
    for (auto &t : ended)
        if (t.joinable()) t.join();
}

void acceptMain(std::shared_ptr<ServerState> st) {
    while (!st->stopping.load()) {
        reap(*st);
        const net::Wait w = net::waitReadable(st->listener.get(), 200);
        if (st->stopping.load()) break;
        if (w == net::Wait::Error) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (w != net::Wait::Ready) continue;
        for (;;) {
            net::IpEndpoint remote;
            net::Socket s = net::acceptOne(st->listener.get(), &remote);
            if (!s.valid()) break;
            std::lock_guard<std::mutex> lk(st->m);
            if (st->pending >= kMaxPendingHandshakes || st->pending + st->joinedCount >= kMaxPeers) {
                st->counters->handshakesRefused.fetch_add(1, std::memory_order_relaxed);
                continue;  // s closes here
            }
            ++st->pending;
            Entry &e = st->entries.emplace_back();
            e.conn = std::make_shared<PeerConn>(std::move(s), net::formatEndpoint(remote), st->counters);
            try {
                e.reader = std::thread(peerMain, st, &e);
            } catch (const std::exception &) {  // no thread to be had: refuse this one
                --st->pending;
                st->counters->handshakesRefused.fetch_add(1, std::memory_order_relaxed);
                st->entries.pop_back();
            }
        }
    }
}

class Server final : public HostServer {
public:
    explicit Server(std::shared_ptr<ServerState> st) : st_(std::move(st)) {
        acceptor_ = std::thread(acceptMain, st_);
    }
    ~Server() override {
        st_->stopping.store(true);
        if (acceptor_.joinable()) acceptor_.join();
        std::vector<std::thread> readers;
        {
            std::lock_guard<std::mutex> lk(st_->m);
            for (Entry &e : st_->entries) {
                e.conn->stream.close("host stopped");
                readers.push_back(std::move(e.reader));
            }
        }
        for (auto &t : readers) {
            if (!t.joinable()) continue;
            if (t.get_id() == std::this_thread::get_id()) t.detach();  // destroyed from a callback
            else t.join();
        }
        st_->listener.reset();
    }
    HostAddress address() const override { return st_->address; }
    std::vector<PeerInfo> peers() const override {
        std::vector<PeerInfo> out;
        std::lock_guard<std::mutex> lk(st_->m);
        for (const Entry &e : st_->entries)
            if (e.joined && !e.done) out.push_back(e.conn->info());
        return out;
    }
    HostCounters counters() const override {
        const Counters &c = *st_->counters;
        HostCounters h;
        h.peersAccepted = c.peersAccepted.load();
        h.handshakesRefused = c.handshakesRefused.load();
        h.peersDisconnectedSlow = c.peersDisconnectedSlow.load();
        h.malformedFrames = c.malformedFrames.load();
        h.lossyDropped = c.lossyDropped.load();
        return h;
    }

private:
    std::shared_ptr<ServerState> st_;
    std::thread acceptor_;
};

}  // namespace

std::unique_ptr<HostServer> HostServer::start(const ServeOptions &o, PeerFn onJoined, FrameFn onFrame, ClosedFn onClosed,
                                              std::string *why) {
    net::IpEndpoint at;
    at.port = o.port;
    if (o.host == "localhost") at.bytes = {127, 0, 0, 1};
    else if (!net::parseIpLiteral(o.host, &at)) {
        if (why) *why = "the host to listen on must be an IP address (127.0.0.1, ::1) or \"localhost\"; names are not resolved";
        return nullptr;
    }
    auto st = std::make_shared<ServerState>();
    try {
        const std::vector<uint8_t> token = crypto::randomBytes(kTokenBytes);
        st->address.token.assign(token.begin(), token.end());
    } catch (const std::exception &) {
        if (why) *why = "the operating system's random source failed: no token could be made";
        return nullptr;
    }
    std::string err;
    st->listener = net::listenOn(at, &err);
    net::IpEndpoint bound;
    if (!st->listener.valid() || !net::localEndpoint(st->listener.get(), &bound)) {
        if (why) *why = err.empty() ? "cannot read the address the host listens on" : err;
        return nullptr;
    }
    // A wildcard address is not one to connect to: the same machine reaches it on loopback.
    const bool wildcard = bound.v6 ? bound.bytes == std::array<uint8_t, 16>{} : bound.bytes[0] == 0 && bound.bytes[1] == 0 &&
                                                                                   bound.bytes[2] == 0 && bound.bytes[3] == 0;
    if (wildcard) {
        bound.bytes = {};
        if (bound.v6) bound.bytes[15] = 1;
        else bound.bytes = {127, 0, 0, 1};
    }
    st->address.host = net::formatIp(bound);
    st->address.port = bound.port;
    st->interfaceHash = o.interfaceHash;
    st->onJoined = std::move(onJoined);
    st->onFrame = std::move(onFrame);
    st->onClosed = std::move(onClosed);
    if (why) why->clear();
    return std::make_unique<Server>(std::move(st));
}

}  // namespace psim::join
