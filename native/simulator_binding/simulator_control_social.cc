// The simulator's social controls (platform-social-sdk/testing): user profile edits, presence
// and invites from other devices, relationships made elsewhere, application profiles.
#include <string>

#include "values/activity_convert.h"
#include "values/invite_snapshot.h"
#include "values/js_convert.h"
#include "runtime/platformpp_bound.h"
#include "runtime/sdk_library.h"
#include "simulator_binding/simulator_control.h"

namespace psdk {

namespace simctl {
namespace {

// updateUserProfile(userId, globalName|null|undefined, avatarHash|null|undefined): undefined =
// unchanged, null = cleared
Napi::Value UpdateUserProfile(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t user = ArgId(info, 0, "userId");
  std::string values[2];
  Platform_String strings[2]{};
  Platform_String *changes[2] = {nullptr, nullptr};
  for (size_t i = 0; i < 2; ++i) {
    Napi::Value v = info.Length() > i + 1 ? info[i + 1] : env.Undefined();
    if (v.IsUndefined()) continue;
    if (!v.IsNull()) {
      if (!v.IsString()) throw Napi::TypeError::New(env, i == 0 ? "globalName must be a string or null" : "avatar must be a string or null");
      values[i] = v.As<Napi::String>().Utf8Value();
    }
    strings[i] = View(values[i]);
    changes[i] = &strings[i];
  }
  if (!sim.PlatformSim_UpdateUserProfile(user, changes[0], changes[1])) ThrowLastError(env, "users.update");
  return env.Undefined();
}

// setUserStatus(userId, StatusType)
Napi::Value SetUserStatus(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t user = ArgId(info, 0, "userId");
  auto status = static_cast<Platform_StatusType>(ArgInt32(info, 1, "status", 0, 7));
  if (!sim.PlatformSim_SetUserStatus(user, status)) ThrowLastError(info.Env(), "presence.setStatus");
  return info.Env().Undefined();
}

// setUserPresence(userId, applicationId, activity|null)
Napi::Value SetUserPresence(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t user = ArgId(info, 0, "userId");
  uint64_t app = ArgId(info, 1, "applicationId");
  Napi::Value value = info.Length() > 2 ? info[2] : env.Null();
  bool ok;
  if (value.IsNull() || value.IsUndefined()) {
    ok = sim.PlatformSim_SetUserPresence(user, app, nullptr);
  } else {
    platformpp::Activity activity = ActivityFromJs(value, "activity");
    ok = sim.PlatformSim_SetUserPresence(user, app, activity.instance());
  }
  if (!ok) ThrowLastError(env, "presence.set");
  return env.Undefined();
}

// acceptInviteElsewhere(userId, invite) → sessions notified
Napi::Value AcceptInviteElsewhere(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t user = ArgId(info, 0, "userId");
  platformpp::ActivityInvite invite = InviteFromJs(info.Length() > 1 ? info[1] : env.Undefined(), "invite");
  int32_t notified = sim.PlatformSim_AcceptInviteElsewhere(user, invite.instance());
  if (notified < 0) ThrowLastError(env, "platformClient.acceptInviteElsewhere");
  return Napi::Number::New(env, notified);
}

Napi::Value SetPlatformAppInstalled(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_SetPlatformAppInstalled(ArgBool(info, 0, "installed"));
  return info.Env().Undefined();
}

// getLaunchRegistration(applicationId) → {command, steamAppId} | null
Napi::Value GetLaunchRegistration(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  Platform_String command{};
  uint32_t steam = 0;
  if (!sim.PlatformSim_GetLaunchRegistration(ArgId(info, 0, "applicationId"), &command, &steam)) return env.Null();
  std::string commandLine = Take(command);  // owned before a Node-API call can throw
  Napi::Object o = Napi::Object::New(env);
  o.Set("command", commandLine);
  o.Set("steamAppId", Napi::Number::New(env, steam));
  return o;
}

// befriend(a, b, game, applicationId|0)
Napi::Value Befriend(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t a = ArgId(info, 0, "a"), b = ArgId(info, 1, "b");
  bool game = ArgBool(info, 2, "game");
  if (!sim.PlatformSim_Befriend(a, b, game, ArgId(info, 3, "applicationId", true))) ThrowLastError(info.Env(), "relationships.befriend");
  return info.Env().Undefined();
}

// sendFriendRequestAs(from, to, game, applicationId|0, spam)
Napi::Value SendFriendRequestAs(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t from = ArgId(info, 0, "fromId"), to = ArgId(info, 1, "toId");
  bool game = ArgBool(info, 2, "game");
  uint64_t app = ArgId(info, 3, "applicationId", true);
  if (!sim.PlatformSim_SendFriendRequestAs(from, to, game, app, ArgBool(info, 4, "spam"))) {
    ThrowLastError(info.Env(), "relationships.sendRequestAs");
  }
  return info.Env().Undefined();
}

Napi::Value RemoveRelationships(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  if (!sim.PlatformSim_RemoveRelationships(ArgId(info, 0, "a"), ArgId(info, 1, "b"))) ThrowLastError(info.Env(), "relationships.removeAll");
  return info.Env().Undefined();
}

// setUserApplicationProfile(userId, applicationId, {providerType, providerId|null, providerIssuedUserId, username, avatarHash, metadata})
Napi::Value SetUserApplicationProfile(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t user = ArgId(info, 0, "userId"), app = ArgId(info, 1, "applicationId");
  if (info.Length() < 3 || !info[2].IsObject()) throw Napi::TypeError::New(env, "profile must be an object");
  Napi::Object p = info[2].As<Napi::Object>();
  auto text = [&](const char *key) {
    Napi::Value v = p.Get(key);
    if (!v.IsString()) throw Napi::TypeError::New(env, std::string("profile.") + key + " must be a string");
    return v.As<Napi::String>().Utf8Value();
  };
  std::string issued = text("providerIssuedUserId"), username = text("username"), avatar = text("avatarHash"), metadata = text("metadata");
  std::string providerId;
  Platform_String providerIdView{};
  PlatformSim_UserApplicationProfile profile{};
  profile.providerType = static_cast<Platform_ExternalIdentityProviderType>(ToInt32(p.Get("providerType"), "profile.providerType", 0, 6));
  Napi::Value pid = p.Get("providerId");
  if (pid.IsString()) {
    providerId = pid.As<Napi::String>().Utf8Value();
    providerIdView = View(providerId);
    profile.providerId = &providerIdView;
  } else if (!pid.IsNull() && !pid.IsUndefined()) {
    throw Napi::TypeError::New(env, "profile.providerId must be a string or null");
  }
  profile.providerIssuedUserId = View(issued);
  profile.username = View(username);
  profile.avatarHash = View(avatar);
  profile.metadata = View(metadata);
  if (!sim.PlatformSim_SetUserApplicationProfile(user, app, &profile)) ThrowLastError(env, "users.setApplicationProfile");
  return env.Undefined();
}

}  // namespace

void AddSocialControls(Napi::Env env, Napi::Object &o) {
  o.Set("updateUserProfile", Napi::Function::New<UpdateUserProfile>(env, "updateUserProfile"));
  o.Set("setUserStatus", Napi::Function::New<SetUserStatus>(env, "setUserStatus"));
  o.Set("setUserPresence", Napi::Function::New<SetUserPresence>(env, "setUserPresence"));
  o.Set("acceptInviteElsewhere", Napi::Function::New<AcceptInviteElsewhere>(env, "acceptInviteElsewhere"));
  o.Set("setPlatformAppInstalled", Napi::Function::New<SetPlatformAppInstalled>(env, "setPlatformAppInstalled"));
  o.Set("getLaunchRegistration", Napi::Function::New<GetLaunchRegistration>(env, "getLaunchRegistration"));
  o.Set("befriend", Napi::Function::New<Befriend>(env, "befriend"));
  o.Set("sendFriendRequestAs", Napi::Function::New<SendFriendRequestAs>(env, "sendFriendRequestAs"));
  o.Set("removeRelationships", Napi::Function::New<RemoveRelationships>(env, "removeRelationships"));
  o.Set("setUserApplicationProfile", Napi::Function::New<SetUserApplicationProfile>(env, "setUserApplicationProfile"));
}

}  // namespace simctl
}  // namespace psdk
