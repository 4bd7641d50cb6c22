/*
 * platform_sim.h — control ABI of the simulator (libplatform_partner_sdk built from
 * simulator/). Only the simulator exports these symbols; the real vendor
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

/* Bumped whenever a PlatformSim_* signature changes or a function is added. */
#define PLATFORM_SIM_ABI_VERSION 11

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
/* Prefixes of every token issued from now on (access, refresh; empty = the default psim_at_ /
 * psim_rt_), followed as usual by 43 random base64url characters: canary tokens that leak scans
 * can recognise on every path (login, refresh, child, provisional, device). Each prefix: at most
 * 32 characters of [A-Za-z0-9_-]; false otherwise (nothing changes). PlatformSim_Reset restores
 * the defaults. */
PLATFORM_API bool PlatformSim_SetTokenPrefixes(Platform_String accessPrefix, Platform_String refreshPrefix);
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

/* --- lobbies and messages: the game backend's side --------------------------------------------
 * The interface document: member metadata, the additional display name and moderation metadata
 * are set only by the game backend (REST), never from the client SDK. These functions are that
 * backend. Failures set PlatformSim_LastError to "<HTTP status>: <reason>" and apply nothing. */

/* One entry of a bulk member request (POST /lobbies/{id}/members/bulk: at most 25 entries). */
typedef struct PlatformSim_LobbyMemberUpdate {
    uint64_t userId;
    bool remove;                      /* remove the member (the other fields are ignored) */
    bool setMetadata;                 /* replace the member's metadata with `metadata` */
    Platform_Properties metadata;     /* borrowed */
    Platform_String *additionalName;  /* NULL: unchanged; empty: cleared; else 1-80 characters */
    int32_t canLinkLobby;             /* -1: unchanged, 0: no, 1: yes (LobbyMemberHandle_CanLinkLobby) */
} PlatformSim_LobbyMemberUpdate;

/* How a message sent by the backend (or typed in the desktop client) looks. NULL = defaults. */
typedef struct PlatformSim_MessageOptions {
    uint64_t applicationId;                         /* sending application; 0: the lobby's, or none for DMs */
    Platform_Properties metadata;                   /* borrowed; size 0: none */
    Platform_AdditionalContent *additionalContent;  /* borrowed; NULL: none */
    bool sentFromPlatformClient;                    /* typed in the desktop client: SentFromGame is false */
} PlatformSim_MessageOptions;

#define PLATFORM_SIM_MAX_BULK_MEMBERS 25

/* A lobby created by the backend for an application (never idle-deleted). Returns its id. */
PLATFORM_API uint64_t PlatformSim_BackendCreateLobby(uint64_t applicationId, Platform_String secret,
                                                     Platform_Properties metadata);
/* Applies every update or none: more than 25 entries, an unknown user, or an additional name
 * outside 1-80 characters is a 400 and nothing changes. Added members' clients get LobbyCreated;
 * the other members get LobbyMemberAdded / Updated / Removed. */
PLATFORM_API bool PlatformSim_BackendUpdateLobbyMembers(uint64_t lobbyId,
                                                        const PlatformSim_LobbyMemberUpdate *updates,
                                                        size_t count);
/* The two moderation-metadata endpoints: one for lobby messages, one for game direct messages.
 * A message of the other kind is a 404. Replaces the map; members see MessageUpdated. */
PLATFORM_API bool PlatformSim_BackendSetLobbyMessageModerationMetadata(uint64_t lobbyId, uint64_t messageId,
                                                                       Platform_Properties metadata);
PLATFORM_API bool PlatformSim_BackendSetUserMessageModerationMetadata(uint64_t messageId,
                                                                      Platform_Properties metadata);
/* Messages on behalf of a user (the author must be a lobby member / a user). Return the id, 0 on error. */
PLATFORM_API uint64_t PlatformSim_BackendSendLobbyMessage(uint64_t authorId, uint64_t lobbyId,
                                                          Platform_String content,
                                                          const PlatformSim_MessageOptions *options);
PLATFORM_API uint64_t PlatformSim_BackendSendUserMessage(uint64_t authorId, uint64_t recipientId,
                                                         Platform_String content,
                                                         const PlatformSim_MessageOptions *options);
PLATFORM_API bool PlatformSim_LobbyExists(uint64_t lobbyId);

/* --- guilds (servers) for linked channels ------------------------------------------------------ */
PLATFORM_API uint64_t PlatformSim_CreateGuild(Platform_String name);
PLATFORM_API bool PlatformSim_AddGuildMember(uint64_t guildId, uint64_t userId);
/* Removes a guild and its channels (undoes a creation that failed half-way). False: unknown guild. */
PLATFORM_API bool PlatformSim_RemoveGuild(uint64_t guildId);
/* parentId 0: no parent category. Returns the channel id, 0 on error. */
PLATFORM_API uint64_t PlatformSim_CreateGuildChannel(uint64_t guildId, Platform_String name,
                                                     Platform_ChannelType type, int32_t position,
                                                     uint64_t parentId, bool linkable);
/* Uses an invite URL from JoinLinkedLobbyGuild: single use, valid one hour of simulated time. */
PLATFORM_API bool PlatformSim_AcceptGuildInvite(Platform_String inviteUrl, uint64_t userId);

/* --- voice ---------------------------------------------------------------------------------------
 * Remote users (no client in this process) join, leave and speak in a lobby's call; local clients
 * join with Client_StartCall / StartCallWithAudioCallbacks. Speaking produces real audio on the
 * simulator's audio thread: 48 kHz, stereo, int16, 10 ms frames. */

/* A remote user joins / leaves the voice call of a lobby they are a member of. */
PLATFORM_API bool PlatformSim_VoiceJoinCall(uint64_t userId, uint64_t lobbyId);
PLATFORM_API bool PlatformSim_VoiceLeaveCall(uint64_t userId, uint64_t lobbyId);
/* The user speaks for durationMs of simulated time: a sine tone of frequencyHz (0: 440 Hz) at
 * amplitude 0.5 of full scale. Speaking events follow the audio; a local client's user speaks
 * into its call too (its capture), gated by push-to-talk when the call is in PTT mode. */
PLATFORM_API bool PlatformSim_VoiceSpeak(uint64_t userId, uint64_t lobbyId, uint32_t durationMs, float frequencyHz);
/* RMS level (0..1 of full scale) of `speakerId`'s audio as last played out by `listenerId`'s
 * client, after its audio callbacks (outShouldMute, in-place gain) and local mute/volume: the
 * observable effect of what a binding does in the audio callback. -1 when nothing was played. */
PLATFORM_API float PlatformSim_VoicePlayoutLevel(uint64_t listenerId, uint64_t speakerId);

/* Audio devices of the simulated machine. Adding or removing one fires the device-change callback. */
PLATFORM_API bool PlatformSim_AudioDeviceAdd(Platform_String id, Platform_String name, bool input, bool isDefault);
PLATFORM_API bool PlatformSim_AudioDeviceRemove(Platform_String id);
/* Level of the microphone signal (dBFS, -100..0) when the local user is not speaking: below the
 * no-audio-input threshold the no-audio-input callback reports inputDetected = false. */
PLATFORM_API void PlatformSim_SetMicrophoneLevel(float dBFS);

/* The desktop client's voice settings (1.10.19337, Client_GetVoiceSettings); fields with has*
 * false are unchanged. Fires the voice-settings-updated callback on every client that set one. */
typedef struct PlatformSim_VoiceSettingsUpdate {
    bool hasSelfMute, selfMute;
    bool hasSelfDeaf, selfDeaf;
    bool hasInputMode; Platform_VoiceInputModeType inputMode;
    bool hasPttKey; Platform_String pttKey;    /* display string ("SHIFT + F"); empty: none bound */
    bool hasInputVolume; float inputVolume;    /* 0-100 */
    bool hasOutputVolume; float outputVolume;  /* 0-200 */
    bool hasNoiseSuppression, noiseSuppression;
    bool hasEchoCancellation, echoCancellation;
    bool hasNoiseCancellation, noiseCancellation;
    bool hasAutomaticGainControl, automaticGainControl;
} PlatformSim_VoiceSettingsUpdate;
PLATFORM_API bool PlatformSim_SetPlatformVoiceSettings(const PlatformSim_VoiceSettingsUpdate *update);

/* --- users: what others change on the platform -------------------------------------------- */
/* The user edits their profile on the platform: NULL = unchanged, empty = cleared (global name
 * 1-32 characters; avatar hash: lowercase hex, optionally "a_"-prefixed for animated). Clients
 * that know the user get UserUpdated. */
PLATFORM_API bool PlatformSim_UpdateUserProfile(uint64_t userId, Platform_String *globalName,
                                                Platform_String *avatarHash);

/* --- presence and activity invites ------------------------------------------------------------ */
/* The user's status as set on the desktop client, without a game session: Offline closes the
 * desktop client; Online, Idle, Dnd and Invisible open it with that status. Others are an error. */
PLATFORM_API bool PlatformSim_SetUserStatus(uint64_t userId, Platform_StatusType status);
/* Publishes (activity != NULL) or clears (NULL) the user's rich presence for applicationId as if
 * from another device. The same rules as Client_UpdateRichPresence apply (false + LastError). */
PLATFORM_API bool PlatformSim_SetUserPresence(uint64_t userId, uint64_t applicationId,
                                              Platform_Activity *activity);
/* The user accepts `invite` on another device (the desktop client): every connected session of
 * the user gets ActivityInviteCreated with it; sessions of the invite's application then get
 * ActivityJoin(joinSecret), sessions of its parent application ActivityJoinWithApplication.
 * Returns how many sessions were notified, -1 on error (unknown or invalid invite). */
PLATFORM_API int32_t PlatformSim_AcceptInviteElsewhere(uint64_t userId, Platform_ActivityInvite *invite);
/* Whether the platform's desktop app is installed (IsPlatformAppInstalled; default true). */
PLATFORM_API void PlatformSim_SetPlatformAppInstalled(bool installed);
/* What RegisterLaunchCommand / RegisterLaunchSteamApplication recorded for the application.
 * False when nothing was registered. Either out may be NULL. */
PLATFORM_API bool PlatformSim_GetLaunchRegistration(uint64_t applicationId, Platform_String *outCommand,
                                                    uint32_t *outSteamAppId);

/* --- relationships ------------------------------------------------------------------------------ */
/* Makes a and b friends: platform friends (game == false) or game friends in applicationId.
 * Pending requests between them are replaced. Provisional accounts can only be game friends. */
PLATFORM_API bool PlatformSim_Befriend(uint64_t a, uint64_t b, bool game, uint64_t applicationId);
/* `from` sends `to` a friend request as if from another device; spam flags it on the recipient's
 * side (RelationshipHandle_IsSpamRequest). The same rules as the client calls apply. */
PLATFORM_API bool PlatformSim_SendFriendRequestAs(uint64_t from, uint64_t to, bool game, uint64_t applicationId,
                                                  bool spam);
/* Removes every relationship between a and b (platform and game, both sides, blocks included). */
PLATFORM_API bool PlatformSim_RemoveRelationships(uint64_t a, uint64_t b);

/* --- user application profiles ------------------------------------------------------------------ */
/* Game identity data from an external provider, as written by the game's bot token (the
 * interface document: bot-token writes populate a user's application identity profile). */
typedef struct PlatformSim_UserApplicationProfile {
    Platform_ExternalIdentityProviderType providerType;
    Platform_String *providerId;       /* NULL: none */
    Platform_String providerIssuedUserId;
    Platform_String username;
    Platform_String avatarHash;
    Platform_String metadata;          /* free-form (JSON by convention) */
} PlatformSim_UserApplicationProfile;
/* Adds or replaces (same providerType and providerIssuedUserId) a profile of the user for the
 * application. Clients that know the user get UserUpdated. */
PLATFORM_API bool PlatformSim_SetUserApplicationProfile(uint64_t userId, uint64_t applicationId,
                                                        const PlatformSim_UserApplicationProfile *profile);

/* --- benchmarks -------------------------------------------------------------------------------
 * Event floods for the binding's benchmarks (bench/): the platform firing events as fast as it can.
 * Every event is queued due now and delivered by the next Platform_RunCallbacks calls. Only a
 * library built with PLATFORM_BENCH_HOOKS (npm run bench's own build) has them: the shipped
 * simulator does not, and these declarations exist only under that macro. */
#ifdef PLATFORM_BENCH_HOOKS
/* `count` LobbyMemberUpdated(lobbyId, memberId) to every client of the lobby's members. Returns
 * how many callbacks were queued, -1 on error (unknown lobby or member). */
PLATFORM_API int64_t PlatformSim_BenchFloodMemberUpdates(uint64_t lobbyId, uint64_t memberId, int64_t count);
/* `count` lobby messages from authorId (a member), as the backend sends them: every member's client
 * gets MessageCreated. Returns how many messages were sent, -1 on error. */
PLATFORM_API int64_t PlatformSim_BenchFloodLobbyMessages(uint64_t authorId, uint64_t lobbyId, int64_t count,
                                                         Platform_String content);
/* A timed emitter for latency measurements: a simulator thread sends `count` lobby messages from
 * authorId (a member) at `eventsPerSecond` (> 0, at most 1,000,000), as the backend sends them,
 * paced on the monotonic clock (std::chrono::steady_clock, CLOCK_MONOTONIC on Linux): message i is
 * due at start + i / eventsPerSecond. The thread wakes when the next message is due but at most
 * ~1,000 times a second, and sends every message due by then (above 1,000/s, in small groups).
 * Each message's metadata has "benchEmittedNs": that clock in decimal nanoseconds, read just
 * before the message is queued (delivery then follows the network latency setting). Returns
 * false on error (LastError "400: ..." bad arguments or content, "404: ..." unknown lobby or
 * author not a member, "409: ..." an emitter is still sending). One emitter at a time; a failed
 * send (the author left, the lobby went) ends it with a Warning log line. */
PLATFORM_API bool PlatformSim_BenchStartEmitter(uint64_t authorId, uint64_t lobbyId, double eventsPerSecond,
                                                int64_t count, Platform_String content);
/* Stops the emitter if it is still sending and joins its thread (PlatformSim_Reset and unloading
 * the library do the same). Returns how many messages the most recently started emitter sent, 0
 * when none was started. */
PLATFORM_API int64_t PlatformSim_BenchStopEmitter(void);
#endif /* PLATFORM_BENCH_HOOKS */

/* --- world fixtures and the console's view -------------------------------------------------
 * The fixture format ("format": "platform-social-sdk/world", "version": 1) is documented in the
 * package's docs/console.md. Ids are decimal strings; tokens are never written. */
/* The world as a fixture (users, applications, relationships, guilds and channels, lobbies with
 * members, metadata and their newest 50 messages, presence). */
PLATFORM_API bool PlatformSim_WorldSave(Platform_String *outJson);
/* The same, plus the platform's live grants as an authorization server keeps them: user,
 * application, scopes, times and the SHA-256 of each token, never a token. A process that loads
 * the document accepts the tokens the saving process issued (a launcher restart). */
PLATFORM_API bool PlatformSim_WorldSaveWithGrants(Platform_String *outJson);
/* Validates the whole document, then replaces the world with it (as PlatformSim_Reset, then the
 * fixture's contents, ids kept). False with LastError "400: <field>: <reason>" changes nothing.
 * At most 128 MiB of JSON (other string arguments: 16 MiB). */
PLATFORM_API bool PlatformSim_WorldLoad(Platform_String json);
/* What the console shows: the fixture's contents without secrets, plus clients (sessions), calls
 * with who is speaking, direct messages, network, clock and pending authorizations. */
PLATFORM_API bool PlatformSim_WorldView(Platform_String *outJson);

/* --- diagnostics ---------------------------------------------------------------------------- */
/* Behave like a debug (true) or release (false) build of the SDK for logging: release builds log
 * only Warning and Error; debug builds also Info/Verbose and start with a debug-build warning. */
PLATFORM_API void PlatformSim_SetDebugBuild(bool debug);
/* Turns the SDK's own bearer-token filter off (to test that a binding filters again). */
PLATFORM_API void PlatformSim_SetLogTokenFilter(bool enabled);
/* Emits a log line through every client's log callbacks, from the simulator's log thread. */
PLATFORM_API void PlatformSim_EmitLog(Platform_String message, Platform_LoggingSeverity severity);
/* True when the log thread has nothing queued and no line in delivery: every line emitted before
 * the call has reached its callbacks and files. Tests poll it instead of sleeping. */
PLATFORM_API bool PlatformSim_LogsIdle(void);
/* Number of callback triples handed to the library and not yet released with their free-fn
 * (leak check for bindings). */
PLATFORM_API int64_t PlatformSim_LiveCallbackCount(void);
/* Number of message histories (MessageHandle spans) whose messages the library still holds for
 * their handles: a history is released when the last of its handles is dropped, on any thread
 * (leak check; a clone of a history's handle keeps its own message, not the history). */
PLATFORM_API int64_t PlatformSim_LiveSpanCount(void);
/* What the platform remembers of OAuth (memory check): grants (with revoked and expired ones not
 * forgotten yet), authorization codes, and secrets in the SDK's log filter. Any pointer may be NULL. */
PLATFORM_API void PlatformSim_OAuthRecordCounts(int64_t *grants, int64_t *codes, int64_t *logSecrets);

/* --- world host (docs/simulator.md, "One world for several processes") ----------------------- */
/* Serves this process's world to other processes: a process whose simulator library sees
 * PLATFORM_SIM_HOST=<the address> joins this world instead of making its own. host: the address
 * to listen on ("" = 127.0.0.1; anything but loopback must be asked for); port 0 = any free port.
 * *outAddress = the PLATFORM_SIM_HOST value, "psim://<token>@<host>:<port>": it holds the token,
 * a secret. False + LastError when a host already runs here, this process has joined another
 * world, or listening fails. */
PLATFORM_API bool PlatformSim_HostStart(Platform_String host, uint32_t port, Platform_String *outAddress);
/* Stops serving: every joined process sees its clients disconnected. No-op when not serving. */
PLATFORM_API void PlatformSim_HostStop(void);
/* The host and the processes joined to it, as JSON (never the token):
 * {"serving":true,"address":"127.0.0.1:4310","peers":[{"id":1,"pid":4242,"program":"game",
 *  "remote":"127.0.0.1:53122","connectedAtMs":...,"queuedCallbacks":..,"droppedEvents":..,
 *  "clients":["<client key>",...],
 *  "framesIn":..,"framesOut":..,"queuedBytes":..,"droppedFrames":..}],
 *  "counters":{"peersAccepted":..,"handshakesRefused":..,"peersDisconnectedSlow":..,"malformedFrames":..}}
 * {"serving":false} when this process serves nothing. */
PLATFORM_API void PlatformSim_HostPeers(Platform_String *outJson);
/* 0 when this process's world is its own; else the id the host gave this process when it joined
 * the world named by PLATFORM_SIM_HOST (read once, when the library loads). */
PLATFORM_API uint32_t PlatformSim_JoinedPeerId(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PLATFORM_HEADER_PLATFORM_SIM_H_ */
