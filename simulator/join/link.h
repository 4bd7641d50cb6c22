// link.h — the transport between a world host and the processes that join it (issue 39).
//
// A link is an ordered, framed, bidirectional byte connection over TCP (loopback by default),
// opened by a handshake that proves the joining process knows the host's token. What a frame
// means (calls, replies, callbacks) is runtime.h's business; this layer only moves frames:
//   - frames are whole: a receiver gets exactly the bytes a sender queued, in order;
//   - every frame is bounded (kMaxFrameBytes); a peer that announces more is disconnected, and
//     sending more closes the sender's own link (send returns false);
//   - onFrame's view is valid during the call only (the reader's buffer);
//   - sending never blocks on the other side: frames are queued and written by a writer thread.
//     On the host, each peer's queue is bounded: a Lossy frame that does not fit is dropped and
//     counted; a Reliable frame that does not fit disconnects that peer (counted), because a
//     process that stopped reading cannot be given its completions later without unbounded memory;
//   - the end of a link (EOF, reset, heartbeat silence, a malformed frame, Close) is reported
//     once, on the link's reader thread, after the last frame it delivered.
// Heartbeats are this layer's: either side that hears nothing for kSilenceMs drops the link.
// The port speaks no HTTP (a browser's request, a WebSocket upgrade is refused at its first
// bytes), so no web page can drive the world through it. The token is never logged or echoed.
// Implementation: link_address.cc, link_socket.{h,cc} (POSIX/Winsock), link_stream.{h,cc} (the
// framed connection both sides share), link_peer.cc (HostLink), link_host.cc (HostServer).
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
// Nothing heard for this long: the link is dead. Long enough for a process paused in a debugger
// (or descheduled) to come back; a process that exits or is killed is seen at once (EOF).
inline constexpr uint32_t kSilenceMs = 15000;
inline constexpr size_t kPeerQueueBytes = 64u << 20;   // host -> one peer, queued and unwritten
inline constexpr size_t kHostQueueBytes = 64u << 20;   // joined process -> host, queued and unwritten
inline constexpr size_t kTokenBytes = 32;              // the host's secret (64 hex digits in PLATFORM_SIM_HOST)
inline constexpr uint32_t kHandshakeMs = 2000;         // a connection that has not completed its handshake: dropped
inline constexpr size_t kMaxProgramBytes = 128;        // PeerHello::program
inline constexpr uint16_t kProtocolVersion = 1;        // sent in the handshake; a host refuses another
inline constexpr size_t kMaxPeers = 256;               // joined processes at once (more: refused, counted)
inline constexpr size_t kMaxPendingHandshakes = 128;   // connections still in their handshake (more: refused)

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
    std::string program;  // the executable's file name, at most kMaxProgramBytes (longer: cut at a
                          // UTF-8 boundary; the host replaces control characters and invalid UTF-8)
    // What the frames mean on top of this transport (the proxy's ids, generated from the headers:
    // join/generated/ids.h kInterfaceHash). Opaque here: a host refuses a hello whose value differs
    // from its ServeOptions::interfaceHash, with a reason the joined side can show.
    uint64_t interfaceHash = 0;
};

// ---- joined side ---------------------------------------------------------------------------
class HostLink {
public:
    using FrameFn = std::function<void(std::string_view frame)>;
    using ClosedFn = std::function<void(std::string_view why)>;
    // Connects (an IP literal: no DNS) and completes the handshake within `timeoutMs`, then starts
    // the reader thread, which calls onFrame for every frame and onClosed once at the end.
    // nullptr and *why on failure (a wrong token: the host closes, "refused by the host").
    static std::unique_ptr<HostLink> connect(const HostAddress &a, const PeerHello &hello, uint32_t timeoutMs,
                                             FrameFn onFrame, ClosedFn onClosed, std::string *why);
    // Closes and joins its threads; from one of its own callbacks (the reader thread) it detaches
    // the reader instead, which still ends with onClosed.
    virtual ~HostLink() = default;
    // Queues a frame (thread-safe, never blocks on the host); false once the link is closed. A
    // frame that would take the queue past kHostQueueBytes (a host that stopped reading) closes
    // the link ("host not reading") and returns false: calls then fail instead of memory growing.
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

// The server owns each peer's link through a shared_ptr: a reference handed to a callback stays
// valid until that peer's onClosed returns; to use it later (from other threads), keep
// peer.shared_from_this() — every call on a closed link is harmless (send returns false).
class PeerLink : public std::enable_shared_from_this<PeerLink> {
public:
    virtual ~PeerLink() = default;
    virtual uint32_t id() const = 0;
    // Queues a frame to the peer (thread-safe, never blocks on the peer); false once closed.
    // A Lossy frame that does not fit in kPeerQueueBytes is dropped and counted (still true); a
    // Reliable one closes the link ("peer not reading", peersDisconnectedSlow) and returns false.
    virtual bool send(std::string frame, Lane lane) = 0;
    virtual void close(std::string_view why) = 0;
    virtual PeerInfo info() const = 0;
};

struct ServeOptions {
    std::string host = "127.0.0.1";  // an IPv4 or IPv6 literal, or "localhost" (127.0.0.1); no DNS
    uint16_t port = 0;  // 0: any free port
    uint64_t interfaceHash = 0;  // see PeerHello::interfaceHash
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
    // Stops accepting, closes every peer (each gets onClosed "host stopped"), joins every thread.
    // Not from one of its own callbacks.
    virtual ~HostServer() = default;
    // With the token; a wildcard listen address (0.0.0.0, ::) is given as loopback (connectable).
    virtual HostAddress address() const = 0;
    virtual std::vector<PeerInfo> peers() const = 0;
    virtual HostCounters counters() const = 0;
};

}  // namespace psim::join
