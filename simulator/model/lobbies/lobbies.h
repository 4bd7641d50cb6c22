// lobbies.h — lobbies of the simulated platform and what clients hear about them.
//
// A lobby belongs to one application. CreateOrJoinLobby(secret) shares one lobby among every
// user of that application joining with the same secret. Member metadata, the additional name
// and CanLinkLobby are set by the game backend (PlatformSim_Backend*). A member is Connected()
// while the user has a Ready client of the lobby's application; changes are announced to the
// other members (LobbyMemberUpdated). A client-created lobby with no connected member for
// kLobbyIdleMs is deleted; backend-created lobbies never are.
//
// Gateway events go to every client with an established session (Connected, Ready or
// Reconnecting) of the user and the lobby's application, one latency after the change.
// World lock held for everything here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "client_state.h"
#include "world.h"

namespace psim {

inline constexpr uint64_t kLobbyIdleMs = 5 * 60 * 1000;
inline constexpr size_t kMaxBulkMembers = PLATFORM_SIM_MAX_BULK_MEMBERS;
inline constexpr size_t kMaxAdditionalNameChars = 80;

// Platform error codes used by the chat endpoints.
inline constexpr int32_t kErrUnknownChannel = 10003;
inline constexpr int32_t kErrUnknownGuild = 10004;
inline constexpr int32_t kErrUnknownMessage = 10008;
inline constexpr int32_t kErrUnknownUser = 10013;
inline constexpr int32_t kErrMissingAccess = 50001;
inline constexpr int32_t kErrOtherAuthor = 50005;
inline constexpr int32_t kErrCannotMessageUser = 50007;
inline constexpr int32_t kErrMissingPermissions = 50013;
inline constexpr int32_t kErrSystemMessage = 50021;
inline constexpr int32_t kErrWrongChannelType = 50024;
inline constexpr int32_t kErrAlreadyLinked = 50025;

// The application a client acts for: SetApplicationId, else the application of its token.
uint64_t clientApp(World &w, const ClientState &c);
// A gateway session with a user (Connected, Ready or Reconnecting).
bool hasSession(const ClientState &c);
// Keys of the clients with a session as `user` (app 0: of any application).
std::vector<uint64_t> sessionClients(World &w, uint64_t app, uint64_t user);
// f(key) for each of them, in the same order, without building the list (a message's broadcast).
template <class F>
void forSessionClients(World &w, uint64_t app, uint64_t user, F &&f) {
    for (const auto &[key, c] : w.clients) {
        if (hasSession(*c) && c->sessionUserId == user && (app == 0 || clientApp(w, *c) == app)) f(key);
    }
}
// The user has a Ready client of the application.
bool userConnected(World &w, uint64_t app, uint64_t user);
// The users a client knows (GetUser, handles): itself, members of its lobbies, DM partners,
// members of its guilds and users it has a relationship with (relationships.h).
bool clientKnowsUser(World &w, const ClientState &c, uint64_t userId);

Lobby *findLobby(World &w, uint64_t lobbyId);
// LobbyMemberUpdated(lobbyId, userId) to one client, due at `due`.
void pushMemberUpdated(World &w, uint64_t clientKey, uint64_t due, uint64_t lobbyId, uint64_t userId);
// The lobby as this client sees it: of the client's application, its user a member.
Lobby *clientLobby(World &w, const ClientState &c, uint64_t lobbyId);
std::vector<uint64_t> memberIdsInJoinOrder(const Lobby &l);

// Due time of a gateway push for a change made at `t`.
uint64_t pushDue(const World &w, uint64_t t);
// LobbyUpdated to every member's clients except `exceptUser`'s (0: everyone).
void notifyLobbyUpdated(World &w, const Lobby &l, uint64_t due, uint64_t exceptUser);

// PUT /lobbies. lobbyMetadata set: replaces the lobby's metadata; memberMetadata set: replaces
// the joiner's member metadata.
OpOutcome createOrJoinLobby(World &w, uint64_t app, uint64_t user, const std::string &secret,
                            const std::optional<StringMap> &lobbyMetadata,
                            const std::optional<StringMap> &memberMetadata, uint64_t t);
// DELETE /lobbies/{id}/members/@me (idempotent).
OpOutcome leaveLobby(World &w, uint64_t app, uint64_t user, uint64_t lobbyId, uint64_t t);

struct MemberUpdate {
    uint64_t userId = 0;
    bool remove = false;
    bool setMetadata = false;
    StringMap metadata;
    std::optional<std::string> additionalName;  // nullopt: unchanged; "": cleared
    int32_t canLinkLobby = -1;
};
uint64_t backendCreateLobby(World &w, uint64_t app, std::string secret, StringMap metadata, std::string *err);
bool backendUpdateMembers(World &w, uint64_t lobbyId, const std::vector<MemberUpdate> &updates, uint64_t now,
                          std::string *err);

// A client's Ready state changed (status change or drop): announces Connected() changes of the
// user in the application's lobbies and starts/stops idle countdowns.
void onPresenceChanged(World &w, uint64_t app, uint64_t user, uint64_t at);
// Deletes the lobby: its messages and link go, members' clients get LobbyDeleted.
void deleteLobby(World &w, uint64_t lobbyId, uint64_t at);

}  // namespace psim
