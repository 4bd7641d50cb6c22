#include "event_tape.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace psdk {

namespace {

constexpr char16_t kReplacement = 0xFFFD;

// Appends UTF-8 as UTF-16; each malformed sequence becomes one U+FFFD (strings from the SDK are
// UTF-8, but a bad byte must not shift the offsets of everything after it). Returns the units
// written.
size_t AppendUtf16(std::u16string &out, std::string_view in) {
  const size_t before = out.size();
  const auto *p = reinterpret_cast<const unsigned char *>(in.data());
  const auto *end = p + in.size();
  while (p < end) {
    const unsigned char c = *p;
    if (c < 0x80) {  // ASCII run: the common case
      out.push_back(static_cast<char16_t>(c));
      ++p;
      continue;
    }
    uint32_t cp = 0;
    size_t len = 0;
    uint32_t min = 0;
    if ((c & 0xE0) == 0xC0) { cp = c & 0x1F; len = 2; min = 0x80; }
    else if ((c & 0xF0) == 0xE0) { cp = c & 0x0F; len = 3; min = 0x800; }
    else if ((c & 0xF8) == 0xF0) { cp = c & 0x07; len = 4; min = 0x10000; }
    else { out.push_back(kReplacement); ++p; continue; }
    if (static_cast<size_t>(end - p) < len) { out.push_back(kReplacement); ++p; continue; }
    bool ok = true;
    for (size_t k = 1; k < len; ++k) {
      if ((p[k] & 0xC0) != 0x80) { ok = false; break; }
      cp = (cp << 6) | (p[k] & 0x3F);
    }
    if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      out.push_back(kReplacement);
      ++p;
      continue;
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (cp >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (cp & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(cp));
    }
    p += len;
  }
  return out.size() - before;
}

}  // namespace

void EventTape::Str(std::string_view utf8) { nums_.push_back(static_cast<double>(AppendUtf16(text_, utf8))); }

void EventTape::Id(uint64_t id) {
  char buf[24];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, id);
  (void)ec;  // 24 bytes always hold a uint64
  const size_t n = static_cast<size_t>(end - buf);
  const size_t at = text_.size();
  text_.resize(at + n);
  std::copy(buf, end, text_.begin() + static_cast<std::ptrdiff_t>(at));
  nums_.push_back(static_cast<double>(n));
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
  nums_.insert(nums_.end(), 3, 0.0);  // body sizes, patched by End()
  Mark mark{nums_.size(), text_.size(), objects_.size()};
  Bool(result.has_value());
  if (result) {
    Num(result->type);
    Num(result->errorCode);
    Num(result->status);
    Bool(result->retryable);
    Num(static_cast<double>(result->retryAfterSeconds));
    Str(result->error);
    Str(result->responseBody);
  }
  return mark;
}

void EventTape::End(const Mark &mark) {
  nums_[mark.nums - 3] = static_cast<double>(nums_.size() - mark.nums);
  nums_[mark.nums - 2] = static_cast<double>(text_.size() - mark.text);
  nums_[mark.nums - 1] = static_cast<double>(objects_.size() - mark.objects);
  ++events_;
}

void EventTape::Field(const psdk::Field &f) {
  switch (f.kind) {
    case Field::Kind::String: Num(static_cast<double>(FieldTag::String)); Str(f.text); return;
    case Field::Kind::Number: Num(static_cast<double>(FieldTag::Number)); Num(f.number); return;
    case Field::Kind::Id: Num(static_cast<double>(FieldTag::Id)); Id(f.id); return;
    case Field::Kind::Bool: Num(static_cast<double>(FieldTag::Bool)); Bool(f.flag); return;
    case Field::Kind::Object:
      if (!f.object) {
        Num(static_cast<double>(FieldTag::Null));
      } else if (!f.object->Encode(*this)) {  // payloads that encode write their own tag
        Num(static_cast<double>(FieldTag::Object));
        Object(f.object);
      }
      return;
  }
}

void EventTape::Event(const NativeEvent &event) {
  Mark mark = Begin(event.kind, event.opId, event.result);
  for (const psdk::Field &f : event.fields) Field(f);
  End(mark);
}

void EventTape::Append(const EventTape &other) {
  nums_.insert(nums_.end(), other.nums_.begin(), other.nums_.end());
  text_.append(other.text_);
  objects_.insert(objects_.end(), other.objects_.begin(), other.objects_.end());
  events_ += other.events_;
}

void EventTape::Clear() {
  nums_.clear();
  text_.clear();
  objects_.clear();
  events_ = 0;
}

void EventTape::ShrinkIfAbove(size_t bytes) {
  if (nums_.capacity() * sizeof(double) > bytes) std::vector<double>().swap(nums_);
  if (text_.capacity() * sizeof(char16_t) > bytes) std::u16string().swap(text_);
  if (objects_.capacity() * sizeof(objects_[0]) > bytes) decltype(objects_)().swap(objects_);
}

void EventTape::Swap(EventTape &other) noexcept {
  nums_.swap(other.nums_);
  text_.swap(other.text_);
  objects_.swap(other.objects_);
  std::swap(events_, other.events_);
}

Napi::Array EventTape::ToJs(Napi::Env env) const {
  Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, nums_.size() * sizeof(double));
  if (!nums_.empty()) std::memcpy(buffer.Data(), nums_.data(), nums_.size() * sizeof(double));
  Napi::Array out = Napi::Array::New(env, 3);
  out.Set(uint32_t{0}, Napi::Float64Array::New(env, nums_.size(), buffer, 0));
  out.Set(uint32_t{1}, Napi::String::New(env, text_));
  if (objects_.empty()) {
    out.Set(uint32_t{2}, env.Null());
  } else {
    Napi::Array objects = Napi::Array::New(env, objects_.size());
    for (size_t i = 0; i < objects_.size(); ++i) objects.Set(static_cast<uint32_t>(i), objects_[i]->ToJs(env));
    out.Set(uint32_t{2}, objects);
  }
  return out;
}

}  // namespace psdk
