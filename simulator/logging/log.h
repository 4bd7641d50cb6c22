// log.h — the SDK's logging: per-client callback and file sinks fed by one simulator log thread.
//
// Why a thread: the real SDK logs from its own threads, so bindings must cope with log
// callbacks arriving off the thread that calls RunCallbacks. Lines are queued by emit() (cheap,
// may be called under the world lock: lock order is world -> log) and delivered by the log
// thread without any simulator lock held. The token filter (log_filter.h) runs on delivery.
//
// Flavour: a release build (default unless PLATFORM_SIM_DEBUG_BUILD or SetDebugBuild(true))
// emits only Warning and Error lines; a debug build also emits Info and Verbose, and every newly
// added sink of a client's main log first receives the debug-build warning line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "callback.h"

namespace psim::log {

enum Severity : int32_t { kVerbose = 1, kInfo = 2, kWarning = 3, kError = 4, kNone = 5 };

inline constexpr const char *kDebugBuildWarning =
    "This is a debug build of the platform SDK (simulator). Debug builds log at Info and Verbose "
    "levels and must not be shipped to players.";

// Queues a line for one client's main log (clientKey 0: every client's).
void emit(uint64_t clientKey, int32_t severity, std::string text);
// Queues a line for one client's voice log (AddVoiceLogCallback / SetVoiceLogDir sinks).
void emitVoice(uint64_t clientKey, int32_t severity, std::string text);
// Adds a callback sink; a NULL fn just releases the triple. voice selects the voice log.
void addCallback(uint64_t clientKey, Callback cb, int32_t minSeverity, bool voice);
// Appends to <path>/platform_sdk.log (voice: platform_sdk_voice.log); replaces the client's
// previous file sink of that log. False when the directory/file cannot be created or written.
bool setDir(uint64_t clientKey, const std::string &path, int32_t minSeverity, bool voice);

void clientCreated(uint64_t clientKey);
// Removes the client's sinks without waiting for anything: a delivery already in flight finishes,
// and each triple is released (fn_free) once no delivery holds it any more, possibly on the log
// thread right after that delivery returns. Stops the log thread when no client is left.
void clientDropped(uint64_t clientKey);

void registerSecret(std::string_view secret);
// The platform forgot it (oauth.cc's sweep of expired grants and codes): no longer filtered.
void forgetSecret(std::string_view secret);
// How many secrets the filter holds (PlatformSim_OAuthRecordCounts: a memory check).
size_t secretCount();
void setFilterEnabled(bool enabled);
// Nothing queued and no delivery in flight: every line emitted before this call has reached its
// sinks (lines are delivered in order).
bool idle();
void setDebugBuild(bool debug);
bool debugBuild();
// Whether a line of this severity can be emitted at all in this flavour: callers check it before
// building a line (a release build drops Info and Verbose, yet building them cost every request).
bool enabled(int32_t severity);

const char *severityName(int32_t severity);

}  // namespace psim::log
