// A client's per-channel message cache (client_state.h CachedChannel): a ring sorted by id whose
// newest takes the oldest's slot once full. Checked with the ring wrapped (head not at 0), where an
// index or order mistake shows: ids out of order, a duplicate, an id older than all when full, an
// update and a removal must keep exactly the newest `limit` ids, in order, each findable.
#include <memory>
#include <vector>

#include "client_state.h"
#include "harness.h"

namespace {

using psim::CachedChannel;
using psim::MessageData;
using psim::MessagePtr;

MessagePtr msg(uint64_t id) {
    auto m = std::make_shared<MessageData>();
    m->id = id;
    return m;
}

// The ids oldest first, each checked against its message and findable.
std::vector<uint64_t> ids(const CachedChannel &c) {
    std::vector<uint64_t> out;
    c.forEach([&](uint64_t id, const MessagePtr &m) {
        CHECK(m && m->id == id);
        const MessagePtr *found = c.find(id);
        CHECK(found != nullptr && *found == m);
        out.push_back(id);
    });
    return out;
}

uint64_t leftId(const MessagePtr &m) { return m ? m->id : 0; }

}  // namespace

void testMessageCacheRing() {
    CachedChannel c;
    for (uint64_t id = 10; id <= 50; id += 10) CHECK_EQ(leftId(c.insert(id, msg(id), 5)), uint64_t(0));
    // Full: the newest takes the oldest's slot (the ring wraps).
    CHECK_EQ(leftId(c.insert(60, msg(60), 5)), uint64_t(10));
    CHECK_EQ(leftId(c.insert(70, msg(70), 5)), uint64_t(20));
    CHECK((ids(c) == std::vector<uint64_t>{30, 40, 50, 60, 70}));
    CHECK(c.find(20) == nullptr && c.find(35) == nullptr && c.find(80) == nullptr);
    // Out of order (a delayed delivery) into the wrapped ring: in place, the oldest leaves.
    CHECK_EQ(leftId(c.insert(45, msg(45), 5)), uint64_t(30));
    CHECK((ids(c) == std::vector<uint64_t>{40, 45, 50, 60, 70}));
    // Older than everything when full: it is the one that leaves.
    CHECK_EQ(leftId(c.insert(5, msg(5), 5)), uint64_t(5));
    CHECK((ids(c) == std::vector<uint64_t>{40, 45, 50, 60, 70}));
    // A duplicate id replaces (nothing leaves); an update through find shows in place.
    auto again = msg(60);
    CHECK_EQ(leftId(c.insert(60, again, 5)), uint64_t(0));
    CHECK(c.find(60) != nullptr && *c.find(60) == again);
    CHECK_EQ(leftId(c.insert(80, msg(80), 5)), uint64_t(40));  // wrap again, then remove
    CHECK(!c.erase(40));
    CHECK(c.erase(60));
    CHECK((ids(c) == std::vector<uint64_t>{45, 50, 70, 80}));
    CHECK_EQ(leftId(c.insert(90, msg(90), 5)), uint64_t(0));  // room again after the removal
    CHECK_EQ(leftId(c.insert(100, msg(100), 5)), uint64_t(45));
    CHECK((ids(c) == std::vector<uint64_t>{50, 70, 80, 90, 100}));
    CHECK_EQ(c.at(0).first, uint64_t(50));
    CHECK_EQ(c.at(4).first, uint64_t(100));
    for (uint64_t id : {50, 70, 80, 90, 100}) CHECK(c.erase(id));
    CHECK(c.empty());
}
