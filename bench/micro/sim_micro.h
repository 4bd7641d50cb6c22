// sim_micro.h — set-up shared by the simulator micro measurements (sim_getters.cc, sim_flood.cc):
// clients connected to the simulator without Node, and the ~30 C ABI calls the binding makes to
// capture one message (native/values/message_snapshot.cc's CaptureMessage + CaptureUser).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "cplatform.h"
#include "platform_sim.h"

namespace micro {

inline Platform_String str(const std::string &s) { return Platform_String{(uint8_t *)s.data(), s.size()}; }
inline size_t take(Platform_String s) {
    const size_t n = s.size;
    Platform_Free(s.ptr);
    return n;
}
inline size_t takeProps(Platform_Properties p) {
    const size_t n = p.size;
    Platform_FreeProperties(p);
    return n;
}
inline void step(uint64_t ms) {
    PlatformSim_ClockAdvance(ms);
    Platform_RunCallbacks();
}
inline void connect(Platform_Client *c, uint64_t user, uint64_t app) {
    Platform_Client_Init(c);
    Platform_Client_SetApplicationId(c, app);
    Platform_String at, rt;
    PlatformSim_IssueToken(user, app, str(""), &at, &rt, nullptr);
    const std::string access(reinterpret_cast<const char *>(at.ptr), at.size);
    Platform_Free(at.ptr);
    Platform_Free(rt.ptr);
    Platform_Client_UpdateToken(c, Platform_AuthorizationTokenType_Bearer, str(access), nullptr, nullptr, nullptr);
    Platform_Client_Connect(c);
    for (int i = 0; i < 4; ++i) step(20);
}
inline uint64_t g_id = 0;
inline void onId(Platform_ClientResult *r, uint64_t id, void *) {
    g_id = id;
    Platform_ClientResult_Drop(r);
}

// What CaptureMessage + CaptureUser read; returns a checksum so nothing is optimised away.
inline size_t capture(Platform_Client *c, uint64_t messageId) {
    size_t sum = 0;
    Platform_MessageHandle m{};
    if (!Platform_Client_GetMessageHandle(c, messageId, &m)) return 0;
    Platform_String s;
    Platform_Properties p;
    uint64_t app = 0;
    sum += Platform_MessageHandle_Id(&m) + Platform_MessageHandle_AuthorId(&m) + Platform_MessageHandle_ChannelId(&m);
    sum += Platform_MessageHandle_RecipientId(&m);
    if (Platform_MessageHandle_ApplicationId(&m, &app)) sum += app;
    Platform_MessageHandle_Content(&m, &s); sum += take(s);
    Platform_MessageHandle_RawContent(&m, &s); sum += take(s);
    if (Platform_MessageHandle_AdditionalName(&m, &s)) sum += take(s);
    Platform_MessageHandle_Metadata(&m, &p); sum += takeProps(p);
    Platform_MessageHandle_ModerationMetadata(&m, &p); sum += takeProps(p);
    Platform_AdditionalContent ac{};
    if (Platform_MessageHandle_AdditionalContent(&m, &ac)) Platform_AdditionalContent_Drop(&ac);
    Platform_DisclosureTypes d{};
    sum += Platform_MessageHandle_DisclosureType(&m, &d);
    sum += Platform_MessageHandle_SentFromGame(&m) + Platform_MessageHandle_SentTimestamp(&m) + Platform_MessageHandle_EditedTimestamp(&m);
    Platform_UserHandle u{};
    if (Platform_MessageHandle_Author(&m, &u)) {
        sum += Platform_UserHandle_Id(&u);
        Platform_UserHandle_Username(&u, &s); sum += take(s);
        Platform_UserHandle_DisplayName(&u, &s); sum += take(s);
        if (Platform_UserHandle_GlobalName(&u, &s)) sum += take(s);
        if (Platform_UserHandle_Avatar(&u, &s)) sum += take(s);
        sum += Platform_UserHandle_IsProvisional(&u) + Platform_UserHandle_Status(&u);
        Platform_UserHandle_Drop(&u);
    }
    Platform_LobbyHandle l{};
    if (Platform_MessageHandle_Lobby(&m, &l)) {
        sum += Platform_LobbyHandle_Id(&l);
        Platform_LobbyHandle_Drop(&l);
    }
    Platform_ChannelHandle ch{};
    if (Platform_MessageHandle_Channel(&m, &ch)) {
        sum += Platform_ChannelHandle_Type(&ch);
        Platform_ChannelHandle_Drop(&ch);
    }
    Platform_MessageHandle_Drop(&m);
    return sum;
}

// Median of `rounds` timings of f() (ns per item for `items` items).
template <class F>
std::vector<double> timeRounds(int rounds, int items, F &&f) {
    std::vector<double> ns;
    for (int r = 0; r < rounds; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const auto t1 = std::chrono::steady_clock::now();
        ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / items);
    }
    std::sort(ns.begin(), ns.end());
    return ns;
}

}  // namespace micro
