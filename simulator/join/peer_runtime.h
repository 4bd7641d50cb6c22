// peer_runtime.h — the joined side's runtime beyond runtime.h's Call and callback table: what the
// exported entry points run themselves in a joined process (generated/dispatch.cc), and the local
// ClientResults a dead host's failed operations complete with (peer_runtime.cc).
//
// Connection: PLATFORM_SIM_HOST is read once when the library loads (a static initializer that
// only reads the variable: no thread, no socket, nothing that could wait under the Windows loader
// lock); the link is opened by the first forwarded call, on that call's thread. A link that fails
// to open, or closes, is never reopened: the process's clients are then disconnected for good.
#pragma once

#include <cstdint>

#include "cplatform.h"
#include "runtime.h"
#include "wire.h"

namespace psim::join {

// Platform_RunCallbacks of a joined process: runs what the host queued for it (never a round trip).
void runCallbacks();
// PlatformSim_LastError of a joined process: the error the host gave this thread's last
// PlatformSim_ call (or why the host could not be reached).
void lastError(Platform_String *out);
void storeLastError(Reader &reply);
// A control function run in this process (PlatformSim_HostStart, HostStop) set the local
// simulator's error: it becomes this thread's PlatformSim_LastError, which is the proxy's.
void adoptLocalLastError();
// A string argument over the wire's bound (the generator's LARGE_STRINGS): the call fails here,
// its PlatformSim_LastError saying why, as the host's reply would; returns false.
bool tooBigToCross(size_t bytes);
// Platform_ResetCallbacks' local half: this process's queued invocations are dropped (their
// triples' releases still run, at the next RunCallbacks).
void dropQueuedInvokes();
// The id the host gave this process (0 before the first call, or when it never connected).
uint32_t joinedPeerId();

// After Platform_Client_Drop returned from the host: what the host had already delivered for that
// client but this process had not run yet goes as in-process queued invocations go at Drop
// (events discarded; a completion runs now, with ClientDestroyed; releases run now).
void clientDropped(uint64_t clientKey);

// ClientResults made in this process for operations that end without the host (their client
// dropped, the host gone): their getters and drop run here (on the process's own simulator
// objects), never on the wire.
// Their handles carry kLocalResultTag (the top bit of the opaque word), which no key the host
// hands out has (engine/registry.h: a generation that high takes 2^41 objects), so a host result is
// never taken for a local one (64-bit processes; a 32-bit opaque has no bit to spare, and is not
// tagged); localHandle gives the local simulator's own handle (the tag off).
Platform_ClientResult localResult(LocalFailure why);
bool isLocalResult(const Platform_ClientResult *h);
Platform_ClientResult localHandle(const Platform_ClientResult *h);
void rememberLocalResult(Platform_ClientResult *h);  // tags *h (a local handle) and remembers it
void forgetLocalResult(const Platform_ClientResult *h);

}  // namespace psim::join
