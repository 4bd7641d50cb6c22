// relationships.cc — STUB until the relationships area lands: nobody is anybody's friend.
// Replaced by the full implementation (social_hooks.h contract).
#include "social_hooks.h"

namespace psim {

void relationshipsOnPresenceChanged(World &, uint64_t, uint64_t) {}
void relationshipsOnSessionReady(World &, ClientState &) {}
bool areFriends(World &, uint64_t, uint64_t, uint64_t) { return false; }
bool blockedEitherWay(World &, uint64_t, uint64_t) { return false; }

}  // namespace psim
