// ClientWrap, users: the current user, any user by id, avatars, and the details a User snapshot
// reads lazily (presence, relationship, application profiles).
#include "boundary/boundary_codecs.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/relationship_snapshot.h"
#include "runtime/sdk_library.h"
#include "values/user_snapshot.h"

namespace psdk {

void ClientWrap::AddUserMethods(MethodList &methods) {
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::GetCurrentUser>("getCurrentUser"),
      InstanceMethod<&ClientWrap::GetUser>("getUser"),
      InstanceMethod<&ClientWrap::GetUserAvatarUrl>("getUserAvatarUrl"),
      InstanceMethod<&ClientWrap::GetUserDetails>("getUserDetails"),
      InstanceMethod<&ClientWrap::GetUserApplicationProfiles>("getUserApplicationProfiles"),
  });
}

Napi::Value ClientWrap::GetCurrentUser(const Napi::CallbackInfo &info) {
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetCurrentUserV2();
  return user ? UserSnapshotToJs(info.Env(), *user) : info.Env().Null();
}

Napi::Value ClientWrap::GetUser(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "userId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetUser(id);
  return user ? UserSnapshotToJs(info.Env(), *user) : info.Env().Null();
}

// getUserAvatarUrl(userId, animatedType, staticType) → string | null
Napi::Value ClientWrap::GetUserAvatarUrl(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "userId");
  auto animated = static_cast<platformpp::UserHandle::AvatarType>(ArgInt32(info, 1, "animatedType", 0, 3));
  auto still = static_cast<platformpp::UserHandle::AvatarType>(ArgInt32(info, 2, "staticType", 0, 3));
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetUser(id);
  if (!user) return info.Env().Null();
  return Napi::String::New(info.Env(), user->AvatarUrl(animated, still));
}

// getUserDetails(userId) → {activity, relationship, applicationProfiles} | null
Napi::Value ClientWrap::GetUserDetails(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "userId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::UserHandle> user = client_->GetUser(id);
  return user ? Napi::Value(UserDetailsToJs(info.Env(), CaptureUserDetails(*user))) : info.Env().Null();
}

// getUserApplicationProfiles() → the current user's profiles. The Client-level call is a 1.10
// symbol; an older library gets the same data through the current user's handle.
Napi::Value ClientWrap::GetUserApplicationProfiles(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (!client_) return Napi::Array::New(env);
  std::vector<ApplicationProfileData> profiles;
  if (SdkLibrary::HasSymbol("Platform_Client_GetUserApplicationProfiles")) {
    profiles = CaptureProfiles(client_->GetUserApplicationProfiles());
  } else if (std::optional<platformpp::UserHandle> me = client_->GetCurrentUserV2()) {
    profiles = CaptureProfiles(me->UserApplicationProfiles());
  }
  Napi::Array out = Napi::Array::New(env, profiles.size());
  for (size_t i = 0; i < profiles.size(); ++i) out.Set(static_cast<uint32_t>(i), ApplicationProfileToJs(env, profiles[i]));
  return out;
}

}  // namespace psdk
