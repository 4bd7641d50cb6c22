// user_view.h — what a UserHandle resolves to (handle_view.h): a copy of the user and the status
// its client sees. Built by the user handle's getters (api_user_handle.cc) and, for a friends
// list, by GetRelationships under the lock it already holds (api_client_relationships.cc), which
// hands each friend's view on to the UserHandle that RelationshipHandle_User creates.
//
// World lock held (a WorldLock or a WorldPeek) for makeUserView.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "cplatform.h"
#include "world.h"

namespace psim {

// An empty `user` reads as defaults (the user or the client is gone). Immutable once built.
struct UserView {
    std::optional<User> user;
    int32_t status = Platform_StatusType_Unknown;
    bool self = false;  // the user is the viewer's session user (sees its own status and activity)
};

// The view of `userId` as the client `viewer` sees it now (viewer null: the client is gone),
// written into a default-constructed `v` (a RelationshipView holds its user's view inline).
void fillUserView(UserView &v, World &w, const ClientState *viewer, uint64_t userId);
std::shared_ptr<const UserView> makeUserView(World &w, const ClientState *viewer, uint64_t userId);
// True when `v` is exactly what fillUserView would write now (a view built under an earlier
// lockSeq that nothing since has changed: it can be kept instead of copying the user again).
bool userViewStillCurrent(const UserView &v, World &w, const ClientState *viewer, uint64_t userId);

}  // namespace psim
