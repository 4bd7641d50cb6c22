// AudioStats: what one call's audio bridge did, for CallAudio.stats() and the audio benchmark
// (issue 7, row 8): frames handed to the addon, frames dropped, and the time the SDK's audio
// thread spent inside our callbacks.
//
// Written on the audio thread(s) with relaxed atomics only — no lock, no allocation — so measuring
// does not disturb what it measures. Read on the JS thread; the figures are exact once frames stop
// and a close approximation while they flow (each counter is read separately). Owned by the bridge
// and by the JS handle (shared), so the last figures stay readable after the call ended or the
// client closed.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace psdk {

// A log-linear histogram of durations in nanoseconds: exact below 64 ns, then 64 buckets per power
// of two (a bucket is at most 1/64 of its value wide: <= 1.024 µs below 131 µs, enough to report a
// p99 to ~1 µs where the 50 µs target sits). Durations of 2^32 ns (4.3 s) and more share the last
// bucket; the exact max is kept beside it.
class DurationHistogram {
 public:
  void Record(uint64_t ns) noexcept {
    buckets_[BucketOf(ns)].fetch_add(1, std::memory_order_relaxed);
    uint64_t prev = max_.load(std::memory_order_relaxed);
    while (ns > prev && !max_.compare_exchange_weak(prev, ns, std::memory_order_relaxed)) {
    }
  }

  struct Summary {
    uint64_t count = 0;
    uint64_t p99Ns = 0;  // upper edge of the bucket holding the 99th percentile, at most maxNs
    uint64_t maxNs = 0;
  };

  Summary Summarize() const noexcept {
    Summary s;
    std::array<uint64_t, kBuckets> counts;
    for (size_t i = 0; i < kBuckets; ++i) {
      counts[i] = buckets_[i].load(std::memory_order_relaxed);
      s.count += counts[i];
    }
    s.maxNs = max_.load(std::memory_order_relaxed);
    if (s.count == 0) return s;
    const uint64_t rank = (s.count * 99 + 99) / 100;  // nearest rank: ceil(0.99 * count)
    uint64_t seen = 0;
    for (size_t i = 0; i < kBuckets; ++i) {
      seen += counts[i];
      if (seen >= rank) {
        s.p99Ns = UpperEdgeOf(i) < s.maxNs ? UpperEdgeOf(i) : s.maxNs;
        break;
      }
    }
    return s;
  }

  // The bucket layout; public for the compile-time checks below.
  static constexpr unsigned kSubBits = 6;
  static constexpr uint64_t kSub = uint64_t{1} << kSubBits;
  static constexpr unsigned kTopExp = 32;
  static constexpr size_t kBuckets = kSub + (kTopExp - kSubBits) * kSub;

  static constexpr size_t BucketOf(uint64_t ns) noexcept {
    if (ns < kSub) return static_cast<size_t>(ns);
    const unsigned exp = static_cast<unsigned>(std::bit_width(ns)) - 1;  // >= kSubBits
    if (exp >= kTopExp) return kBuckets - 1;
    const uint64_t sub = (ns >> (exp - kSubBits)) - kSub;  // 0..kSub-1
    return static_cast<size_t>(kSub + (exp - kSubBits) * kSub + sub);
  }
  static constexpr uint64_t UpperEdgeOf(size_t bucket) noexcept {
    if (bucket < kSub) return bucket;
    const uint64_t k = bucket - kSub;
    const unsigned shift = static_cast<unsigned>(k / kSub);
    const uint64_t lower = (kSub + k % kSub) << shift;
    return lower + (uint64_t{1} << shift) - 1;
  }

 private:
  std::array<std::atomic<uint64_t>, kBuckets> buckets_{};
  std::atomic<uint64_t> max_{0};
};

static_assert(DurationHistogram::BucketOf(63) == 63 && DurationHistogram::BucketOf(64) == 64 &&
              DurationHistogram::BucketOf(127) == 127 && DurationHistogram::BucketOf(128) == 128);
static_assert(DurationHistogram::UpperEdgeOf(DurationHistogram::BucketOf(100'000)) - 100'000 < 1'024);
static_assert(DurationHistogram::BucketOf(~uint64_t{0}) == DurationHistogram::kBuckets - 1 &&
              DurationHistogram::UpperEdgeOf(DurationHistogram::kBuckets - 1) == (uint64_t{1} << 32) - 1);

struct AudioStats {
  std::atomic<uint64_t> receivedFrames{0};  // remote frames the SDK handed us while the call ran
  std::atomic<uint64_t> capturedFrames{0};  // microphone frames, likewise
  std::atomic<uint64_t> dropped{0};         // frames of either stream not queued for JS (ring full)
  DurationHistogram callback;               // time inside OnReceived / OnCaptured, both streams
};

// Times one audio callback, entry to return: two steady-clock reads and one histogram record.
class ScopedCallbackTimer {
 public:
  explicit ScopedCallbackTimer(DurationHistogram &h) noexcept : h_(h), start_(std::chrono::steady_clock::now()) {}
  ~ScopedCallbackTimer() {
    const auto d = std::chrono::steady_clock::now() - start_;
    h_.Record(static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(d).count()));
  }
  ScopedCallbackTimer(const ScopedCallbackTimer &) = delete;
  ScopedCallbackTimer &operator=(const ScopedCallbackTimer &) = delete;

 private:
  DurationHistogram &h_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace psdk
