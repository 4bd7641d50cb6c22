// A history span read on one thread while another drops other handles of the same span
// (span_views.h): run under ThreadSanitizer by `npm run test:tsan`, where a data race between a
// getter's read of the span (its views, flags, keys) and a drop's release fails the run. Both
// threads check what they read, so a view released or replaced under a reader fails here too.
// The reader never reads a handle the dropper drops: a drop racing a read of the same handle is
// the caller's data race, which the C ABI does not allow.
#include <atomic>
#include <thread>

#include "chat_harness.h"

namespace {

constexpr int kMessages = 40;
constexpr int kRounds = 6;

struct Expected {
    std::vector<uint64_t> ids, authors;  // newest first
    std::vector<std::string> contents, usernames, numbers;
};

using Held = HeldHistory;

// Every getter the reader uses, checked against the message at `i`.
void readAndCheck(Platform_MessageHandle *h, const Expected &e, size_t i) {
    CHECK_EQ(Platform_MessageHandle_Id(h), e.ids[i]);
    CHECK_EQ(Platform_MessageHandle_AuthorId(h), e.authors[i]);
    Platform_String s;
    Platform_MessageHandle_Content(h, &s);
    CHECK_EQ(S(s), e.contents[i]);
    Platform_UserHandle u{};
    CHECK(Platform_MessageHandle_Author(h, &u));
    Platform_UserHandle_Username(&u, &s);
    CHECK_EQ(S(s), e.usernames[i]);
    Platform_UserHandle_Drop(&u);
    Platform_Properties p;
    Platform_MessageHandle_Metadata(h, &p);
    const StrMap md = readProps(p);
    CHECK(md.size() == 1 && md.count("n") == 1 && md.at("n") == e.numbers[i]);
}

// One history: the reader reads the even handles (twice over, then drops each) while the
// dropper drops the odd ones, both from the same start. The span's last drop, and with it the
// release of its views, falls on either thread. `readerMadeSpan`: the reader is the thread that
// made the span (the span's own fast path) or a third one (the registry's).
void round(Player &p, uint64_t L, const Expected &e, bool readerMadeSpan) {
    Held h;
    Platform_Client_GetLobbyMessagesWithLimit(&p.c, L, kMessages, heldHistoryCb, countFree, &h);
    step(20);
    CHECK(h.called);
    CHECK_EQ(h.handles.size(), size_t(kMessages));
    if (h.handles.size() != size_t(kMessages)) return;
    std::atomic<int> ready{0};
    const auto startTogether = [&ready] {
        ready.fetch_add(1);
        while (ready.load() < 2) std::this_thread::yield();
    };
    const auto read = [&] {
        startTogether();
        for (int pass = 0; pass < 2; ++pass) {
            for (size_t i = 0; i < h.handles.size(); i += 2) readAndCheck(&h.handles[i], e, i);
        }
        for (size_t i = 0; i < h.handles.size(); i += 2) {
            readAndCheck(&h.handles[i], e, i);
            Platform_MessageHandle_Drop(&h.handles[i]);
        }
    };
    std::thread dropper([&] {
        startTogether();
        for (size_t i = 1; i < h.handles.size(); i += 2) Platform_MessageHandle_Drop(&h.handles[i]);
    });
    if (readerMadeSpan) {
        read();
    } else {
        std::thread reader(read);
        reader.join();
    }
    dropper.join();
}

void concurrentDrops(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    const uint64_t L = joinLobby(a, "span drops").id;
    joinLobby(b, "span drops");
    Expected e;
    for (int i = 0; i < kMessages; ++i) {
        const bool fromAlice = i % 2 == 0;
        PropsView md({{"n", std::to_string(i)}});
        PlatformSim_MessageOptions options{};
        options.metadata = md.get();
        const std::string text = numbered("drops ", uint64_t(i));
        const uint64_t id = PlatformSim_BackendSendLobbyMessage(fromAlice ? alice : bob, L, P(text), &options);
        CHECK(id != 0);
        e.ids.insert(e.ids.begin(), id);
        e.authors.insert(e.authors.begin(), fromAlice ? alice : bob);
        e.contents.insert(e.contents.begin(), text);
        e.usernames.insert(e.usernames.begin(), fromAlice ? "drops_alice" : "drops_bob");
        e.numbers.insert(e.numbers.begin(), std::to_string(i));
    }
    step(20);
    const int64_t spans = PlatformSim_LiveSpanCount();
    for (int r = 0; r < kRounds; ++r) round(a, L, e, r % 2 == 0);
    CHECK_EQ(PlatformSim_LiveSpanCount(), spans);
}

}  // namespace

void testSpanConcurrentDrops() {
    const int64_t callbacks = PlatformSim_LiveCallbackCount();
    const uint64_t app = freshChatWorld();
    concurrentDrops(app, newUser("drops_alice"), newUser("drops_bob"));
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), callbacks);
}
