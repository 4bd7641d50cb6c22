// A history span's handles read through the span (span_views.h; issue 19, fifth round): the
// thread that made the span finds each handle's view there, without the registry. The checks
// fail when that fast path answers for a handle it must not — one dropped (on this thread or
// another: the span's flag), after a WorldLock (a lobby left inside the callback: the span's
// lockSeq) — and when the views share the previous message's author although authors alternate
// (the history's shared lookups). Also: a history of a lobby whose messages are interleaved in
// the store with another lobby's (newestFirst's walk from neighbour to neighbour).
#include <memory>
#include <thread>

#include "chat_harness.h"
#include "span_views.h"

namespace {

struct SpanProbe {
    uint64_t lobby = 0;
    std::vector<uint64_t> expected;      // the history's ids, newest first
    std::vector<std::string> authors;    // their authors' usernames
    bool called = false;
};
SpanProbe *g_probe = nullptr;
uint64_t g_readerId = 0;  // the user whose client asked for the history

std::string authorName(Platform_MessageHandle *h) {
    Platform_UserHandle u{};
    if (!Platform_MessageHandle_Author(h, &u)) return "(none)";
    Platform_String s;
    Platform_UserHandle_Username(&u, &s);
    Platform_UserHandle_Drop(&u);
    return S(s);
}

void spanCb(Platform_ClientResult *r, Platform_MessageHandleSpan span, void *) {
    Platform_ClientResult owned = *r;  // adopt
    Platform_ClientResult_Drop(&owned);
    SpanProbe &p = *g_probe;
    p.called = true;
    std::vector<Platform_MessageHandle> h(span.ptr, span.ptr + span.size);
    Platform_Free(span.ptr);
    CHECK_EQ(h.size(), p.expected.size());
    if (h.size() != 8) return;
    // Every handle reads its own message and author (authors alternate: a view sharing the
    // previous message's author would name the wrong one).
    for (size_t i = 0; i < h.size(); ++i) {
        CHECK_EQ(Platform_MessageHandle_Id(&h[i]), p.expected[i]);
        CHECK_EQ(authorName(&h[i]), p.authors[i]);
    }
    // A handle dropped on this thread reads as defaults through a stale copy of its struct, read
    // right after its neighbour (the span's next one).
    Platform_MessageHandle stale2 = h[2];
    Platform_MessageHandle_Drop(&h[2]);
    CHECK_EQ(Platform_MessageHandle_Id(&h[1]), p.expected[1]);
    CHECK_EQ(Platform_MessageHandle_Id(&stale2), uint64_t(0));
    Platform_String s;
    Platform_MessageHandle_Content(&stale2, &s);
    CHECK(S(s).empty());
    CHECK_EQ(Platform_MessageHandle_Id(&h[3]), p.expected[3]);
    // A clone reads the same message; dropping it leaves the original readable, author included.
    Platform_MessageHandle clone{};
    Platform_MessageHandle_Clone(&clone, &h[3]);
    CHECK_EQ(Platform_MessageHandle_Id(&clone), p.expected[3]);
    Platform_MessageHandle_Drop(&clone);
    CHECK_EQ(Platform_MessageHandle_Id(&h[3]), p.expected[3]);
    CHECK_EQ(authorName(&h[3]), p.authors[3]);
    // Another thread reads a span handle (through the registry) and drops another; this thread
    // then finds the dropped one gone.
    uint64_t otherRead = 0;
    Platform_MessageHandle stale4 = h[4];
    std::thread other([&] {
        otherRead = Platform_MessageHandle_Id(&h[5]);
        Platform_MessageHandle_Drop(&h[4]);
    });
    other.join();
    CHECK_EQ(otherRead, p.expected[5]);
    CHECK_EQ(Platform_MessageHandle_Id(&h[5]), p.expected[5]);
    CHECK_EQ(Platform_MessageHandle_Id(&stale4), uint64_t(0));
    CHECK_EQ(Platform_MessageHandle_Id(&h[6]), p.expected[6]);
    // A WorldLock inside the callback: the reader leaves the lobby. Handles read before and
    // after see the change (the span's views were resolved before it).
    Platform_LobbyHandle lobby{};
    CHECK(Platform_MessageHandle_Lobby(&h[0], &lobby));
    Platform_LobbyHandle_Drop(&lobby);
    CHECK(setMember(p.lobby, g_readerId, nullptr, -1, true));
    CHECK(!Platform_MessageHandle_Lobby(&h[0], &lobby));
    CHECK(!Platform_MessageHandle_Lobby(&h[7], &lobby));
    Platform_ChannelHandle channel{};
    CHECK(!Platform_MessageHandle_Channel(&h[7], &channel));
    CHECK_EQ(Platform_MessageHandle_Id(&h[7]), p.expected[7]);  // history handles stay readable
    for (auto &x : h) Platform_MessageHandle_Drop(&x);
}

void spanFastPath(uint64_t app, uint64_t alice, uint64_t bob) {
    Player a(app, alice), b(app, bob);
    const uint64_t L = joinLobby(a, "span").id;
    joinLobby(b, "span");
    SpanProbe p;
    p.lobby = L;
    for (int i = 0; i < 8; ++i) {
        Player &from = i % 2 == 0 ? a : b;
        p.expected.insert(p.expected.begin(), sendLobby(from, L, numbered("span ", i)).id);
        p.authors.insert(p.authors.begin(), i % 2 == 0 ? "span_alice" : "span_bob");
    }
    step(20);
    g_probe = &p;
    g_readerId = alice;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L, 8, spanCb, nullptr, nullptr);
    step(20);
    g_probe = nullptr;
    CHECK(p.called);
    // The next span on this thread (the first's handles all dropped) reads its own messages.
    MsgList again;
    Platform_Client_GetLobbyMessagesWithLimit(&b.c, L, 3, msgListCb, countFree, &again);
    step(20);
    CHECK(again.msgs.size() == 3 && again.msgs[0].id == p.expected[0] && again.msgs[2].id == p.expected[2]);
    CHECK(again.msgs.size() == 3 && again.msgs[1].content == "span 6");
}

// Two lobbies' messages interleaved in the store: each history holds only its own, in order.
void interleavedChannels(uint64_t app, uint64_t alice) {
    Player a(app, alice);
    const uint64_t L1 = joinLobby(a, "interleaved one").id;
    const uint64_t L2 = joinLobby(a, "interleaved two").id;
    std::vector<uint64_t> one, two;
    for (int i = 0; i < 6; ++i) {
        one.push_back(PlatformSim_BackendSendLobbyMessage(alice, L1, P(numbered("one ", i)), nullptr));
        if (i % 3 != 2) two.push_back(PlatformSim_BackendSendLobbyMessage(alice, L2, P(numbered("two ", i)), nullptr));
    }
    step(20);
    MsgList h1, h2;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L1, 50, msgListCb, countFree, &h1);
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L2, 3, msgListCb, countFree, &h2);
    step(20);
    CHECK_EQ(h1.msgs.size(), one.size());
    for (size_t i = 0; i < h1.msgs.size() && i < one.size(); ++i) CHECK_EQ(h1.msgs[i].id, one[one.size() - 1 - i]);
    CHECK_EQ(h2.msgs.size(), size_t(3));
    for (size_t i = 0; i < h2.msgs.size(); ++i) CHECK_EQ(h2.msgs[i].id, two[two.size() - 1 - i]);
}

// A span's views go with its last handle, whichever thread drops it: the thread that made the
// span keeps the span (its LastView record) until its next one, but not the views and the
// messages they pin. Fails when the views stay with the span (the record's reference).
void spanViewsGoWithLastMember() {
    struct Probe {
        std::shared_ptr<int> token;  // what a view pins (its message)
    };
    auto token = std::make_shared<int>(0);
    auto span = std::make_shared<psim::SpanViews<Probe>>(3);
    for (Probe &v : span->views) v.token = token;
    std::vector<psim::SpanMember<Probe>> members;  // the handles' registry entries
    for (size_t i = 0; i < 3; ++i) members.emplace_back(span.get(), i);
    span->members = span;  // as makeMessageSpan does once they are registered
    CHECK_EQ(token.use_count(), long(4));
    std::thread other([&] {
        for (psim::SpanMember<Probe> &m : members) m.removed();
        members.clear();  // the entries, destroyed after the registry's unlock
    });
    other.join();
    CHECK_EQ(token.use_count(), long(1));  // `span` (the record's) is still held here
    CHECK_EQ(span.use_count(), long(1));   // the members' reference went with the last one
    CHECK_EQ(span->live.load(), size_t(0));
    for (size_t i = 0; i < 3; ++i) CHECK(span->dropped[i].load());
}

// A history's handles all dropped on another thread than the one that made the span (its views
// released then): a clone taken before reads its message still, and the span's handles, through
// stale copies of their structs, read as defaults.
void spanDroppedElsewhere(uint64_t app, uint64_t alice) {
    Player a(app, alice);
    const uint64_t L = joinLobby(a, "span elsewhere").id;
    std::vector<uint64_t> ids;
    for (int i = 0; i < 4; ++i) ids.insert(ids.begin(), sendLobby(a, L, numbered("elsewhere ", i)).id);
    step(20);
    MsgList h;
    Platform_Client_GetLobbyMessagesWithLimit(&a.c, L, 4, msgListCb, countFree, &h);
    step(20);
    CHECK_EQ(h.handles.size(), size_t(4));
    if (h.handles.size() != 4) return;
    Platform_MessageHandle clone{};
    Platform_MessageHandle_Clone(&clone, &h.handles[1]);
    CHECK_EQ(Platform_MessageHandle_Id(&clone), ids[1]);
    const std::vector<Platform_MessageHandle> stale = h.handles;
    std::thread other([&] {
        for (Platform_MessageHandle &x : h.handles) Platform_MessageHandle_Drop(&x);
    });
    other.join();
    h.handles.clear();
    // 25 newer messages push the four out of the client's message cache (25 per channel): the
    // clone reads its message only through what it pins itself.
    for (int i = 0; i < 25; ++i) sendLobby(a, L, numbered("newer ", i));
    step(20);
    CHECK_EQ(Platform_MessageHandle_Id(&clone), ids[1]);
    Platform_String s;
    Platform_MessageHandle_Content(&clone, &s);
    CHECK_EQ(S(s), std::string("elsewhere 2"));
    for (Platform_MessageHandle x : stale) CHECK_EQ(Platform_MessageHandle_Id(&x), uint64_t(0));
    Platform_MessageHandle_Drop(&clone);
}

}  // namespace

void testHistorySpanViews() {
    const int64_t live = PlatformSim_LiveCallbackCount();
    const uint64_t app = freshChatWorld();
    const uint64_t alice = newUser("span_alice"), bob = newUser("span_bob");
    spanFastPath(app, alice, bob);
    interleavedChannels(app, alice);
    spanViewsGoWithLastMember();
    spanDroppedElsewhere(app, alice);
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), live);
}
