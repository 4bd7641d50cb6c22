// Relationships and user application profiles read from the SDK on the JS thread, as plain
// objects (lib/binding.ts NativeRelationship, NativeApplicationProfile, NativeUserDetails).
#pragma once

#include <vector>

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

// {id, platformType, gameType, isSpamRequest, user|null}
Napi::Object RelationshipToJs(Napi::Env env, const platformpp::RelationshipHandle &relationship);
// {platformType, gameType, isSpamRequest}: the relationship as seen from a user
Napi::Object RelationshipTypesToJs(Napi::Env env, const platformpp::RelationshipHandle &relationship);
Napi::Array ProfilesToJs(Napi::Env env, const std::vector<platformpp::UserApplicationProfileHandle> &profiles);
// {activity|null, relationship, applicationProfiles}: what a User snapshot reads lazily
Napi::Object UserDetailsToJs(Napi::Env env, const platformpp::UserHandle &user);

}  // namespace psdk
