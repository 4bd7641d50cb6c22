// The decimal digits of an id, as the tape writes it (EventTape::Id): ids cross as decimal text
// because snowflakes exceed 2^53.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace psdk {

struct IdDigits {
  uint64_t id = 0;  // 0: empty slot in EventTape's caches (0 is never encoded through them)
  uint8_t length = 0;
  std::array<char, 20> digits{};  // left-aligned; the bytes past `length` are unspecified
};

// Converts ids to decimal, reusing the previous conversion's leading digits when the new id
// shares them. The ids a tape converts are mostly new message ids, and new ids are close to the
// last one (a history lists one channel's messages by id; a flood's snowflakes count up from one
// millisecond's): they differ in their last 8 digits only, which are all that is converted then
// (~35 instructions instead of ~150 for the full 19 digits; docs/performance.md, row 3). Any id
// is converted exactly: only the quotient by 10^8 decides whether the leading digits are reused.
class DecimalIds {
 public:
  static constexpr uint64_t kTen8 = 100000000;

  // `out.digits` and `out.length` become `id`'s digits; `out.id` is left alone. The common case
  // (the leading digits reused) inline, the rest in ConvertAll.
  void Convert(uint64_t id, IdDigits &out) {
    const uint64_t high = id / kTen8;
    if (high != 0 && high == lastHigh_) {
      // The same leading digits (so the same length, at least 9): only the last eight change.
      Write8(static_cast<uint32_t>(id - high * kTen8), last_.digits.data() + last_.length - 8);
    } else {
      ConvertAll(id, high);
    }
    out.length = last_.length;
    out.digits = last_.digits;
  }

  // The eight digits of `x` < 10^8, leading zeros kept, at `p`: two independent halves of four,
  // each two pairs (32-bit divisions by constants, no loop).
  static void Write8(uint32_t x, char *p) {
    const uint32_t hi = x / 10000, lo = x % 10000;
    std::memcpy(p, &kDigitPairs[2 * (hi / 100)], 2);
    std::memcpy(p + 2, &kDigitPairs[2 * (hi % 100)], 2);
    std::memcpy(p + 4, &kDigitPairs[2 * (lo / 100)], 2);
    std::memcpy(p + 6, &kDigitPairs[2 * (lo % 100)], 2);
  }

 private:
  // "00".."99": two digits per step.
  static constexpr std::array<char, 200> kDigitPairs = [] {
    std::array<char, 200> pairs{};
    for (int i = 0; i < 100; ++i) {
      pairs[static_cast<size_t>(2 * i)] = static_cast<char>('0' + i / 10);
      pairs[static_cast<size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
    }
    return pairs;
  }();

  // Every digit of `id` (whose quotient by 10^8 is `high`) into `last_`.
  void ConvertAll(uint64_t id, uint64_t high);

  uint64_t lastHigh_ = 0;  // id / 10^8 of `last_` (0: none, or `last_` had at most 8 digits)
  IdDigits last_{};
};

}  // namespace psdk
