#include "values/user_snapshot.h"

#include "boundary/boundary_codecs.h"

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

Napi::Value UserSnapshotToJs(Napi::Env env, const platformpp::UserHandle &user) {
  return user ? Napi::Value(UserToJs(env, CaptureUser(user))) : env.Null();
}

}  // namespace psdk
