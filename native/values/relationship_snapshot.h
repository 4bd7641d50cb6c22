// Relationships, user details and application profiles read from the SDK on the JS thread into
// plain data. Their codecs (<Record>ToJs for one value, Encode<Record> for lists that cross as one
// tape) are generated from native/boundary/boundary.schema; lib/boundary.ts has the readers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/platformpp_bound.h"
#include "values/activity_convert.h"
#include "values/user_snapshot.h"

namespace psdk {

struct ApplicationProfileData {
  int32_t providerType = 0;
  std::optional<std::string> providerId;
  std::string providerIssuedUserId, username, avatarHash, metadata;
};

struct RelationshipTypesData {
  int32_t platformType = 0, gameType = 0;
  bool isSpamRequest = false;
};

// What a User snapshot reads lazily: presence, relationship and application profiles.
struct UserDetailsData {
  std::optional<ActivityData> activity;
  RelationshipTypesData relationship;
  std::vector<ApplicationProfileData> applicationProfiles;
};

// A relationship with the other user and their presence, read in one pass.
struct RelationshipData {
  uint64_t id = 0;
  int32_t platformType = 0, gameType = 0;
  bool isSpamRequest = false;
  std::optional<UserData> user;
  std::optional<ActivityData> activity;
};

// A user with their presence (searchFriendsByUsername).
struct FriendData {
  UserData user;
  std::optional<ActivityData> activity;
};

RelationshipData CaptureRelationship(const platformpp::RelationshipHandle &relationship);
// The same into `d`, reusing its buffers: a friends list captures thousands in a row, each encoded
// at once (client_wrap_relationships.cc).
void CaptureRelationshipInto(RelationshipData &d, const platformpp::RelationshipHandle &relationship);
FriendData CaptureFriend(const platformpp::UserHandle &user);
UserDetailsData CaptureUserDetails(const platformpp::UserHandle &user);
std::vector<ApplicationProfileData> CaptureProfiles(const std::vector<platformpp::UserApplicationProfileHandle> &profiles);

}  // namespace psdk
