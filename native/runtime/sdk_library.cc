#include "runtime/sdk_library.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <type_traits>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <dlfcn.h>
#include <sys/stat.h>
#endif

#include "runtime/utf8_path.h"

namespace psdk {

SdkTable SdkLibrary::table_;
SdkInfo SdkLibrary::info_;
bool SdkLibrary::loaded_ = false;

namespace {

std::mutex g_loadMutex;

// A stand-in for an absent optional symbol: does nothing and returns a zero value, which the C
// ABI reads as "absent" for every optional getter (bool false, id 0, empty out left untouched).
template <typename F>
struct Fallback;
template <typename R, typename... A>
struct Fallback<R (*)(A...)> {
  static R Call(A...) {
    if constexpr (!std::is_void_v<R>) return R{};
  }
};
// Platform_Client_GetUserApplicationProfiles{,NoLock} (sdk-abi.md 7.2) return a span through a
// void out-parameter, with no bool to say "absent": their stand-in writes an empty span, so the
// caller does not depend on having zero-initialised *out.
static_assert(std::is_same_v<decltype(&::Platform_Client_GetUserApplicationProfiles),
                             decltype(&::Platform_Client_GetUserApplicationProfilesNoLock)>);
template <>
struct Fallback<decltype(&::Platform_Client_GetUserApplicationProfiles)> {
  static void Call(Platform_Client *, Platform_UserApplicationProfileHandleSpan *out) {
    if (out) *out = Platform_UserApplicationProfileHandleSpan{nullptr, 0};
  }
};

// The 12 functions whose inner word "Platform" is the vendor's brand too (sdk-abi.md 1.8).
constexpr std::array<const char *, 12> kInnerBrandFunctions = {
    "Client_AcceptPlatformFriendRequest",   "Client_CancelPlatformFriendRequest",
    "Client_RejectPlatformFriendRequest",   "Client_SendPlatformFriendRequest",
    "Client_SendPlatformFriendRequestById", "Client_RemovePlatformAndGameFriend",
    "Client_CanOpenMessageInPlatform",      "Client_OpenMessageInPlatform",
    "Client_OpenConnectedGamesSettingsInPlatform", "Client_IsPlatformAppInstalled",
    "Client_GetPlatformClientConnectedUser", "RelationshipHandle_PlatformRelationshipType"};

bool FileExists(const std::string &path) {
#if defined(_WIN32)
  DWORD attrs = GetFileAttributesW(PathFromUtf8(path).c_str());
  return attrs != INVALID_FILE_ATTRIBUTES && !(attrs & FILE_ATTRIBUTE_DIRECTORY);
#else
  struct stat st {};
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
#endif
}

// The same file under another spelling (Windows: C:\Game\SDK.dll and c:\game\sdk.dll; anywhere:
// a symlink or a relative path) is the same SDK, not a second one.
bool SameFile(const std::string &a, const std::string &b) {
  if (a == b) return true;
  std::error_code ec;
  return std::filesystem::equivalent(PathFromUtf8(a), PathFromUtf8(b), ec) && !ec;
}

// A loaded shared library that is never unloaded: callbacks and threads of the SDK may outlive
// any one environment, so unloading would be a use-after-free waiting to happen.
class Handle {
 public:
  explicit Handle(const std::string &path) {
#if defined(_WIN32)
    // By its absolute path, through the wide API. The library's own dependencies are looked for
    // in its folder and the system folders only: never the current directory or PATH, where a
    // planted DLL of the same name could be picked up instead.
    std::error_code ec;
    std::filesystem::path absolute = std::filesystem::absolute(PathFromUtf8(path), ec);
    if (ec) absolute = PathFromUtf8(path);
    handle_ = LoadLibraryExW(absolute.c_str(), nullptr,
                             LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR | LOAD_LIBRARY_SEARCH_DEFAULT_DIRS);
    if (!handle_) {
      throw std::runtime_error("cannot load SDK library '" + path + "' (Windows error " +
                               std::to_string(GetLastError()) + ")");
    }
#else
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
      const char *why = dlerror();
      throw std::runtime_error("cannot load SDK library '" + path + "': " + (why ? why : "unknown error"));
    }
#endif
  }
  // A library found by listing a folder: the wide-character path on Windows.
  explicit Handle(const std::filesystem::path &file) {
#if defined(_WIN32)
    handle_ = LoadLibraryExW(file.c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (!handle_) throw std::runtime_error("Windows error " + std::to_string(GetLastError()));
#else
    handle_ = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) {
      const char *why = dlerror();
      throw std::runtime_error(why ? why : "unknown error");
    }
#endif
  }
  void *Symbol(const std::string &name) const {
#if defined(_WIN32)
    return reinterpret_cast<void *>(GetProcAddress(handle_, name.c_str()));
#else
    return dlsym(handle_, name.c_str());
#endif
  }

 private:
#if defined(_WIN32)
  HMODULE handle_ = nullptr;
#else
  void *handle_ = nullptr;
#endif
};

template <typename F>
void Assign(F &slot, void *symbol) {
  // Function pointers and void* have the same representation on every platform Node runs on.
  static_assert(sizeof(F) == sizeof(void *));
  std::memcpy(&slot, &symbol, sizeof slot);
}

// The vendor's Windows and Linux archives put the noise-cancellation runtime (a …krisp… library
// and .kef model files) beside the SDK, which loads the library by name at run time. Windows
// looks for a bare name in the executable's folder, not the SDK's, and Linux only where the SDK's
// run path says; a module already loaded under that name is used by both. So the …krisp…
// libraries beside the SDK are loaded first (never unloaded, like the SDK). The model files are
// read from beside the SDK, where install-sdk puts them. A failure does not stop the SDK (it runs
// without noise cancellation) and is reported in SdkInfo::runtimeErrors.
bool IsRuntimeLibrary(const std::filesystem::path &file) {
  const std::u8string u8 = file.filename().u8string();
  std::string name(u8.begin(), u8.end());
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (name.find("krisp") == std::string::npos) return false;
  auto endsWith = [&](const char *suffix) {
    const size_t n = std::strlen(suffix);
    return name.size() >= n && name.compare(name.size() - n, n, suffix) == 0;
  };
#if defined(_WIN32)
  return endsWith(".dll");
#elif defined(__APPLE__)
  return endsWith(".dylib");
#else
  return endsWith(".so") || name.find(".so.") != std::string::npos;
#endif
}

void PreloadRuntime(const std::string &sdkPath, SdkInfo &info, std::vector<std::unique_ptr<Handle>> &keep) {
  std::error_code ec;
  const std::filesystem::path folder =
      std::filesystem::path(std::u8string(sdkPath.begin(), sdkPath.end())).parent_path();
  std::vector<std::filesystem::path> found;
  for (std::filesystem::directory_iterator it(folder.empty() ? std::filesystem::path(".") : folder, ec), end;
       !ec && it != end; it.increment(ec)) {
    if (found.size() >= 64) break;  // a folder with the SDK, not a system directory
    if (it->is_regular_file(ec) && IsRuntimeLibrary(it->path())) found.push_back(it->path());
  }
  std::sort(found.begin(), found.end());
  for (const auto &file : found) {
    const std::u8string u8 = file.u8string();
    const std::string shown(u8.begin(), u8.end());
    try {
      keep.push_back(std::make_unique<Handle>(file));
      info.runtimeLibraries.push_back(shown);
    } catch (const std::exception &e) {
      info.runtimeErrors.push_back("cannot load '" + shown + "': " + e.what());
    }
  }
}

}  // namespace

std::string SdkLibrary::VendorSymbolName(const std::string &neutral, const std::string &prefix) {
  const std::string brand = "Platform";
  if (prefix.empty() || prefix == brand || neutral.rfind(brand + "_", 0) != 0) return neutral;
  std::string rest = neutral.substr(brand.size() + 1);
  for (const char *fn : kInnerBrandFunctions) {
    if (rest == fn) {
      auto at = rest.find(brand, rest.find('_'));
      rest.replace(at, brand.size(), prefix);
      break;
    }
  }
  return prefix + "_" + rest;
}

std::mutex &SdkLibrary::RunMutex() {
  static std::mutex m;
  return m;
}

bool SdkLibrary::IsLoaded() {
  std::lock_guard<std::mutex> lock(g_loadMutex);
  return loaded_;
}

const SdkInfo &SdkLibrary::Info() { return info_; }

namespace {

// What a library that lacks required functions is, in words, with the list summarised: the wrong
// library lacks all ~500, and a message naming every one of them buries the point. The first
// names shown are the ones a reader recognises (Client_Init, RunCallbacks), then the rest in order.
std::string DescribeMissing(const std::string &path, std::vector<std::string> missing, size_t requiredCount) {
  constexpr size_t kShown = 5;
  std::stable_partition(missing.begin(), missing.end(), [](const std::string &s) {
    return s.ends_with("_Client_Init") || s.ends_with("_RunCallbacks");
  });
  std::string list;
  for (size_t i = 0; i < missing.size() && i < kShown; ++i) list += (i == 0 ? "" : ", ") + missing[i];
  if (missing.size() > kShown) list += ", ... and " + std::to_string(missing.size() - kShown) + " more";
  if (missing.size() == requiredCount) {
    return "'" + path + "' is not the platform's social SDK library: it lacks all " + std::to_string(requiredCount) +
           " functions the SDK must export (" + list + ")";
  }
  return "SDK library '" + path + "' lacks " + std::to_string(missing.size()) + " of the " +
         std::to_string(requiredCount) + " functions the SDK must export (an older or incomplete library): " + list;
}

}  // namespace

const SdkInfo &SdkLibrary::Load(const LoadRequest &request) {
  std::lock_guard<std::mutex> lock(g_loadMutex);
  const std::string &path = request.path;
  if (loaded_) {
    if (!SameFile(path, info_.path)) {
      throw std::runtime_error("an SDK library is already loaded in this process from '" + info_.path +
                               "'; cannot also load '" + path + "'");
    }
    return info_;
  }
  if (path.empty()) throw std::runtime_error("no SDK library path given");
  if (!FileExists(path)) throw std::runtime_error("SDK library not found: '" + path + "'");

  // Owned for the life of the process; Handle never unloads (see there).
  static std::unique_ptr<Handle> library;
  static std::vector<std::unique_ptr<Handle>> runtime;
  SdkInfo info;
  PreloadRuntime(path, info, runtime);
  auto opened = std::make_unique<Handle>(path);
  const Handle *handle = opened.get();
  const std::string prefix = request.symbolPrefix;
  SdkTable table;
  std::vector<std::string> missingRequired;
  size_t requiredCount = 0;
  auto lookup = [&](const std::string &symbol) -> void * {
    for (const auto &ignored : request.ignoredSymbols) {
      if (ignored == symbol) return nullptr;
    }
    return handle->Symbol(symbol);
  };
  info.path = path;
  bool hasSimulatorAbi = true;
#define SDK_REQUIRED(name)                                                  \
  {                                                                         \
    std::string symbol = VendorSymbolName(#name, prefix);                   \
    ++requiredCount;                                                        \
    void *p = lookup(symbol);                                               \
    if (p) Assign(table.name, p); else missingRequired.push_back(symbol);   \
  }
#define SDK_OPTIONAL(name)                                                  \
  {                                                                         \
    void *p = lookup(VendorSymbolName(#name, prefix));                      \
    if (p) Assign(table.name, p);                                           \
    else {                                                                  \
      table.name = &Fallback<decltype(&::name)>::Call;                      \
      info.missingOptional.push_back(#name);                                \
    }                                                                       \
  }
#define SDK_SIMULATOR(name)                                                 \
  {                                                                         \
    void *p = handle->Symbol(#name);                                        \
    if (p) Assign(table.name, p);                                           \
    else {                                                                  \
      table.name = &Fallback<decltype(&::name)>::Call;                      \
      hasSimulatorAbi = false;                                              \
    }                                                                       \
  }
#include "runtime/sdk_functions.inc"
#undef SDK_REQUIRED
#undef SDK_OPTIONAL
#undef SDK_SIMULATOR

  if (!missingRequired.empty()) {
    throw std::runtime_error(DescribeMissing(path, missingRequired, requiredCount));
  }
  // A library that carries the simulator's control ABI is the simulator, wherever it lives.
  info.kind = hasSimulatorAbi && table.PlatformSim_AbiVersion() == PLATFORM_SIM_ABI_VERSION
                  ? SdkKind::Simulator
                  : SdkKind::Vendor;
  info.major = table.Platform_Client_GetVersionMajor();
  info.minor = table.Platform_Client_GetVersionMinor();
  info.patch = table.Platform_Client_GetVersionPatch();
  Platform_String hash{};
  table.Platform_Client_GetVersionHash(&hash);
  if (hash.ptr) info.hash.assign(reinterpret_cast<const char *>(hash.ptr), hash.size);
  table.Platform_Free(hash.ptr);
  // The vendor's C# wrapper does this at start-up: a previous instance may have left callbacks
  // queued (for us: an earlier environment in this process that loaded a different copy).
  table.Platform_ResetCallbacks();

  library = std::move(opened);
  table_ = table;
  info_ = std::move(info);
  loaded_ = true;
  return info_;
}

}  // namespace psdk
