// link_stream.h — one framed connection, as both ends of a link use it (link_stream.cc):
// the bounded send queue and its writer thread (heartbeats when idle), the reader loop (bounded
// frames, silence detection), close-once, and the handshake's deadline-bound reads and writes.
//
// On the wire, after the handshake, every frame is
//   u32 length (little-endian) | u8 kind | payload      length = 1 + payload size
// kind 1 is data (handed to the layer above), kind 0 a heartbeat (length 1, never handed up).
// A length of 0, above kMaxFrameBytes + 1, or an unknown kind is malformed: the link is closed.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "link.h"
#include "link_socket.h"

namespace psim::join {

using SteadyTime = std::chrono::steady_clock::time_point;

// The handshake (link_peer.cc sends it, link_host.cc checks it):
//   peer -> host  "PSIMJN01" | u16 version | token[32] | u64 interface | u32 pid | u8 n | program[n <= 128]
//   host -> peer  "PSIMJN01" | u16 version | u8 status (1 accepted, 2 other version, 3 other
//                 interface) | u32 peer id
// A wrong token gets no answer: the host closes the connection.
inline constexpr char kMagic[8] = {'P', 'S', 'I', 'M', 'J', 'N', '0', '1'};
inline constexpr size_t kHelloFixedBytes = 8 + 2 + kTokenBytes + 8 + 4 + 1;
inline constexpr size_t kAcceptBytes = 8 + 2 + 1 + 4;
inline constexpr uint8_t kAccepted = 1, kOtherVersion = 2, kOtherInterface = 3;

void putU16(std::string &s, uint16_t v);
void putU32(std::string &s, uint32_t v);
void putU64(std::string &s, uint64_t v);
uint16_t getU16(const char *p);
uint32_t getU32(const char *p);
uint64_t getU64(const char *p);

class Stream {
public:
    enum class Push { Queued, Dropped, Overflow, Closed };

    // `queueLimit`: bytes queued and unwritten; `overflowWhy`: the reason a Reliable frame that
    // does not fit closes the link with.
    Stream(net::Socket s, size_t queueLimit, std::string overflowWhy);
    ~Stream();  // joins the writer if it still runs (never its own thread)
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;

    net::Handle handle() const { return sock_.get(); }
    bool closed() const { return closed_.load(std::memory_order_acquire); }
    // First caller's reason wins; wakes both threads. Thread-safe, idempotent.
    void close(std::string_view why);
    std::string closeReason() const;

    // Queues a data frame (thread-safe; never blocks on the other side).
    Push push(std::string frame, Lane lane);
    void startWriter();
    // Runs on the reader thread until the link ends: onFrame for every data frame in order.
    // Returns true when it ended on a malformed frame. `silentWhy`: the reason for silence.
    bool readLoop(const std::function<void(std::string_view)> &onFrame, const char *silentWhy);
    // After readLoop: stops and joins the writer and closes the socket.
    void finish();

    // Handshake helpers: all of n bytes before the deadline (false on close, EOF, error, timeout).
    bool readExact(char *buf, size_t n, SteadyTime deadline);
    bool writeAll(const char *buf, size_t n, SteadyTime deadline);

    uint64_t framesIn() const { return framesIn_.load(std::memory_order_relaxed); }
    uint64_t framesOut() const { return framesOut_.load(std::memory_order_relaxed); }
    uint64_t lossyDropped() const { return lossyDropped_.load(std::memory_order_relaxed); }
    size_t bytesQueued() const;

private:
    void writerLoop();
    bool sendAll(const char *p, size_t n);

    net::Socket sock_;
    const size_t queueLimit_;
    const std::string overflowWhy_;
    std::atomic<bool> closed_{false};
    mutable std::mutex m_;
    std::condition_variable cv_;
    std::deque<std::string> queue_;  // payloads; the writer adds each one's header
    size_t queued_ = 0;              // bytes (with headers) in queue_ and in the writer's hands
    std::string why_;
    std::thread writer_;
    std::atomic<uint64_t> framesIn_{0}, framesOut_{0}, lossyDropped_{0};
};

}  // namespace psim::join
