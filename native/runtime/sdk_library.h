// SdkLibrary: loads the SDK library (the bundled simulator or the user's vendor library) at run
// time and resolves every function the addon calls into a table of typed pointers.
//
// Why run-time loading: the vendor library may not be redistributed, so the prebuilt .node must
// not link against it. One binary then works with the simulator and with any supported vendor
// release. The table is process-wide and loaded once (the SDK itself is process-global: its
// callback queue is shared by every client in the process).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "cplatform.h"
#include "platform_sim.h"

namespace psdk {

// One member per function in sdk_functions.inc, typed exactly like the C prototype.
struct SdkTable {
#define SDK_REQUIRED(name) decltype(&::name) name = nullptr;
#define SDK_OPTIONAL(name) decltype(&::name) name = nullptr;
#define SDK_SIMULATOR(name) decltype(&::name) name = nullptr;
#include "runtime/sdk_functions.inc"
#undef SDK_REQUIRED
#undef SDK_OPTIONAL
#undef SDK_SIMULATOR
};

enum class SdkKind { Simulator, Vendor };

struct SdkInfo {
  SdkKind kind = SdkKind::Simulator;
  std::string path;
  int32_t major = 0, minor = 0, patch = 0;
  std::string hash;
  std::vector<std::string> missingOptional;  // optional symbols the library lacks
  // The noise-cancellation runtime beside the SDK (…krisp… libraries), loaded before it so that
  // the SDK's own load of them by name finds them; and why any of them failed to load.
  std::vector<std::string> runtimeLibraries, runtimeErrors;
};

// Which library to load is decided in JS (lib/sdk-discovery.ts: sdkPath, PLATFORM_SDK_PATH, an
// installed SDK, the bundled simulator); this side loads exactly that file.
struct LoadRequest {
  std::string path;           // the library file (UTF-8)
  std::string symbolPrefix;   // the vendor's symbol prefix replacing "Platform" ("" = Platform)
  // Symbols to treat as absent (PLATFORM_SDK_IGNORE_SYMBOLS): emulates an older library, e.g. a
  // 1.9 one without the 1.10 functions, with the simulator.
  std::vector<std::string> ignoredSymbols;
};

class SdkLibrary {
 public:
  // Loads once per process; a later call with the same file returns the loaded library, with
  // another file it is an error (two SDKs cannot share one process). Throws std::runtime_error
  // stating what went wrong (the path, the missing symbols); lib/addon-loader.ts adds the hints.
  static const SdkInfo &Load(const LoadRequest &request);
  static bool IsLoaded();
  static const SdkInfo &Info();  // precondition: IsLoaded()
  static const SdkTable &Table() { return table_; }
  static bool IsSimulator() { return loaded_ && info_.kind == SdkKind::Simulator; }
  // False for an optional symbol the loaded library lacks (it is served by a fallback).
  static bool HasSymbol(std::string_view name) {
    for (const std::string &missing : info_.missingOptional) {
      if (missing == name) return false;
    }
    return loaded_;
  }

  // The SDK's callback queue is process-global; serialize RunCallbacks across environments.
  static std::mutex &RunMutex();

  // Maps our neutral C name to the symbol a vendor library exports with the given prefix.
  static std::string VendorSymbolName(const std::string &neutral, const std::string &prefix);

 private:
  static SdkTable table_;
  static SdkInfo info_;
  static bool loaded_;
};

// The table every platformpp.h call goes through (see platformpp_bound.h).
inline const SdkTable &Sdk() { return SdkLibrary::Table(); }

}  // namespace psdk
