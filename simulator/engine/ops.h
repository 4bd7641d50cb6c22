// ops.h — the generic pending-request machinery shared by every area: registering a one-shot
// op on a client, queueing its completion, queueing events to Set*/Register* slots. Later
// areas (lobbies, messages, ...) add OpShapes and reuse these.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "client_state.h"
#include "world.h"

namespace psim {

// World lock held for all of these.

// Registers an op; returns its id. `aux` is the optional second triple (released with the op).
uint64_t addOp(World &w, ClientState &c, OpShape shape, std::string name, Callback cb, Callback aux = {});

// Queues the op's completion at `due`. `logLine` (if not empty) is emitted to the client's log
// with `logSeverity` when the completion is delivered.
void completeAt(World &w, uint64_t clientKey, uint64_t opId, uint64_t due, OpOutcome out,
                std::string logLine = {}, int32_t logSeverity = 0);

// An op started on a missing (dropped/zeroed) client: completes with ClientDestroyed at the
// next RunCallbacks (every completion is delivered only there).
void orphanOp(World &w, OpShape shape, std::string name, Callback cb, uint64_t now, Callback aux = {});

using Slot = std::shared_ptr<Callback> ClientState::*;
// Queues a call of the client's callback in `slot`, looked up at delivery time. `gateway`: a
// gateway event, held while the client is Reconnecting (Invocation::gateway).
void queueSlotEvent(World &w, uint64_t clientKey, uint64_t due, Slot slot,
                    std::function<void(const Callback &)> call, bool gateway = false);

// Replaces a slot's callback (the old one is released after the world lock is dropped).
void setSlot(World &w, ClientState &c, Slot slot, Callback cb);

// Removes the queued invocations and timers of every client for which gone(clientKey) is true;
// the invocations' closures are released after the world lock is dropped. Their ops must be
// handled by the caller.
void dropScheduledOf(World &w, const std::function<bool(uint64_t clientKey)> &gone);

// Removes every queued invocation and timer of one client.
inline void dropInvocationsOf(World &w, uint64_t clientKey) {
    dropScheduledOf(w, [clientKey](uint64_t k) { return k == clientKey; });
}

}  // namespace psim
