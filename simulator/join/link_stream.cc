// link_stream.cc — see link_stream.h. The reader and the writer wait in slices of kSliceMs and
// re-check the close flag, so a close is seen within a slice even where shutdown() does not wake
// a waiting select() (Winsock); on POSIX it wakes at once.
#include "link_stream.h"

#include <memory>
#include <vector>

namespace psim::join {

namespace {

constexpr uint32_t kSliceMs = 200;
constexpr size_t kHeaderBytes = 5;
constexpr size_t kChunkBytes = 64u << 10;
constexpr uint8_t kHeartbeat = 0, kData = 1;

uint32_t sliceUntil(SteadyTime deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return 0;
    return left < kSliceMs ? uint32_t(left) : kSliceMs;
}

void putHeader(std::string &out, size_t payload, uint8_t kind) {
    putU32(out, uint32_t(payload + 1));
    out += char(kind);
}

}  // namespace

void putU16(std::string &s, uint16_t v) {
    s += char(v & 0xff);
    s += char(v >> 8);
}
void putU32(std::string &s, uint32_t v) {
    for (int i = 0; i < 4; ++i) s += char((v >> (8 * i)) & 0xff);
}
void putU64(std::string &s, uint64_t v) {
    putU32(s, uint32_t(v));
    putU32(s, uint32_t(v >> 32));
}
uint16_t getU16(const char *p) {
    return uint16_t(uint8_t(p[0]) | uint8_t(p[1]) << 8);
}
uint32_t getU32(const char *p) {
    return uint32_t(uint8_t(p[0])) | uint32_t(uint8_t(p[1])) << 8 | uint32_t(uint8_t(p[2])) << 16 | uint32_t(uint8_t(p[3])) << 24;
}
uint64_t getU64(const char *p) {
    return uint64_t(getU32(p)) | uint64_t(getU32(p + 4)) << 32;
}

Stream::Stream(net::Socket s, size_t queueLimit, std::string overflowWhy)
    : sock_(std::move(s)), queueLimit_(queueLimit), overflowWhy_(std::move(overflowWhy)) {}

Stream::~Stream() {
    close("closed");
    if (writer_.joinable()) {
        if (writer_.get_id() == std::this_thread::get_id()) writer_.detach();
        else writer_.join();
    }
}

void Stream::close(std::string_view why) {
    {
        std::lock_guard<std::mutex> lk(m_);
        if (closed_.load(std::memory_order_relaxed)) return;
        why_.assign(why);
        closed_.store(true, std::memory_order_release);
        // Under the lock: finish() closes the socket under it too, so this never reaches a
        // handle number the OS has since given to another socket.
        if (sock_.valid()) net::shutdownBoth(sock_.get());
    }
    cv_.notify_all();
}

std::string Stream::closeReason() const {
    std::lock_guard<std::mutex> lk(m_);
    return why_;
}

size_t Stream::bytesQueued() const {
    std::lock_guard<std::mutex> lk(m_);
    return queued_;
}

Stream::Push Stream::push(std::string frame, Lane lane) {
    const size_t bytes = frame.size() + kHeaderBytes;
    {
        std::lock_guard<std::mutex> lk(m_);
        if (closed_.load(std::memory_order_relaxed)) return Push::Closed;
        if (frame.size() > kMaxFrameBytes || queued_ + bytes > queueLimit_) {
            if (lane == Lane::Lossy && frame.size() <= kMaxFrameBytes) {
                lossyDropped_.fetch_add(1, std::memory_order_relaxed);
                return Push::Dropped;
            }
        } else {
            queue_.push_back(std::move(frame));
            queued_ += bytes;
            cv_.notify_one();
            return Push::Queued;
        }
    }
    // A Reliable frame that does not fit (or a frame over the bound, which the other side would
    // refuse anyway): the link cannot keep its promise of whole, ordered frames; end it.
    close(frame.size() > kMaxFrameBytes ? "a frame over kMaxFrameBytes was sent" : overflowWhy_);
    return Push::Overflow;
}

void Stream::startWriter() {
    writer_ = std::thread([this] { writerLoop(); });
}

bool Stream::sendAll(const char *p, size_t n) {
    while (n > 0) {
        if (closed()) return false;
        const long r = net::sendSome(sock_.get(), p, n);
        if (r > 0) {
            p += r;
            n -= size_t(r);
        } else if (r == net::kWouldBlock || r == 0) {
            if (net::waitWritable(sock_.get(), kSliceMs) == net::Wait::Error) {
                close("connection lost: " + net::lastErrorText());
                return false;
            }
        } else {
            close("connection lost: " + net::lastErrorText());
            return false;
        }
    }
    return true;
}

void Stream::writerLoop() {
    using std::chrono::milliseconds;
    std::deque<std::string> batch;
    std::string out;
    auto lastSent = std::chrono::steady_clock::now();
    for (;;) {
        {
            std::unique_lock<std::mutex> lk(m_);
            cv_.wait_until(lk, lastSent + milliseconds(kHeartbeatMs),
                           [&] { return closed_.load(std::memory_order_relaxed) || !queue_.empty(); });
            if (closed_.load(std::memory_order_relaxed)) return;
            batch.swap(queue_);  // still counted in queued_ until written
        }
        out.clear();
        size_t bytes = 0;
        if (batch.empty()) {  // idle for kHeartbeatMs: tell the other side we are alive
            putHeader(out, 0, kHeartbeat);
            if (!sendAll(out.data(), out.size())) return;
            lastSent = std::chrono::steady_clock::now();
            continue;
        }
        // Small frames go out together (one send), large ones straight from their string.
        for (const std::string &f : batch) {
            putHeader(out, f.size(), kData);
            bytes += f.size() + kHeaderBytes;
            if (f.size() < kChunkBytes) {
                out += f;
                if (out.size() < kChunkBytes) continue;
                if (!sendAll(out.data(), out.size())) return;
            } else {
                if (!sendAll(out.data(), out.size()) || !sendAll(f.data(), f.size())) return;
            }
            out.clear();
        }
        if (!out.empty() && !sendAll(out.data(), out.size())) return;
        framesOut_.fetch_add(batch.size(), std::memory_order_relaxed);
        batch.clear();
        if (out.capacity() > 4 * kChunkBytes) std::string().swap(out);
        {
            std::lock_guard<std::mutex> lk(m_);
            queued_ -= bytes;
        }
        lastSent = std::chrono::steady_clock::now();
    }
}

bool Stream::readLoop(const std::function<void(std::string_view)> &onFrame, const char *silentWhy) {
    std::vector<char> chunk(kChunkBytes);
    std::string buf;  // received, not yet handed up: at most one frame plus one chunk
    auto lastHeard = std::chrono::steady_clock::now();
    while (!closed()) {
        const net::Wait w = net::waitReadable(sock_.get(), kSliceMs);
        if (closed()) break;
        if (w == net::Wait::Error) {
            close("connection lost: " + net::lastErrorText());
            break;
        }
        if (w == net::Wait::Timeout) {
            if (std::chrono::steady_clock::now() - lastHeard >= std::chrono::milliseconds(kSilenceMs)) {
                close(silentWhy);
                break;
            }
            continue;
        }
        const long n = net::recvSome(sock_.get(), chunk.data(), chunk.size());
        if (n == net::kWouldBlock) continue;
        if (n == 0) {
            close("connection closed by the other side");
            break;
        }
        if (n < 0) {
            close("connection lost: " + net::lastErrorText());
            break;
        }
        buf.append(chunk.data(), size_t(n));
        size_t pos = 0;
        while (buf.size() - pos >= 4 && !closed()) {
            const uint32_t len = getU32(buf.data() + pos);
            if (len == 0 || len > kMaxFrameBytes + 1) {
                close("malformed frame (length out of bounds)");
                return true;
            }
            if (buf.size() - pos - 4 < len) break;  // not all here yet
            const uint8_t kind = uint8_t(buf[pos + 4]);
            if (kind == kData) {
                framesIn_.fetch_add(1, std::memory_order_relaxed);
                onFrame(std::string_view(buf.data() + pos + kHeaderBytes, len - 1));
            } else if (kind != kHeartbeat || len != 1) {
                close("malformed frame (unknown kind)");
                return true;
            }
            pos += 4 + size_t(len);
        }
        buf.erase(0, pos);
        if (buf.empty() && buf.capacity() > 4 * kChunkBytes) std::string().swap(buf);  // a big frame's room
        // Silence counts while listening: time spent in onFrame is not the other side's.
        lastHeard = std::chrono::steady_clock::now();
    }
    return false;
}

void Stream::finish() {
    close("closed");
    if (writer_.joinable() && writer_.get_id() != std::this_thread::get_id()) writer_.join();
    std::lock_guard<std::mutex> lk(m_);
    sock_.reset();
    queue_.clear();
    queued_ = 0;
}

bool Stream::readExact(char *buf, size_t n, SteadyTime deadline) {
    while (n > 0) {
        if (closed()) return false;
        const uint32_t slice = sliceUntil(deadline);
        if (slice == 0) return false;
        const net::Wait w = net::waitReadable(sock_.get(), slice);
        if (w == net::Wait::Error) return false;
        if (w == net::Wait::Timeout) continue;
        const long r = net::recvSome(sock_.get(), buf, n);
        if (r == net::kWouldBlock) continue;
        if (r <= 0) return false;
        buf += r;
        n -= size_t(r);
    }
    return true;
}

bool Stream::writeAll(const char *buf, size_t n, SteadyTime deadline) {
    while (n > 0) {
        if (closed()) return false;
        const long r = net::sendSome(sock_.get(), buf, n);
        if (r > 0) {
            buf += r;
            n -= size_t(r);
            continue;
        }
        if (r != net::kWouldBlock && r != 0) return false;
        const uint32_t slice = sliceUntil(deadline);
        if (slice == 0 || net::waitWritable(sock_.get(), slice) == net::Wait::Error) return false;
    }
    return true;
}

}  // namespace psim::join
