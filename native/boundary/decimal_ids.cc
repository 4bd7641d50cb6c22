#include "boundary/decimal_ids.h"

namespace psdk {

namespace {

// The digits of `x` < 10^8 without leading zeros at `p`; returns how many (1-8).
size_t WriteShort(uint32_t x, char *p, const std::array<char, 200> &pairs) {
  const size_t n = x < 10 ? 1 : x < 100 ? 2 : x < 1000 ? 3 : x < 10000 ? 4 : x < 100000 ? 5 : x < 1000000 ? 6 : x < 10000000 ? 7 : 8;
  char *end = p + n;
  while (x >= 100) {
    end -= 2;
    std::memcpy(end, &pairs[2 * (x % 100)], 2);
    x /= 100;
  }
  if (x >= 10) {
    std::memcpy(end - 2, &pairs[2 * x], 2);
  } else {
    end[-1] = static_cast<char>('0' + x);
  }
  return n;
}

}  // namespace

void DecimalIds::ConvertAll(uint64_t id, uint64_t high) {
  const auto low = static_cast<uint32_t>(id - high * kTen8);
  char *p = last_.digits.data();
  size_t n = 0;
  if (high == 0) {
    n = WriteShort(low, p, kDigitPairs);
  } else if (high < kTen8) {
    n = WriteShort(static_cast<uint32_t>(high), p, kDigitPairs);
    Write8(low, p + n);
    n += 8;
  } else {  // 17-20 digits: high / 10^8 < 1,845 (2^64 < 1.85 * 10^19)
    const uint64_t top = high / kTen8;
    n = WriteShort(static_cast<uint32_t>(top), p, kDigitPairs);
    Write8(static_cast<uint32_t>(high - top * kTen8), p + n);
    Write8(low, p + n + 8);
    n += 16;
  }
  last_.length = static_cast<uint8_t>(n);
  lastHigh_ = high;
}

}  // namespace psdk
