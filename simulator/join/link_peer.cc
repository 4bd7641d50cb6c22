// link_peer.cc — HostLink: the joined process's end of a link (link.h). connect() does the
// handshake on the calling thread, bounded by its timeout; then a reader thread delivers frames
// and a writer thread drains the bounded queue (link_stream.h). The threads own the state
// (shared_ptr), so the link may be destroyed from its own callbacks.
#include <memory>
#include <thread>

#include "link.h"
#include "link_socket.h"
#include "link_stream.h"

namespace psim::join {

namespace {

struct Shared {
    Shared(net::Socket s) : stream(std::move(s), kHostQueueBytes, "host not reading (its queue is full)") {}
    Stream stream;
    HostLink::FrameFn onFrame;
    HostLink::ClosedFn onClosed;
};

class JoinedLink final : public HostLink {
public:
    JoinedLink(std::shared_ptr<Shared> s, uint32_t id) : s_(std::move(s)), id_(id) {
        s_->stream.startWriter();
        reader_ = std::thread([s = s_] {
            s->stream.readLoop(s->onFrame, "host silent");
            s->stream.finish();
            const std::string why = s->stream.closeReason();
            s->onClosed(why);
        });
    }
    ~JoinedLink() override {
        s_->stream.close("closed by this process");
        if (reader_.get_id() == std::this_thread::get_id()) reader_.detach();  // from its own callback
        else if (reader_.joinable()) reader_.join();
    }
    bool send(std::string frame) override {
        return s_->stream.push(std::move(frame), Lane::Reliable) == Stream::Push::Queued;
    }
    void close() override { s_->stream.close("closed by this process"); }
    bool open() const override { return !s_->stream.closed(); }
    uint32_t peerId() const override { return id_; }

private:
    std::shared_ptr<Shared> s_;
    uint32_t id_;
    std::thread reader_;
};

std::nullptr_t fail(std::string *why, std::string text) {
    if (why) *why = std::move(text);
    return nullptr;
}

}  // namespace

std::unique_ptr<HostLink> HostLink::connect(const HostAddress &a, const PeerHello &hello, uint32_t timeoutMs,
                                            FrameFn onFrame, ClosedFn onClosed, std::string *why) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    net::IpEndpoint to;
    to.port = a.port;
    if (a.host == "localhost") to.bytes = {127, 0, 0, 1};
    else if (!net::parseIpLiteral(a.host, &to)) return fail(why, "the world host's address is not an IP address");
    if (a.token.size() != kTokenBytes) return fail(why, "the world host's token is not 32 bytes");
    if (a.port == 0) return fail(why, "the world host's port is 0");
    if (!onFrame || !onClosed) return fail(why, "HostLink::connect needs onFrame and onClosed");

    std::string err;
    net::Socket sock = net::connectTo(to, timeoutMs, &err);
    if (!sock.valid()) return fail(why, "cannot reach the world host: " + err);
    auto shared = std::make_shared<Shared>(std::move(sock));

    // The program's name, cut at a UTF-8 boundary to fit.
    std::string program = hello.program.substr(0, kMaxProgramBytes);
    while (program.size() < hello.program.size() && !program.empty() && (uint8_t(hello.program[program.size()]) & 0xC0) == 0x80)
        program.pop_back();
    std::string msg(kMagic, sizeof kMagic);
    putU16(msg, kProtocolVersion);
    msg += a.token;
    putU64(msg, hello.interfaceHash);
    putU32(msg, hello.pid);
    msg += char(program.size());
    msg += program;
    if (!shared->stream.writeAll(msg.data(), msg.size(), deadline))
        return fail(why, "the world host did not take the handshake within " + std::to_string(timeoutMs) + " ms");
    char reply[kAcceptBytes];
    if (!shared->stream.readExact(reply, sizeof reply, deadline)) {
        const bool late = std::chrono::steady_clock::now() >= deadline;
        return fail(why, late ? "the world host did not answer the handshake within " + std::to_string(timeoutMs) + " ms"
                              : std::string("refused by the world host: the token in PLATFORM_SIM_HOST is not this host's "
                                            "(a host prints a new token each time it starts), or it is not a world host"));
    }
    if (std::string_view(reply, 8) != std::string_view(kMagic, 8))
        return fail(why, "the world host's answer is not a world host's (another program listens on that port?)");
    const uint16_t version = getU16(reply + 8);
    if (uint8_t(reply[10]) == kOtherInterface) {
        return fail(why, "the world host's simulator was built from other SDK headers than this process's (cplatform.h, "
                         "platform_sim.h): its calls would mean other functions here; use the same version of the "
                         "package for the host and every process that joins it");
    }
    if (uint8_t(reply[10]) != kAccepted) {
        return fail(why, "the world host speaks protocol version " + std::to_string(version) + ", this library " +
                             std::to_string(kProtocolVersion) + ": use the same version of the package for both");
    }
    shared->onFrame = std::move(onFrame);
    shared->onClosed = std::move(onClosed);
    if (why) why->clear();
    return std::make_unique<JoinedLink>(std::move(shared), getU32(reply + 11));
}

}  // namespace psim::join
