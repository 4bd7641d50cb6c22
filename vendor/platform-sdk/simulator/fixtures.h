// fixtures.h — world fixtures (PlatformSim_WorldSave / WorldLoad) and the live view of the
// world for the simulator console (PlatformSim_WorldView).
//
// The fixture format is documented in docs/console.md ("World fixtures"): a JSON document with
// "format": "platform-social-sdk/world" and "version": 1. Ids are decimal strings. Tokens are
// never written; lobby secrets and activity join secrets are (a fixture is a file the developer
// keeps, not something shown), and the view leaves both out. Grants (opt-in) carry the SHA-256
// of each token, as an authorization server stores them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "world.h"

namespace psim::fixtures {

inline constexpr int kFormatVersion = 1;
inline constexpr const char *kFormatName = "platform-social-sdk/world";
// Newest messages kept per lobby in a fixture / shown per channel in the view.
inline constexpr size_t kSavedMessagesPerLobby = 50;
inline constexpr size_t kViewMessagesPerChannel = 50;
// Largest document WorldLoad reads: above the 16 MiB of other string arguments (sim_strings.h),
// because a world of 100,000 users with 50,000 friendships is ~25 MB of JSON (docs/simulator.md,
// "How large a world"). lib/fixtures.ts (MAX_WORLD_BYTES) checks the same bound first.
inline constexpr size_t kMaxWorldBytes = size_t{128} << 20;

// World lock held. `withGrants`: also the live grants, each token as its SHA-256 only.
std::string save(World &w, uint64_t now, bool withGrants = false);
// World lock held. The fixture plus what lives only in this process: clients (sessions),
// calls, direct messages, network, clock and pending authorizations.
std::string view(World &w, uint64_t now);

// Validates the whole document first; on any error returns false with *err naming the field
// ("users[2].username: ...") and changes nothing. On success the world is replaced with it.
bool load(std::string_view text, std::string *err);

}  // namespace psim::fixtures
