// peer_clients.h — the clients of joined processes, as a world host's simulator keeps them
// (simulator/join/host_runtime.cc; docs/simulator.md, "One world for several processes"). A
// client made by a joined process carries its peer id (ClientState::ownerPeer): its callbacks run
// when that process calls Platform_RunCallbacks (runPeerInvocations, on the host), never in this
// process's own Platform_RunCallbacks.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace psim {

// True while this process serves a world host. Read (relaxed) when an invocation is queued: in a
// process that never serves, the only cost of the joined processes' queues (world.h: Scheduler::peers).
inline std::atomic<bool> g_servingPeers{false};
// The longest string a call or its reply carries between a joined process and its world host
// (wire.h's kMaxWireString, the ABI's bound on a string argument; host_runtime.cc checks they agree).
inline constexpr size_t kMaxJoinedString = 16u << 20;
// A world document over that bound cannot cross to a joined process: the error its
// PlatformSim_WorldSave/WorldView/WorldLoad fails with (bytes: the document's size).
std::string worldTooBigToCross(size_t bytes);

// The joined process whose call this thread runs (the host's dispatcher sets it): invocations
// queued meanwhile are that process's when no live client carries them (Invocation::peer).
inline thread_local uint32_t t_callingPeer = 0;

// Platform_RunCallbacks of a joined process, run on the host, one invocation at a time: the next
// due invocation of its clients, by `*now`, queued before `*seqLimit` (0 on the first part: set
// to the run's start); true when one ran (call again with the same bounds). One at a time, so that
// the process has run each callback before the host delivers the next: a callback reads the world
// as in-process (a message still in its client's cache, a lobby not yet left).
bool runPeerInvocations(uint32_t peer, uint64_t *now, uint64_t *seqLimit);
// Platform_ResetCallbacks of a joined process: only its clients' queued invocations go.
void resetPeerCallbacks(uint32_t peer);

// The keys of the clients `peer` made.
std::vector<uint64_t> clientsOf(uint32_t peer);
// The process that made them is gone: their sessions end as the gateway sees a closed socket
// (closeSession: UnexpectedClose), which takes their users out of lobbies and calls.
void endPeerSessions(uint32_t peer);
// After its clients were dropped: the invocations its calls queued without a live client (an
// operation on a dropped client) go too, unrun, as nobody will run them (their triples released).
void dropPeerInvocations(uint32_t peer);

// What waits on the host for a joined process's Platform_RunCallbacks, and the events dropped
// because kMaxPeerQueued (world.h) were waiting (PlatformSim_HostPeers reports both).
struct PeerQueueCounts {
    uint64_t queued = 0;
    uint64_t droppedEvents = 0;
};
PeerQueueCounts peerQueueCounts(uint32_t peer);

}  // namespace psim
