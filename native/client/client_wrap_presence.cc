// ClientWrap, presence: rich presence, online status, activity invites and join requests, launch
// registration, and the invite / join events.
#include "values/activity_convert.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/invite_snapshot.h"
#include "values/user_snapshot.h"
#include "values/js_convert.h"

namespace psdk {

using platformpp::ClientResult;

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

void ClientWrap::UpdateRichPresence(Op<DoneCompletion> op, Napi::Value activity) {
  platformpp::Activity converted = ActivityFromJs(activity, "activity");
  Sdk().UpdateRichPresence(converted, ResultCompletion(sink_, op));
}

void ClientWrap::ClearRichPresence() { Sdk().ClearRichPresence(); }

// status: a StatusType; the TS layer allows Online, Idle, Dnd, Invisible.
void ClientWrap::SetOnlineStatus(Op<DoneCompletion> op, int32_t status) {
  Sdk().SetOnlineStatus(static_cast<platformpp::StatusType>(status), ResultCompletion(sink_, op));
}

void ClientWrap::SendActivityInvite(Op<DoneCompletion> op, uint64_t userId, const std::string &content) {
  Sdk().SendActivityInvite(userId, content, ResultCompletion(sink_, op));
}

void ClientWrap::SendActivityJoinRequest(Op<DoneCompletion> op, uint64_t userId) {
  Sdk().SendActivityJoinRequest(userId, ResultCompletion(sink_, op));
}

void ClientWrap::SendActivityJoinRequestReply(Op<DoneCompletion> op, Napi::Value invite) {
  platformpp::ActivityInvite converted = InviteFromJs(invite, "invite");
  Sdk().SendActivityJoinRequestReply(converted, ResultCompletion(sink_, op));
}

// Completes with the join secret.
void ClientWrap::AcceptActivityInvite(Op<JoinSecretCompletion> op, Napi::Value invite) {
  platformpp::ActivityInvite converted = InviteFromJs(invite, "invite");
  Sdk().AcceptActivityInvite(converted, [sink = sink_, op](ClientResult result, std::string joinSecret) {
    CompleteJoinSecret(*sink, op, CaptureResult(result), joinSecret);
  });
}

bool ClientWrap::RegisterLaunchCommand(uint64_t applicationId, const std::string &command) {
  return Sdk().RegisterLaunchCommand(applicationId, command);
}

bool ClientWrap::RegisterLaunchSteamApplication(uint64_t applicationId, uint32_t steamAppId) {
  return Sdk().RegisterLaunchSteamApplication(applicationId, steamAppId);
}

// Who is signed in to the desktop client on this machine (null: nobody).
void ClientWrap::GetPlatformClientConnectedUser(Op<ConnectedUserCompletion> op, uint64_t applicationId) {
  Sdk().GetPlatformClientConnectedUser(applicationId, [sink = sink_, op](platformpp::ClientResult result,
                                                                         std::optional<platformpp::UserHandle> user) {
    std::optional<UserData> captured;
    if (user && *user) captured = CaptureUser(*user);
    CompleteConnectedUser(*sink, op, CaptureResult(result), captured ? &*captured : nullptr);
  });
}

void ClientWrap::OpenConnectedGamesSettingsInPlatform(Op<DoneCompletion> op) {
  Sdk().OpenConnectedGamesSettingsInPlatform(ResultCompletion(sink_, op));
}

// Completes with whether the desktop client is installed.
void ClientWrap::IsPlatformAppInstalled(Op<InstalledCompletion> op) {
  Sdk().IsPlatformAppInstalled([sink = sink_, op](bool installed) { CompleteInstalled(*sink, op, std::nullopt, installed); });
}

#include "client/client_wrap_presence_methods.inc"

}  // namespace psdk
