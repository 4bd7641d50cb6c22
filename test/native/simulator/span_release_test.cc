// A history span's views (and the messages they pin) are released by the drop of the span's last
// handle, on whichever thread (span_views.h; the registry's beforeRemove hook): counted by
// PlatformSim_LiveSpanCount. The checks fail when a span outlives its handles (a release lost:
// the hook not called, or the views not taken along), and when a span is released while one of
// its handles is still held. A clone is no member of the span: it neither keeps the span nor
// loses its message with it.
#include <thread>

#include "chat_harness.h"

namespace {

using Held = HeldHistory;

// A history of `n` messages of lobby `L`, its handles held.
Held history(Player &p, uint64_t L, int32_t n) {
    Held h;
    Platform_Client_GetLobbyMessagesWithLimit(&p.c, L, n, heldHistoryCb, countFree, &h);
    step(20);
    CHECK(h.called);
    CHECK_EQ(h.handles.size(), size_t(n));
    // A wrong count has failed already; what follows indexes the handles asked for (a zeroed
    // handle reads as defaults and its drop does nothing).
    h.handles.resize(size_t(n), Platform_MessageHandle{});
    return h;
}

void dropAll(std::vector<Platform_MessageHandle> &handles) {
    for (Platform_MessageHandle &x : handles) Platform_MessageHandle_Drop(&x);
    handles.clear();
}

void spanRelease(uint64_t app, uint64_t alice) {
    Player a(app, alice);
    const uint64_t L = joinLobby(a, "span release").id;
    std::vector<uint64_t> ids;  // newest first, as a history lists them
    for (int i = 0; i < 6; ++i) ids.insert(ids.begin(), sendLobby(a, L, numbered("release ", i)).id);
    step(20);
    const int64_t base = PlatformSim_LiveSpanCount();

    // Every handle dropped on the thread that made the span: released.
    Held all = history(a, L, 6);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base + 1);
    dropAll(all.handles);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);

    // Some handles dropped (the first and the last among them): live until the last is.
    Held some = history(a, L, 6);
    Held other = history(a, L, 3);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base + 2);
    for (size_t i : {0, 5, 1, 4, 2}) Platform_MessageHandle_Drop(&some.handles[i]);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base + 2);
    CHECK_EQ(Platform_MessageHandle_Id(&some.handles[3]), ids[3]);
    Platform_MessageHandle_Drop(&some.handles[3]);
    some.handles.clear();
    CHECK_EQ(PlatformSim_LiveSpanCount(), base + 1);  // the other span is untouched
    dropAll(other.handles);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);

    // A clone outlives the span's handles: it keeps no span, and reads its message still.
    Held cloned = history(a, L, 4);
    Platform_MessageHandle clone{};
    Platform_MessageHandle_Clone(&clone, &cloned.handles[2]);
    dropAll(cloned.handles);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);
    CHECK_EQ(Platform_MessageHandle_Id(&clone), ids[2]);
    Platform_String s;
    Platform_MessageHandle_Content(&clone, &s);
    CHECK_EQ(S(s), std::string("release 3"));
    Platform_MessageHandle_Drop(&clone);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);

    // Handles dropped on another thread: all of them, then the last of a span half dropped here.
    Held elsewhere = history(a, L, 4);
    std::thread dropper([&] { dropAll(elsewhere.handles); });
    dropper.join();
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);
    Held half = history(a, L, 4);
    Platform_MessageHandle_Drop(&half.handles[0]);
    Platform_MessageHandle_Drop(&half.handles[1]);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base + 1);
    std::thread last([&] {
        Platform_MessageHandle_Drop(&half.handles[2]);
        CHECK_EQ(PlatformSim_LiveSpanCount(), base + 1);
        Platform_MessageHandle_Drop(&half.handles[3]);
    });
    last.join();
    half.handles.clear();
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);

    // An empty history makes no span that stays.
    const uint64_t empty = joinLobby(a, "span release empty").id;
    Held none = history(a, empty, 0);
    CHECK_EQ(PlatformSim_LiveSpanCount(), base);
}

}  // namespace

void testSpanRelease() {
    const int64_t callbacks = PlatformSim_LiveCallbackCount();
    const uint64_t app = freshChatWorld();
    spanRelease(app, newUser("release_alice"));
    Platform_RunCallbacks();
    CHECK_EQ(PlatformSim_LiveCallbackCount(), callbacks);
}
