/*
 * platformpp.h — header-only C++ wrapper over cplatform.h (SDK 1.9.16441 C ABI, neutral names).
 *
 * Object model, type mapping and method lists follow docs sdk-abi.md section 6: every class X
 * holds exactly `mutable Platform_X instance_` and a PlatformObjectState; Owned objects are
 * dropped by the destructor; moves are bitwise and leave the source Invalid; copies go through
 * Platform_X_Clone; every method asserts that the object is Owned.
 *
 * Usage: include this header anywhere for the declarations. Exactly ONE translation unit must
 * `#define PLATFORMPP_IMPLEMENTATION` before including it; that TU receives the out-of-line
 * definitions, the nullobj definitions and the helpers (zero TUs: undefined symbols; two TUs:
 * duplicate definitions).
 *
 * DELIBERATE ADDITION relative to the vendor's wrapper — the PLATFORMPP_C call macro:
 *   Every call into the C ABI in this file (class functions, Init/Drop/Clone, Platform_Alloc,
 *   Platform_Free, Platform_FreeProperties, Platform_RunCallbacks) is written as
 *       PLATFORMPP_C(Platform_Client_Connect)(&instance_);
 *   By default PLATFORMPP_C(fn) expands to `::fn`, i.e. a direct call to the function declared
 *   in cplatform.h, so the header behaves exactly like the vendor's (link against the library).
 *   A binding that resolves the library at run time (dlsym/GetProcAddress) can instead define,
 *   before the first include of this header in every TU,
 *       #define PLATFORMPP_C(fn) (platform_table.fn)
 *   where each member of `platform_table` is a `decltype(&::fn)` function pointer. No C call in
 *   this file bypasses the macro. The definition must be identical in every TU (inline functions
 *   such as RunCallbacks() expand it in the including TU).
 *
 * Scope: all 31 classes of sdk-abi.md section 6.3 other than Client are complete (Call with
 * Call::Error / Call::Status, MessageHandle, AuthorizationArgs, AuthorizationCodeVerifier,
 * AuthorizationCodeChallenge, ClientResult, ClientCreateOptions, LobbyHandle, LobbyMemberHandle,
 * UserHandle, RelationshipHandle, ChannelHandle, CallInfoHandle, VoiceStateHandle, Activity,
 * ActivityAssets, ActivityTimestamps, ActivityParty, ActivitySecrets, ActivityButton,
 * ActivityInvite, AudioDevice, GuildMinimal, GuildChannel, LinkedLobby, LinkedChannel,
 * AdditionalContent, UserApplicationProfileHandle, UserMessageSummary, VADThresholdSettings,
 * DeviceAuthorizationArgs), and so is Client (lifecycle, statics, audio/voice, auth, chat/messages,
 * core, lobbies, mobile, presence/invites, relationships, users). Every method defined here is a
 * C symbol the binding's loader requires.
 * Exceptions, 1.10 symbols that 1.9 libraries lack, so a run-time loader must resolve them as
 * optional: MessageHandle::AdditionalName (sdk-abi.md section 7) calls
 * Platform_MessageHandle_AdditionalName; class VoiceSettings and Client::GetVoiceSettings /
 * SetVoiceSettingsUpdatedCallback (section 7.1, as published for 1.10.19337) call
 * Platform_VoiceSettings_{Drop, Clone} and the getter and Set* of SelfMute, SelfDeaf, InputMode,
 * PttKey, InputVolume, OutputVolume, NoiseSuppression, EchoCancellation, NoiseCancellation and
 * AutomaticGainControl,
 * Platform_Client_GetVoiceSettings and Platform_Client_SetVoiceSettingsUpdatedCallback;
 * Client::GetUserApplicationProfiles / GetUserApplicationProfilesNoLock (section 7.2, our design)
 * call Platform_Client_GetUserApplicationProfiles and
 * Platform_Client_GetUserApplicationProfilesNoLock.
 * The two audio callbacks of Client::StartCallWithAudioCallbacks run on an SDK audio thread,
 * not inside RunCallbacks(); their trampolines touch only their closure and arguments.
 *
 * Spans returned by the library (out-params and callback arguments) become std::vector: object
 * elements are adopted as Owned one by one and the array is released with Platform_Free. Maps
 * passed in are built with Platform_Alloc and released with Platform_FreeProperties after the
 * call; maps returned are copied, then released with Platform_FreeProperties.
 */
#ifndef PLATFORM_HEADER_PLATFORMPP_H_
#define PLATFORM_HEADER_PLATFORMPP_H_

#include "cplatform.h"

#include <atomic>
#include <cassert>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#ifndef PLATFORMPP_C
#define PLATFORMPP_C(fn) ::fn
#endif

namespace platformpp {

/// Ownership state of a wrapper object: Owned objects are dropped by their destructor.
enum class PlatformObjectState { Invalid, Owned };

/// Runs the queued SDK callbacks on the calling thread. Call it regularly (e.g. once per frame).
inline void RunCallbacks()
{
    PLATFORMPP_C(Platform_RunCallbacks)();
}

enum class ActivityActionTypes {
    Invalid = 0,
    Join = 1,
    JoinRequest = 5,
};

enum class ActivityPartyPrivacy {
    Private = 0,
    Public = 1,
};

enum class ActivityTypes {
    Playing = 0,
    Streaming = 1,
    Listening = 2,
    Watching = 3,
    CustomStatus = 4,
    Competing = 5,
    HangStatus = 6,
};

enum class StatusDisplayTypes {
    Name = 0,
    State = 1,
    Details = 2,
};

enum class ActivityGamePlatforms {
    Desktop = 1,
    Xbox = 2,
    Samsung = 4,
    IOS = 8,
    Android = 16,
    Embedded = 32,
    PS4 = 64,
    PS5 = 128,
};

enum class ErrorType {
    None = 0,
    NetworkError = 1,
    HTTPError = 2,
    ClientNotReady = 3,
    Disabled = 4,
    ClientDestroyed = 5,
    ValidationError = 6,
    Aborted = 7,
    AuthorizationFailed = 8,
    RPCError = 9,
};

enum class HttpStatusCode {
    None = 0,
    Continue = 100,
    SwitchingProtocols = 101,
    Processing = 102,
    EarlyHints = 103,
    Ok = 200,
    Created = 201,
    Accepted = 202,
    NonAuthoritativeInfo = 203,
    NoContent = 204,
    ResetContent = 205,
    PartialContent = 206,
    MultiStatus = 207,
    AlreadyReported = 208,
    ImUsed = 209,
    MultipleChoices = 300,
    MovedPermanently = 301,
    Found = 302,
    SeeOther = 303,
    NotModified = 304,
    TemporaryRedirect = 307,
    PermanentRedirect = 308,
    BadRequest = 400,
    Unauthorized = 401,
    PaymentRequired = 402,
    Forbidden = 403,
    NotFound = 404,
    MethodNotAllowed = 405,
    NotAcceptable = 406,
    ProxyAuthRequired = 407,
    RequestTimeout = 408,
    Conflict = 409,
    Gone = 410,
    LengthRequired = 411,
    PreconditionFailed = 412,
    PayloadTooLarge = 413,
    UriTooLong = 414,
    UnsupportedMediaType = 415,
    RangeNotSatisfiable = 416,
    ExpectationFailed = 417,
    MisdirectedRequest = 421,
    UnprocessableEntity = 422,
    Locked = 423,
    FailedDependency = 424,
    TooEarly = 425,
    UpgradeRequired = 426,
    PreconditionRequired = 428,
    TooManyRequests = 429,
    RequestHeaderFieldsTooLarge = 431,
    InternalServerError = 500,
    NotImplemented = 501,
    BadGateway = 502,
    ServiceUnavailable = 503,
    GatewayTimeout = 504,
    HttpVersionNotSupported = 505,
    VariantAlsoNegotiates = 506,
    InsufficientStorage = 507,
    LoopDetected = 508,
    NotExtended = 510,
    NetworkAuthorizationRequired = 511,
};

enum class AuthenticationCodeChallengeMethod {
    S256 = 0,
};

enum class IntegrationType {
    GuildInstall = 0,
    UserInstall = 1,
};

enum class ChannelType {
    GuildText = 0,
    Dm = 1,
    GuildVoice = 2,
    GroupDm = 3,
    GuildCategory = 4,
    GuildNews = 5,
    GuildStore = 6,
    GuildNewsThread = 10,
    GuildPublicThread = 11,
    GuildPrivateThread = 12,
    GuildStageVoice = 13,
    GuildDirectory = 14,
    GuildForum = 15,
    GuildMedia = 16,
    Lobby = 17,
    EphemeralDm = 18,
};

enum class AdditionalContentType {
    Other = 0,
    Attachment = 1,
    Poll = 2,
    VoiceMessage = 3,
    Thread = 4,
    Embed = 5,
    Sticker = 6,
};

enum class AudioSystem {
    Standard = 0,
    Game = 1,
};

enum class AudioModeType {
    MODE_UNINIT = 0,
    MODE_VAD = 1,
    MODE_PTT = 2,
};

/// 1.10.19337: when the desktop client transmits microphone audio (VoiceSettings::InputMode).
/// The values come from cplatform.h (as published, sdk-abi.md section 7.1).
enum class VoiceInputModeType {
    VoiceActivity = Platform_VoiceInputModeType_VoiceActivity,
    PushToTalk = Platform_VoiceInputModeType_PushToTalk,
};

enum class RelationshipType {
    None = 0,
    Friend = 1,
    Blocked = 2,
    PendingIncoming = 3,
    PendingOutgoing = 4,
    Implicit = 5,
    Suggestion = 6,
};

enum class ExternalIdentityProviderType {
    OIDC = 0,
    EpicOnlineServices = 1,
    Steam = 2,
    Unity = 3,
    PlatformBot = 4,
    None = 5,
    Unknown = 6,
};

enum class StatusType {
    Online = 0,
    Offline = 1,
    Blocked = 2,
    Idle = 3,
    Dnd = 4,
    Invisible = 5,
    Streaming = 6,
    Unknown = 7,
};

enum class DisclosureTypes {
    MessageDataVisibleOnPlatform = 3,
};

enum class AuthorizationTokenType {
    User = 0,
    Bearer = 1,
};

enum class AuthenticationExternalAuthType {
    OIDC = 0,
    EpicOnlineServicesAccessToken = 1,
    EpicOnlineServicesIdToken = 2,
    SteamSessionTicket = 3,
    UnityServicesIdToken = 4,
    PlatformBotIssuedAccessToken = 5,
    AppleIdToken = 6,
    PlayStationNetworkIdToken = 7,
};

enum class LoggingSeverity {
    Verbose = 1,
    Info = 2,
    Warning = 3,
    Error = 4,
    None = 5,
};

enum class RelationshipGroupType {
    OnlinePlayingGame = 0,
    OnlineElsewhere = 1,
    Offline = 2,
};

class Call;
class MessageHandle;
class AuthorizationArgs;
class AuthorizationCodeVerifier;
class AuthorizationCodeChallenge;
class ClientResult;
class ClientCreateOptions;
class LobbyHandle;
class LobbyMemberHandle;
class UserHandle;
class RelationshipHandle;
class ChannelHandle;
class CallInfoHandle;
class VoiceStateHandle;
class Activity;
class ActivityAssets;
class ActivityTimestamps;
class ActivityParty;
class ActivitySecrets;
class ActivityButton;
class ActivityInvite;
class AudioDevice;
class GuildMinimal;
class GuildChannel;
class LinkedLobby;
class LinkedChannel;
class AdditionalContent;
class UserApplicationProfileHandle;
class UserMessageSummary;
class VADThresholdSettings;
class DeviceAuthorizationArgs;
class VoiceSettings;
class Client;

/// A live voice call (from Client::StartCall, StartCallWithAudioCallbacks, GetCall, GetCalls).
/// Copies are new references to the same call (Platform_Call_Clone); the C struct has 3 opaque
/// slots. No public default constructor: Client::GetCall / StartCall /
/// StartCallWithAudioCallbacks return an Invalid Call (operator bool false) when there is none.
class Call {
public:
    enum class Error {
        None = 0,
        SignalingConnectionFailed = 1,
        SignalingUnexpectedClose = 2,
        VoiceConnectionFailed = 3,
        JoinTimeout = 4,
        Forbidden = 5,
    };

    enum class Status {
        Disconnected = 0,
        Joining = 1,
        Connecting = 2,
        SignalingConnected = 3,
        Connected = 4,
        Reconnecting = 5,
        Disconnecting = 6,
    };

    using OnVoiceStateChanged = std::function<void(uint64_t userId)>;
    using OnParticipantChanged = std::function<void(uint64_t userId, bool added)>;
    using OnSpeakingStatusChanged = std::function<void(uint64_t userId, bool isPlayingSound)>;
    using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;

private:
    mutable Platform_Call instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_Call *instance() const { return &instance_; }
    /// An Invalid Call, usable as a "null" value.
    static const Call nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit Call(Platform_Call instance, PlatformObjectState state);
    ~Call();
    Call(Call &&other) noexcept;
    Call &operator=(Call &&other) noexcept;
    Call(const Call &other);
    Call &operator=(const Call &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    static std::string ErrorToString(Error type);
    AudioModeType GetAudioMode();
    uint64_t GetChannelId() const;
    uint64_t GetGuildId() const;
    bool GetLocalMute(uint64_t userId);
    std::vector<uint64_t> GetParticipants() const;
    float GetParticipantVolume(uint64_t userId);
    bool GetPTTActive();
    uint32_t GetPTTReleaseDelay();
    bool GetSelfDeaf();
    bool GetSelfMute();
    Status GetStatus() const;
    VADThresholdSettings GetVADThreshold() const;
    std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t userId) const;
    void SetAudioMode(AudioModeType audioMode);
    void SetLocalMute(uint64_t userId, bool mute);
    void SetOnVoiceStateChangedCallback(OnVoiceStateChanged cb);
    void SetParticipantChangedCallback(OnParticipantChanged cb);
    void SetParticipantVolume(uint64_t userId, float volume);
    void SetPTTActive(bool active);
    void SetPTTReleaseDelay(uint32_t releaseDelayMs);
    void SetSelfDeaf(bool deaf);
    void SetSelfMute(bool mute);
    void SetSpeakingStatusChangedCallback(OnSpeakingStatusChanged cb);
    void SetStatusChangedCallback(OnStatusChanged cb);
    void SetVADThreshold(bool automatic, float threshold);
    static std::string StatusToString(Status type);
};

/// Read-only live reference to a chat message (lobby or direct message).
class MessageHandle {
    mutable Platform_MessageHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_MessageHandle *instance() const { return &instance_; }
    /// An Invalid MessageHandle, usable as a "null" value.
    static const MessageHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit MessageHandle(Platform_MessageHandle instance, PlatformObjectState state);
    ~MessageHandle();
    MessageHandle(MessageHandle &&other) noexcept;
    MessageHandle &operator=(MessageHandle &&other) noexcept;
    MessageHandle(const MessageHandle &other);
    MessageHandle &operator=(const MessageHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    std::optional<platformpp::AdditionalContent> AdditionalContent() const;
    /// 1.10 (sdk-abi.md section 7): the C function is absent from 1.9 libraries,
    /// so a run-time loader must resolve it as optional and check it before use.
    std::optional<std::string> AdditionalName() const;
    std::optional<uint64_t> ApplicationId() const;
    std::optional<UserHandle> Author() const;
    uint64_t AuthorId() const;
    std::optional<ChannelHandle> Channel() const;
    uint64_t ChannelId() const;
    std::string Content() const;
    std::optional<DisclosureTypes> DisclosureType() const;
    uint64_t EditedTimestamp() const;
    uint64_t Id() const;
    std::optional<LobbyHandle> Lobby() const;
    std::unordered_map<std::string, std::string> Metadata() const;
    std::unordered_map<std::string, std::string> ModerationMetadata() const;
    std::string RawContent() const;
    std::optional<UserHandle> Recipient() const;
    uint64_t RecipientId() const;
    bool SentFromGame() const;
    uint64_t SentTimestamp() const;
};

/// Arguments of Client::Authorize.
class AuthorizationArgs {
    mutable Platform_AuthorizationArgs instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_AuthorizationArgs *instance() const { return &instance_; }
    /// An Invalid AuthorizationArgs, usable as a "null" value.
    static const AuthorizationArgs nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit AuthorizationArgs(Platform_AuthorizationArgs instance, PlatformObjectState state);
    ~AuthorizationArgs();
    AuthorizationArgs(AuthorizationArgs &&other) noexcept;
    AuthorizationArgs &operator=(AuthorizationArgs &&other) noexcept;
    AuthorizationArgs(const AuthorizationArgs &other);
    AuthorizationArgs &operator=(const AuthorizationArgs &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit AuthorizationArgs();
    uint64_t ClientId() const;
    void SetClientId(uint64_t ClientId);
    std::string Scopes() const;
    void SetScopes(std::string Scopes);
    std::optional<std::string> State() const;
    void SetState(std::optional<std::string> State);
    std::optional<std::string> Nonce() const;
    void SetNonce(std::optional<std::string> Nonce);
    std::optional<platformpp::AuthorizationCodeChallenge> CodeChallenge() const;
    void SetCodeChallenge(std::optional<platformpp::AuthorizationCodeChallenge> CodeChallenge);
    std::optional<platformpp::IntegrationType> IntegrationType() const;
    void SetIntegrationType(std::optional<platformpp::IntegrationType> IntegrationType);
    std::optional<std::string> CustomSchemeParam() const;
    void SetCustomSchemeParam(std::optional<std::string> CustomSchemeParam);
};

/// PKCE code verifier created by Client::CreateAuthorizationCodeVerifier.
class AuthorizationCodeVerifier {
    mutable Platform_AuthorizationCodeVerifier instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_AuthorizationCodeVerifier *instance() const { return &instance_; }
    /// An Invalid AuthorizationCodeVerifier, usable as a "null" value.
    static const AuthorizationCodeVerifier nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit AuthorizationCodeVerifier(Platform_AuthorizationCodeVerifier instance, PlatformObjectState state);
    ~AuthorizationCodeVerifier();
    AuthorizationCodeVerifier(AuthorizationCodeVerifier &&other) noexcept;
    AuthorizationCodeVerifier &operator=(AuthorizationCodeVerifier &&other) noexcept;
    AuthorizationCodeVerifier(const AuthorizationCodeVerifier &other);
    AuthorizationCodeVerifier &operator=(const AuthorizationCodeVerifier &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    AuthorizationCodeChallenge Challenge() const;
    void SetChallenge(AuthorizationCodeChallenge Challenge);
    std::string Verifier() const;
    void SetVerifier(std::string Verifier);
};

/// PKCE code challenge.
class AuthorizationCodeChallenge {
    mutable Platform_AuthorizationCodeChallenge instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_AuthorizationCodeChallenge *instance() const { return &instance_; }
    /// An Invalid AuthorizationCodeChallenge, usable as a "null" value.
    static const AuthorizationCodeChallenge nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit AuthorizationCodeChallenge(Platform_AuthorizationCodeChallenge instance, PlatformObjectState state);
    ~AuthorizationCodeChallenge();
    AuthorizationCodeChallenge(AuthorizationCodeChallenge &&other) noexcept;
    AuthorizationCodeChallenge &operator=(AuthorizationCodeChallenge &&other) noexcept;
    AuthorizationCodeChallenge(const AuthorizationCodeChallenge &other);
    AuthorizationCodeChallenge &operator=(const AuthorizationCodeChallenge &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit AuthorizationCodeChallenge();
    AuthenticationCodeChallengeMethod Method() const;
    void SetMethod(AuthenticationCodeChallengeMethod Method);
    std::string Challenge() const;
    void SetChallenge(std::string Challenge);
};

/// Outcome of an asynchronous SDK operation.
class ClientResult {
    mutable Platform_ClientResult instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ClientResult *instance() const { return &instance_; }
    /// An Invalid ClientResult, usable as a "null" value.
    static const ClientResult nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ClientResult(Platform_ClientResult instance, PlatformObjectState state);
    ~ClientResult();
    ClientResult(ClientResult &&other) noexcept;
    ClientResult &operator=(ClientResult &&other) noexcept;
    ClientResult(const ClientResult &other);
    ClientResult &operator=(const ClientResult &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    std::string ToString() const;
    ErrorType Type() const;
    void SetType(ErrorType Type);
    std::string Error() const;
    void SetError(std::string Error);
    int32_t ErrorCode() const;
    void SetErrorCode(int32_t ErrorCode);
    HttpStatusCode Status() const;
    void SetStatus(HttpStatusCode Status);
    std::string ResponseBody() const;
    void SetResponseBody(std::string ResponseBody);
    bool Successful() const;
    void SetSuccessful(bool Successful);
    bool Retryable() const;
    void SetRetryable(bool Retryable);
    float RetryAfter() const;
    void SetRetryAfter(float RetryAfter);
};

/// Options for the Client(ClientCreateOptions) constructor.
class ClientCreateOptions {
    mutable Platform_ClientCreateOptions instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ClientCreateOptions *instance() const { return &instance_; }
    /// An Invalid ClientCreateOptions, usable as a "null" value.
    static const ClientCreateOptions nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ClientCreateOptions(Platform_ClientCreateOptions instance, PlatformObjectState state);
    ~ClientCreateOptions();
    ClientCreateOptions(ClientCreateOptions &&other) noexcept;
    ClientCreateOptions &operator=(ClientCreateOptions &&other) noexcept;
    ClientCreateOptions(const ClientCreateOptions &other);
    ClientCreateOptions &operator=(const ClientCreateOptions &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ClientCreateOptions();
    std::string WebBase() const;
    void SetWebBase(std::string WebBase);
    std::string ApiBase() const;
    void SetApiBase(std::string ApiBase);
    AudioSystem ExperimentalAudioSystem() const;
    void SetExperimentalAudioSystem(AudioSystem ExperimentalAudioSystem);
    bool ExperimentalAndroidPreventCommsForBluetooth() const;
    void SetExperimentalAndroidPreventCommsForBluetooth(
      bool ExperimentalAndroidPreventCommsForBluetooth);
    std::optional<uint64_t> CpuAffinityMask() const;
    void SetCpuAffinityMask(std::optional<uint64_t> CpuAffinityMask);
};

/// Read-only live reference to a lobby the current user is a member of.
class LobbyHandle {
    mutable Platform_LobbyHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_LobbyHandle *instance() const { return &instance_; }
    /// An Invalid LobbyHandle, usable as a "null" value.
    static const LobbyHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit LobbyHandle(Platform_LobbyHandle instance, PlatformObjectState state);
    ~LobbyHandle();
    LobbyHandle(LobbyHandle &&other) noexcept;
    LobbyHandle &operator=(LobbyHandle &&other) noexcept;
    LobbyHandle(const LobbyHandle &other);
    LobbyHandle &operator=(const LobbyHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    std::optional<CallInfoHandle> GetCallInfoHandle() const;
    std::optional<LobbyMemberHandle> GetLobbyMemberHandle(uint64_t memberId) const;
    uint64_t Id() const;
    std::optional<platformpp::LinkedChannel> LinkedChannel() const;
    std::vector<uint64_t> LobbyMemberIds() const;
    std::vector<LobbyMemberHandle> LobbyMembers() const;
    std::unordered_map<std::string, std::string> Metadata() const;
};

/// Read-only live reference to one member of a lobby.
class LobbyMemberHandle {
    mutable Platform_LobbyMemberHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_LobbyMemberHandle *instance() const { return &instance_; }
    /// An Invalid LobbyMemberHandle, usable as a "null" value.
    static const LobbyMemberHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit LobbyMemberHandle(Platform_LobbyMemberHandle instance, PlatformObjectState state);
    ~LobbyMemberHandle();
    LobbyMemberHandle(LobbyMemberHandle &&other) noexcept;
    LobbyMemberHandle &operator=(LobbyMemberHandle &&other) noexcept;
    LobbyMemberHandle(const LobbyMemberHandle &other);
    LobbyMemberHandle &operator=(const LobbyMemberHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    bool CanLinkLobby() const;
    bool Connected() const;
    uint64_t Id() const;
    std::unordered_map<std::string, std::string> Metadata() const;
    std::optional<UserHandle> User() const;
};

/// Read-only live reference to a user known to the SDK.
class UserHandle {
public:
    enum class AvatarType {
        Gif = 0,
        Webp = 1,
        Png = 2,
        Jpeg = 3,
    };

private:
    mutable Platform_UserHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_UserHandle *instance() const { return &instance_; }
    /// An Invalid UserHandle, usable as a "null" value.
    static const UserHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit UserHandle(Platform_UserHandle instance, PlatformObjectState state);
    ~UserHandle();
    UserHandle(UserHandle &&other) noexcept;
    UserHandle &operator=(UserHandle &&other) noexcept;
    UserHandle(const UserHandle &other);
    UserHandle &operator=(const UserHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    std::optional<std::string> Avatar() const;
    static std::string AvatarTypeToString(AvatarType type);
    std::string AvatarUrl(AvatarType animatedType, AvatarType staticType) const;
    std::string DisplayName() const;
    std::optional<Activity> GameActivity() const;
    std::optional<std::string> GlobalName() const;
    uint64_t Id() const;
    bool IsProvisional() const;
    RelationshipHandle Relationship() const;
    StatusType Status() const;
    std::vector<UserApplicationProfileHandle> UserApplicationProfiles() const;
    std::string Username() const;
};

/// Read-only live reference to the relationship between the current user and another user
/// (Client::GetRelationshipHandle / GetRelationships / GetRelationshipsByGroup,
/// UserHandle::Relationship).
class RelationshipHandle {
    mutable Platform_RelationshipHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_RelationshipHandle *instance() const { return &instance_; }
    /// An Invalid RelationshipHandle, usable as a "null" value.
    static const RelationshipHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit RelationshipHandle(Platform_RelationshipHandle instance, PlatformObjectState state);
    ~RelationshipHandle();
    RelationshipHandle(RelationshipHandle &&other) noexcept;
    RelationshipHandle &operator=(RelationshipHandle &&other) noexcept;
    RelationshipHandle(const RelationshipHandle &other);
    RelationshipHandle &operator=(const RelationshipHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    RelationshipType PlatformRelationshipType() const;
    RelationshipType GameRelationshipType() const;
    uint64_t Id() const;
    bool IsSpamRequest() const;
    std::optional<UserHandle> User() const;
};

/// Read-only live reference to a channel (DM, group DM, guild channel or lobby).
class ChannelHandle {
    mutable Platform_ChannelHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ChannelHandle *instance() const { return &instance_; }
    /// An Invalid ChannelHandle, usable as a "null" value.
    static const ChannelHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ChannelHandle(Platform_ChannelHandle instance, PlatformObjectState state);
    ~ChannelHandle();
    ChannelHandle(ChannelHandle &&other) noexcept;
    ChannelHandle &operator=(ChannelHandle &&other) noexcept;
    ChannelHandle(const ChannelHandle &other);
    ChannelHandle &operator=(const ChannelHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    uint64_t Id() const;
    std::string Name() const;
    std::vector<uint64_t> Recipients() const;
    ChannelType Type() const;
};

/// Read-only live reference to the voice call of a lobby.
class CallInfoHandle {
    mutable Platform_CallInfoHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_CallInfoHandle *instance() const { return &instance_; }
    /// An Invalid CallInfoHandle, usable as a "null" value.
    static const CallInfoHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit CallInfoHandle(Platform_CallInfoHandle instance, PlatformObjectState state);
    ~CallInfoHandle();
    CallInfoHandle(CallInfoHandle &&other) noexcept;
    CallInfoHandle &operator=(CallInfoHandle &&other) noexcept;
    CallInfoHandle(const CallInfoHandle &other);
    CallInfoHandle &operator=(const CallInfoHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    uint64_t ChannelId() const;
    std::vector<uint64_t> GetParticipants() const;
    std::optional<VoiceStateHandle> GetVoiceStateHandle(uint64_t userId) const;
    uint64_t GuildId() const;
};

/// Read-only live reference to the voice state of one call participant.
class VoiceStateHandle {
    mutable Platform_VoiceStateHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_VoiceStateHandle *instance() const { return &instance_; }
    /// An Invalid VoiceStateHandle, usable as a "null" value.
    static const VoiceStateHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit VoiceStateHandle(Platform_VoiceStateHandle instance, PlatformObjectState state);
    ~VoiceStateHandle();
    VoiceStateHandle(VoiceStateHandle &&other) noexcept;
    VoiceStateHandle &operator=(VoiceStateHandle &&other) noexcept;
    VoiceStateHandle(const VoiceStateHandle &other);
    VoiceStateHandle &operator=(const VoiceStateHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    bool SelfDeaf() const;
    bool SelfMute() const;
};

/// Rich presence: what a user is doing in a game (Client::UpdateRichPresence,
/// UserHandle::GameActivity).
class Activity {
    mutable Platform_Activity instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_Activity *instance() const { return &instance_; }
    /// An Invalid Activity, usable as a "null" value.
    static const Activity nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit Activity(Platform_Activity instance, PlatformObjectState state);
    ~Activity();
    Activity(Activity &&other) noexcept;
    Activity &operator=(Activity &&other) noexcept;
    Activity(const Activity &other);
    Activity &operator=(const Activity &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit Activity();
    void AddButton(ActivityButton button);
    bool Equals(Activity other) const;
    std::vector<ActivityButton> GetButtons() const;
    std::string Name() const;
    void SetName(std::string Name);
    ActivityTypes Type() const;
    void SetType(ActivityTypes Type);
    std::optional<StatusDisplayTypes> StatusDisplayType() const;
    void SetStatusDisplayType(std::optional<StatusDisplayTypes> StatusDisplayType);
    std::optional<std::string> State() const;
    void SetState(std::optional<std::string> State);
    std::optional<std::string> StateUrl() const;
    void SetStateUrl(std::optional<std::string> StateUrl);
    std::optional<std::string> Details() const;
    void SetDetails(std::optional<std::string> Details);
    std::optional<std::string> DetailsUrl() const;
    void SetDetailsUrl(std::optional<std::string> DetailsUrl);
    std::optional<uint64_t> ApplicationId() const;
    void SetApplicationId(std::optional<uint64_t> ApplicationId);
    std::optional<uint64_t> ParentApplicationId() const;
    void SetParentApplicationId(std::optional<uint64_t> ParentApplicationId);
    std::optional<ActivityAssets> Assets() const;
    void SetAssets(std::optional<ActivityAssets> Assets);
    std::optional<ActivityTimestamps> Timestamps() const;
    void SetTimestamps(std::optional<ActivityTimestamps> Timestamps);
    std::optional<ActivityParty> Party() const;
    void SetParty(std::optional<ActivityParty> Party);
    std::optional<ActivitySecrets> Secrets() const;
    void SetSecrets(std::optional<ActivitySecrets> Secrets);
    ActivityGamePlatforms SupportedPlatforms() const;
    void SetSupportedPlatforms(ActivityGamePlatforms SupportedPlatforms);
};

/// Images of an Activity, with their hover texts and links (Activity::Assets).
class ActivityAssets {
    mutable Platform_ActivityAssets instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ActivityAssets *instance() const { return &instance_; }
    /// An Invalid ActivityAssets, usable as a "null" value.
    static const ActivityAssets nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ActivityAssets(Platform_ActivityAssets instance, PlatformObjectState state);
    ~ActivityAssets();
    ActivityAssets(ActivityAssets &&other) noexcept;
    ActivityAssets &operator=(ActivityAssets &&other) noexcept;
    ActivityAssets(const ActivityAssets &other);
    ActivityAssets &operator=(const ActivityAssets &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ActivityAssets();
    std::optional<std::string> LargeImage() const;
    void SetLargeImage(std::optional<std::string> LargeImage);
    std::optional<std::string> LargeText() const;
    void SetLargeText(std::optional<std::string> LargeText);
    std::optional<std::string> LargeUrl() const;
    void SetLargeUrl(std::optional<std::string> LargeUrl);
    std::optional<std::string> SmallImage() const;
    void SetSmallImage(std::optional<std::string> SmallImage);
    std::optional<std::string> SmallText() const;
    void SetSmallText(std::optional<std::string> SmallText);
    std::optional<std::string> SmallUrl() const;
    void SetSmallUrl(std::optional<std::string> SmallUrl);
    std::optional<std::string> InviteCoverImage() const;
    void SetInviteCoverImage(std::optional<std::string> InviteCoverImage);
};

/// Start and end times of an Activity (Activity::Timestamps).
class ActivityTimestamps {
    mutable Platform_ActivityTimestamps instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ActivityTimestamps *instance() const { return &instance_; }
    /// An Invalid ActivityTimestamps, usable as a "null" value.
    static const ActivityTimestamps nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ActivityTimestamps(Platform_ActivityTimestamps instance, PlatformObjectState state);
    ~ActivityTimestamps();
    ActivityTimestamps(ActivityTimestamps &&other) noexcept;
    ActivityTimestamps &operator=(ActivityTimestamps &&other) noexcept;
    ActivityTimestamps(const ActivityTimestamps &other);
    ActivityTimestamps &operator=(const ActivityTimestamps &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ActivityTimestamps();
    uint64_t Start() const;
    void SetStart(uint64_t Start);
    uint64_t End() const;
    void SetEnd(uint64_t End);
};

/// The party of an Activity: id, current and maximum size, privacy (Activity::Party).
class ActivityParty {
    mutable Platform_ActivityParty instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ActivityParty *instance() const { return &instance_; }
    /// An Invalid ActivityParty, usable as a "null" value.
    static const ActivityParty nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ActivityParty(Platform_ActivityParty instance, PlatformObjectState state);
    ~ActivityParty();
    ActivityParty(ActivityParty &&other) noexcept;
    ActivityParty &operator=(ActivityParty &&other) noexcept;
    ActivityParty(const ActivityParty &other);
    ActivityParty &operator=(const ActivityParty &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ActivityParty();
    std::string Id() const;
    void SetId(std::string Id);
    int32_t CurrentSize() const;
    void SetCurrentSize(int32_t CurrentSize);
    int32_t MaxSize() const;
    void SetMaxSize(int32_t MaxSize);
    ActivityPartyPrivacy Privacy() const;
    void SetPrivacy(ActivityPartyPrivacy Privacy);
};

/// The join secret of an Activity, handed to users who join it (Activity::Secrets).
class ActivitySecrets {
    mutable Platform_ActivitySecrets instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ActivitySecrets *instance() const { return &instance_; }
    /// An Invalid ActivitySecrets, usable as a "null" value.
    static const ActivitySecrets nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ActivitySecrets(Platform_ActivitySecrets instance, PlatformObjectState state);
    ~ActivitySecrets();
    ActivitySecrets(ActivitySecrets &&other) noexcept;
    ActivitySecrets &operator=(ActivitySecrets &&other) noexcept;
    ActivitySecrets(const ActivitySecrets &other);
    ActivitySecrets &operator=(const ActivitySecrets &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ActivitySecrets();
    std::string Join() const;
    void SetJoin(std::string Join);
};

/// A button (label and URL) shown with an Activity (Activity::AddButton / GetButtons).
class ActivityButton {
    mutable Platform_ActivityButton instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ActivityButton *instance() const { return &instance_; }
    /// An Invalid ActivityButton, usable as a "null" value.
    static const ActivityButton nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ActivityButton(Platform_ActivityButton instance, PlatformObjectState state);
    ~ActivityButton();
    ActivityButton(ActivityButton &&other) noexcept;
    ActivityButton &operator=(ActivityButton &&other) noexcept;
    ActivityButton(const ActivityButton &other);
    ActivityButton &operator=(const ActivityButton &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ActivityButton();
    std::string Label() const;
    void SetLabel(std::string Label);
    std::string Url() const;
    void SetUrl(std::string Url);
};

/// An invitation to join another user's activity, or a request to join ours, from
/// Client::ActivityInviteCallback; passed back to Client::AcceptActivityInvite /
/// SendActivityJoinRequestReply.
class ActivityInvite {
    mutable Platform_ActivityInvite instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_ActivityInvite *instance() const { return &instance_; }
    /// An Invalid ActivityInvite, usable as a "null" value.
    static const ActivityInvite nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit ActivityInvite(Platform_ActivityInvite instance, PlatformObjectState state);
    ~ActivityInvite();
    ActivityInvite(ActivityInvite &&other) noexcept;
    ActivityInvite &operator=(ActivityInvite &&other) noexcept;
    ActivityInvite(const ActivityInvite &other);
    ActivityInvite &operator=(const ActivityInvite &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit ActivityInvite();
    uint64_t SenderId() const;
    void SetSenderId(uint64_t SenderId);
    uint64_t ChannelId() const;
    void SetChannelId(uint64_t ChannelId);
    uint64_t MessageId() const;
    void SetMessageId(uint64_t MessageId);
    ActivityActionTypes Type() const;
    void SetType(ActivityActionTypes Type);
    uint64_t ApplicationId() const;
    void SetApplicationId(uint64_t ApplicationId);
    uint64_t ParentApplicationId() const;
    void SetParentApplicationId(uint64_t ParentApplicationId);
    std::string PartyId() const;
    void SetPartyId(std::string PartyId);
    std::string SessionId() const;
    void SetSessionId(std::string SessionId);
    bool IsValid() const;
    void SetIsValid(bool IsValid);
};

/// An audio input or output device, from the Client device queries and DeviceChangeCallback.
class AudioDevice {
    mutable Platform_AudioDevice instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_AudioDevice *instance() const { return &instance_; }
    /// An Invalid AudioDevice, usable as a "null" value.
    static const AudioDevice nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit AudioDevice(Platform_AudioDevice instance, PlatformObjectState state);
    ~AudioDevice();
    AudioDevice(AudioDevice &&other) noexcept;
    AudioDevice &operator=(AudioDevice &&other) noexcept;
    AudioDevice(const AudioDevice &other);
    AudioDevice &operator=(const AudioDevice &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    bool Equals(AudioDevice rhs);
    std::string Id() const;
    void SetId(std::string Id);
    std::string Name() const;
    void SetName(std::string Name);
    bool IsDefault() const;
    void SetIsDefault(bool IsDefault);
};

/// A guild (server) the current user belongs to, from Client::GetUserGuilds.
class GuildMinimal {
    mutable Platform_GuildMinimal instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_GuildMinimal *instance() const { return &instance_; }
    /// An Invalid GuildMinimal, usable as a "null" value.
    static const GuildMinimal nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit GuildMinimal(Platform_GuildMinimal instance, PlatformObjectState state);
    ~GuildMinimal();
    GuildMinimal(GuildMinimal &&other) noexcept;
    GuildMinimal &operator=(GuildMinimal &&other) noexcept;
    GuildMinimal(const GuildMinimal &other);
    GuildMinimal &operator=(const GuildMinimal &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    uint64_t Id() const;
    void SetId(uint64_t Id);
    std::string Name() const;
    void SetName(std::string Name);
};

/// A channel of a guild, from Client::GetGuildChannels.
class GuildChannel {
    mutable Platform_GuildChannel instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_GuildChannel *instance() const { return &instance_; }
    /// An Invalid GuildChannel, usable as a "null" value.
    static const GuildChannel nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit GuildChannel(Platform_GuildChannel instance, PlatformObjectState state);
    ~GuildChannel();
    GuildChannel(GuildChannel &&other) noexcept;
    GuildChannel &operator=(GuildChannel &&other) noexcept;
    GuildChannel(const GuildChannel &other);
    GuildChannel &operator=(const GuildChannel &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    uint64_t Id() const;
    void SetId(uint64_t Id);
    std::string Name() const;
    void SetName(std::string Name);
    ChannelType Type() const;
    void SetType(ChannelType Type);
    int32_t Position() const;
    void SetPosition(int32_t Position);
    std::optional<uint64_t> ParentId() const;
    void SetParentId(std::optional<uint64_t> ParentId);
    bool IsLinkable() const;
    void SetIsLinkable(bool IsLinkable);
    bool IsViewableAndWriteableByAllMembers() const;
    void SetIsViewableAndWriteableByAllMembers(bool IsViewableAndWriteableByAllMembers);
    std::optional<platformpp::LinkedLobby> LinkedLobby() const;
    void SetLinkedLobby(std::optional<platformpp::LinkedLobby> LinkedLobby);
};

/// The lobby a guild channel is linked to (GuildChannel::LinkedLobby).
class LinkedLobby {
    mutable Platform_LinkedLobby instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_LinkedLobby *instance() const { return &instance_; }
    /// An Invalid LinkedLobby, usable as a "null" value.
    static const LinkedLobby nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit LinkedLobby(Platform_LinkedLobby instance, PlatformObjectState state);
    ~LinkedLobby();
    LinkedLobby(LinkedLobby &&other) noexcept;
    LinkedLobby &operator=(LinkedLobby &&other) noexcept;
    LinkedLobby(const LinkedLobby &other);
    LinkedLobby &operator=(const LinkedLobby &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit LinkedLobby();
    uint64_t ApplicationId() const;
    void SetApplicationId(uint64_t ApplicationId);
    uint64_t LobbyId() const;
    void SetLobbyId(uint64_t LobbyId);
};

/// The guild channel a lobby is linked to (LobbyHandle::LinkedChannel).
class LinkedChannel {
    mutable Platform_LinkedChannel instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_LinkedChannel *instance() const { return &instance_; }
    /// An Invalid LinkedChannel, usable as a "null" value.
    static const LinkedChannel nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit LinkedChannel(Platform_LinkedChannel instance, PlatformObjectState state);
    ~LinkedChannel();
    LinkedChannel(LinkedChannel &&other) noexcept;
    LinkedChannel &operator=(LinkedChannel &&other) noexcept;
    LinkedChannel(const LinkedChannel &other);
    LinkedChannel &operator=(const LinkedChannel &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    uint64_t Id() const;
    void SetId(uint64_t Id);
    std::string Name() const;
    void SetName(std::string Name);
    uint64_t GuildId() const;
    void SetGuildId(uint64_t GuildId);
};

/// Non-text content attached to a message (MessageHandle::AdditionalContent).
class AdditionalContent {
    mutable Platform_AdditionalContent instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_AdditionalContent *instance() const { return &instance_; }
    /// An Invalid AdditionalContent, usable as a "null" value.
    static const AdditionalContent nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit AdditionalContent(Platform_AdditionalContent instance, PlatformObjectState state);
    ~AdditionalContent();
    AdditionalContent(AdditionalContent &&other) noexcept;
    AdditionalContent &operator=(AdditionalContent &&other) noexcept;
    AdditionalContent(const AdditionalContent &other);
    AdditionalContent &operator=(const AdditionalContent &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit AdditionalContent();
    bool Equals(AdditionalContent rhs) const;
    static std::string TypeToString(AdditionalContentType type);
    AdditionalContentType Type() const;
    void SetType(AdditionalContentType Type);
    std::optional<std::string> Title() const;
    void SetTitle(std::optional<std::string> Title);
    uint8_t Count() const;
    void SetCount(uint8_t Count);
};

/// Read-only live reference to a user's identity at an external provider for this
/// application (UserHandle::UserApplicationProfiles, Client::GetUserApplicationProfiles).
class UserApplicationProfileHandle {
    mutable Platform_UserApplicationProfileHandle instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_UserApplicationProfileHandle *instance() const { return &instance_; }
    /// An Invalid UserApplicationProfileHandle, usable as a "null" value.
    static const UserApplicationProfileHandle nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit UserApplicationProfileHandle(Platform_UserApplicationProfileHandle instance, PlatformObjectState state);
    ~UserApplicationProfileHandle();
    UserApplicationProfileHandle(UserApplicationProfileHandle &&other) noexcept;
    UserApplicationProfileHandle &operator=(UserApplicationProfileHandle &&other) noexcept;
    UserApplicationProfileHandle(const UserApplicationProfileHandle &other);
    UserApplicationProfileHandle &operator=(const UserApplicationProfileHandle &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    std::string AvatarHash() const;
    std::string Metadata() const;
    std::optional<std::string> ProviderId() const;
    std::string ProviderIssuedUserId() const;
    ExternalIdentityProviderType ProviderType() const;
    std::string Username() const;
};

/// Last message exchanged with one user, from Client::GetUserMessageSummaries.
class UserMessageSummary {
    mutable Platform_UserMessageSummary instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_UserMessageSummary *instance() const { return &instance_; }
    /// An Invalid UserMessageSummary, usable as a "null" value.
    static const UserMessageSummary nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit UserMessageSummary(Platform_UserMessageSummary instance, PlatformObjectState state);
    ~UserMessageSummary();
    UserMessageSummary(UserMessageSummary &&other) noexcept;
    UserMessageSummary &operator=(UserMessageSummary &&other) noexcept;
    UserMessageSummary(const UserMessageSummary &other);
    UserMessageSummary &operator=(const UserMessageSummary &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    uint64_t LastMessageId() const;
    uint64_t UserId() const;
};

/// Voice activity detection threshold of a call, from Call::GetVADThreshold. Move-only (the C
/// ABI has no Clone).
class VADThresholdSettings {
    mutable Platform_VADThresholdSettings instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_VADThresholdSettings *instance() const { return &instance_; }
    /// An Invalid VADThresholdSettings, usable as a "null" value.
    static const VADThresholdSettings nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit VADThresholdSettings(Platform_VADThresholdSettings instance, PlatformObjectState state);
    ~VADThresholdSettings();
    VADThresholdSettings(VADThresholdSettings &&other) noexcept;
    VADThresholdSettings &operator=(VADThresholdSettings &&other) noexcept;
    VADThresholdSettings(const VADThresholdSettings &) = delete;
    VADThresholdSettings &operator=(const VADThresholdSettings &) = delete;
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    float VadThreshold() const;
    void SetVadThreshold(float VadThreshold);
    bool Automatic() const;
    void SetAutomatic(bool Automatic);
};

/// Arguments of Client::GetTokenFromDevice / GetTokenFromDeviceProvisionalMerge.
class DeviceAuthorizationArgs {
    mutable Platform_DeviceAuthorizationArgs instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_DeviceAuthorizationArgs *instance() const { return &instance_; }
    /// An Invalid DeviceAuthorizationArgs, usable as a "null" value.
    static const DeviceAuthorizationArgs nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit DeviceAuthorizationArgs(Platform_DeviceAuthorizationArgs instance, PlatformObjectState state);
    ~DeviceAuthorizationArgs();
    DeviceAuthorizationArgs(DeviceAuthorizationArgs &&other) noexcept;
    DeviceAuthorizationArgs &operator=(DeviceAuthorizationArgs &&other) noexcept;
    DeviceAuthorizationArgs(const DeviceAuthorizationArgs &other);
    DeviceAuthorizationArgs &operator=(const DeviceAuthorizationArgs &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit DeviceAuthorizationArgs();
    uint64_t ClientId() const;
    void SetClientId(uint64_t ClientId);
    std::string Scopes() const;
    void SetScopes(std::string Scopes);
};

/// A read-only snapshot of the user's voice settings in the connected desktop client, from
/// Client::GetVoiceSettings and VoiceSettingsUpdatedCallback; they belong to the desktop client,
/// not to a Call. The setters change this snapshot only. 1.10.19337 (sdk-abi.md section 7.1):
/// every Platform_VoiceSettings_* function is absent from 1.9 and early 1.10 libraries, so a
/// run-time loader must resolve them as optional and check them before use.
class VoiceSettings {
    mutable Platform_VoiceSettings instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_VoiceSettings *instance() const { return &instance_; }
    /// An Invalid VoiceSettings, usable as a "null" value.
    static const VoiceSettings nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit VoiceSettings(Platform_VoiceSettings instance, PlatformObjectState state);
    ~VoiceSettings();
    VoiceSettings(VoiceSettings &&other) noexcept;
    VoiceSettings &operator=(VoiceSettings &&other) noexcept;
    VoiceSettings(const VoiceSettings &other);
    VoiceSettings &operator=(const VoiceSettings &other);
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Self-mute state.
    bool SelfMute() const;
    void SetSelfMute(bool SelfMute);
    /// Self-deafen state.
    bool SelfDeaf() const;
    void SetSelfDeaf(bool SelfDeaf);
    /// When the client transmits microphone audio.
    VoiceInputModeType InputMode() const;
    void SetInputMode(VoiceInputModeType InputMode);
    /// Display string of the push-to-talk key, such as "SHIFT + F"; empty when nothing is bound.
    std::string PttKey() const;
    void SetPttKey(std::string PttKey);
    /// Microphone volume, 0-100.
    float InputVolume() const;
    void SetInputVolume(float InputVolume);
    /// Output volume, 0-200.
    float OutputVolume() const;
    void SetOutputVolume(float OutputVolume);
    bool NoiseSuppression() const;
    void SetNoiseSuppression(bool NoiseSuppression);
    bool EchoCancellation() const;
    void SetEchoCancellation(bool EchoCancellation);
    bool NoiseCancellation() const;
    void SetNoiseCancellation(bool NoiseCancellation);
    bool AutomaticGainControl() const;
    void SetAutomaticGainControl(bool AutomaticGainControl);
};

/// The SDK instance. Move-only.
class Client {
public:
    enum class Error {
        None = 0,
        ConnectionFailed = 1,
        UnexpectedClose = 2,
        ConnectionCanceled = 3,
    };

    enum class Status {
        Disconnected = 0,
        Connecting = 1,
        Connected = 2,
        Ready = 3,
        Reconnecting = 4,
        Disconnecting = 5,
        HttpWait = 6,
    };

    enum class Thread {
        Client = 0,
        Voice = 1,
        Network = 2,
    };

    using EndCallCallback = std::function<void()>;
    using EndCallsCallback = std::function<void()>;
    using GetCurrentInputDeviceCallback = std::function<void(AudioDevice device)>;
    using GetCurrentOutputDeviceCallback = std::function<void(AudioDevice device)>;
    using GetInputDevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
    using GetOutputDevicesCallback = std::function<void(std::vector<AudioDevice> devices)>;
    using DeviceChangeCallback = std::function<void(std::vector<AudioDevice> inputDevices,
                                                    std::vector<AudioDevice> outputDevices)>;
    using SetInputDeviceCallback = std::function<void(ClientResult result)>;
    using NoAudioInputCallback = std::function<void(bool inputDetected)>;
    using SetOutputDeviceCallback = std::function<void(ClientResult result)>;
    using VoiceParticipantChangedCallback =
      std::function<void(uint64_t lobbyId, uint64_t memberId, bool added)>;
    /// Runs on an SDK audio thread, not inside RunCallbacks(). `data` (interleaved,
    /// samplesPerChannel * channels samples) is borrowed for the call and may be edited in
    /// place; set outShouldMute = true to suppress the SDK's own playout.
    using UserAudioReceivedCallback = std::function<void(uint64_t userId,
                                                         int16_t *data,
                                                         uint64_t samplesPerChannel,
                                                         int32_t sampleRate,
                                                         uint64_t channels,
                                                         bool &outShouldMute)>;
    /// Runs on an SDK audio thread, not inside RunCallbacks(). `data` is borrowed for the call
    /// and may be edited in place.
    using UserAudioCapturedCallback = std::function<void(int16_t *data,
                                                         uint64_t samplesPerChannel,
                                                         int32_t sampleRate,
                                                         uint64_t channels)>;
    using AuthorizationCallback =
      std::function<void(ClientResult result, std::string code, std::string redirectUri)>;
    using ExchangeChildTokenCallback = std::function<void(ClientResult result,
                                                          std::string accessToken,
                                                          AuthorizationTokenType tokenType,
                                                          int32_t expiresIn,
                                                          std::string scopes)>;
    using FetchCurrentUserCallback =
      std::function<void(ClientResult result, uint64_t id, std::string name)>;
    using TokenExchangeCallback = std::function<void(ClientResult result,
                                                     std::string accessToken,
                                                     std::string refreshToken,
                                                     AuthorizationTokenType tokenType,
                                                     int32_t expiresIn,
                                                     std::string scopes)>;
    using AuthorizeRequestCallback = std::function<void()>;
    using RevokeTokenCallback = std::function<void(ClientResult result)>;
    using AuthorizeDeviceScreenClosedCallback = std::function<void()>;
    using TokenExpirationCallback = std::function<void()>;
    using UnmergeIntoProvisionalAccountCallback = std::function<void(ClientResult result)>;
    using UpdateProvisionalAccountDisplayNameCallback = std::function<void(ClientResult result)>;
    using UpdateTokenCallback = std::function<void(ClientResult result)>;
    using DeleteUserMessageCallback = std::function<void(ClientResult result)>;
    using EditUserMessageCallback = std::function<void(ClientResult result)>;
    using GetLobbyMessagesCallback =
      std::function<void(ClientResult result, std::vector<MessageHandle> messages)>;
    using UserMessageSummariesCallback =
      std::function<void(ClientResult result, std::vector<UserMessageSummary> summaries)>;
    using UserMessagesWithLimitCallback =
      std::function<void(ClientResult result, std::vector<MessageHandle> messages)>;
    using ProvisionalUserMergeRequiredCallback = std::function<void()>;
    using OpenMessageInPlatformCallback = std::function<void(ClientResult result)>;
    using SendUserMessageCallback = std::function<void(ClientResult result, uint64_t messageId)>;
    using MessageCreatedCallback = std::function<void(uint64_t messageId)>;
    using MessageDeletedCallback = std::function<void(uint64_t messageId, uint64_t channelId)>;
    using MessageUpdatedCallback = std::function<void(uint64_t messageId)>;
    using LogCallback = std::function<void(std::string message, LoggingSeverity severity)>;
    using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
    using CreateOrJoinLobbyCallback = std::function<void(ClientResult result, uint64_t lobbyId)>;
    using GetGuildChannelsCallback =
      std::function<void(ClientResult result, std::vector<GuildChannel> guildChannels)>;
    using GetUserGuildsCallback =
      std::function<void(ClientResult result, std::vector<GuildMinimal> guilds)>;
    using JoinLinkedLobbyGuildCallback =
      std::function<void(ClientResult result, std::string inviteUrl)>;
    using LeaveLobbyCallback = std::function<void(ClientResult result)>;
    using LinkOrUnlinkChannelCallback = std::function<void(ClientResult result)>;
    using LobbyCreatedCallback = std::function<void(uint64_t lobbyId)>;
    using LobbyDeletedCallback = std::function<void(uint64_t lobbyId)>;
    using LobbyMemberAddedCallback = std::function<void(uint64_t lobbyId, uint64_t memberId)>;
    using LobbyMemberRemovedCallback = std::function<void(uint64_t lobbyId, uint64_t memberId)>;
    using LobbyMemberUpdatedCallback = std::function<void(uint64_t lobbyId, uint64_t memberId)>;
    using LobbyUpdatedCallback = std::function<void(uint64_t lobbyId)>;
    using IsPlatformAppInstalledCallback = std::function<void(bool installed)>;
    using OpenConnectedGamesSettingsInPlatformCallback = std::function<void(ClientResult result)>;
    using AcceptActivityInviteCallback =
      std::function<void(ClientResult result, std::string joinSecret)>;
    using SendActivityInviteCallback = std::function<void(ClientResult result)>;
    using ActivityInviteCallback = std::function<void(ActivityInvite invite)>;
    using ActivityJoinCallback = std::function<void(std::string joinSecret)>;
    using ActivityJoinWithApplicationCallback =
      std::function<void(uint64_t applicationId, std::string joinSecret)>;
    using UpdateStatusCallback = std::function<void(ClientResult result)>;
    using UpdateRichPresenceCallback = std::function<void(ClientResult result)>;
    using UpdateRelationshipCallback = std::function<void(ClientResult result)>;
    using SendFriendRequestCallback = std::function<void(ClientResult result)>;
    using RelationshipCreatedCallback =
      std::function<void(uint64_t userId, bool isPlatformRelationshipUpdate)>;
    using RelationshipDeletedCallback =
      std::function<void(uint64_t userId, bool isPlatformRelationshipUpdate)>;
    /// `user` is nullopt when the library passes no user.
    using GetPlatformClientConnectedUserCallback =
      std::function<void(ClientResult result, std::optional<UserHandle> user)>;
    using RelationshipGroupsUpdatedCallback = std::function<void(uint64_t userId)>;
    using UserUpdatedCallback = std::function<void(uint64_t userId)>;
    /// 1.10.19337 (sdk-abi.md section 7.1): GetVoiceSettings's completion. `settings` is
    /// Invalid (operator bool false) when the library passes none, as it may when `result`
    /// failed (no desktop client running, not connected).
    using GetVoiceSettingsCallback = std::function<void(ClientResult result, VoiceSettings settings)>;
    /// 1.10 (sdk-abi.md section 7.1): used by SetVoiceSettingsUpdatedCallback.
    using VoiceSettingsUpdatedCallback = std::function<void(VoiceSettings settings)>;

private:
    mutable Platform_Client instance_{};
    PlatformObjectState state_ = PlatformObjectState::Invalid;

public:
    /// The underlying C struct. Only meaningful while the object is Owned.
    Platform_Client *instance() const { return &instance_; }
    /// An Invalid Client, usable as a "null" value.
    static const Client nullobj;
    /// Adopts a raw C struct. Pass PlatformObjectState::Owned to take ownership.
    explicit Client(Platform_Client instance, PlatformObjectState state);
    ~Client();
    Client(Client &&other) noexcept;
    Client &operator=(Client &&other) noexcept;
    Client(const Client &) = delete;
    Client &operator=(const Client &) = delete;
    /// True unless the object is Invalid (nullobj, moved-from or dropped).
    operator bool() const { return state_ != PlatformObjectState::Invalid; }
    /// Releases the underlying object now (no-op unless Owned).
    void Drop();
    /// Creates a new, default-initialised, Owned object.
    explicit Client();
    explicit Client(std::string apiBase, std::string webBase);
    explicit Client(ClientCreateOptions options);
    static std::string ErrorToString(Error type);
    uint64_t GetApplicationId();
    [[deprecated("Use Client::GetCurrentUserV2 instead.")]] UserHandle GetCurrentUser() const;
    static std::string GetDefaultAudioDeviceId();
    static std::string GetDefaultCommunicationScopes();
    static std::string GetDefaultPresenceScopes();
    static std::string GetVersionHash();
    static int32_t GetVersionMajor();
    static int32_t GetVersionMinor();
    static int32_t GetVersionPatch();
    void SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds);
    static std::string StatusToString(Status type);
    static std::string ThreadToString(Thread type);
    void EndCall(uint64_t channelId, EndCallCallback callback);
    void EndCalls(EndCallsCallback callback);
    /// An Invalid Call (operator bool false) when there is no call in that channel.
    Call GetCall(uint64_t channelId);
    std::vector<Call> GetCalls();
    void GetCurrentInputDevice(GetCurrentInputDeviceCallback cb);
    void GetCurrentOutputDevice(GetCurrentOutputDeviceCallback cb);
    void GetInputDevices(GetInputDevicesCallback cb);
    float GetInputVolume();
    void GetOutputDevices(GetOutputDevicesCallback cb);
    float GetOutputVolume();
    bool GetSelfDeafAll() const;
    bool GetSelfMuteAll() const;
    void SetAecDump(bool on);
    void SetAutomaticGainControl(bool on);
    void SetDeviceChangeCallback(DeviceChangeCallback callback);
    void SetEchoCancellation(bool on);
    void SetEngineManagedAudioSession(bool isEngineManaged);
    void SetInputDevice(std::string deviceId, SetInputDeviceCallback cb);
    void SetInputVolume(float inputVolume);
    void SetNoAudioInputCallback(NoAudioInputCallback callback);
    void SetNoAudioInputThreshold(float dBFSThreshold);
    void SetNoiseCancellation(bool on);
    void SetNoiseSuppression(bool on);
    void SetOpusHardwareCoding(bool encode, bool decode);
    void SetOutputDevice(std::string deviceId, SetOutputDeviceCallback cb);
    void SetOutputVolume(float outputVolume);
    void SetSelfDeafAll(bool deaf);
    void SetSelfMuteAll(bool mute);
    [[deprecated("Client::SetSpeakerMode is deprecated.")]] bool SetSpeakerMode(bool speakerMode);
    void SetThreadPriority(Thread thread, int32_t priority);
    void SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback cb);
    bool ShowAudioRoutePicker();
    /// An Invalid Call (operator bool false) when the call could not be started.
    Call StartCall(uint64_t channelId);
    /// An Invalid Call (operator bool false) when the call could not be started. Both audio
    /// callbacks run on an SDK audio thread (see their aliases) for the lifetime of the call.
    Call StartCallWithAudioCallbacks(uint64_t lobbyId,
                                     UserAudioReceivedCallback receivedCb,
                                     UserAudioCapturedCallback capturedCb);
    void AbortAuthorize();
    void AbortGetTokenFromDevice();
    void Authorize(AuthorizationArgs args, AuthorizationCallback callback);
    void CloseAuthorizeDeviceScreen();
    AuthorizationCodeVerifier CreateAuthorizationCodeVerifier();
    void ExchangeChildToken(std::string const &parentApplicationToken,
                            uint64_t childApplicationId,
                            ExchangeChildTokenCallback callback);
    void FetchCurrentUser(AuthorizationTokenType tokenType,
                          std::string const &token,
                          FetchCurrentUserCallback callback);
    void GetProvisionalToken(uint64_t applicationId,
                             AuthenticationExternalAuthType externalAuthType,
                             std::string const &externalAuthToken,
                             TokenExchangeCallback callback);
    void GetToken(uint64_t applicationId,
                  std::string const &code,
                  std::string const &codeVerifier,
                  std::string const &redirectUri,
                  TokenExchangeCallback callback);
    void GetTokenFromDevice(DeviceAuthorizationArgs args, TokenExchangeCallback callback);
    void GetTokenFromDeviceProvisionalMerge(DeviceAuthorizationArgs args,
                                            AuthenticationExternalAuthType externalAuthType,
                                            std::string const &externalAuthToken,
                                            TokenExchangeCallback callback);
    void GetTokenFromProvisionalMerge(uint64_t applicationId,
                                      std::string const &code,
                                      std::string const &codeVerifier,
                                      std::string const &redirectUri,
                                      AuthenticationExternalAuthType externalAuthType,
                                      std::string const &externalAuthToken,
                                      TokenExchangeCallback callback);
    bool IsAuthenticated();
    void OpenAuthorizeDeviceScreen(uint64_t clientId, std::string const &userCode);
    void ProvisionalUserMergeCompleted(bool success);
    void RefreshToken(uint64_t applicationId,
                      std::string const &refreshToken,
                      TokenExchangeCallback callback);
    void RegisterAuthorizeRequestCallback(AuthorizeRequestCallback callback);
    void RemoveAuthorizeRequestCallback();
    void RevokeToken(uint64_t applicationId,
                     std::string const &token,
                     RevokeTokenCallback callback);
    void SetAuthorizeDeviceScreenClosedCallback(AuthorizeDeviceScreenClosedCallback cb);
    void SetGameWindowPid(int32_t pid);
    void SetTokenExpirationCallback(TokenExpirationCallback callback);
    void UnmergeIntoProvisionalAccount(uint64_t applicationId,
                                       AuthenticationExternalAuthType externalAuthType,
                                       std::string const &externalAuthToken,
                                       UnmergeIntoProvisionalAccountCallback callback);
    void UpdateProvisionalAccountDisplayName(std::string const &name,
                                             UpdateProvisionalAccountDisplayNameCallback callback);
    void UpdateToken(AuthorizationTokenType tokenType,
                     std::string token,
                     UpdateTokenCallback callback);
    bool CanOpenMessageInPlatform(uint64_t messageId);
    void DeleteUserMessage(uint64_t recipientId, uint64_t messageId, DeleteUserMessageCallback cb);
    void EditUserMessage(uint64_t recipientId,
                         uint64_t messageId,
                         std::string const &content,
                         EditUserMessageCallback cb);
    std::optional<ChannelHandle> GetChannelHandle(uint64_t channelId) const;
    void GetLobbyMessagesWithLimit(uint64_t lobbyId, int32_t limit, GetLobbyMessagesCallback cb);
    std::optional<MessageHandle> GetMessageHandle(uint64_t messageId) const;
    void GetUserMessageSummaries(UserMessageSummariesCallback cb);
    void GetUserMessagesWithLimit(uint64_t recipientId,
                                  int32_t limit,
                                  UserMessagesWithLimitCallback cb);
    void OpenMessageInPlatform(
      uint64_t messageId,
      ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
      OpenMessageInPlatformCallback callback);
    void SendLobbyMessage(uint64_t lobbyId, std::string const &content, SendUserMessageCallback cb);
    void SendLobbyMessageWithMetadata(uint64_t lobbyId,
                                      std::string const &content,
                                      std::unordered_map<std::string, std::string> const &metadata,
                                      SendUserMessageCallback cb);
    void SendUserMessage(uint64_t recipientId,
                         std::string const &content,
                         SendUserMessageCallback cb);
    void SendUserMessageWithMetadata(uint64_t recipientId,
                                     std::string const &content,
                                     std::unordered_map<std::string, std::string> const &metadata,
                                     SendUserMessageCallback cb);
    void SetMessageCreatedCallback(MessageCreatedCallback cb);
    void SetMessageDeletedCallback(MessageDeletedCallback cb);
    void SetMessageUpdatedCallback(MessageUpdatedCallback cb);
    void SetShowingChat(bool showingChat);
    void AddLogCallback(LogCallback callback, LoggingSeverity minSeverity);
    void AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity);
    void Connect();
    void Disconnect();
    Status GetStatus() const;
    void SetApplicationId(uint64_t applicationId);
    bool SetLogDir(std::string const &path, LoggingSeverity minSeverity);
    void SetStatusChangedCallback(OnStatusChanged cb);
    void SetVoiceLogDir(std::string const &path, LoggingSeverity minSeverity);
    void CreateOrJoinLobby(std::string const &secret, CreateOrJoinLobbyCallback callback);
    void CreateOrJoinLobbyWithMetadata(
      std::string const &secret,
      std::unordered_map<std::string, std::string> const &lobbyMetadata,
      std::unordered_map<std::string, std::string> const &memberMetadata,
      CreateOrJoinLobbyCallback callback);
    void GetGuildChannels(uint64_t guildId, GetGuildChannelsCallback cb);
    std::optional<LobbyHandle> GetLobbyHandle(uint64_t lobbyId) const;
    std::vector<uint64_t> GetLobbyIds() const;
    void GetUserGuilds(GetUserGuildsCallback cb);
    void JoinLinkedLobbyGuild(
      uint64_t lobbyId,
      ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
      JoinLinkedLobbyGuildCallback callback);
    void LeaveLobby(uint64_t lobbyId, LeaveLobbyCallback callback);
    void LinkChannelToLobby(uint64_t lobbyId,
                            uint64_t channelId,
                            LinkOrUnlinkChannelCallback callback);
    void SetLobbyCreatedCallback(LobbyCreatedCallback cb);
    void SetLobbyDeletedCallback(LobbyDeletedCallback cb);
    void SetLobbyMemberAddedCallback(LobbyMemberAddedCallback cb);
    void SetLobbyMemberRemovedCallback(LobbyMemberRemovedCallback cb);
    void SetLobbyMemberUpdatedCallback(LobbyMemberUpdatedCallback cb);
    void SetLobbyUpdatedCallback(LobbyUpdatedCallback cb);
    void UnlinkChannelFromLobby(uint64_t lobbyId, LinkOrUnlinkChannelCallback callback);
    void IsPlatformAppInstalled(IsPlatformAppInstalledCallback callback);
    /// Opens the "connected games" settings of the desktop client.
    void OpenConnectedGamesSettingsInPlatform(OpenConnectedGamesSettingsInPlatformCallback callback);
    void AcceptActivityInvite(ActivityInvite invite, AcceptActivityInviteCallback cb);
    void ClearRichPresence();
    bool RegisterLaunchCommand(uint64_t applicationId, std::string command);
    bool RegisterLaunchSteamApplication(uint64_t applicationId, uint32_t steamAppId);
    void SendActivityInvite(uint64_t userId,
                            std::string const &content,
                            SendActivityInviteCallback cb);
    void SendActivityJoinRequest(uint64_t userId, SendActivityInviteCallback cb);
    void SendActivityJoinRequestReply(ActivityInvite invite, SendActivityInviteCallback cb);
    void SetActivityInviteCreatedCallback(ActivityInviteCallback cb);
    void SetActivityInviteUpdatedCallback(ActivityInviteCallback cb);
    void SetActivityJoinCallback(ActivityJoinCallback cb);
    void SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback cb);
    void SetOnlineStatus(StatusType status, UpdateStatusCallback callback);
    void UpdateRichPresence(Activity activity, UpdateRichPresenceCallback cb);
    void AcceptPlatformFriendRequest(uint64_t userId, UpdateRelationshipCallback cb);
    void AcceptGameFriendRequest(uint64_t userId, UpdateRelationshipCallback cb);
    void BlockUser(uint64_t userId, UpdateRelationshipCallback cb);
    void CancelPlatformFriendRequest(uint64_t userId, UpdateRelationshipCallback cb);
    void CancelGameFriendRequest(uint64_t userId, UpdateRelationshipCallback cb);
    RelationshipHandle GetRelationshipHandle(uint64_t userId) const;
    std::vector<RelationshipHandle> GetRelationships() const;
    std::vector<RelationshipHandle> GetRelationshipsByGroup(RelationshipGroupType groupType) const;
    void RejectPlatformFriendRequest(uint64_t userId, UpdateRelationshipCallback cb);
    void RejectGameFriendRequest(uint64_t userId, UpdateRelationshipCallback cb);
    void RemovePlatformAndGameFriend(uint64_t userId, UpdateRelationshipCallback cb);
    void RemoveGameFriend(uint64_t userId, UpdateRelationshipCallback cb);
    std::vector<UserHandle> SearchFriendsByUsername(std::string searchStr) const;
    void SendPlatformFriendRequest(std::string const &username, SendFriendRequestCallback cb);
    void SendPlatformFriendRequestById(uint64_t userId, UpdateRelationshipCallback cb);
    void SendGameFriendRequest(std::string const &username, SendFriendRequestCallback cb);
    void SendGameFriendRequestById(uint64_t userId, UpdateRelationshipCallback cb);
    void SetRelationshipCreatedCallback(RelationshipCreatedCallback cb);
    void SetRelationshipDeletedCallback(RelationshipDeletedCallback cb);
    void UnblockUser(uint64_t userId, UpdateRelationshipCallback cb);
    std::optional<UserHandle> GetCurrentUserV2() const;
    void GetPlatformClientConnectedUser(uint64_t applicationId,
                                        GetPlatformClientConnectedUserCallback callback) const;
    std::optional<UserHandle> GetUser(uint64_t userId) const;
    void SetRelationshipGroupsUpdatedCallback(RelationshipGroupsUpdatedCallback cb);
    void SetUserUpdatedCallback(UserUpdatedCallback cb);
    /// 1.10.19337 (sdk-abi.md section 7.1, as published): Platform_Client_GetVoiceSettings and
    /// Platform_Client_SetVoiceSettingsUpdatedCallback are absent from 1.9 libraries, so a
    /// run-time loader must resolve them as optional and check them before use. The settings
    /// arrive in `cb` from RunCallbacks, with a ClientResult that says why when none came.
    void GetVoiceSettings(GetVoiceSettingsCallback cb);
    void SetVoiceSettingsUpdatedCallback(VoiceSettingsUpdatedCallback cb);
    /// sdk-abi.md section 7.2 (our design): the current user's application profiles, empty before
    /// Ready. Platform_Client_GetUserApplicationProfiles{,NoLock} are absent from 1.9 libraries,
    /// so a run-time loader must resolve them as optional.
    std::vector<UserApplicationProfileHandle> GetUserApplicationProfiles();
    /// Same data without taking the SDK's internal lock: call it only on the thread that runs
    /// RunCallbacks().
    std::vector<UserApplicationProfileHandle> GetUserApplicationProfilesNoLock();
};

inline const char *EnumToString(ActivityActionTypes value)
{
    switch (value) {
    case ActivityActionTypes::Invalid:
        return "Invalid";
    case ActivityActionTypes::Join:
        return "Join";
    case ActivityActionTypes::JoinRequest:
        return "JoinRequest";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(ActivityPartyPrivacy value)
{
    switch (value) {
    case ActivityPartyPrivacy::Private:
        return "Private";
    case ActivityPartyPrivacy::Public:
        return "Public";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(ActivityTypes value)
{
    switch (value) {
    case ActivityTypes::Playing:
        return "Playing";
    case ActivityTypes::Streaming:
        return "Streaming";
    case ActivityTypes::Listening:
        return "Listening";
    case ActivityTypes::Watching:
        return "Watching";
    case ActivityTypes::CustomStatus:
        return "CustomStatus";
    case ActivityTypes::Competing:
        return "Competing";
    case ActivityTypes::HangStatus:
        return "HangStatus";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(StatusDisplayTypes value)
{
    switch (value) {
    case StatusDisplayTypes::Name:
        return "Name";
    case StatusDisplayTypes::State:
        return "State";
    case StatusDisplayTypes::Details:
        return "Details";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(ActivityGamePlatforms value)
{
    switch (value) {
    case ActivityGamePlatforms::Desktop:
        return "Desktop";
    case ActivityGamePlatforms::Xbox:
        return "Xbox";
    case ActivityGamePlatforms::Samsung:
        return "Samsung";
    case ActivityGamePlatforms::IOS:
        return "IOS";
    case ActivityGamePlatforms::Android:
        return "Android";
    case ActivityGamePlatforms::Embedded:
        return "Embedded";
    case ActivityGamePlatforms::PS4:
        return "PS4";
    case ActivityGamePlatforms::PS5:
        return "PS5";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(ErrorType value)
{
    switch (value) {
    case ErrorType::None:
        return "None";
    case ErrorType::NetworkError:
        return "NetworkError";
    case ErrorType::HTTPError:
        return "HTTPError";
    case ErrorType::ClientNotReady:
        return "ClientNotReady";
    case ErrorType::Disabled:
        return "Disabled";
    case ErrorType::ClientDestroyed:
        return "ClientDestroyed";
    case ErrorType::ValidationError:
        return "ValidationError";
    case ErrorType::Aborted:
        return "Aborted";
    case ErrorType::AuthorizationFailed:
        return "AuthorizationFailed";
    case ErrorType::RPCError:
        return "RPCError";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(HttpStatusCode value)
{
    switch (value) {
    case HttpStatusCode::None:
        return "None";
    case HttpStatusCode::Continue:
        return "Continue";
    case HttpStatusCode::SwitchingProtocols:
        return "SwitchingProtocols";
    case HttpStatusCode::Processing:
        return "Processing";
    case HttpStatusCode::EarlyHints:
        return "EarlyHints";
    case HttpStatusCode::Ok:
        return "Ok";
    case HttpStatusCode::Created:
        return "Created";
    case HttpStatusCode::Accepted:
        return "Accepted";
    case HttpStatusCode::NonAuthoritativeInfo:
        return "NonAuthoritativeInfo";
    case HttpStatusCode::NoContent:
        return "NoContent";
    case HttpStatusCode::ResetContent:
        return "ResetContent";
    case HttpStatusCode::PartialContent:
        return "PartialContent";
    case HttpStatusCode::MultiStatus:
        return "MultiStatus";
    case HttpStatusCode::AlreadyReported:
        return "AlreadyReported";
    case HttpStatusCode::ImUsed:
        return "ImUsed";
    case HttpStatusCode::MultipleChoices:
        return "MultipleChoices";
    case HttpStatusCode::MovedPermanently:
        return "MovedPermanently";
    case HttpStatusCode::Found:
        return "Found";
    case HttpStatusCode::SeeOther:
        return "SeeOther";
    case HttpStatusCode::NotModified:
        return "NotModified";
    case HttpStatusCode::TemporaryRedirect:
        return "TemporaryRedirect";
    case HttpStatusCode::PermanentRedirect:
        return "PermanentRedirect";
    case HttpStatusCode::BadRequest:
        return "BadRequest";
    case HttpStatusCode::Unauthorized:
        return "Unauthorized";
    case HttpStatusCode::PaymentRequired:
        return "PaymentRequired";
    case HttpStatusCode::Forbidden:
        return "Forbidden";
    case HttpStatusCode::NotFound:
        return "NotFound";
    case HttpStatusCode::MethodNotAllowed:
        return "MethodNotAllowed";
    case HttpStatusCode::NotAcceptable:
        return "NotAcceptable";
    case HttpStatusCode::ProxyAuthRequired:
        return "ProxyAuthRequired";
    case HttpStatusCode::RequestTimeout:
        return "RequestTimeout";
    case HttpStatusCode::Conflict:
        return "Conflict";
    case HttpStatusCode::Gone:
        return "Gone";
    case HttpStatusCode::LengthRequired:
        return "LengthRequired";
    case HttpStatusCode::PreconditionFailed:
        return "PreconditionFailed";
    case HttpStatusCode::PayloadTooLarge:
        return "PayloadTooLarge";
    case HttpStatusCode::UriTooLong:
        return "UriTooLong";
    case HttpStatusCode::UnsupportedMediaType:
        return "UnsupportedMediaType";
    case HttpStatusCode::RangeNotSatisfiable:
        return "RangeNotSatisfiable";
    case HttpStatusCode::ExpectationFailed:
        return "ExpectationFailed";
    case HttpStatusCode::MisdirectedRequest:
        return "MisdirectedRequest";
    case HttpStatusCode::UnprocessableEntity:
        return "UnprocessableEntity";
    case HttpStatusCode::Locked:
        return "Locked";
    case HttpStatusCode::FailedDependency:
        return "FailedDependency";
    case HttpStatusCode::TooEarly:
        return "TooEarly";
    case HttpStatusCode::UpgradeRequired:
        return "UpgradeRequired";
    case HttpStatusCode::PreconditionRequired:
        return "PreconditionRequired";
    case HttpStatusCode::TooManyRequests:
        return "TooManyRequests";
    case HttpStatusCode::RequestHeaderFieldsTooLarge:
        return "RequestHeaderFieldsTooLarge";
    case HttpStatusCode::InternalServerError:
        return "InternalServerError";
    case HttpStatusCode::NotImplemented:
        return "NotImplemented";
    case HttpStatusCode::BadGateway:
        return "BadGateway";
    case HttpStatusCode::ServiceUnavailable:
        return "ServiceUnavailable";
    case HttpStatusCode::GatewayTimeout:
        return "GatewayTimeout";
    case HttpStatusCode::HttpVersionNotSupported:
        return "HttpVersionNotSupported";
    case HttpStatusCode::VariantAlsoNegotiates:
        return "VariantAlsoNegotiates";
    case HttpStatusCode::InsufficientStorage:
        return "InsufficientStorage";
    case HttpStatusCode::LoopDetected:
        return "LoopDetected";
    case HttpStatusCode::NotExtended:
        return "NotExtended";
    case HttpStatusCode::NetworkAuthorizationRequired:
        return "NetworkAuthorizationRequired";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(AuthenticationCodeChallengeMethod value)
{
    switch (value) {
    case AuthenticationCodeChallengeMethod::S256:
        return "S256";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(IntegrationType value)
{
    switch (value) {
    case IntegrationType::GuildInstall:
        return "GuildInstall";
    case IntegrationType::UserInstall:
        return "UserInstall";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(ChannelType value)
{
    switch (value) {
    case ChannelType::GuildText:
        return "GuildText";
    case ChannelType::Dm:
        return "Dm";
    case ChannelType::GuildVoice:
        return "GuildVoice";
    case ChannelType::GroupDm:
        return "GroupDm";
    case ChannelType::GuildCategory:
        return "GuildCategory";
    case ChannelType::GuildNews:
        return "GuildNews";
    case ChannelType::GuildStore:
        return "GuildStore";
    case ChannelType::GuildNewsThread:
        return "GuildNewsThread";
    case ChannelType::GuildPublicThread:
        return "GuildPublicThread";
    case ChannelType::GuildPrivateThread:
        return "GuildPrivateThread";
    case ChannelType::GuildStageVoice:
        return "GuildStageVoice";
    case ChannelType::GuildDirectory:
        return "GuildDirectory";
    case ChannelType::GuildForum:
        return "GuildForum";
    case ChannelType::GuildMedia:
        return "GuildMedia";
    case ChannelType::Lobby:
        return "Lobby";
    case ChannelType::EphemeralDm:
        return "EphemeralDm";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(AdditionalContentType value)
{
    switch (value) {
    case AdditionalContentType::Other:
        return "Other";
    case AdditionalContentType::Attachment:
        return "Attachment";
    case AdditionalContentType::Poll:
        return "Poll";
    case AdditionalContentType::VoiceMessage:
        return "VoiceMessage";
    case AdditionalContentType::Thread:
        return "Thread";
    case AdditionalContentType::Embed:
        return "Embed";
    case AdditionalContentType::Sticker:
        return "Sticker";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(AudioSystem value)
{
    switch (value) {
    case AudioSystem::Standard:
        return "Standard";
    case AudioSystem::Game:
        return "Game";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(Call::Error value)
{
    switch (value) {
    case Call::Error::None:
        return "None";
    case Call::Error::SignalingConnectionFailed:
        return "SignalingConnectionFailed";
    case Call::Error::SignalingUnexpectedClose:
        return "SignalingUnexpectedClose";
    case Call::Error::VoiceConnectionFailed:
        return "VoiceConnectionFailed";
    case Call::Error::JoinTimeout:
        return "JoinTimeout";
    case Call::Error::Forbidden:
        return "Forbidden";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(VoiceInputModeType value)
{
    switch (value) {
    case VoiceInputModeType::VoiceActivity:
        return "VoiceActivity";
    case VoiceInputModeType::PushToTalk:
        return "PushToTalk";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(AudioModeType value)
{
    switch (value) {
    case AudioModeType::MODE_UNINIT:
        return "MODE_UNINIT";
    case AudioModeType::MODE_VAD:
        return "MODE_VAD";
    case AudioModeType::MODE_PTT:
        return "MODE_PTT";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(Call::Status value)
{
    switch (value) {
    case Call::Status::Disconnected:
        return "Disconnected";
    case Call::Status::Joining:
        return "Joining";
    case Call::Status::Connecting:
        return "Connecting";
    case Call::Status::SignalingConnected:
        return "SignalingConnected";
    case Call::Status::Connected:
        return "Connected";
    case Call::Status::Reconnecting:
        return "Reconnecting";
    case Call::Status::Disconnecting:
        return "Disconnecting";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(RelationshipType value)
{
    switch (value) {
    case RelationshipType::None:
        return "None";
    case RelationshipType::Friend:
        return "Friend";
    case RelationshipType::Blocked:
        return "Blocked";
    case RelationshipType::PendingIncoming:
        return "PendingIncoming";
    case RelationshipType::PendingOutgoing:
        return "PendingOutgoing";
    case RelationshipType::Implicit:
        return "Implicit";
    case RelationshipType::Suggestion:
        return "Suggestion";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(ExternalIdentityProviderType value)
{
    switch (value) {
    case ExternalIdentityProviderType::OIDC:
        return "OIDC";
    case ExternalIdentityProviderType::EpicOnlineServices:
        return "EpicOnlineServices";
    case ExternalIdentityProviderType::Steam:
        return "Steam";
    case ExternalIdentityProviderType::Unity:
        return "Unity";
    case ExternalIdentityProviderType::PlatformBot:
        return "PlatformBot";
    case ExternalIdentityProviderType::None:
        return "None";
    case ExternalIdentityProviderType::Unknown:
        return "Unknown";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(Client::Error value)
{
    switch (value) {
    case Client::Error::None:
        return "None";
    case Client::Error::ConnectionFailed:
        return "ConnectionFailed";
    case Client::Error::UnexpectedClose:
        return "UnexpectedClose";
    case Client::Error::ConnectionCanceled:
        return "ConnectionCanceled";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(Client::Status value)
{
    switch (value) {
    case Client::Status::Disconnected:
        return "Disconnected";
    case Client::Status::Connecting:
        return "Connecting";
    case Client::Status::Connected:
        return "Connected";
    case Client::Status::Ready:
        return "Ready";
    case Client::Status::Reconnecting:
        return "Reconnecting";
    case Client::Status::Disconnecting:
        return "Disconnecting";
    case Client::Status::HttpWait:
        return "HttpWait";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(Client::Thread value)
{
    switch (value) {
    case Client::Thread::Client:
        return "Client";
    case Client::Thread::Voice:
        return "Voice";
    case Client::Thread::Network:
        return "Network";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(AuthorizationTokenType value)
{
    switch (value) {
    case AuthorizationTokenType::User:
        return "User";
    case AuthorizationTokenType::Bearer:
        return "Bearer";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(AuthenticationExternalAuthType value)
{
    switch (value) {
    case AuthenticationExternalAuthType::OIDC:
        return "OIDC";
    case AuthenticationExternalAuthType::EpicOnlineServicesAccessToken:
        return "EpicOnlineServicesAccessToken";
    case AuthenticationExternalAuthType::EpicOnlineServicesIdToken:
        return "EpicOnlineServicesIdToken";
    case AuthenticationExternalAuthType::SteamSessionTicket:
        return "SteamSessionTicket";
    case AuthenticationExternalAuthType::UnityServicesIdToken:
        return "UnityServicesIdToken";
    case AuthenticationExternalAuthType::PlatformBotIssuedAccessToken:
        return "PlatformBotIssuedAccessToken";
    case AuthenticationExternalAuthType::AppleIdToken:
        return "AppleIdToken";
    case AuthenticationExternalAuthType::PlayStationNetworkIdToken:
        return "PlayStationNetworkIdToken";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(LoggingSeverity value)
{
    switch (value) {
    case LoggingSeverity::Verbose:
        return "Verbose";
    case LoggingSeverity::Info:
        return "Info";
    case LoggingSeverity::Warning:
        return "Warning";
    case LoggingSeverity::Error:
        return "Error";
    case LoggingSeverity::None:
        return "None";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(RelationshipGroupType value)
{
    switch (value) {
    case RelationshipGroupType::OnlinePlayingGame:
        return "OnlinePlayingGame";
    case RelationshipGroupType::OnlineElsewhere:
        return "OnlineElsewhere";
    case RelationshipGroupType::Offline:
        return "Offline";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(StatusType value)
{
    switch (value) {
    case StatusType::Online:
        return "Online";
    case StatusType::Offline:
        return "Offline";
    case StatusType::Blocked:
        return "Blocked";
    case StatusType::Idle:
        return "Idle";
    case StatusType::Dnd:
        return "Dnd";
    case StatusType::Invisible:
        return "Invisible";
    case StatusType::Streaming:
        return "Streaming";
    case StatusType::Unknown:
        return "Unknown";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(DisclosureTypes value)
{
    switch (value) {
    case DisclosureTypes::MessageDataVisibleOnPlatform:
        return "MessageDataVisibleOnPlatform";
    default:
        return "unknown";
    }
}

inline const char *EnumToString(UserHandle::AvatarType value)
{
    switch (value) {
    case UserHandle::AvatarType::Gif:
        return "Gif";
    case UserHandle::AvatarType::Webp:
        return "Webp";
    case UserHandle::AvatarType::Png:
        return "Png";
    case UserHandle::AvatarType::Jpeg:
        return "Jpeg";
    default:
        return "unknown";
    }
}

} // namespace platformpp

#endif // PLATFORM_HEADER_PLATFORMPP_H_

#ifdef PLATFORMPP_IMPLEMENTATION
#undef PLATFORMPP_IMPLEMENTATION
#ifndef PLATFORM_HEADER_PLATFORMPP_IMPLEMENTATION_
#define PLATFORM_HEADER_PLATFORMPP_IMPLEMENTATION_

namespace platformpp {

// Unused in 1.9 (kept for parity with the vendor wrapper).
std::function<void(std::function<void()>)> s_synchronizationContext;

inline bool HasSynchronizationContext()
{
    return !!s_synchronizationContext;
}

inline void PostTask(std::function<void()> task)
{
    assert(s_synchronizationContext);
    s_synchronizationContext(std::move(task));
}

inline void SetSynchronizationContext(std::function<void(std::function<void()>)> executor)
{
    s_synchronizationContext = std::move(executor);
}

/// Heap closure passed as `userData` of a callback triple. The library releases it by calling
/// Free (the triple's fn_free) exactly once; the wrapper never frees it itself.
template <typename T>
struct TDelegateUserData {
    T delegate;

    explicit TDelegateUserData(T fn)
      : delegate(std::move(fn))
    {
    }

    static void Free(void *ptr) { delete static_cast<TDelegateUserData *>(ptr); }

    static T &Get(void *userData) { return static_cast<TDelegateUserData *>(userData)->delegate; }
};

/// A std::unordered_map converted to a Platform_Properties allocated with Platform_Alloc; the
/// destructor releases it with Platform_FreeProperties once the C call has returned.
struct ConvertedProperties {
    explicit ConvertedProperties(std::unordered_map<std::string, std::string> const &PropertyMap)
    {
        Properties.size = PropertyMap.size();
        Properties.keys = static_cast<Platform_String *>(
          PLATFORMPP_C(Platform_Alloc)(Properties.size * sizeof(Platform_String)));
        Properties.values = static_cast<Platform_String *>(
          PLATFORMPP_C(Platform_Alloc)(Properties.size * sizeof(Platform_String)));
        size_t i = 0;
        for (auto const &entry : PropertyMap) {
            Properties.keys[i] = AllocateString(entry.first);
            Properties.values[i] = AllocateString(entry.second);
            ++i;
        }
    }

    ~ConvertedProperties() { PLATFORMPP_C(Platform_FreeProperties)(Properties); }

    ConvertedProperties(const ConvertedProperties &) = delete;
    ConvertedProperties &operator=(const ConvertedProperties &) = delete;

    Platform_Properties Properties{};

private:
    static Platform_String AllocateString(std::string const &str)
    {
        Platform_String result{};
        result.ptr = static_cast<uint8_t *>(PLATFORMPP_C(Platform_Alloc)(str.size()));
        result.size = str.size();
        if (result.size != 0) {
            std::memcpy(result.ptr, str.data(), result.size);
        }
        return result;
    }
};

/// Copies a Platform_Properties returned by the library into a map (the caller still releases
/// it with Platform_FreeProperties). A repeated key keeps its first value.
inline std::unordered_map<std::string, std::string> ConvertReturnedProperties(
  Platform_Properties const &Properties)
{
    std::unordered_map<std::string, std::string> result;
    for (size_t i = 0; i < Properties.size; ++i) {
        std::string key(reinterpret_cast<const char *>(Properties.keys[i].ptr),
                        Properties.keys[i].size);
        std::string value(reinterpret_cast<const char *>(Properties.values[i].ptr),
                          Properties.values[i].size);
        result.emplace(std::move(key), std::move(value));
    }
    return result;
}

namespace detail {

/// Borrows a std::string as a Platform_String for the duration of one C call.
inline Platform_String BorrowString(std::string const &str)
{
    return Platform_String{reinterpret_cast<uint8_t *>(const_cast<char *>(str.data())),
                           str.size()};
}

/// Copies a library-allocated Platform_String, then releases it with Platform_Free.
inline std::string TakeString(Platform_String str)
{
    std::string result;
    if (str.ptr != nullptr && str.size != 0) {
        result.assign(reinterpret_cast<const char *>(str.ptr), str.size);
    }
    PLATFORMPP_C(Platform_Free)(str.ptr);
    return result;
}

/// Adopts the ClientResult handed to a callback as Owned (bitwise copy of *result).
inline ClientResult AdoptClientResult(Platform_ClientResult *result)
{
    if (result == nullptr) {
        return ClientResult(Platform_ClientResult{}, PlatformObjectState::Invalid);
    }
    return ClientResult(*result, PlatformObjectState::Owned);
}

/// Copies a library-allocated Platform_UInt64Span, then releases the array with Platform_Free.
inline std::vector<uint64_t> TakeUInt64Span(Platform_UInt64Span span)
{
    std::vector<uint64_t> result;
    if (span.ptr != nullptr && span.size != 0) {
        result.assign(span.ptr, span.ptr + span.size);
    }
    PLATFORMPP_C(Platform_Free)(span.ptr);
    return result;
}

/// Adopts every element of a library-allocated span of objects as Owned (bitwise copy), then
/// releases the array itself with Platform_Free. T is the wrapper class of the element type.
template <typename T, typename Span>
inline std::vector<T> TakeObjectSpan(Span span)
{
    std::vector<T> result;
    result.reserve(span.size);
    for (size_t i = 0; i < span.size; ++i) {
        result.emplace_back(span.ptr[i], PlatformObjectState::Owned);
    }
    PLATFORMPP_C(Platform_Free)(span.ptr);
    return result;
}

// Trampolines: C callback -> std::function stored in TDelegateUserData<Alias>.

inline void Client_AuthorizationCallback(Platform_ClientResult *result,
                                         Platform_String code,
                                         Platform_String redirectUri,
                                         void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::string codeStr = TakeString(code);
    std::string redirectUriStr = TakeString(redirectUri);
    auto &fn = TDelegateUserData<Client::AuthorizationCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(codeStr), std::move(redirectUriStr));
    }
}

inline void Client_ExchangeChildTokenCallback(Platform_ClientResult *result,
                                              Platform_String accessToken,
                                              Platform_AuthorizationTokenType tokenType,
                                              int32_t expiresIn,
                                              Platform_String scopes,
                                              void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::string accessTokenStr = TakeString(accessToken);
    std::string scopesStr = TakeString(scopes);
    auto &fn = TDelegateUserData<Client::ExchangeChildTokenCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj),
           std::move(accessTokenStr),
           static_cast<AuthorizationTokenType>(tokenType),
           expiresIn,
           std::move(scopesStr));
    }
}

inline void Client_FetchCurrentUserCallback(Platform_ClientResult *result,
                                            uint64_t id,
                                            Platform_String name,
                                            void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::string nameStr = TakeString(name);
    auto &fn = TDelegateUserData<Client::FetchCurrentUserCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), id, std::move(nameStr));
    }
}

inline void Client_TokenExchangeCallback(Platform_ClientResult *result,
                                         Platform_String accessToken,
                                         Platform_String refreshToken,
                                         Platform_AuthorizationTokenType tokenType,
                                         int32_t expiresIn,
                                         Platform_String scopes,
                                         void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::string accessTokenStr = TakeString(accessToken);
    std::string refreshTokenStr = TakeString(refreshToken);
    std::string scopesStr = TakeString(scopes);
    auto &fn = TDelegateUserData<Client::TokenExchangeCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj),
           std::move(accessTokenStr),
           std::move(refreshTokenStr),
           static_cast<AuthorizationTokenType>(tokenType),
           expiresIn,
           std::move(scopesStr));
    }
}

/// For the parameterless callbacks (AuthorizeRequest, AuthorizeDeviceScreenClosed,
/// TokenExpiration, ProvisionalUserMergeRequired, EndCall, EndCalls): all are
/// std::function<void()>.
inline void Client_VoidCallback(void *userData)
{
    auto &fn = TDelegateUserData<std::function<void()>>::Get(userData);
    if (fn) {
        fn();
    }
}

/// For the callbacks whose only argument is a ClientResult (including SetInputDevice and
/// SetOutputDevice). T is the C++ alias.
template <typename T>
inline void Client_ResultCallback(Platform_ClientResult *result, void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(std::move(resultObj));
    }
}

inline void Client_LogCallback(Platform_String message,
                               Platform_LoggingSeverity severity,
                               void *userData)
{
    std::string messageStr = TakeString(message);
    auto &fn = TDelegateUserData<Client::LogCallback>::Get(userData);
    if (fn) {
        fn(std::move(messageStr), static_cast<LoggingSeverity>(severity));
    }
}

inline void Client_OnStatusChanged(Platform_Client_Status status,
                                   Platform_Client_Error error,
                                   int32_t errorDetail,
                                   void *userData)
{
    auto &fn = TDelegateUserData<Client::OnStatusChanged>::Get(userData);
    if (fn) {
        fn(static_cast<Client::Status>(status), static_cast<Client::Error>(error), errorDetail);
    }
}

inline void Client_UserUpdatedCallback(uint64_t userId, void *userData)
{
    auto &fn = TDelegateUserData<Client::UserUpdatedCallback>::Get(userData);
    if (fn) {
        fn(userId);
    }
}

/// For the callbacks whose arguments are a ClientResult and one id (SendUserMessage,
/// CreateOrJoinLobby). T is the C++ alias.
template <typename T>
inline void Client_ResultIdCallback(Platform_ClientResult *result, uint64_t id, void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), id);
    }
}

/// For the callbacks whose only argument is an id (MessageCreated, MessageUpdated, LobbyCreated,
/// LobbyDeleted, LobbyUpdated). T is the C++ alias.
template <typename T>
inline void Client_IdCallback(uint64_t id, void *userData)
{
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(id);
    }
}

/// For the callbacks whose arguments are two ids (MessageDeleted, LobbyMemberAdded,
/// LobbyMemberRemoved, LobbyMemberUpdated). T is the C++ alias.
template <typename T>
inline void Client_IdPairCallback(uint64_t first, uint64_t second, void *userData)
{
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(first, second);
    }
}

/// For GetLobbyMessagesCallback and UserMessagesWithLimitCallback (a ClientResult and a span of
/// messages). T is the C++ alias.
template <typename T>
inline void Client_MessagesCallback(Platform_ClientResult *result,
                                    Platform_MessageHandleSpan messages,
                                    void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::vector<MessageHandle> messagesVec = TakeObjectSpan<MessageHandle>(messages);
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(messagesVec));
    }
}

inline void Client_UserMessageSummariesCallback(Platform_ClientResult *result,
                                                Platform_UserMessageSummarySpan summaries,
                                                void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::vector<UserMessageSummary> summariesVec = TakeObjectSpan<UserMessageSummary>(summaries);
    auto &fn = TDelegateUserData<Client::UserMessageSummariesCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(summariesVec));
    }
}

inline void Client_GetGuildChannelsCallback(Platform_ClientResult *result,
                                            Platform_GuildChannelSpan guildChannels,
                                            void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::vector<GuildChannel> guildChannelsVec = TakeObjectSpan<GuildChannel>(guildChannels);
    auto &fn = TDelegateUserData<Client::GetGuildChannelsCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(guildChannelsVec));
    }
}

inline void Client_GetUserGuildsCallback(Platform_ClientResult *result,
                                         Platform_GuildMinimalSpan guilds,
                                         void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::vector<GuildMinimal> guildsVec = TakeObjectSpan<GuildMinimal>(guilds);
    auto &fn = TDelegateUserData<Client::GetUserGuildsCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(guildsVec));
    }
}

inline void Client_JoinLinkedLobbyGuildCallback(Platform_ClientResult *result,
                                                Platform_String inviteUrl,
                                                void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::string inviteUrlStr = TakeString(inviteUrl);
    auto &fn = TDelegateUserData<Client::JoinLinkedLobbyGuildCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(inviteUrlStr));
    }
}

inline void Client_IsPlatformAppInstalledCallback(bool installed, void *userData)
{
    auto &fn = TDelegateUserData<Client::IsPlatformAppInstalledCallback>::Get(userData);
    if (fn) {
        fn(installed);
    }
}

inline void Client_AcceptActivityInviteCallback(Platform_ClientResult *result,
                                                Platform_String joinSecret,
                                                void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::string joinSecretStr = TakeString(joinSecret);
    auto &fn = TDelegateUserData<Client::AcceptActivityInviteCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(joinSecretStr));
    }
}

/// For SetActivityInviteCreatedCallback / SetActivityInviteUpdatedCallback: adopts *invite as
/// Owned (bitwise copy); NULL gives an Invalid object.
inline void Client_ActivityInviteCallback(Platform_ActivityInvite *invite, void *userData)
{
    ActivityInvite inviteObj =
      invite != nullptr ? ActivityInvite(*invite, PlatformObjectState::Owned)
                        : ActivityInvite(Platform_ActivityInvite{}, PlatformObjectState::Invalid);
    auto &fn = TDelegateUserData<Client::ActivityInviteCallback>::Get(userData);
    if (fn) {
        fn(std::move(inviteObj));
    }
}

inline void Client_ActivityJoinCallback(Platform_String joinSecret, void *userData)
{
    std::string joinSecretStr = TakeString(joinSecret);
    auto &fn = TDelegateUserData<Client::ActivityJoinCallback>::Get(userData);
    if (fn) {
        fn(std::move(joinSecretStr));
    }
}

inline void Client_ActivityJoinWithApplicationCallback(uint64_t applicationId,
                                                       Platform_String joinSecret,
                                                       void *userData)
{
    std::string joinSecretStr = TakeString(joinSecret);
    auto &fn = TDelegateUserData<Client::ActivityJoinWithApplicationCallback>::Get(userData);
    if (fn) {
        fn(applicationId, std::move(joinSecretStr));
    }
}

/// For RelationshipCreatedCallback and RelationshipDeletedCallback (a user id and whether the
/// change concerns the platform relationship). T is the C++ alias.
template <typename T>
inline void Client_RelationshipChangedCallback(uint64_t userId,
                                               bool isPlatformRelationshipUpdate,
                                               void *userData)
{
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(userId, isPlatformRelationshipUpdate);
    }
}

/// Adopts *user as Owned; NULL means no user (nullopt).
inline void Client_GetPlatformClientConnectedUserCallback(Platform_ClientResult *result,
                                                          Platform_UserHandle *user,
                                                          void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    std::optional<UserHandle> userObj;
    if (user != nullptr) {
        userObj.emplace(*user, PlatformObjectState::Owned);
    }
    auto &fn = TDelegateUserData<Client::GetPlatformClientConnectedUserCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(userObj));
    }
}

inline void Call_OnVoiceStateChanged(uint64_t userId, void *userData)
{
    auto &fn = TDelegateUserData<Call::OnVoiceStateChanged>::Get(userData);
    if (fn) {
        fn(userId);
    }
}

/// For OnParticipantChanged and OnSpeakingStatusChanged (a user id and a flag). T is the C++
/// alias.
template <typename T>
inline void Call_IdFlagCallback(uint64_t userId, bool flag, void *userData)
{
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(userId, flag);
    }
}

inline void Call_OnStatusChanged(Platform_Call_Status status,
                                 Platform_Call_Error error,
                                 int32_t errorDetail,
                                 void *userData)
{
    auto &fn = TDelegateUserData<Call::OnStatusChanged>::Get(userData);
    if (fn) {
        fn(static_cast<Call::Status>(status), static_cast<Call::Error>(error), errorDetail);
    }
}

/// For GetCurrentInputDevice / GetCurrentOutputDevice: adopts *device as Owned (bitwise copy,
/// despite the const). T is the C++ alias.
template <typename T>
inline void Client_AudioDeviceCallback(Platform_AudioDevice const *device, void *userData)
{
    AudioDevice deviceObj = device != nullptr
                              ? AudioDevice(*device, PlatformObjectState::Owned)
                              : AudioDevice(Platform_AudioDevice{}, PlatformObjectState::Invalid);
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(std::move(deviceObj));
    }
}

/// For GetInputDevices / GetOutputDevices (one span of devices). T is the C++ alias.
template <typename T>
inline void Client_AudioDevicesCallback(Platform_AudioDeviceSpan devices, void *userData)
{
    std::vector<AudioDevice> devicesVec = TakeObjectSpan<AudioDevice>(devices);
    auto &fn = TDelegateUserData<T>::Get(userData);
    if (fn) {
        fn(std::move(devicesVec));
    }
}

inline void Client_DeviceChangeCallback(Platform_AudioDeviceSpan inputDevices,
                                        Platform_AudioDeviceSpan outputDevices,
                                        void *userData)
{
    std::vector<AudioDevice> inputDevicesVec = TakeObjectSpan<AudioDevice>(inputDevices);
    std::vector<AudioDevice> outputDevicesVec = TakeObjectSpan<AudioDevice>(outputDevices);
    auto &fn = TDelegateUserData<Client::DeviceChangeCallback>::Get(userData);
    if (fn) {
        fn(std::move(inputDevicesVec), std::move(outputDevicesVec));
    }
}

inline void Client_NoAudioInputCallback(bool inputDetected, void *userData)
{
    auto &fn = TDelegateUserData<Client::NoAudioInputCallback>::Get(userData);
    if (fn) {
        fn(inputDetected);
    }
}

inline void Client_VoiceParticipantChangedCallback(uint64_t lobbyId,
                                                   uint64_t memberId,
                                                   bool added,
                                                   void *userData)
{
    auto &fn = TDelegateUserData<Client::VoiceParticipantChangedCallback>::Get(userData);
    if (fn) {
        fn(lobbyId, memberId, added);
    }
}

// The two audio trampolines run on an SDK audio thread. They touch nothing but their closure
// and their arguments: no adoption, no string or vector, no allocation beyond what invoking the
// std::function itself needs. `data` is passed through unchanged (in-place edits reach the SDK)
// and outShouldMute is bound by reference to the library's bool.

inline void Client_UserAudioReceivedCallback(uint64_t userId,
                                             int16_t *data,
                                             uint64_t samplesPerChannel,
                                             int32_t sampleRate,
                                             uint64_t channels,
                                             bool *outShouldMute,
                                             void *userData)
{
    auto &fn = TDelegateUserData<Client::UserAudioReceivedCallback>::Get(userData);
    if (fn) {
        // The library always passes a valid pointer; tolerate NULL without writing through it.
        bool ignoredShouldMute = false;
        fn(userId,
           data,
           samplesPerChannel,
           sampleRate,
           channels,
           outShouldMute != nullptr ? *outShouldMute : ignoredShouldMute);
    }
}

inline void Client_UserAudioCapturedCallback(int16_t *data,
                                             uint64_t samplesPerChannel,
                                             int32_t sampleRate,
                                             uint64_t channels,
                                             void *userData)
{
    auto &fn = TDelegateUserData<Client::UserAudioCapturedCallback>::Get(userData);
    if (fn) {
        fn(data, samplesPerChannel, sampleRate, channels);
    }
}

/// 1.10.19337 (sdk-abi.md section 7.1): adopts *settings as Owned; NULL gives an Invalid object.
inline void Client_GetVoiceSettingsCallback(Platform_ClientResult *result,
                                            Platform_VoiceSettings *settings,
                                            void *userData)
{
    ClientResult resultObj = AdoptClientResult(result);
    VoiceSettings settingsObj =
      settings != nullptr ? VoiceSettings(*settings, PlatformObjectState::Owned)
                          : VoiceSettings(Platform_VoiceSettings{}, PlatformObjectState::Invalid);
    auto &fn = TDelegateUserData<Client::GetVoiceSettingsCallback>::Get(userData);
    if (fn) {
        fn(std::move(resultObj), std::move(settingsObj));
    }
}

/// 1.10 (sdk-abi.md section 7.1): adopts *settings as Owned; NULL gives an Invalid object.
inline void Client_VoiceSettingsUpdatedCallback(Platform_VoiceSettings *settings, void *userData)
{
    VoiceSettings settingsObj =
      settings != nullptr ? VoiceSettings(*settings, PlatformObjectState::Owned)
                          : VoiceSettings(Platform_VoiceSettings{}, PlatformObjectState::Invalid);
    auto &fn = TDelegateUserData<Client::VoiceSettingsUpdatedCallback>::Get(userData);
    if (fn) {
        fn(std::move(settingsObj));
    }
}

} // namespace detail

// ---- Call ----
const Call Call::nullobj{{}, PlatformObjectState::Invalid};
Call::Call(Platform_Call instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
Call::~Call()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
Call::Call(Call &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
Call &Call::operator=(Call &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
Call::Call(const Call &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_Call_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
Call &Call::operator=(const Call &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_Call_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void Call::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_Call_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
std::string Call::ErrorToString(Error type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Call_ErrorToString)(static_cast<Platform_Call_Error>(type),
                                              &returnValue);
    return detail::TakeString(returnValue);
}
AudioModeType Call::GetAudioMode()
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<AudioModeType>(
      PLATFORMPP_C(Platform_Call_GetAudioMode)(&instance_));
}
uint64_t Call::GetChannelId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetChannelId)(&instance_);
}
uint64_t Call::GetGuildId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetGuildId)(&instance_);
}
bool Call::GetLocalMute(uint64_t userId)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetLocalMute)(&instance_, userId);
}
std::vector<uint64_t> Call::GetParticipants() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UInt64Span returnValue{};
    PLATFORMPP_C(Platform_Call_GetParticipants)(&instance_, &returnValue);
    return detail::TakeUInt64Span(returnValue);
}
float Call::GetParticipantVolume(uint64_t userId)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetParticipantVolume)(&instance_, userId);
}
bool Call::GetPTTActive()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetPTTActive)(&instance_);
}
uint32_t Call::GetPTTReleaseDelay()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetPTTReleaseDelay)(&instance_);
}
bool Call::GetSelfDeaf()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetSelfDeaf)(&instance_);
}
bool Call::GetSelfMute()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Call_GetSelfMute)(&instance_);
}
Call::Status Call::GetStatus() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<Status>(
      PLATFORMPP_C(Platform_Call_GetStatus)(&instance_));
}
VADThresholdSettings Call::GetVADThreshold() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_VADThresholdSettings returnValue{};
    PLATFORMPP_C(Platform_Call_GetVADThreshold)(&instance_, &returnValue);
    return VADThresholdSettings(returnValue, PlatformObjectState::Owned);
}
std::optional<VoiceStateHandle> Call::GetVoiceStateHandle(uint64_t userId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_VoiceStateHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Call_GetVoiceStateHandle)(&instance_, userId, &returnValue)) {
        return std::nullopt;
    }
    return VoiceStateHandle(returnValue, PlatformObjectState::Owned);
}
void Call::SetAudioMode(AudioModeType audioMode)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetAudioMode)(&instance_,
                                             static_cast<Platform_AudioModeType>(audioMode));
}
void Call::SetLocalMute(uint64_t userId, bool mute)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetLocalMute)(&instance_, userId, mute);
}
void Call::SetOnVoiceStateChangedCallback(OnVoiceStateChanged cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<OnVoiceStateChanged>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Call_SetOnVoiceStateChangedCallback)(
      &instance_, detail::Call_OnVoiceStateChanged, UserData::Free, userData);
}
void Call::SetParticipantChangedCallback(OnParticipantChanged cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<OnParticipantChanged>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Call_SetParticipantChangedCallback)(
      &instance_, detail::Call_IdFlagCallback<OnParticipantChanged>, UserData::Free, userData);
}
void Call::SetParticipantVolume(uint64_t userId, float volume)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetParticipantVolume)(&instance_, userId, volume);
}
void Call::SetPTTActive(bool active)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetPTTActive)(&instance_, active);
}
void Call::SetPTTReleaseDelay(uint32_t releaseDelayMs)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetPTTReleaseDelay)(&instance_, releaseDelayMs);
}
void Call::SetSelfDeaf(bool deaf)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetSelfDeaf)(&instance_, deaf);
}
void Call::SetSelfMute(bool mute)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetSelfMute)(&instance_, mute);
}
void Call::SetSpeakingStatusChangedCallback(OnSpeakingStatusChanged cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<OnSpeakingStatusChanged>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Call_SetSpeakingStatusChangedCallback)(
      &instance_, detail::Call_IdFlagCallback<OnSpeakingStatusChanged>, UserData::Free, userData);
}
void Call::SetStatusChangedCallback(OnStatusChanged cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<OnStatusChanged>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Call_SetStatusChangedCallback)(
      &instance_, detail::Call_OnStatusChanged, UserData::Free, userData);
}
void Call::SetVADThreshold(bool automatic, float threshold)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Call_SetVADThreshold)(&instance_, automatic, threshold);
}
std::string Call::StatusToString(Status type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Call_StatusToString)(static_cast<Platform_Call_Status>(type),
                                               &returnValue);
    return detail::TakeString(returnValue);
}

// ---- MessageHandle ----
const MessageHandle MessageHandle::nullobj{{}, PlatformObjectState::Invalid};
MessageHandle::MessageHandle(Platform_MessageHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
MessageHandle::~MessageHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
MessageHandle::MessageHandle(MessageHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
MessageHandle &MessageHandle::operator=(MessageHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
MessageHandle::MessageHandle(const MessageHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_MessageHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
MessageHandle &MessageHandle::operator=(const MessageHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_MessageHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void MessageHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_MessageHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
std::optional<platformpp::AdditionalContent> MessageHandle::AdditionalContent() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_AdditionalContent returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_AdditionalContent)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return platformpp::AdditionalContent(returnValue, PlatformObjectState::Owned);
}
std::optional<std::string> MessageHandle::AdditionalName() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_AdditionalName)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
std::optional<uint64_t> MessageHandle::ApplicationId() const
{
    assert(state_ == PlatformObjectState::Owned);
    uint64_t returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_ApplicationId)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return returnValue;
}
std::optional<UserHandle> MessageHandle::Author() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_Author)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
}
uint64_t MessageHandle::AuthorId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_AuthorId)(&instance_);
}
std::optional<ChannelHandle> MessageHandle::Channel() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ChannelHandle returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_Channel)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return ChannelHandle(returnValue, PlatformObjectState::Owned);
}
uint64_t MessageHandle::ChannelId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_ChannelId)(&instance_);
}
std::string MessageHandle::Content() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_MessageHandle_Content)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
std::optional<DisclosureTypes> MessageHandle::DisclosureType() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_DisclosureTypes returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_DisclosureType)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return static_cast<DisclosureTypes>(returnValue);
}
uint64_t MessageHandle::EditedTimestamp() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_EditedTimestamp)(&instance_);
}
uint64_t MessageHandle::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_Id)(&instance_);
}
std::optional<LobbyHandle> MessageHandle::Lobby() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_LobbyHandle returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_Lobby)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return LobbyHandle(returnValue, PlatformObjectState::Owned);
}
std::unordered_map<std::string, std::string> MessageHandle::Metadata() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Properties returnValue{};
    PLATFORMPP_C(Platform_MessageHandle_Metadata)(&instance_, &returnValue);
    auto result = ConvertReturnedProperties(returnValue);
    PLATFORMPP_C(Platform_FreeProperties)(returnValue);
    return result;
}
std::unordered_map<std::string, std::string> MessageHandle::ModerationMetadata() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Properties returnValue{};
    PLATFORMPP_C(Platform_MessageHandle_ModerationMetadata)(&instance_, &returnValue);
    auto result = ConvertReturnedProperties(returnValue);
    PLATFORMPP_C(Platform_FreeProperties)(returnValue);
    return result;
}
std::string MessageHandle::RawContent() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_MessageHandle_RawContent)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
std::optional<UserHandle> MessageHandle::Recipient() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_MessageHandle_Recipient)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
}
uint64_t MessageHandle::RecipientId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_RecipientId)(&instance_);
}
bool MessageHandle::SentFromGame() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_SentFromGame)(&instance_);
}
uint64_t MessageHandle::SentTimestamp() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_MessageHandle_SentTimestamp)(&instance_);
}

// ---- AuthorizationArgs ----
const AuthorizationArgs AuthorizationArgs::nullobj{{}, PlatformObjectState::Invalid};
AuthorizationArgs::AuthorizationArgs(Platform_AuthorizationArgs instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
AuthorizationArgs::~AuthorizationArgs()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
AuthorizationArgs::AuthorizationArgs(AuthorizationArgs &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
AuthorizationArgs &AuthorizationArgs::operator=(AuthorizationArgs &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
AuthorizationArgs::AuthorizationArgs(const AuthorizationArgs &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_AuthorizationArgs_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
AuthorizationArgs &AuthorizationArgs::operator=(const AuthorizationArgs &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_AuthorizationArgs_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void AuthorizationArgs::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_AuthorizationArgs_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
AuthorizationArgs::AuthorizationArgs()
{
    PLATFORMPP_C(Platform_AuthorizationArgs_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
uint64_t AuthorizationArgs::ClientId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_AuthorizationArgs_ClientId)(&instance_);
}
void AuthorizationArgs::SetClientId(uint64_t ClientId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationArgs_SetClientId)(&instance_, ClientId);
}
std::string AuthorizationArgs::Scopes() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_AuthorizationArgs_Scopes)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void AuthorizationArgs::SetScopes(std::string Scopes)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationArgs_SetScopes)(&instance_, detail::BorrowString(Scopes));
}
std::optional<std::string> AuthorizationArgs::State() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_AuthorizationArgs_State)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void AuthorizationArgs::SetState(std::optional<std::string> State)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String StateNative{};
    if (State.has_value()) {
        StateNative = detail::BorrowString(*State);
    }
    PLATFORMPP_C(Platform_AuthorizationArgs_SetState)(&instance_,
                                                      State.has_value() ? &StateNative : nullptr);
}
std::optional<std::string> AuthorizationArgs::Nonce() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_AuthorizationArgs_Nonce)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void AuthorizationArgs::SetNonce(std::optional<std::string> Nonce)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String NonceNative{};
    if (Nonce.has_value()) {
        NonceNative = detail::BorrowString(*Nonce);
    }
    PLATFORMPP_C(Platform_AuthorizationArgs_SetNonce)(&instance_,
                                                      Nonce.has_value() ? &NonceNative : nullptr);
}
std::optional<platformpp::AuthorizationCodeChallenge> AuthorizationArgs::CodeChallenge() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_AuthorizationCodeChallenge returnValue{};
    if (!PLATFORMPP_C(Platform_AuthorizationArgs_CodeChallenge)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return platformpp::AuthorizationCodeChallenge(returnValue, PlatformObjectState::Owned);
}
void AuthorizationArgs::SetCodeChallenge(
  std::optional<platformpp::AuthorizationCodeChallenge> CodeChallenge)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationArgs_SetCodeChallenge)(
      &instance_, CodeChallenge.has_value() ? CodeChallenge->instance() : nullptr);
}
std::optional<platformpp::IntegrationType> AuthorizationArgs::IntegrationType() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_IntegrationType returnValue{};
    if (!PLATFORMPP_C(Platform_AuthorizationArgs_IntegrationType)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return static_cast<platformpp::IntegrationType>(returnValue);
}
void AuthorizationArgs::SetIntegrationType(
  std::optional<platformpp::IntegrationType> IntegrationType)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_IntegrationType IntegrationTypeNative{};
    if (IntegrationType.has_value()) {
        IntegrationTypeNative = static_cast<Platform_IntegrationType>(*IntegrationType);
    }
    PLATFORMPP_C(Platform_AuthorizationArgs_SetIntegrationType)(
      &instance_, IntegrationType.has_value() ? &IntegrationTypeNative : nullptr);
}
std::optional<std::string> AuthorizationArgs::CustomSchemeParam() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_AuthorizationArgs_CustomSchemeParam)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void AuthorizationArgs::SetCustomSchemeParam(std::optional<std::string> CustomSchemeParam)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String CustomSchemeParamNative{};
    if (CustomSchemeParam.has_value()) {
        CustomSchemeParamNative = detail::BorrowString(*CustomSchemeParam);
    }
    PLATFORMPP_C(Platform_AuthorizationArgs_SetCustomSchemeParam)(
      &instance_, CustomSchemeParam.has_value() ? &CustomSchemeParamNative : nullptr);
}

// ---- AuthorizationCodeVerifier ----
const AuthorizationCodeVerifier AuthorizationCodeVerifier::nullobj{{}, PlatformObjectState::Invalid};
AuthorizationCodeVerifier::AuthorizationCodeVerifier(Platform_AuthorizationCodeVerifier instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
AuthorizationCodeVerifier::~AuthorizationCodeVerifier()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
AuthorizationCodeVerifier::AuthorizationCodeVerifier(AuthorizationCodeVerifier &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
AuthorizationCodeVerifier &AuthorizationCodeVerifier::operator=(AuthorizationCodeVerifier &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
AuthorizationCodeVerifier::AuthorizationCodeVerifier(const AuthorizationCodeVerifier &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_AuthorizationCodeVerifier_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
AuthorizationCodeVerifier &AuthorizationCodeVerifier::operator=(const AuthorizationCodeVerifier &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_AuthorizationCodeVerifier_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void AuthorizationCodeVerifier::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_AuthorizationCodeVerifier_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
AuthorizationCodeChallenge AuthorizationCodeVerifier::Challenge() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_AuthorizationCodeChallenge returnValue{};
    PLATFORMPP_C(Platform_AuthorizationCodeVerifier_Challenge)(&instance_, &returnValue);
    return AuthorizationCodeChallenge(returnValue, PlatformObjectState::Owned);
}
void AuthorizationCodeVerifier::SetChallenge(AuthorizationCodeChallenge Challenge)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationCodeVerifier_SetChallenge)(&instance_, Challenge.instance());
}
std::string AuthorizationCodeVerifier::Verifier() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_AuthorizationCodeVerifier_Verifier)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void AuthorizationCodeVerifier::SetVerifier(std::string Verifier)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationCodeVerifier_SetVerifier)(&instance_,
                                                                 detail::BorrowString(Verifier));
}

// ---- AuthorizationCodeChallenge ----
const AuthorizationCodeChallenge AuthorizationCodeChallenge::nullobj{{}, PlatformObjectState::Invalid};
AuthorizationCodeChallenge::AuthorizationCodeChallenge(Platform_AuthorizationCodeChallenge instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
AuthorizationCodeChallenge::~AuthorizationCodeChallenge()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
AuthorizationCodeChallenge::AuthorizationCodeChallenge(AuthorizationCodeChallenge &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
AuthorizationCodeChallenge &AuthorizationCodeChallenge::operator=(AuthorizationCodeChallenge &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
AuthorizationCodeChallenge::AuthorizationCodeChallenge(const AuthorizationCodeChallenge &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_AuthorizationCodeChallenge_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
AuthorizationCodeChallenge &AuthorizationCodeChallenge::operator=(const AuthorizationCodeChallenge &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_AuthorizationCodeChallenge_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void AuthorizationCodeChallenge::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_AuthorizationCodeChallenge_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
AuthorizationCodeChallenge::AuthorizationCodeChallenge()
{
    PLATFORMPP_C(Platform_AuthorizationCodeChallenge_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
AuthenticationCodeChallengeMethod AuthorizationCodeChallenge::Method() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<AuthenticationCodeChallengeMethod>(
      PLATFORMPP_C(Platform_AuthorizationCodeChallenge_Method)(&instance_));
}
void AuthorizationCodeChallenge::SetMethod(AuthenticationCodeChallengeMethod Method)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationCodeChallenge_SetMethod)(
      &instance_, static_cast<Platform_AuthenticationCodeChallengeMethod>(Method));
}
std::string AuthorizationCodeChallenge::Challenge() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_AuthorizationCodeChallenge_Challenge)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void AuthorizationCodeChallenge::SetChallenge(std::string Challenge)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AuthorizationCodeChallenge_SetChallenge)(&instance_,
                                                                   detail::BorrowString(Challenge));
}

// ---- ClientResult ----
const ClientResult ClientResult::nullobj{{}, PlatformObjectState::Invalid};
ClientResult::ClientResult(Platform_ClientResult instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ClientResult::~ClientResult()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ClientResult::ClientResult(ClientResult &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ClientResult &ClientResult::operator=(ClientResult &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ClientResult::ClientResult(const ClientResult &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ClientResult_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ClientResult &ClientResult::operator=(const ClientResult &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ClientResult_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ClientResult::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ClientResult_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
std::string ClientResult::ToString() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ClientResult_ToString)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
ErrorType ClientResult::Type() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ErrorType>(PLATFORMPP_C(Platform_ClientResult_Type)(&instance_));
}
void ClientResult::SetType(ErrorType Type)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetType)(&instance_, static_cast<Platform_ErrorType>(Type));
}
std::string ClientResult::Error() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ClientResult_Error)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ClientResult::SetError(std::string Error)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetError)(&instance_, detail::BorrowString(Error));
}
int32_t ClientResult::ErrorCode() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ClientResult_ErrorCode)(&instance_);
}
void ClientResult::SetErrorCode(int32_t ErrorCode)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetErrorCode)(&instance_, ErrorCode);
}
HttpStatusCode ClientResult::Status() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<HttpStatusCode>(PLATFORMPP_C(Platform_ClientResult_Status)(&instance_));
}
void ClientResult::SetStatus(HttpStatusCode Status)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetStatus)(&instance_,
                                                  static_cast<Platform_HttpStatusCode>(Status));
}
std::string ClientResult::ResponseBody() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ClientResult_ResponseBody)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ClientResult::SetResponseBody(std::string ResponseBody)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetResponseBody)(&instance_,
                                                        detail::BorrowString(ResponseBody));
}
bool ClientResult::Successful() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ClientResult_Successful)(&instance_);
}
void ClientResult::SetSuccessful(bool Successful)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetSuccessful)(&instance_, Successful);
}
bool ClientResult::Retryable() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ClientResult_Retryable)(&instance_);
}
void ClientResult::SetRetryable(bool Retryable)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetRetryable)(&instance_, Retryable);
}
float ClientResult::RetryAfter() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ClientResult_RetryAfter)(&instance_);
}
void ClientResult::SetRetryAfter(float RetryAfter)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientResult_SetRetryAfter)(&instance_, RetryAfter);
}

// ---- ClientCreateOptions ----
const ClientCreateOptions ClientCreateOptions::nullobj{{}, PlatformObjectState::Invalid};
ClientCreateOptions::ClientCreateOptions(Platform_ClientCreateOptions instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ClientCreateOptions::~ClientCreateOptions()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ClientCreateOptions::ClientCreateOptions(ClientCreateOptions &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ClientCreateOptions &ClientCreateOptions::operator=(ClientCreateOptions &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ClientCreateOptions::ClientCreateOptions(const ClientCreateOptions &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ClientCreateOptions_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ClientCreateOptions &ClientCreateOptions::operator=(const ClientCreateOptions &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ClientCreateOptions_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ClientCreateOptions::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ClientCreateOptions_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ClientCreateOptions::ClientCreateOptions()
{
    PLATFORMPP_C(Platform_ClientCreateOptions_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
std::string ClientCreateOptions::WebBase() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ClientCreateOptions_WebBase)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ClientCreateOptions::SetWebBase(std::string WebBase)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientCreateOptions_SetWebBase)(&instance_, detail::BorrowString(WebBase));
}
std::string ClientCreateOptions::ApiBase() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ClientCreateOptions_ApiBase)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ClientCreateOptions::SetApiBase(std::string ApiBase)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientCreateOptions_SetApiBase)(&instance_, detail::BorrowString(ApiBase));
}
AudioSystem ClientCreateOptions::ExperimentalAudioSystem() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<AudioSystem>(
      PLATFORMPP_C(Platform_ClientCreateOptions_ExperimentalAudioSystem)(&instance_));
}
void ClientCreateOptions::SetExperimentalAudioSystem(AudioSystem ExperimentalAudioSystem)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientCreateOptions_SetExperimentalAudioSystem)(
      &instance_, static_cast<Platform_AudioSystem>(ExperimentalAudioSystem));
}
bool ClientCreateOptions::ExperimentalAndroidPreventCommsForBluetooth() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ClientCreateOptions_ExperimentalAndroidPreventCommsForBluetooth)(
      &instance_);
}
void ClientCreateOptions::SetExperimentalAndroidPreventCommsForBluetooth(
  bool ExperimentalAndroidPreventCommsForBluetooth)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientCreateOptions_SetExperimentalAndroidPreventCommsForBluetooth)(
      &instance_, ExperimentalAndroidPreventCommsForBluetooth);
}
std::optional<uint64_t> ClientCreateOptions::CpuAffinityMask() const
{
    assert(state_ == PlatformObjectState::Owned);
    uint64_t returnValue{};
    if (!PLATFORMPP_C(Platform_ClientCreateOptions_CpuAffinityMask)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return returnValue;
}
void ClientCreateOptions::SetCpuAffinityMask(std::optional<uint64_t> CpuAffinityMask)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ClientCreateOptions_SetCpuAffinityMask)(
      &instance_, CpuAffinityMask.has_value() ? &*CpuAffinityMask : nullptr);
}

// ---- LobbyHandle ----
const LobbyHandle LobbyHandle::nullobj{{}, PlatformObjectState::Invalid};
LobbyHandle::LobbyHandle(Platform_LobbyHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
LobbyHandle::~LobbyHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
LobbyHandle::LobbyHandle(LobbyHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
LobbyHandle &LobbyHandle::operator=(LobbyHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
LobbyHandle::LobbyHandle(const LobbyHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_LobbyHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
LobbyHandle &LobbyHandle::operator=(const LobbyHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_LobbyHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void LobbyHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_LobbyHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
std::optional<CallInfoHandle> LobbyHandle::GetCallInfoHandle() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_CallInfoHandle returnValue{};
    if (!PLATFORMPP_C(Platform_LobbyHandle_GetCallInfoHandle)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return CallInfoHandle(returnValue, PlatformObjectState::Owned);
}
std::optional<LobbyMemberHandle> LobbyHandle::GetLobbyMemberHandle(uint64_t memberId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_LobbyMemberHandle returnValue{};
    if (!PLATFORMPP_C(Platform_LobbyHandle_GetLobbyMemberHandle)(
          &instance_, memberId, &returnValue)) {
        return std::nullopt;
    }
    return LobbyMemberHandle(returnValue, PlatformObjectState::Owned);
}
uint64_t LobbyHandle::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LobbyHandle_Id)(&instance_);
}
std::optional<platformpp::LinkedChannel> LobbyHandle::LinkedChannel() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_LinkedChannel returnValue{};
    if (!PLATFORMPP_C(Platform_LobbyHandle_LinkedChannel)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return platformpp::LinkedChannel(returnValue, PlatformObjectState::Owned);
}
std::vector<uint64_t> LobbyHandle::LobbyMemberIds() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UInt64Span returnValue{};
    PLATFORMPP_C(Platform_LobbyHandle_LobbyMemberIds)(&instance_, &returnValue);
    return detail::TakeUInt64Span(returnValue);
}
std::vector<LobbyMemberHandle> LobbyHandle::LobbyMembers() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_LobbyMemberHandleSpan returnValue{};
    PLATFORMPP_C(Platform_LobbyHandle_LobbyMembers)(&instance_, &returnValue);
    return detail::TakeObjectSpan<LobbyMemberHandle>(returnValue);
}
std::unordered_map<std::string, std::string> LobbyHandle::Metadata() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Properties returnValue{};
    PLATFORMPP_C(Platform_LobbyHandle_Metadata)(&instance_, &returnValue);
    auto result = ConvertReturnedProperties(returnValue);
    PLATFORMPP_C(Platform_FreeProperties)(returnValue);
    return result;
}

// ---- LobbyMemberHandle ----
const LobbyMemberHandle LobbyMemberHandle::nullobj{{}, PlatformObjectState::Invalid};
LobbyMemberHandle::LobbyMemberHandle(Platform_LobbyMemberHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
LobbyMemberHandle::~LobbyMemberHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
LobbyMemberHandle::LobbyMemberHandle(LobbyMemberHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
LobbyMemberHandle &LobbyMemberHandle::operator=(LobbyMemberHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
LobbyMemberHandle::LobbyMemberHandle(const LobbyMemberHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_LobbyMemberHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
LobbyMemberHandle &LobbyMemberHandle::operator=(const LobbyMemberHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_LobbyMemberHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void LobbyMemberHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_LobbyMemberHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
bool LobbyMemberHandle::CanLinkLobby() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LobbyMemberHandle_CanLinkLobby)(&instance_);
}
bool LobbyMemberHandle::Connected() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LobbyMemberHandle_Connected)(&instance_);
}
uint64_t LobbyMemberHandle::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LobbyMemberHandle_Id)(&instance_);
}
std::unordered_map<std::string, std::string> LobbyMemberHandle::Metadata() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Properties returnValue{};
    PLATFORMPP_C(Platform_LobbyMemberHandle_Metadata)(&instance_, &returnValue);
    auto result = ConvertReturnedProperties(returnValue);
    PLATFORMPP_C(Platform_FreeProperties)(returnValue);
    return result;
}
std::optional<UserHandle> LobbyMemberHandle::User() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_LobbyMemberHandle_User)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
}

// ---- UserHandle ----
const UserHandle UserHandle::nullobj{{}, PlatformObjectState::Invalid};
UserHandle::UserHandle(Platform_UserHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
UserHandle::~UserHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
UserHandle::UserHandle(UserHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
UserHandle &UserHandle::operator=(UserHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
UserHandle::UserHandle(const UserHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_UserHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
UserHandle &UserHandle::operator=(const UserHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_UserHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void UserHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_UserHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
std::optional<std::string> UserHandle::Avatar() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_UserHandle_Avatar)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
std::string UserHandle::AvatarTypeToString(AvatarType type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserHandle_AvatarTypeToString)(
      static_cast<Platform_UserHandle_AvatarType>(type), &returnValue);
    return detail::TakeString(returnValue);
}
std::string UserHandle::AvatarUrl(AvatarType animatedType, AvatarType staticType) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserHandle_AvatarUrl)(
      &instance_,
      static_cast<Platform_UserHandle_AvatarType>(animatedType),
      static_cast<Platform_UserHandle_AvatarType>(staticType),
      &returnValue);
    return detail::TakeString(returnValue);
}
std::string UserHandle::DisplayName() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserHandle_DisplayName)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
std::optional<Activity> UserHandle::GameActivity() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Activity returnValue{};
    if (!PLATFORMPP_C(Platform_UserHandle_GameActivity)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return Activity(returnValue, PlatformObjectState::Owned);
}
std::optional<std::string> UserHandle::GlobalName() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_UserHandle_GlobalName)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
uint64_t UserHandle::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_UserHandle_Id)(&instance_);
}
bool UserHandle::IsProvisional() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_UserHandle_IsProvisional)(&instance_);
}
RelationshipHandle UserHandle::Relationship() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_RelationshipHandle returnValue{};
    PLATFORMPP_C(Platform_UserHandle_Relationship)(&instance_, &returnValue);
    return RelationshipHandle(returnValue, PlatformObjectState::Owned);
}
StatusType UserHandle::Status() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<StatusType>(PLATFORMPP_C(Platform_UserHandle_Status)(&instance_));
}
std::vector<UserApplicationProfileHandle> UserHandle::UserApplicationProfiles() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserApplicationProfileHandleSpan returnValue{};
    PLATFORMPP_C(Platform_UserHandle_UserApplicationProfiles)(&instance_, &returnValue);
    return detail::TakeObjectSpan<UserApplicationProfileHandle>(returnValue);
}
std::string UserHandle::Username() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserHandle_Username)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}

// ---- RelationshipHandle ----
const RelationshipHandle RelationshipHandle::nullobj{{}, PlatformObjectState::Invalid};
RelationshipHandle::RelationshipHandle(Platform_RelationshipHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
RelationshipHandle::~RelationshipHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
RelationshipHandle::RelationshipHandle(RelationshipHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
RelationshipHandle &RelationshipHandle::operator=(RelationshipHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
RelationshipHandle::RelationshipHandle(const RelationshipHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_RelationshipHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
RelationshipHandle &RelationshipHandle::operator=(const RelationshipHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_RelationshipHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void RelationshipHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_RelationshipHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
RelationshipType RelationshipHandle::PlatformRelationshipType() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<RelationshipType>(
      PLATFORMPP_C(Platform_RelationshipHandle_PlatformRelationshipType)(&instance_));
}
RelationshipType RelationshipHandle::GameRelationshipType() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<RelationshipType>(
      PLATFORMPP_C(Platform_RelationshipHandle_GameRelationshipType)(&instance_));
}
uint64_t RelationshipHandle::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_RelationshipHandle_Id)(&instance_);
}
bool RelationshipHandle::IsSpamRequest() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_RelationshipHandle_IsSpamRequest)(&instance_);
}
std::optional<UserHandle> RelationshipHandle::User() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_RelationshipHandle_User)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
}

// ---- ChannelHandle ----
const ChannelHandle ChannelHandle::nullobj{{}, PlatformObjectState::Invalid};
ChannelHandle::ChannelHandle(Platform_ChannelHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ChannelHandle::~ChannelHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ChannelHandle::ChannelHandle(ChannelHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ChannelHandle &ChannelHandle::operator=(ChannelHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ChannelHandle::ChannelHandle(const ChannelHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ChannelHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ChannelHandle &ChannelHandle::operator=(const ChannelHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ChannelHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ChannelHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ChannelHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
uint64_t ChannelHandle::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ChannelHandle_Id)(&instance_);
}
std::string ChannelHandle::Name() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ChannelHandle_Name)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
std::vector<uint64_t> ChannelHandle::Recipients() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UInt64Span returnValue{};
    PLATFORMPP_C(Platform_ChannelHandle_Recipients)(&instance_, &returnValue);
    return detail::TakeUInt64Span(returnValue);
}
ChannelType ChannelHandle::Type() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ChannelType>(PLATFORMPP_C(Platform_ChannelHandle_Type)(&instance_));
}

// ---- CallInfoHandle ----
const CallInfoHandle CallInfoHandle::nullobj{{}, PlatformObjectState::Invalid};
CallInfoHandle::CallInfoHandle(Platform_CallInfoHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
CallInfoHandle::~CallInfoHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
CallInfoHandle::CallInfoHandle(CallInfoHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
CallInfoHandle &CallInfoHandle::operator=(CallInfoHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
CallInfoHandle::CallInfoHandle(const CallInfoHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_CallInfoHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
CallInfoHandle &CallInfoHandle::operator=(const CallInfoHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_CallInfoHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void CallInfoHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_CallInfoHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
uint64_t CallInfoHandle::ChannelId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_CallInfoHandle_ChannelId)(&instance_);
}
std::vector<uint64_t> CallInfoHandle::GetParticipants() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UInt64Span returnValue{};
    PLATFORMPP_C(Platform_CallInfoHandle_GetParticipants)(&instance_, &returnValue);
    return detail::TakeUInt64Span(returnValue);
}
std::optional<VoiceStateHandle> CallInfoHandle::GetVoiceStateHandle(uint64_t userId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_VoiceStateHandle returnValue{};
    if (!PLATFORMPP_C(Platform_CallInfoHandle_GetVoiceStateHandle)(
          &instance_, userId, &returnValue)) {
        return std::nullopt;
    }
    return VoiceStateHandle(returnValue, PlatformObjectState::Owned);
}
uint64_t CallInfoHandle::GuildId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_CallInfoHandle_GuildId)(&instance_);
}

// ---- VoiceStateHandle ----
const VoiceStateHandle VoiceStateHandle::nullobj{{}, PlatformObjectState::Invalid};
VoiceStateHandle::VoiceStateHandle(Platform_VoiceStateHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
VoiceStateHandle::~VoiceStateHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
VoiceStateHandle::VoiceStateHandle(VoiceStateHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
VoiceStateHandle &VoiceStateHandle::operator=(VoiceStateHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
VoiceStateHandle::VoiceStateHandle(const VoiceStateHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_VoiceStateHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
VoiceStateHandle &VoiceStateHandle::operator=(const VoiceStateHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_VoiceStateHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void VoiceStateHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_VoiceStateHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
bool VoiceStateHandle::SelfDeaf() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceStateHandle_SelfDeaf)(&instance_);
}
bool VoiceStateHandle::SelfMute() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceStateHandle_SelfMute)(&instance_);
}

// ---- Activity ----
const Activity Activity::nullobj{{}, PlatformObjectState::Invalid};
Activity::Activity(Platform_Activity instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
Activity::~Activity()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
Activity::Activity(Activity &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
Activity &Activity::operator=(Activity &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
Activity::Activity(const Activity &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_Activity_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
Activity &Activity::operator=(const Activity &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_Activity_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void Activity::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_Activity_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
Activity::Activity()
{
    PLATFORMPP_C(Platform_Activity_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
void Activity::AddButton(ActivityButton button)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_AddButton)(&instance_, button.instance());
}
bool Activity::Equals(Activity other) const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Activity_Equals)(&instance_, other.instance());
}
std::vector<ActivityButton> Activity::GetButtons() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ActivityButtonSpan returnValue{};
    PLATFORMPP_C(Platform_Activity_GetButtons)(&instance_, &returnValue);
    return detail::TakeObjectSpan<ActivityButton>(returnValue);
}
std::string Activity::Name() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Activity_Name)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void Activity::SetName(std::string Name)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetName)(&instance_, detail::BorrowString(Name));
}
ActivityTypes Activity::Type() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ActivityTypes>(PLATFORMPP_C(Platform_Activity_Type)(&instance_));
}
void Activity::SetType(ActivityTypes Type)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetType)(&instance_, static_cast<Platform_ActivityTypes>(Type));
}
std::optional<StatusDisplayTypes> Activity::StatusDisplayType() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_StatusDisplayTypes returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_StatusDisplayType)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return static_cast<StatusDisplayTypes>(returnValue);
}
void Activity::SetStatusDisplayType(std::optional<StatusDisplayTypes> StatusDisplayType)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_StatusDisplayTypes StatusDisplayTypeNative{};
    if (StatusDisplayType.has_value()) {
        StatusDisplayTypeNative = static_cast<Platform_StatusDisplayTypes>(*StatusDisplayType);
    }
    PLATFORMPP_C(Platform_Activity_SetStatusDisplayType)(
      &instance_, StatusDisplayType.has_value() ? &StatusDisplayTypeNative : nullptr);
}
std::optional<std::string> Activity::State() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_State)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void Activity::SetState(std::optional<std::string> State)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String StateNative{};
    if (State.has_value()) {
        StateNative = detail::BorrowString(*State);
    }
    PLATFORMPP_C(Platform_Activity_SetState)(
      &instance_, State.has_value() ? &StateNative : nullptr);
}
std::optional<std::string> Activity::StateUrl() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_StateUrl)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void Activity::SetStateUrl(std::optional<std::string> StateUrl)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String StateUrlNative{};
    if (StateUrl.has_value()) {
        StateUrlNative = detail::BorrowString(*StateUrl);
    }
    PLATFORMPP_C(Platform_Activity_SetStateUrl)(
      &instance_, StateUrl.has_value() ? &StateUrlNative : nullptr);
}
std::optional<std::string> Activity::Details() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_Details)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void Activity::SetDetails(std::optional<std::string> Details)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String DetailsNative{};
    if (Details.has_value()) {
        DetailsNative = detail::BorrowString(*Details);
    }
    PLATFORMPP_C(Platform_Activity_SetDetails)(
      &instance_, Details.has_value() ? &DetailsNative : nullptr);
}
std::optional<std::string> Activity::DetailsUrl() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_DetailsUrl)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void Activity::SetDetailsUrl(std::optional<std::string> DetailsUrl)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String DetailsUrlNative{};
    if (DetailsUrl.has_value()) {
        DetailsUrlNative = detail::BorrowString(*DetailsUrl);
    }
    PLATFORMPP_C(Platform_Activity_SetDetailsUrl)(
      &instance_, DetailsUrl.has_value() ? &DetailsUrlNative : nullptr);
}
std::optional<uint64_t> Activity::ApplicationId() const
{
    assert(state_ == PlatformObjectState::Owned);
    uint64_t returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_ApplicationId)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return returnValue;
}
void Activity::SetApplicationId(std::optional<uint64_t> ApplicationId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetApplicationId)(
      &instance_, ApplicationId.has_value() ? &*ApplicationId : nullptr);
}
std::optional<uint64_t> Activity::ParentApplicationId() const
{
    assert(state_ == PlatformObjectState::Owned);
    uint64_t returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_ParentApplicationId)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return returnValue;
}
void Activity::SetParentApplicationId(std::optional<uint64_t> ParentApplicationId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetParentApplicationId)(
      &instance_, ParentApplicationId.has_value() ? &*ParentApplicationId : nullptr);
}
std::optional<ActivityAssets> Activity::Assets() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ActivityAssets returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_Assets)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return ActivityAssets(returnValue, PlatformObjectState::Owned);
}
void Activity::SetAssets(std::optional<ActivityAssets> Assets)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetAssets)(
      &instance_, Assets.has_value() ? Assets->instance() : nullptr);
}
std::optional<ActivityTimestamps> Activity::Timestamps() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ActivityTimestamps returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_Timestamps)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return ActivityTimestamps(returnValue, PlatformObjectState::Owned);
}
void Activity::SetTimestamps(std::optional<ActivityTimestamps> Timestamps)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetTimestamps)(
      &instance_, Timestamps.has_value() ? Timestamps->instance() : nullptr);
}
std::optional<ActivityParty> Activity::Party() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ActivityParty returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_Party)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return ActivityParty(returnValue, PlatformObjectState::Owned);
}
void Activity::SetParty(std::optional<ActivityParty> Party)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetParty)(
      &instance_, Party.has_value() ? Party->instance() : nullptr);
}
std::optional<ActivitySecrets> Activity::Secrets() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ActivitySecrets returnValue{};
    if (!PLATFORMPP_C(Platform_Activity_Secrets)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return ActivitySecrets(returnValue, PlatformObjectState::Owned);
}
void Activity::SetSecrets(std::optional<ActivitySecrets> Secrets)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetSecrets)(
      &instance_, Secrets.has_value() ? Secrets->instance() : nullptr);
}
ActivityGamePlatforms Activity::SupportedPlatforms() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ActivityGamePlatforms>(
      PLATFORMPP_C(Platform_Activity_SupportedPlatforms)(&instance_));
}
void Activity::SetSupportedPlatforms(ActivityGamePlatforms SupportedPlatforms)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Activity_SetSupportedPlatforms)(
      &instance_, static_cast<Platform_ActivityGamePlatforms>(SupportedPlatforms));
}

// ---- ActivityAssets ----
const ActivityAssets ActivityAssets::nullobj{{}, PlatformObjectState::Invalid};
ActivityAssets::ActivityAssets(Platform_ActivityAssets instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ActivityAssets::~ActivityAssets()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ActivityAssets::ActivityAssets(ActivityAssets &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ActivityAssets &ActivityAssets::operator=(ActivityAssets &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ActivityAssets::ActivityAssets(const ActivityAssets &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ActivityAssets_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ActivityAssets &ActivityAssets::operator=(const ActivityAssets &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ActivityAssets_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ActivityAssets::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ActivityAssets_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ActivityAssets::ActivityAssets()
{
    PLATFORMPP_C(Platform_ActivityAssets_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
std::optional<std::string> ActivityAssets::LargeImage() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_LargeImage)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetLargeImage(std::optional<std::string> LargeImage)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String LargeImageNative{};
    if (LargeImage.has_value()) {
        LargeImageNative = detail::BorrowString(*LargeImage);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetLargeImage)(
      &instance_, LargeImage.has_value() ? &LargeImageNative : nullptr);
}
std::optional<std::string> ActivityAssets::LargeText() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_LargeText)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetLargeText(std::optional<std::string> LargeText)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String LargeTextNative{};
    if (LargeText.has_value()) {
        LargeTextNative = detail::BorrowString(*LargeText);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetLargeText)(
      &instance_, LargeText.has_value() ? &LargeTextNative : nullptr);
}
std::optional<std::string> ActivityAssets::LargeUrl() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_LargeUrl)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetLargeUrl(std::optional<std::string> LargeUrl)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String LargeUrlNative{};
    if (LargeUrl.has_value()) {
        LargeUrlNative = detail::BorrowString(*LargeUrl);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetLargeUrl)(
      &instance_, LargeUrl.has_value() ? &LargeUrlNative : nullptr);
}
std::optional<std::string> ActivityAssets::SmallImage() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_SmallImage)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetSmallImage(std::optional<std::string> SmallImage)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String SmallImageNative{};
    if (SmallImage.has_value()) {
        SmallImageNative = detail::BorrowString(*SmallImage);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetSmallImage)(
      &instance_, SmallImage.has_value() ? &SmallImageNative : nullptr);
}
std::optional<std::string> ActivityAssets::SmallText() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_SmallText)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetSmallText(std::optional<std::string> SmallText)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String SmallTextNative{};
    if (SmallText.has_value()) {
        SmallTextNative = detail::BorrowString(*SmallText);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetSmallText)(
      &instance_, SmallText.has_value() ? &SmallTextNative : nullptr);
}
std::optional<std::string> ActivityAssets::SmallUrl() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_SmallUrl)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetSmallUrl(std::optional<std::string> SmallUrl)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String SmallUrlNative{};
    if (SmallUrl.has_value()) {
        SmallUrlNative = detail::BorrowString(*SmallUrl);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetSmallUrl)(
      &instance_, SmallUrl.has_value() ? &SmallUrlNative : nullptr);
}
std::optional<std::string> ActivityAssets::InviteCoverImage() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_ActivityAssets_InviteCoverImage)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void ActivityAssets::SetInviteCoverImage(std::optional<std::string> InviteCoverImage)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String InviteCoverImageNative{};
    if (InviteCoverImage.has_value()) {
        InviteCoverImageNative = detail::BorrowString(*InviteCoverImage);
    }
    PLATFORMPP_C(Platform_ActivityAssets_SetInviteCoverImage)(
      &instance_, InviteCoverImage.has_value() ? &InviteCoverImageNative : nullptr);
}

// ---- ActivityTimestamps ----
const ActivityTimestamps ActivityTimestamps::nullobj{{}, PlatformObjectState::Invalid};
ActivityTimestamps::ActivityTimestamps(Platform_ActivityTimestamps instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ActivityTimestamps::~ActivityTimestamps()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ActivityTimestamps::ActivityTimestamps(ActivityTimestamps &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ActivityTimestamps &ActivityTimestamps::operator=(ActivityTimestamps &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ActivityTimestamps::ActivityTimestamps(const ActivityTimestamps &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ActivityTimestamps_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ActivityTimestamps &ActivityTimestamps::operator=(const ActivityTimestamps &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ActivityTimestamps_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ActivityTimestamps::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ActivityTimestamps_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ActivityTimestamps::ActivityTimestamps()
{
    PLATFORMPP_C(Platform_ActivityTimestamps_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
uint64_t ActivityTimestamps::Start() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityTimestamps_Start)(&instance_);
}
void ActivityTimestamps::SetStart(uint64_t Start)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityTimestamps_SetStart)(&instance_, Start);
}
uint64_t ActivityTimestamps::End() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityTimestamps_End)(&instance_);
}
void ActivityTimestamps::SetEnd(uint64_t End)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityTimestamps_SetEnd)(&instance_, End);
}

// ---- ActivityParty ----
const ActivityParty ActivityParty::nullobj{{}, PlatformObjectState::Invalid};
ActivityParty::ActivityParty(Platform_ActivityParty instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ActivityParty::~ActivityParty()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ActivityParty::ActivityParty(ActivityParty &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ActivityParty &ActivityParty::operator=(ActivityParty &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ActivityParty::ActivityParty(const ActivityParty &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ActivityParty_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ActivityParty &ActivityParty::operator=(const ActivityParty &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ActivityParty_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ActivityParty::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ActivityParty_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ActivityParty::ActivityParty()
{
    PLATFORMPP_C(Platform_ActivityParty_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
std::string ActivityParty::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ActivityParty_Id)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ActivityParty::SetId(std::string Id)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityParty_SetId)(&instance_, detail::BorrowString(Id));
}
int32_t ActivityParty::CurrentSize() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityParty_CurrentSize)(&instance_);
}
void ActivityParty::SetCurrentSize(int32_t CurrentSize)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityParty_SetCurrentSize)(&instance_, CurrentSize);
}
int32_t ActivityParty::MaxSize() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityParty_MaxSize)(&instance_);
}
void ActivityParty::SetMaxSize(int32_t MaxSize)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityParty_SetMaxSize)(&instance_, MaxSize);
}
ActivityPartyPrivacy ActivityParty::Privacy() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ActivityPartyPrivacy>(
      PLATFORMPP_C(Platform_ActivityParty_Privacy)(&instance_));
}
void ActivityParty::SetPrivacy(ActivityPartyPrivacy Privacy)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityParty_SetPrivacy)(
      &instance_, static_cast<Platform_ActivityPartyPrivacy>(Privacy));
}

// ---- ActivitySecrets ----
const ActivitySecrets ActivitySecrets::nullobj{{}, PlatformObjectState::Invalid};
ActivitySecrets::ActivitySecrets(Platform_ActivitySecrets instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ActivitySecrets::~ActivitySecrets()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ActivitySecrets::ActivitySecrets(ActivitySecrets &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ActivitySecrets &ActivitySecrets::operator=(ActivitySecrets &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ActivitySecrets::ActivitySecrets(const ActivitySecrets &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ActivitySecrets_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ActivitySecrets &ActivitySecrets::operator=(const ActivitySecrets &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ActivitySecrets_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ActivitySecrets::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ActivitySecrets_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ActivitySecrets::ActivitySecrets()
{
    PLATFORMPP_C(Platform_ActivitySecrets_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
std::string ActivitySecrets::Join() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ActivitySecrets_Join)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ActivitySecrets::SetJoin(std::string Join)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivitySecrets_SetJoin)(&instance_, detail::BorrowString(Join));
}

// ---- ActivityButton ----
const ActivityButton ActivityButton::nullobj{{}, PlatformObjectState::Invalid};
ActivityButton::ActivityButton(Platform_ActivityButton instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ActivityButton::~ActivityButton()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ActivityButton::ActivityButton(ActivityButton &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ActivityButton &ActivityButton::operator=(ActivityButton &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ActivityButton::ActivityButton(const ActivityButton &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ActivityButton_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ActivityButton &ActivityButton::operator=(const ActivityButton &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ActivityButton_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ActivityButton::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ActivityButton_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ActivityButton::ActivityButton()
{
    PLATFORMPP_C(Platform_ActivityButton_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
std::string ActivityButton::Label() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ActivityButton_Label)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ActivityButton::SetLabel(std::string Label)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityButton_SetLabel)(&instance_, detail::BorrowString(Label));
}
std::string ActivityButton::Url() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ActivityButton_Url)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ActivityButton::SetUrl(std::string Url)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityButton_SetUrl)(&instance_, detail::BorrowString(Url));
}

// ---- ActivityInvite ----
const ActivityInvite ActivityInvite::nullobj{{}, PlatformObjectState::Invalid};
ActivityInvite::ActivityInvite(Platform_ActivityInvite instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
ActivityInvite::~ActivityInvite()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
ActivityInvite::ActivityInvite(ActivityInvite &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
ActivityInvite &ActivityInvite::operator=(ActivityInvite &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
ActivityInvite::ActivityInvite(const ActivityInvite &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_ActivityInvite_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
ActivityInvite &ActivityInvite::operator=(const ActivityInvite &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_ActivityInvite_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void ActivityInvite::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_ActivityInvite_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
ActivityInvite::ActivityInvite()
{
    PLATFORMPP_C(Platform_ActivityInvite_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
uint64_t ActivityInvite::SenderId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityInvite_SenderId)(&instance_);
}
void ActivityInvite::SetSenderId(uint64_t SenderId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetSenderId)(&instance_, SenderId);
}
uint64_t ActivityInvite::ChannelId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityInvite_ChannelId)(&instance_);
}
void ActivityInvite::SetChannelId(uint64_t ChannelId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetChannelId)(&instance_, ChannelId);
}
uint64_t ActivityInvite::MessageId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityInvite_MessageId)(&instance_);
}
void ActivityInvite::SetMessageId(uint64_t MessageId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetMessageId)(&instance_, MessageId);
}
ActivityActionTypes ActivityInvite::Type() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ActivityActionTypes>(PLATFORMPP_C(Platform_ActivityInvite_Type)(&instance_));
}
void ActivityInvite::SetType(ActivityActionTypes Type)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetType)(
      &instance_, static_cast<Platform_ActivityActionTypes>(Type));
}
uint64_t ActivityInvite::ApplicationId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityInvite_ApplicationId)(&instance_);
}
void ActivityInvite::SetApplicationId(uint64_t ApplicationId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetApplicationId)(&instance_, ApplicationId);
}
uint64_t ActivityInvite::ParentApplicationId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityInvite_ParentApplicationId)(&instance_);
}
void ActivityInvite::SetParentApplicationId(uint64_t ParentApplicationId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetParentApplicationId)(&instance_, ParentApplicationId);
}
std::string ActivityInvite::PartyId() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ActivityInvite_PartyId)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ActivityInvite::SetPartyId(std::string PartyId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetPartyId)(&instance_, detail::BorrowString(PartyId));
}
std::string ActivityInvite::SessionId() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_ActivityInvite_SessionId)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void ActivityInvite::SetSessionId(std::string SessionId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetSessionId)(&instance_, detail::BorrowString(SessionId));
}
bool ActivityInvite::IsValid() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_ActivityInvite_IsValid)(&instance_);
}
void ActivityInvite::SetIsValid(bool IsValid)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_ActivityInvite_SetIsValid)(&instance_, IsValid);
}

// ---- AudioDevice ----
const AudioDevice AudioDevice::nullobj{{}, PlatformObjectState::Invalid};
AudioDevice::AudioDevice(Platform_AudioDevice instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
AudioDevice::~AudioDevice()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
AudioDevice::AudioDevice(AudioDevice &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
AudioDevice &AudioDevice::operator=(AudioDevice &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
AudioDevice::AudioDevice(const AudioDevice &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_AudioDevice_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
AudioDevice &AudioDevice::operator=(const AudioDevice &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_AudioDevice_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void AudioDevice::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_AudioDevice_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
bool AudioDevice::Equals(AudioDevice rhs)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_AudioDevice_Equals)(&instance_, rhs.instance());
}
std::string AudioDevice::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_AudioDevice_Id)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void AudioDevice::SetId(std::string Id)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AudioDevice_SetId)(&instance_, detail::BorrowString(Id));
}
std::string AudioDevice::Name() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_AudioDevice_Name)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void AudioDevice::SetName(std::string Name)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AudioDevice_SetName)(&instance_, detail::BorrowString(Name));
}
bool AudioDevice::IsDefault() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_AudioDevice_IsDefault)(&instance_);
}
void AudioDevice::SetIsDefault(bool IsDefault)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AudioDevice_SetIsDefault)(&instance_, IsDefault);
}

// ---- GuildMinimal ----
const GuildMinimal GuildMinimal::nullobj{{}, PlatformObjectState::Invalid};
GuildMinimal::GuildMinimal(Platform_GuildMinimal instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
GuildMinimal::~GuildMinimal()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
GuildMinimal::GuildMinimal(GuildMinimal &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
GuildMinimal &GuildMinimal::operator=(GuildMinimal &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
GuildMinimal::GuildMinimal(const GuildMinimal &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_GuildMinimal_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
GuildMinimal &GuildMinimal::operator=(const GuildMinimal &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_GuildMinimal_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void GuildMinimal::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_GuildMinimal_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
uint64_t GuildMinimal::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_GuildMinimal_Id)(&instance_);
}
void GuildMinimal::SetId(uint64_t Id)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildMinimal_SetId)(&instance_, Id);
}
std::string GuildMinimal::Name() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_GuildMinimal_Name)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void GuildMinimal::SetName(std::string Name)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildMinimal_SetName)(&instance_, detail::BorrowString(Name));
}

// ---- GuildChannel ----
const GuildChannel GuildChannel::nullobj{{}, PlatformObjectState::Invalid};
GuildChannel::GuildChannel(Platform_GuildChannel instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
GuildChannel::~GuildChannel()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
GuildChannel::GuildChannel(GuildChannel &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
GuildChannel &GuildChannel::operator=(GuildChannel &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
GuildChannel::GuildChannel(const GuildChannel &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_GuildChannel_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
GuildChannel &GuildChannel::operator=(const GuildChannel &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_GuildChannel_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void GuildChannel::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_GuildChannel_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
uint64_t GuildChannel::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_GuildChannel_Id)(&instance_);
}
void GuildChannel::SetId(uint64_t Id)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetId)(&instance_, Id);
}
std::string GuildChannel::Name() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_GuildChannel_Name)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void GuildChannel::SetName(std::string Name)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetName)(&instance_, detail::BorrowString(Name));
}
ChannelType GuildChannel::Type() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ChannelType>(PLATFORMPP_C(Platform_GuildChannel_Type)(&instance_));
}
void GuildChannel::SetType(ChannelType Type)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetType)(
      &instance_, static_cast<Platform_ChannelType>(Type));
}
int32_t GuildChannel::Position() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_GuildChannel_Position)(&instance_);
}
void GuildChannel::SetPosition(int32_t Position)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetPosition)(&instance_, Position);
}
std::optional<uint64_t> GuildChannel::ParentId() const
{
    assert(state_ == PlatformObjectState::Owned);
    uint64_t returnValue{};
    if (!PLATFORMPP_C(Platform_GuildChannel_ParentId)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return returnValue;
}
void GuildChannel::SetParentId(std::optional<uint64_t> ParentId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetParentId)(
      &instance_, ParentId.has_value() ? &*ParentId : nullptr);
}
bool GuildChannel::IsLinkable() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_GuildChannel_IsLinkable)(&instance_);
}
void GuildChannel::SetIsLinkable(bool IsLinkable)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetIsLinkable)(&instance_, IsLinkable);
}
bool GuildChannel::IsViewableAndWriteableByAllMembers() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_GuildChannel_IsViewableAndWriteableByAllMembers)(&instance_);
}
void GuildChannel::SetIsViewableAndWriteableByAllMembers(bool IsViewableAndWriteableByAllMembers)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetIsViewableAndWriteableByAllMembers)(
      &instance_, IsViewableAndWriteableByAllMembers);
}
std::optional<platformpp::LinkedLobby> GuildChannel::LinkedLobby() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_LinkedLobby returnValue{};
    if (!PLATFORMPP_C(Platform_GuildChannel_LinkedLobby)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return platformpp::LinkedLobby(returnValue, PlatformObjectState::Owned);
}
void GuildChannel::SetLinkedLobby(std::optional<platformpp::LinkedLobby> LinkedLobby)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_GuildChannel_SetLinkedLobby)(
      &instance_, LinkedLobby.has_value() ? LinkedLobby->instance() : nullptr);
}

// ---- LinkedLobby ----
const LinkedLobby LinkedLobby::nullobj{{}, PlatformObjectState::Invalid};
LinkedLobby::LinkedLobby(Platform_LinkedLobby instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
LinkedLobby::~LinkedLobby()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
LinkedLobby::LinkedLobby(LinkedLobby &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
LinkedLobby &LinkedLobby::operator=(LinkedLobby &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
LinkedLobby::LinkedLobby(const LinkedLobby &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_LinkedLobby_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
LinkedLobby &LinkedLobby::operator=(const LinkedLobby &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_LinkedLobby_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void LinkedLobby::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_LinkedLobby_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
LinkedLobby::LinkedLobby()
{
    PLATFORMPP_C(Platform_LinkedLobby_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
uint64_t LinkedLobby::ApplicationId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LinkedLobby_ApplicationId)(&instance_);
}
void LinkedLobby::SetApplicationId(uint64_t ApplicationId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_LinkedLobby_SetApplicationId)(&instance_, ApplicationId);
}
uint64_t LinkedLobby::LobbyId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LinkedLobby_LobbyId)(&instance_);
}
void LinkedLobby::SetLobbyId(uint64_t LobbyId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_LinkedLobby_SetLobbyId)(&instance_, LobbyId);
}

// ---- LinkedChannel ----
const LinkedChannel LinkedChannel::nullobj{{}, PlatformObjectState::Invalid};
LinkedChannel::LinkedChannel(Platform_LinkedChannel instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
LinkedChannel::~LinkedChannel()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
LinkedChannel::LinkedChannel(LinkedChannel &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
LinkedChannel &LinkedChannel::operator=(LinkedChannel &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
LinkedChannel::LinkedChannel(const LinkedChannel &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_LinkedChannel_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
LinkedChannel &LinkedChannel::operator=(const LinkedChannel &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_LinkedChannel_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void LinkedChannel::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_LinkedChannel_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
uint64_t LinkedChannel::Id() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LinkedChannel_Id)(&instance_);
}
void LinkedChannel::SetId(uint64_t Id)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_LinkedChannel_SetId)(&instance_, Id);
}
std::string LinkedChannel::Name() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_LinkedChannel_Name)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void LinkedChannel::SetName(std::string Name)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_LinkedChannel_SetName)(&instance_, detail::BorrowString(Name));
}
uint64_t LinkedChannel::GuildId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_LinkedChannel_GuildId)(&instance_);
}
void LinkedChannel::SetGuildId(uint64_t GuildId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_LinkedChannel_SetGuildId)(&instance_, GuildId);
}

// ---- AdditionalContent ----
const AdditionalContent AdditionalContent::nullobj{{}, PlatformObjectState::Invalid};
AdditionalContent::AdditionalContent(Platform_AdditionalContent instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
AdditionalContent::~AdditionalContent()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
AdditionalContent::AdditionalContent(AdditionalContent &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
AdditionalContent &AdditionalContent::operator=(AdditionalContent &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
AdditionalContent::AdditionalContent(const AdditionalContent &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_AdditionalContent_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
AdditionalContent &AdditionalContent::operator=(const AdditionalContent &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_AdditionalContent_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void AdditionalContent::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_AdditionalContent_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
AdditionalContent::AdditionalContent()
{
    PLATFORMPP_C(Platform_AdditionalContent_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
bool AdditionalContent::Equals(AdditionalContent rhs) const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_AdditionalContent_Equals)(&instance_, rhs.instance());
}
std::string AdditionalContent::TypeToString(AdditionalContentType type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_AdditionalContent_TypeToString)(
      static_cast<Platform_AdditionalContentType>(type), &returnValue);
    return detail::TakeString(returnValue);
}
AdditionalContentType AdditionalContent::Type() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<AdditionalContentType>(
      PLATFORMPP_C(Platform_AdditionalContent_Type)(&instance_));
}
void AdditionalContent::SetType(AdditionalContentType Type)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AdditionalContent_SetType)(
      &instance_, static_cast<Platform_AdditionalContentType>(Type));
}
std::optional<std::string> AdditionalContent::Title() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_AdditionalContent_Title)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
void AdditionalContent::SetTitle(std::optional<std::string> Title)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String TitleNative{};
    if (Title.has_value()) {
        TitleNative = detail::BorrowString(*Title);
    }
    PLATFORMPP_C(Platform_AdditionalContent_SetTitle)(
      &instance_, Title.has_value() ? &TitleNative : nullptr);
}
uint8_t AdditionalContent::Count() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_AdditionalContent_Count)(&instance_);
}
void AdditionalContent::SetCount(uint8_t Count)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_AdditionalContent_SetCount)(&instance_, Count);
}

// ---- UserApplicationProfileHandle ----
const UserApplicationProfileHandle UserApplicationProfileHandle::nullobj{{}, PlatformObjectState::Invalid};
UserApplicationProfileHandle::UserApplicationProfileHandle(Platform_UserApplicationProfileHandle instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
UserApplicationProfileHandle::~UserApplicationProfileHandle()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
UserApplicationProfileHandle::UserApplicationProfileHandle(UserApplicationProfileHandle &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
UserApplicationProfileHandle &UserApplicationProfileHandle::operator=(UserApplicationProfileHandle &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
UserApplicationProfileHandle::UserApplicationProfileHandle(const UserApplicationProfileHandle &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_UserApplicationProfileHandle_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
UserApplicationProfileHandle &UserApplicationProfileHandle::operator=(const UserApplicationProfileHandle &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_UserApplicationProfileHandle_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void UserApplicationProfileHandle::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_UserApplicationProfileHandle_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
std::string UserApplicationProfileHandle::AvatarHash() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserApplicationProfileHandle_AvatarHash)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
std::string UserApplicationProfileHandle::Metadata() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserApplicationProfileHandle_Metadata)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
std::optional<std::string> UserApplicationProfileHandle::ProviderId() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    if (!PLATFORMPP_C(Platform_UserApplicationProfileHandle_ProviderId)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return detail::TakeString(returnValue);
}
std::string UserApplicationProfileHandle::ProviderIssuedUserId() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserApplicationProfileHandle_ProviderIssuedUserId)(
      &instance_, &returnValue);
    return detail::TakeString(returnValue);
}
ExternalIdentityProviderType UserApplicationProfileHandle::ProviderType() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<ExternalIdentityProviderType>(
      PLATFORMPP_C(Platform_UserApplicationProfileHandle_ProviderType)(&instance_));
}
std::string UserApplicationProfileHandle::Username() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserApplicationProfileHandle_Username)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}

// ---- UserMessageSummary ----
const UserMessageSummary UserMessageSummary::nullobj{{}, PlatformObjectState::Invalid};
UserMessageSummary::UserMessageSummary(Platform_UserMessageSummary instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
UserMessageSummary::~UserMessageSummary()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
UserMessageSummary::UserMessageSummary(UserMessageSummary &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
UserMessageSummary &UserMessageSummary::operator=(UserMessageSummary &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
UserMessageSummary::UserMessageSummary(const UserMessageSummary &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_UserMessageSummary_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
UserMessageSummary &UserMessageSummary::operator=(const UserMessageSummary &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_UserMessageSummary_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void UserMessageSummary::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_UserMessageSummary_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
uint64_t UserMessageSummary::LastMessageId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_UserMessageSummary_LastMessageId)(&instance_);
}
uint64_t UserMessageSummary::UserId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_UserMessageSummary_UserId)(&instance_);
}

// ---- VADThresholdSettings ----
const VADThresholdSettings VADThresholdSettings::nullobj{{}, PlatformObjectState::Invalid};
VADThresholdSettings::VADThresholdSettings(Platform_VADThresholdSettings instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
VADThresholdSettings::~VADThresholdSettings()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
VADThresholdSettings::VADThresholdSettings(VADThresholdSettings &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
VADThresholdSettings &VADThresholdSettings::operator=(VADThresholdSettings &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
void VADThresholdSettings::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_VADThresholdSettings_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
float VADThresholdSettings::VadThreshold() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VADThresholdSettings_VadThreshold)(&instance_);
}
void VADThresholdSettings::SetVadThreshold(float VadThreshold)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VADThresholdSettings_SetVadThreshold)(&instance_, VadThreshold);
}
bool VADThresholdSettings::Automatic() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VADThresholdSettings_Automatic)(&instance_);
}
void VADThresholdSettings::SetAutomatic(bool Automatic)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VADThresholdSettings_SetAutomatic)(&instance_, Automatic);
}

// ---- DeviceAuthorizationArgs ----
const DeviceAuthorizationArgs DeviceAuthorizationArgs::nullobj{{}, PlatformObjectState::Invalid};
DeviceAuthorizationArgs::DeviceAuthorizationArgs(Platform_DeviceAuthorizationArgs instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
DeviceAuthorizationArgs::~DeviceAuthorizationArgs()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
DeviceAuthorizationArgs::DeviceAuthorizationArgs(DeviceAuthorizationArgs &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
DeviceAuthorizationArgs &DeviceAuthorizationArgs::operator=(DeviceAuthorizationArgs &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
DeviceAuthorizationArgs::DeviceAuthorizationArgs(const DeviceAuthorizationArgs &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_DeviceAuthorizationArgs_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
DeviceAuthorizationArgs &DeviceAuthorizationArgs::operator=(const DeviceAuthorizationArgs &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_DeviceAuthorizationArgs_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void DeviceAuthorizationArgs::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_DeviceAuthorizationArgs_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
DeviceAuthorizationArgs::DeviceAuthorizationArgs()
{
    PLATFORMPP_C(Platform_DeviceAuthorizationArgs_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
uint64_t DeviceAuthorizationArgs::ClientId() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_DeviceAuthorizationArgs_ClientId)(&instance_);
}
void DeviceAuthorizationArgs::SetClientId(uint64_t ClientId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_DeviceAuthorizationArgs_SetClientId)(&instance_, ClientId);
}
std::string DeviceAuthorizationArgs::Scopes() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_DeviceAuthorizationArgs_Scopes)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void DeviceAuthorizationArgs::SetScopes(std::string Scopes)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_DeviceAuthorizationArgs_SetScopes)(&instance_,
                                                             detail::BorrowString(Scopes));
}

// 1.10 (sdk-abi.md section 7.1): optional symbols, absent from 1.9 libraries.
// ---- VoiceSettings ----
const VoiceSettings VoiceSettings::nullobj{{}, PlatformObjectState::Invalid};
VoiceSettings::VoiceSettings(Platform_VoiceSettings instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
VoiceSettings::~VoiceSettings()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
VoiceSettings::VoiceSettings(VoiceSettings &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
VoiceSettings &VoiceSettings::operator=(VoiceSettings &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
VoiceSettings::VoiceSettings(const VoiceSettings &other)
{
    if (other.state_ == PlatformObjectState::Owned) {
        PLATFORMPP_C(Platform_VoiceSettings_Clone)(&instance_, other.instance());
        state_ = PlatformObjectState::Owned;
    }
}
VoiceSettings &VoiceSettings::operator=(const VoiceSettings &other)
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        if (other.state_ == PlatformObjectState::Owned) {
            PLATFORMPP_C(Platform_VoiceSettings_Clone)(&instance_, other.instance());
            state_ = PlatformObjectState::Owned;
        }
    }
    return *this;
}
void VoiceSettings::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_VoiceSettings_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
bool VoiceSettings::SelfMute() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_SelfMute)(&instance_);
}
void VoiceSettings::SetSelfMute(bool SelfMute)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetSelfMute)(&instance_, SelfMute);
}
bool VoiceSettings::SelfDeaf() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_SelfDeaf)(&instance_);
}
void VoiceSettings::SetSelfDeaf(bool SelfDeaf)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetSelfDeaf)(&instance_, SelfDeaf);
}
VoiceInputModeType VoiceSettings::InputMode() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<VoiceInputModeType>(PLATFORMPP_C(Platform_VoiceSettings_InputMode)(&instance_));
}
void VoiceSettings::SetInputMode(VoiceInputModeType InputMode)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetInputMode)(&instance_,
                                                      static_cast<Platform_VoiceInputModeType>(InputMode));
}
std::string VoiceSettings::PttKey() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_VoiceSettings_PttKey)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
}
void VoiceSettings::SetPttKey(std::string PttKey)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetPttKey)(&instance_, detail::BorrowString(PttKey));
}
float VoiceSettings::InputVolume() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_InputVolume)(&instance_);
}
void VoiceSettings::SetInputVolume(float InputVolume)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetInputVolume)(&instance_, InputVolume);
}
float VoiceSettings::OutputVolume() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_OutputVolume)(&instance_);
}
void VoiceSettings::SetOutputVolume(float OutputVolume)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetOutputVolume)(&instance_, OutputVolume);
}
bool VoiceSettings::NoiseSuppression() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_NoiseSuppression)(&instance_);
}
void VoiceSettings::SetNoiseSuppression(bool NoiseSuppression)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetNoiseSuppression)(&instance_, NoiseSuppression);
}
bool VoiceSettings::EchoCancellation() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_EchoCancellation)(&instance_);
}
void VoiceSettings::SetEchoCancellation(bool EchoCancellation)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetEchoCancellation)(&instance_, EchoCancellation);
}
bool VoiceSettings::NoiseCancellation() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_NoiseCancellation)(&instance_);
}
void VoiceSettings::SetNoiseCancellation(bool NoiseCancellation)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetNoiseCancellation)(&instance_, NoiseCancellation);
}
bool VoiceSettings::AutomaticGainControl() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_VoiceSettings_AutomaticGainControl)(&instance_);
}
void VoiceSettings::SetAutomaticGainControl(bool AutomaticGainControl)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_VoiceSettings_SetAutomaticGainControl)(&instance_, AutomaticGainControl);
}

// ---- Client ----
const Client Client::nullobj{{}, PlatformObjectState::Invalid};
Client::Client(Platform_Client instance, PlatformObjectState state)
  : instance_(instance)
  , state_(state)
{
}
Client::~Client()
{
    if (state_ == PlatformObjectState::Owned) {
        Drop();
    }
}
Client::Client(Client &&other) noexcept
  : instance_(other.instance_)
  , state_(other.state_)
{
    other.instance_ = {};
    other.state_ = PlatformObjectState::Invalid;
}
Client &Client::operator=(Client &&other) noexcept
{
    if (this != &other) {
        if (state_ == PlatformObjectState::Owned) {
            Drop();
        }
        instance_ = other.instance_;
        state_ = other.state_;
        other.instance_ = {};
        other.state_ = PlatformObjectState::Invalid;
    }
    return *this;
}
void Client::Drop()
{
    if (state_ != PlatformObjectState::Owned) {
        return;
    }
    PLATFORMPP_C(Platform_Client_Drop)(&instance_);
    instance_ = {};
    state_ = PlatformObjectState::Invalid;
}
Client::Client()
{
    PLATFORMPP_C(Platform_Client_Init)(&instance_);
    state_ = PlatformObjectState::Owned;
}
Client::Client(std::string apiBase, std::string webBase)
{
    PLATFORMPP_C(Platform_Client_InitWithBases)(
      &instance_, detail::BorrowString(apiBase), detail::BorrowString(webBase));
    state_ = PlatformObjectState::Owned;
}
Client::Client(ClientCreateOptions options)
{
    PLATFORMPP_C(Platform_Client_InitWithOptions)(&instance_, options.instance());
    state_ = PlatformObjectState::Owned;
}
std::string Client::ErrorToString(Error type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_ErrorToString)(static_cast<Platform_Client_Error>(type),
                                                &returnValue);
    return detail::TakeString(returnValue);
}
uint64_t Client::GetApplicationId()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_GetApplicationId)(&instance_);
}
UserHandle Client::GetCurrentUser() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    PLATFORMPP_C(Platform_Client_GetCurrentUser)(&instance_, &returnValue);
    return UserHandle(returnValue, PlatformObjectState::Owned);
}
std::string Client::GetDefaultAudioDeviceId()
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_GetDefaultAudioDeviceId)(&returnValue);
    return detail::TakeString(returnValue);
}
std::string Client::GetDefaultCommunicationScopes()
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_GetDefaultCommunicationScopes)(&returnValue);
    return detail::TakeString(returnValue);
}
std::string Client::GetDefaultPresenceScopes()
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_GetDefaultPresenceScopes)(&returnValue);
    return detail::TakeString(returnValue);
}
std::string Client::GetVersionHash()
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_GetVersionHash)(&returnValue);
    return detail::TakeString(returnValue);
}
int32_t Client::GetVersionMajor()
{
    return PLATFORMPP_C(Platform_Client_GetVersionMajor)();
}
int32_t Client::GetVersionMinor()
{
    return PLATFORMPP_C(Platform_Client_GetVersionMinor)();
}
int32_t Client::GetVersionPatch()
{
    return PLATFORMPP_C(Platform_Client_GetVersionPatch)();
}
void Client::SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetHttpRequestTimeout)(&instance_, httpTimeoutInMilliseconds);
}
std::string Client::StatusToString(Status type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_StatusToString)(static_cast<Platform_Client_Status>(type),
                                                 &returnValue);
    return detail::TakeString(returnValue);
}
std::string Client::ThreadToString(Thread type)
{
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_Client_ThreadToString)(static_cast<Platform_Client_Thread>(type),
                                                 &returnValue);
    return detail::TakeString(returnValue);
}
void Client::EndCall(uint64_t channelId, EndCallCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<EndCallCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_EndCall)(
      &instance_, channelId, detail::Client_VoidCallback, UserData::Free, userData);
}
void Client::EndCalls(EndCallsCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<EndCallsCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_EndCalls)(
      &instance_, detail::Client_VoidCallback, UserData::Free, userData);
}
Call Client::GetCall(uint64_t channelId)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Call returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetCall)(&instance_, channelId, &returnValue)) {
        return Call(Platform_Call{}, PlatformObjectState::Invalid);
    }
    return Call(returnValue, PlatformObjectState::Owned);
}
std::vector<Call> Client::GetCalls()
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_CallSpan returnValue{};
    PLATFORMPP_C(Platform_Client_GetCalls)(&instance_, &returnValue);
    return detail::TakeObjectSpan<Call>(returnValue);
}
void Client::GetCurrentInputDevice(GetCurrentInputDeviceCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetCurrentInputDeviceCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetCurrentInputDevice)(
      &instance_,
      detail::Client_AudioDeviceCallback<GetCurrentInputDeviceCallback>,
      UserData::Free,
      userData);
}
void Client::GetCurrentOutputDevice(GetCurrentOutputDeviceCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetCurrentOutputDeviceCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetCurrentOutputDevice)(
      &instance_,
      detail::Client_AudioDeviceCallback<GetCurrentOutputDeviceCallback>,
      UserData::Free,
      userData);
}
void Client::GetInputDevices(GetInputDevicesCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetInputDevicesCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetInputDevices)(
      &instance_,
      detail::Client_AudioDevicesCallback<GetInputDevicesCallback>,
      UserData::Free,
      userData);
}
float Client::GetInputVolume()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_GetInputVolume)(&instance_);
}
void Client::GetOutputDevices(GetOutputDevicesCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetOutputDevicesCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetOutputDevices)(
      &instance_,
      detail::Client_AudioDevicesCallback<GetOutputDevicesCallback>,
      UserData::Free,
      userData);
}
float Client::GetOutputVolume()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_GetOutputVolume)(&instance_);
}
bool Client::GetSelfDeafAll() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_GetSelfDeafAll)(&instance_);
}
bool Client::GetSelfMuteAll() const
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_GetSelfMuteAll)(&instance_);
}
void Client::SetAecDump(bool on)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetAecDump)(&instance_, on);
}
void Client::SetAutomaticGainControl(bool on)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetAutomaticGainControl)(&instance_, on);
}
void Client::SetDeviceChangeCallback(DeviceChangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<DeviceChangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_SetDeviceChangeCallback)(
      &instance_, detail::Client_DeviceChangeCallback, UserData::Free, userData);
}
void Client::SetEchoCancellation(bool on)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetEchoCancellation)(&instance_, on);
}
void Client::SetEngineManagedAudioSession(bool isEngineManaged)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetEngineManagedAudioSession)(&instance_, isEngineManaged);
}
void Client::SetInputDevice(std::string deviceId, SetInputDeviceCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SetInputDeviceCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetInputDevice)(
      &instance_,
      detail::BorrowString(deviceId),
      detail::Client_ResultCallback<SetInputDeviceCallback>,
      UserData::Free,
      userData);
}
void Client::SetInputVolume(float inputVolume)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetInputVolume)(&instance_, inputVolume);
}
void Client::SetNoAudioInputCallback(NoAudioInputCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<NoAudioInputCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_SetNoAudioInputCallback)(
      &instance_, detail::Client_NoAudioInputCallback, UserData::Free, userData);
}
void Client::SetNoAudioInputThreshold(float dBFSThreshold)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetNoAudioInputThreshold)(&instance_, dBFSThreshold);
}
void Client::SetNoiseCancellation(bool on)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetNoiseCancellation)(&instance_, on);
}
void Client::SetNoiseSuppression(bool on)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetNoiseSuppression)(&instance_, on);
}
void Client::SetOpusHardwareCoding(bool encode, bool decode)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetOpusHardwareCoding)(&instance_, encode, decode);
}
void Client::SetOutputDevice(std::string deviceId, SetOutputDeviceCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SetOutputDeviceCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetOutputDevice)(
      &instance_,
      detail::BorrowString(deviceId),
      detail::Client_ResultCallback<SetOutputDeviceCallback>,
      UserData::Free,
      userData);
}
void Client::SetOutputVolume(float outputVolume)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetOutputVolume)(&instance_, outputVolume);
}
void Client::SetSelfDeafAll(bool deaf)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetSelfDeafAll)(&instance_, deaf);
}
void Client::SetSelfMuteAll(bool mute)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetSelfMuteAll)(&instance_, mute);
}
bool Client::SetSpeakerMode(bool speakerMode)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_SetSpeakerMode)(&instance_, speakerMode);
}
void Client::SetThreadPriority(Thread thread, int32_t priority)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetThreadPriority)(
      &instance_, static_cast<Platform_Client_Thread>(thread), priority);
}
void Client::SetVoiceParticipantChangedCallback(VoiceParticipantChangedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<VoiceParticipantChangedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetVoiceParticipantChangedCallback)(
      &instance_, detail::Client_VoiceParticipantChangedCallback, UserData::Free, userData);
}
bool Client::ShowAudioRoutePicker()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_ShowAudioRoutePicker)(&instance_);
}
Call Client::StartCall(uint64_t channelId)
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_Call returnValue{};
    if (!PLATFORMPP_C(Platform_Client_StartCall)(&instance_, channelId, &returnValue)) {
        return Call(Platform_Call{}, PlatformObjectState::Invalid);
    }
    return Call(returnValue, PlatformObjectState::Owned);
}
Call Client::StartCallWithAudioCallbacks(uint64_t lobbyId,
                                         UserAudioReceivedCallback receivedCb,
                                         UserAudioCapturedCallback capturedCb)
{
    assert(state_ == PlatformObjectState::Owned);
    using ReceivedUserData = TDelegateUserData<UserAudioReceivedCallback>;
    using CapturedUserData = TDelegateUserData<UserAudioCapturedCallback>;
    // Two closures: hold the first in a unique_ptr until the call so that a throwing
    // second allocation cannot leak it. The library frees each with its own fn_free (also when
    // it returns false), once the call has ended and the audio thread can no longer use them.
    auto receivedUserData = std::make_unique<ReceivedUserData>(std::move(receivedCb));
    auto *capturedUserData = new CapturedUserData(std::move(capturedCb));
    Platform_Call returnValue{};
    if (!PLATFORMPP_C(Platform_Client_StartCallWithAudioCallbacks)(
          &instance_,
          lobbyId,
          detail::Client_UserAudioReceivedCallback,
          ReceivedUserData::Free,
          receivedUserData.release(),
          detail::Client_UserAudioCapturedCallback,
          CapturedUserData::Free,
          capturedUserData,
          &returnValue)) {
        return Call(Platform_Call{}, PlatformObjectState::Invalid);
    }
    return Call(returnValue, PlatformObjectState::Owned);
}
void Client::AbortAuthorize()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_AbortAuthorize)(&instance_);
}
void Client::AbortGetTokenFromDevice()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_AbortGetTokenFromDevice)(&instance_);
}
void Client::Authorize(AuthorizationArgs args, AuthorizationCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<AuthorizationCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_Authorize)(&instance_,
                                            args.instance(),
                                            detail::Client_AuthorizationCallback,
                                            UserData::Free,
                                            userData);
}
void Client::CloseAuthorizeDeviceScreen()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_CloseAuthorizeDeviceScreen)(&instance_);
}
AuthorizationCodeVerifier Client::CreateAuthorizationCodeVerifier()
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_AuthorizationCodeVerifier returnValue{};
    PLATFORMPP_C(Platform_Client_CreateAuthorizationCodeVerifier)(&instance_, &returnValue);
    return AuthorizationCodeVerifier(returnValue, PlatformObjectState::Owned);
}
void Client::ExchangeChildToken(std::string const &parentApplicationToken,
                                uint64_t childApplicationId,
                                ExchangeChildTokenCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<ExchangeChildTokenCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_ExchangeChildToken)(&instance_,
                                                     detail::BorrowString(parentApplicationToken),
                                                     childApplicationId,
                                                     detail::Client_ExchangeChildTokenCallback,
                                                     UserData::Free,
                                                     userData);
}
void Client::FetchCurrentUser(AuthorizationTokenType tokenType,
                              std::string const &token,
                              FetchCurrentUserCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<FetchCurrentUserCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_FetchCurrentUser)(
      &instance_,
      static_cast<Platform_AuthorizationTokenType>(tokenType),
      detail::BorrowString(token),
      detail::Client_FetchCurrentUserCallback,
      UserData::Free,
      userData);
}
void Client::GetProvisionalToken(uint64_t applicationId,
                                 AuthenticationExternalAuthType externalAuthType,
                                 std::string const &externalAuthToken,
                                 TokenExchangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExchangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_GetProvisionalToken)(
      &instance_,
      applicationId,
      static_cast<Platform_AuthenticationExternalAuthType>(externalAuthType),
      detail::BorrowString(externalAuthToken),
      detail::Client_TokenExchangeCallback,
      UserData::Free,
      userData);
}
void Client::GetToken(uint64_t applicationId,
                      std::string const &code,
                      std::string const &codeVerifier,
                      std::string const &redirectUri,
                      TokenExchangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExchangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_GetToken)(&instance_,
                                           applicationId,
                                           detail::BorrowString(code),
                                           detail::BorrowString(codeVerifier),
                                           detail::BorrowString(redirectUri),
                                           detail::Client_TokenExchangeCallback,
                                           UserData::Free,
                                           userData);
}
void Client::GetTokenFromDevice(DeviceAuthorizationArgs args, TokenExchangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExchangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_GetTokenFromDevice)(&instance_,
                                                     args.instance(),
                                                     detail::Client_TokenExchangeCallback,
                                                     UserData::Free,
                                                     userData);
}
void Client::GetTokenFromDeviceProvisionalMerge(DeviceAuthorizationArgs args,
                                                AuthenticationExternalAuthType externalAuthType,
                                                std::string const &externalAuthToken,
                                                TokenExchangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExchangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_GetTokenFromDeviceProvisionalMerge)(
      &instance_,
      args.instance(),
      static_cast<Platform_AuthenticationExternalAuthType>(externalAuthType),
      detail::BorrowString(externalAuthToken),
      detail::Client_TokenExchangeCallback,
      UserData::Free,
      userData);
}
void Client::GetTokenFromProvisionalMerge(uint64_t applicationId,
                                          std::string const &code,
                                          std::string const &codeVerifier,
                                          std::string const &redirectUri,
                                          AuthenticationExternalAuthType externalAuthType,
                                          std::string const &externalAuthToken,
                                          TokenExchangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExchangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_GetTokenFromProvisionalMerge)(
      &instance_,
      applicationId,
      detail::BorrowString(code),
      detail::BorrowString(codeVerifier),
      detail::BorrowString(redirectUri),
      static_cast<Platform_AuthenticationExternalAuthType>(externalAuthType),
      detail::BorrowString(externalAuthToken),
      detail::Client_TokenExchangeCallback,
      UserData::Free,
      userData);
}
bool Client::IsAuthenticated()
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_IsAuthenticated)(&instance_);
}
void Client::OpenAuthorizeDeviceScreen(uint64_t clientId, std::string const &userCode)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_OpenAuthorizeDeviceScreen)(
      &instance_, clientId, detail::BorrowString(userCode));
}
void Client::ProvisionalUserMergeCompleted(bool success)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_ProvisionalUserMergeCompleted)(&instance_, success);
}
void Client::RefreshToken(uint64_t applicationId,
                          std::string const &refreshToken,
                          TokenExchangeCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExchangeCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_RefreshToken)(&instance_,
                                               applicationId,
                                               detail::BorrowString(refreshToken),
                                               detail::Client_TokenExchangeCallback,
                                               UserData::Free,
                                               userData);
}
void Client::RegisterAuthorizeRequestCallback(AuthorizeRequestCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<AuthorizeRequestCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_RegisterAuthorizeRequestCallback)(
      &instance_, detail::Client_VoidCallback, UserData::Free, userData);
}
void Client::RemoveAuthorizeRequestCallback()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_RemoveAuthorizeRequestCallback)(&instance_);
}
void Client::RevokeToken(uint64_t applicationId,
                         std::string const &token,
                         RevokeTokenCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<RevokeTokenCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_RevokeToken)(&instance_,
                                              applicationId,
                                              detail::BorrowString(token),
                                              detail::Client_ResultCallback<RevokeTokenCallback>,
                                              UserData::Free,
                                              userData);
}
void Client::SetAuthorizeDeviceScreenClosedCallback(AuthorizeDeviceScreenClosedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<AuthorizeDeviceScreenClosedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetAuthorizeDeviceScreenClosedCallback)(
      &instance_, detail::Client_VoidCallback, UserData::Free, userData);
}
void Client::SetGameWindowPid(int32_t pid)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetGameWindowPid)(&instance_, pid);
}
void Client::SetTokenExpirationCallback(TokenExpirationCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<TokenExpirationCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_SetTokenExpirationCallback)(
      &instance_, detail::Client_VoidCallback, UserData::Free, userData);
}
void Client::UnmergeIntoProvisionalAccount(uint64_t applicationId,
                                           AuthenticationExternalAuthType externalAuthType,
                                           std::string const &externalAuthToken,
                                           UnmergeIntoProvisionalAccountCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UnmergeIntoProvisionalAccountCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_UnmergeIntoProvisionalAccount)(
      &instance_,
      applicationId,
      static_cast<Platform_AuthenticationExternalAuthType>(externalAuthType),
      detail::BorrowString(externalAuthToken),
      detail::Client_ResultCallback<UnmergeIntoProvisionalAccountCallback>,
      UserData::Free,
      userData);
}
void Client::UpdateProvisionalAccountDisplayName(
  std::string const &name,
  UpdateProvisionalAccountDisplayNameCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateProvisionalAccountDisplayNameCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_UpdateProvisionalAccountDisplayName)(
      &instance_,
      detail::BorrowString(name),
      detail::Client_ResultCallback<UpdateProvisionalAccountDisplayNameCallback>,
      UserData::Free,
      userData);
}
void Client::UpdateToken(AuthorizationTokenType tokenType,
                         std::string token,
                         UpdateTokenCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateTokenCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_UpdateToken)(
      &instance_,
      static_cast<Platform_AuthorizationTokenType>(tokenType),
      detail::BorrowString(token),
      detail::Client_ResultCallback<UpdateTokenCallback>,
      UserData::Free,
      userData);
}
bool Client::CanOpenMessageInPlatform(uint64_t messageId)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_CanOpenMessageInPlatform)(&instance_, messageId);
}
void Client::DeleteUserMessage(uint64_t recipientId,
                               uint64_t messageId,
                               DeleteUserMessageCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<DeleteUserMessageCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_DeleteUserMessage)(
      &instance_,
      recipientId,
      messageId,
      detail::Client_ResultCallback<DeleteUserMessageCallback>,
      UserData::Free,
      userData);
}
void Client::EditUserMessage(uint64_t recipientId,
                             uint64_t messageId,
                             std::string const &content,
                             EditUserMessageCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<EditUserMessageCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_EditUserMessage)(
      &instance_,
      recipientId,
      messageId,
      detail::BorrowString(content),
      detail::Client_ResultCallback<EditUserMessageCallback>,
      UserData::Free,
      userData);
}
std::optional<ChannelHandle> Client::GetChannelHandle(uint64_t channelId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_ChannelHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetChannelHandle)(&instance_, channelId, &returnValue)) {
        return std::nullopt;
    }
    return ChannelHandle(returnValue, PlatformObjectState::Owned);
}
void Client::GetLobbyMessagesWithLimit(uint64_t lobbyId, int32_t limit, GetLobbyMessagesCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetLobbyMessagesCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetLobbyMessagesWithLimit)(
      &instance_,
      lobbyId,
      limit,
      detail::Client_MessagesCallback<GetLobbyMessagesCallback>,
      UserData::Free,
      userData);
}
std::optional<MessageHandle> Client::GetMessageHandle(uint64_t messageId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_MessageHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetMessageHandle)(&instance_, messageId, &returnValue)) {
        return std::nullopt;
    }
    return MessageHandle(returnValue, PlatformObjectState::Owned);
}
void Client::GetUserMessageSummaries(UserMessageSummariesCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UserMessageSummariesCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetUserMessageSummaries)(
      &instance_, detail::Client_UserMessageSummariesCallback, UserData::Free, userData);
}
void Client::GetUserMessagesWithLimit(uint64_t recipientId,
                                      int32_t limit,
                                      UserMessagesWithLimitCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UserMessagesWithLimitCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetUserMessagesWithLimit)(
      &instance_,
      recipientId,
      limit,
      detail::Client_MessagesCallback<UserMessagesWithLimitCallback>,
      UserData::Free,
      userData);
}
void Client::OpenMessageInPlatform(
  uint64_t messageId,
  ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
  OpenMessageInPlatformCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using MergeUserData = TDelegateUserData<ProvisionalUserMergeRequiredCallback>;
    using UserData = TDelegateUserData<OpenMessageInPlatformCallback>;
    // Two closures: hold the first in a unique_ptr until the call so that a throwing
    // second allocation cannot leak it. The library frees each with its own fn_free.
    auto mergeUserData =
      std::make_unique<MergeUserData>(std::move(provisionalUserMergeRequiredCallback));
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_OpenMessageInPlatform)(
      &instance_,
      messageId,
      detail::Client_VoidCallback,
      MergeUserData::Free,
      mergeUserData.release(),
      detail::Client_ResultCallback<OpenMessageInPlatformCallback>,
      UserData::Free,
      userData);
}
void Client::SendLobbyMessage(uint64_t lobbyId,
                              std::string const &content,
                              SendUserMessageCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendUserMessageCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendLobbyMessage)(
      &instance_,
      lobbyId,
      detail::BorrowString(content),
      detail::Client_ResultIdCallback<SendUserMessageCallback>,
      UserData::Free,
      userData);
}
void Client::SendLobbyMessageWithMetadata(
  uint64_t lobbyId,
  std::string const &content,
  std::unordered_map<std::string, std::string> const &metadata,
  SendUserMessageCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    ConvertedProperties metadataNative(metadata);
    using UserData = TDelegateUserData<SendUserMessageCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendLobbyMessageWithMetadata)(
      &instance_,
      lobbyId,
      detail::BorrowString(content),
      metadataNative.Properties,
      detail::Client_ResultIdCallback<SendUserMessageCallback>,
      UserData::Free,
      userData);
}
void Client::SendUserMessage(uint64_t recipientId,
                             std::string const &content,
                             SendUserMessageCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendUserMessageCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendUserMessage)(
      &instance_,
      recipientId,
      detail::BorrowString(content),
      detail::Client_ResultIdCallback<SendUserMessageCallback>,
      UserData::Free,
      userData);
}
void Client::SendUserMessageWithMetadata(
  uint64_t recipientId,
  std::string const &content,
  std::unordered_map<std::string, std::string> const &metadata,
  SendUserMessageCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    ConvertedProperties metadataNative(metadata);
    using UserData = TDelegateUserData<SendUserMessageCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendUserMessageWithMetadata)(
      &instance_,
      recipientId,
      detail::BorrowString(content),
      metadataNative.Properties,
      detail::Client_ResultIdCallback<SendUserMessageCallback>,
      UserData::Free,
      userData);
}
void Client::SetMessageCreatedCallback(MessageCreatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<MessageCreatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetMessageCreatedCallback)(
      &instance_, detail::Client_IdCallback<MessageCreatedCallback>, UserData::Free, userData);
}
void Client::SetMessageDeletedCallback(MessageDeletedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<MessageDeletedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetMessageDeletedCallback)(
      &instance_, detail::Client_IdPairCallback<MessageDeletedCallback>, UserData::Free, userData);
}
void Client::SetMessageUpdatedCallback(MessageUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<MessageUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetMessageUpdatedCallback)(
      &instance_, detail::Client_IdCallback<MessageUpdatedCallback>, UserData::Free, userData);
}
void Client::SetShowingChat(bool showingChat)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetShowingChat)(&instance_, showingChat);
}
void Client::AddLogCallback(LogCallback callback, LoggingSeverity minSeverity)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LogCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_AddLogCallback)(&instance_,
                                                 detail::Client_LogCallback,
                                                 UserData::Free,
                                                 userData,
                                                 static_cast<Platform_LoggingSeverity>(minSeverity));
}
void Client::AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LogCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_AddVoiceLogCallback)(
      &instance_,
      detail::Client_LogCallback,
      UserData::Free,
      userData,
      static_cast<Platform_LoggingSeverity>(minSeverity));
}
void Client::Connect()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_Connect)(&instance_);
}
void Client::Disconnect()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_Disconnect)(&instance_);
}
Client::Status Client::GetStatus() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<Status>(PLATFORMPP_C(Platform_Client_GetStatus)(&instance_));
}
void Client::SetApplicationId(uint64_t applicationId)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetApplicationId)(&instance_, applicationId);
}
bool Client::SetLogDir(std::string const &path, LoggingSeverity minSeverity)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_SetLogDir)(
      &instance_, detail::BorrowString(path), static_cast<Platform_LoggingSeverity>(minSeverity));
}
void Client::SetStatusChangedCallback(OnStatusChanged cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<OnStatusChanged>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetStatusChangedCallback)(
      &instance_, detail::Client_OnStatusChanged, UserData::Free, userData);
}
void Client::SetVoiceLogDir(std::string const &path, LoggingSeverity minSeverity)
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_SetVoiceLogDir)(
      &instance_, detail::BorrowString(path), static_cast<Platform_LoggingSeverity>(minSeverity));
}
void Client::CreateOrJoinLobby(std::string const &secret, CreateOrJoinLobbyCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<CreateOrJoinLobbyCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_CreateOrJoinLobby)(
      &instance_,
      detail::BorrowString(secret),
      detail::Client_ResultIdCallback<CreateOrJoinLobbyCallback>,
      UserData::Free,
      userData);
}
void Client::CreateOrJoinLobbyWithMetadata(
  std::string const &secret,
  std::unordered_map<std::string, std::string> const &lobbyMetadata,
  std::unordered_map<std::string, std::string> const &memberMetadata,
  CreateOrJoinLobbyCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    ConvertedProperties lobbyMetadataNative(lobbyMetadata);
    ConvertedProperties memberMetadataNative(memberMetadata);
    using UserData = TDelegateUserData<CreateOrJoinLobbyCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_CreateOrJoinLobbyWithMetadata)(
      &instance_,
      detail::BorrowString(secret),
      lobbyMetadataNative.Properties,
      memberMetadataNative.Properties,
      detail::Client_ResultIdCallback<CreateOrJoinLobbyCallback>,
      UserData::Free,
      userData);
}
void Client::GetGuildChannels(uint64_t guildId, GetGuildChannelsCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetGuildChannelsCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetGuildChannels)(
      &instance_, guildId, detail::Client_GetGuildChannelsCallback, UserData::Free, userData);
}
std::optional<LobbyHandle> Client::GetLobbyHandle(uint64_t lobbyId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_LobbyHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetLobbyHandle)(&instance_, lobbyId, &returnValue)) {
        return std::nullopt;
    }
    return LobbyHandle(returnValue, PlatformObjectState::Owned);
}
std::vector<uint64_t> Client::GetLobbyIds() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UInt64Span returnValue{};
    PLATFORMPP_C(Platform_Client_GetLobbyIds)(&instance_, &returnValue);
    return detail::TakeUInt64Span(returnValue);
}
void Client::GetUserGuilds(GetUserGuildsCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetUserGuildsCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetUserGuilds)(
      &instance_, detail::Client_GetUserGuildsCallback, UserData::Free, userData);
}
void Client::JoinLinkedLobbyGuild(
  uint64_t lobbyId,
  ProvisionalUserMergeRequiredCallback provisionalUserMergeRequiredCallback,
  JoinLinkedLobbyGuildCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using MergeUserData = TDelegateUserData<ProvisionalUserMergeRequiredCallback>;
    using UserData = TDelegateUserData<JoinLinkedLobbyGuildCallback>;
    // Two closures: hold the first in a unique_ptr until the call so that a throwing
    // second allocation cannot leak it. The library frees each with its own fn_free.
    auto mergeUserData =
      std::make_unique<MergeUserData>(std::move(provisionalUserMergeRequiredCallback));
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_JoinLinkedLobbyGuild)(
      &instance_,
      lobbyId,
      detail::Client_VoidCallback,
      MergeUserData::Free,
      mergeUserData.release(),
      detail::Client_JoinLinkedLobbyGuildCallback,
      UserData::Free,
      userData);
}
void Client::LeaveLobby(uint64_t lobbyId, LeaveLobbyCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LeaveLobbyCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_LeaveLobby)(
      &instance_,
      lobbyId,
      detail::Client_ResultCallback<LeaveLobbyCallback>,
      UserData::Free,
      userData);
}
void Client::LinkChannelToLobby(uint64_t lobbyId,
                                uint64_t channelId,
                                LinkOrUnlinkChannelCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LinkOrUnlinkChannelCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_LinkChannelToLobby)(
      &instance_,
      lobbyId,
      channelId,
      detail::Client_ResultCallback<LinkOrUnlinkChannelCallback>,
      UserData::Free,
      userData);
}
void Client::SetLobbyCreatedCallback(LobbyCreatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LobbyCreatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetLobbyCreatedCallback)(
      &instance_, detail::Client_IdCallback<LobbyCreatedCallback>, UserData::Free, userData);
}
void Client::SetLobbyDeletedCallback(LobbyDeletedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LobbyDeletedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetLobbyDeletedCallback)(
      &instance_, detail::Client_IdCallback<LobbyDeletedCallback>, UserData::Free, userData);
}
void Client::SetLobbyMemberAddedCallback(LobbyMemberAddedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LobbyMemberAddedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetLobbyMemberAddedCallback)(
      &instance_,
      detail::Client_IdPairCallback<LobbyMemberAddedCallback>,
      UserData::Free,
      userData);
}
void Client::SetLobbyMemberRemovedCallback(LobbyMemberRemovedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LobbyMemberRemovedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetLobbyMemberRemovedCallback)(
      &instance_,
      detail::Client_IdPairCallback<LobbyMemberRemovedCallback>,
      UserData::Free,
      userData);
}
void Client::SetLobbyMemberUpdatedCallback(LobbyMemberUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LobbyMemberUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetLobbyMemberUpdatedCallback)(
      &instance_,
      detail::Client_IdPairCallback<LobbyMemberUpdatedCallback>,
      UserData::Free,
      userData);
}
void Client::SetLobbyUpdatedCallback(LobbyUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LobbyUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetLobbyUpdatedCallback)(
      &instance_, detail::Client_IdCallback<LobbyUpdatedCallback>, UserData::Free, userData);
}
void Client::UnlinkChannelFromLobby(uint64_t lobbyId, LinkOrUnlinkChannelCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<LinkOrUnlinkChannelCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_UnlinkChannelFromLobby)(
      &instance_,
      lobbyId,
      detail::Client_ResultCallback<LinkOrUnlinkChannelCallback>,
      UserData::Free,
      userData);
}
void Client::IsPlatformAppInstalled(IsPlatformAppInstalledCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<IsPlatformAppInstalledCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_IsPlatformAppInstalled)(
      &instance_, detail::Client_IsPlatformAppInstalledCallback, UserData::Free, userData);
}
void Client::OpenConnectedGamesSettingsInPlatform(OpenConnectedGamesSettingsInPlatformCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<OpenConnectedGamesSettingsInPlatformCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_OpenConnectedGamesSettingsInPlatform)(
      &instance_,
      detail::Client_ResultCallback<OpenConnectedGamesSettingsInPlatformCallback>,
      UserData::Free,
      userData);
}
void Client::AcceptActivityInvite(ActivityInvite invite, AcceptActivityInviteCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<AcceptActivityInviteCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_AcceptActivityInvite)(
      &instance_,
      invite.instance(),
      detail::Client_AcceptActivityInviteCallback,
      UserData::Free,
      userData);
}
void Client::ClearRichPresence()
{
    assert(state_ == PlatformObjectState::Owned);
    PLATFORMPP_C(Platform_Client_ClearRichPresence)(&instance_);
}
bool Client::RegisterLaunchCommand(uint64_t applicationId, std::string command)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_RegisterLaunchCommand)(
      &instance_, applicationId, detail::BorrowString(command));
}
bool Client::RegisterLaunchSteamApplication(uint64_t applicationId, uint32_t steamAppId)
{
    assert(state_ == PlatformObjectState::Owned);
    return PLATFORMPP_C(Platform_Client_RegisterLaunchSteamApplication)(
      &instance_, applicationId, steamAppId);
}
void Client::SendActivityInvite(uint64_t userId,
                                std::string const &content,
                                SendActivityInviteCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendActivityInviteCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendActivityInvite)(
      &instance_,
      userId,
      detail::BorrowString(content),
      detail::Client_ResultCallback<SendActivityInviteCallback>,
      UserData::Free,
      userData);
}
void Client::SendActivityJoinRequest(uint64_t userId, SendActivityInviteCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendActivityInviteCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendActivityJoinRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<SendActivityInviteCallback>,
      UserData::Free,
      userData);
}
void Client::SendActivityJoinRequestReply(ActivityInvite invite, SendActivityInviteCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendActivityInviteCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendActivityJoinRequestReply)(
      &instance_,
      invite.instance(),
      detail::Client_ResultCallback<SendActivityInviteCallback>,
      UserData::Free,
      userData);
}
void Client::SetActivityInviteCreatedCallback(ActivityInviteCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<ActivityInviteCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetActivityInviteCreatedCallback)(
      &instance_, detail::Client_ActivityInviteCallback, UserData::Free, userData);
}
void Client::SetActivityInviteUpdatedCallback(ActivityInviteCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<ActivityInviteCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetActivityInviteUpdatedCallback)(
      &instance_, detail::Client_ActivityInviteCallback, UserData::Free, userData);
}
void Client::SetActivityJoinCallback(ActivityJoinCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<ActivityJoinCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetActivityJoinCallback)(
      &instance_, detail::Client_ActivityJoinCallback, UserData::Free, userData);
}
void Client::SetActivityJoinWithApplicationCallback(ActivityJoinWithApplicationCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<ActivityJoinWithApplicationCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetActivityJoinWithApplicationCallback)(
      &instance_, detail::Client_ActivityJoinWithApplicationCallback, UserData::Free, userData);
}
void Client::SetOnlineStatus(StatusType status, UpdateStatusCallback callback)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateStatusCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_SetOnlineStatus)(
      &instance_,
      static_cast<Platform_StatusType>(status),
      detail::Client_ResultCallback<UpdateStatusCallback>,
      UserData::Free,
      userData);
}
void Client::UpdateRichPresence(Activity activity, UpdateRichPresenceCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRichPresenceCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_UpdateRichPresence)(
      &instance_,
      activity.instance(),
      detail::Client_ResultCallback<UpdateRichPresenceCallback>,
      UserData::Free,
      userData);
}
void Client::AcceptPlatformFriendRequest(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_AcceptPlatformFriendRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::AcceptGameFriendRequest(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_AcceptGameFriendRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::BlockUser(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_BlockUser)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::CancelPlatformFriendRequest(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_CancelPlatformFriendRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::CancelGameFriendRequest(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_CancelGameFriendRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
RelationshipHandle Client::GetRelationshipHandle(uint64_t userId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_RelationshipHandle returnValue{};
    PLATFORMPP_C(Platform_Client_GetRelationshipHandle)(&instance_, userId, &returnValue);
    return RelationshipHandle(returnValue, PlatformObjectState::Owned);
}
std::vector<RelationshipHandle> Client::GetRelationships() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_RelationshipHandleSpan returnValue{};
    PLATFORMPP_C(Platform_Client_GetRelationships)(&instance_, &returnValue);
    return detail::TakeObjectSpan<RelationshipHandle>(returnValue);
}
std::vector<RelationshipHandle> Client::GetRelationshipsByGroup(
  RelationshipGroupType groupType) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_RelationshipHandleSpan returnValue{};
    PLATFORMPP_C(Platform_Client_GetRelationshipsByGroup)(
      &instance_, static_cast<Platform_RelationshipGroupType>(groupType), &returnValue);
    return detail::TakeObjectSpan<RelationshipHandle>(returnValue);
}
void Client::RejectPlatformFriendRequest(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_RejectPlatformFriendRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::RejectGameFriendRequest(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_RejectGameFriendRequest)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::RemovePlatformAndGameFriend(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_RemovePlatformAndGameFriend)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::RemoveGameFriend(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_RemoveGameFriend)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
std::vector<UserHandle> Client::SearchFriendsByUsername(std::string searchStr) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandleSpan returnValue{};
    PLATFORMPP_C(Platform_Client_SearchFriendsByUsername)(
      &instance_, detail::BorrowString(searchStr), &returnValue);
    return detail::TakeObjectSpan<UserHandle>(returnValue);
}
void Client::SendPlatformFriendRequest(std::string const &username, SendFriendRequestCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendFriendRequestCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendPlatformFriendRequest)(
      &instance_,
      detail::BorrowString(username),
      detail::Client_ResultCallback<SendFriendRequestCallback>,
      UserData::Free,
      userData);
}
void Client::SendPlatformFriendRequestById(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendPlatformFriendRequestById)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::SendGameFriendRequest(std::string const &username, SendFriendRequestCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<SendFriendRequestCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendGameFriendRequest)(
      &instance_,
      detail::BorrowString(username),
      detail::Client_ResultCallback<SendFriendRequestCallback>,
      UserData::Free,
      userData);
}
void Client::SendGameFriendRequestById(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SendGameFriendRequestById)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
void Client::SetRelationshipCreatedCallback(RelationshipCreatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<RelationshipCreatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetRelationshipCreatedCallback)(
      &instance_,
      detail::Client_RelationshipChangedCallback<RelationshipCreatedCallback>,
      UserData::Free,
      userData);
}
void Client::SetRelationshipDeletedCallback(RelationshipDeletedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<RelationshipDeletedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetRelationshipDeletedCallback)(
      &instance_,
      detail::Client_RelationshipChangedCallback<RelationshipDeletedCallback>,
      UserData::Free,
      userData);
}
void Client::UnblockUser(uint64_t userId, UpdateRelationshipCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UpdateRelationshipCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_UnblockUser)(
      &instance_,
      userId,
      detail::Client_ResultCallback<UpdateRelationshipCallback>,
      UserData::Free,
      userData);
}
std::optional<UserHandle> Client::GetCurrentUserV2() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetCurrentUserV2)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
}
void Client::GetPlatformClientConnectedUser(uint64_t applicationId,
                                            GetPlatformClientConnectedUserCallback callback) const
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetPlatformClientConnectedUserCallback>;
    auto *userData = new UserData(std::move(callback));
    PLATFORMPP_C(Platform_Client_GetPlatformClientConnectedUser)(
      &instance_,
      applicationId,
      detail::Client_GetPlatformClientConnectedUserCallback,
      UserData::Free,
      userData);
}
std::optional<UserHandle> Client::GetUser(uint64_t userId) const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetUser)(&instance_, userId, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
}
void Client::SetRelationshipGroupsUpdatedCallback(RelationshipGroupsUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<RelationshipGroupsUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetRelationshipGroupsUpdatedCallback)(
      &instance_,
      detail::Client_IdCallback<RelationshipGroupsUpdatedCallback>,
      UserData::Free,
      userData);
}
void Client::SetUserUpdatedCallback(UserUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UserUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetUserUpdatedCallback)(
      &instance_, detail::Client_UserUpdatedCallback, UserData::Free, userData);
}
// 1.10 (sdk-abi.md section 7.1): optional symbols, absent from 1.9 libraries.
void Client::GetVoiceSettings(GetVoiceSettingsCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<GetVoiceSettingsCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_GetVoiceSettings)(
      &instance_, detail::Client_GetVoiceSettingsCallback, UserData::Free, userData);
}
void Client::SetVoiceSettingsUpdatedCallback(VoiceSettingsUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<VoiceSettingsUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetVoiceSettingsUpdatedCallback)(
      &instance_, detail::Client_VoiceSettingsUpdatedCallback, UserData::Free, userData);
}
// sdk-abi.md section 7.2 (our design): optional symbols, absent from 1.9 libraries.
std::vector<UserApplicationProfileHandle> Client::GetUserApplicationProfiles()
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserApplicationProfileHandleSpan returnValue{};
    PLATFORMPP_C(Platform_Client_GetUserApplicationProfiles)(&instance_, &returnValue);
    return detail::TakeObjectSpan<UserApplicationProfileHandle>(returnValue);
}
std::vector<UserApplicationProfileHandle> Client::GetUserApplicationProfilesNoLock()
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserApplicationProfileHandleSpan returnValue{};
    PLATFORMPP_C(Platform_Client_GetUserApplicationProfilesNoLock)(&instance_, &returnValue);
    return detail::TakeObjectSpan<UserApplicationProfileHandle>(returnValue);
}

} // namespace platformpp

#endif // PLATFORM_HEADER_PLATFORMPP_IMPLEMENTATION_
#endif // PLATFORMPP_IMPLEMENTATION
