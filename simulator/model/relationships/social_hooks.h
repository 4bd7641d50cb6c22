// social_hooks.h — the few functions presence (presence.cc) and relationships
// (relationships.cc) call in each other. World lock held for all of them.
//
// Who is online, what they play and which friend group they are in depend on both areas:
// presence owns statuses and activities, relationships own who is whose friend. Whenever
// presence changes what others see of a user (a session becomes Ready or ends, SetOnlineStatus,
// UpdateRichPresence / ClearRichPresence, PlatformSim_SetUserStatus / SetUserPresence), it
// calls presenceChanged(), which tells clients that know the user (UserUpdated) and lets
// relationships re-evaluate friend groups (RelationshipGroupsUpdated).
#pragma once

#include <cstdint>

#include "world.h"

namespace psim {

// ---- implemented by presence.cc ------------------------------------------------------------
// The status other users see: Offline without a Ready session or desktop presence, or while
// Invisible; otherwise the chosen status (Online, Idle, Dnd).
int32_t visibleStatus(World &w, uint64_t userId);
// The status the user sees of themself: the chosen status (Invisible included) while online.
int32_t ownStatus(World &w, uint64_t userId);
// Online and playing `applicationId`: a Ready session of that application, or an activity
// published for it (by a client or PlatformSim_SetUserPresence).
bool isPlayingApp(World &w, uint64_t userId, uint64_t applicationId);
// Queues UserUpdated(userId) to every client that knows the user, then calls
// relationshipsOnPresenceChanged. `at` is the simulated time the change becomes visible.
void presenceChanged(World &w, uint64_t userId, uint64_t at);

// ---- implemented by relationships.cc ---------------------------------------------------------
// Recomputes the group of `userId` for every Ready client whose user is their friend and queues
// RelationshipGroupsUpdated(userId) where it changed (announcedGroups).
void relationshipsOnPresenceChanged(World &w, uint64_t userId, uint64_t at);
// A client's session became Ready: records the current group of each of its friends in
// announcedGroups without announcing (the client starts from GetRelationships).
void relationshipsOnSessionReady(World &w, ClientState &c);
// True when a and b are friends (platform, or game in applicationId): invites and join requests
// need it.
bool areFriends(World &w, uint64_t a, uint64_t b, uint64_t applicationId);
// True when either user blocked the other (platform relationship Blocked).
bool blockedEitherWay(World &w, uint64_t a, uint64_t b);

}  // namespace psim
