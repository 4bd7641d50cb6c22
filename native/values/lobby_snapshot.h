// A LobbyHandle read into a JS object: {id, metadata, members[], linkedChannel, callInfo}.
// Read on the JS thread when asked for (lobbies persist while the user is a member, unlike
// messages), so nothing here runs inside an SDK callback.
#pragma once

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

Napi::Object LobbyToJs(Napi::Env env, const platformpp::LobbyHandle &lobby);

}  // namespace psdk
