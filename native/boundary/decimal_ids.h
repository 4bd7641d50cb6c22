// The decimal digits of an id, as the tape writes it (EventTape::Id): ids cross as decimal text
// because snowflakes exceed 2^53.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

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
  // `out.digits` and `out.length` become `id`'s digits; `out.id` is left alone.
  void Convert(uint64_t id, IdDigits &out);

 private:
  uint64_t lastHigh_ = 0;  // id / 10^8 of `last_` (0: none, or `last_` had at most 8 digits)
  IdDigits last_{};
};

}  // namespace psdk
