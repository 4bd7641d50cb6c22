// api_support.h — helpers shared by the Client_* entry points that start one-shot ops.
#pragma once

#include <string>

#include "log.h"
#include "ops.h"
#include "results.h"
#include "world.h"

namespace psim {

// Registers a one-shot op on the client. A missing client orphans the op (ClientDestroyed at
// the next RunCallbacks) and returns nullptr.
inline ClientState *beginOp(WorldLock &lk, const Platform_Client *self, OpShape shape, const char *name,
                            Callback &cb, uint64_t *opId) {
    ClientState *c = findClient(lk.w, self);
    if (c == nullptr) {
        orphanOp(lk.w, shape, name, std::move(cb), lk.now);
        return nullptr;
    }
    *opId = addOp(lk.w, *c, shape, name, std::move(cb));
    return c;
}

// Completes the op at the next RunCallbacks with an error decided locally (nothing sent).
inline void failNow(WorldLock &lk, ClientState &c, uint64_t opId, const char *name, ResultData r) {
    std::string line = std::string(name) + ": " + r.error;
    completeAt(lk.w, c.key, opId, lk.now, outcomeOf(std::move(r)), std::move(line), log::kWarning);
}

// Replaces a Set*/Register* slot, or releases the triple when the client is missing.
inline void assignSlot(const Platform_Client *self, Slot slot, Callback cb) {
    WorldLock lk;
    if (ClientState *c = findClient(lk.w, self)) {
        setSlot(lk.w, *c, slot, std::move(cb));
    } else {
        lk.w.trash.callbacks.push_back(std::move(cb));
    }
}

}  // namespace psim
