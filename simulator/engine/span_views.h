// span_views.h — the views of a span's handles, made together and read without the registry
// (issue 19, fifth round: history of 200 messages).
//
// A span (a history's 200 MessageHandles) is resolved under one WorldPeek when it is made. Its
// views live in one block (SpanViews); each handle's registry entry names its place in it (a
// plain pointer: the live members share one reference, so neither making nor dropping a handle
// touches a reference count), and the thread that made the span keeps it in its LastView record
// (handle_view.h). The binding then reads handle after handle on that thread: every
// handle's first getter misses the thread's LastView (it names the previous handle), and instead
// of a registry read (its lock, a reference count taken and released) it finds the handle in the
// span, checks that the handle was not dropped and that no WorldLock happened since, and reads
// its view.
//
// Liveness: each handle has a flag in the span, set when its registry entry is removed (a drop,
// or a failed span's clean-up) *before* the registry counts the removal (Registry::remove calls
// beforeRemove first). A getter reads the removal count, then the flag: a removal it has counted
// has set its flag, so a dropped handle never reads as alive; one it has not counted makes the
// LastView it records stale later, as for any handle.
//
// Release: the views (and the messages they pin) belong to the span's handles, not to the thread
// that made the span. The removal of the last live handle, on whichever thread, takes them out
// of the span and they are destroyed with that handle's entry (after the registry's unlock); the
// thread's LastView record keeps only the span's small index (keys and flags) until its next
// span. No reader reaches a view after that: a getter reads a span's view only for a handle it
// found alive (its flag, or the registry), and the last removal is that handle's own. This holds
// for every caller that does not race a handle's drop with its own reads (a data race on the
// handle itself, which the C ABI does not allow: a dropped handle is not to be used); a clone is
// no member (it pins its message and resolves its own view), so cloning is no exception.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace psim {

// How many spans hold their views: made, and their views not yet destroyed with the entry of
// their last handle (PlatformSim_LiveSpanCount). What it is for: a test that fails when a span's
// release is lost (the registry's beforeRemove hook not called, or the views not taken along), a
// loss nothing else would show: the span's members' reference keeps it, and the messages its views
// pin, for good. The cost is one relaxed increment and one decrement per span, none per handle; the
// token itself (a bool) rides in every handle entry's Released, a few bytes of padding each.
// An inline variable: the library and a test program that compiles this header each have their
// own (the library's symbols are hidden), and the library's is the one PlatformSim_ reads.
inline std::atomic<int64_t> g_liveSpans{0};
inline int64_t liveSpanCount() noexcept { return g_liveSpans.load(std::memory_order_relaxed); }

// A span's place in g_liveSpans: made with the span's views, moved with them when the last handle
// takes them (SpanViews::leave), and uncounted when it is destroyed after them.
class LiveSpan {
public:
    LiveSpan() noexcept = default;
    static LiveSpan counted() noexcept {
        LiveSpan s;
        s.counted_ = true;
        g_liveSpans.fetch_add(1, std::memory_order_relaxed);
        return s;
    }
    LiveSpan(LiveSpan &&other) noexcept : counted_(std::exchange(other.counted_, false)) {}
    LiveSpan &operator=(LiveSpan &&other) noexcept {
        if (this != &other) {
            uncount();
            counted_ = std::exchange(other.counted_, false);
        }
        return *this;
    }
    LiveSpan(const LiveSpan &) = delete;
    LiveSpan &operator=(const LiveSpan &) = delete;
    ~LiveSpan() { uncount(); }

private:
    void uncount() noexcept {
        if (std::exchange(counted_, false)) g_liveSpans.fetch_sub(1, std::memory_order_relaxed);
    }
    bool counted_ = false;
};

template <class View>
struct SpanViews {
    explicit SpanViews(size_t n) : counted(LiveSpan::counted()), views(n), dropped(new std::atomic<bool>[n]), live(n) {
        for (size_t i = 0; i < n; ++i) dropped[i].store(false, std::memory_order_relaxed);
        keys.reserve(n);
    }
    // The index of the handle `key` in this span, or `size()` when it is not one of them. Keys
    // grow in the order the handles were added (registry.h: a generation counter), and a reader
    // reads them in order: `hint` (the index after the last one found) is checked first.
    size_t find(uint64_t key, size_t hint) const {
        if (hint < keys.size() && keys[hint] == key) return hint;
        size_t lo = 0, hi = keys.size();
        while (lo < hi) {
            const size_t mid = lo + (hi - lo) / 2;
            if (keys[mid] < key) lo = mid + 1;
            else hi = mid;
        }
        return lo < keys.size() && keys[lo] == key ? lo : keys.size();
    }
    size_t size() const { return keys.size(); }

    // What the last handle to leave takes along: the views, and the members' shared reference.
    struct Released {
        LiveSpan counted;  // first: uncounted after the views are destroyed
        std::vector<View> views;
        std::shared_ptr<SpanViews> span;
    };
    // The handle at `i` is gone (dropped, or never registered): its flag is set, then it is
    // uncounted. When it was the last, the views and the members' reference are moved to
    // `released` (destroyed by the caller, outside any lock) and true is returned.
    bool leave(size_t i, Released &released) noexcept {
        dropped[i].store(true, std::memory_order_release);
        if (live.fetch_sub(1, std::memory_order_acq_rel) != 1) return false;
        released.views = std::move(views);  // moves: no allocation, cannot throw
        released.counted = std::move(counted);
        released.span = std::move(members);
        return true;
    }

    // The views' place in g_liveSpans, going with them (declared first: uncounted after them).
    LiveSpan counted;
    uint64_t seq = 0;                // World::lockSeq the views were resolved at
    std::vector<View> views;         // views[i]: the i-th handle's, as resolved then
    std::vector<uint64_t> keys;      // keys[i]: the i-th handle's registry key (ascending)
    std::unique_ptr<std::atomic<bool>[]> dropped;  // dropped[i]: the i-th handle left its registry
    std::atomic<size_t> live;        // handles not dropped yet
    // The one reference all live members share (set once they are registered; the last to leave
    // takes it): a member holds a plain pointer, so making and dropping a handle touches no
    // reference count (issue 19, sixth round).
    std::shared_ptr<SpanViews> members;
};

// A handle's place in the span it was made in. Only the registry entry made with the span holds
// one: a copy (a Clone, a getter's copy of the entry) is not a member of the span, and a move
// leaves the source empty, so exactly one object reports the handle's removal. (A removal
// reported for a handle still alive would only send its getters to the registry, never give a
// wrong answer; a removal not reported would: every entry that leaves the registry reports.)
template <class View>
class SpanMember {
public:
    SpanMember() = default;
    // `span` outlives the member: it is kept by its `members` reference, set before the handle
    // is handed out, until the last member leaves.
    SpanMember(SpanViews<View> *span, size_t index) : span_(span), index_(index) {}
    SpanMember(const SpanMember &) noexcept {}
    SpanMember &operator=(const SpanMember &other) noexcept {
        if (this != &other) span_ = nullptr;
        return *this;
    }
    SpanMember(SpanMember &&other) noexcept
        : span_(std::exchange(other.span_, nullptr)), index_(other.index_), released_(std::move(other.released_)) {}
    SpanMember &operator=(SpanMember &&other) noexcept {
        span_ = std::exchange(other.span_, nullptr);
        index_ = other.index_;
        released_ = std::move(other.released_);
        return *this;
    }
    ~SpanMember() = default;

    // Whether this object is a span's handle (copies are not).
    bool member() const noexcept { return span_ != nullptr; }
    // The handle's view as the span resolved it, and the World::lockSeq it is current at. Only
    // while the member is in its registry (under the registry's lock, or on the thread that
    // holds the handle): its span and views are alive then.
    const View &view() const noexcept { return span_->views[index_]; }
    uint64_t seq() const noexcept { return span_->seq; }
    // The view with the span's block as its owner: it keeps the block, NOT the views in it (the
    // last member's removal moves those out). Valid only while the handle is alive, so it goes
    // only to a thread's LastView, whose every use re-checks the handle's removal count first;
    // nothing may keep it past that (a cache, a clone, a user's handle).
    std::shared_ptr<const View> sharedView() const { return std::shared_ptr<const View>(span_->members, &view()); }

    // The handle leaves its registry (before the registry counts the removal). The last one takes
    // the span's views and the members' reference along: they are destroyed with the entry,
    // after the registry's unlock.
    void removed() noexcept {
        if (span_ != nullptr) span_->leave(index_, released_);
    }

private:
    SpanViews<View> *span_ = nullptr;
    size_t index_ = 0;
    typename SpanViews<View>::Released released_;  // when this was the span's last live handle
};

}  // namespace psim
