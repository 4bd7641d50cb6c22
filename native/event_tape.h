// EventTape: native events encoded for one crossing to JS, instead of one Node-API object per
// event (building objects through Node-API costs ~2 µs each; see docs/performance.md).
//
// Three parts, read sequentially by lib/tape.ts:
// - nums: every number of every event (kinds, op ids, tags, enum values, string lengths);
// - text: every string and every decimal id, concatenated as UTF-16, addressed only by the
//   lengths in nums (the reader keeps a running cursor), so tapes concatenate without rebasing;
// - objects: the rare payloads that still convert through Node-API (guild lists, invites, …).
//
// Event layout: [kind, opId, bodyNums, bodyText, bodyObjects | hasResult, result?, fields…].
// The three body sizes let the reader skip an event it does not need and resynchronise after
// a listener throws. A field is a tag (FieldTag) followed by its value.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <napi.h>

#include "native_event.h"

namespace psdk {

// Must match FieldTag in lib/tape.ts.
enum class FieldTag : uint8_t {
  String = 0, Number = 1, Id = 2, Bool = 3, Object = 4, Null = 5, Message = 6, MessageList = 7,
};

// Growable UTF-16 storage that appends without zero-filling (strings are the bulk of a tape).
class Utf16Buffer {
 public:
  // Room for `n` more units at the end; Commit(end) sets the size to what was written.
  char16_t *Reserve(size_t n) {
    if (size_ + n > capacity_) Grow(size_ + n);
    return data_.get() + size_;
  }
  void Commit(const char16_t *end) { size_ = static_cast<size_t>(end - data_.get()); }
  void Append(const Utf16Buffer &other);
  const char16_t *Data() const { return data_.get(); }
  size_t Size() const { return size_; }
  size_t Capacity() const { return capacity_; }
  void Clear() { size_ = 0; }
  void Release() { data_.reset(); size_ = capacity_ = 0; }
  void Swap(Utf16Buffer &other) noexcept;

 private:
  void Grow(size_t atLeast);
  std::unique_ptr<char16_t[]> data_;
  size_t size_ = 0, capacity_ = 0;
};

class EventTape {
 public:
  // Numbers.
  void Num(double v) { nums_.push_back(v); }
  void Bool(bool v) { nums_.push_back(v ? 1.0 : 0.0); }
  // Text: a length in nums (-1: null), the characters in text.
  void Str(std::string_view utf8);
  void OptStr(const std::optional<std::string> &s) { s ? Str(*s) : NullStr(); }
  void NullStr() { nums_.push_back(-1.0); }
  void Id(uint64_t id);
  void OptId(uint64_t id) { id != 0 ? Id(id) : NullStr(); }  // snowflake 0 means "none"
  void Map(const std::unordered_map<std::string, std::string> &map);  // count, then key/value pairs
  void Object(std::shared_ptr<const Payload> payload) { objects_.push_back(std::move(payload)); }

  // One whole event: header, result, fields.
  void Event(const NativeEvent &event);
  // Header and result of an event whose fields the caller writes; End() patches the sizes.
  struct Mark { size_t nums, text, objects; };
  Mark Begin(EventKind kind, uint32_t opId, const std::optional<ResultData> &result);
  void End(const Mark &mark);

  void Append(const EventTape &other);
  void Clear();
  // Frees the buffers of an empty tape when they hold more than `bytes` (after a flood).
  void ShrinkIfAbove(size_t bytes);
  bool Empty() const { return nums_.empty(); }
  size_t Events() const { return events_; }
  size_t TextUnits() const { return text_.Size(); }
  void Swap(EventTape &other) noexcept;

  // [Float64Array nums, string text, Array objects | null]; the tape is left unchanged.
  Napi::Array ToJs(Napi::Env env) const;

 private:
  void Field(const psdk::Field &f);
  std::vector<double> nums_;
  Utf16Buffer text_;
  std::vector<std::shared_ptr<const Payload>> objects_;
  size_t events_ = 0;
};

}  // namespace psdk
