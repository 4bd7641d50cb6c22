#include "boundary/decimal_ids.h"

#include <cstring>

namespace psdk {

namespace {

constexpr uint64_t kTen8 = 100000000;

// "00".."99": two digits per step.
constexpr std::array<char, 200> kDigitPairs = [] {
  std::array<char, 200> pairs{};
  for (int i = 0; i < 100; ++i) {
    pairs[static_cast<size_t>(2 * i)] = static_cast<char>('0' + i / 10);
    pairs[static_cast<size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
  }
  return pairs;
}();

// The eight digits of `x` < 10^8, leading zeros kept, at `p`: two independent halves of four,
// each two pairs (32-bit divisions by constants, no loop).
void Write8(uint32_t x, char *p) {
  const uint32_t hi = x / 10000, lo = x % 10000;
  std::memcpy(p, &kDigitPairs[2 * (hi / 100)], 2);
  std::memcpy(p + 2, &kDigitPairs[2 * (hi % 100)], 2);
  std::memcpy(p + 4, &kDigitPairs[2 * (lo / 100)], 2);
  std::memcpy(p + 6, &kDigitPairs[2 * (lo % 100)], 2);
}

// The digits of `x` < 10^8 without leading zeros at `p`; returns how many (1-8).
size_t WriteShort(uint32_t x, char *p) {
  const size_t n = x < 10 ? 1 : x < 100 ? 2 : x < 1000 ? 3 : x < 10000 ? 4 : x < 100000 ? 5 : x < 1000000 ? 6 : x < 10000000 ? 7 : 8;
  char *end = p + n;
  while (x >= 100) {
    end -= 2;
    std::memcpy(end, &kDigitPairs[2 * (x % 100)], 2);
    x /= 100;
  }
  if (x >= 10) {
    std::memcpy(end - 2, &kDigitPairs[2 * x], 2);
  } else {
    end[-1] = static_cast<char>('0' + x);
  }
  return n;
}

}  // namespace

void DecimalIds::Convert(uint64_t id, IdDigits &out) {
  const uint64_t high = id / kTen8;
  const auto low = static_cast<uint32_t>(id - high * kTen8);
  char *p = last_.digits.data();
  if (high != 0 && high == lastHigh_) {
    // The same leading digits (so the same length, at least 9): only the last eight change.
    Write8(low, p + last_.length - 8);
  } else {
    size_t n = 0;
    if (high == 0) {
      n = WriteShort(low, p);
    } else if (high < kTen8) {
      n = WriteShort(static_cast<uint32_t>(high), p);
      Write8(low, p + n);
      n += 8;
    } else {  // 17-20 digits: high / 10^8 < 1,845 (2^64 < 1.85 * 10^19)
      const uint64_t top = high / kTen8;
      n = WriteShort(static_cast<uint32_t>(top), p);
      Write8(static_cast<uint32_t>(high - top * kTen8), p + n);
      Write8(low, p + n + 8);
      n += 16;
    }
    last_.length = static_cast<uint8_t>(n);
    lastHigh_ = high;
  }
  out.length = last_.length;
  out.digits = last_.digits;
}

}  // namespace psdk
