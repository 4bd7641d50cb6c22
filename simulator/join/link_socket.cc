// link_socket.cc — link_socket.h on POSIX (poll, SOCK_CLOEXEC, MSG_NOSIGNAL / SO_NOSIGPIPE) and
// on Winsock2 (select on one socket, WSA_FLAG_NO_HANDLE_INHERIT, WSAStartup once per process).
#include "link_socket.h"

#include <chrono>
#include <cstring>

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <winsock2.h>
#include <ws2tcpip.h>
#include <windows.h>
#include <mutex>
#else
#include <arpa/inet.h>
#include <cerrno>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#endif

namespace psim::join::net {

namespace {

#ifdef _WIN32
int lastError() { return WSAGetLastError(); }
bool wouldBlock(int e) { return e == WSAEWOULDBLOCK || e == WSAEINPROGRESS; }
// Winsock is started once and left running: other code in the process may use it, and a
// WSACleanup at unload could pull it from under them.
bool startWinsock() {
    static std::once_flag once;
    static bool ok = false;
    std::call_once(once, [] {
        WSADATA data;
        ok = WSAStartup(MAKEWORD(2, 2), &data) == 0;
    });
    return ok;
}
void closeHandle(Handle h) { closesocket(static_cast<SOCKET>(h)); }
#else
int lastError() { return errno; }
bool wouldBlock(int e) { return e == EAGAIN || e == EWOULDBLOCK || e == EINPROGRESS; }
void closeHandle(Handle h) { ::close(h); }
#endif

// Socket addresses from and to IpEndpoint.
socklen_t toSockaddr(const IpEndpoint &e, sockaddr_storage *ss) {
    std::memset(ss, 0, sizeof *ss);
    if (e.v6) {
        auto *a = reinterpret_cast<sockaddr_in6 *>(ss);
        a->sin6_family = AF_INET6;
        a->sin6_port = htons(e.port);
        std::memcpy(&a->sin6_addr, e.bytes.data(), 16);
        return sizeof *a;
    }
    auto *a = reinterpret_cast<sockaddr_in *>(ss);
    a->sin_family = AF_INET;
    a->sin_port = htons(e.port);
    std::memcpy(&a->sin_addr, e.bytes.data(), 4);
    return sizeof *a;
}

bool fromSockaddr(const sockaddr_storage &ss, IpEndpoint *out) {
    *out = IpEndpoint{};
    if (ss.ss_family == AF_INET6) {
        const auto *a = reinterpret_cast<const sockaddr_in6 *>(&ss);
        out->v6 = true;
        out->port = ntohs(a->sin6_port);
        std::memcpy(out->bytes.data(), &a->sin6_addr, 16);
        return true;
    }
    if (ss.ss_family == AF_INET) {
        const auto *a = reinterpret_cast<const sockaddr_in *>(&ss);
        out->port = ntohs(a->sin_port);
        std::memcpy(out->bytes.data(), &a->sin_addr, 4);
        return true;
    }
    return false;
}

template <class T> void setOption(Handle s, int level, int name, T value) {
    setsockopt(s, level, name, reinterpret_cast<const char *>(&value), sizeof value);
}

// Non-blocking, not inherited, no SIGPIPE, no Nagle.
bool setUp(Handle s) {
#ifdef _WIN32
    u_long on = 1;
    if (ioctlsocket(s, FIONBIO, &on) != 0) return false;
    SetHandleInformation(reinterpret_cast<HANDLE>(s), HANDLE_FLAG_INHERIT, 0);
#else
    const int fl = fcntl(s, F_GETFL);
    if (fl < 0 || fcntl(s, F_SETFL, fl | O_NONBLOCK) != 0) return false;
    const int fd = fcntl(s, F_GETFD);
    if (fd < 0 || fcntl(s, F_SETFD, fd | FD_CLOEXEC) != 0) return false;
#ifdef SO_NOSIGPIPE
    setOption(s, SOL_SOCKET, SO_NOSIGPIPE, 1);
#endif
#endif
    setOption(s, IPPROTO_TCP, TCP_NODELAY, 1);
    return true;
}

Socket newSocket(bool v6) {
#ifdef _WIN32
    if (!startWinsock()) return Socket();
    const int af = v6 ? AF_INET6 : AF_INET;
    SOCKET s = WSASocketW(af, SOCK_STREAM, IPPROTO_TCP, nullptr, 0, WSA_FLAG_OVERLAPPED | WSA_FLAG_NO_HANDLE_INHERIT);
    // Windows 7 before SP1 does not know the flag: setUp() clears inheritance instead.
    if (s == INVALID_SOCKET) s = WSASocketW(af, SOCK_STREAM, IPPROTO_TCP, nullptr, 0, WSA_FLAG_OVERLAPPED);
    if (s == INVALID_SOCKET) return Socket();
    Socket r(static_cast<Handle>(s));
#else
    int type = SOCK_STREAM;
#ifdef SOCK_CLOEXEC
    type |= SOCK_CLOEXEC;  // no window between socket() and fcntl() for another thread's fork+exec
#endif
    const int s = ::socket(v6 ? AF_INET6 : AF_INET, type, 0);
    if (s < 0) return Socket();
    Socket r(s);
#endif
    if (!setUp(r.get())) return Socket();
    return r;
}

Wait waitFor(Handle s, bool write, uint32_t timeoutMs) {
#ifdef _WIN32
    fd_set set, err;
    FD_ZERO(&set);
    FD_ZERO(&err);
    FD_SET(static_cast<SOCKET>(s), &set);
    FD_SET(static_cast<SOCKET>(s), &err);  // a failed connect() is reported here
    timeval tv{static_cast<long>(timeoutMs / 1000), static_cast<long>((timeoutMs % 1000) * 1000)};
    const int n = select(0, write ? nullptr : &set, write ? &set : nullptr, &err, &tv);
    if (n == SOCKET_ERROR) return Wait::Error;
    return n == 0 ? Wait::Timeout : Wait::Ready;
#else
    pollfd p{s, static_cast<short>(write ? POLLOUT : POLLIN), 0};
    for (;;) {
        const int n = ::poll(&p, 1, static_cast<int>(timeoutMs));
        if (n < 0 && errno == EINTR) continue;  // a signal: the caller's loop re-checks its deadline
        if (n < 0) return Wait::Error;
        return n == 0 ? Wait::Timeout : Wait::Ready;  // POLLHUP/POLLERR: the next recv/send says which
    }
#endif
}

}  // namespace

Socket &Socket::operator=(Socket &&o) noexcept {
    if (this != &o) {
        reset();
        h_ = o.h_;
        o.h_ = kInvalidHandle;
    }
    return *this;
}

void Socket::reset() {
    if (h_ != kInvalidHandle) closeHandle(h_);
    h_ = kInvalidHandle;
}

Socket listenOn(const IpEndpoint &at, std::string *why) {
    Socket s = newSocket(at.v6);
    if (!s.valid()) {
        *why = "cannot create a socket: " + lastErrorText();
        return s;
    }
#ifdef _WIN32
    setOption(s.get(), SOL_SOCKET, SO_EXCLUSIVEADDRUSE, 1);  // no other process may bind it too
#else
    setOption(s.get(), SOL_SOCKET, SO_REUSEADDR, 1);  // a restarted host gets its port back at once
#endif
    if (at.v6) setOption(s.get(), IPPROTO_IPV6, IPV6_V6ONLY, 1);
    sockaddr_storage ss;
    const socklen_t len = toSockaddr(at, &ss);
    if (::bind(s.get(), reinterpret_cast<const sockaddr *>(&ss), len) != 0) {
        *why = "cannot listen on " + formatEndpoint(at) + ": " + lastErrorText();
        return Socket();
    }
    if (::listen(s.get(), 128) != 0) {
        *why = "cannot listen on " + formatEndpoint(at) + ": " + lastErrorText();
        return Socket();
    }
    return s;
}

bool localEndpoint(Handle s, IpEndpoint *out) {
    sockaddr_storage ss;
    socklen_t len = sizeof ss;
    if (getsockname(s, reinterpret_cast<sockaddr *>(&ss), &len) != 0) return false;
    return fromSockaddr(ss, out);
}

Socket acceptOne(Handle listener, IpEndpoint *remote) {
    sockaddr_storage ss;
    socklen_t len = sizeof ss;
#if defined(__linux__)
    const int h = ::accept4(listener, reinterpret_cast<sockaddr *>(&ss), &len, SOCK_CLOEXEC);
    if (h < 0) return Socket();
    Socket s(h);
#else
    const auto h = ::accept(listener, reinterpret_cast<sockaddr *>(&ss), &len);
    if (static_cast<Handle>(h) == kInvalidHandle) return Socket();
    Socket s(static_cast<Handle>(h));
#endif
    if (!setUp(s.get()) || !fromSockaddr(ss, remote)) return Socket();
    return s;
}

Socket connectTo(const IpEndpoint &to, uint32_t timeoutMs, std::string *why) {
    Socket s = newSocket(to.v6);
    if (!s.valid()) {
        *why = "cannot create a socket: " + lastErrorText();
        return s;
    }
    sockaddr_storage ss;
    const socklen_t len = toSockaddr(to, &ss);
    if (::connect(s.get(), reinterpret_cast<const sockaddr *>(&ss), len) != 0) {
        if (!wouldBlock(lastError())) {
            *why = "cannot connect to " + formatEndpoint(to) + ": " + lastErrorText();
            return Socket();
        }
        if (waitFor(s.get(), true, timeoutMs) != Wait::Ready) {
            *why = "cannot connect to " + formatEndpoint(to) + ": no answer within " + std::to_string(timeoutMs) + " ms";
            return Socket();
        }
        int err = 0;
        socklen_t errLen = sizeof err;
        getsockopt(s.get(), SOL_SOCKET, SO_ERROR, reinterpret_cast<char *>(&err), &errLen);
        if (err != 0) {
#ifdef _WIN32
            WSASetLastError(err);
#else
            errno = err;
#endif
            *why = "cannot connect to " + formatEndpoint(to) + ": " + lastErrorText();
            return Socket();
        }
    }
    return s;
}

Wait waitReadable(Handle s, uint32_t timeoutMs) { return waitFor(s, false, timeoutMs); }
Wait waitWritable(Handle s, uint32_t timeoutMs) { return waitFor(s, true, timeoutMs); }

long recvSome(Handle s, char *buf, size_t n) {
    for (;;) {
#ifdef _WIN32
        const int want = n > (1u << 30) ? (1 << 30) : static_cast<int>(n);
        const int r = ::recv(s, buf, want, 0);
        if (r == SOCKET_ERROR) return wouldBlock(lastError()) ? kWouldBlock : kFailed;
#else
        const ssize_t r = ::recv(s, buf, n, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return wouldBlock(errno) ? kWouldBlock : kFailed;
#endif
        return static_cast<long>(r);
    }
}

long sendSome(Handle s, const char *buf, size_t n) {
    for (;;) {
#ifdef _WIN32
        const int want = n > (1u << 30) ? (1 << 30) : static_cast<int>(n);
        const int r = ::send(s, buf, want, 0);
        if (r == SOCKET_ERROR) return wouldBlock(lastError()) ? kWouldBlock : kFailed;
#else
#ifdef MSG_NOSIGNAL
        const ssize_t r = ::send(s, buf, n, MSG_NOSIGNAL);
#else
        const ssize_t r = ::send(s, buf, n, 0);  // SO_NOSIGPIPE was set (macOS)
#endif
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return wouldBlock(errno) ? kWouldBlock : kFailed;
#endif
        return static_cast<long>(r);
    }
}

void shutdownBoth(Handle s) {
#ifdef _WIN32
    ::shutdown(s, SD_BOTH);
#else
    ::shutdown(s, SHUT_RDWR);
#endif
}

std::string lastErrorText() {
    const int e = lastError();
    const char *what = "socket error";
#ifdef _WIN32
    switch (e) {
        case WSAECONNREFUSED: what = "connection refused"; break;
        case WSAECONNRESET: what = "connection reset"; break;
        case WSAEADDRINUSE: what = "address in use"; break;
        case WSAEADDRNOTAVAIL: what = "address not available"; break;
        case WSAEACCES: what = "permission denied"; break;
        case WSAENETUNREACH: case WSAEHOSTUNREACH: what = "unreachable"; break;
        case WSAETIMEDOUT: what = "timed out"; break;
        case WSAEAFNOSUPPORT: what = "address family not supported"; break;
        case WSANOTINITIALISED: what = "Winsock could not be started"; break;
        default: break;
    }
#else
    switch (e) {
        case ECONNREFUSED: what = "connection refused"; break;
        case ECONNRESET: what = "connection reset"; break;
        case EADDRINUSE: what = "address in use"; break;
        case EADDRNOTAVAIL: what = "address not available"; break;
        case EACCES: case EPERM: what = "permission denied"; break;
        case ENETUNREACH: case EHOSTUNREACH: what = "unreachable"; break;
        case ETIMEDOUT: what = "timed out"; break;
        case EAFNOSUPPORT: what = "address family not supported"; break;
        case EMFILE: case ENFILE: what = "too many open files"; break;
        default: break;
    }
#endif
    return std::string(what) + " (error " + std::to_string(e) + ")";
}

}  // namespace psim::join::net
