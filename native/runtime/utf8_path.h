// Paths cross the JS boundary as UTF-8 strings. These turn them into std::filesystem::path and
// back without the ANSI code page: on Windows a path is UTF-16 inside (opened with the wide Win32
// APIs), so a folder such as C:\Users\Zoë Ålund\… works whatever the system locale; elsewhere it
// is the same bytes. Joining with `/` on a path uses the platform's separator.
#pragma once

#include <filesystem>
#include <string>

namespace psdk {

inline std::filesystem::path PathFromUtf8(const std::string &utf8) {
  return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

inline std::string PathToUtf8(const std::filesystem::path &path) {
  const std::u8string utf8 = path.u8string();
  return std::string(utf8.begin(), utf8.end());
}

}  // namespace psdk
