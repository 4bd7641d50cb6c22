#include "boundary/event_tape.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "boundary/boundary_codecs.h"

namespace psdk {

namespace {

constexpr char16_t kReplacement = 0xFFFD;

// Writes UTF-8 as UTF-16 at `out` (room for in.size() units: never more are needed) and returns
// the end. Each malformed sequence becomes one U+FFFD: strings from the SDK are UTF-8, but a bad
// byte must not shift the lengths of everything after it.
char16_t *ToUtf16(char16_t *out, std::string_view in) {
  const auto *p = reinterpret_cast<const unsigned char *>(in.data());
  const auto *end = p + in.size();
  while (p < end) {
    const unsigned char c = *p;
    if (c < 0x80) {  // ASCII: the common case
      *out++ = static_cast<char16_t>(c);
      ++p;
      continue;
    }
    uint32_t cp = 0;
    size_t len = 0;
    uint32_t min = 0;
    if ((c & 0xE0) == 0xC0) { cp = c & 0x1F; len = 2; min = 0x80; }
    else if ((c & 0xF0) == 0xE0) { cp = c & 0x0F; len = 3; min = 0x800; }
    else if ((c & 0xF8) == 0xF0) { cp = c & 0x07; len = 4; min = 0x10000; }
    else { *out++ = kReplacement; ++p; continue; }
    if (static_cast<size_t>(end - p) < len) { *out++ = kReplacement; ++p; continue; }
    bool ok = true;
    for (size_t k = 1; k < len; ++k) {
      if ((p[k] & 0xC0) != 0x80) { ok = false; break; }
      cp = (cp << 6) | (p[k] & 0x3F);
    }
    if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      *out++ = kReplacement;
      ++p;
      continue;
    }
    if (cp >= 0x10000) {  // 4 bytes in, 2 units out
      cp -= 0x10000;
      *out++ = static_cast<char16_t>(0xD800 + (cp >> 10));
      *out++ = static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      *out++ = static_cast<char16_t>(cp);
    }
    p += len;
  }
  return out;
}

}  // namespace

void Utf16Buffer::Grow(size_t atLeast) {
  size_t capacity = capacity_ < 256 ? 256 : capacity_ * 2;
  while (capacity < atLeast) capacity *= 2;
  auto data = std::make_unique_for_overwrite<char16_t[]>(capacity);
  if (size_ != 0) std::memcpy(data.get(), data_.get(), size_ * sizeof(char16_t));
  data_ = std::move(data);
  capacity_ = capacity;
}

void Utf16Buffer::Append(const Utf16Buffer &other) {
  char16_t *at = Reserve(other.size_);
  if (other.size_ != 0) std::memcpy(at, other.data_.get(), other.size_ * sizeof(char16_t));
  Commit(at + other.size_);
}

void Utf16Buffer::Swap(Utf16Buffer &other) noexcept {
  data_.swap(other.data_);
  std::swap(size_, other.size_);
  std::swap(capacity_, other.capacity_);
}

void EventTape::Str(std::string_view utf8) {
  char16_t *start = text_.Reserve(utf8.size());
  char16_t *end = ToUtf16(start, utf8);
  text_.Commit(end);
  nums_.push_back(static_cast<double>(end - start));
}

void EventTape::Id(uint64_t id) {
  // Direct-mapped by the id's high bits after a multiplicative hash (snowflakes differ mostly in
  // their low bits, which the multiplication spreads).
  IdDigits &slot = idCache_[static_cast<size_t>((id * 0x9E3779B97F4A7C15ULL) >> 61)];
  if (slot.id != id || id == 0) {
    char buf[24];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, id);
    (void)ec;  // 24 bytes always hold a uint64 (at most 20 digits)
    slot.length = static_cast<uint8_t>(end - buf);
    std::copy(buf, end, slot.digits.begin());
    slot.id = id;
  }
  char16_t *at = text_.Reserve(slot.length);
  std::copy_n(slot.digits.begin(), slot.length, at);
  text_.Commit(at + slot.length);
  nums_.push_back(static_cast<double>(slot.length));
}

void EventTape::Map(const std::unordered_map<std::string, std::string> &map) {
  Num(static_cast<double>(map.size()));
  for (const auto &[key, value] : map) {
    Str(key);
    Str(value);
  }
}

EventTape::Mark EventTape::Begin(EventKind kind, uint32_t opId, const std::optional<ResultData> &result) {
  nums_.push_back(static_cast<double>(kind));
  nums_.push_back(static_cast<double>(opId));
  nums_.insert(nums_.end(), 2, 0.0);  // body sizes, patched by End()
  Mark mark{nums_.size(), text_.Size()};
  Bool(result.has_value());
  if (result) EncodeFailedResult(*this, *result);
  return mark;
}

void EventTape::End(const Mark &mark) {
  nums_[mark.nums - 2] = static_cast<double>(nums_.size() - mark.nums);
  nums_[mark.nums - 1] = static_cast<double>(text_.Size() - mark.text);
  ++events_;
}

void EventTape::Append(const EventTape &other) {
  nums_.insert(nums_.end(), other.nums_.begin(), other.nums_.end());
  text_.Append(other.text_);
  events_ += other.events_;
}

void EventTape::Clear() {
  nums_.clear();
  text_.Clear();
  events_ = 0;
}

void EventTape::ShrinkIfAbove(size_t bytes) {
  if (nums_.capacity() * sizeof(double) > bytes) std::vector<double>().swap(nums_);
  if (text_.Capacity() * sizeof(char16_t) > bytes) text_.Release();
}

void EventTape::Swap(EventTape &other) noexcept {
  nums_.swap(other.nums_);
  text_.Swap(other.text_);
  std::swap(events_, other.events_);
}

Napi::Value EventTape::NumsToJs(Napi::Env env) const {
  Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, nums_.size() * sizeof(double));
  if (!nums_.empty()) std::memcpy(buffer.Data(), nums_.data(), nums_.size() * sizeof(double));
  return Napi::Float64Array::New(env, nums_.size(), buffer, 0);
}

Napi::Value EventTape::TextToJs(Napi::Env env) const {
  return Napi::String::New(env, text_.Size() != 0 ? text_.Data() : u"", text_.Size());
}

}  // namespace psdk
