// client_result.h — creating ClientResult objects for callbacks.
#pragma once

#include <string>

#include "cplatform.h"
#include "values.h"

namespace psim {

// A new, caller-owned ClientResult (the callback receiver adopts it).
Platform_ClientResult newClientResult(const ResultData &data);
// One-line summary used by ClientResult_ToString and log lines (never contains a token).
std::string describeResult(const ResultData &r);

}  // namespace psim
