/*
 * cplatform.h — the platform social client SDK's flat C ABI (SDK 1.9.16441), restated with
 * neutral names. Types, struct layouts, enum values and prototypes are identical to the vendor
 * header; only the brand word in identifiers is replaced by `Platform`. Symbols marked
 * "1.10 / optional" below do not exist in 1.9 libraries: loaders must treat them as optional.
 *
 * Ownership rules (docs/simulator.md, "ABI conventions honoured"): strings in are borrowed and not NUL-terminated; strings,
 * spans and objects out are owned by the caller (free with Platform_Free / drop with _Drop);
 * every callback triple (fn, fn_free, userData) is released by the library with fn_free exactly
 * once when fn will never be called again.
 */
#pragma once
#ifndef PLATFORM_HEADER_CPLATFORM_H_
#define PLATFORM_HEADER_CPLATFORM_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef PLATFORM_API
#if defined(_WIN32)
#define PLATFORM_API __declspec(dllexport)
#if defined(_MSC_VER)
#pragma warning(disable : 4251)
#endif
#else
#define PLATFORM_API __attribute__((visibility("default")))
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

struct Platform_String;
typedef struct Platform_Properties {
    size_t size;
    struct Platform_String *keys;
    struct Platform_String *values;
} Platform_Properties;
typedef void *(*Platform_MallocFn)(size_t size);
typedef void (*Platform_FreeFn)(void *ptr);
typedef struct Platform_Allocator {
    Platform_MallocFn fnMalloc;
    Platform_FreeFn fnFree;
} Platform_Allocator;
typedef struct Platform_String {
    uint8_t *ptr;
    size_t size;
} Platform_String;

typedef struct Platform_Client {
    void *opaque;
} Platform_Client;
typedef struct Platform_Call {
    void *opaque[3];
} Platform_Call;
typedef struct Platform_MessageHandle {
    void *opaque;
} Platform_MessageHandle;
typedef struct Platform_AuthorizationArgs {
    void *opaque;
} Platform_AuthorizationArgs;
typedef struct Platform_AuthorizationCodeVerifier {
    void *opaque;
} Platform_AuthorizationCodeVerifier;
typedef struct Platform_AuthorizationCodeChallenge {
    void *opaque;
} Platform_AuthorizationCodeChallenge;
typedef struct Platform_ClientResult {
    void *opaque;
} Platform_ClientResult;
typedef struct Platform_ClientCreateOptions {
    void *opaque;
} Platform_ClientCreateOptions;
typedef struct Platform_LobbyHandle {
    void *opaque;
} Platform_LobbyHandle;
typedef struct Platform_LobbyMemberHandle {
    void *opaque;
} Platform_LobbyMemberHandle;
typedef struct Platform_UserHandle {
    void *opaque;
} Platform_UserHandle;
typedef struct Platform_RelationshipHandle {
    void *opaque;
} Platform_RelationshipHandle;
typedef struct Platform_ChannelHandle {
    void *opaque;
} Platform_ChannelHandle;
typedef struct Platform_CallInfoHandle {
    void *opaque;
} Platform_CallInfoHandle;
typedef struct Platform_VoiceStateHandle {
    void *opaque;
} Platform_VoiceStateHandle;
typedef struct Platform_Activity {
    void *opaque;
} Platform_Activity;
typedef struct Platform_ActivityAssets {
    void *opaque;
} Platform_ActivityAssets;
typedef struct Platform_ActivityTimestamps {
    void *opaque;
} Platform_ActivityTimestamps;
typedef struct Platform_ActivityParty {
    void *opaque;
} Platform_ActivityParty;
typedef struct Platform_ActivitySecrets {
    void *opaque;
} Platform_ActivitySecrets;
typedef struct Platform_ActivityButton {
    void *opaque;
} Platform_ActivityButton;
typedef struct Platform_ActivityInvite {
    void *opaque;
} Platform_ActivityInvite;
typedef struct Platform_AudioDevice {
    void *opaque;
} Platform_AudioDevice;
typedef struct Platform_GuildMinimal {
    void *opaque;
} Platform_GuildMinimal;
typedef struct Platform_GuildChannel {
    void *opaque;
} Platform_GuildChannel;
typedef struct Platform_LinkedLobby {
    void *opaque;
} Platform_LinkedLobby;
typedef struct Platform_LinkedChannel {
    void *opaque;
} Platform_LinkedChannel;
typedef struct Platform_AdditionalContent {
    void *opaque;
} Platform_AdditionalContent;
typedef struct Platform_UserApplicationProfileHandle {
    void *opaque;
} Platform_UserApplicationProfileHandle;
typedef struct Platform_UserMessageSummary {
    void *opaque;
} Platform_UserMessageSummary;
typedef struct Platform_VADThresholdSettings {
    void *opaque;
} Platform_VADThresholdSettings;
typedef struct Platform_DeviceAuthorizationArgs {
    void *opaque;
} Platform_DeviceAuthorizationArgs;
typedef struct Platform_VoiceSettings {
    void *opaque;
} Platform_VoiceSettings;

typedef struct Platform_ActivityButtonSpan {
    Platform_ActivityButton *ptr;
    size_t size;
} Platform_ActivityButtonSpan;
typedef struct Platform_UInt64Span {
    uint64_t *ptr;
    size_t size;
} Platform_UInt64Span;
typedef struct Platform_UserApplicationProfileHandleSpan {
    Platform_UserApplicationProfileHandle *ptr;
    size_t size;
} Platform_UserApplicationProfileHandleSpan;
typedef struct Platform_LobbyMemberHandleSpan {
    Platform_LobbyMemberHandle *ptr;
    size_t size;
} Platform_LobbyMemberHandleSpan;
typedef struct Platform_CallSpan {
    Platform_Call *ptr;
    size_t size;
} Platform_CallSpan;
typedef struct Platform_AudioDeviceSpan {
    Platform_AudioDevice *ptr;
    size_t size;
} Platform_AudioDeviceSpan;
typedef struct Platform_MessageHandleSpan {
    Platform_MessageHandle *ptr;
    size_t size;
} Platform_MessageHandleSpan;
typedef struct Platform_UserMessageSummarySpan {
    Platform_UserMessageSummary *ptr;
    size_t size;
} Platform_UserMessageSummarySpan;
typedef struct Platform_GuildChannelSpan {
    Platform_GuildChannel *ptr;
    size_t size;
} Platform_GuildChannelSpan;
typedef struct Platform_GuildMinimalSpan {
    Platform_GuildMinimal *ptr;
    size_t size;
} Platform_GuildMinimalSpan;
typedef struct Platform_RelationshipHandleSpan {
    Platform_RelationshipHandle *ptr;
    size_t size;
} Platform_RelationshipHandleSpan;
typedef struct Platform_UserHandleSpan {
    Platform_UserHandle *ptr;
    size_t size;
} Platform_UserHandleSpan;

typedef enum Platform_ActivityActionTypes {
    Platform_ActivityActionTypes_Invalid = 0,
    Platform_ActivityActionTypes_Join = 1,
    Platform_ActivityActionTypes_JoinRequest = 5,
    Platform_ActivityActionTypes_forceint = 0x7FFFFFFF
} Platform_ActivityActionTypes;
typedef enum Platform_ActivityPartyPrivacy {
    Platform_ActivityPartyPrivacy_Private = 0,
    Platform_ActivityPartyPrivacy_Public = 1,
    Platform_ActivityPartyPrivacy_forceint = 0x7FFFFFFF
} Platform_ActivityPartyPrivacy;
typedef enum Platform_ActivityTypes {
    Platform_ActivityTypes_Playing = 0,
    Platform_ActivityTypes_Streaming = 1,
    Platform_ActivityTypes_Listening = 2,
    Platform_ActivityTypes_Watching = 3,
    Platform_ActivityTypes_CustomStatus = 4,
    Platform_ActivityTypes_Competing = 5,
    Platform_ActivityTypes_HangStatus = 6,
    Platform_ActivityTypes_forceint = 0x7FFFFFFF
} Platform_ActivityTypes;
typedef enum Platform_StatusDisplayTypes {
    Platform_StatusDisplayTypes_Name = 0,
    Platform_StatusDisplayTypes_State = 1,
    Platform_StatusDisplayTypes_Details = 2,
    Platform_StatusDisplayTypes_forceint = 0x7FFFFFFF
} Platform_StatusDisplayTypes;
typedef enum Platform_ActivityGamePlatforms {
    Platform_ActivityGamePlatforms_Desktop = 1,
    Platform_ActivityGamePlatforms_Xbox = 2,
    Platform_ActivityGamePlatforms_Samsung = 4,
    Platform_ActivityGamePlatforms_IOS = 8,
    Platform_ActivityGamePlatforms_Android = 16,
    Platform_ActivityGamePlatforms_Embedded = 32,
    Platform_ActivityGamePlatforms_PS4 = 64,
    Platform_ActivityGamePlatforms_PS5 = 128,
    Platform_ActivityGamePlatforms_forceint = 0x7FFFFFFF
} Platform_ActivityGamePlatforms;
typedef enum Platform_ErrorType {
    Platform_ErrorType_None = 0,
    Platform_ErrorType_NetworkError = 1,
    Platform_ErrorType_HTTPError = 2,
    Platform_ErrorType_ClientNotReady = 3,
    Platform_ErrorType_Disabled = 4,
    Platform_ErrorType_ClientDestroyed = 5,
    Platform_ErrorType_ValidationError = 6,
    Platform_ErrorType_Aborted = 7,
    Platform_ErrorType_AuthorizationFailed = 8,
    Platform_ErrorType_RPCError = 9,
    Platform_ErrorType_forceint = 0x7FFFFFFF
} Platform_ErrorType;
typedef enum Platform_HttpStatusCode {
    Platform_HttpStatusCode_None = 0,
    Platform_HttpStatusCode_Continue = 100,
    Platform_HttpStatusCode_SwitchingProtocols = 101,
    Platform_HttpStatusCode_Processing = 102,
    Platform_HttpStatusCode_EarlyHints = 103,
    Platform_HttpStatusCode_Ok = 200,
    Platform_HttpStatusCode_Created = 201,
    Platform_HttpStatusCode_Accepted = 202,
    Platform_HttpStatusCode_NonAuthoritativeInfo = 203,
    Platform_HttpStatusCode_NoContent = 204,
    Platform_HttpStatusCode_ResetContent = 205,
    Platform_HttpStatusCode_PartialContent = 206,
    Platform_HttpStatusCode_MultiStatus = 207,
    Platform_HttpStatusCode_AlreadyReported = 208,
    Platform_HttpStatusCode_ImUsed = 209,
    Platform_HttpStatusCode_MultipleChoices = 300,
    Platform_HttpStatusCode_MovedPermanently = 301,
    Platform_HttpStatusCode_Found = 302,
    Platform_HttpStatusCode_SeeOther = 303,
    Platform_HttpStatusCode_NotModified = 304,
    Platform_HttpStatusCode_TemporaryRedirect = 307,
    Platform_HttpStatusCode_PermanentRedirect = 308,
    Platform_HttpStatusCode_BadRequest = 400,
    Platform_HttpStatusCode_Unauthorized = 401,
    Platform_HttpStatusCode_PaymentRequired = 402,
    Platform_HttpStatusCode_Forbidden = 403,
    Platform_HttpStatusCode_NotFound = 404,
    Platform_HttpStatusCode_MethodNotAllowed = 405,
    Platform_HttpStatusCode_NotAcceptable = 406,
    Platform_HttpStatusCode_ProxyAuthRequired = 407,
    Platform_HttpStatusCode_RequestTimeout = 408,
    Platform_HttpStatusCode_Conflict = 409,
    Platform_HttpStatusCode_Gone = 410,
    Platform_HttpStatusCode_LengthRequired = 411,
    Platform_HttpStatusCode_PreconditionFailed = 412,
    Platform_HttpStatusCode_PayloadTooLarge = 413,
    Platform_HttpStatusCode_UriTooLong = 414,
    Platform_HttpStatusCode_UnsupportedMediaType = 415,
    Platform_HttpStatusCode_RangeNotSatisfiable = 416,
    Platform_HttpStatusCode_ExpectationFailed = 417,
    Platform_HttpStatusCode_MisdirectedRequest = 421,
    Platform_HttpStatusCode_UnprocessableEntity = 422,
    Platform_HttpStatusCode_Locked = 423,
    Platform_HttpStatusCode_FailedDependency = 424,
    Platform_HttpStatusCode_TooEarly = 425,
    Platform_HttpStatusCode_UpgradeRequired = 426,
    Platform_HttpStatusCode_PreconditionRequired = 428,
    Platform_HttpStatusCode_TooManyRequests = 429,
    Platform_HttpStatusCode_RequestHeaderFieldsTooLarge = 431,
    Platform_HttpStatusCode_InternalServerError = 500,
    Platform_HttpStatusCode_NotImplemented = 501,
    Platform_HttpStatusCode_BadGateway = 502,
    Platform_HttpStatusCode_ServiceUnavailable = 503,
    Platform_HttpStatusCode_GatewayTimeout = 504,
    Platform_HttpStatusCode_HttpVersionNotSupported = 505,
    Platform_HttpStatusCode_VariantAlsoNegotiates = 506,
    Platform_HttpStatusCode_InsufficientStorage = 507,
    Platform_HttpStatusCode_LoopDetected = 508,
    Platform_HttpStatusCode_NotExtended = 510,
    Platform_HttpStatusCode_NetworkAuthorizationRequired = 511,
    Platform_HttpStatusCode_forceint = 0x7FFFFFFF
} Platform_HttpStatusCode;
typedef enum Platform_AuthenticationCodeChallengeMethod {
    Platform_AuthenticationCodeChallengeMethod_S256 = 0,
    Platform_AuthenticationCodeChallengeMethod_forceint = 0x7FFFFFFF
} Platform_AuthenticationCodeChallengeMethod;
typedef enum Platform_IntegrationType {
    Platform_IntegrationType_GuildInstall = 0,
    Platform_IntegrationType_UserInstall = 1,
    Platform_IntegrationType_forceint = 0x7FFFFFFF
} Platform_IntegrationType;
typedef enum Platform_ChannelType {
    Platform_ChannelType_GuildText = 0,
    Platform_ChannelType_Dm = 1,
    Platform_ChannelType_GuildVoice = 2,
    Platform_ChannelType_GroupDm = 3,
    Platform_ChannelType_GuildCategory = 4,
    Platform_ChannelType_GuildNews = 5,
    Platform_ChannelType_GuildStore = 6,
    Platform_ChannelType_GuildNewsThread = 10,
    Platform_ChannelType_GuildPublicThread = 11,
    Platform_ChannelType_GuildPrivateThread = 12,
    Platform_ChannelType_GuildStageVoice = 13,
    Platform_ChannelType_GuildDirectory = 14,
    Platform_ChannelType_GuildForum = 15,
    Platform_ChannelType_GuildMedia = 16,
    Platform_ChannelType_Lobby = 17,
    Platform_ChannelType_EphemeralDm = 18,
    Platform_ChannelType_forceint = 0x7FFFFFFF
} Platform_ChannelType;
typedef enum Platform_AdditionalContentType {
    Platform_AdditionalContentType_Other = 0,
    Platform_AdditionalContentType_Attachment = 1,
    Platform_AdditionalContentType_Poll = 2,
    Platform_AdditionalContentType_VoiceMessage = 3,
    Platform_AdditionalContentType_Thread = 4,
    Platform_AdditionalContentType_Embed = 5,
    Platform_AdditionalContentType_Sticker = 6,
    Platform_AdditionalContentType_forceint = 0x7FFFFFFF
} Platform_AdditionalContentType;
typedef enum Platform_AudioSystem {
    Platform_AudioSystem_Standard = 0,
    Platform_AudioSystem_Game = 1,
    Platform_AudioSystem_forceint = 0x7FFFFFFF
} Platform_AudioSystem;
typedef enum Platform_Call_Error {
    Platform_Call_Error_None = 0,
    Platform_Call_Error_SignalingConnectionFailed = 1,
    Platform_Call_Error_SignalingUnexpectedClose = 2,
    Platform_Call_Error_VoiceConnectionFailed = 3,
    Platform_Call_Error_JoinTimeout = 4,
    Platform_Call_Error_Forbidden = 5,
    Platform_Call_Error_forceint = 0x7FFFFFFF
} Platform_Call_Error;
typedef enum Platform_AudioModeType {
    Platform_AudioModeType_MODE_UNINIT = 0,
    Platform_AudioModeType_MODE_VAD = 1,
    Platform_AudioModeType_MODE_PTT = 2,
    Platform_AudioModeType_forceint = 0x7FFFFFFF
} Platform_AudioModeType;
/* 1.10.19337: VoiceSettings::InputMode, as published (sdk-abi.md 7.1). Every other layer uses
 * the names, never the numbers. */
typedef enum Platform_VoiceInputModeType {
    Platform_VoiceInputModeType_VoiceActivity = 0,
    Platform_VoiceInputModeType_PushToTalk = 1,
    Platform_VoiceInputModeType_forceint = 0x7FFFFFFF
} Platform_VoiceInputModeType;
typedef enum Platform_Call_Status {
    Platform_Call_Status_Disconnected = 0,
    Platform_Call_Status_Joining = 1,
    Platform_Call_Status_Connecting = 2,
    Platform_Call_Status_SignalingConnected = 3,
    Platform_Call_Status_Connected = 4,
    Platform_Call_Status_Reconnecting = 5,
    Platform_Call_Status_Disconnecting = 6,
    Platform_Call_Status_forceint = 0x7FFFFFFF
} Platform_Call_Status;
typedef enum Platform_RelationshipType {
    Platform_RelationshipType_None = 0,
    Platform_RelationshipType_Friend = 1,
    Platform_RelationshipType_Blocked = 2,
    Platform_RelationshipType_PendingIncoming = 3,
    Platform_RelationshipType_PendingOutgoing = 4,
    Platform_RelationshipType_Implicit = 5,
    Platform_RelationshipType_Suggestion = 6,
    Platform_RelationshipType_forceint = 0x7FFFFFFF
} Platform_RelationshipType;
typedef enum Platform_ExternalIdentityProviderType {
    Platform_ExternalIdentityProviderType_OIDC = 0,
    Platform_ExternalIdentityProviderType_EpicOnlineServices = 1,
    Platform_ExternalIdentityProviderType_Steam = 2,
    Platform_ExternalIdentityProviderType_Unity = 3,
    Platform_ExternalIdentityProviderType_PlatformBot = 4,
    Platform_ExternalIdentityProviderType_None = 5,
    Platform_ExternalIdentityProviderType_Unknown = 6,
    Platform_ExternalIdentityProviderType_forceint = 0x7FFFFFFF
} Platform_ExternalIdentityProviderType;
typedef enum Platform_UserHandle_AvatarType {
    Platform_UserHandle_AvatarType_Gif = 0,
    Platform_UserHandle_AvatarType_Webp = 1,
    Platform_UserHandle_AvatarType_Png = 2,
    Platform_UserHandle_AvatarType_Jpeg = 3,
    Platform_UserHandle_AvatarType_forceint = 0x7FFFFFFF
} Platform_UserHandle_AvatarType;
typedef enum Platform_StatusType {
    Platform_StatusType_Online = 0,
    Platform_StatusType_Offline = 1,
    Platform_StatusType_Blocked = 2,
    Platform_StatusType_Idle = 3,
    Platform_StatusType_Dnd = 4,
    Platform_StatusType_Invisible = 5,
    Platform_StatusType_Streaming = 6,
    Platform_StatusType_Unknown = 7,
    Platform_StatusType_forceint = 0x7FFFFFFF
} Platform_StatusType;
typedef enum Platform_DisclosureTypes {
    Platform_DisclosureTypes_MessageDataVisibleOnPlatform = 3,
    Platform_DisclosureTypes_forceint = 0x7FFFFFFF
} Platform_DisclosureTypes;
typedef enum Platform_Client_Error {
    Platform_Client_Error_None = 0,
    Platform_Client_Error_ConnectionFailed = 1,
    Platform_Client_Error_UnexpectedClose = 2,
    Platform_Client_Error_ConnectionCanceled = 3,
    Platform_Client_Error_forceint = 0x7FFFFFFF
} Platform_Client_Error;
typedef enum Platform_Client_Status {
    Platform_Client_Status_Disconnected = 0,
    Platform_Client_Status_Connecting = 1,
    Platform_Client_Status_Connected = 2,
    Platform_Client_Status_Ready = 3,
    Platform_Client_Status_Reconnecting = 4,
    Platform_Client_Status_Disconnecting = 5,
    Platform_Client_Status_HttpWait = 6,
    Platform_Client_Status_forceint = 0x7FFFFFFF
} Platform_Client_Status;
typedef enum Platform_Client_Thread {
    Platform_Client_Thread_Client = 0,
    Platform_Client_Thread_Voice = 1,
    Platform_Client_Thread_Network = 2,
    Platform_Client_Thread_forceint = 0x7FFFFFFF
} Platform_Client_Thread;
typedef enum Platform_AuthorizationTokenType {
    Platform_AuthorizationTokenType_User = 0,
    Platform_AuthorizationTokenType_Bearer = 1,
    Platform_AuthorizationTokenType_forceint = 0x7FFFFFFF
} Platform_AuthorizationTokenType;
typedef enum Platform_AuthenticationExternalAuthType {
    Platform_AuthenticationExternalAuthType_OIDC = 0,
    Platform_AuthenticationExternalAuthType_EpicOnlineServicesAccessToken = 1,
    Platform_AuthenticationExternalAuthType_EpicOnlineServicesIdToken = 2,
    Platform_AuthenticationExternalAuthType_SteamSessionTicket = 3,
    Platform_AuthenticationExternalAuthType_UnityServicesIdToken = 4,
    Platform_AuthenticationExternalAuthType_PlatformBotIssuedAccessToken = 5,
    Platform_AuthenticationExternalAuthType_AppleIdToken = 6,
    Platform_AuthenticationExternalAuthType_PlayStationNetworkIdToken = 7,
    Platform_AuthenticationExternalAuthType_forceint = 0x7FFFFFFF
} Platform_AuthenticationExternalAuthType;
typedef enum Platform_LoggingSeverity {
    Platform_LoggingSeverity_Verbose = 1,
    Platform_LoggingSeverity_Info = 2,
    Platform_LoggingSeverity_Warning = 3,
    Platform_LoggingSeverity_Error = 4,
    Platform_LoggingSeverity_None = 5,
    Platform_LoggingSeverity_forceint = 0x7FFFFFFF
} Platform_LoggingSeverity;
typedef enum Platform_RelationshipGroupType {
    Platform_RelationshipGroupType_OnlinePlayingGame = 0,
    Platform_RelationshipGroupType_OnlineElsewhere = 1,
    Platform_RelationshipGroupType_Offline = 2,
    Platform_RelationshipGroupType_forceint = 0x7FFFFFFF
} Platform_RelationshipGroupType;

typedef void (*Platform_Call_OnVoiceStateChanged)(uint64_t userId, void *userData);
typedef void (*Platform_Call_OnParticipantChanged)(uint64_t userId, bool added, void *userData);
typedef void (*Platform_Call_OnSpeakingStatusChanged)(uint64_t userId, bool isPlayingSound, void *userData);
typedef void (*Platform_Call_OnStatusChanged)(Platform_Call_Status status, Platform_Call_Error error, int32_t errorDetail, void *userData);
typedef void (*Platform_Client_EndCallCallback)(void *userData);
typedef void (*Platform_Client_EndCallsCallback)(void *userData);
typedef void (*Platform_Client_GetCurrentInputDeviceCallback)(Platform_AudioDevice const *device, void *userData);
typedef void (*Platform_Client_GetCurrentOutputDeviceCallback)(Platform_AudioDevice const *device, void *userData);
typedef void (*Platform_Client_GetInputDevicesCallback)(Platform_AudioDeviceSpan devices, void *userData);
typedef void (*Platform_Client_GetOutputDevicesCallback)(Platform_AudioDeviceSpan devices, void *userData);
typedef void (*Platform_Client_DeviceChangeCallback)(Platform_AudioDeviceSpan inputDevices, Platform_AudioDeviceSpan outputDevices, void *userData);
typedef void (*Platform_Client_SetInputDeviceCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_NoAudioInputCallback)(bool inputDetected, void *userData);
typedef void (*Platform_Client_SetOutputDeviceCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_VoiceParticipantChangedCallback)(uint64_t lobbyId, uint64_t memberId, bool added, void *userData);
typedef void (*Platform_Client_UserAudioReceivedCallback)(uint64_t userId, int16_t *data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels, bool *outShouldMute, void *userData);
typedef void (*Platform_Client_UserAudioCapturedCallback)(int16_t *data, uint64_t samplesPerChannel, int32_t sampleRate, uint64_t channels, void *userData);
typedef void (*Platform_Client_AuthorizationCallback)(Platform_ClientResult *result, Platform_String code, Platform_String redirectUri, void *userData);
typedef void (*Platform_Client_ExchangeChildTokenCallback)(Platform_ClientResult *result, Platform_String accessToken, Platform_AuthorizationTokenType tokenType, int32_t expiresIn, Platform_String scopes, void *userData);
typedef void (*Platform_Client_FetchCurrentUserCallback)(Platform_ClientResult *result, uint64_t id, Platform_String name, void *userData);
typedef void (*Platform_Client_TokenExchangeCallback)(Platform_ClientResult *result, Platform_String accessToken, Platform_String refreshToken, Platform_AuthorizationTokenType tokenType, int32_t expiresIn, Platform_String scopes, void *userData);
typedef void (*Platform_Client_AuthorizeRequestCallback)(void *userData);
typedef void (*Platform_Client_RevokeTokenCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_AuthorizeDeviceScreenClosedCallback)(void *userData);
typedef void (*Platform_Client_TokenExpirationCallback)(void *userData);
typedef void (*Platform_Client_UnmergeIntoProvisionalAccountCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_UpdateProvisionalAccountDisplayNameCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_UpdateTokenCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_DeleteUserMessageCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_EditUserMessageCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_GetLobbyMessagesCallback)(Platform_ClientResult *result, Platform_MessageHandleSpan messages, void *userData);
typedef void (*Platform_Client_UserMessageSummariesCallback)(Platform_ClientResult *result, Platform_UserMessageSummarySpan summaries, void *userData);
typedef void (*Platform_Client_UserMessagesWithLimitCallback)(Platform_ClientResult *result, Platform_MessageHandleSpan messages, void *userData);
typedef void (*Platform_Client_ProvisionalUserMergeRequiredCallback)(void *userData);
typedef void (*Platform_Client_OpenMessageInPlatformCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_SendUserMessageCallback)(Platform_ClientResult *result, uint64_t messageId, void *userData);
typedef void (*Platform_Client_MessageCreatedCallback)(uint64_t messageId, void *userData);
typedef void (*Platform_Client_MessageDeletedCallback)(uint64_t messageId, uint64_t channelId, void *userData);
typedef void (*Platform_Client_MessageUpdatedCallback)(uint64_t messageId, void *userData);
typedef void (*Platform_Client_LogCallback)(Platform_String message, Platform_LoggingSeverity severity, void *userData);
typedef void (*Platform_Client_OpenConnectedGamesSettingsInPlatformCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_OnStatusChanged)(Platform_Client_Status status, Platform_Client_Error error, int32_t errorDetail, void *userData);
typedef void (*Platform_Client_CreateOrJoinLobbyCallback)(Platform_ClientResult *result, uint64_t lobbyId, void *userData);
typedef void (*Platform_Client_GetGuildChannelsCallback)(Platform_ClientResult *result, Platform_GuildChannelSpan guildChannels, void *userData);
typedef void (*Platform_Client_GetUserGuildsCallback)(Platform_ClientResult *result, Platform_GuildMinimalSpan guilds, void *userData);
typedef void (*Platform_Client_JoinLinkedLobbyGuildCallback)(Platform_ClientResult *result, Platform_String inviteUrl, void *userData);
typedef void (*Platform_Client_LeaveLobbyCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_LinkOrUnlinkChannelCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_LobbyCreatedCallback)(uint64_t lobbyId, void *userData);
typedef void (*Platform_Client_LobbyDeletedCallback)(uint64_t lobbyId, void *userData);
typedef void (*Platform_Client_LobbyMemberAddedCallback)(uint64_t lobbyId, uint64_t memberId, void *userData);
typedef void (*Platform_Client_LobbyMemberRemovedCallback)(uint64_t lobbyId, uint64_t memberId, void *userData);
typedef void (*Platform_Client_LobbyMemberUpdatedCallback)(uint64_t lobbyId, uint64_t memberId, void *userData);
typedef void (*Platform_Client_LobbyUpdatedCallback)(uint64_t lobbyId, void *userData);
typedef void (*Platform_Client_IsPlatformAppInstalledCallback)(bool installed, void *userData);
typedef void (*Platform_Client_AcceptActivityInviteCallback)(Platform_ClientResult *result, Platform_String joinSecret, void *userData);
typedef void (*Platform_Client_SendActivityInviteCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_ActivityInviteCallback)(Platform_ActivityInvite *invite, void *userData);
typedef void (*Platform_Client_ActivityJoinCallback)(Platform_String joinSecret, void *userData);
typedef void (*Platform_Client_ActivityJoinWithApplicationCallback)(uint64_t applicationId, Platform_String joinSecret, void *userData);
typedef void (*Platform_Client_UpdateStatusCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_UpdateRichPresenceCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_UpdateRelationshipCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_SendFriendRequestCallback)(Platform_ClientResult *result, void *userData);
typedef void (*Platform_Client_RelationshipCreatedCallback)(uint64_t userId, bool isPlatformRelationshipUpdate, void *userData);
typedef void (*Platform_Client_RelationshipDeletedCallback)(uint64_t userId, bool isPlatformRelationshipUpdate, void *userData);
typedef void (*Platform_Client_GetPlatformClientConnectedUserCallback)(Platform_ClientResult *result, Platform_UserHandle *user, void *userData);
typedef void (*Platform_Client_RelationshipGroupsUpdatedCallback)(uint64_t userId, void *userData);
typedef void (*Platform_Client_UserUpdatedCallback)(uint64_t userId, void *userData);
/* 1.10 / optional (sdk-abi.md section 7.1, as published for 1.10.19337) */
typedef void (*Platform_Client_GetVoiceSettingsCallback)(Platform_ClientResult *result, Platform_VoiceSettings *settings, void *userData);
typedef void (*Platform_Client_VoiceSettingsUpdatedCallback)(Platform_VoiceSettings *settings, void *userData);

PLATFORM_API void *Platform_Alloc(size_t size);
PLATFORM_API void Platform_Free(void *ptr);
PLATFORM_API void Platform_FreeProperties(Platform_Properties props);
PLATFORM_API void Platform_SetFreeThreaded(void);
PLATFORM_API void Platform_ResetCallbacks(void);
PLATFORM_API void Platform_RunCallbacks(void);

/* ---- Client ---- */
/* lifecycle, statics, misc */
void PLATFORM_API Platform_Client_Init(Platform_Client *self);
void PLATFORM_API Platform_Client_InitWithBases(Platform_Client *self, Platform_String apiBase, Platform_String webBase);
void PLATFORM_API Platform_Client_InitWithOptions(Platform_Client *self, Platform_ClientCreateOptions *options);
void PLATFORM_API Platform_Client_Drop(Platform_Client *self);
void PLATFORM_API Platform_Client_ErrorToString(Platform_Client_Error type, Platform_String *out);
uint64_t PLATFORM_API Platform_Client_GetApplicationId(Platform_Client *self);
void PLATFORM_API Platform_Client_GetCurrentUser(Platform_Client *self, Platform_UserHandle *out);
void PLATFORM_API Platform_Client_GetDefaultAudioDeviceId(Platform_String *out);
void PLATFORM_API Platform_Client_GetDefaultCommunicationScopes(Platform_String *out);
void PLATFORM_API Platform_Client_GetDefaultPresenceScopes(Platform_String *out);
void PLATFORM_API Platform_Client_GetVersionHash(Platform_String *out);
int32_t PLATFORM_API Platform_Client_GetVersionMajor(void);
int32_t PLATFORM_API Platform_Client_GetVersionMinor(void);
int32_t PLATFORM_API Platform_Client_GetVersionPatch(void);
void PLATFORM_API Platform_Client_SetHttpRequestTimeout(Platform_Client *self, int32_t httpTimeoutInMilliseconds);
void PLATFORM_API Platform_Client_StatusToString(Platform_Client_Status type, Platform_String *out);
void PLATFORM_API Platform_Client_ThreadToString(Platform_Client_Thread type, Platform_String *out);
/* Audio / voice */
void PLATFORM_API Platform_Client_EndCall(Platform_Client *self, uint64_t channelId, Platform_Client_EndCallCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_EndCalls(Platform_Client *self, Platform_Client_EndCallsCallback callback, Platform_FreeFn callback_free, void *callback_ud);
bool PLATFORM_API Platform_Client_GetCall(Platform_Client *self, uint64_t channelId, Platform_Call *out);
void PLATFORM_API Platform_Client_GetCalls(Platform_Client *self, Platform_CallSpan *out);
void PLATFORM_API Platform_Client_GetCurrentInputDevice(Platform_Client *self, Platform_Client_GetCurrentInputDeviceCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_GetCurrentOutputDevice(Platform_Client *self, Platform_Client_GetCurrentOutputDeviceCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_GetInputDevices(Platform_Client *self, Platform_Client_GetInputDevicesCallback cb, Platform_FreeFn cb_free, void *cb_ud);
float PLATFORM_API Platform_Client_GetInputVolume(Platform_Client *self);
void PLATFORM_API Platform_Client_GetOutputDevices(Platform_Client *self, Platform_Client_GetOutputDevicesCallback cb, Platform_FreeFn cb_free, void *cb_ud);
float PLATFORM_API Platform_Client_GetOutputVolume(Platform_Client *self);
bool PLATFORM_API Platform_Client_GetSelfDeafAll(Platform_Client *self);
bool PLATFORM_API Platform_Client_GetSelfMuteAll(Platform_Client *self);
void PLATFORM_API Platform_Client_SetAecDump(Platform_Client *self, bool on);
void PLATFORM_API Platform_Client_SetAutomaticGainControl(Platform_Client *self, bool on);
void PLATFORM_API Platform_Client_SetDeviceChangeCallback(Platform_Client *self, Platform_Client_DeviceChangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_SetEchoCancellation(Platform_Client *self, bool on);
void PLATFORM_API Platform_Client_SetEngineManagedAudioSession(Platform_Client *self, bool isEngineManaged);
void PLATFORM_API Platform_Client_SetInputDevice(Platform_Client *self, Platform_String deviceId, Platform_Client_SetInputDeviceCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetInputVolume(Platform_Client *self, float inputVolume);
void PLATFORM_API Platform_Client_SetNoAudioInputCallback(Platform_Client *self, Platform_Client_NoAudioInputCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_SetNoAudioInputThreshold(Platform_Client *self, float dBFSThreshold);
void PLATFORM_API Platform_Client_SetNoiseCancellation(Platform_Client *self, bool on);
void PLATFORM_API Platform_Client_SetNoiseSuppression(Platform_Client *self, bool on);
void PLATFORM_API Platform_Client_SetOpusHardwareCoding(Platform_Client *self, bool encode, bool decode);
void PLATFORM_API Platform_Client_SetOutputDevice(Platform_Client *self, Platform_String deviceId, Platform_Client_SetOutputDeviceCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetOutputVolume(Platform_Client *self, float outputVolume);
void PLATFORM_API Platform_Client_SetSelfDeafAll(Platform_Client *self, bool deaf);
void PLATFORM_API Platform_Client_SetSelfMuteAll(Platform_Client *self, bool mute);
bool PLATFORM_API Platform_Client_SetSpeakerMode(Platform_Client *self, bool speakerMode);
void PLATFORM_API Platform_Client_SetThreadPriority(Platform_Client *self, Platform_Client_Thread thread, int32_t priority);
void PLATFORM_API Platform_Client_SetVoiceParticipantChangedCallback(Platform_Client *self, Platform_Client_VoiceParticipantChangedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
bool PLATFORM_API Platform_Client_ShowAudioRoutePicker(Platform_Client *self);
bool PLATFORM_API Platform_Client_StartCall(Platform_Client *self, uint64_t channelId, Platform_Call *out);
bool PLATFORM_API Platform_Client_StartCallWithAudioCallbacks(Platform_Client *self, uint64_t lobbyId, Platform_Client_UserAudioReceivedCallback receivedCb, Platform_FreeFn receivedCb_free, void *receivedCb_ud, Platform_Client_UserAudioCapturedCallback capturedCb, Platform_FreeFn capturedCb_free, void *capturedCb_ud, Platform_Call *out);
/* Auth */
void PLATFORM_API Platform_Client_AbortAuthorize(Platform_Client *self);
void PLATFORM_API Platform_Client_AbortGetTokenFromDevice(Platform_Client *self);
void PLATFORM_API Platform_Client_Authorize(Platform_Client *self, Platform_AuthorizationArgs *args, Platform_Client_AuthorizationCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_CloseAuthorizeDeviceScreen(Platform_Client *self);
void PLATFORM_API Platform_Client_CreateAuthorizationCodeVerifier(Platform_Client *self, Platform_AuthorizationCodeVerifier *out);
void PLATFORM_API Platform_Client_ExchangeChildToken(Platform_Client *self, Platform_String parentApplicationToken, uint64_t childApplicationId, Platform_Client_ExchangeChildTokenCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_FetchCurrentUser(Platform_Client *self, Platform_AuthorizationTokenType tokenType, Platform_String token, Platform_Client_FetchCurrentUserCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_GetProvisionalToken(Platform_Client *self, uint64_t applicationId, Platform_AuthenticationExternalAuthType externalAuthType, Platform_String externalAuthToken, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_GetToken(Platform_Client *self, uint64_t applicationId, Platform_String code, Platform_String codeVerifier, Platform_String redirectUri, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_GetTokenFromDevice(Platform_Client *self, Platform_DeviceAuthorizationArgs *args, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_GetTokenFromDeviceProvisionalMerge(Platform_Client *self, Platform_DeviceAuthorizationArgs *args, Platform_AuthenticationExternalAuthType externalAuthType, Platform_String externalAuthToken, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_GetTokenFromProvisionalMerge(Platform_Client *self, uint64_t applicationId, Platform_String code, Platform_String codeVerifier, Platform_String redirectUri, Platform_AuthenticationExternalAuthType externalAuthType, Platform_String externalAuthToken, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
bool PLATFORM_API Platform_Client_IsAuthenticated(Platform_Client *self);
void PLATFORM_API Platform_Client_OpenAuthorizeDeviceScreen(Platform_Client *self, uint64_t clientId, Platform_String userCode);
void PLATFORM_API Platform_Client_ProvisionalUserMergeCompleted(Platform_Client *self, bool success);
void PLATFORM_API Platform_Client_RefreshToken(Platform_Client *self, uint64_t applicationId, Platform_String refreshToken, Platform_Client_TokenExchangeCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_RegisterAuthorizeRequestCallback(Platform_Client *self, Platform_Client_AuthorizeRequestCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_RemoveAuthorizeRequestCallback(Platform_Client *self);
void PLATFORM_API Platform_Client_RevokeToken(Platform_Client *self, uint64_t applicationId, Platform_String token, Platform_Client_RevokeTokenCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_SetAuthorizeDeviceScreenClosedCallback(Platform_Client *self, Platform_Client_AuthorizeDeviceScreenClosedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetGameWindowPid(Platform_Client *self, int32_t pid);
void PLATFORM_API Platform_Client_SetTokenExpirationCallback(Platform_Client *self, Platform_Client_TokenExpirationCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_UnmergeIntoProvisionalAccount(Platform_Client *self, uint64_t applicationId, Platform_AuthenticationExternalAuthType externalAuthType, Platform_String externalAuthToken, Platform_Client_UnmergeIntoProvisionalAccountCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_UpdateProvisionalAccountDisplayName(Platform_Client *self, Platform_String name, Platform_Client_UpdateProvisionalAccountDisplayNameCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_UpdateToken(Platform_Client *self, Platform_AuthorizationTokenType tokenType, Platform_String token, Platform_Client_UpdateTokenCallback callback, Platform_FreeFn callback_free, void *callback_ud);
/* Chat / messages */
bool PLATFORM_API Platform_Client_CanOpenMessageInPlatform(Platform_Client *self, uint64_t messageId);
void PLATFORM_API Platform_Client_DeleteUserMessage(Platform_Client *self, uint64_t recipientId, uint64_t messageId, Platform_Client_DeleteUserMessageCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_EditUserMessage(Platform_Client *self, uint64_t recipientId, uint64_t messageId, Platform_String content, Platform_Client_EditUserMessageCallback cb, Platform_FreeFn cb_free, void *cb_ud);
bool PLATFORM_API Platform_Client_GetChannelHandle(Platform_Client *self, uint64_t channelId, Platform_ChannelHandle *out);
void PLATFORM_API Platform_Client_GetLobbyMessagesWithLimit(Platform_Client *self, uint64_t lobbyId, int32_t limit, Platform_Client_GetLobbyMessagesCallback cb, Platform_FreeFn cb_free, void *cb_ud);
bool PLATFORM_API Platform_Client_GetMessageHandle(Platform_Client *self, uint64_t messageId, Platform_MessageHandle *out);
void PLATFORM_API Platform_Client_GetUserMessageSummaries(Platform_Client *self, Platform_Client_UserMessageSummariesCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_GetUserMessagesWithLimit(Platform_Client *self, uint64_t recipientId, int32_t limit, Platform_Client_UserMessagesWithLimitCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_OpenMessageInPlatform(Platform_Client *self, uint64_t messageId, Platform_Client_ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback, Platform_FreeFn provisionalUserMergeRequiredCallback_free, void *provisionalUserMergeRequiredCallback_ud, Platform_Client_OpenMessageInPlatformCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_SendLobbyMessage(Platform_Client *self, uint64_t lobbyId, Platform_String content, Platform_Client_SendUserMessageCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendLobbyMessageWithMetadata(Platform_Client *self, uint64_t lobbyId, Platform_String content, Platform_Properties metadata, Platform_Client_SendUserMessageCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendUserMessage(Platform_Client *self, uint64_t recipientId, Platform_String content, Platform_Client_SendUserMessageCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendUserMessageWithMetadata(Platform_Client *self, uint64_t recipientId, Platform_String content, Platform_Properties metadata, Platform_Client_SendUserMessageCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetMessageCreatedCallback(Platform_Client *self, Platform_Client_MessageCreatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetMessageDeletedCallback(Platform_Client *self, Platform_Client_MessageDeletedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetMessageUpdatedCallback(Platform_Client *self, Platform_Client_MessageUpdatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetShowingChat(Platform_Client *self, bool showingChat);
/* Core */
void PLATFORM_API Platform_Client_AddLogCallback(Platform_Client *self, Platform_Client_LogCallback callback, Platform_FreeFn callback_free, void *callback_ud, Platform_LoggingSeverity minSeverity);
void PLATFORM_API Platform_Client_AddVoiceLogCallback(Platform_Client *self, Platform_Client_LogCallback callback, Platform_FreeFn callback_free, void *callback_ud, Platform_LoggingSeverity minSeverity);
void PLATFORM_API Platform_Client_Connect(Platform_Client *self);
void PLATFORM_API Platform_Client_Disconnect(Platform_Client *self);
Platform_Client_Status PLATFORM_API Platform_Client_GetStatus(Platform_Client *self);
void PLATFORM_API Platform_Client_OpenConnectedGamesSettingsInPlatform(Platform_Client *self, Platform_Client_OpenConnectedGamesSettingsInPlatformCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_SetApplicationId(Platform_Client *self, uint64_t applicationId);
bool PLATFORM_API Platform_Client_SetLogDir(Platform_Client *self, Platform_String path, Platform_LoggingSeverity minSeverity);
void PLATFORM_API Platform_Client_SetStatusChangedCallback(Platform_Client *self, Platform_Client_OnStatusChanged cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetVoiceLogDir(Platform_Client *self, Platform_String path, Platform_LoggingSeverity minSeverity);
/* Lobbies */
void PLATFORM_API Platform_Client_CreateOrJoinLobby(Platform_Client *self, Platform_String secret, Platform_Client_CreateOrJoinLobbyCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_CreateOrJoinLobbyWithMetadata(Platform_Client *self, Platform_String secret, Platform_Properties lobbyMetadata, Platform_Properties memberMetadata, Platform_Client_CreateOrJoinLobbyCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_GetGuildChannels(Platform_Client *self, uint64_t guildId, Platform_Client_GetGuildChannelsCallback cb, Platform_FreeFn cb_free, void *cb_ud);
bool PLATFORM_API Platform_Client_GetLobbyHandle(Platform_Client *self, uint64_t lobbyId, Platform_LobbyHandle *out);
void PLATFORM_API Platform_Client_GetLobbyIds(Platform_Client *self, Platform_UInt64Span *out);
void PLATFORM_API Platform_Client_GetUserGuilds(Platform_Client *self, Platform_Client_GetUserGuildsCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_JoinLinkedLobbyGuild(Platform_Client *self, uint64_t lobbyId, Platform_Client_ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback, Platform_FreeFn provisionalUserMergeRequiredCallback_free, void *provisionalUserMergeRequiredCallback_ud, Platform_Client_JoinLinkedLobbyGuildCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_LeaveLobby(Platform_Client *self, uint64_t lobbyId, Platform_Client_LeaveLobbyCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_LinkChannelToLobby(Platform_Client *self, uint64_t lobbyId, uint64_t channelId, Platform_Client_LinkOrUnlinkChannelCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_SetLobbyCreatedCallback(Platform_Client *self, Platform_Client_LobbyCreatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetLobbyDeletedCallback(Platform_Client *self, Platform_Client_LobbyDeletedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetLobbyMemberAddedCallback(Platform_Client *self, Platform_Client_LobbyMemberAddedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetLobbyMemberRemovedCallback(Platform_Client *self, Platform_Client_LobbyMemberRemovedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetLobbyMemberUpdatedCallback(Platform_Client *self, Platform_Client_LobbyMemberUpdatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetLobbyUpdatedCallback(Platform_Client *self, Platform_Client_LobbyUpdatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_UnlinkChannelFromLobby(Platform_Client *self, uint64_t lobbyId, Platform_Client_LinkOrUnlinkChannelCallback callback, Platform_FreeFn callback_free, void *callback_ud);
/* Mobile */
void PLATFORM_API Platform_Client_IsPlatformAppInstalled(Platform_Client *self, Platform_Client_IsPlatformAppInstalledCallback callback, Platform_FreeFn callback_free, void *callback_ud);
/* Presence / invites */
void PLATFORM_API Platform_Client_AcceptActivityInvite(Platform_Client *self, Platform_ActivityInvite *invite, Platform_Client_AcceptActivityInviteCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_ClearRichPresence(Platform_Client *self);
bool PLATFORM_API Platform_Client_RegisterLaunchCommand(Platform_Client *self, uint64_t applicationId, Platform_String command);
bool PLATFORM_API Platform_Client_RegisterLaunchSteamApplication(Platform_Client *self, uint64_t applicationId, uint32_t steamAppId);
void PLATFORM_API Platform_Client_SendActivityInvite(Platform_Client *self, uint64_t userId, Platform_String content, Platform_Client_SendActivityInviteCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendActivityJoinRequest(Platform_Client *self, uint64_t userId, Platform_Client_SendActivityInviteCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendActivityJoinRequestReply(Platform_Client *self, Platform_ActivityInvite *invite, Platform_Client_SendActivityInviteCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetActivityInviteCreatedCallback(Platform_Client *self, Platform_Client_ActivityInviteCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetActivityInviteUpdatedCallback(Platform_Client *self, Platform_Client_ActivityInviteCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetActivityJoinCallback(Platform_Client *self, Platform_Client_ActivityJoinCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetActivityJoinWithApplicationCallback(Platform_Client *self, Platform_Client_ActivityJoinWithApplicationCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetOnlineStatus(Platform_Client *self, Platform_StatusType status, Platform_Client_UpdateStatusCallback callback, Platform_FreeFn callback_free, void *callback_ud);
void PLATFORM_API Platform_Client_UpdateRichPresence(Platform_Client *self, Platform_Activity *activity, Platform_Client_UpdateRichPresenceCallback cb, Platform_FreeFn cb_free, void *cb_ud);
/* Relationships */
void PLATFORM_API Platform_Client_AcceptPlatformFriendRequest(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_AcceptGameFriendRequest(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_BlockUser(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_CancelPlatformFriendRequest(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_CancelGameFriendRequest(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_GetRelationshipHandle(Platform_Client *self, uint64_t userId, Platform_RelationshipHandle *out);
void PLATFORM_API Platform_Client_GetRelationships(Platform_Client *self, Platform_RelationshipHandleSpan *out);
void PLATFORM_API Platform_Client_GetRelationshipsByGroup(Platform_Client *self, Platform_RelationshipGroupType groupType, Platform_RelationshipHandleSpan *out);
void PLATFORM_API Platform_Client_RejectPlatformFriendRequest(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_RejectGameFriendRequest(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_RemovePlatformAndGameFriend(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_RemoveGameFriend(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SearchFriendsByUsername(Platform_Client *self, Platform_String searchStr, Platform_UserHandleSpan *out);
void PLATFORM_API Platform_Client_SendPlatformFriendRequest(Platform_Client *self, Platform_String username, Platform_Client_SendFriendRequestCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendPlatformFriendRequestById(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendGameFriendRequest(Platform_Client *self, Platform_String username, Platform_Client_SendFriendRequestCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SendGameFriendRequestById(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetRelationshipCreatedCallback(Platform_Client *self, Platform_Client_RelationshipCreatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetRelationshipDeletedCallback(Platform_Client *self, Platform_Client_RelationshipDeletedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_UnblockUser(Platform_Client *self, uint64_t userId, Platform_Client_UpdateRelationshipCallback cb, Platform_FreeFn cb_free, void *cb_ud);
/* Users */
bool PLATFORM_API Platform_Client_GetCurrentUserV2(Platform_Client *self, Platform_UserHandle *out);
void PLATFORM_API Platform_Client_GetPlatformClientConnectedUser(Platform_Client *self, uint64_t applicationId, Platform_Client_GetPlatformClientConnectedUserCallback callback, Platform_FreeFn callback_free, void *callback_ud);
bool PLATFORM_API Platform_Client_GetUser(Platform_Client *self, uint64_t userId, Platform_UserHandle *out);
void PLATFORM_API Platform_Client_SetRelationshipGroupsUpdatedCallback(Platform_Client *self, Platform_Client_RelationshipGroupsUpdatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetUserUpdatedCallback(Platform_Client *self, Platform_Client_UserUpdatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);

/* ---- Call ---- */
void PLATFORM_API Platform_Call_Drop(Platform_Call *self);
void PLATFORM_API Platform_Call_Clone(Platform_Call *self, Platform_Call *src);
void PLATFORM_API Platform_Call_ErrorToString(Platform_Call_Error type, Platform_String *out);
Platform_AudioModeType PLATFORM_API Platform_Call_GetAudioMode(Platform_Call *self);
uint64_t PLATFORM_API Platform_Call_GetChannelId(Platform_Call *self);
uint64_t PLATFORM_API Platform_Call_GetGuildId(Platform_Call *self);
bool PLATFORM_API Platform_Call_GetLocalMute(Platform_Call *self, uint64_t userId);
void PLATFORM_API Platform_Call_GetParticipants(Platform_Call *self, Platform_UInt64Span *out);
float PLATFORM_API Platform_Call_GetParticipantVolume(Platform_Call *self, uint64_t userId);
bool PLATFORM_API Platform_Call_GetPTTActive(Platform_Call *self);
uint32_t PLATFORM_API Platform_Call_GetPTTReleaseDelay(Platform_Call *self);
bool PLATFORM_API Platform_Call_GetSelfDeaf(Platform_Call *self);
bool PLATFORM_API Platform_Call_GetSelfMute(Platform_Call *self);
Platform_Call_Status PLATFORM_API Platform_Call_GetStatus(Platform_Call *self);
void PLATFORM_API Platform_Call_GetVADThreshold(Platform_Call *self, Platform_VADThresholdSettings *out);
bool PLATFORM_API Platform_Call_GetVoiceStateHandle(Platform_Call *self, uint64_t userId, Platform_VoiceStateHandle *out);
void PLATFORM_API Platform_Call_SetAudioMode(Platform_Call *self, Platform_AudioModeType audioMode);
void PLATFORM_API Platform_Call_SetLocalMute(Platform_Call *self, uint64_t userId, bool mute);
void PLATFORM_API Platform_Call_SetOnVoiceStateChangedCallback(Platform_Call *self, Platform_Call_OnVoiceStateChanged cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Call_SetParticipantChangedCallback(Platform_Call *self, Platform_Call_OnParticipantChanged cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Call_SetParticipantVolume(Platform_Call *self, uint64_t userId, float volume);
void PLATFORM_API Platform_Call_SetPTTActive(Platform_Call *self, bool active);
void PLATFORM_API Platform_Call_SetPTTReleaseDelay(Platform_Call *self, uint32_t releaseDelayMs);
void PLATFORM_API Platform_Call_SetSelfDeaf(Platform_Call *self, bool deaf);
void PLATFORM_API Platform_Call_SetSelfMute(Platform_Call *self, bool mute);
void PLATFORM_API Platform_Call_SetSpeakingStatusChangedCallback(Platform_Call *self, Platform_Call_OnSpeakingStatusChanged cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Call_SetStatusChangedCallback(Platform_Call *self, Platform_Call_OnStatusChanged cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Call_SetVADThreshold(Platform_Call *self, bool automatic, float threshold);
void PLATFORM_API Platform_Call_StatusToString(Platform_Call_Status type, Platform_String *out);

/* ---- MessageHandle ---- */
void PLATFORM_API Platform_MessageHandle_Drop(Platform_MessageHandle *self);
void PLATFORM_API Platform_MessageHandle_Clone(Platform_MessageHandle *self, Platform_MessageHandle const *src);
bool PLATFORM_API Platform_MessageHandle_AdditionalContent(Platform_MessageHandle *self, Platform_AdditionalContent *out);
bool PLATFORM_API Platform_MessageHandle_ApplicationId(Platform_MessageHandle *self, uint64_t *out);
bool PLATFORM_API Platform_MessageHandle_Author(Platform_MessageHandle *self, Platform_UserHandle *out);
uint64_t PLATFORM_API Platform_MessageHandle_AuthorId(Platform_MessageHandle *self);
bool PLATFORM_API Platform_MessageHandle_Channel(Platform_MessageHandle *self, Platform_ChannelHandle *out);
uint64_t PLATFORM_API Platform_MessageHandle_ChannelId(Platform_MessageHandle *self);
void PLATFORM_API Platform_MessageHandle_Content(Platform_MessageHandle *self, Platform_String *out);
bool PLATFORM_API Platform_MessageHandle_DisclosureType(Platform_MessageHandle *self, Platform_DisclosureTypes *out);
uint64_t PLATFORM_API Platform_MessageHandle_EditedTimestamp(Platform_MessageHandle *self);
uint64_t PLATFORM_API Platform_MessageHandle_Id(Platform_MessageHandle *self);
bool PLATFORM_API Platform_MessageHandle_Lobby(Platform_MessageHandle *self, Platform_LobbyHandle *out);
void PLATFORM_API Platform_MessageHandle_Metadata(Platform_MessageHandle *self, Platform_Properties *out);
void PLATFORM_API Platform_MessageHandle_ModerationMetadata(Platform_MessageHandle *self, Platform_Properties *out);
void PLATFORM_API Platform_MessageHandle_RawContent(Platform_MessageHandle *self, Platform_String *out);
bool PLATFORM_API Platform_MessageHandle_Recipient(Platform_MessageHandle *self, Platform_UserHandle *out);
uint64_t PLATFORM_API Platform_MessageHandle_RecipientId(Platform_MessageHandle *self);
bool PLATFORM_API Platform_MessageHandle_SentFromGame(Platform_MessageHandle *self);
uint64_t PLATFORM_API Platform_MessageHandle_SentTimestamp(Platform_MessageHandle *self);
/* 1.10 / optional (sdk-abi.md section 7) */
bool PLATFORM_API Platform_MessageHandle_AdditionalName(Platform_MessageHandle *self, Platform_String *out);

/* ---- AuthorizationArgs ---- */
void PLATFORM_API Platform_AuthorizationArgs_Init(Platform_AuthorizationArgs *self);
void PLATFORM_API Platform_AuthorizationArgs_Drop(Platform_AuthorizationArgs *self);
void PLATFORM_API Platform_AuthorizationArgs_Clone(Platform_AuthorizationArgs *self, Platform_AuthorizationArgs const *src);
void PLATFORM_API Platform_AuthorizationArgs_SetClientId(Platform_AuthorizationArgs *self, uint64_t value);
uint64_t PLATFORM_API Platform_AuthorizationArgs_ClientId(Platform_AuthorizationArgs *self);
void PLATFORM_API Platform_AuthorizationArgs_SetScopes(Platform_AuthorizationArgs *self, Platform_String value);
void PLATFORM_API Platform_AuthorizationArgs_Scopes(Platform_AuthorizationArgs *self, Platform_String *out);
void PLATFORM_API Platform_AuthorizationArgs_SetState(Platform_AuthorizationArgs *self, Platform_String *value);
bool PLATFORM_API Platform_AuthorizationArgs_State(Platform_AuthorizationArgs *self, Platform_String *out);
void PLATFORM_API Platform_AuthorizationArgs_SetNonce(Platform_AuthorizationArgs *self, Platform_String *value);
bool PLATFORM_API Platform_AuthorizationArgs_Nonce(Platform_AuthorizationArgs *self, Platform_String *out);
void PLATFORM_API Platform_AuthorizationArgs_SetCodeChallenge(Platform_AuthorizationArgs *self, Platform_AuthorizationCodeChallenge *value);
bool PLATFORM_API Platform_AuthorizationArgs_CodeChallenge(Platform_AuthorizationArgs *self, Platform_AuthorizationCodeChallenge *out);
void PLATFORM_API Platform_AuthorizationArgs_SetIntegrationType(Platform_AuthorizationArgs *self, Platform_IntegrationType *value);
bool PLATFORM_API Platform_AuthorizationArgs_IntegrationType(Platform_AuthorizationArgs *self, Platform_IntegrationType *out);
void PLATFORM_API Platform_AuthorizationArgs_SetCustomSchemeParam(Platform_AuthorizationArgs *self, Platform_String *value);
bool PLATFORM_API Platform_AuthorizationArgs_CustomSchemeParam(Platform_AuthorizationArgs *self, Platform_String *out);

/* ---- AuthorizationCodeVerifier ---- */
void PLATFORM_API Platform_AuthorizationCodeVerifier_Drop(Platform_AuthorizationCodeVerifier *self);
void PLATFORM_API Platform_AuthorizationCodeVerifier_Clone(Platform_AuthorizationCodeVerifier *self, Platform_AuthorizationCodeVerifier const *src);
void PLATFORM_API Platform_AuthorizationCodeVerifier_SetChallenge(Platform_AuthorizationCodeVerifier *self, Platform_AuthorizationCodeChallenge *value);
void PLATFORM_API Platform_AuthorizationCodeVerifier_Challenge(Platform_AuthorizationCodeVerifier *self, Platform_AuthorizationCodeChallenge *out);
void PLATFORM_API Platform_AuthorizationCodeVerifier_SetVerifier(Platform_AuthorizationCodeVerifier *self, Platform_String value);
void PLATFORM_API Platform_AuthorizationCodeVerifier_Verifier(Platform_AuthorizationCodeVerifier *self, Platform_String *out);

/* ---- AuthorizationCodeChallenge ---- */
void PLATFORM_API Platform_AuthorizationCodeChallenge_Init(Platform_AuthorizationCodeChallenge *self);
void PLATFORM_API Platform_AuthorizationCodeChallenge_Drop(Platform_AuthorizationCodeChallenge *self);
void PLATFORM_API Platform_AuthorizationCodeChallenge_Clone(Platform_AuthorizationCodeChallenge *self, Platform_AuthorizationCodeChallenge const *src);
void PLATFORM_API Platform_AuthorizationCodeChallenge_SetMethod(Platform_AuthorizationCodeChallenge *self, Platform_AuthenticationCodeChallengeMethod value);
Platform_AuthenticationCodeChallengeMethod PLATFORM_API Platform_AuthorizationCodeChallenge_Method(Platform_AuthorizationCodeChallenge *self);
void PLATFORM_API Platform_AuthorizationCodeChallenge_SetChallenge(Platform_AuthorizationCodeChallenge *self, Platform_String value);
void PLATFORM_API Platform_AuthorizationCodeChallenge_Challenge(Platform_AuthorizationCodeChallenge *self, Platform_String *out);

/* ---- ClientResult ---- */
void PLATFORM_API Platform_ClientResult_Drop(Platform_ClientResult *self);
void PLATFORM_API Platform_ClientResult_Clone(Platform_ClientResult *self, Platform_ClientResult const *src);
void PLATFORM_API Platform_ClientResult_ToString(Platform_ClientResult *self, Platform_String *out);
void PLATFORM_API Platform_ClientResult_SetType(Platform_ClientResult *self, Platform_ErrorType value);
Platform_ErrorType PLATFORM_API Platform_ClientResult_Type(Platform_ClientResult *self);
void PLATFORM_API Platform_ClientResult_SetError(Platform_ClientResult *self, Platform_String value);
void PLATFORM_API Platform_ClientResult_Error(Platform_ClientResult *self, Platform_String *out);
void PLATFORM_API Platform_ClientResult_SetErrorCode(Platform_ClientResult *self, int32_t value);
int32_t PLATFORM_API Platform_ClientResult_ErrorCode(Platform_ClientResult *self);
void PLATFORM_API Platform_ClientResult_SetStatus(Platform_ClientResult *self, Platform_HttpStatusCode value);
Platform_HttpStatusCode PLATFORM_API Platform_ClientResult_Status(Platform_ClientResult *self);
void PLATFORM_API Platform_ClientResult_SetResponseBody(Platform_ClientResult *self, Platform_String value);
void PLATFORM_API Platform_ClientResult_ResponseBody(Platform_ClientResult *self, Platform_String *out);
void PLATFORM_API Platform_ClientResult_SetSuccessful(Platform_ClientResult *self, bool value);
bool PLATFORM_API Platform_ClientResult_Successful(Platform_ClientResult *self);
void PLATFORM_API Platform_ClientResult_SetRetryable(Platform_ClientResult *self, bool value);
bool PLATFORM_API Platform_ClientResult_Retryable(Platform_ClientResult *self);
void PLATFORM_API Platform_ClientResult_SetRetryAfter(Platform_ClientResult *self, float value);
float PLATFORM_API Platform_ClientResult_RetryAfter(Platform_ClientResult *self);

/* ---- ClientCreateOptions ---- */
void PLATFORM_API Platform_ClientCreateOptions_Init(Platform_ClientCreateOptions *self);
void PLATFORM_API Platform_ClientCreateOptions_Drop(Platform_ClientCreateOptions *self);
void PLATFORM_API Platform_ClientCreateOptions_Clone(Platform_ClientCreateOptions *self, Platform_ClientCreateOptions const *src);
void PLATFORM_API Platform_ClientCreateOptions_SetWebBase(Platform_ClientCreateOptions *self, Platform_String value);
void PLATFORM_API Platform_ClientCreateOptions_WebBase(Platform_ClientCreateOptions *self, Platform_String *out);
void PLATFORM_API Platform_ClientCreateOptions_SetApiBase(Platform_ClientCreateOptions *self, Platform_String value);
void PLATFORM_API Platform_ClientCreateOptions_ApiBase(Platform_ClientCreateOptions *self, Platform_String *out);
void PLATFORM_API Platform_ClientCreateOptions_SetExperimentalAudioSystem(Platform_ClientCreateOptions *self, Platform_AudioSystem value);
Platform_AudioSystem PLATFORM_API Platform_ClientCreateOptions_ExperimentalAudioSystem(Platform_ClientCreateOptions *self);
void PLATFORM_API Platform_ClientCreateOptions_SetExperimentalAndroidPreventCommsForBluetooth(Platform_ClientCreateOptions *self, bool value);
bool PLATFORM_API Platform_ClientCreateOptions_ExperimentalAndroidPreventCommsForBluetooth(Platform_ClientCreateOptions *self);
void PLATFORM_API Platform_ClientCreateOptions_SetCpuAffinityMask(Platform_ClientCreateOptions *self, uint64_t *value);
bool PLATFORM_API Platform_ClientCreateOptions_CpuAffinityMask(Platform_ClientCreateOptions *self, uint64_t *out);

/* ---- LobbyHandle ---- */
void PLATFORM_API Platform_LobbyHandle_Drop(Platform_LobbyHandle *self);
void PLATFORM_API Platform_LobbyHandle_Clone(Platform_LobbyHandle *self, Platform_LobbyHandle const *src);
bool PLATFORM_API Platform_LobbyHandle_GetCallInfoHandle(Platform_LobbyHandle *self, Platform_CallInfoHandle *out);
bool PLATFORM_API Platform_LobbyHandle_GetLobbyMemberHandle(Platform_LobbyHandle *self, uint64_t memberId, Platform_LobbyMemberHandle *out);
uint64_t PLATFORM_API Platform_LobbyHandle_Id(Platform_LobbyHandle *self);
bool PLATFORM_API Platform_LobbyHandle_LinkedChannel(Platform_LobbyHandle *self, Platform_LinkedChannel *out);
void PLATFORM_API Platform_LobbyHandle_LobbyMemberIds(Platform_LobbyHandle *self, Platform_UInt64Span *out);
void PLATFORM_API Platform_LobbyHandle_LobbyMembers(Platform_LobbyHandle *self, Platform_LobbyMemberHandleSpan *out);
void PLATFORM_API Platform_LobbyHandle_Metadata(Platform_LobbyHandle *self, Platform_Properties *out);

/* ---- LobbyMemberHandle ---- */
void PLATFORM_API Platform_LobbyMemberHandle_Drop(Platform_LobbyMemberHandle *self);
void PLATFORM_API Platform_LobbyMemberHandle_Clone(Platform_LobbyMemberHandle *self, Platform_LobbyMemberHandle const *src);
bool PLATFORM_API Platform_LobbyMemberHandle_CanLinkLobby(Platform_LobbyMemberHandle *self);
bool PLATFORM_API Platform_LobbyMemberHandle_Connected(Platform_LobbyMemberHandle *self);
uint64_t PLATFORM_API Platform_LobbyMemberHandle_Id(Platform_LobbyMemberHandle *self);
void PLATFORM_API Platform_LobbyMemberHandle_Metadata(Platform_LobbyMemberHandle *self, Platform_Properties *out);
bool PLATFORM_API Platform_LobbyMemberHandle_User(Platform_LobbyMemberHandle *self, Platform_UserHandle *out);

/* ---- UserHandle ---- */
void PLATFORM_API Platform_UserHandle_Drop(Platform_UserHandle *self);
void PLATFORM_API Platform_UserHandle_Clone(Platform_UserHandle *self, Platform_UserHandle const *src);
bool PLATFORM_API Platform_UserHandle_Avatar(Platform_UserHandle *self, Platform_String *out);
void PLATFORM_API Platform_UserHandle_AvatarTypeToString(Platform_UserHandle_AvatarType type, Platform_String *out);
void PLATFORM_API Platform_UserHandle_AvatarUrl(Platform_UserHandle *self, Platform_UserHandle_AvatarType animatedType, Platform_UserHandle_AvatarType staticType, Platform_String *out);
void PLATFORM_API Platform_UserHandle_DisplayName(Platform_UserHandle *self, Platform_String *out);
bool PLATFORM_API Platform_UserHandle_GameActivity(Platform_UserHandle *self, Platform_Activity *out);
bool PLATFORM_API Platform_UserHandle_GlobalName(Platform_UserHandle *self, Platform_String *out);
uint64_t PLATFORM_API Platform_UserHandle_Id(Platform_UserHandle *self);
bool PLATFORM_API Platform_UserHandle_IsProvisional(Platform_UserHandle *self);
void PLATFORM_API Platform_UserHandle_Relationship(Platform_UserHandle *self, Platform_RelationshipHandle *out);
Platform_StatusType PLATFORM_API Platform_UserHandle_Status(Platform_UserHandle *self);
void PLATFORM_API Platform_UserHandle_UserApplicationProfiles(Platform_UserHandle *self, Platform_UserApplicationProfileHandleSpan *out);
void PLATFORM_API Platform_UserHandle_Username(Platform_UserHandle *self, Platform_String *out);

/* ---- RelationshipHandle ---- */
void PLATFORM_API Platform_RelationshipHandle_Drop(Platform_RelationshipHandle *self);
void PLATFORM_API Platform_RelationshipHandle_Clone(Platform_RelationshipHandle *self, Platform_RelationshipHandle const *src);
Platform_RelationshipType PLATFORM_API Platform_RelationshipHandle_PlatformRelationshipType(Platform_RelationshipHandle *self);
Platform_RelationshipType PLATFORM_API Platform_RelationshipHandle_GameRelationshipType(Platform_RelationshipHandle *self);
uint64_t PLATFORM_API Platform_RelationshipHandle_Id(Platform_RelationshipHandle *self);
bool PLATFORM_API Platform_RelationshipHandle_IsSpamRequest(Platform_RelationshipHandle *self);
bool PLATFORM_API Platform_RelationshipHandle_User(Platform_RelationshipHandle *self, Platform_UserHandle *out);

/* ---- ChannelHandle ---- */
void PLATFORM_API Platform_ChannelHandle_Drop(Platform_ChannelHandle *self);
void PLATFORM_API Platform_ChannelHandle_Clone(Platform_ChannelHandle *self, Platform_ChannelHandle const *src);
uint64_t PLATFORM_API Platform_ChannelHandle_Id(Platform_ChannelHandle *self);
void PLATFORM_API Platform_ChannelHandle_Name(Platform_ChannelHandle *self, Platform_String *out);
void PLATFORM_API Platform_ChannelHandle_Recipients(Platform_ChannelHandle *self, Platform_UInt64Span *out);
Platform_ChannelType PLATFORM_API Platform_ChannelHandle_Type(Platform_ChannelHandle *self);

/* ---- CallInfoHandle ---- */
void PLATFORM_API Platform_CallInfoHandle_Drop(Platform_CallInfoHandle *self);
void PLATFORM_API Platform_CallInfoHandle_Clone(Platform_CallInfoHandle *self, Platform_CallInfoHandle const *src);
uint64_t PLATFORM_API Platform_CallInfoHandle_ChannelId(Platform_CallInfoHandle *self);
void PLATFORM_API Platform_CallInfoHandle_GetParticipants(Platform_CallInfoHandle *self, Platform_UInt64Span *out);
bool PLATFORM_API Platform_CallInfoHandle_GetVoiceStateHandle(Platform_CallInfoHandle *self, uint64_t userId, Platform_VoiceStateHandle *out);
uint64_t PLATFORM_API Platform_CallInfoHandle_GuildId(Platform_CallInfoHandle *self);

/* ---- VoiceStateHandle ---- */
void PLATFORM_API Platform_VoiceStateHandle_Drop(Platform_VoiceStateHandle *self);
void PLATFORM_API Platform_VoiceStateHandle_Clone(Platform_VoiceStateHandle *self, Platform_VoiceStateHandle const *src);
bool PLATFORM_API Platform_VoiceStateHandle_SelfDeaf(Platform_VoiceStateHandle *self);
bool PLATFORM_API Platform_VoiceStateHandle_SelfMute(Platform_VoiceStateHandle *self);

/* ---- Activity ---- */
void PLATFORM_API Platform_Activity_Init(Platform_Activity *self);
void PLATFORM_API Platform_Activity_Drop(Platform_Activity *self);
void PLATFORM_API Platform_Activity_Clone(Platform_Activity *self, Platform_Activity const *src);
void PLATFORM_API Platform_Activity_AddButton(Platform_Activity *self, Platform_ActivityButton const *button);
bool PLATFORM_API Platform_Activity_Equals(Platform_Activity *self, Platform_Activity const *other);
void PLATFORM_API Platform_Activity_GetButtons(Platform_Activity *self, Platform_ActivityButtonSpan *out);
void PLATFORM_API Platform_Activity_SetName(Platform_Activity *self, Platform_String value);
void PLATFORM_API Platform_Activity_Name(Platform_Activity *self, Platform_String *out);
void PLATFORM_API Platform_Activity_SetType(Platform_Activity *self, Platform_ActivityTypes value);
Platform_ActivityTypes PLATFORM_API Platform_Activity_Type(Platform_Activity *self);
void PLATFORM_API Platform_Activity_SetStatusDisplayType(Platform_Activity *self, Platform_StatusDisplayTypes *value);
bool PLATFORM_API Platform_Activity_StatusDisplayType(Platform_Activity *self, Platform_StatusDisplayTypes *out);
void PLATFORM_API Platform_Activity_SetState(Platform_Activity *self, Platform_String *value);
bool PLATFORM_API Platform_Activity_State(Platform_Activity *self, Platform_String *out);
void PLATFORM_API Platform_Activity_SetStateUrl(Platform_Activity *self, Platform_String *value);
bool PLATFORM_API Platform_Activity_StateUrl(Platform_Activity *self, Platform_String *out);
void PLATFORM_API Platform_Activity_SetDetails(Platform_Activity *self, Platform_String *value);
bool PLATFORM_API Platform_Activity_Details(Platform_Activity *self, Platform_String *out);
void PLATFORM_API Platform_Activity_SetDetailsUrl(Platform_Activity *self, Platform_String *value);
bool PLATFORM_API Platform_Activity_DetailsUrl(Platform_Activity *self, Platform_String *out);
void PLATFORM_API Platform_Activity_SetApplicationId(Platform_Activity *self, uint64_t *value);
bool PLATFORM_API Platform_Activity_ApplicationId(Platform_Activity *self, uint64_t *out);
void PLATFORM_API Platform_Activity_SetParentApplicationId(Platform_Activity *self, uint64_t *value);
bool PLATFORM_API Platform_Activity_ParentApplicationId(Platform_Activity *self, uint64_t *out);
void PLATFORM_API Platform_Activity_SetAssets(Platform_Activity *self, Platform_ActivityAssets *value);
bool PLATFORM_API Platform_Activity_Assets(Platform_Activity *self, Platform_ActivityAssets *out);
void PLATFORM_API Platform_Activity_SetTimestamps(Platform_Activity *self, Platform_ActivityTimestamps *value);
bool PLATFORM_API Platform_Activity_Timestamps(Platform_Activity *self, Platform_ActivityTimestamps *out);
void PLATFORM_API Platform_Activity_SetParty(Platform_Activity *self, Platform_ActivityParty *value);
bool PLATFORM_API Platform_Activity_Party(Platform_Activity *self, Platform_ActivityParty *out);
void PLATFORM_API Platform_Activity_SetSecrets(Platform_Activity *self, Platform_ActivitySecrets *value);
bool PLATFORM_API Platform_Activity_Secrets(Platform_Activity *self, Platform_ActivitySecrets *out);
void PLATFORM_API Platform_Activity_SetSupportedPlatforms(Platform_Activity *self, Platform_ActivityGamePlatforms value);
Platform_ActivityGamePlatforms PLATFORM_API Platform_Activity_SupportedPlatforms(Platform_Activity *self);

/* ---- ActivityAssets ---- */
void PLATFORM_API Platform_ActivityAssets_Init(Platform_ActivityAssets *self);
void PLATFORM_API Platform_ActivityAssets_Drop(Platform_ActivityAssets *self);
void PLATFORM_API Platform_ActivityAssets_Clone(Platform_ActivityAssets *self, Platform_ActivityAssets const *src);
void PLATFORM_API Platform_ActivityAssets_SetLargeImage(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_LargeImage(Platform_ActivityAssets *self, Platform_String *out);
void PLATFORM_API Platform_ActivityAssets_SetLargeText(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_LargeText(Platform_ActivityAssets *self, Platform_String *out);
void PLATFORM_API Platform_ActivityAssets_SetLargeUrl(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_LargeUrl(Platform_ActivityAssets *self, Platform_String *out);
void PLATFORM_API Platform_ActivityAssets_SetSmallImage(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_SmallImage(Platform_ActivityAssets *self, Platform_String *out);
void PLATFORM_API Platform_ActivityAssets_SetSmallText(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_SmallText(Platform_ActivityAssets *self, Platform_String *out);
void PLATFORM_API Platform_ActivityAssets_SetSmallUrl(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_SmallUrl(Platform_ActivityAssets *self, Platform_String *out);
void PLATFORM_API Platform_ActivityAssets_SetInviteCoverImage(Platform_ActivityAssets *self, Platform_String *value);
bool PLATFORM_API Platform_ActivityAssets_InviteCoverImage(Platform_ActivityAssets *self, Platform_String *out);

/* ---- ActivityTimestamps ---- */
void PLATFORM_API Platform_ActivityTimestamps_Init(Platform_ActivityTimestamps *self);
void PLATFORM_API Platform_ActivityTimestamps_Drop(Platform_ActivityTimestamps *self);
void PLATFORM_API Platform_ActivityTimestamps_Clone(Platform_ActivityTimestamps *self, Platform_ActivityTimestamps const *src);
void PLATFORM_API Platform_ActivityTimestamps_SetStart(Platform_ActivityTimestamps *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityTimestamps_Start(Platform_ActivityTimestamps *self);
void PLATFORM_API Platform_ActivityTimestamps_SetEnd(Platform_ActivityTimestamps *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityTimestamps_End(Platform_ActivityTimestamps *self);

/* ---- ActivityParty ---- */
void PLATFORM_API Platform_ActivityParty_Init(Platform_ActivityParty *self);
void PLATFORM_API Platform_ActivityParty_Drop(Platform_ActivityParty *self);
void PLATFORM_API Platform_ActivityParty_Clone(Platform_ActivityParty *self, Platform_ActivityParty const *src);
void PLATFORM_API Platform_ActivityParty_SetId(Platform_ActivityParty *self, Platform_String value);
void PLATFORM_API Platform_ActivityParty_Id(Platform_ActivityParty *self, Platform_String *out);
void PLATFORM_API Platform_ActivityParty_SetCurrentSize(Platform_ActivityParty *self, int32_t value);
int32_t PLATFORM_API Platform_ActivityParty_CurrentSize(Platform_ActivityParty *self);
void PLATFORM_API Platform_ActivityParty_SetMaxSize(Platform_ActivityParty *self, int32_t value);
int32_t PLATFORM_API Platform_ActivityParty_MaxSize(Platform_ActivityParty *self);
void PLATFORM_API Platform_ActivityParty_SetPrivacy(Platform_ActivityParty *self, Platform_ActivityPartyPrivacy value);
Platform_ActivityPartyPrivacy PLATFORM_API Platform_ActivityParty_Privacy(Platform_ActivityParty *self);

/* ---- ActivitySecrets ---- */
void PLATFORM_API Platform_ActivitySecrets_Init(Platform_ActivitySecrets *self);
void PLATFORM_API Platform_ActivitySecrets_Drop(Platform_ActivitySecrets *self);
void PLATFORM_API Platform_ActivitySecrets_Clone(Platform_ActivitySecrets *self, Platform_ActivitySecrets const *src);
void PLATFORM_API Platform_ActivitySecrets_SetJoin(Platform_ActivitySecrets *self, Platform_String value);
void PLATFORM_API Platform_ActivitySecrets_Join(Platform_ActivitySecrets *self, Platform_String *out);

/* ---- ActivityButton ---- */
void PLATFORM_API Platform_ActivityButton_Init(Platform_ActivityButton *self);
void PLATFORM_API Platform_ActivityButton_Drop(Platform_ActivityButton *self);
void PLATFORM_API Platform_ActivityButton_Clone(Platform_ActivityButton *self, Platform_ActivityButton const *src);
void PLATFORM_API Platform_ActivityButton_SetLabel(Platform_ActivityButton *self, Platform_String value);
void PLATFORM_API Platform_ActivityButton_Label(Platform_ActivityButton *self, Platform_String *out);
void PLATFORM_API Platform_ActivityButton_SetUrl(Platform_ActivityButton *self, Platform_String value);
void PLATFORM_API Platform_ActivityButton_Url(Platform_ActivityButton *self, Platform_String *out);

/* ---- ActivityInvite ---- */
void PLATFORM_API Platform_ActivityInvite_Init(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_Drop(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_Clone(Platform_ActivityInvite *self, Platform_ActivityInvite const *src);
void PLATFORM_API Platform_ActivityInvite_SetSenderId(Platform_ActivityInvite *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityInvite_SenderId(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_SetChannelId(Platform_ActivityInvite *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityInvite_ChannelId(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_SetMessageId(Platform_ActivityInvite *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityInvite_MessageId(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_SetType(Platform_ActivityInvite *self, Platform_ActivityActionTypes value);
Platform_ActivityActionTypes PLATFORM_API Platform_ActivityInvite_Type(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_SetApplicationId(Platform_ActivityInvite *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityInvite_ApplicationId(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_SetParentApplicationId(Platform_ActivityInvite *self, uint64_t value);
uint64_t PLATFORM_API Platform_ActivityInvite_ParentApplicationId(Platform_ActivityInvite *self);
void PLATFORM_API Platform_ActivityInvite_SetPartyId(Platform_ActivityInvite *self, Platform_String value);
void PLATFORM_API Platform_ActivityInvite_PartyId(Platform_ActivityInvite *self, Platform_String *out);
void PLATFORM_API Platform_ActivityInvite_SetSessionId(Platform_ActivityInvite *self, Platform_String value);
void PLATFORM_API Platform_ActivityInvite_SessionId(Platform_ActivityInvite *self, Platform_String *out);
void PLATFORM_API Platform_ActivityInvite_SetIsValid(Platform_ActivityInvite *self, bool value);
bool PLATFORM_API Platform_ActivityInvite_IsValid(Platform_ActivityInvite *self);

/* ---- AudioDevice ---- */
void PLATFORM_API Platform_AudioDevice_Drop(Platform_AudioDevice *self);
void PLATFORM_API Platform_AudioDevice_Clone(Platform_AudioDevice *self, Platform_AudioDevice const *src);
bool PLATFORM_API Platform_AudioDevice_Equals(Platform_AudioDevice *self, Platform_AudioDevice const *rhs);
void PLATFORM_API Platform_AudioDevice_SetId(Platform_AudioDevice *self, Platform_String value);
void PLATFORM_API Platform_AudioDevice_Id(Platform_AudioDevice *self, Platform_String *out);
void PLATFORM_API Platform_AudioDevice_SetName(Platform_AudioDevice *self, Platform_String value);
void PLATFORM_API Platform_AudioDevice_Name(Platform_AudioDevice *self, Platform_String *out);
void PLATFORM_API Platform_AudioDevice_SetIsDefault(Platform_AudioDevice *self, bool value);
bool PLATFORM_API Platform_AudioDevice_IsDefault(Platform_AudioDevice *self);

/* ---- GuildMinimal ---- */
void PLATFORM_API Platform_GuildMinimal_Drop(Platform_GuildMinimal *self);
void PLATFORM_API Platform_GuildMinimal_Clone(Platform_GuildMinimal *self, Platform_GuildMinimal const *src);
void PLATFORM_API Platform_GuildMinimal_SetId(Platform_GuildMinimal *self, uint64_t value);
uint64_t PLATFORM_API Platform_GuildMinimal_Id(Platform_GuildMinimal *self);
void PLATFORM_API Platform_GuildMinimal_SetName(Platform_GuildMinimal *self, Platform_String value);
void PLATFORM_API Platform_GuildMinimal_Name(Platform_GuildMinimal *self, Platform_String *out);

/* ---- GuildChannel ---- */
void PLATFORM_API Platform_GuildChannel_Drop(Platform_GuildChannel *self);
void PLATFORM_API Platform_GuildChannel_Clone(Platform_GuildChannel *self, Platform_GuildChannel const *src);
void PLATFORM_API Platform_GuildChannel_SetId(Platform_GuildChannel *self, uint64_t value);
uint64_t PLATFORM_API Platform_GuildChannel_Id(Platform_GuildChannel *self);
void PLATFORM_API Platform_GuildChannel_SetName(Platform_GuildChannel *self, Platform_String value);
void PLATFORM_API Platform_GuildChannel_Name(Platform_GuildChannel *self, Platform_String *out);
void PLATFORM_API Platform_GuildChannel_SetType(Platform_GuildChannel *self, Platform_ChannelType value);
Platform_ChannelType PLATFORM_API Platform_GuildChannel_Type(Platform_GuildChannel *self);
void PLATFORM_API Platform_GuildChannel_SetPosition(Platform_GuildChannel *self, int32_t value);
int32_t PLATFORM_API Platform_GuildChannel_Position(Platform_GuildChannel *self);
void PLATFORM_API Platform_GuildChannel_SetParentId(Platform_GuildChannel *self, uint64_t *value);
bool PLATFORM_API Platform_GuildChannel_ParentId(Platform_GuildChannel *self, uint64_t *out);
void PLATFORM_API Platform_GuildChannel_SetIsLinkable(Platform_GuildChannel *self, bool value);
bool PLATFORM_API Platform_GuildChannel_IsLinkable(Platform_GuildChannel *self);
void PLATFORM_API Platform_GuildChannel_SetIsViewableAndWriteableByAllMembers(Platform_GuildChannel *self, bool value);
bool PLATFORM_API Platform_GuildChannel_IsViewableAndWriteableByAllMembers(Platform_GuildChannel *self);
void PLATFORM_API Platform_GuildChannel_SetLinkedLobby(Platform_GuildChannel *self, Platform_LinkedLobby *value);
bool PLATFORM_API Platform_GuildChannel_LinkedLobby(Platform_GuildChannel *self, Platform_LinkedLobby *out);

/* ---- LinkedLobby ---- */
void PLATFORM_API Platform_LinkedLobby_Init(Platform_LinkedLobby *self);
void PLATFORM_API Platform_LinkedLobby_Drop(Platform_LinkedLobby *self);
void PLATFORM_API Platform_LinkedLobby_Clone(Platform_LinkedLobby *self, Platform_LinkedLobby const *src);
void PLATFORM_API Platform_LinkedLobby_SetApplicationId(Platform_LinkedLobby *self, uint64_t value);
uint64_t PLATFORM_API Platform_LinkedLobby_ApplicationId(Platform_LinkedLobby *self);
void PLATFORM_API Platform_LinkedLobby_SetLobbyId(Platform_LinkedLobby *self, uint64_t value);
uint64_t PLATFORM_API Platform_LinkedLobby_LobbyId(Platform_LinkedLobby *self);

/* ---- LinkedChannel ---- */
void PLATFORM_API Platform_LinkedChannel_Drop(Platform_LinkedChannel *self);
void PLATFORM_API Platform_LinkedChannel_Clone(Platform_LinkedChannel *self, Platform_LinkedChannel const *src);
void PLATFORM_API Platform_LinkedChannel_SetId(Platform_LinkedChannel *self, uint64_t value);
uint64_t PLATFORM_API Platform_LinkedChannel_Id(Platform_LinkedChannel *self);
void PLATFORM_API Platform_LinkedChannel_SetName(Platform_LinkedChannel *self, Platform_String value);
void PLATFORM_API Platform_LinkedChannel_Name(Platform_LinkedChannel *self, Platform_String *out);
void PLATFORM_API Platform_LinkedChannel_SetGuildId(Platform_LinkedChannel *self, uint64_t value);
uint64_t PLATFORM_API Platform_LinkedChannel_GuildId(Platform_LinkedChannel *self);

/* ---- AdditionalContent ---- */
void PLATFORM_API Platform_AdditionalContent_Init(Platform_AdditionalContent *self);
void PLATFORM_API Platform_AdditionalContent_Drop(Platform_AdditionalContent *self);
void PLATFORM_API Platform_AdditionalContent_Clone(Platform_AdditionalContent *self, Platform_AdditionalContent const *src);
bool PLATFORM_API Platform_AdditionalContent_Equals(Platform_AdditionalContent *self, Platform_AdditionalContent const *rhs);
void PLATFORM_API Platform_AdditionalContent_TypeToString(Platform_AdditionalContentType type, Platform_String *out);
void PLATFORM_API Platform_AdditionalContent_SetType(Platform_AdditionalContent *self, Platform_AdditionalContentType value);
Platform_AdditionalContentType PLATFORM_API Platform_AdditionalContent_Type(Platform_AdditionalContent *self);
void PLATFORM_API Platform_AdditionalContent_SetTitle(Platform_AdditionalContent *self, Platform_String *value);
bool PLATFORM_API Platform_AdditionalContent_Title(Platform_AdditionalContent *self, Platform_String *out);
void PLATFORM_API Platform_AdditionalContent_SetCount(Platform_AdditionalContent *self, uint8_t value);
uint8_t PLATFORM_API Platform_AdditionalContent_Count(Platform_AdditionalContent *self);

/* ---- UserApplicationProfileHandle ---- */
void PLATFORM_API Platform_UserApplicationProfileHandle_Drop(Platform_UserApplicationProfileHandle *self);
void PLATFORM_API Platform_UserApplicationProfileHandle_Clone(Platform_UserApplicationProfileHandle *self, Platform_UserApplicationProfileHandle const *src);
void PLATFORM_API Platform_UserApplicationProfileHandle_AvatarHash(Platform_UserApplicationProfileHandle *self, Platform_String *out);
void PLATFORM_API Platform_UserApplicationProfileHandle_Metadata(Platform_UserApplicationProfileHandle *self, Platform_String *out);
bool PLATFORM_API Platform_UserApplicationProfileHandle_ProviderId(Platform_UserApplicationProfileHandle *self, Platform_String *out);
void PLATFORM_API Platform_UserApplicationProfileHandle_ProviderIssuedUserId(Platform_UserApplicationProfileHandle *self, Platform_String *out);
Platform_ExternalIdentityProviderType PLATFORM_API Platform_UserApplicationProfileHandle_ProviderType(Platform_UserApplicationProfileHandle *self);
void PLATFORM_API Platform_UserApplicationProfileHandle_Username(Platform_UserApplicationProfileHandle *self, Platform_String *out);

/* ---- UserMessageSummary ---- */
void PLATFORM_API Platform_UserMessageSummary_Drop(Platform_UserMessageSummary *self);
void PLATFORM_API Platform_UserMessageSummary_Clone(Platform_UserMessageSummary *self, Platform_UserMessageSummary const *src);
uint64_t PLATFORM_API Platform_UserMessageSummary_LastMessageId(Platform_UserMessageSummary *self);
uint64_t PLATFORM_API Platform_UserMessageSummary_UserId(Platform_UserMessageSummary *self);

/* ---- VADThresholdSettings ---- */
void PLATFORM_API Platform_VADThresholdSettings_Drop(Platform_VADThresholdSettings *self);
void PLATFORM_API Platform_VADThresholdSettings_SetVadThreshold(Platform_VADThresholdSettings *self, float value);
float PLATFORM_API Platform_VADThresholdSettings_VadThreshold(Platform_VADThresholdSettings *self);
void PLATFORM_API Platform_VADThresholdSettings_SetAutomatic(Platform_VADThresholdSettings *self, bool value);
bool PLATFORM_API Platform_VADThresholdSettings_Automatic(Platform_VADThresholdSettings *self);

/* ---- DeviceAuthorizationArgs ---- */
void PLATFORM_API Platform_DeviceAuthorizationArgs_Init(Platform_DeviceAuthorizationArgs *self);
void PLATFORM_API Platform_DeviceAuthorizationArgs_Drop(Platform_DeviceAuthorizationArgs *self);
void PLATFORM_API Platform_DeviceAuthorizationArgs_Clone(Platform_DeviceAuthorizationArgs *self, Platform_DeviceAuthorizationArgs const *src);
void PLATFORM_API Platform_DeviceAuthorizationArgs_SetClientId(Platform_DeviceAuthorizationArgs *self, uint64_t value);
uint64_t PLATFORM_API Platform_DeviceAuthorizationArgs_ClientId(Platform_DeviceAuthorizationArgs *self);
void PLATFORM_API Platform_DeviceAuthorizationArgs_SetScopes(Platform_DeviceAuthorizationArgs *self, Platform_String value);
void PLATFORM_API Platform_DeviceAuthorizationArgs_Scopes(Platform_DeviceAuthorizationArgs *self, Platform_String *out);

/* ---- 1.10 / optional: voice settings of the desktop client (sdk-abi.md section 7.1) ----
 * As the vendor's published 1.10.19337 C header gives them. Reading the settings is a
 * completion (result, settings) delivered by RunCallbacks, not an out-parameter. */
void PLATFORM_API Platform_VoiceSettings_Drop(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_Clone(Platform_VoiceSettings *self, Platform_VoiceSettings const *src);
void PLATFORM_API Platform_VoiceSettings_SetSelfMute(Platform_VoiceSettings *self, bool value);
bool PLATFORM_API Platform_VoiceSettings_SelfMute(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetSelfDeaf(Platform_VoiceSettings *self, bool value);
bool PLATFORM_API Platform_VoiceSettings_SelfDeaf(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetInputMode(Platform_VoiceSettings *self, Platform_VoiceInputModeType value);
Platform_VoiceInputModeType PLATFORM_API Platform_VoiceSettings_InputMode(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetPttKey(Platform_VoiceSettings *self, Platform_String value);
void PLATFORM_API Platform_VoiceSettings_PttKey(Platform_VoiceSettings *self, Platform_String *out);
void PLATFORM_API Platform_VoiceSettings_SetInputVolume(Platform_VoiceSettings *self, float value);
float PLATFORM_API Platform_VoiceSettings_InputVolume(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetOutputVolume(Platform_VoiceSettings *self, float value);
float PLATFORM_API Platform_VoiceSettings_OutputVolume(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetNoiseSuppression(Platform_VoiceSettings *self, bool value);
bool PLATFORM_API Platform_VoiceSettings_NoiseSuppression(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetEchoCancellation(Platform_VoiceSettings *self, bool value);
bool PLATFORM_API Platform_VoiceSettings_EchoCancellation(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetNoiseCancellation(Platform_VoiceSettings *self, bool value);
bool PLATFORM_API Platform_VoiceSettings_NoiseCancellation(Platform_VoiceSettings *self);
void PLATFORM_API Platform_VoiceSettings_SetAutomaticGainControl(Platform_VoiceSettings *self, bool value);
bool PLATFORM_API Platform_VoiceSettings_AutomaticGainControl(Platform_VoiceSettings *self);
void PLATFORM_API Platform_Client_GetVoiceSettings(Platform_Client *self, Platform_Client_GetVoiceSettingsCallback cb, Platform_FreeFn cb_free, void *cb_ud);
void PLATFORM_API Platform_Client_SetVoiceSettingsUpdatedCallback(Platform_Client *self, Platform_Client_VoiceSettingsUpdatedCallback cb, Platform_FreeFn cb_free, void *cb_ud);
/* ---- optional: client-level user application profiles (sdk-abi.md section 7.2) ---- */
void PLATFORM_API Platform_Client_GetUserApplicationProfiles(Platform_Client *self, Platform_UserApplicationProfileHandleSpan *out);
void PLATFORM_API Platform_Client_GetUserApplicationProfilesNoLock(Platform_Client *self, Platform_UserApplicationProfileHandleSpan *out);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PLATFORM_HEADER_CPLATFORM_H_ */
