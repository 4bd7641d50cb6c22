// link.h — the transport between a world host and the processes that join it (issue 39).
//
// A link is an ordered, framed, bidirectional byte connection over TCP (loopback by default),
// opened by a handshake that proves the joining process knows the host's token. What a frame
// means (calls, replies, callbacks) is protocol.h's business; this layer only moves frames:
//   - frames are whole: a receiver gets exactly the bytes a sender queued, in order;
//   - every frame is bounded (kMaxFrameBytes); a peer that announces more is disconnected;
//   - sending never blocks on the other side: frames are queued and written by a writer thread.
//     On the host, each peer's queue is bounded: a Lossy frame that does not fit is dropped and
//     counted; a Reliable frame that does not fit disconnects that peer (counted), because a
//     process that stopped reading cannot be given its completions later without unbounded memory;
//   - the end of a link (EOF, reset, heartbeat silence, a malformed frame, Close) is reported
//     once, on the link's reader thread, after the last frame it delivered.
// Heartbeats are this layer's: either side that hears nothing for kSilenceMs drops the link.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace psim::join {

inline constexpr size_t kMaxFrameBytes = 17u << 20;   // a 16 MiB string (the ABI's bound) plus its call
inline constexpr uint32_t kHeartbeatMs = 500;          // an idle side sends a heartbeat this often
inline constexpr uint32_t kSilenceMs = 3000;           // nothing heard for this long: the link is dead
inline constexpr size_t kPeerQueueBytes = 64u << 20;   // host -> one peer, queued and unwritten
inline constexpr size_t kTokenBytes = 32;              // the host's secret (64 hex digits in PLATFORM_SIM_HOST)

enum class Lane : uint8_t { Reliable, Lossy };

// PLATFORM_SIM_HOST's value: "psim://<64 hex token>@<host>:<port>" (host: IPv4, or [IPv6]).
struct HostAddress {
    std::string host;  // "127.0.0.1", "::1"
    uint16_t port = 0;
    std::string token; // kTokenBytes raw bytes
};
// False (and *why set, never echoing the token) when `value` is not that form.
bool parseHostAddress(std::string_view value, HostAddress *out, std::string *why);
std::string formatHostAddress(const HostAddress &a);

// Who a joined process says it is (the console lists it); sent in the handshake.
struct PeerHello {
    uint32_t pid = 0;
    std::string program;  // the executable's file name, at most 128 bytes
};

// ---- joined side ---------------------------------------------------------------------------
class HostLink {
public:
    using FrameFn = std::function<void(std::string_view frame)>;
    using ClosedFn = std::function<void(std::string_view why)>;
    // Connects and completes the handshake within `timeoutMs`, then starts the reader thread,
    // which calls onFrame for every frame and onClosed once at the end. nullptr and *why on failure.
    static std::unique_ptr<HostLink> connect(const HostAddress &a, const PeerHello &hello, uint32_t timeoutMs,
                                             FrameFn onFrame, ClosedFn onClosed, std::string *why);
    virtual ~HostLink() = default;  // closes and joins its threads (never from its reader thread)
    // Queues a frame (thread-safe); false once the link is closed.
    virtual bool send(std::string frame) = 0;
    virtual void close() = 0;
    virtual bool open() const = 0;
    virtual uint32_t peerId() const = 0;  // the id the host gave this process
};

// ---- host side -----------------------------------------------------------------------------
struct PeerInfo {
    uint32_t id = 0;
    PeerHello hello;
    std::string remote;        // "127.0.0.1:53122"
    uint64_t connectedAtMs = 0; // wall clock
    uint64_t framesIn = 0, framesOut = 0, bytesQueued = 0;
    uint64_t lossyDropped = 0;
};

class PeerLink {
public:
    virtual ~PeerLink() = default;
    virtual uint32_t id() const = 0;
    // Queues a frame to the peer (thread-safe, never blocks on the peer); false once closed.
    virtual bool send(std::string frame, Lane lane) = 0;
    virtual void close(std::string_view why) = 0;
    virtual PeerInfo info() const = 0;
};

struct ServeOptions {
    std::string host = "127.0.0.1";
    uint16_t port = 0;  // 0: any free port
};

struct HostCounters {
    uint64_t peersAccepted = 0, handshakesRefused = 0, peersDisconnectedSlow = 0, malformedFrames = 0;
    uint64_t lossyDropped = 0;
};

class HostServer {
public:
    using FrameFn = std::function<void(PeerLink &peer, std::string_view frame)>;
    using PeerFn = std::function<void(PeerLink &peer)>;
    using ClosedFn = std::function<void(PeerLink &peer, std::string_view why)>;
    // Listens, generates the token, starts the accept thread. Each peer gets a reader thread that
    // calls onFrame in order (one peer's frames never run concurrently) and onClosed once;
    // onJoined runs on it before its first frame. nullptr and *why on failure.
    static std::unique_ptr<HostServer> start(const ServeOptions &o, PeerFn onJoined, FrameFn onFrame, ClosedFn onClosed,
                                             std::string *why);
    virtual ~HostServer() = default;  // stops accepting, closes every peer, joins every thread
    virtual HostAddress address() const = 0;  // with the token
    virtual std::vector<PeerInfo> peers() const = 0;
    virtual HostCounters counters() const = 0;
};

}  // namespace psim::join
