// A UserHandle read once into a plain JS object: {id, username, displayName, globalName,
// isProvisional, avatar, status}. Snapshots are cheap to keep and safe after the client closes.
#pragma once

#include <napi.h>

#include "platformpp_bound.h"

namespace psdk {

Napi::Value UserSnapshotToJs(Napi::Env env, const platformpp::UserHandle &user);

}  // namespace psdk
