// ClientWrap, users: the current user, any user by id, avatars, and the details a User snapshot
// reads lazily (presence, relationship, application profiles).
#include "boundary/boundary_codecs.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/relationship_snapshot.h"
#include "runtime/sdk_library.h"
#include "values/user_snapshot.h"

namespace psdk {

namespace {

std::optional<UserData> Captured(const std::optional<platformpp::UserHandle> &user) {
  if (!user || !*user) return std::nullopt;
  return CaptureUser(*user);
}

}  // namespace

std::optional<UserData> ClientWrap::GetCurrentUser() {
  if (!client_) return std::nullopt;
  return Captured(client_->GetCurrentUserV2());
}

std::optional<UserData> ClientWrap::GetUser(uint64_t userId) {
  if (!client_) return std::nullopt;
  return Captured(client_->GetUser(userId));
}

std::optional<std::string> ClientWrap::GetUserAvatarUrl(uint64_t userId, int32_t animatedType, int32_t staticType) {
  if (!client_) return std::nullopt;
  std::optional<platformpp::UserHandle> user = client_->GetUser(userId);
  if (!user) return std::nullopt;
  return user->AvatarUrl(static_cast<platformpp::UserHandle::AvatarType>(animatedType),
                         static_cast<platformpp::UserHandle::AvatarType>(staticType));
}

// Its activity, relationship and application profiles.
std::optional<UserDetailsData> ClientWrap::GetUserDetails(uint64_t userId) {
  if (!client_) return std::nullopt;
  std::optional<platformpp::UserHandle> user = client_->GetUser(userId);
  if (!user) return std::nullopt;
  return CaptureUserDetails(*user);
}

// The current user's profiles. The Client-level call is a 1.10 symbol; an older library gets the
// same data through the current user's handle.
std::vector<ApplicationProfileData> ClientWrap::GetUserApplicationProfiles() {
  if (!client_) return {};
  if (SdkLibrary::HasSymbol("Platform_Client_GetUserApplicationProfiles")) return CaptureProfiles(client_->GetUserApplicationProfiles());
  if (std::optional<platformpp::UserHandle> me = client_->GetCurrentUserV2()) return CaptureProfiles(me->UserApplicationProfiles());
  return {};
}

#include "client/client_wrap_users_methods.inc"

}  // namespace psdk
