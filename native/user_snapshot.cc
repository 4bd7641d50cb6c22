#include "user_snapshot.h"

#include "js_convert.h"

namespace psdk {

Napi::Value UserSnapshotToJs(Napi::Env env, const platformpp::UserHandle &user) {
  if (!user) return env.Null();
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, user.Id()));
  o.Set("username", user.Username());
  o.Set("displayName", user.DisplayName());
  std::optional<std::string> globalName = user.GlobalName();
  o.Set("globalName", globalName ? Napi::Value(Napi::String::New(env, *globalName)) : env.Null());
  o.Set("isProvisional", Napi::Boolean::New(env, user.IsProvisional()));
  std::optional<std::string> avatar = user.Avatar();
  o.Set("avatar", avatar ? Napi::Value(Napi::String::New(env, *avatar)) : env.Null());
  o.Set("status", Napi::Number::New(env, static_cast<double>(user.Status())));
  return o;
}

}  // namespace psdk
