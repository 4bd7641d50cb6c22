// presence.cc — see presence.h; implements the presence half of social_hooks.h.
#include "presence.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "clock.h"
#include "crypto.h"
#include "directory.h"
#include "lobbies.h"
#include "messages.h"
#include "ops.h"
#include "registry.h"
#include "results.h"
#include "sim_strings.h"
#include "social_hooks.h"

namespace psim {
namespace {

// ---- validation ------------------------------------------------------------------------------

std::optional<std::string> checkLength(const std::string &field, const std::string &v, size_t min, size_t max) {
    const auto n = utf8Length(v);
    if (!n) return field + " must be valid UTF-8";
    if (*n < min) return field + " must not be empty";
    if (*n > max) return field + " is " + std::to_string(*n) + " characters; the limit is " + std::to_string(max);
    return std::nullopt;
}

std::optional<std::string> checkOptLength(const std::string &field, const std::optional<std::string> &v, size_t max) {
    return v ? checkLength(field, *v, 0, max) : std::nullopt;
}

bool startsWithNoCase(const std::string &s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
    }
    return true;
}

// http:// or https:// (any case), a host right after the scheme, no whitespace or control
// characters anywhere.
bool isHttpUrl(const std::string &s) {
    size_t at = 0;
    if (startsWithNoCase(s, "http://")) {
        at = 7;
    } else if (startsWithNoCase(s, "https://")) {
        at = 8;
    } else {
        return false;
    }
    if (at >= s.size() || s[at] == '/' || s[at] == '?' || s[at] == '#') return false;
    return std::none_of(s.begin(), s.end(), [](char ch) {
        const auto c = static_cast<unsigned char>(ch);
        return c <= 0x20 || c == 0x7F;
    });
}

std::optional<std::string> checkUrl(const std::string &field, const std::string &v, size_t max) {
    if (auto err = checkLength(field, v, 1, max)) return err;
    if (!isHttpUrl(v)) return field + " must be an http:// or https:// URL";
    return std::nullopt;
}

std::optional<std::string> checkOptUrl(const std::string &field, const std::optional<std::string> &v, size_t max) {
    return v ? checkUrl(field, *v, max) : std::nullopt;
}

const char *activityTypeName(int32_t t) {
    switch (t) {
    case Platform_ActivityTypes_Playing: return "Playing";
    case Platform_ActivityTypes_Streaming: return "Streaming";
    case Platform_ActivityTypes_Listening: return "Listening";
    case Platform_ActivityTypes_Watching: return "Watching";
    case Platform_ActivityTypes_CustomStatus: return "CustomStatus";
    case Platform_ActivityTypes_Competing: return "Competing";
    case Platform_ActivityTypes_HangStatus: return "HangStatus";
    default: return "unknown";
    }
}

// ---- store -----------------------------------------------------------------------------------

UserPresence *findPresence(World &w, uint64_t userId) {
    auto it = w.presence.users.find(userId);
    return it == w.presence.users.end() ? nullptr : &it->second;
}

const ActivityEntry *activityOf(World &w, uint64_t userId, uint64_t app) {
    const UserPresence *p = findPresence(w, userId);
    if (p == nullptr) return nullptr;
    auto it = p->activities.find(app);
    return it == p->activities.end() || !it->second.activity ? nullptr : &it->second;
}

// A party others can join: a party id and a join secret.
bool joinable(const ActivityEntry *e) {
    return e != nullptr && e->activity->party && !e->activity->party->id.empty() && e->activity->secrets &&
           !e->activity->secrets->join.empty();
}

uint64_t parentOf(World &w, uint64_t app) {
    const Application *a = findApp(w, app);
    return a != nullptr ? a->parentId : 0;
}

bool readySession(World &w, uint64_t userId, uint64_t app) {
    return std::any_of(w.clients.begin(), w.clients.end(), [&](const auto &kv) {
        const ClientState &c = *kv.second;
        return c.status == Platform_Client_Status_Ready && c.sessionUserId == userId &&
               (app == 0 || clientApp(w, c) == app);
    });
}

// Ready clients of the user: of any application (app 0), or of `app` or its parent.
std::vector<uint64_t> readyClients(World &w, uint64_t userId, uint64_t app, uint64_t parentApp) {
    std::vector<uint64_t> keys;
    for (const auto &[key, c] : w.clients) {
        if (c->status != Platform_Client_Status_Ready || c->sessionUserId != userId) continue;
        const uint64_t ca = clientApp(w, *c);
        if (app == 0 || ca == app || (parentApp != 0 && ca == parentApp)) keys.push_back(key);
    }
    return keys;
}

// Online anywhere: a Ready session, the desktop client, or an activity published from another
// device (PlatformSim_SetUserPresence).
bool onlineSomewhere(World &w, uint64_t userId) {
    if (readySession(w, userId, 0)) return true;
    const UserPresence *p = findPresence(w, userId);
    if (p == nullptr) return false;
    if (p->desktopOnline) return true;
    return std::any_of(p->activities.begin(), p->activities.end(),
                       [](const auto &kv) { return kv.second.clientKey == 0; });
}

int32_t chosenStatus(World &w, uint64_t userId) {
    const UserPresence *p = findPresence(w, userId);
    return p != nullptr ? p->status : Platform_StatusType_Online;
}

// UserUpdated(userId) to every client with a session that knows the user, except `exceptKey`.
void notifyUserUpdated(World &w, uint64_t userId, uint64_t due, uint64_t exceptKey) {
    for (const auto &[key, c] : w.clients) {
        if (key == exceptKey || !hasSession(*c) || !clientKnowsUser(w, *c, userId)) continue;
        queueSlotEvent(w, key, due, &ClientState::userUpdatedCb, [userId](const Callback &cb) {
            cb.as<Platform_Client_UserUpdatedCallback>()(userId, cb.userData());
        });
    }
}

// A fresh ActivityInvite per delivery; the receiver adopts it.
void pushInvite(World &w, uint64_t clientKey, uint64_t due, Slot slot, const ActivityInviteData &invite) {
    queueSlotEvent(w, clientKey, due, slot, [invite](const Callback &cb) {
        Platform_ActivityInvite obj{Registry<ActivityInviteData>::get().add(invite)};
        cb.as<Platform_Client_ActivityInviteCallback>()(&obj, cb.userData());
    });
}

// The party owner's activity in the invite's application still has its party id and secret.
bool partyStillThere(World &w, const InviteRec &r) {
    const ActivityEntry *e = activityOf(w, r.partyOwnerId, r.applicationId);
    return joinable(e) && e->activity->party->id == r.partyId && e->activity->secrets->join == r.joinSecret;
}

// Invites for the owner's parties in `app` whose party is gone become invalid; their recipients'
// Ready sessions (of the application or its parent) get ActivityInviteUpdated.
void revalidateInvites(World &w, uint64_t owner, uint64_t app, uint64_t due) {
    for (auto &[id, r] : w.presence.invites) {
        if (!r.valid || r.partyOwnerId != owner || r.applicationId != app || partyStillThere(w, r)) continue;
        r.valid = false;
        const ActivityInviteData v = inviteValue(r);
        for (uint64_t key : readyClients(w, r.recipientId, r.applicationId, r.parentApplicationId)) {
            pushInvite(w, key, due, &ClientState::activityInviteUpdatedCb, v);
        }
    }
}

// The client that published an entry forgets its local copy once another source replaces or
// clears it (so that its next Ready does not bring the old activity back).
void forgetLocalCopy(World &w, const ActivityEntry &e, uint64_t newPublisher) {
    if (e.clientKey == 0 || e.clientKey == newPublisher) return;
    if (ClientState *old = findClient(w, e.clientKey)) old->localActivity.reset();
}

// Publishes without notifying; true when what others see changed.
bool store(World &w, uint64_t userId, uint64_t app, const ActivityData &a, uint64_t clientKey, uint64_t t) {
    auto next = std::make_shared<const ActivityData>(publishedForm(w, a, app));
    UserPresence &up = w.presence.users[userId];
    bool changed = true;
    if (auto it = up.activities.find(app); it != up.activities.end()) {
        changed = !it->second.activity || !(*it->second.activity == *next);
        forgetLocalCopy(w, it->second, clientKey);
    }
    up.activities[app] = ActivityEntry{std::move(next), clientKey, t};
    return changed;
}

OpOutcome fail(int32_t status, int32_t code, const std::string &message) {
    return outcomeOf(result::platform(status, code, message));
}

// The DM message carrying the invite, the record, and ActivityInviteCreated to the recipient's
// Ready sessions of the application or its parent.
OpOutcome createInvite(World &w, const InviteCtx &ctx, uint64_t recipientId, int32_t type, uint64_t partyOwner,
                       const ActivityData &party, const std::string &content, uint64_t t) {
    Outgoing msg;
    msg.authorId = ctx.user;
    msg.content = content;
    msg.applicationId = ctx.app;
    OpOutcome sent = sendUserMessage(w, recipientId, std::move(msg), t);
    if (!sent.result.successful) return sent;
    const DmChannel *dm = findDm(w, ctx.user, recipientId);
    InviteRec r;
    r.messageId = sent.id;
    r.channelId = dm != nullptr ? dm->id : 0;
    r.senderId = ctx.user;
    r.recipientId = recipientId;
    r.type = type;
    r.applicationId = ctx.app;
    r.parentApplicationId = parentOf(w, ctx.app);
    r.partyId = party.party->id;
    r.sessionId = ctx.sessionId;
    r.valid = true;
    r.partyOwnerId = partyOwner;
    r.joinSecret = party.secrets->join;
    const ActivityInviteData v = inviteValue(r);
    w.presence.invites[r.messageId] = std::move(r);
    for (uint64_t key : readyClients(w, recipientId, v.applicationId, v.parentApplicationId)) {
        pushInvite(w, key, pushDue(w, t), &ClientState::activityInviteCreatedCb, v);
    }
    return outcomeOf(result::ok());
}

const InviteRec *findInvite(World &w, uint64_t messageId) {
    auto it = w.presence.invites.find(messageId);
    return it == w.presence.invites.end() ? nullptr : &it->second;
}

}  // namespace

// ---- validation --------------------------------------------------------------------------------

std::optional<std::string> checkActivity(const ActivityData &a) {
    switch (a.type) {
    case Platform_ActivityTypes_Playing:
    case Platform_ActivityTypes_Listening:
    case Platform_ActivityTypes_Watching:
    case Platform_ActivityTypes_Competing: break;
    default:
        return "activity.type " + std::to_string(a.type) + " (" + activityTypeName(a.type) +
               ") is not supported: the local transport accepts only Playing (0), Listening (2), Watching (3) "
               "and Competing (5)";
    }
    if (a.statusDisplayType && (*a.statusDisplayType < Platform_StatusDisplayTypes_Name ||
                                *a.statusDisplayType > Platform_StatusDisplayTypes_Details)) {
        return "activity.statusDisplayType must be Name (0), State (1) or Details (2)";
    }
    if (auto e = checkLength("activity.name", a.name, 0, kMaxActivityNameChars)) return e;
    if (auto e = checkOptLength("activity.state", a.state, kMaxActivityTextChars)) return e;
    if (auto e = checkOptUrl("activity.stateUrl", a.stateUrl, kMaxActivityUrlChars)) return e;
    if (auto e = checkOptLength("activity.details", a.details, kMaxActivityTextChars)) return e;
    if (auto e = checkOptUrl("activity.detailsUrl", a.detailsUrl, kMaxActivityUrlChars)) return e;
    if (a.assets) {
        const ActivityAssetsData &s = *a.assets;
        if (auto e = checkOptLength("activity.assets.largeImage", s.largeImage, kMaxActivityImageChars)) return e;
        if (auto e = checkOptLength("activity.assets.largeText", s.largeText, kMaxActivityTextChars)) return e;
        if (auto e = checkOptUrl("activity.assets.largeUrl", s.largeUrl, kMaxActivityUrlChars)) return e;
        if (auto e = checkOptLength("activity.assets.smallImage", s.smallImage, kMaxActivityImageChars)) return e;
        if (auto e = checkOptLength("activity.assets.smallText", s.smallText, kMaxActivityTextChars)) return e;
        if (auto e = checkOptUrl("activity.assets.smallUrl", s.smallUrl, kMaxActivityUrlChars)) return e;
        if (auto e = checkOptLength("activity.assets.inviteCoverImage", s.inviteCoverImage, kMaxActivityImageChars)) {
            return e;
        }
    }
    if (a.timestamps && a.timestamps->start != 0 && a.timestamps->end != 0 && a.timestamps->end < a.timestamps->start) {
        return "activity.timestamps.end (" + std::to_string(a.timestamps->end) + ") is before activity.timestamps.start (" +
               std::to_string(a.timestamps->start) + ")";
    }
    if (a.party) {
        const ActivityPartyData &p = *a.party;
        if (auto e = checkLength("activity.party.id", p.id, 1, kMaxPartyIdChars)) return e;
        if (p.currentSize < 0) return "activity.party.currentSize must not be negative";
        if (p.maxSize < 0) return "activity.party.maxSize must not be negative";
        if (p.currentSize > p.maxSize) {
            return "activity.party.currentSize (" + std::to_string(p.currentSize) + ") is greater than activity.party.maxSize (" +
                   std::to_string(p.maxSize) + ")";
        }
        if (p.privacy != Platform_ActivityPartyPrivacy_Private && p.privacy != Platform_ActivityPartyPrivacy_Public) {
            return "activity.party.privacy must be Private (0) or Public (1)";
        }
    }
    if (a.secrets) {
        if (auto e = checkLength("activity.secrets.join", a.secrets->join, 1, kMaxJoinSecretChars)) return e;
    }
    if (a.buttons.size() > kMaxActivityButtons) {
        return "activity has " + std::to_string(a.buttons.size()) + " buttons; the limit is 2";
    }
    for (size_t i = 0; i < a.buttons.size(); ++i) {
        const std::string f = "activity.buttons[" + std::to_string(i) + "]";
        if (auto e = checkLength(f + ".label", a.buttons[i].label, 1, kMaxButtonLabelChars)) return e;
        if (auto e = checkUrl(f + ".url", a.buttons[i].url, kMaxButtonUrlChars)) return e;
    }
    if (a.supportedPlatforms == 0) return "activity.supportedPlatforms must name at least one platform";
    if ((a.supportedPlatforms & ~kAllGamePlatforms) != 0) {
        return "activity.supportedPlatforms has undefined bits; allowed: an OR of Desktop (1), Xbox (2), Samsung (4), "
               "IOS (8), Android (16), Embedded (32), PS4 (64), PS5 (128)";
    }
    return std::nullopt;
}

bool choosableStatus(int32_t status) {
    return status == Platform_StatusType_Online || status == Platform_StatusType_Idle ||
           status == Platform_StatusType_Dnd || status == Platform_StatusType_Invisible;
}

const char *statusTypeName(int32_t status) {
    switch (status) {
    case Platform_StatusType_Online: return "Online";
    case Platform_StatusType_Offline: return "Offline";
    case Platform_StatusType_Blocked: return "Blocked";
    case Platform_StatusType_Idle: return "Idle";
    case Platform_StatusType_Dnd: return "Dnd";
    case Platform_StatusType_Invisible: return "Invisible";
    case Platform_StatusType_Streaming: return "Streaming";
    case Platform_StatusType_Unknown: return "Unknown";
    default: return "unknown";
    }
}

// ---- publishing ----------------------------------------------------------------------------------

ActivityData publishedForm(World &w, const ActivityData &a, uint64_t app) {
    ActivityData p = a;
    p.applicationId = app;
    const Application *ap = findApp(w, app);
    if (ap != nullptr && ap->parentId != 0) {
        p.parentApplicationId = ap->parentId;
    } else {
        p.parentApplicationId.reset();
    }
    if (p.name.empty() && ap != nullptr) p.name = ap->name;
    return p;
}

void publishActivity(World &w, uint64_t userId, uint64_t app, const ActivityData &a, uint64_t clientKey, uint64_t t) {
    if (!store(w, userId, app, a, clientKey, t)) return;
    const uint64_t due = pushDue(w, t);
    revalidateInvites(w, userId, app, due);
    presenceChanged(w, userId, due);
}

bool clearActivity(World &w, uint64_t userId, uint64_t app, std::optional<uint64_t> publisher, uint64_t t) {
    UserPresence *up = findPresence(w, userId);
    if (up == nullptr) return false;
    auto it = up->activities.find(app);
    if (it == up->activities.end() || (publisher && it->second.clientKey != *publisher)) return false;
    forgetLocalCopy(w, it->second, publisher.value_or(0));
    up->activities.erase(it);
    const uint64_t due = pushDue(w, t);
    revalidateInvites(w, userId, app, due);
    presenceChanged(w, userId, due);
    return true;
}

void setChosenStatus(World &w, uint64_t userId, int32_t status, uint64_t t) {
    const int32_t visible = visibleStatus(w, userId), own = ownStatus(w, userId);
    w.presence.users[userId].status = status;
    if (visible != visibleStatus(w, userId) || own != ownStatus(w, userId)) presenceChanged(w, userId, pushDue(w, t));
}

void setDesktopStatus(World &w, uint64_t userId, int32_t status, uint64_t t) {
    const int32_t visible = visibleStatus(w, userId), own = ownStatus(w, userId);
    UserPresence &up = w.presence.users[userId];
    if (status == Platform_StatusType_Offline) {
        up.desktopOnline = false;
        if (w.presence.desktopUserId == userId) w.presence.desktopUserId = 0;
    } else {
        up.desktopOnline = true;
        up.status = status;
        w.presence.desktopUserId = userId;
    }
    if (visible != visibleStatus(w, userId) || own != ownStatus(w, userId)) presenceChanged(w, userId, pushDue(w, t));
}

// ---- session hooks -------------------------------------------------------------------------------

void presenceOnSessionReady(World &w, ClientState &c, uint64_t at) {
    if (c.gatewaySessionId.empty()) {
        c.gatewaySessionId = crypto::sha256Hex("gateway-session:" + std::to_string(clock::nextSnowflake())).substr(0, 32);
    }
    const uint64_t user = c.sessionUserId, app = clientApp(w, c);
    if (user == 0) return;
    const uint64_t due = pushDue(w, at);
    if (c.localActivity && app != 0) {
        store(w, user, app, *c.localActivity, c.key, at);
        revalidateInvites(w, user, app, due);
    }
    // The new session starts from the current state (like GetRelationships): no UserUpdated for
    // its own user; everyone else who knows the user hears of it.
    notifyUserUpdated(w, user, due, c.key);
    relationshipsOnPresenceChanged(w, user, due);
    relationshipsOnSessionReady(w, c);
}

void presenceOnSessionEnded(World &w, uint64_t clientKey, uint64_t userId, uint64_t app, uint64_t at) {
    if (userId == 0) return;
    const uint64_t due = pushDue(w, at);
    if (UserPresence *up = findPresence(w, userId); up != nullptr && app != 0) {
        auto it = up->activities.find(app);
        if (it != up->activities.end() && it->second.clientKey == clientKey) {
            up->activities.erase(it);
            revalidateInvites(w, userId, app, due);
        }
    }
    presenceChanged(w, userId, due);
}

// ---- reading -----------------------------------------------------------------------------------

int32_t statusSeenBy(World &w, uint64_t viewerUser, uint64_t userId) {
    return viewerUser != 0 && viewerUser == userId ? ownStatus(w, userId) : visibleStatus(w, userId);
}

std::optional<ActivityData> gameActivitySeenBy(World &w, const ClientState &viewer, uint64_t userId) {
    const uint64_t app = clientApp(w, viewer);
    if (app == 0) return std::nullopt;
    const bool self = viewer.sessionUserId != 0 && viewer.sessionUserId == userId;
    if (!self && visibleStatus(w, userId) == Platform_StatusType_Offline) return std::nullopt;
    const ActivityEntry *e = activityOf(w, userId, app);
    if (e == nullptr) return std::nullopt;
    ActivityData a = *e->activity;
    // Choice: the join secret is the key to the party, handed out only through an accepted invite
    // (AcceptActivityInvite) or an ActivityJoin; other users' views of the activity leave it out.
    if (!self) a.secrets.reset();
    const Application *ap = findApp(w, app);
    const bool hasCover = a.assets && a.assets->inviteCoverImage && !a.assets->inviteCoverImage->empty();
    if (ap != nullptr && !ap->coverImage.empty() && !hasCover) {
        if (!a.assets) a.assets.emplace();
        a.assets->inviteCoverImage = ap->coverImage;
    }
    return a;
}

// ---- invites ---------------------------------------------------------------------------------

ActivityInviteData inviteValue(const InviteRec &r) {
    ActivityInviteData v;
    v.senderId = r.senderId;
    v.channelId = r.channelId;
    v.messageId = r.messageId;
    v.type = r.type;
    v.applicationId = r.applicationId;
    v.parentApplicationId = r.parentApplicationId;
    v.partyId = r.partyId;
    v.sessionId = r.sessionId;
    v.isValid = r.valid;
    return v;
}

OpOutcome sendActivityInvite(World &w, const InviteCtx &ctx, uint64_t recipientId, const std::string &content,
                             uint64_t t) {
    if (findUser(w, recipientId) == nullptr) return fail(404, kErrUnknownUser, "Unknown User");
    if (recipientId == ctx.user) return fail(400, kErrInvalidFormBody, "Cannot send an activity invite to yourself");
    const ActivityEntry *mine = activityOf(w, ctx.user, ctx.app);
    if (!joinable(mine)) {
        return fail(400, kErrInvalidFormBody,
                    "Cannot send an activity invite: your activity in this application has no party id and join secret");
    }
    if (blockedEitherWay(w, ctx.user, recipientId)) {
        return fail(403, kErrCannotMessageUser, "Cannot send an activity invite to this user: one of you blocked the other");
    }
    if (!areFriends(w, ctx.user, recipientId, ctx.app)) {
        return fail(403, kErrCannotMessageUser, "Activity invites can only be sent to friends");
    }
    return createInvite(w, ctx, recipientId, Platform_ActivityActionTypes_Join, ctx.user, *mine->activity, content, t);
}

OpOutcome sendJoinRequest(World &w, const InviteCtx &ctx, uint64_t targetId, uint64_t t) {
    if (findUser(w, targetId) == nullptr) return fail(404, kErrUnknownUser, "Unknown User");
    if (targetId == ctx.user) return fail(400, kErrInvalidFormBody, "Cannot ask yourself to join your own party");
    if (blockedEitherWay(w, ctx.user, targetId)) {
        return fail(403, kErrCannotMessageUser, "Cannot ask to join this user: one of you blocked the other");
    }
    const ActivityEntry *theirs = activityOf(w, targetId, ctx.app);
    // A user who appears offline (Invisible included) shows no party to join.
    if (!joinable(theirs) || visibleStatus(w, targetId) == Platform_StatusType_Offline) {
        return fail(400, kErrInvalidFormBody, "The user has no joinable activity (party id and join secret) in this application");
    }
    if (theirs->activity->party->privacy != Platform_ActivityPartyPrivacy_Public &&
        !areFriends(w, ctx.user, targetId, ctx.app)) {
        return fail(403, kErrCannotMessageUser, "The party is private: only friends can ask to join");
    }
    return createInvite(w, ctx, targetId, Platform_ActivityActionTypes_JoinRequest, targetId, *theirs->activity, "", t);
}

OpOutcome replyToJoinRequest(World &w, const InviteCtx &ctx, uint64_t messageId, uint64_t t) {
    const InviteRec *r = findInvite(w, messageId);
    if (r == nullptr) return fail(404, kErrUnknownMessage, "Unknown Message: no such join request");
    if (r->type != Platform_ActivityActionTypes_JoinRequest) {
        return fail(400, kErrInvalidFormBody, "The invite is not a join request");
    }
    if (r->recipientId != ctx.user) return fail(403, kErrMissingAccess, "This join request was not sent to you");
    if (r->applicationId != ctx.app) return fail(400, kErrInvalidFormBody, "The join request is for another application");
    if (!r->valid || !partyStillThere(w, *r)) {
        return fail(400, kErrInvalidFormBody, "The join request is no longer valid: your party or join secret changed");
    }
    const uint64_t requester = r->senderId;
    if (blockedEitherWay(w, ctx.user, requester)) {
        return fail(403, kErrCannotMessageUser, "Cannot send an activity invite to this user: one of you blocked the other");
    }
    const ActivityEntry *mine = activityOf(w, ctx.user, ctx.app);
    return createInvite(w, ctx, requester, Platform_ActivityActionTypes_Join, ctx.user, *mine->activity, "", t);
}

OpOutcome acceptActivityInvite(World &w, const InviteCtx &ctx, uint64_t messageId, uint64_t) {
    const InviteRec *r = findInvite(w, messageId);
    if (r == nullptr) return fail(404, kErrUnknownMessage, "Unknown Message: no such activity invite");
    if (r->recipientId != ctx.user) return fail(403, kErrMissingAccess, "This invite was not sent to you");
    if (r->type != Platform_ActivityActionTypes_Join) {
        return fail(400, kErrInvalidFormBody,
                    "Only Join invites can be accepted; answer a join request with SendActivityJoinRequestReply");
    }
    if (ctx.app != r->applicationId && (r->parentApplicationId == 0 || ctx.app != r->parentApplicationId)) {
        return fail(400, kErrInvalidFormBody, "The invite is for another application");
    }
    if (!r->valid || !partyStillThere(w, *r)) return fail(400, kErrInvalidFormBody, "The invite is no longer valid");
    OpOutcome out = outcomeOf(result::ok());
    out.text = r->joinSecret;
    return out;
}

int32_t acceptInviteElsewhere(World &w, uint64_t userId, uint64_t messageId, uint64_t now, std::string *err) {
    auto failed = [err](std::string m) {
        *err = std::move(m);
        return int32_t{-1};
    };
    if (findUser(w, userId) == nullptr) return failed("404: unknown user " + std::to_string(userId));
    const InviteRec *r = findInvite(w, messageId);
    if (r == nullptr) return failed("404: unknown invite (message " + std::to_string(messageId) + ")");
    if (r->recipientId != userId) return failed("403: the invite was not sent to user " + std::to_string(userId));
    if (r->type != Platform_ActivityActionTypes_Join) return failed("400: only Join invites can be accepted");
    if (!r->valid || !partyStillThere(w, *r)) return failed("400: the invite is no longer valid");
    const ActivityInviteData v = inviteValue(*r);
    const std::string secret = r->joinSecret;
    const uint64_t due = pushDue(w, now);
    const std::vector<uint64_t> sessions = readyClients(w, userId, 0, 0);
    for (uint64_t key : sessions) pushInvite(w, key, due, &ClientState::activityInviteCreatedCb, v);
    for (uint64_t key : sessions) {
        const uint64_t app = clientApp(w, *findClient(w, key));
        if (app == v.applicationId) {
            queueSlotEvent(w, key, due, &ClientState::activityJoinCb, [secret](const Callback &cb) {
                cb.as<Platform_Client_ActivityJoinCallback>()(allocString(secret), cb.userData());
            });
        } else if (v.parentApplicationId != 0 && app == v.parentApplicationId) {
            const uint64_t inviteApp = v.applicationId;
            queueSlotEvent(w, key, due, &ClientState::activityJoinWithAppCb, [inviteApp, secret](const Callback &cb) {
                cb.as<Platform_Client_ActivityJoinWithApplicationCallback>()(inviteApp, allocString(secret), cb.userData());
            });
        }
    }
    return static_cast<int32_t>(sessions.size());
}

// ---- social_hooks.h (presence half) ------------------------------------------------------------

int32_t visibleStatus(World &w, uint64_t userId) {
    if (!onlineSomewhere(w, userId)) return Platform_StatusType_Offline;
    const int32_t s = chosenStatus(w, userId);
    return s == Platform_StatusType_Invisible ? Platform_StatusType_Offline : s;
}

int32_t ownStatus(World &w, uint64_t userId) {
    return onlineSomewhere(w, userId) ? chosenStatus(w, userId) : Platform_StatusType_Offline;
}

bool isPlayingApp(World &w, uint64_t userId, uint64_t applicationId) {
    if (applicationId == 0 || visibleStatus(w, userId) == Platform_StatusType_Offline) return false;
    return readySession(w, userId, applicationId) || activityOf(w, userId, applicationId) != nullptr;
}

void presenceChanged(World &w, uint64_t userId, uint64_t at) {
    notifyUserUpdated(w, userId, at, 0);
    relationshipsOnPresenceChanged(w, userId, at);
}

}  // namespace psim
