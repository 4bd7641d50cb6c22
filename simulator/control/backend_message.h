// backend_message.h — the message a game-backend control describes (PlatformSim_BackendSend*,
// and the benchmark's flood, which sends the same message without options): one reading of the
// author, the content and the options, so that the controls check them alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "messages.h"
#include "platform_sim.h"
#include "world.h"

namespace psim {

// The message `authorId` sends with `options` (may be NULL) in an application's lobby or DM
// (`defaultApp`, 0 for none); nullopt with PlatformSim_LastError set when it is invalid. World lock held.
std::optional<Outgoing> backendMessage(World &w, uint64_t authorId, const std::string &content,
                                       const PlatformSim_MessageOptions *options, uint64_t defaultApp);

}  // namespace psim
