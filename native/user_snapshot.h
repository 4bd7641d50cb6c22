// A UserHandle read once into plain data ({id, username, displayName, globalName,
// isProvisional, avatar, status}): cheap to keep, safe after the client closes, and capturable
// inside an SDK callback (a message's author).
#pragma once

#include <optional>
#include <string>

#include <napi.h>

#include "platformpp_bound.h"

namespace psdk {

struct UserData {
  uint64_t id = 0;
  std::string username, displayName;
  std::optional<std::string> globalName, avatar;
  bool isProvisional = false;
  int32_t status = 0;
};

class EventTape;

UserData CaptureUser(const platformpp::UserHandle &user);
Napi::Object UserToJs(Napi::Env env, const UserData &user);
// The user record of the event tape (readUser in lib/tape.ts).
void EncodeUser(EventTape &tape, const UserData &user);
inline Napi::Value UserSnapshotToJs(Napi::Env env, const platformpp::UserHandle &user) {
  return user ? Napi::Value(UserToJs(env, CaptureUser(user))) : env.Null();
}

}  // namespace psdk
