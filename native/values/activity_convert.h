// Activity (rich presence) between JS and the SDK. In: a plain object already validated by
// lib/activity.ts; these checks only keep native code safe from any other input (wrong types throw
// a TypeError naming the field). Out: an ActivityData copy, whose codecs (ActivityToJs,
// EncodeActivity; lib/boundary.ts NativeActivity, unset fields null) are generated from
// native/boundary/boundary.schema.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

struct ActivityData {
  struct Timestamps {
    uint64_t start = 0, end = 0;
  };
  struct Assets {
    std::optional<std::string> largeImage, largeText, largeUrl, smallImage, smallText, smallUrl, inviteCoverImage;
  };
  struct Party {
    std::string id;
    int32_t currentSize = 0, maxSize = 0, privacy = 0;
  };
  struct Secrets {
    std::string join;
  };
  struct Button {
    std::string label, url;
  };
  int32_t type = 0;
  std::string name;
  std::optional<std::string> state, stateUrl, details, detailsUrl;
  std::optional<int32_t> statusDisplayType;
  std::optional<uint64_t> applicationId, parentApplicationId;
  std::optional<Timestamps> timestamps;
  std::optional<Assets> assets;
  std::optional<Party> party;
  std::optional<Secrets> secrets;
  std::vector<Button> buttons;
  int32_t supportedPlatforms = 0;
};

platformpp::Activity ActivityFromJs(const Napi::Value &value, const char *name);
ActivityData CaptureActivity(const platformpp::Activity &activity);

}  // namespace psdk
