// Activity (rich presence) between JS and the SDK. In: a plain object already validated by
// lib/activity.ts; these checks only keep native code safe from any other input (wrong types throw
// a TypeError naming the field). Out: a plain object with unset fields absent (lib/binding.ts
// NativeActivity). Both run on the JS thread: nothing here is captured inside an SDK callback.
#pragma once

#include <napi.h>

#include "runtime/platformpp_bound.h"

namespace psdk {

platformpp::Activity ActivityFromJs(const Napi::Value &value, const char *name);
Napi::Object ActivityToJs(Napi::Env env, const platformpp::Activity &activity);

}  // namespace psdk
