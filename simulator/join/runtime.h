// runtime.h — what the generated proxy (simulator/join/generated/) calls: the joined side's
// calls and callback table, the host's per-peer state. Implemented in join/peer_*.cc and
// join/host_*.cc on top of link.h; the codec is wire.h.
//
// Frames (first byte = FrameKind), all integers little-endian (wire.h):
//   peer -> host  Call      u64 callId, u32 fnId, args…            (a Reply follows)
//                 Post      u32 fnId, args…                        (no Reply: the _Drop functions)
//   host -> peer  Reply     u64 callId, results…, [PlatformSim_* only: string lastError]
//                 Invoke    u64 callId (0 = asynchronous), u64 cbId, u32 cbType, args…
//                 Release   u64 callId (0 = asynchronous), u64 cbId      (the triple's fn_free)
//                 Log       u64 cbId, u32 cbType, args…                (log thread)
//                 Audio     u64 cbId, u32 cbType, args…                (audio thread, Lossy)
// An Invoke/Release with callId != 0 happened on the host while it ran that call (e.g.
// Client_Drop's completions): the joined process runs it on the calling thread before the call
// returns. Every other Invoke/Release waits for the joined process's Platform_RunCallbacks; a
// Release of a log or audio triple goes to the thread that runs it (after its last call).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "cplatform.h"
#include "wire.h"

namespace psim::join {

enum class FrameKind : uint8_t { Call = 1, Post = 2, Reply = 3, Invoke = 4, Release = 5, Log = 6, Audio = 7 };

// ---- joined side -------------------------------------------------------------------------------
// True when this process joined a host (PLATFORM_SIM_HOST was set when the library loaded).
// Read by every exported entry point: a plain load of a value fixed before main().
namespace detail {
extern bool g_joined;
}
inline bool joined() noexcept { return detail::g_joined; }

// One forwarded call. The generated stub writes the arguments into `args`, then `finish()`
// sends it, waits for the Reply (running inline Invoke/Release frames on this thread before it
// returns) and hands back a reader of the results. With the host gone (or going while waiting),
// the reader is a failed one: every read returns 0 / "" / an empty span, so the stub returns its
// type's default at once.
class Call {
public:
    explicit Call(uint32_t fnId);
    Writer args;
    Reader &finish();
    // A call that needs no reply (the _Drop functions): queued, never waited for.
    void post();
private:
    uint64_t id_ = 0;
    uint32_t fnId_ = 0;
    std::string reply_;
    Reader reader_;
};

// Callback triples handed to the host: the stub registers (fn, fn_free, ud) under a new id and
// writes the id; the host's trampolines name it in Invoke/Release frames. `owner` is the client's
// opaque key (0 = none) so a dead host can fail the pending ones of that client; `oneShot` marks
// an operation's completion (failed with a NetworkError result when the host dies).
uint64_t registerCallback(uint32_t cbType, void *fn, Platform_FreeFn fnFree, void *ud, uint64_t owner, bool oneShot);

// ---- generated on the joined side (per callback typedef) -----------------------------------------
// Decodes an Invoke's arguments and calls fn (generated: join/generated/peer_callbacks.cc); false
// (fn not called) when the arguments are malformed.
bool invokeCallback(uint32_t cbType, void *fn, void *ud, Reader &args);
// Calls fn as an operation ends without the host: its client dropped (ClientDestroyed) or the host
// gone (NetworkError), with a ClientResult made in this process; false for a type that is not an
// operation's completion.
// CallTooBig: the operation's call was over kMaxFrameBytes and never reached the host.
enum class LocalFailure : uint8_t { HostGone, ClientDestroyed, CallTooBig };
bool failCallback(uint32_t cbType, void *fn, void *ud, LocalFailure why);
// Which thread of the joined process runs a callback type.
inline constexpr uint32_t kLaneQueue = 0;  // Platform_RunCallbacks (or inline, in the call)
inline constexpr uint32_t kLaneLog = 1;    // the log thread
inline constexpr uint32_t kLaneAudio = 2;  // the audio thread
uint32_t callbackLane(uint32_t cbType);

// ---- host side -------------------------------------------------------------------------------------
// One joined process as the host sees it (host_runtime.cc). Thread-safe.
class Peer {
public:
    virtual ~Peer() = default;
    virtual uint32_t id() const = 0;
    // The objects the host handed this process, by class (ClassTag, generated from the headers'
    // handle structs) and first opaque word: arguments must name one of them (or be zero), and
    // they are dropped with psimLocal_<Class>_Drop when the process goes.
    virtual bool owns(uint32_t classTag, uint64_t key) const = 0;
    virtual void adopt(uint32_t classTag, const void *handle) = 0;   // created for the peer (out, callback argument)
    virtual void forget(uint32_t classTag, const void *handle) = 0;  // the peer dropped it
    // The triple the host passes to psimLocal_… for the peer's callback `cbId` of type `cbType`:
    // fn = the generated trampoline of that type, fnFree = releaseTrampoline, ud = a box naming
    // (peer, cbId) that releaseTrampoline deletes.
    struct Triple {
        void *fn = nullptr;
        Platform_FreeFn fnFree = nullptr;
        void *ud = nullptr;
    };
    virtual Triple callback(uint32_t cbType, uint64_t cbId) = 0;
};

// Called by the generated trampolines (any host thread, no simulator lock held) with the box of
// the triple. sendInvoke tags the frame with the peer's call when the host is running one of that
// peer's calls on this thread (inline), else queues it for the peer's RunCallbacks; sendLog and
// sendAudio go to the peer's log / audio thread (audio on the Lossy lane). Once the peer is gone
// they send nothing.
void sendInvoke(void *ud, uint32_t cbType, Writer &args);
void sendLog(void *ud, uint32_t cbType, Writer &args);
void sendAudio(void *ud, uint32_t cbType, Writer &args);
void releaseTrampoline(void *ud);  // Platform_FreeFn of every triple the host hands out for a peer

// Generated (host_dispatch.cc): the trampoline of a callback type; how to drop an object of a
// class when its peer goes (psimLocal_<Class>_Drop; Client: psimLocal_Platform_Client_Drop),
// given its opaque words; how many words a class's handle has.
void *trampolineFor(uint32_t cbType);
void dropObject(uint32_t classTag, const uint64_t *words);
size_t handleWords(uint32_t classTag);

// Runs one Call/Post frame for `peer` (generated: join/generated/host_dispatch.cc). Writes the
// Reply's results into `reply`; false when the frame is malformed or names an object that is not
// that peer's (the peer is then disconnected).
bool dispatchCall(Peer &peer, uint32_t fnId, Reader &args, Writer &reply);

}  // namespace psim::join
