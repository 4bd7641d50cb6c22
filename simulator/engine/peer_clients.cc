// peer_clients.cc — see peer_clients.h.
#include "peer_clients.h"

#include "client_state.h"
#include "connection.h"
#include "voice.h"
#include "world.h"

namespace psim {

namespace {
// A WebSocket closed without a close frame (RFC 6455's 1006): what the gateway sees of a process
// that died or lost its link to the world host.
constexpr int32_t kCloseAbnormal = 1006;
}  // namespace

std::string worldTooBigToCross(size_t bytes) {
    return "the world document is " + std::to_string(bytes >> 20) +
           " MiB: a joined process's call carries at most 16 MiB to or from the world host; load or save "
           "a larger world in the host process (simulator serve --fixture <file>, or PlatformSim_WorldLoad there)";
}

std::vector<uint64_t> clientsOf(uint32_t peer) {
    WorldLock lk;
    std::vector<uint64_t> keys;
    for (const auto &[key, c] : lk.w.clients) {
        if (c->ownerPeer == peer) keys.push_back(key);
    }
    return keys;
}

void endPeerSessions(uint32_t peer) {
    WorldLock lk;
    for (auto &[key, c] : lk.w.clients) {
        if (c->ownerPeer != peer) continue;
        onResetVoice(lk.w, *c, lk.now);
        closeSession(lk.w, *c, Platform_Client_Error_UnexpectedClose, kCloseAbnormal, lk.now, "the process went away");
    }
}

void dropPeerInvocations(uint32_t peer) {
    WorldLock lk;
    auto it = lk.w.sched.peers.find(peer);
    if (it == lk.w.sched.peers.end()) return;
    for (auto &[key, inv] : it->second.invocations) lk.w.trash.closures.push_back(std::move(inv.fn));  // released after the lock
    lk.w.sched.peers.erase(it);
}

PeerQueueCounts peerQueueCounts(uint32_t peer) {
    WorldLock lk;
    auto it = lk.w.sched.peers.find(peer);
    if (it == lk.w.sched.peers.end()) return {};
    return {it->second.invocations.size(), it->second.droppedEvents};
}

}  // namespace psim
