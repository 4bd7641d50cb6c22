// AuthorizationArgsWrap: JS-visible platformpp::AuthorizationArgs (the argument record of
// Client::Authorize). Properties map 1:1 to the SDK's getters/setters; optional fields read as
// null when absent and are cleared by assigning null/undefined.
#pragma once

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

class AuthorizationArgsWrap : public Napi::ObjectWrap<AuthorizationArgsWrap> {
 public:
  static Napi::Function Init(Napi::Env env, Napi::FunctionReference *constructor);
  explicit AuthorizationArgsWrap(const Napi::CallbackInfo &info);

  // The wrapped value of `value` (an argument as JS passed it), or a TypeError naming `name`.
  static const platformpp::AuthorizationArgs &FromValue(const Napi::Value &value, const char *name);

 private:
  Napi::Value GetClientId(const Napi::CallbackInfo &info);
  void SetClientId(const Napi::CallbackInfo &info, const Napi::Value &value);
  Napi::Value GetScopes(const Napi::CallbackInfo &info);
  void SetScopes(const Napi::CallbackInfo &info, const Napi::Value &value);
  Napi::Value GetState(const Napi::CallbackInfo &info);
  void SetState(const Napi::CallbackInfo &info, const Napi::Value &value);
  Napi::Value GetNonce(const Napi::CallbackInfo &info);
  void SetNonce(const Napi::CallbackInfo &info, const Napi::Value &value);
  Napi::Value GetCodeChallenge(const Napi::CallbackInfo &info);
  void SetCodeChallenge(const Napi::CallbackInfo &info, const Napi::Value &value);
  Napi::Value GetIntegrationType(const Napi::CallbackInfo &info);
  void SetIntegrationType(const Napi::CallbackInfo &info, const Napi::Value &value);
  Napi::Value GetCustomSchemeParam(const Napi::CallbackInfo &info);
  void SetCustomSchemeParam(const Napi::CallbackInfo &info, const Napi::Value &value);

  // Starts Invalid: the default constructor would call into the SDK, which may not be loaded yet.
  platformpp::AuthorizationArgs args_{Platform_AuthorizationArgs{}, platformpp::PlatformObjectState::Invalid};
};

}  // namespace psdk
