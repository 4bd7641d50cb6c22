// Per-environment instance data of the addon (Napi::Env::GetInstanceData).
#pragma once

#include <memory>

#include <napi.h>

#include "runtime/env_state.h"

namespace psdk {

struct AddonData {
  std::shared_ptr<EnvState> state;
  Napi::FunctionReference authorizationArgs;  // constructor, for InstanceOf checks

  static AddonData &Of(Napi::Env env) {
    auto *data = env.GetInstanceData<AddonData>();
    if (data == nullptr || !data->state || data->state->tornDown()) {
      throw Napi::Error::New(env, "platform-social-sdk: the environment is shutting down");
    }
    return *data;
  }
};

}  // namespace psdk
