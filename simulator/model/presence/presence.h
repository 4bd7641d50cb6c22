// presence.h — rich presence (activities), online status, activity invites and join requests.
//
// The platform keeps per user (PresenceStore.users): the status the user chose (Online, Idle,
// Dnd, Invisible; kept across sessions), whether the desktop client is open
// (PlatformSim_SetUserStatus), and at most one published activity per application. An activity
// is published by a client (UpdateRichPresence; removed when that client's Ready session ends)
// or by PlatformSim_SetUserPresence (clientKey 0: "another device", kept until cleared).
//
// A client keeps the last activity it was given (ClientState.localActivity) and publishes it
// whenever its session becomes Ready; ClearRichPresence forgets it.
//
// Invites: each invite or join request is a game DM message (messages.h) from its sender to its
// recipient, recorded in PresenceStore.invites by message id. An invite belongs to the party of
// its *party owner* (the sender of a Join invite, the recipient of a JoinRequest) and stays valid
// while that user's activity in the invite's application has the same party id and join secret.
//
// Everything others see changes through presenceChanged (social_hooks.h). World lock held for
// everything here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "activity_values.h"
#include "client_state.h"
#include "world.h"

namespace psim {

// Our chosen limits (from the platform's public rich-presence limits), in Unicode code points.
inline constexpr size_t kMaxActivityNameChars = 128;
inline constexpr size_t kMaxActivityTextChars = 128;    // state, details, largeText, smallText
inline constexpr size_t kMaxActivityUrlChars = 256;     // stateUrl, detailsUrl, largeUrl, smallUrl
inline constexpr size_t kMaxActivityImageChars = 300;   // largeImage, smallImage, inviteCoverImage
inline constexpr size_t kMaxPartyIdChars = 128;
inline constexpr size_t kMaxJoinSecretChars = 128;
inline constexpr size_t kMaxActivityButtons = 2;
inline constexpr size_t kMaxButtonLabelChars = 32;
inline constexpr size_t kMaxButtonUrlChars = 512;
inline constexpr int32_t kAllGamePlatforms = 0xFF;  // Desktop .. PS5

// Error codes of the invite endpoints.
inline constexpr int32_t kErrInvalidFormBody = 50035;

// nullopt when the activity may be published; else the ValidationError message (names the field).
std::optional<std::string> checkActivity(const ActivityData &a);
// Online, Idle, Dnd, Invisible.
bool choosableStatus(int32_t status);
const char *statusTypeName(int32_t status);

// The activity as others see it: applicationId / parentApplicationId of `app`, an empty name
// replaced by the application's name.
ActivityData publishedForm(World &w, const ActivityData &a, uint64_t app);
// Publishes (replacing the user's activity for `app`) at time t. When it changed, invites whose
// party is gone become invalid and presenceChanged is called (events one latency after t).
// `clientKey` 0 = PlatformSim_SetUserPresence.
void publishActivity(World &w, uint64_t userId, uint64_t app, const ActivityData &a, uint64_t clientKey, uint64_t t);
// Removes the user's activity for `app`: only when published by `publisher` (a client key), or
// whoever published it when `publisher` is nullopt. True when one was removed.
bool clearActivity(World &w, uint64_t userId, uint64_t app, std::optional<uint64_t> publisher, uint64_t t);
// Changes the chosen status; notifies when what others or the user see changed.
void setChosenStatus(World &w, uint64_t userId, int32_t status, uint64_t t);
// PlatformSim_SetUserStatus: Offline closes the desktop client, the others open it.
void setDesktopStatus(World &w, uint64_t userId, int32_t status, uint64_t t);

// Session hooks (connection.cc setStatus; Client_Drop for a Ready client).
void presenceOnSessionReady(World &w, ClientState &c, uint64_t at);
void presenceOnSessionEnded(World &w, uint64_t clientKey, uint64_t userId, uint64_t app, uint64_t at);

// What a client whose user is `viewerUser` sees of `userId`: ownStatus for itself, else
// visibleStatus.
int32_t statusSeenBy(World &w, uint64_t viewerUser, uint64_t userId);
// UserHandle_GameActivity: the user's activity for the viewer's application, with the
// application's cover image as InviteCoverImage when the activity has none.
std::optional<ActivityData> gameActivitySeenBy(World &w, const ClientState &viewer, uint64_t userId);

// What an invite request knows about its client.
struct InviteCtx {
    uint64_t key = 0;
    uint64_t user = 0;
    uint64_t app = 0;
    std::string sessionId;
};
// The server side of the invite requests (at request time t).
OpOutcome sendActivityInvite(World &w, const InviteCtx &ctx, uint64_t recipientId, const std::string &content,
                             uint64_t t);
OpOutcome sendJoinRequest(World &w, const InviteCtx &ctx, uint64_t targetId, uint64_t t);
OpOutcome replyToJoinRequest(World &w, const InviteCtx &ctx, uint64_t messageId, uint64_t t);
// out.text = the join secret.
OpOutcome acceptActivityInvite(World &w, const InviteCtx &ctx, uint64_t messageId, uint64_t t);
// PlatformSim_AcceptInviteElsewhere: the number of sessions notified, -1 and *err on error.
int32_t acceptInviteElsewhere(World &w, uint64_t userId, uint64_t messageId, uint64_t now, std::string *err);

// The ActivityInvite value of a recorded invite.
ActivityInviteData inviteValue(const InviteRec &r);

}  // namespace psim
