// host_runtime.h — what the generated host dispatcher and trampolines (generated/host_dispatch.cc)
// use beyond runtime.h: arguments borrowed from a frame, the checks of the objects a peer names,
// the replies' out-values (freed here once written), and the objects handed to a peer.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string_view>
#include <vector>

#include "cplatform.h"
#include "ids.h"
#include "local_decls.h"
#include "runtime.h"
#include "wire.h"
#include "wire_values.h"

namespace psim::join {

// Arguments that point into the frame (strings) or into storage that lives for the call (maps,
// nullable strings): the simulator borrows them for the call, as from any caller.
class Scratch {
public:
    Platform_String str(std::string_view v) {
        return {reinterpret_cast<uint8_t *>(const_cast<char *>(v.data())), v.size()};
    }
    Platform_String *strPtr(std::string_view v) { return &strings_.emplace_back(str(v)); }
    Platform_Properties props(Reader &r) {
        const uint32_t n = r.count();
        auto &keys = lists_.emplace_back();
        auto &values = lists_.emplace_back();
        keys.reserve(n);
        values.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
            keys.push_back(str(r.str()));
            values.push_back(str(r.str()));
        }
        return {n, keys.data(), values.data()};
    }
    template <typename H>
    H *handle(Reader &r) {
        auto &words = words_.emplace_back();
        r.handle(reinterpret_cast<H *>(words.data()));
        return reinterpret_cast<H *>(words.data());
    }

private:
    std::deque<Platform_String> strings_;
    std::deque<std::vector<Platform_String>> lists_;
    std::deque<std::array<void *, kMaxHandleWords>> words_;
};

bool heldByAnotherPeer(const Peer &peer, uint32_t classTag, uint64_t key);

// An object argument: zero (no object) or one the host handed this peer passes as it is; one
// another process holds refuses the call (the peer is disconnected); any other key (a dropped
// object's, a guess) is read as no object, as in-process a stale key is a lookup miss, so a peer
// can never reach the host's own objects.
template <typename H>
bool checkIn(const Peer &peer, ClassTag tag, H *h) {
    const uint64_t key = handleKey(h);
    if (key == 0 || peer.owns(static_cast<uint32_t>(tag), key)) return true;
    if (heldByAnotherPeer(peer, static_cast<uint32_t>(tag), key)) return false;
    std::memset(static_cast<void *>(h), 0, sizeof(H));
    return true;
}

// An out-handle's value before the call: no key has every bit set, so an unchanged one was not written.
template <typename H>
void unwritten(H *h) {
    std::memset(static_cast<void *>(h), 0xFF, sizeof(H));
}

inline void replyString(Writer &w, bool has, Platform_String &s) {
    const bool written = has && s.ptr != nullptr;  // the simulator never writes a NULL string
    w.boolean(written);
    if (!written) return;
    w.str(view(s));
    psimLocal_Platform_Free(s.ptr);
}

inline void replyProps(Writer &w, bool has, Platform_Properties &p) {
    const bool written = has && (p.keys != nullptr || p.values != nullptr);
    w.boolean(written);
    if (!written) return;
    writeProps(w, p);
    psimLocal_Platform_FreeProperties(p);
}

template <typename H>
void replyHandle(Peer &peer, Writer &w, bool has, ClassTag tag, const H &h) {
    H none;
    unwritten(&none);
    const bool written = has && std::memcmp(&h, &none, sizeof(H)) != 0;
    w.boolean(written);
    if (!written) return;
    w.handle(&h);
    if (handleKey(&h) != 0) peer.adopt(static_cast<uint32_t>(tag), &h);
}

template <typename Span>
void replyHandleSpan(Peer &peer, Writer &w, bool has, ClassTag tag, Span &s) {
    const bool written = has && s.ptr != nullptr;
    w.boolean(written);
    if (!written) return;
    w.u32(static_cast<uint32_t>(s.size));
    for (size_t i = 0; i < s.size; ++i) {
        w.handle(&s.ptr[i]);
        if (handleKey(&s.ptr[i]) != 0) peer.adopt(static_cast<uint32_t>(tag), &s.ptr[i]);
    }
    psimLocal_Platform_Free(s.ptr);
}

inline void replyValueSpan(Writer &w, bool has, Platform_UInt64Span &s) {
    const bool written = has && s.ptr != nullptr;
    w.boolean(written);
    if (!written) return;
    w.u32(static_cast<uint32_t>(s.size));
    for (size_t i = 0; i < s.size; ++i) w.u64(s.ptr[i]);
    psimLocal_Platform_Free(s.ptr);
}

// The host's PlatformSim_LastError after a control call, for the joined thread that made it.
inline void replyLastError(Writer &w) {
    Platform_String e{};
    psimLocal_PlatformSim_LastError(&e);
    w.str(view(e));
    psimLocal_Platform_Free(e.ptr);
}

// An object a callback hands its receiver: the peer of the box `ud` adopts it; with that peer
// gone, nobody will drop it, so it is dropped here.
void handOverWords(void *ud, uint32_t classTag, const void *handle);
template <typename H>
void handOver(void *ud, ClassTag tag, const H *h) {
    if (handleKey(h) != 0) handOverWords(ud, static_cast<uint32_t>(tag), h);
}

template <typename Span>
void writeCallbackSpan(Writer &w, void *ud, ClassTag tag, Span s) {
    const size_t n = s.ptr != nullptr ? s.size : 0;
    w.u32(static_cast<uint32_t>(n));
    for (size_t i = 0; i < n; ++i) {
        w.handle(&s.ptr[i]);
        handOver(ud, tag, &s.ptr[i]);
    }
    psimLocal_Platform_Free(s.ptr);  // the span's array is the receiver's: this trampoline's
}

inline void writeSamples(Writer &w, const int16_t *data, uint64_t samplesPerChannel, uint64_t channels) {
    const uint64_t n = data != nullptr && channels <= 8 && samplesPerChannel <= kMaxWireItems ? samplesPerChannel * channels : 0;
    w.u32(static_cast<uint32_t>(n));
    for (uint64_t i = 0; i < n; ++i) w.num<int16_t>(data[i]);
}

// Platform_ResetCallbacks from a peer: only its clients' queued invocations.
void resetCallbacksOf(Peer &peer);
// Platform_RunCallbacks from a peer (one part of it): the next due invocation of its clients runs
// here, on the peer's reader thread, inside its call: its trampoline sends it tagged with the
// call, and the peer runs it on its calling thread before the call returns. Arguments: u64 now, u64 seqLimit (0, 0:
// a run that starts now); reply: bool more, u64 now, u64 seqLimit (the next part's arguments).
bool runCallbacksOf(Peer &peer, Reader &args, Writer &reply);
// A client the peer made (Client_Init*): its invocations go to the host's pump.
void clientCreated(Peer &peer, const Platform_Client &client);

}  // namespace psim::join
