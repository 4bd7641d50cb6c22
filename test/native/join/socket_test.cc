// The socket layer's promises: every socket is non-blocking and not inherited by a child process
// (a game a launcher starts must not hold the host's connection open), and writing to a
// connection the other side closed fails instead of raising SIGPIPE (which would end the process).
#include "link_harness.h"

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <winsock2.h>
#include <windows.h>
#else
#include <fcntl.h>
#endif

namespace linktest {

namespace {

bool inheritable(net::Handle h) {
#ifdef _WIN32
    DWORD flags = 0;
    if (!GetHandleInformation(reinterpret_cast<HANDLE>(h), &flags)) return true;
    return (flags & HANDLE_FLAG_INHERIT) != 0;
#else
    return (fcntl(h, F_GETFD) & FD_CLOEXEC) == 0;
#endif
}

}  // namespace

void testSockets() {
    net::IpEndpoint at;
    at.bytes = {127, 0, 0, 1};
    std::string why;
    net::Socket listener = net::listenOn(at, &why);
    CHECK(listener.valid());
    if (!listener.valid()) return;
    net::IpEndpoint bound;
    CHECK(net::localEndpoint(listener.get(), &bound));
    CHECK(bound.port != 0);
    net::Socket client = net::connectTo(bound, 2000, &why);
    CHECK(client.valid());
    CHECK(net::waitReadable(listener.get(), 2000) == net::Wait::Ready);
    net::IpEndpoint remote;
    net::Socket server = net::acceptOne(listener.get(), &remote);
    CHECK(server.valid());
    if (!client.valid() || !server.valid()) return;
    CHECK_EQ(net::formatIp(remote), std::string("127.0.0.1"));

    CHECK(!inheritable(listener.get()));
    CHECK(!inheritable(client.get()));
    CHECK(!inheritable(server.get()));
    // Non-blocking: nothing to read is "would block", at once.
    char buf[16];
    CHECK_EQ(net::recvSome(server.get(), buf, sizeof buf), net::kWouldBlock);
    CHECK_EQ(net::acceptOne(listener.get(), &remote).valid(), false);

    // The other side goes: writes fail (reset / broken pipe), the process lives on.
    server.reset();
    const std::string block(64u << 10, 'w');
    long r = 0;
    for (int i = 0; i < 200 && r != net::kFailed; ++i) {
        r = net::sendSome(client.get(), block.data(), block.size());
        if (r == net::kWouldBlock) net::waitWritable(client.get(), 20);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    CHECK_EQ(r, net::kFailed);
    CHECK(net::lastErrorText().find("(error ") != std::string::npos);

    // Nobody listening: refused, with the reason.
    listener.reset();
    CHECK(!net::connectTo(bound, 2000, &why).valid());
    CHECK(why.find("cannot connect to 127.0.0.1:") != std::string::npos);
}

}  // namespace linktest
