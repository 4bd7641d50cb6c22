// No event after Client_Drop, for every kind of event at once: two clients of the same user see
// the same causes queued (a member joining their lobby, a lobby message, a friend request, a
// status change, a rename, a device added, the desktop voice settings, an authorize request);
// one is dropped before the next RunCallbacks. The kept one proves each cause produces its event;
// the dropped one gets none of them, and each of its triples is released exactly once, in Drop.
#include "chat_harness.h"

#include <map>

namespace {

struct Counts {
    std::map<std::string, int> calls;
    int frees = 0;
};
Counts *asCounts(void *ud) { return static_cast<Counts *>(ud); }
void countsFree(void *ud) { ++asCounts(ud)->frees; }

// Registers one counting callback per event kind that the causes below produce.
void registerAll(Platform_Client *c, Counts *n) {
    Platform_Client_SetLobbyMemberAddedCallback(c, [](uint64_t, uint64_t, void *ud) { ++asCounts(ud)->calls["MemberAdded"]; }, countsFree, n);
    Platform_Client_SetMessageCreatedCallback(c, [](uint64_t, void *ud) { ++asCounts(ud)->calls["MessageCreated"]; }, countsFree, n);
    Platform_Client_SetRelationshipCreatedCallback(c, [](uint64_t, bool, void *ud) { ++asCounts(ud)->calls["RelationshipCreated"]; }, countsFree, n);
    Platform_Client_SetRelationshipGroupsUpdatedCallback(c, [](uint64_t, void *ud) { ++asCounts(ud)->calls["GroupsUpdated"]; }, countsFree, n);
    Platform_Client_SetUserUpdatedCallback(c, [](uint64_t, void *ud) { ++asCounts(ud)->calls["UserUpdated"]; }, countsFree, n);
    Platform_Client_SetDeviceChangeCallback(c, [](Platform_AudioDeviceSpan i, Platform_AudioDeviceSpan o, void *ud) {
        for (size_t k = 0; k < i.size; ++k) Platform_AudioDevice_Drop(&i.ptr[k]);
        for (size_t k = 0; k < o.size; ++k) Platform_AudioDevice_Drop(&o.ptr[k]);
        Platform_Free(i.ptr); Platform_Free(o.ptr);
        ++asCounts(ud)->calls["DeviceChange"];
    }, countsFree, n);
    Platform_Client_SetVoiceSettingsUpdatedCallback(c, [](Platform_VoiceSettings *s, void *ud) {
        Platform_VoiceSettings owned = *s;  // adopted
        Platform_VoiceSettings_Drop(&owned);
        ++asCounts(ud)->calls["VoiceSettingsUpdated"];
    }, countsFree, n);
    Platform_Client_RegisterAuthorizeRequestCallback(c, [](void *ud) { ++asCounts(ud)->calls["AuthorizeRequest"]; }, countsFree, n);
}

constexpr int kKinds = 8;

}  // namespace

void testEventsAfterDrop() {
    const uint64_t app = freshChatWorld();
    const uint64_t a = newUser("after_drop_a"), b = newUser("after_drop_b");
    Player pa(app, a), pb(app, b);
    const uint64_t L = joinLobby(pa, "after-drop").id;
    Counts kept, dropped;
    Platform_Client ck{}, cd{};
    for (Platform_Client *c : {&ck, &cd}) {
        Platform_Client_Init(c);
        Platform_Client_SetApplicationId(c, app);
        connectAs(c, a, app);
    }
    registerAll(&ck, &kept);
    registerAll(&cd, &dropped);
    step(20);
    kept.calls.clear(); dropped.calls.clear();

    // The causes, with no RunCallbacks in between: their events wait in the queue.
    Platform_Client_CreateOrJoinLobby(&pb.c, P(std::string("after-drop")), nullptr, nullptr, nullptr);
    PlatformSim_ClockAdvance(20);
    CHECK(PlatformSim_BackendSendLobbyMessage(b, L, P(std::string("queued")), nullptr) != 0);
    CHECK(PlatformSim_SendFriendRequestAs(b, a, false, 0, false));
    CHECK(PlatformSim_SetUserStatus(b, Platform_StatusType_Idle));
    CHECK(PlatformSim_AudioDeviceAdd(P(std::string("after-drop-mic")), P(std::string("After Drop Mic")), true, false));
    PlatformSim_VoiceSettingsUpdate vs{};
    vs.hasSelfMute = true; vs.selfMute = true;
    CHECK(PlatformSim_SetPlatformVoiceSettings(&vs));
    CHECK_EQ(PlatformSim_RequestAuthorize(), 2);

    Platform_Client_Drop(&cd);
    CHECK_EQ(dropped.frees, kKinds);  // every triple released in Drop, once
    for (int i = 0; i < 4; ++i) step(20);

    for (const char *kind : {"MemberAdded", "MessageCreated", "RelationshipCreated", "GroupsUpdated", "UserUpdated",
                             "DeviceChange", "VoiceSettingsUpdated", "AuthorizeRequest"}) {
        if (kept.calls[kind] == 0 || dropped.calls[kind] != 0) {
            std::printf("event %s: kept client %d, dropped client %d\n", kind, kept.calls[kind], dropped.calls[kind]);
        }
        CHECK(kept.calls[kind] > 0);
        CHECK_EQ(dropped.calls[kind], 0);
    }
    CHECK_EQ(dropped.frees, kKinds);
    Platform_Client_Drop(&ck);
    CHECK_EQ(kept.frees, kKinds);
    vs.selfMute = false;
    CHECK(PlatformSim_SetPlatformVoiceSettings(&vs));
    CHECK(PlatformSim_AudioDeviceRemove(P(std::string("after-drop-mic"))));
    CHECK(PlatformSim_RemoveRelationships(a, b));
    step(20);
}
