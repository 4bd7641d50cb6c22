// ClientWrap, presence: rich presence, online status, activity invites and join requests, launch
// registration, and the invite / join events.
#include <cmath>

#include "values/activity_convert.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/invite_snapshot.h"
#include "values/user_snapshot.h"
#include "values/js_convert.h"

namespace psdk {

using platformpp::ClientResult;

void ClientWrap::AddPresenceMethods(MethodList &methods) {
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::UpdateRichPresence>("updateRichPresence"),
      InstanceMethod<&ClientWrap::ClearRichPresence>("clearRichPresence"),
      InstanceMethod<&ClientWrap::SetOnlineStatus>("setOnlineStatus"),
      InstanceMethod<&ClientWrap::SendActivityInvite>("sendActivityInvite"),
      InstanceMethod<&ClientWrap::SendActivityJoinRequest>("sendActivityJoinRequest"),
      InstanceMethod<&ClientWrap::SendActivityJoinRequestReply>("sendActivityJoinRequestReply"),
      InstanceMethod<&ClientWrap::AcceptActivityInvite>("acceptActivityInvite"),
      InstanceMethod<&ClientWrap::RegisterLaunchCommand>("registerLaunchCommand"),
      InstanceMethod<&ClientWrap::RegisterLaunchSteamApplication>("registerLaunchSteamApplication"),
      InstanceMethod<&ClientWrap::IsPlatformAppInstalled>("isPlatformAppInstalled"),
      InstanceMethod<&ClientWrap::GetPlatformClientConnectedUser>("getPlatformClientConnectedUser"),
      InstanceMethod<&ClientWrap::OpenConnectedGamesSettingsInPlatform>("openConnectedGamesSettingsInPlatform"),
  });
}

void ClientWrap::RegisterPresenceCallbacks() {
  auto sink = sink_;
  // An empty invite: the SDK passed nothing to read, so there is no event.
  client_->SetActivityInviteCreatedCallback([sink](platformpp::ActivityInvite invite) {
    if (invite) PushActivityInviteCreated(*sink, CaptureInvite(invite));
  });
  client_->SetActivityInviteUpdatedCallback([sink](platformpp::ActivityInvite invite) {
    if (invite) PushActivityInviteUpdated(*sink, CaptureInvite(invite));
  });
  client_->SetActivityJoinCallback([sink](std::string joinSecret) { PushActivityJoin(*sink, joinSecret); });
  client_->SetActivityJoinWithApplicationCallback([sink](uint64_t applicationId, std::string joinSecret) {
    PushActivityJoinWithApplication(*sink, applicationId, joinSecret);
  });
}

// updateRichPresence(opId, activity)
Napi::Value ClientWrap::UpdateRichPresence(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  platformpp::Activity activity = ActivityFromJs(info.Length() > 1 ? info[1] : info.Env().Undefined(), "activity");
  Sdk(info).UpdateRichPresence(activity, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

Napi::Value ClientWrap::ClearRichPresence(const Napi::CallbackInfo &info) {
  Sdk(info).ClearRichPresence();
  return info.Env().Undefined();
}

// setOnlineStatus(opId, status): StatusType; the TS layer allows Online, Idle, Dnd, Invisible
Napi::Value ClientWrap::SetOnlineStatus(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  auto status = static_cast<platformpp::StatusType>(ArgInt32(info, 1, "status", 0, 7));
  Sdk(info).SetOnlineStatus(status, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// sendActivityInvite(opId, userId, content)
Napi::Value ClientWrap::SendActivityInvite(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t user = ArgId(info, 1, "userId");
  Sdk(info).SendActivityInvite(user, ArgString(info, 2, "content"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// sendActivityJoinRequest(opId, userId)
Napi::Value ClientWrap::SendActivityJoinRequest(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).SendActivityJoinRequest(ArgId(info, 1, "userId"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// sendActivityJoinRequestReply(opId, invite)
Napi::Value ClientWrap::SendActivityJoinRequestReply(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  platformpp::ActivityInvite invite = InviteFromJs(info.Length() > 1 ? info[1] : info.Env().Undefined(), "invite");
  Sdk(info).SendActivityJoinRequestReply(invite, ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// acceptActivityInvite(opId, invite) → [joinSecret]
Napi::Value ClientWrap::AcceptActivityInvite(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  platformpp::ActivityInvite invite = InviteFromJs(info.Length() > 1 ? info[1] : info.Env().Undefined(), "invite");
  Sdk(info).AcceptActivityInvite(invite, [sink = sink_, op](ClientResult result, std::string joinSecret) {
    CompleteJoinSecret(*sink, op, CaptureResult(result), joinSecret);
  });
  return info.Env().Undefined();
}

// registerLaunchCommand(applicationId, command) → boolean
Napi::Value ClientWrap::RegisterLaunchCommand(const Napi::CallbackInfo &info) {
  uint64_t app = ArgId(info, 0, "applicationId");
  bool ok = Sdk(info).RegisterLaunchCommand(app, ArgString(info, 1, "command"));
  return Napi::Boolean::New(info.Env(), ok);
}

// registerLaunchSteamApplication(applicationId, steamAppId) → boolean
Napi::Value ClientWrap::RegisterLaunchSteamApplication(const Napi::CallbackInfo &info) {
  uint64_t app = ArgId(info, 0, "applicationId");
  double steam = ArgNumber(info, 1, "steamAppId", 1, 4294967295.0);
  if (std::trunc(steam) != steam) throw Napi::RangeError::New(info.Env(), "steamAppId must be an integer");
  bool ok = Sdk(info).RegisterLaunchSteamApplication(app, static_cast<uint32_t>(steam));
  return Napi::Boolean::New(info.Env(), ok);
}

// getPlatformClientConnectedUser(opId, applicationId) → [user | null]: who is signed in to the
// desktop client on this machine (null: nobody).
Napi::Value ClientWrap::GetPlatformClientConnectedUser(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  uint64_t app = ArgId(info, 1, "applicationId");
  Sdk(info).GetPlatformClientConnectedUser(app, [sink = sink_, op](platformpp::ClientResult result,
                                                                  std::optional<platformpp::UserHandle> user) {
    std::optional<UserData> captured;
    if (user && *user) captured = CaptureUser(*user);
    CompleteConnectedUser(*sink, op, CaptureResult(result), captured ? &*captured : nullptr);
  });
  return info.Env().Undefined();
}

// openConnectedGamesSettingsInPlatform(opId)
Napi::Value ClientWrap::OpenConnectedGamesSettingsInPlatform(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).OpenConnectedGamesSettingsInPlatform(ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// isPlatformAppInstalled(opId) → [installed]
Napi::Value ClientWrap::IsPlatformAppInstalled(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).IsPlatformAppInstalled([sink = sink_, op](bool installed) { CompleteInstalled(*sink, op, std::nullopt, installed); });
  return info.Env().Undefined();
}

}  // namespace psdk
