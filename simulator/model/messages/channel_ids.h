// channel_ids.h — the ids of a channel's stored messages, ascending (ChatStore::channelMessages).
//
// A flood stores a message and, in a full lobby, forgets the oldest at every send: a std::set
// allocated, rebalanced and freed a tree node per message (~450 instructions, issue 19). Here the
// ids sit in one vector with a start index: the newest is appended (snowflakes grow, so it is the
// largest), the oldest leaves by moving the start, and the dead prefix is cut off once it is as
// long as the live part (each id moves at most once more on average). Ids that arrive out of
// order (a fixture) and removals (a deleted DM) are inserted and erased in place, keeping the
// order. The subset of std::set's interface its users need; a set's semantics: no duplicates.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace psim {

class ChannelIds {
public:
    using const_iterator = std::vector<uint64_t>::const_iterator;
    using const_reverse_iterator = std::vector<uint64_t>::const_reverse_iterator;

    // false when the id was already there.
    bool insert(uint64_t id) {
        if (empty() || ids_.back() < id) {
            compact();
            ids_.push_back(id);
            return true;
        }
        const auto at = std::lower_bound(begin(), end(), id);
        if (*at == id) return false;  // at != end(): the last id is >= id
        ids_.insert(at, id);
        return true;
    }
    // How many were removed (0 or 1).
    size_t erase(uint64_t id) {
        const auto at = std::lower_bound(begin(), end(), id);
        if (at == end() || *at != id) return 0;
        ids_.erase(at);
        return 1;
    }
    // The oldest (smallest) id; not empty.
    uint64_t front() const { return ids_[start_]; }
    void popFront() {
        ++start_;
        if (start_ == ids_.size()) clear();
    }
    void clear() {
        ids_.clear();
        start_ = 0;
    }
    bool empty() const { return start_ == ids_.size(); }
    size_t size() const { return ids_.size() - start_; }
    const_iterator begin() const { return ids_.begin() + static_cast<std::ptrdiff_t>(start_); }
    const_iterator end() const { return ids_.end(); }
    const_reverse_iterator rbegin() const { return ids_.rbegin(); }
    const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }

private:
    // Drops the ids already left once they are as many as the live ones (and worth a move).
    void compact() {
        if (start_ < kMinDeadPrefix || start_ < size()) return;
        ids_.erase(ids_.begin(), ids_.begin() + static_cast<std::ptrdiff_t>(start_));
        start_ = 0;
    }
    static constexpr size_t kMinDeadPrefix = 32;

    std::vector<uint64_t> ids_;  // ascending from start_
    size_t start_ = 0;           // ids_[0, start_) have left
};

}  // namespace psim
