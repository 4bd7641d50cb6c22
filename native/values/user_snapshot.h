// A UserHandle read once into plain data ({id, username, displayName, globalName,
// isProvisional, avatar, status}): cheap to keep, safe after the client closes, and capturable
// inside an SDK callback (a message's author).
#pragma once

#include <optional>
#include <string>

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

struct UserData {
  uint64_t id = 0;
  std::string username, displayName;
  std::optional<std::string> globalName, avatar;
  bool isProvisional = false;
  int32_t status = 0;
};

UserData CaptureUser(const platformpp::UserHandle &user);
// Takes a string the SDK handed out into `into`, reusing its buffer, and frees the SDK's copy.
// platformpp's getters return a new std::string each (an allocation per string past 15 bytes,
// then a move); a friends list captures four strings per friend, a message two and its author's.
void TakeStringInto(std::string &into, Platform_String s);
// The same for an optional string getter (false: none) of any handle type: a message's and a
// user's optional strings.
template <class Getter, class Handle>
void TakeOptionalInto(std::optional<std::string> &into, Getter getter, Handle *h) {
  Platform_String s{};
  if (getter(h, &s)) {
    TakeStringInto(into ? *into : into.emplace(), s);
  } else {
    into.reset();
  }
}
// The same into `u`, reusing its strings' buffers (a list captures one user after another).
// `user` must be a valid handle.
void CaptureUserInto(UserData &u, const platformpp::UserHandle &user);
// Its codec is generated from native/boundary/boundary.schema (UserToJs / EncodeUser in
// native/boundary/boundary_codecs.h).

}  // namespace psdk
