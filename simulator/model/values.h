// values.h — the data behind the value/record classes of the C ABI. Enum-typed fields are kept
// as int32_t so that out-of-range values set by a caller round-trip without enum-typed loads.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "cplatform.h"
#include "registry.h"

namespace psim {

struct CodeChallengeData {
    int32_t method = Platform_AuthenticationCodeChallengeMethod_S256;
    std::string challenge;
};

struct CodeVerifierData {
    CodeChallengeData challenge;
    std::string verifier;
};

struct AuthorizationArgsData {
    uint64_t clientId = 0;
    std::string scopes;
    std::optional<std::string> state;
    std::optional<std::string> nonce;
    std::optional<CodeChallengeData> codeChallenge;
    std::optional<int32_t> integrationType;
    std::optional<std::string> customSchemeParam;
};

struct DeviceAuthorizationArgsData {
    uint64_t clientId = 0;
    std::string scopes;
};

// Defaults of the API/web bases (also what ClientCreateOptions reports before a set).
inline constexpr const char *kDefaultApiBase = "https://platform.example/api";
inline constexpr const char *kDefaultWebBase = "https://platform.example";

struct ClientCreateOptionsData {
    std::string webBase = kDefaultWebBase;
    std::string apiBase = kDefaultApiBase;
    int32_t audioSystem = Platform_AudioSystem_Standard;
    bool androidPreventCommsForBluetooth = false;
    std::optional<uint64_t> cpuAffinityMask;
};

// The fields of a ClientResult. Default = success.
struct ResultData {
    int32_t type = Platform_ErrorType_None;
    std::string error;
    int32_t errorCode = 0;
    int32_t status = Platform_HttpStatusCode_Ok;
    std::string responseBody;
    bool successful = true;
    bool retryable = false;
    float retryAfter = 0.0f;  // seconds
};

// A UserHandle: a reference to a user as seen through one client.
struct User;

// What a UserHandle resolves to (handle_view.h): defined in user_view.h (it holds a User by
// value, and User is defined in world.h).
struct UserView;

struct UserHandleData {
    uint64_t clientKey = 0;
    uint64_t userId = 0;
    ViewCache<UserView> cache;
};

}  // namespace psim
