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
 * Scope of this milestone: ClientResult, AuthorizationArgs, AuthorizationCodeVerifier,
 * AuthorizationCodeChallenge, ClientCreateOptions, DeviceAuthorizationArgs (complete), UserHandle
 * (without GameActivity/Relationship/UserApplicationProfiles) and a subset of Client (lifecycle,
 * statics, auth, core, users). The nested Call::Error / Call::Status enums arrive with class Call.
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

class AuthorizationArgs;
class AuthorizationCodeVerifier;
class AuthorizationCodeChallenge;
class ClientResult;
class ClientCreateOptions;
class UserHandle;
class DeviceAuthorizationArgs;
class Client;

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
    // GameActivity() arrives with class Activity (later milestone).
    std::optional<std::string> GlobalName() const;
    uint64_t Id() const;
    bool IsProvisional() const;
    // Relationship() arrives with class RelationshipHandle (later milestone).
    StatusType Status() const;
    // UserApplicationProfiles() arrives with class UserApplicationProfileHandle (later milestone).
    std::string Username() const;
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
    using LogCallback = std::function<void(std::string message, LoggingSeverity severity)>;
    using OnStatusChanged = std::function<void(Status status, Error error, int32_t errorDetail)>;
    using UserUpdatedCallback = std::function<void(uint64_t userId)>;

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
    static std::string GetDefaultCommunicationScopes();
    static std::string GetDefaultPresenceScopes();
    static std::string GetVersionHash();
    static int32_t GetVersionMajor();
    static int32_t GetVersionMinor();
    static int32_t GetVersionPatch();
    void SetHttpRequestTimeout(int32_t httpTimeoutInMilliseconds);
    static std::string StatusToString(Status type);
    static std::string ThreadToString(Thread type);
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
    void AddLogCallback(LogCallback callback, LoggingSeverity minSeverity);
    void AddVoiceLogCallback(LogCallback callback, LoggingSeverity minSeverity);
    void Connect();
    void Disconnect();
    Status GetStatus() const;
    void SetApplicationId(uint64_t applicationId);
    bool SetLogDir(std::string const &path, LoggingSeverity minSeverity);
    void SetStatusChangedCallback(OnStatusChanged cb);
    void SetVoiceLogDir(std::string const &path, LoggingSeverity minSeverity);
    std::optional<UserHandle> GetCurrentUserV2() const;
    std::optional<UserHandle> GetUser(uint64_t userId) const;
    void SetUserUpdatedCallback(UserUpdatedCallback cb);
};

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
/// TokenExpiration): all are std::function<void()>.
inline void Client_VoidCallback(void *userData)
{
    auto &fn = TDelegateUserData<std::function<void()>>::Get(userData);
    if (fn) {
        fn();
    }
}

/// For the callbacks whose only argument is a ClientResult. T is the C++ alias.
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

} // namespace detail

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
StatusType UserHandle::Status() const
{
    assert(state_ == PlatformObjectState::Owned);
    return static_cast<StatusType>(PLATFORMPP_C(Platform_UserHandle_Status)(&instance_));
}
std::string UserHandle::Username() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_String returnValue{};
    PLATFORMPP_C(Platform_UserHandle_Username)(&instance_, &returnValue);
    return detail::TakeString(returnValue);
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
std::optional<UserHandle> Client::GetCurrentUserV2() const
{
    assert(state_ == PlatformObjectState::Owned);
    Platform_UserHandle returnValue{};
    if (!PLATFORMPP_C(Platform_Client_GetCurrentUserV2)(&instance_, &returnValue)) {
        return std::nullopt;
    }
    return UserHandle(returnValue, PlatformObjectState::Owned);
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
void Client::SetUserUpdatedCallback(UserUpdatedCallback cb)
{
    assert(state_ == PlatformObjectState::Owned);
    using UserData = TDelegateUserData<UserUpdatedCallback>;
    auto *userData = new UserData(std::move(cb));
    PLATFORMPP_C(Platform_Client_SetUserUpdatedCallback)(
      &instance_, detail::Client_UserUpdatedCallback, UserData::Free, userData);
}

} // namespace platformpp

#endif // PLATFORM_HEADER_PLATFORMPP_IMPLEMENTATION_
#endif // PLATFORMPP_IMPLEMENTATION
