#include "values/user_snapshot.h"

#include <cstring>

#include "boundary/boundary_codecs.h"
#include "runtime/inlining.h"

namespace psdk {

namespace {

// TakeStringInto's copy when the length changed: assign, with its growth and aliasing checks.
PSDK_NOINLINE void AssignString(std::string &into, Platform_String s) {
  if (s.ptr != nullptr) into.assign(reinterpret_cast<const char *>(s.ptr), s.size);
  else into.clear();
}

}  // namespace

void TakeStringInto(std::string &into, Platform_String s) {
  // A reused record's field taking a string as long as its last one (a flood's content, an
  // author's names, a history's messages) is a plain copy: assign's checks, and the registers its
  // growth path saved, were most of this function's cost.
  const size_t n = s.ptr != nullptr ? s.size : 0;
  if (n == into.size()) {
    if (n != 0) std::memcpy(into.data(), s.ptr, n);
  } else {
    AssignString(into, s);
  }
  Sdk().Platform_Free(s.ptr);
}

void CaptureUserInto(UserData &u, const platformpp::UserHandle &user) {
  const SdkTable &sdk = Sdk();
  Platform_UserHandle *h = user.instance();
  Platform_String s{};
  u.id = sdk.Platform_UserHandle_Id(h);
  sdk.Platform_UserHandle_Username(h, &s);
  TakeStringInto(u.username, s);
  s = {};
  sdk.Platform_UserHandle_DisplayName(h, &s);
  TakeStringInto(u.displayName, s);
  TakeOptionalInto(u.globalName, sdk.Platform_UserHandle_GlobalName, h);
  TakeOptionalInto(u.avatar, sdk.Platform_UserHandle_Avatar, h);
  u.isProvisional = sdk.Platform_UserHandle_IsProvisional(h);
  u.status = static_cast<int32_t>(sdk.Platform_UserHandle_Status(h));
}

UserData CaptureUser(const platformpp::UserHandle &user) {
  UserData u;
  CaptureUserInto(u, user);
  return u;
}

}  // namespace psdk
