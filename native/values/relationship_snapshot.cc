#include "values/relationship_snapshot.h"

namespace psdk {

namespace {

std::optional<ActivityData> CapturePresence(const platformpp::UserHandle &user) {
  std::optional<platformpp::Activity> activity = user.GameActivity();
  return activity ? std::optional<ActivityData>(CaptureActivity(*activity)) : std::nullopt;
}

}  // namespace

void CaptureRelationshipInto(RelationshipData &d, const platformpp::RelationshipHandle &r) {
  d.id = r.Id();
  d.platformType = static_cast<int32_t>(r.PlatformRelationshipType());
  d.gameType = static_cast<int32_t>(r.GameRelationshipType());
  d.isSpamRequest = r.IsSpamRequest();
  if (std::optional<platformpp::UserHandle> user = r.User(); user && *user) {
    CaptureUserInto(d.user ? *d.user : d.user.emplace(), *user);
    d.activity = CapturePresence(*user);
  } else {
    d.user.reset();
    d.activity.reset();
  }
}

RelationshipData CaptureRelationship(const platformpp::RelationshipHandle &r) {
  RelationshipData d;
  CaptureRelationshipInto(d, r);
  return d;
}

FriendData CaptureFriend(const platformpp::UserHandle &user) {
  return FriendData{CaptureUser(user), CapturePresence(user)};
}

std::vector<ApplicationProfileData> CaptureProfiles(const std::vector<platformpp::UserApplicationProfileHandle> &profiles) {
  std::vector<ApplicationProfileData> out;
  out.reserve(profiles.size());
  for (const platformpp::UserApplicationProfileHandle &p : profiles) {
    out.push_back({static_cast<int32_t>(p.ProviderType()), p.ProviderId(), p.ProviderIssuedUserId(), p.Username(),
                   p.AvatarHash(), p.Metadata()});
  }
  return out;
}

UserDetailsData CaptureUserDetails(const platformpp::UserHandle &user) {
  UserDetailsData d;
  d.activity = CapturePresence(user);
  platformpp::RelationshipHandle r = user.Relationship();
  d.relationship = {static_cast<int32_t>(r.PlatformRelationshipType()), static_cast<int32_t>(r.GameRelationshipType()),
                    r.IsSpamRequest()};
  d.applicationProfiles = CaptureProfiles(user.UserApplicationProfiles());
  return d;
}

}  // namespace psdk
