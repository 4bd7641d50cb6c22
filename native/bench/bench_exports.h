// Baselines for the benchmarks (bench/), measured in the same run as the real paths: they are not
// part of the API (lib/ never calls them).
#pragma once

#include <napi.h>

namespace psdk {

// { noop(), naiveMessages(count, listener), queueMessages(client, count), naiveAttach(client),
//   naiveDispatch(listener), naiveDetach(client), audioFloor(seconds) }
Napi::Object BenchExports(Napi::Env env);

}  // namespace psdk
