// SdkString: a string the SDK handed out (a "required string out" or a true "optional out",
// cplatform.h's ownership note; docs/simulator.md "Ownership"), owned and read in place until it
// is freed, exactly once, with Platform_Free. A history's record holds its message's strings
// this way until they are encoded: each is copied once, into the tape, instead of into a
// std::string first (TakeStringInto).
#pragma once

#include <string_view>

#include "runtime/platformpp_bound.h"

namespace psdk {

class SdkString {
 public:
  SdkString() = default;
  SdkString(const SdkString &) = delete;
  SdkString &operator=(const SdkString &) = delete;
  ~SdkString() { Free(); }

  // Where a getter writes the next string: the one held so far is freed first.
  Platform_String *Out() {
    Free();
    return &s_;
  }
  // After an optional getter answered false: `*Out()` is not the caller's (never freed).
  void Forget() { s_ = {}; }

  std::string_view View() const {
    return s_.ptr != nullptr ? std::string_view(reinterpret_cast<const char *>(s_.ptr), s_.size) : std::string_view();
  }
  operator std::string_view() const { return View(); }  // NOLINT: read as the text it holds
  friend bool operator==(const SdkString &a, const SdkString &b) { return a.View() == b.View(); }

 private:
  void Free() {
    if (s_.ptr != nullptr) {
      Sdk().Platform_Free(s_.ptr);
      s_ = {};
    }
  }
  Platform_String s_{};
};

}  // namespace psdk
