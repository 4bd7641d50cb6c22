// SpscRing: a bounded single-producer / single-consumer ring of fixed-size slots, lock-free and
// wait-free on both sides. The audio thread produces, the JS thread consumes; a full ring makes
// TryPush fail (the caller counts a drop) instead of blocking the producer.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <new>

namespace psdk {

template <typename T>
class SpscRing {
 public:
  // The slots are value-initialized (zeroed): their pages are touched here, on the constructing
  // thread, not faulted in by the producer's first lap (a first-touch fault inside the audio
  // callback cost up to ~170 µs).
  explicit SpscRing(size_t capacityPowerOfTwo) : mask_(capacityPowerOfTwo - 1), slots_(new T[capacityPowerOfTwo]()) {}

  // Producer: fill the slot in place with `write(T&)`; false when full (nothing written).
  template <typename Write>
  bool TryPush(Write &&write) {
    const size_t head = head_.load(std::memory_order_relaxed);
    if (head - tail_.load(std::memory_order_acquire) > mask_) return false;
    write(slots_[head & mask_]);
    head_.store(head + 1, std::memory_order_release);
    return true;
  }

  // Consumer: `read(const T&)` for each available slot, oldest first; returns how many.
  template <typename Read>
  size_t Drain(Read &&read) {
    size_t tail = tail_.load(std::memory_order_relaxed);
    const size_t head = head_.load(std::memory_order_acquire);
    size_t n = 0;
    for (; tail != head; ++tail, ++n) read(slots_[tail & mask_]);
    tail_.store(tail, std::memory_order_release);
    return n;
  }

 private:
  const size_t mask_;
  std::unique_ptr<T[]> slots_;
  // Separate cache lines: producer and consumer indices would otherwise false-share.
  alignas(64) std::atomic<size_t> head_{0};
  alignas(64) std::atomic<size_t> tail_{0};
};

}  // namespace psdk
