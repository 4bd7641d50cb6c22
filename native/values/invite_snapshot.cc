#include "values/invite_snapshot.h"

#include "values/js_convert.h"

namespace psdk {

InviteData CaptureInvite(const platformpp::ActivityInvite &i) {
  InviteData d;
  d.type = static_cast<int32_t>(i.Type());
  d.senderId = i.SenderId();
  d.channelId = i.ChannelId();
  d.messageId = i.MessageId();
  d.applicationId = i.ApplicationId();
  d.parentApplicationId = i.ParentApplicationId();
  d.partyId = i.PartyId();
  d.sessionId = i.SessionId();
  d.isValid = i.IsValid();
  return d;
}

platformpp::ActivityInvite InviteFromJs(const Napi::Value &value, const char *name) {
  Napi::Env env = value.Env();
  const std::string prefix(name);
  if (!value.IsObject()) throw Napi::TypeError::New(env, prefix + " must be an invite object");
  Napi::Object o = value.As<Napi::Object>();
  auto id = [&](const char *key, bool allowZero) { return ToId(o.Get(key), (prefix + "." + key).c_str(), allowZero); };
  auto text = [&](const char *key) {
    Napi::Value v = o.Get(key);
    if (!v.IsString()) throw Napi::TypeError::New(env, prefix + "." + key + " must be a string");
    return v.As<Napi::String>().Utf8Value();
  };
  Napi::Value valid = o.Get("isValid");
  if (!valid.IsBoolean()) throw Napi::TypeError::New(env, prefix + ".isValid must be a boolean");
  int32_t type = ToInt32(o.Get("type"), (prefix + ".type").c_str(), 1, 5);
  if (type != Platform_ActivityActionTypes_Join && type != Platform_ActivityActionTypes_JoinRequest) {
    throw Napi::RangeError::New(env, prefix + ".type must be Join (1) or JoinRequest (5)");
  }

  platformpp::ActivityInvite invite;
  invite.SetType(static_cast<platformpp::ActivityActionTypes>(type));
  invite.SetSenderId(id("senderId", false));
  invite.SetChannelId(id("channelId", false));
  invite.SetMessageId(id("messageId", false));
  invite.SetApplicationId(id("applicationId", false));
  invite.SetParentApplicationId(id("parentApplicationId", true));
  invite.SetPartyId(text("partyId"));
  invite.SetSessionId(text("sessionId"));
  invite.SetIsValid(valid.As<Napi::Boolean>());
  return invite;
}

}  // namespace psdk
