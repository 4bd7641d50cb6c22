#include "boundary/event_tape.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "boundary/boundary_codecs.h"
#include "runtime/inlining.h"

namespace psdk {

// EventTape::BatchRef's table: copies of the records written in this tape's batch (assigned
// into, so a reused slot keeps its strings' buffers).
class BatchRecords {
 public:
  struct Entry {
    BatchRecord record;
    size_t nums = 0, text = 0;  // where its fields start in the tape
  };
  std::array<Entry, EventTape::kMaxBatchRecords> entries;
  size_t count = 0;
};

EventTape::EventTape() = default;
EventTape::~EventTape() = default;

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

// True when none of the `n` bytes at `p` has its high bit set. Sixteen bytes a step as two
// words, and the last 1-15 as one or two words that overlap what was already checked: most text
// (ids, names, chat) is short ASCII, where a byte loop over the tail was most of the cost (g++ and
// mingw-w64 turn the fixed-size memcpy loads into plain unaligned loads).
bool AllAscii(const unsigned char *p, size_t n) {
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  auto word = [](const unsigned char *at) {
    uint64_t w;
    std::memcpy(&w, at, 8);
    return w;
  };
  if (n >= 8) {
    const unsigned char *end = p + n;
    for (; end - p >= 16; p += 16) {
      if (((word(p) | word(p + 8)) & kHigh) != 0) return false;
    }
    uint64_t tail = word(end - 8);
    if (end - p > 8) tail |= word(p);
    return (tail & kHigh) == 0;
  }
  if (n >= 4) {
    uint32_t head;
    uint32_t last;
    std::memcpy(&head, p, 4);
    std::memcpy(&last, p + n - 4, 4);
    return ((head | last) & 0x80808080U) == 0;
  }
  unsigned any = 0;
  for (size_t k = 0; k < n; ++k) any |= p[k];
  return any < 0x80;
}

}  // namespace

PSDK_NOINLINE void TapeNums::Grow(size_t atLeast) {
  size_t capacity = capacity_ < 64 ? 64 : capacity_ * 2;
  while (capacity < atLeast) capacity *= 2;
  auto data = std::make_unique_for_overwrite<double[]>(capacity);
  if (size_ != 0) std::memcpy(data.get(), data_.get(), size_ * sizeof(double));
  data_ = std::move(data);
  capacity_ = capacity;
}

void TapeNums::Append(const double *values, size_t n) {
  if (n == 0) return;
  if (size_ + n > capacity_) Grow(size_ + n);
  std::memcpy(data_.get() + size_, values, n * sizeof(double));
  size_ += n;
}

void TapeText::Grow(size_t bytes) {
  size_t capacity = capacity_ < 512 ? 512 : capacity_ * 2;
  while (capacity < bytes) capacity *= 2;
  // char16_t storage: aligned for the wide form; the narrow one writes it as bytes.
  auto data = std::make_unique_for_overwrite<char16_t[]>(capacity / 2);
  if (size_ != 0) std::memcpy(data.get(), data_.get(), size_ * UnitBytes());
  data_ = std::move(data);
  capacity_ = capacity;
}

uint8_t *TapeText::Reserve(size_t units) {
  const size_t used = size_ * UnitBytes();
  if (used + units * UnitBytes() > capacity_) Grow(used + units * UnitBytes());
  return Bytes() + used;
}

void TapeText::Widen() {
  // In place when the storage has room (a reused scratch tape has, after its first widening),
  // from the end backwards: unit k is written at bytes 2k and 2k+1, never below a byte not read yet.
  if (size_ * 2 > capacity_) Grow(size_ * 2);
  uint8_t *bytes = Bytes();
  auto *units = reinterpret_cast<char16_t *>(bytes);
  for (size_t k = size_; k-- > 0;) units[k] = bytes[k];
  wide_ = true;
}

PSDK_NOINLINE size_t TapeText::AppendUtf8Slow(std::string_view utf8) {
  const auto *p = reinterpret_cast<const unsigned char *>(utf8.data());
  const auto *end = p + utf8.size();
  const size_t start = size_;
  if (!wide_ && AllAscii(p, utf8.size())) {  // the common case: one check, one copy
    if (!utf8.empty()) std::memcpy(Reserve(utf8.size()), p, utf8.size());
    size_ += utf8.size();
    return utf8.size();
  }
  if (!wide_) {
    // At most one byte out per byte in. ASCII runs are copied eight bytes at a time; a two-byte
    // sequence of U+0080..U+00FF is one Latin-1 byte; anything else widens the text.
    uint8_t *out = Reserve(utf8.size());
    uint8_t *o = out;
    for (;;) {
      while (end - p >= 8) {
        uint64_t word;
        std::memcpy(&word, p, 8);
        if ((word & 0x8080808080808080ULL) != 0) break;
        std::memcpy(o, p, 8);
        o += 8;
        p += 8;
      }
      while (p < end && *p < 0x80) *o++ = *p++;
      if (p == end) break;
      if ((p[0] == 0xC2 || p[0] == 0xC3) && end - p >= 2 && (p[1] & 0xC0) == 0x80) {
        *o++ = static_cast<uint8_t>(((p[0] & 0x1F) << 6) | (p[1] & 0x3F));
        p += 2;
        continue;
      }
      break;  // beyond Latin-1, or malformed (U+FFFD is beyond Latin-1 too)
    }
    size_ += static_cast<size_t>(o - out);
    if (p == end) return size_ - start;
    Widen();
  }
  auto *out = reinterpret_cast<char16_t *>(Reserve(static_cast<size_t>(end - p)));
  const char16_t *e = ToUtf16(out, std::string_view(reinterpret_cast<const char *>(p), static_cast<size_t>(end - p)));
  size_ += static_cast<size_t>(e - out);
  return size_ - start;
}

PSDK_NOINLINE void TapeText::AppendAscii(const char *chars, size_t n) {
  uint8_t *at = Reserve(n);
  if (wide_) std::copy_n(reinterpret_cast<const unsigned char *>(chars), n, reinterpret_cast<char16_t *>(at));
  else std::memcpy(at, chars, n);
  size_ += n;
}

void TapeText::Append(const TapeText &other) {
  if (other.wide_ && !wide_) Widen();
  const size_t base = size_;
  uint8_t *at = Reserve(other.size_);
  if (wide_ == other.wide_) {
    if (other.size_ != 0) std::memcpy(at, other.Bytes(), other.size_ * UnitBytes());
  } else {  // narrow into wide
    std::copy_n(other.Bytes(), other.size_, reinterpret_cast<char16_t *>(at));
  }
  size_ += other.size_;
  for (size_t cut : other.cuts_) cuts_.push_back(base + cut);
}

void TapeText::Swap(TapeText &other) noexcept {
  data_.swap(other.data_);
  std::swap(size_, other.size_);
  std::swap(capacity_, other.capacity_);
  std::swap(wide_, other.wide_);
  cuts_.swap(other.cuts_);
}

Napi::Value TapeText::SegmentToJs(Napi::Env env, size_t begin, size_t end) const {
  napi_value value = nullptr;
  napi_status status;
  if (begin == end) {
    status = napi_create_string_latin1(env, "", 0, &value);
  } else if (wide_) {
    status = napi_create_string_utf16(env, data_.get() + begin, end - begin, &value);
  } else {
    status = napi_create_string_latin1(env, reinterpret_cast<const char *>(data_.get()) + begin, end - begin, &value);
  }
  NAPI_THROW_IF_FAILED(env, status, Napi::Value());
  return Napi::Value(env, value);
}

Napi::Value TapeText::ToJs(Napi::Env env) const {
  if (cuts_.empty()) return SegmentToJs(env, 0, size_);
  Napi::Array segments = Napi::Array::New(env, cuts_.size() + 1);
  size_t begin = 0;
  for (size_t k = 0; k <= cuts_.size(); ++k) {
    const size_t end = k < cuts_.size() ? cuts_[k] : size_;
    segments.Set(static_cast<uint32_t>(k), SegmentToJs(env, begin, end));
    begin = end;
  }
  return segments;
}

void EventTape::Id(uint64_t id) {
  if (WroteRepeat(id)) return;
  const uint64_t hash = id * kIdHash;
  static_assert(kIdSets == 8, "the set is the hash's top 3 bits, the fresh set the 3 below");
  const auto set = static_cast<size_t>(hash >> 61);
  if (const IdDigits *found = CacheHit(id, set)) AppendIdDigits(*found);
  else IdMiss(id, hash, set);
}

inline IdDigits &EventTape::FreshDigits(uint64_t id, uint64_t hash, size_t set) {
  const auto freshSet = static_cast<size_t>(hash >> 58) & (kIdSets - 1);
  IdDigits *fresh = &idFresh_[2 * freshSet];
  if (id != 0 && (fresh[0].id == id || fresh[1].id == id)) {
    if (fresh[0].id != id) fresh += 1;
    const uint8_t way = idCacheOlder_[set];
    idCache_[2 * set + way] = *fresh;  // seen twice: a repeat worth keeping
    idCacheOlder_[set] = static_cast<uint8_t>(1 - way);
  } else {
    const uint8_t way = idFreshOlder_[freshSet];
    fresh += way;
    idFreshOlder_[freshSet] = static_cast<uint8_t>(1 - way);
    decimal_.Convert(id, *fresh);
    fresh->id = id;
  }
  return *fresh;
}

PSDK_NOINLINE void EventTape::IdMiss(uint64_t id, uint64_t hash, size_t set) {
  AppendIdDigits(FreshDigits(id, hash, set));
}

void EventTape::NewId(uint64_t id) {
  if (WroteRepeat(id)) return;
  decimal_.Convert(id, newId_);
  AppendIdDigits(newId_);
}

PSDK_NOINLINE void EventTape::IdSlotMiss(uint64_t id, size_t slot) {
  const uint64_t hash = id * kIdHash;
  const auto set = static_cast<size_t>(hash >> 61);
  const IdDigits *found = CacheHit(id, set);
  IdDigits &known = idSlots_[slot];
  known = found != nullptr ? *found : FreshDigits(id, hash, set);
  AppendIdDigits(known);
}

void EventTape::MapEntries(const std::unordered_map<std::string, std::string> &map) {
  Num(static_cast<double>(map.size()));
  for (const auto &[key, value] : map) {
    Str(key);
    Str(value);
  }
}

void EventTape::EnableBatchSharing() {
  if (!batchRecords_) batchRecords_ = std::make_unique<BatchRecords>();
}

bool EventTape::BatchRef(uint64_t key, const BatchRecord &record) {
  BatchRecords *batch = batchRecords_.get();
  if (batch == nullptr || !sharing_) {
    nums_.Push(Share(key));
    return false;
  }
  for (size_t j = 0; j < batch->count; ++j) {
    const BatchRecords::Entry &entry = batch->entries[j];
    // Every field, not only the id: a user renamed between two messages of a batch is two users.
    if (SameBatchRecord(entry.record, record)) {
      Share(key);  // remembered in the event too, as lib/tape.ts TapeReader.shared mirrors
      nums_.Push(-6.0);
      nums_.Push(static_cast<double>(j));
      nums_.Push(static_cast<double>(entry.nums));
      nums_.Push(static_cast<double>(entry.text));
      return true;
    }
  }
  const bool inEvent = Share(key) == -2.0;
  if (batch->count == kMaxBatchRecords) {
    nums_.Push(inEvent ? -2.0 : -3.0);
    return false;
  }
  BatchRecords::Entry &entry = batch->entries[batch->count];
  entry.record = record;
  nums_.Push(inEvent ? -4.0 : -5.0);
  nums_.Push(static_cast<double>(batch->count++));
  entry.nums = nums_.Size();
  entry.text = text_.Size();
  // Its id in full, never as a repeat of the id before it (Id()): JS reads the record out of its
  // event when that event was skipped undecoded and a later one refers to it.
  lastId_ = 0;
  return false;
}

EventTape::Mark EventTape::Begin(EventKind kind, uint32_t opId, const std::optional<ResultData> &result) {
  nums_.Push(static_cast<double>(kind));
  nums_.Push(static_cast<double>(opId));
  nums_.Push(0.0);  // body sizes, patched by End()
  nums_.Push(0.0);
  Mark mark{nums_.Size(), text_.Size(), batchRecords_ ? batchRecords_->count : 0};
  static_assert(kHeaderNums == 4, "Begin writes kind, opId and the two body sizes");
  sharing_ = true;
  sharedCount_ = 0;
  lastId_ = 0;
  Bool(result.has_value());
  if (result) EncodeFailedResult(*this, *result);
  return mark;
}

void EventTape::End(const Mark &mark) {
  nums_[mark.nums - 2] = static_cast<double>(nums_.Size() - mark.nums);
  nums_[mark.nums - 1] = static_cast<double>(text_.Size() - mark.text);
  ++events_;
  text_.Boundary();
  sharing_ = false;
  sharedCount_ = 0;
  lastId_ = 0;
}

void EventTape::Abandon(const Mark &mark) {
  nums_.Truncate(mark.nums - kHeaderNums);
  text_.Truncate(mark.text);
  if (batchRecords_) batchRecords_->count = mark.batchRecords;  // the event's records never reach JS
  sharing_ = false;
  sharedCount_ = 0;
  lastId_ = 0;
}

void EventTape::Append(const EventTape &other) {
  nums_.Append(other.nums_.Data(), other.nums_.Size());
  text_.Append(other.text_);
  events_ += other.events_;
  text_.Boundary();
}

void EventTape::Clear() {
  nums_.Clear();
  text_.Clear();
  events_ = 0;
  if (batchRecords_) batchRecords_->count = 0;
}

void EventTape::ShrinkIfAbove(size_t bytes) {
  if (nums_.CapacityBytes() > bytes) nums_.Release();
  if (text_.CapacityBytes() > bytes) text_.Release();
}

void EventTape::Swap(EventTape &other) noexcept {
  nums_.Swap(other.nums_);
  text_.Swap(other.text_);
  std::swap(events_, other.events_);
  // Each table is bound to its tape object and described the contents that just left it.
  if (batchRecords_) batchRecords_->count = 0;
  if (other.batchRecords_) other.batchRecords_->count = 0;
}

Napi::Value EventTape::NumsToJs(Napi::Env env) const {
  // Through a Buffer copy, which allocates without zero-filling (an ArrayBuffer::New is
  // zero-filled, then overwritten: a memset of every byte of every tape).
  const size_t bytes = nums_.Size() * sizeof(double);
  if (bytes != 0) {
    auto copy = Napi::Buffer<uint8_t>::Copy(env, reinterpret_cast<const uint8_t *>(nums_.Data()), bytes);
    if (copy.ByteOffset() % alignof(double) == 0) return Napi::Float64Array::New(env, nums_.Size(), copy.ArrayBuffer(), copy.ByteOffset());
  }
  Napi::ArrayBuffer buffer = Napi::ArrayBuffer::New(env, bytes);
  if (bytes != 0) std::memcpy(buffer.Data(), nums_.Data(), bytes);
  return Napi::Float64Array::New(env, nums_.Size(), buffer, 0);
}

Napi::Value EventTape::TextToJs(Napi::Env env) const { return text_.ToJs(env); }

}  // namespace psdk
