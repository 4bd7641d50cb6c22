// activity_values.h — the data behind the rich-presence value classes of the C ABI (sdk-abi.md
// 5.16–5.22): Activity and its parts (ActivityAssets, ActivityTimestamps, ActivityParty,
// ActivitySecrets, ActivityButton) and ActivityInvite. All are *value* classes: Init creates a
// default, setters change it, Clone is a deep copy. Enum-typed fields are int32_t (see values.h)
// so out-of-range values round-trip. Each class has its own struct type, so each has its own
// Registry (registry.h). Equality (Activity_Equals) compares every field.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cplatform.h"

namespace psim {

struct ActivityAssetsData {
    std::optional<std::string> largeImage, largeText, largeUrl;
    std::optional<std::string> smallImage, smallText, smallUrl;
    std::optional<std::string> inviteCoverImage;
    bool operator==(const ActivityAssetsData &) const = default;
};

// Milliseconds since the Unix epoch; 0 = not set.
struct ActivityTimestampsData {
    uint64_t start = 0;
    uint64_t end = 0;
    bool operator==(const ActivityTimestampsData &) const = default;
};

struct ActivityPartyData {
    std::string id;
    int32_t currentSize = 0;
    int32_t maxSize = 0;
    int32_t privacy = Platform_ActivityPartyPrivacy_Private;
    bool operator==(const ActivityPartyData &) const = default;
};

struct ActivitySecretsData {
    std::string join;
    bool operator==(const ActivitySecretsData &) const = default;
};

struct ActivityButtonData {
    std::string label;
    std::string url;
    bool operator==(const ActivityButtonData &) const = default;
};

// Defaults of a fresh Activity: type Playing, no name (the application's name is shown),
// supported platforms Desktop.
struct ActivityData {
    std::string name;
    int32_t type = Platform_ActivityTypes_Playing;
    std::optional<int32_t> statusDisplayType;
    std::optional<std::string> state, stateUrl, details, detailsUrl;
    std::optional<uint64_t> applicationId, parentApplicationId;
    std::optional<ActivityAssetsData> assets;
    std::optional<ActivityTimestampsData> timestamps;
    std::optional<ActivityPartyData> party;
    std::optional<ActivitySecretsData> secrets;
    std::vector<ActivityButtonData> buttons;  // in AddButton order
    int32_t supportedPlatforms = Platform_ActivityGamePlatforms_Desktop;
    bool operator==(const ActivityData &) const = default;
};

// A fresh ActivityInvite is all zero: type Invalid, not valid.
struct ActivityInviteData {
    uint64_t senderId = 0;
    uint64_t channelId = 0;
    uint64_t messageId = 0;
    int32_t type = Platform_ActivityActionTypes_Invalid;
    uint64_t applicationId = 0;
    uint64_t parentApplicationId = 0;
    std::string partyId;
    std::string sessionId;
    bool isValid = false;
    bool operator==(const ActivityInviteData &) const = default;
};

}  // namespace psim
