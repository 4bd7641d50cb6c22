// api_support.h — helpers shared by the C ABI entry points: reaching a client or a handle's
// state under the world lock, and starting one-shot ops (the Client_* requests).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "directory.h"
#include "lobbies.h"
#include "log.h"
#include "network.h"
#include "ops.h"
#include "registry.h"
#include "results.h"
#include "world.h"

namespace psim {

// f(WorldLock&, ClientState&) under the lock (due timers run first); `fallback` when the client
// is unknown (never initialised, dropped, or a zeroed struct).
template <class R, class F>
R withClient(const Platform_Client *self, R fallback, F &&f) {
    WorldLock lk;
    ClientState *c = findClient(lk.w, self);
    if (c == nullptr) return fallback;
    return std::forward<F>(f)(lk, *c);
}

// f(World&, ClientState&, const Data&) for a handle whose Data names its client (`clientKey`),
// under a WorldPeek (getters change nothing); `fallback` once the handle or its client is gone.
template <class Data, class S, class R, class F>
R withHandle(S *self, R fallback, F &&f) {
    if (self == nullptr) return fallback;
    const auto h = Registry<Data>::get().copy(self->opaque);
    if (!h) return fallback;
    WorldPeek lk;
    ClientState *c = findClient(lk.w, h->clientKey);
    if (c == nullptr) return fallback;
    return std::forward<F>(f)(lk.w, *c, *h);
}

// Registers a one-shot op on the client. A missing client orphans the op (ClientDestroyed at
// the next RunCallbacks) and returns nullptr.
inline ClientState *beginOp(WorldLock &lk, const Platform_Client *self, OpShape shape, const char *name,
                            Callback &cb, uint64_t *opId, Callback *aux = nullptr) {
    ClientState *c = findClient(lk.w, self);
    if (c == nullptr) {
        orphanOp(lk.w, shape, name, std::move(cb), lk.now, aux != nullptr ? std::move(*aux) : Callback{});
        return nullptr;
    }
    *opId = addOp(lk.w, *c, shape, name, std::move(cb), aux != nullptr ? std::move(*aux) : Callback{});
    return c;
}

// Completes the op at the next RunCallbacks with an error decided locally (nothing sent).
inline void failNow(WorldLock &lk, ClientState &c, uint64_t opId, const char *name, ResultData r) {
    std::string line = std::string(name) + ": " + r.error;
    completeAt(lk.w, c.key, opId, lk.now, outcomeOf(std::move(r)), std::move(line), log::kWarning);
}

// The SDK knows locally that the current user is a provisional account: the op's
// provisional-merge-required triple fires, then the main callback gets a ValidationError, both
// at the next RunCallbacks (nothing is sent). True when the op was completed that way.
inline bool completeIfMergeRequired(WorldLock &lk, ClientState &c, uint64_t opId, const char *name) {
    const User *u = findUser(lk.w, c.sessionUserId);
    if (u == nullptr || !u->provisional) return false;
    OpOutcome out = outcomeOf(result::validation("provisional account: merge required"));
    out.mergeRequired = true;
    std::string line = std::string(name) + ": the current user is a provisional account; merge required";
    completeAt(lk.w, c.key, opId, lk.now, std::move(out), std::move(line), log::kWarning);
    return true;
}

// What a chat request knows about its client when the platform handles it.
struct ChatCtx {
    uint64_t key = 0;
    uint64_t user = 0;  // the session's user
    uint64_t app = 0;   // clientApp()
    // The client's, viewed: a context lives for one request, under the world lock (a copy was one
    // more heap string per lobby message sent).
    std::string_view webBase;
};

// The common shape of the lobby/message/guild requests: the op is registered; local validation
// (ValidationError); an established session is required (ClientNotReady); optionally the
// provisional-merge-required path; then one request through the simulated network.
// validate(World&, ClientState&) -> std::optional<std::string>;
// server(World&, const ChatCtx&, uint64_t serverTime) -> OpOutcome.
template <class Validate, class Server>
void chatRequest(const Platform_Client *self, const char *name, OpShape shape, Callback cb, const std::string &method,
                 const std::string &path, const std::string &body, Validate &&validate, Server &&server,
                 Callback *aux = nullptr, bool mergeRequiredForProvisional = false) {
    WorldLock lk;
    uint64_t opId = 0;
    ClientState *c = beginOp(lk, self, shape, name, cb, &opId, aux);
    if (c == nullptr) return;
    if (std::optional<std::string> err = validate(lk.w, *c)) return failNow(lk, *c, opId, name, result::validation(*err));
    if (!hasSession(*c)) return failNow(lk, *c, opId, name, result::notReady());
    if (mergeRequiredForProvisional && completeIfMergeRequired(lk, *c, opId, name)) return;
    const ChatCtx ctx{c->key, c->sessionUserId, clientApp(lk.w, *c), c->webBase};
    runRequest(lk.w, *c, opId, RequestSpec{name, method, path, c->token, body}, lk.now,
               [&](World &w, uint64_t t) { return server(w, ctx, t); });
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
