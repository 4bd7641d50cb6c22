// host_runtime.cc — the world host (runtime.h's host side, host_runtime.h): PlatformSim_HostStart/
// HostStop/HostPeers, each joined process's objects and callbacks, its calls run by the generated
// dispatcher, the pump that delivers its clients' callbacks, and its end.
#include <array>
#include <initializer_list>
#include <atomic>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "guard.h"
#include "host_runtime.h"
#include "link.h"
#include "peer_clients.h"
#include "sim_strings.h"
#include "sim_support.h"

namespace psim::join {

static_assert(psim::kMaxJoinedString == kMaxWireString, "peer_clients.h and wire.h must agree on the string bound");

namespace {

class PeerState;

// Which joined process holds each object the host handed out (all peers): an argument naming
// another process's object disconnects the caller; one naming no process's object is read as
// no object (zero), whatever it names in this process.
class Owners {
public:
    void set(uint32_t tag, uint64_t key, uint32_t peer) {
        std::lock_guard lk(m_);
        map_[{tag, key}] = peer;
    }
    void erase(uint32_t tag, uint64_t key) {
        std::lock_guard lk(m_);
        map_.erase({tag, key});
    }
    uint32_t of(uint32_t tag, uint64_t key) const {
        std::lock_guard lk(m_);
        auto it = map_.find({tag, key});
        return it == map_.end() ? 0 : it->second;
    }

private:
    mutable std::mutex m_;
    std::map<std::pair<uint32_t, uint64_t>, uint32_t> map_;
};

Owners &owners() {
    static Owners &o = *new Owners;  // immortal, like the host
    return o;
}

// The user data of a triple the host made for a peer's callback.
struct Box {
    std::weak_ptr<PeerState> peer;
    uint64_t cbId = 0;
};

class PeerState final : public Peer, public std::enable_shared_from_this<PeerState> {
public:
    explicit PeerState(std::shared_ptr<PeerLink> link) : link_(std::move(link)), id_(link_->id()) {}
    uint32_t id() const override { return id_; }

    bool owns(uint32_t classTag, uint64_t key) const override {
        std::lock_guard lk(m_);
        return objects_.count({classTag, key}) != 0;
    }
    void adopt(uint32_t classTag, const void *handle) override {
        Words words{};
        const size_t n = handleWords(classTag);
        for (size_t i = 0; i < n && i < words.size(); ++i) {
            uintptr_t w = 0;
            std::memcpy(&w, static_cast<const char *>(handle) + i * sizeof(void *), sizeof w);
            words[i] = w;
        }
        if (words[0] == 0) return;
        std::lock_guard lk(m_);
        objects_[{classTag, words[0]}] = words;
        owners().set(classTag, words[0], id_);
    }
    void forget(uint32_t classTag, const void *handle) override {
        uintptr_t key = 0;
        std::memcpy(&key, handle, sizeof key);
        std::lock_guard lk(m_);
        if (objects_.erase({classTag, key}) != 0) owners().erase(classTag, key);
    }
    Triple callback(uint32_t cbType, uint64_t cbId) override {
        auto *box = new Box{weak_from_this(), cbId};  // owned by the triple: releaseTrampoline deletes it
        return {trampolineFor(cbType), &releaseTrampoline, box};
    }

    // Frames to the peer; nothing once it is gone.
    void send(std::string frame, Lane lane) {
        if (!gone_.load(std::memory_order_acquire)) link_->send(std::move(frame), lane);
    }
    bool gone() const { return gone_.load(std::memory_order_acquire); }
    void close(std::string_view why) { link_->close(why); }

    // The process went: its sessions end, then everything it was handed is dropped (objects first,
    // so that what a client's drop releases finds no object of the peer's left; its clients last).
    void end() {
        gone_.store(true, std::memory_order_release);
        endPeerSessions(id_);
        std::map<std::pair<uint32_t, uint64_t>, Words> objects;
        {
            std::lock_guard lk(m_);
            objects.swap(objects_);
        }
        for (const auto &[key, words] : objects) owners().erase(key.first, key.second);
        const auto client = static_cast<uint32_t>(ClassTag::Client);
        for (const auto &[key, words] : objects) {
            if (key.first != client) dropObject(key.first, words.data());
        }
        for (const auto &[key, words] : objects) {
            if (key.first == client) dropObject(key.first, words.data());
        }
        dropPeerInvocations(id_);
    }

    std::vector<uint64_t> clients() const {
        std::vector<uint64_t> keys;
        std::lock_guard lk(m_);
        for (const auto &[key, words] : objects_) {
            if (key.first == static_cast<uint32_t>(ClassTag::Client)) keys.push_back(key.second);
        }
        return keys;
    }

private:
    using Words = std::array<uint64_t, kMaxHandleWords>;
    std::shared_ptr<PeerLink> link_;
    uint32_t id_;
    mutable std::mutex m_;
    std::map<std::pair<uint32_t, uint64_t>, Words> objects_;
    std::atomic<bool> gone_{false};
};

// The call of a peer this thread is running (a peer's reader thread, in dispatchCall).
struct Running {
    const PeerState *peer = nullptr;
    uint64_t callId = 0;
};
thread_local Running t_running;

class Host {
public:
    std::mutex m;  // server, peers
    std::shared_ptr<HostServer> server;
    std::unordered_map<uint32_t, std::shared_ptr<PeerState>> peers;

    std::shared_ptr<PeerState> find(uint32_t id) {
        std::lock_guard lk(m);
        auto it = peers.find(id);
        return it == peers.end() ? nullptr : it->second;
    }
};

Host &host() {
    static Host &h = *new Host;  // immortal: peers' threads may run while statics are destroyed
    return h;
}

// The link's callbacks run on a peer's reader thread: nothing may escape them (out of memory there
// would end the host), so each catches all. A peer the host could not take in is closed.
void onJoined(PeerLink &link) {
    try {
        auto state = std::make_shared<PeerState>(link.shared_from_this());
        std::lock_guard lk(host().m);
        host().peers[link.id()] = std::move(state);
    } catch (...) {
        link.close("the world host could not take this process in (out of memory)");
    }
}

void onFrame(PeerLink &link, std::string_view frame) {
    std::shared_ptr<PeerState> peer = host().find(link.id());
    if (!peer) return;
    Reader r(frame.data(), frame.size());
    const auto kind = static_cast<FrameKind>(r.u8());
    uint64_t callId = 0;
    if (kind == FrameKind::Call) callId = r.u64();
    else if (kind != FrameKind::Post) {
        link.close("a frame a joined process may not send");
        return;
    }
    const uint32_t fnId = r.u32();
    Writer reply;
    reply.u8(static_cast<uint8_t>(FrameKind::Reply));
    reply.u64(callId);
    bool ok = false;
    t_running = {peer.get(), callId};
    psim::t_callingPeer = peer->id();
    try {
        ok = r.ok() && fnId != 0 && fnId <= kFnCount && dispatchCall(*peer, fnId, r, reply);
    } catch (...) {
        ok = false;  // out of memory decoding a frame: the peer goes, the host stays
    }
    t_running = {};
    psim::t_callingPeer = 0;
    if (!ok) {
        link.close("a malformed call, or one naming an object this process was not given");
        return;
    }
    if (kind != FrameKind::Call) return;
    try {
        peer->send(std::move(reply.bytes()), Lane::Reliable);
    } catch (...) {
        link.close("the world host could not answer a call (out of memory)");
    }
}

void onClosed(PeerLink &link, std::string_view) {
    std::shared_ptr<PeerState> peer;
    {
        std::lock_guard lk(host().m);
        auto it = host().peers.find(link.id());
        if (it == host().peers.end()) return;
        peer = std::move(it->second);
        host().peers.erase(it);
    }
    try {
        peer->end();
    } catch (...) {
        // Out of memory ending its sessions: what is left of them stays in the world, as a
        // client never dropped does; the host keeps serving the others.
        std::fputs("platform simulator: the world host could not end a joined process's sessions (out of memory)\n", stderr);
    }
}

std::shared_ptr<PeerState> peerOfBox(void *ud) {
    return ud != nullptr ? static_cast<Box *>(ud)->peer.lock() : nullptr;
}

// A frame to a callback's peer: kind, [callId], cbId, cbType, args.
void sendCallbackFrame(void *ud, FrameKind kind, uint32_t cbType, Writer &args, Lane lane) {
    std::shared_ptr<PeerState> peer = peerOfBox(ud);
    if (!peer || peer->gone()) return;
    Writer w;
    w.reserve(args.bytes().size() + 24);
    w.u8(static_cast<uint8_t>(kind));
    if (kind == FrameKind::Invoke) w.u64(t_running.peer == peer.get() ? t_running.callId : 0);
    w.u64(static_cast<Box *>(ud)->cbId);
    w.u32(cbType);
    w.bytes() += args.bytes();
    peer->send(std::move(w.bytes()), lane);
}

std::string jsonString(std::string_view s) {
    std::string out = "\"";
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += ch;
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += ch;
        }
    }
    return out + "\"";
}

// Appends pieces (GCC 12's -Wrestrict misreads chains of std::string operator+).
void put(std::string &out, std::initializer_list<std::string_view> pieces) {
    for (std::string_view p : pieces) out.append(p);
}

std::string peersJson() {
    // Copies under the host's lock; the server is asked without it (its threads take that lock).
    std::shared_ptr<HostServer> server;
    std::unordered_map<uint32_t, std::shared_ptr<PeerState>> states;
    {
        std::lock_guard lk(host().m);
        server = host().server;
        states = host().peers;
    }
    if (!server) return "{\"serving\":false}";
    const HostAddress a = server->address();
    std::string address = a.host.find(':') != std::string::npos ? "[" : "";
    put(address, {a.host, a.host.find(':') != std::string::npos ? "]:" : ":", std::to_string(a.port)});
    std::string out;
    put(out, {"{\"serving\":true,\"address\":", jsonString(address), ",\"peers\":["});
    bool first = true;
    for (const PeerInfo &p : server->peers()) {
        put(out, {first ? "" : ",", "{\"id\":", std::to_string(p.id), ",\"pid\":", std::to_string(p.hello.pid),
                  ",\"program\":", jsonString(p.hello.program), ",\"remote\":", jsonString(p.remote),
                  ",\"connectedAtMs\":", std::to_string(p.connectedAtMs)});
        const psim::PeerQueueCounts q = psim::peerQueueCounts(p.id);
        put(out, {",\"queuedCallbacks\":", std::to_string(q.queued), ",\"droppedEvents\":", std::to_string(q.droppedEvents),
                  ",\"clients\":["});
        first = false;
        auto it = states.find(p.id);
        bool firstClient = true;
        if (it != states.end()) {
            for (uint64_t key : it->second->clients()) {
                put(out, {firstClient ? "\"" : ",\"", std::to_string(key), "\""});
                firstClient = false;
            }
        }
        put(out, {"],\"framesIn\":", std::to_string(p.framesIn), ",\"framesOut\":", std::to_string(p.framesOut),
                  ",\"queuedBytes\":", std::to_string(p.bytesQueued), ",\"droppedFrames\":", std::to_string(p.lossyDropped), "}"});
    }
    const HostCounters c = server->counters();
    put(out, {"],\"counters\":{\"peersAccepted\":", std::to_string(c.peersAccepted),
              ",\"handshakesRefused\":", std::to_string(c.handshakesRefused),
              ",\"peersDisconnectedSlow\":", std::to_string(c.peersDisconnectedSlow),
              ",\"malformedFrames\":", std::to_string(c.malformedFrames), "}}"});
    return out;
}

}  // namespace

// ---- runtime.h / host_runtime.h ------------------------------------------------------------------

void sendInvoke(void *ud, uint32_t cbType, Writer &args) { sendCallbackFrame(ud, FrameKind::Invoke, cbType, args, Lane::Reliable); }
void sendLog(void *ud, uint32_t cbType, Writer &args) { sendCallbackFrame(ud, FrameKind::Log, cbType, args, Lane::Reliable); }
void sendAudio(void *ud, uint32_t cbType, Writer &args) { sendCallbackFrame(ud, FrameKind::Audio, cbType, args, Lane::Lossy); }

void releaseTrampoline(void *ud) {
    std::unique_ptr<Box> box(static_cast<Box *>(ud));
    if (!box) return;
    std::shared_ptr<PeerState> peer = box->peer.lock();
    if (!peer || peer->gone()) return;
    Writer w;
    w.u8(static_cast<uint8_t>(FrameKind::Release));
    w.u64(t_running.peer == peer.get() ? t_running.callId : 0);
    w.u64(box->cbId);
    peer->send(std::move(w.bytes()), Lane::Reliable);
}

void handOverWords(void *ud, uint32_t classTag, const void *handle) {
    std::shared_ptr<PeerState> peer = peerOfBox(ud);
    if (peer && !peer->gone()) {
        peer->adopt(classTag, handle);
        return;
    }
    uint64_t words[kMaxHandleWords] = {};
    for (size_t i = 0; i < handleWords(classTag) && i < kMaxHandleWords; ++i) {
        uintptr_t w = 0;
        std::memcpy(&w, static_cast<const char *>(handle) + i * sizeof(void *), sizeof w);
        words[i] = w;
    }
    dropObject(classTag, words);
}

bool heldByAnotherPeer(const Peer &peer, uint32_t classTag, uint64_t key) {
    const uint32_t holder = owners().of(classTag, key);
    return holder != 0 && holder != peer.id();
}

void resetCallbacksOf(Peer &peer) { resetPeerCallbacks(peer.id()); }

bool runCallbacksOf(Peer &peer, Reader &args, Writer &reply) {
    uint64_t now = args.u64();
    uint64_t seqLimit = args.u64();
    if (!args.atEnd()) return false;
    const bool more = runPeerInvocations(peer.id(), &now, &seqLimit);
    reply.boolean(more);
    reply.u64(now);
    reply.u64(seqLimit);
    return true;
}

void clientCreated(Peer &peer, const Platform_Client &client) {
    // Its ClientState carries the peer from its creation (initClient: t_callingPeer), so that no
    // invocation queued meanwhile is taken for the host's own.
    if (handleKey(&client) != 0) peer.adopt(static_cast<uint32_t>(ClassTag::Client), &client);
}

}  // namespace psim::join

using namespace psim::join;

extern "C" {

bool psimLocal_PlatformSim_HostStart(Platform_String hostArg, uint32_t port, Platform_String *outAddress) {
    bool ok = false;
    psim::guardVoid(__func__, [&] {
        if (joined()) {
            ok = psim::fail(false, std::string("this process joined a world host (PLATFORM_SIM_HOST): it cannot serve one too; "
                                               "start the host in a process without PLATFORM_SIM_HOST"));
            return;
        }
        if (port > 65535) {
            ok = psim::fail(false, std::string("port must be 0-65535"));
            return;
        }
        std::lock_guard lk(host().m);
        if (host().server) {
            ok = psim::fail(false, std::string("this process already serves a world host; PlatformSim_HostStop it first"));
            return;
        }
        ServeOptions o;
        o.interfaceHash = kInterfaceHash;
        const std::string_view h = view(hostArg);
        if (!h.empty()) o.host = std::string(h);
        o.port = static_cast<uint16_t>(port);
        std::string why;
        auto server = HostServer::start(o, &onJoined, &onFrame, &onClosed, &why);
        if (!server) {
            ok = psim::fail(false, "could not serve the world: " + why);
            return;
        }
        psim::g_servingPeers.store(true, std::memory_order_relaxed);
        host().server = std::move(server);
        psim::writeOut(outAddress, formatHostAddress(host().server->address()));
        ok = true;
    });
    return ok;
}

void psimLocal_PlatformSim_HostStop(void) {
    psim::guardVoid(__func__, [] {
        std::shared_ptr<HostServer> server;
        {
            std::lock_guard lk(host().m);
            server = std::move(host().server);
        }
        if (!server) return;
        server.reset();  // every peer closes (onClosed: its clients end), then its threads join
        psim::g_servingPeers.store(false, std::memory_order_relaxed);
    });
}

void psimLocal_PlatformSim_HostPeers(Platform_String *outJson) {
    psim::guardVoid(__func__, [&] { psim::writeOut(outJson, peersJson()); });
}

}  // extern "C"
