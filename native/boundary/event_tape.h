// EventTape: native events encoded for one crossing to JS, instead of one Node-API object per
// event (building objects through Node-API costs ~2 µs each; see docs/performance.md).
//
// Two parts, read sequentially by lib/tape.ts:
// - nums: every number of every event (kinds, op ids, enum values, string lengths, counts);
// - text: every string and every decimal id, concatenated as UTF-16, addressed only by the
//   lengths in nums (the reader keeps a running cursor), so tapes concatenate without rebasing.
//
// Event layout: [kind, opId, bodyNums, bodyText | hasResult, result?, fields…]. The two body
// sizes let the reader skip an event it does not need and resynchronise after a listener
// throws. Fields carry no tags: each event's and record's fields, their order and their types
// are declared once in native/boundary/boundary.schema, which generates the writers here
// (native/boundary/boundary_codecs.h) and the readers in JS (lib/boundary.ts).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <napi.h>

#include "boundary/boundary_kinds.h"

namespace psdk {

// A copy of a failed ClientResult (successful results travel as null): the `result?` above.
struct ResultData {
  int32_t type = 0;
  std::string error;
  int32_t errorCode = 0;
  int32_t status = 0;
  std::string responseBody;
  bool retryable = false;
  float retryAfterSeconds = 0;
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

  // Header and result of an event whose fields the caller writes; End() patches the sizes.
  struct Mark { size_t nums, text; };
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

  // The tape as JS values, passed straight as call arguments (no array to pack and unpack):
  // Float64Array nums, string text. The tape is left unchanged.
  Napi::Value NumsToJs(Napi::Env env) const;
  Napi::Value TextToJs(Napi::Env env) const;

 private:
  // The decimal digits of recently encoded ids. A message carries six ids, most of them repeats
  // (its author's id twice, its channel's as channel and lobby, the application's), and a flood
  // repeats them from message to message: a hit is a copy instead of a conversion. A pure function
  // of the id, so Clear/Swap/Append leave it alone.
  struct IdDigits {
    uint64_t id = 0;  // 0: empty slot (0 is never encoded through the cache)
    uint8_t length = 0;
    std::array<char16_t, 20> digits{};
  };
  std::array<IdDigits, 8> idCache_{};

  std::vector<double> nums_;
  Utf16Buffer text_;
  size_t events_ = 0;
};

// A getter's list crossing as one tape instead of one Node-API object per element:
// [Float64Array nums, string text] holding the count, then each element as `encode` writes it
// (a generated Encode<Record>; lib/tape.ts readTapeList reads it back).
template <class List, class Encode>
Napi::Value ListTapeToJs(Napi::Env env, const List &list, Encode encode) {
  EventTape tape;
  tape.Num(static_cast<double>(list.size()));
  for (const auto &element : list) encode(tape, element);
  Napi::Array out = Napi::Array::New(env, 2);
  out.Set(0u, tape.NumsToJs(env));
  out.Set(1u, tape.TextToJs(env));
  return out;
}

// One record with lists inside it (a lobby and its members) as a tape of the same shape, without
// the count (lib/tape.ts readTapeRecord).
template <class Record, class Encode>
Napi::Value RecordTapeToJs(Napi::Env env, const Record &record, Encode encode) {
  EventTape tape;
  encode(tape, record);
  Napi::Array out = Napi::Array::New(env, 2);
  out.Set(0u, tape.NumsToJs(env));
  out.Set(1u, tape.TextToJs(env));
  return out;
}

}  // namespace psdk
