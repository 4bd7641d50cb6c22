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

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <napi.h>

#include "boundary/boundary_kinds.h"
#include "boundary/decimal_ids.h"

namespace psdk {

class BatchRecords;

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

// The tape's text: one byte per unit (Latin-1) while every character fits, UTF-16 from the first
// one that does not (the bytes so far are widened once). Most text is ASCII (ids, names, chat), so
// the common tape is encoded without a UTF-16 conversion, copied at half the size and handed to V8
// as a one-byte string it need not scan and narrow again (docs/performance.md, row 1b). Lengths
// are UTF-16 units in both forms, so the JS reader does not know which one it got.
//
// The text is also cut into segments at event (or list element) boundaries once a segment
// reaches kSegmentUnits: each crosses as its own JS string, small enough for V8's young
// generation. One string of a 1,000-message tick was a large-object allocation: fresh pages,
// faulted in and unmapped again at every tick (~15% of the crossing).
class TapeText {
 public:
  static constexpr size_t kSegmentUnits = 32768;

  // Appends UTF-8 text (each malformed sequence becomes one U+FFFD); returns the units written.
  // Inline for a short ASCII string into narrow text with room (a name, an id, a short message:
  // most strings), out of line otherwise: the call, its checks and libc's memcpy were ~95
  // instructions per string, four strings per friend in a friends list (docs/performance.md, 4).
  size_t AppendUtf8(std::string_view utf8) {
    const size_t n = utf8.size();
    if (n <= kShortBytes && !wide_ && size_ + n <= capacity_ && CopyIfAscii(utf8.data(), n, Bytes() + size_)) {
      size_ += n;
      return n;
    }
    return AppendUtf8Slow(utf8);
  }
  // Appends ASCII characters.
  void AppendAscii(const char *chars, size_t n);
  // Appends the first `n` of 20 decimal digits: while narrow with room, as one fixed 20-byte
  // copy (an id is encoded six times per message, mostly from the cache of EventTape::Id).
  void AppendDigits(const std::array<char, 20> &digits, size_t n) {
    if (!wide_ && size_ + digits.size() <= capacity_) {
      std::memcpy(Bytes() + size_, digits.data(), digits.size());
      size_ += n;
    } else {
      AppendAscii(digits.data(), n);
    }
  }
  void Append(const TapeText &other);
  // An event or list element ends here: a new segment starts when this one is full.
  void Boundary() {
    if (size_ - (cuts_.empty() ? 0 : cuts_.back()) >= kSegmentUnits) cuts_.push_back(size_);
  }
  size_t Size() const { return size_; }
  // Room for `units` units in all (in the current form), the text kept.
  void ReserveUnits(size_t units) {
    if (units * UnitBytes() > capacity_) Grow(units * UnitBytes());
  }
  bool Wide() const { return wide_; }
  size_t CapacityBytes() const { return capacity_; }
  void Clear() { size_ = 0; wide_ = false; cuts_.clear(); }
  void Truncate(size_t units) {  // back to the first `units` units (no more than Size())
    size_ = units;
    while (!cuts_.empty() && cuts_.back() >= units) cuts_.pop_back();
  }
  void Release() { data_.reset(); size_ = capacity_ = 0; wide_ = false; std::vector<size_t>().swap(cuts_); }
  void Swap(TapeText &other) noexcept;
  // The text as one JS string, or an array of them (one per segment).
  Napi::Value ToJs(Napi::Env env) const;

 private:
  size_t UnitBytes() const { return wide_ ? 2 : 1; }
  static constexpr size_t kShortBytes = 32;
  // When none of the n <= kShortBytes bytes at `p` has its high bit set, copies them to `out` and
  // returns true; otherwise writes nothing. Whole words that overlap in the middle (a 9-byte string
  // is the words at 0 and 1): no byte before `p` or past `p + n` is read, none past `out + n`
  // written.
  static bool CopyIfAscii(const char *p, size_t n, uint8_t *out) {
    constexpr uint64_t kHigh = 0x8080808080808080ULL;
    if (n >= 8) {
      uint64_t w[4];
      const size_t at[4] = {0, n > 16 ? size_t{8} : 0, n > 16 ? n - 16 : 0, n - 8};
      for (size_t k = 0; k < 4; ++k) std::memcpy(&w[k], p + at[k], 8);
      if (((w[0] | w[1] | w[2] | w[3]) & kHigh) != 0) return false;
      for (size_t k = 0; k < 4; ++k) std::memcpy(out + at[k], &w[k], 8);
      return true;
    }
    if (n >= 4) {
      uint32_t head, tail;
      std::memcpy(&head, p, 4);
      std::memcpy(&tail, p + n - 4, 4);
      if (((head | tail) & 0x80808080U) != 0) return false;
      std::memcpy(out, &head, 4);
      std::memcpy(out + n - 4, &tail, 4);
      return true;
    }
    if (n == 0) return true;
    // 1-3 bytes: the first, the middle and the last are all of them.
    const auto first = static_cast<uint8_t>(p[0]), middle = static_cast<uint8_t>(p[n / 2]),
               last = static_cast<uint8_t>(p[n - 1]);
    if (((first | middle | last) & 0x80) != 0) return false;
    out[0] = first;
    out[n / 2] = middle;
    out[n - 1] = last;
    return true;
  }
  size_t AppendUtf8Slow(std::string_view utf8);
  uint8_t *Reserve(size_t units);  // room for `units` more; returns the end
  void Grow(size_t bytes);          // storage of at least `bytes`, the text kept
  void Widen();
  Napi::Value SegmentToJs(Napi::Env env, size_t begin, size_t end) const;
  // Allocated as char16_t (aligned for the wide form, released as what it was allocated as); the
  // narrow form writes it as bytes.
  std::unique_ptr<char16_t[]> data_;
  uint8_t *Bytes() const { return reinterpret_cast<uint8_t *>(data_.get()); }
  size_t size_ = 0;      // units
  size_t capacity_ = 0;  // bytes
  bool wide_ = false;
  std::vector<size_t> cuts_;  // unit offsets where a segment starts (after the first)
};

// The tape's numbers: an array of doubles whose append is a compare, a store and an increment,
// inlined where each number is written (a message writes ~40). std::vector's push_back was an
// out-of-line call per number here (~12% of encoding a message's instructions); growing stays out
// of line.
class TapeNums {
 public:
  void Push(double v) {
    if (size_ == capacity_) [[unlikely]] Grow(size_ + 1);
    data_[size_++] = v;
  }
  void Append(const double *values, size_t n);
  // Room for `n` numbers in all, the ones written kept.
  void Reserve(size_t n) {
    if (n > capacity_) Grow(n);
  }
  double &operator[](size_t k) { return data_[k]; }
  const double *Data() const { return data_.get(); }
  size_t Size() const { return size_; }
  size_t CapacityBytes() const { return capacity_ * sizeof(double); }
  void Clear() { size_ = 0; }
  void Truncate(size_t n) { size_ = n; }  // back to the first `n` numbers (no more than Size())
  void Release() { data_.reset(); size_ = capacity_ = 0; }
  void Swap(TapeNums &other) noexcept {
    data_.swap(other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

 private:
  void Grow(size_t atLeast);  // room for `atLeast` numbers, the ones written kept
  std::unique_ptr<double[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

class EventTape {
 public:
  // Numbers.
  void Num(double v) { nums_.Push(v); }
  void Bool(bool v) { nums_.Push(v ? 1.0 : 0.0); }
  // Text: a length in nums (-1: null), the characters in text.
  void Str(std::string_view utf8) { nums_.Push(static_cast<double>(text_.AppendUtf8(utf8))); }
  // Of any string type Str takes: std::string, or the SDK's own (SdkString, a history's record).
  template <class S>
  void OptStr(const std::optional<S> &s) { s ? Str(*s) : NullStr(); }
  void NullStr() { nums_.Push(-1.0); }
  // A decimal id; inside an event, or an element of a getter's list, an id equal to the one
  // written just before it in the same event or element crosses as -2 and no text (lib/tape.ts
  // TapeReader.id hands back that string): a message's authorId is followed by its author's id,
  // its channelId by its lobbyId, a listed relationship's id by its user's.
  // A hit in the id cache costs ~35 instructions: its path saves no registers (the miss path is
  // a tail call to IdMiss, which converts); a message writes four or five ids, three of them hits.
  void Id(uint64_t id);
  void OptId(uint64_t id) { id != 0 ? Id(id) : NullStr(); }  // snowflake 0 means "none"
  // Id() for a field of a record encoded by the hundreds (a history's or a flood's Message: the
  // generated Encode<Record>Of), tried first against the digits that field wrote last: a
  // message's author, channel and application repeat from one message to the next. One compare
  // instead of the cache's hash and ways, and no set for the three to crowd (with the cache alone
  // about one process in thirty missed them at every message: ~+70K instructions per history).
  // `slot`: the field's, numbered by the generator (fewer than kIdSlots). A miss goes through
  // the cache and keeps what it found in the slot.
  static constexpr size_t kIdSlots = 8;
  void Id(uint64_t id, size_t slot) {
    if (WroteRepeat(id)) return;
    const IdDigits &known = idSlots_[slot];
    if (known.id == id && id != 0) AppendIdDigits(known);
    else IdSlotMiss(id, slot);
  }
  void OptId(uint64_t id, size_t slot) { id != 0 ? Id(id, slot) : NullStr(); }
  // Id() for the own id of such a record, new for every one (a history's message ids): converted
  // straight away, neither the cache nor the fresh table searched, nor filled with an id that
  // will not repeat.
  void NewId(uint64_t id);
  // Count, then key/value pairs. Most maps are empty (a message's metadata and moderation
  // metadata): that is the count alone, written here without a call.
  void Map(const std::unordered_map<std::string, std::string> &map) {
    if (map.empty()) nums_.Push(0.0);
    else MapEntries(map);
  }

  // Header and result of an event whose fields the caller writes; End() patches the sizes.
  struct Mark { size_t nums, text, batchRecords; };
  static constexpr size_t kHeaderNums = 4;  // kind, opId and the two body sizes, before a Mark
  Mark Begin(EventKind kind, uint32_t opId, const std::optional<ResultData> &result);
  void End(const Mark &mark);
  // Instead of End, for an event whose fields were partly written when its encoder threw: the
  // tape is as it was before Begin (its text may stay UTF-16 if the event widened it: the same
  // characters, only wider).
  void Abandon(const Mark &mark);
  // A getter's list starts (ListTapeToJs): ids repeat within each of its elements as within an
  // event (Id). A friend's id crossed twice, as the relationship's and as its user's: in a list
  // of 50,000 the second copy's digits and its JS string were a sixth of what stayed alive.
  void ListBegin() {
    elementIds_ = true;
    lastId_ = 0;
  }
  // One element of a getter's list ended (its text may start a new segment: ListTapeToJs); the
  // next one's ids repeat only its own (lib/tape.ts readTapeList resets its lastId the same way).
  void ElementEnd() {
    text_.Boundary();
    lastId_ = 0;
  }
  // Room for `more` elements the size of everything written so far, and a quarter more: called
  // by ListTapeToJs after a list's first element. A friends list of 5,000 grew each buffer about
  // eleven times from empty, copying what it held each time. Capped (8 MB of numbers, 4 M text
  // units; a list of 5,000 friends needs well under a tenth of that): a list whose first element
  // is unusually large (long metadata) must not reserve its size times the count; past the cap
  // the buffers grow as they fill.
  void ReserveLikeSoFar(size_t more) {
    constexpr size_t kMaxNums = size_t{1} << 20;
    constexpr size_t kMaxUnits = size_t{1} << 22;
    const size_t times = more + more / 4 + 1;
    nums_.Reserve(std::min(nums_.Size() * times, kMaxNums));
    text_.ReserveUnits(std::min(text_.Size() * times, kMaxUnits));
  }

  // Records shared within one event (a schema field marked `shared`: a history's authors). A
  // record whose key was written earlier in the same event crosses as that one's index (>= 0)
  // instead of again; lib/tape.ts TapeReader.shared hands back the same JS object. Only between
  // Begin and End, and for at most kMaxShared keys per event (a linear search: a list has few
  // distinct authors, and past the bound a record is simply written in full).
  static constexpr size_t kMaxShared = 32;
  // The index of `key`'s record written earlier in this event, or -1.
  int32_t SharedRef(uint64_t key) const {
    for (size_t k = 0; k < sharedCount_; ++k) {
      if (shared_[k] == key) return static_cast<int32_t>(k);
    }
    return -1;
  }
  // `key`'s record is written next: -2 when it is remembered (at index SharedCount() before the
  // call), -3 when it is not (outside an event, or the table is full). The caller writes this tag.
  double Share(uint64_t key) {
    if (!sharing_ || sharedCount_ == kMaxShared) return -3.0;
    shared_[sharedCount_++] = key;
    return -2.0;
  }

  // Records shared across the events of one batch (a schema field marked `shared <key> batch`: a
  // live message's author; BatchRecord, boundary_kinds.h, is their type). A flood delivers a
  // thousand messages of one author per pump tick; each encoded the author again and JS built a
  // User per message. With EnableBatchSharing (the sink's owner tape, which becomes the batch JS
  // reads), a record equal in every field to one written earlier in this tape crosses as a
  // back-reference and JS hands back the same object; a rename between two messages makes them
  // differ, so it is written again. At most kMaxBatchRecords per tape (past that a record is
  // written in full). The table describes this tape's contents: Clear,
  // Swap and Abandon reset or roll it back with them; Append must not add a tape that has batch
  // records (only the owner tape has, and it is only ever swapped out).
  static constexpr size_t kMaxBatchRecords = 8;
  void EnableBatchSharing();
  // Writes the tag of `record`, the value of a batch-shared field whose key is `key` (its event
  // back-reference already missed): returns true when it was a batch back-reference (nothing
  // more to write), false when the record itself must follow. Tags (TapeReader.shared): -2/-3 as
  // Share; `-4 j` follows, remembered in the event and as the batch's j-th; `-5 j` follows,
  // remembered as the batch's j-th only; `-6 j nums text`: the batch's j-th record (remembered in
  // the event too, as Share would), whose fields start at those offsets of the tape's nums and
  // text: JS reads it there when it skipped its event undecoded (no listener, a settled operation).
  bool BatchRef(uint64_t key, const BatchRecord &record);

  void Append(const EventTape &other);
  void Clear();
  // Frees the buffers of an empty tape when they hold more than `bytes` (after a flood).
  void ShrinkIfAbove(size_t bytes);
  size_t Events() const { return events_; }
  size_t NumsCount() const { return nums_.Size(); }
  const double *NumsData() const { return nums_.Data(); }
  size_t TextUnits() const { return text_.Size(); }
  bool TextIsWide() const { return text_.Wide(); }
  void Swap(EventTape &other) noexcept;

  EventTape();
  ~EventTape();
  EventTape(const EventTape &) = delete;
  EventTape &operator=(const EventTape &) = delete;

  // The tape as JS values, passed straight as call arguments (no array to pack and unpack):
  // Float64Array nums; text as one string, or an array of strings when it was cut into segments
  // (lib/tape.ts). The tape is left unchanged.
  Napi::Value NumsToJs(Napi::Env env) const;
  Napi::Value TextToJs(Napi::Env env) const;

 private:
  // The decimal digits of recently encoded ids (IdDigits). A message carries six ids, most of them
  // repeats (its author's id twice, its channel's as channel and lobby, the application's), and a
  // flood repeats them from message to message: a hit is a copy instead of a conversion. A pure
  // function of the id, so Clear/Swap/Append leave it alone.
  // Sets by the id's high bits after a multiplicative hash (snowflakes differ mostly in their low
  // bits, which the multiplication spreads).
  static constexpr uint64_t kIdHash = 0x9E3779B97F4A7C15ULL;
  void AppendIdDigits(const IdDigits &d) {
    text_.AppendDigits(d.digits, d.length);
    nums_.Push(static_cast<double>(d.length));
  }
  void MapEntries(const std::unordered_map<std::string, std::string> &map);
  // Id() past the cache's ways: the fresh table, or a conversion.
  void IdMiss(uint64_t id, uint64_t hash, size_t set);
  // The cache's way holding `id` in `set`, or null (the older way updated on a hit).
  const IdDigits *CacheHit(uint64_t id, size_t set) {
    IdDigits *found = &idCache_[2 * set];
    if (found[0].id == id && id != 0) {
      idCacheOlder_[set] = 1;
      return found;
    }
    if (found[1].id == id && id != 0) {
      idCacheOlder_[set] = 0;
      return found + 1;
    }
    return nullptr;
  }
  // IdMiss's lookup: the fresh table's entry for `id`, converted there when it had none.
  IdDigits &FreshDigits(uint64_t id, uint64_t hash, size_t set);
  // Id(id, slot) past its slot: the cache (or a conversion), then the slot remembers it.
  void IdSlotMiss(uint64_t id, size_t slot);
  // Eight sets of two ways, the older way replaced; an id enters them only when it is seen a second
  // time while still in idFresh_ (eight sets of two ways too). A message's own id is new every
  // time: it used to evict the author's or the channel's id from a direct-mapped slot it happened
  // to hash to, and then every message missed twice or more (measured on a real history: 62% of
  // lookups missed, 30% with two ways alone, 20% — the message ids — with both). idFresh_ has two
  // ways since an id repeated within an event crosses as -2 (Id()): a live message's channel and
  // application ids, each seen once per message and sharing one direct-mapped fresh slot, evicted
  // each other there for ever and were never admitted (sim flood: 66 -> 117 instructions per id).
  // With four sets, a message's three repeated ids (author, channel, application: random
  // snowflakes, hence random sets) crowded one set in about one process in nine (a simulation over
  // random ids), and then missed at every message: two or three conversions more per message
  // (callgrind of the 1b loop: IdMiss ran 3 times per message in one run, once in the next).
  // Eight sets make that about one in thirty.
  static constexpr size_t kIdSets = 8;
  std::array<IdDigits, 2 * kIdSets> idCache_{};
  std::array<uint8_t, kIdSets> idCacheOlder_{};  // per set: the way to replace next
  std::array<IdDigits, 2 * kIdSets> idFresh_{};
  std::array<uint8_t, kIdSets> idFreshOlder_{};
  DecimalIds decimal_;  // converts what neither table has (mostly a new message's id)
  std::array<IdDigits, kIdSlots> idSlots_{};  // per field slot (Id(id, slot)): its last id
  IdDigits newId_{};                           // NewId's conversion

  TapeNums nums_;
  TapeText text_;
  size_t events_ = 0;
  // The keys of the shared records of the event being written (Begin resets, End closes).
  std::array<uint64_t, kMaxShared> shared_{};
  size_t sharedCount_ = 0;
  bool sharing_ = false;
  // Inside a getter's list (ListBegin): ids repeat within each element.
  bool elementIds_ = false;
  // The last id written in the event being written (0: none yet); see Id().
  uint64_t lastId_ = 0;
  // The repeat rule every form of Id() starts with: an id equal to the last one this event wrote
  // crosses as -2 (in an event that shares, never for snowflake 0) and writes nothing else;
  // otherwise it becomes the last id and the caller writes its digits.
  bool WroteRepeat(uint64_t id) {
    if (id == lastId_ && (sharing_ || elementIds_) && id != 0) {
      nums_.Push(-2.0);
      return true;
    }
    lastId_ = id;
    return false;
  }
  // The batch's records (EnableBatchSharing; null: none are shared across events). Bound to this
  // tape object, not swapped with its contents.
  std::unique_ptr<BatchRecords> batchRecords_;
};

// One record with lists inside it (a lobby and its members) crossing as a tape instead of Node-API
// objects: [nums, text] as EventTape::NumsToJs / TextToJs give them (lib/tape.ts readTapeRecord).
template <class Record, class Encode>
Napi::Value RecordTapeToJs(Napi::Env env, const Record &record, Encode encode) {
  EventTape tape;
  encode(tape, record);
  Napi::Array out = Napi::Array::New(env, 2);
  out.Set(0u, tape.NumsToJs(env));
  out.Set(1u, tape.TextToJs(env));
  return out;
}

// A getter's list as one such tape: the count, then each element as `encode` writes it (a
// generated Encode<Record>), the text cut into segments between elements (lib/tape.ts
// readTapeList).
template <class List, class Encode>
Napi::Value ListTapeToJs(Napi::Env env, const List &list, Encode encode) {
  return RecordTapeToJs(env, list, [&encode](EventTape &tape, const List &all) {
    const size_t count = all.size();
    tape.Num(static_cast<double>(count));
    tape.ListBegin();
    bool first = true;
    for (const auto &element : all) {
      encode(tape, element);
      tape.ElementEnd();
      if (first && count > 1) tape.ReserveLikeSoFar(count - 1);
      first = false;
    }
  });
}

}  // namespace psdk
