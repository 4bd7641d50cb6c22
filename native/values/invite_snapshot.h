// ActivityInvite as plain data: captured inside the invite callbacks (the SDK's object lives only
// for the callback), and rebuilt from the plain JS object the user hands back to accept or answer
// it (lib/binding.ts NativeActivityInvite).
#pragma once

#include <cstdint>
#include <string>

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

struct InviteData {
  int32_t type = 0;
  uint64_t senderId = 0, channelId = 0, messageId = 0, applicationId = 0, parentApplicationId = 0;
  std::string partyId, sessionId;
  bool isValid = false;
};

InviteData CaptureInvite(const platformpp::ActivityInvite &invite);
platformpp::ActivityInvite InviteFromJs(const Napi::Value &value, const char *name);


}  // namespace psdk
