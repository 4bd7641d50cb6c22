#include "values/relationship_snapshot.h"

#include "values/activity_convert.h"
#include "values/js_convert.h"
#include "values/user_snapshot.h"

namespace psdk {

Napi::Object RelationshipTypesToJs(Napi::Env env, const platformpp::RelationshipHandle &r) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("platformType", Napi::Number::New(env, static_cast<int32_t>(r.PlatformRelationshipType())));
  o.Set("gameType", Napi::Number::New(env, static_cast<int32_t>(r.GameRelationshipType())));
  o.Set("isSpamRequest", Napi::Boolean::New(env, r.IsSpamRequest()));
  return o;
}

Napi::Object RelationshipToJs(Napi::Env env, const platformpp::RelationshipHandle &r) {
  Napi::Object o = RelationshipTypesToJs(env, r);
  o.Set("id", IdToJs(env, r.Id()));
  std::optional<platformpp::UserHandle> user = r.User();
  o.Set("user", user ? UserSnapshotToJs(env, *user) : env.Null());
  return o;
}

Napi::Array ProfilesToJs(Napi::Env env, const std::vector<platformpp::UserApplicationProfileHandle> &profiles) {
  Napi::Array list = Napi::Array::New(env, profiles.size());
  for (size_t i = 0; i < profiles.size(); ++i) {
    const platformpp::UserApplicationProfileHandle &p = profiles[i];
    Napi::Object o = Napi::Object::New(env);
    o.Set("providerType", Napi::Number::New(env, static_cast<int32_t>(p.ProviderType())));
    std::optional<std::string> providerId = p.ProviderId();
    o.Set("providerId", providerId ? Napi::Value(Napi::String::New(env, *providerId)) : env.Null());
    o.Set("providerIssuedUserId", p.ProviderIssuedUserId());
    o.Set("username", p.Username());
    o.Set("avatarHash", p.AvatarHash());
    o.Set("metadata", p.Metadata());
    list.Set(static_cast<uint32_t>(i), o);
  }
  return list;
}

Napi::Object UserDetailsToJs(Napi::Env env, const platformpp::UserHandle &user) {
  Napi::Object o = Napi::Object::New(env);
  std::optional<platformpp::Activity> activity = user.GameActivity();
  o.Set("activity", activity ? Napi::Value(ActivityToJs(env, *activity)) : env.Null());
  o.Set("relationship", RelationshipTypesToJs(env, user.Relationship()));
  o.Set("applicationProfiles", ProfilesToJs(env, user.UserApplicationProfiles()));
  return o;
}

}  // namespace psdk
