#include "user_snapshot.h"

#include "event_tape.h"
#include "js_convert.h"

namespace psdk {

UserData CaptureUser(const platformpp::UserHandle &user) {
  UserData u;
  u.id = user.Id();
  u.username = user.Username();
  u.displayName = user.DisplayName();
  u.globalName = user.GlobalName();
  u.avatar = user.Avatar();
  u.isProvisional = user.IsProvisional();
  u.status = static_cast<int32_t>(user.Status());
  return u;
}

Napi::Object UserToJs(Napi::Env env, const UserData &u) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, u.id));
  o.Set("username", u.username);
  o.Set("displayName", u.displayName);
  o.Set("globalName", u.globalName ? Napi::Value(Napi::String::New(env, *u.globalName)) : env.Null());
  o.Set("isProvisional", Napi::Boolean::New(env, u.isProvisional));
  o.Set("avatar", u.avatar ? Napi::Value(Napi::String::New(env, *u.avatar)) : env.Null());
  o.Set("status", Napi::Number::New(env, u.status));
  return o;
}

void EncodeUser(EventTape &t, const UserData &u) {
  t.Id(u.id);
  t.Str(u.username);
  t.Str(u.displayName);
  t.OptStr(u.globalName);
  t.Bool(u.isProvisional);
  t.OptStr(u.avatar);
  t.Num(u.status);
}

}  // namespace psdk
