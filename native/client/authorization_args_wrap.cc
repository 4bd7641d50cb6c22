#include "client/authorization_args_wrap.h"

#include "runtime/addon_data.h"
#include "values/js_convert.h"

namespace psdk {

namespace {

Napi::Value OptionalString(Napi::Env env, const std::optional<std::string> &v) {
  return v ? Napi::String::New(env, *v) : env.Null();
}

std::optional<std::string> ToOptionalString(const Napi::Value &value, const char *name) {
  if (value.IsNull() || value.IsUndefined()) return std::nullopt;
  if (!value.IsString()) throw Napi::TypeError::New(value.Env(), std::string(name) + " must be a string or null");
  return value.As<Napi::String>().Utf8Value();
}

}  // namespace

Napi::Function AuthorizationArgsWrap::Init(Napi::Env env, Napi::FunctionReference *constructor) {
  Napi::Function fn = DefineClass(
      env, "AuthorizationArgs",
      {
          InstanceAccessor<&AuthorizationArgsWrap::GetClientId, &AuthorizationArgsWrap::SetClientId>("clientId"),
          InstanceAccessor<&AuthorizationArgsWrap::GetScopes, &AuthorizationArgsWrap::SetScopes>("scopes"),
          InstanceAccessor<&AuthorizationArgsWrap::GetState, &AuthorizationArgsWrap::SetState>("state"),
          InstanceAccessor<&AuthorizationArgsWrap::GetNonce, &AuthorizationArgsWrap::SetNonce>("nonce"),
          InstanceAccessor<&AuthorizationArgsWrap::GetCodeChallenge, &AuthorizationArgsWrap::SetCodeChallenge>("codeChallenge"),
          InstanceAccessor<&AuthorizationArgsWrap::GetIntegrationType, &AuthorizationArgsWrap::SetIntegrationType>("integrationType"),
          InstanceAccessor<&AuthorizationArgsWrap::GetCustomSchemeParam, &AuthorizationArgsWrap::SetCustomSchemeParam>("customSchemeParam"),
      });
  *constructor = Napi::Persistent(fn);
  return fn;
}

AuthorizationArgsWrap::AuthorizationArgsWrap(const Napi::CallbackInfo &info)
    : Napi::ObjectWrap<AuthorizationArgsWrap>(info) {
  if (!SdkLibrary::IsLoaded()) throw Napi::Error::New(info.Env(), "the SDK library is not loaded");
  args_ = platformpp::AuthorizationArgs();  // Platform_AuthorizationArgs_Init, now that it is loaded
}

const platformpp::AuthorizationArgs &AuthorizationArgsWrap::FromValue(const Napi::Value &value, const char *name) {
  Napi::Env env = value.Env();
  AddonData &data = AddonData::Of(env);
  // InstanceOf first: napi_unwrap alone would accept any wrapped object (e.g. a NativeClient)
  // and hand back a pointer of the wrong type.
  if (!value.IsObject() || !value.As<Napi::Object>().InstanceOf(data.authorizationArgs.Value())) {
    throw Napi::TypeError::New(env, std::string(name) + " must be an AuthorizationArgs");
  }
  return Unwrap(value.As<Napi::Object>())->args_;
}

Napi::Value AuthorizationArgsWrap::GetClientId(const Napi::CallbackInfo &info) {
  return IdToJs(info.Env(), args_.ClientId());
}
void AuthorizationArgsWrap::SetClientId(const Napi::CallbackInfo &, const Napi::Value &value) {
  args_.SetClientId(ToId(value, "clientId"));
}

Napi::Value AuthorizationArgsWrap::GetScopes(const Napi::CallbackInfo &info) {
  return Napi::String::New(info.Env(), args_.Scopes());
}
void AuthorizationArgsWrap::SetScopes(const Napi::CallbackInfo &info, const Napi::Value &value) {
  if (!value.IsString()) throw Napi::TypeError::New(info.Env(), "scopes must be a string");
  args_.SetScopes(value.As<Napi::String>().Utf8Value());
}

Napi::Value AuthorizationArgsWrap::GetState(const Napi::CallbackInfo &info) {
  return OptionalString(info.Env(), args_.State());
}
void AuthorizationArgsWrap::SetState(const Napi::CallbackInfo &, const Napi::Value &value) {
  args_.SetState(ToOptionalString(value, "state"));
}

Napi::Value AuthorizationArgsWrap::GetNonce(const Napi::CallbackInfo &info) {
  return OptionalString(info.Env(), args_.Nonce());
}
void AuthorizationArgsWrap::SetNonce(const Napi::CallbackInfo &, const Napi::Value &value) {
  args_.SetNonce(ToOptionalString(value, "nonce"));
}

// codeChallenge: { challenge: string, method: 0 /* S256 */ } | null
Napi::Value AuthorizationArgsWrap::GetCodeChallenge(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  std::optional<platformpp::AuthorizationCodeChallenge> c = args_.CodeChallenge();
  if (!c) return env.Null();
  Napi::Object o = Napi::Object::New(env);
  o.Set("challenge", c->Challenge());
  o.Set("method", Napi::Number::New(env, static_cast<double>(c->Method())));
  return o;
}
void AuthorizationArgsWrap::SetCodeChallenge(const Napi::CallbackInfo &info, const Napi::Value &value) {
  Napi::Env env = info.Env();
  if (value.IsNull() || value.IsUndefined()) {
    args_.SetCodeChallenge(std::nullopt);
    return;
  }
  if (!value.IsObject()) throw Napi::TypeError::New(env, "codeChallenge must be an object or null");
  Napi::Object o = value.As<Napi::Object>();
  Napi::Value challenge = o.Get("challenge");
  if (!challenge.IsString()) throw Napi::TypeError::New(env, "codeChallenge.challenge must be a string");
  Napi::Value method = o.Get("method");
  if (!method.IsUndefined() && !(method.IsNumber() && method.As<Napi::Number>().Int32Value() == 0)) {
    throw Napi::RangeError::New(env, "codeChallenge.method must be 0 (S256)");
  }
  platformpp::AuthorizationCodeChallenge c;
  c.SetChallenge(challenge.As<Napi::String>().Utf8Value());
  c.SetMethod(platformpp::AuthenticationCodeChallengeMethod::S256);
  args_.SetCodeChallenge(c);
}

Napi::Value AuthorizationArgsWrap::GetIntegrationType(const Napi::CallbackInfo &info) {
  std::optional<platformpp::IntegrationType> t = args_.IntegrationType();
  return t ? Napi::Number::New(info.Env(), static_cast<double>(*t)) : info.Env().Null();
}
void AuthorizationArgsWrap::SetIntegrationType(const Napi::CallbackInfo &, const Napi::Value &value) {
  if (value.IsNull() || value.IsUndefined()) {
    args_.SetIntegrationType(std::nullopt);
    return;
  }
  args_.SetIntegrationType(static_cast<platformpp::IntegrationType>(ToInt32(value, "integrationType", 0, 1)));
}

Napi::Value AuthorizationArgsWrap::GetCustomSchemeParam(const Napi::CallbackInfo &info) {
  return OptionalString(info.Env(), args_.CustomSchemeParam());
}
void AuthorizationArgsWrap::SetCustomSchemeParam(const Napi::CallbackInfo &, const Napi::Value &value) {
  args_.SetCustomSchemeParam(ToOptionalString(value, "customSchemeParam"));
}

}  // namespace psdk
