/*
 * platform_sim.h — control ABI of the simulator (libplatform_partner_sdk built from
 * vendor/platform-sdk/simulator). Only the simulator exports these symbols; the real vendor
 * library does not, which is how a loader tells the two apart (PlatformSim_AbiVersion).
 *
 * The simulator models one platform per process: every Platform_Client in the process talks to
 * the same simulated users, applications, tokens and clock. All functions are thread-safe.
 *
 * Conventions follow cplatform.h: strings in are borrowed (UTF-8, not NUL-terminated); strings
 * out are allocated with Platform_Alloc and freed by the caller with Platform_Free. Functions that
 * can fail return 0/false and leave a message for PlatformSim_LastError on the calling thread.
 * Ids are snowflakes (uint64); 0 is never a valid id.
 */
#pragma once
#ifndef PLATFORM_HEADER_PLATFORM_SIM_H_
#define PLATFORM_HEADER_PLATFORM_SIM_H_

#include "cplatform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever a PlatformSim_* signature changes. */
#define PLATFORM_SIM_ABI_VERSION 1

typedef enum PlatformSim_Consent {
    PlatformSim_Consent_Approve = 0, /* the given user approves the next Authorize */
    PlatformSim_Consent_Deny = 1,    /* the user clicks "cancel": AuthorizationFailed, access_denied */
    PlatformSim_Consent_Timeout = 2, /* the user never answers: fails after the authorize timeout */
    PlatformSim_Consent_forceint = 0x7FFFFFFF
} PlatformSim_Consent;

PLATFORM_API int32_t PlatformSim_AbiVersion(void);

/* Message of the last failed PlatformSim_* call on this thread (empty when none). */
PLATFORM_API void PlatformSim_LastError(Platform_String *out);

/* Back to an empty platform: no users, applications, tokens, pending authorizations or queued
 * callbacks of clients that no longer exist; clock and network settings back to defaults.
 * Existing clients are disconnected (status Disconnected, error UnexpectedClose). */
PLATFORM_API void PlatformSim_Reset(void);

/* --- users and applications ---------------------------------------------------------------- */
PLATFORM_API uint64_t PlatformSim_CreateUser(Platform_String username, Platform_String displayName,
                                             bool provisional);
/* parentApplicationId != 0 makes a child application (ExchangeChildToken). publisherId == 0
 * creates a new publisher. Returns 0 on error (unknown publisher/parent). */
PLATFORM_API uint64_t PlatformSim_CreateApplication(Platform_String name, uint64_t publisherId,
                                                    uint64_t parentApplicationId,
                                                    Platform_String coverImage);
PLATFORM_API uint64_t PlatformSim_ApplicationPublisher(uint64_t applicationId);

/* --- authorization ------------------------------------------------------------------------- */
/* Who answers the next Client_Authorize consent screen. userId is used only with Approve.
 * If an authorization is already waiting for consent, the decision applies to it at once. */
PLATFORM_API bool PlatformSim_SetConsent(PlatformSim_Consent consent, uint64_t userId);
/* Issues a token pair directly (as if the user had authorized). expiresIn may be NULL. */
PLATFORM_API bool PlatformSim_IssueToken(uint64_t userId, uint64_t applicationId,
                                         Platform_String scopes, Platform_String *outAccessToken,
                                         Platform_String *outRefreshToken, int32_t *outExpiresIn);
/* The platform client (desktop app) asks the game to start authorization: every client with a
 * registered authorize-request callback gets it. Returns how many clients were notified. */
PLATFORM_API int32_t PlatformSim_RequestAuthorize(void);

/* --- clock ---------------------------------------------------------------------------------- */
/* Simulated time in ms since the Unix epoch. It runs with real time unless frozen; Advance moves
 * it forward instantly (expiries, timeouts and latency-delayed callbacks become due). */
PLATFORM_API uint64_t PlatformSim_ClockNow(void);
PLATFORM_API void PlatformSim_ClockAdvance(uint64_t ms);
PLATFORM_API void PlatformSim_ClockSetFrozen(bool frozen);

/* --- network -------------------------------------------------------------------------------- */
PLATFORM_API void PlatformSim_NetworkSetOnline(bool online);
PLATFORM_API bool PlatformSim_NetworkIsOnline(void);
/* Simulated round-trip latency of every request (default 20 ms). */
PLATFORM_API void PlatformSim_NetworkSetLatency(uint32_t ms);
/* The next request of `operation` (the C function name without prefix, e.g. "Client_GetToken",
 * or "*" for any) fails with this HTTP status; retryAfterMs > 0 adds a retry-after. errorCode is
 * the platform error code in the result (0 for none). */
PLATFORM_API bool PlatformSim_NetworkFailNext(Platform_String operation, int32_t httpStatus,
                                              int32_t retryAfterMs, int32_t errorCode);

/* --- moderation ----------------------------------------------------------------------------- */
/* Bans the platform account: tokens deleted, sessions closed, linked external identities moved
 * to new restricted provisional accounts; merges of those identities fail with 530017. */
PLATFORM_API bool PlatformSim_ModerationBan(uint64_t userId);
PLATFORM_API bool PlatformSim_ModerationUnban(uint64_t userId);
/* The user unlinks the application out of band (applicationId 0: every application): tokens
 * invalid, refresh returns invalid_grant, sessions using them are closed. */
PLATFORM_API bool PlatformSim_ModerationDeauthorize(uint64_t userId, uint64_t applicationId);

/* --- diagnostics ---------------------------------------------------------------------------- */
/* Behave like a debug (true) or release (false) build of the SDK for logging: release builds log
 * only Warning and Error; debug builds also Info/Verbose and start with a debug-build warning. */
PLATFORM_API void PlatformSim_SetDebugBuild(bool debug);
/* Turns the SDK's own bearer-token filter off (to test that a binding filters again). */
PLATFORM_API void PlatformSim_SetLogTokenFilter(bool enabled);
/* Emits a log line through every client's log callbacks, from the simulator's log thread. */
PLATFORM_API void PlatformSim_EmitLog(Platform_String message, Platform_LoggingSeverity severity);
/* Number of callback triples handed to the library and not yet released with their free-fn
 * (leak check for bindings). */
PLATFORM_API int64_t PlatformSim_LiveCallbackCount(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PLATFORM_HEADER_PLATFORM_SIM_H_ */
