// link_socket.h — the few socket operations the link needs, the same on POSIX and Winsock2
// (link_socket.cc), and the IP literal forms (link_address.cc). Every socket is non-blocking,
// not inherited by child processes (SOCK_CLOEXEC / WSA_FLAG_NO_HANDLE_INHERIT: a launcher's game
// must not keep the host's port open), never raises SIGPIPE, and has Nagle off (calls are small
// round trips). Waits are bounded: callers wait in slices and check their own stop flag.
// No text API of the OS is used: addresses are parsed and printed here, errors are numbers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace psim::join::net {

#ifdef _WIN32
using Handle = uintptr_t;  // SOCKET
inline constexpr Handle kInvalidHandle = ~uintptr_t(0);
#else
using Handle = int;
inline constexpr Handle kInvalidHandle = -1;
#endif

// An IP address (no name) and a port.
struct IpEndpoint {
    bool v6 = false;
    std::array<uint8_t, 16> bytes{};  // IPv4: the first 4
    uint16_t port = 0;
};

// ---- text forms (link_address.cc) ----
// A strict dotted quad (no leading zeros) or an RFC 4291 IPv6 text form without brackets or zone.
bool parseIpLiteral(std::string_view text, IpEndpoint *out);
std::string formatIp(const IpEndpoint &e);        // "127.0.0.1", "::1" (RFC 5952)
std::string formatEndpoint(const IpEndpoint &e);  // "127.0.0.1:4310", "[::1]:4310"

// ---- sockets (link_socket.cc) ----
// Owns one socket; closes it when destroyed.
class Socket {
public:
    Socket() = default;
    explicit Socket(Handle h) : h_(h) {}
    Socket(Socket &&o) noexcept : h_(o.h_) { o.h_ = kInvalidHandle; }
    Socket &operator=(Socket &&o) noexcept;
    Socket(const Socket &) = delete;
    Socket &operator=(const Socket &) = delete;
    ~Socket() { reset(); }
    Handle get() const { return h_; }
    bool valid() const { return h_ != kInvalidHandle; }
    void reset();
private:
    Handle h_ = kInvalidHandle;
};

// Bound and listening (IPv6 only on an IPv6 address; not shareable with another process on
// Windows: SO_EXCLUSIVEADDRUSE); invalid and *why on failure.
Socket listenOn(const IpEndpoint &at, std::string *why);
bool localEndpoint(Handle s, IpEndpoint *out);
// A pending connection (set up as above), or an invalid socket when there is none (or on error).
Socket acceptOne(Handle listener, IpEndpoint *remote);
// Connected within timeoutMs; invalid and *why on failure.
Socket connectTo(const IpEndpoint &to, uint32_t timeoutMs, std::string *why);

enum class Wait { Ready, Timeout, Error };
Wait waitReadable(Handle s, uint32_t timeoutMs);
Wait waitWritable(Handle s, uint32_t timeoutMs);

// >0 bytes moved; 0: the other side closed (recv only); kWouldBlock; kFailed (reset, error).
inline constexpr long kWouldBlock = -1;
inline constexpr long kFailed = -2;
long recvSome(Handle s, char *buf, size_t n);
long sendSome(Handle s, const char *buf, size_t n);

// Wakes a reader blocked on s (POSIX at once; Winsock by the next wait slice) and ends writes.
void shutdownBoth(Handle s);
// The last socket error of this thread as "connection refused (error 111)".
std::string lastErrorText();

}  // namespace psim::join::net
