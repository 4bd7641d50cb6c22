// A program written against the vendor's 1.10.19337 C++ wrapper the way its users write it:
// Client::GetVoiceSettings takes a completion (ClientResult, VoiceSettings) that RunCallbacks
// delivers. It must compile against our platformpp.h unchanged, and it runs against the
// simulator, whose controls (platform_sim.h) stand in for the user's account and desktop client.
// Output contract (test/simulator-abi.test.ts): FAIL lines on stdout, nothing on stderr, the last
// line "N passed, M failed", exit code 0 iff M == 0.
#define PLATFORMPP_IMPLEMENTATION
#include "platformpp.h"
#include "platform_sim.h"

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace {

int g_checks = 0;
int g_failures = 0;

void check(bool ok, const char *what, int line) {
    ++g_checks;
    if (!ok) {
        ++g_failures;
        std::printf("FAIL line %d: %s\n", line, what);
    }
}
#define CHECK(x) check((x), #x, __LINE__)

Platform_String borrow(const std::string &s) { return {reinterpret_cast<uint8_t *>(const_cast<char *>(s.data())), s.size()}; }

std::string take(Platform_String s) {
    std::string out(s.ptr != nullptr ? reinterpret_cast<const char *>(s.ptr) : "", s.size);
    Platform_Free(s.ptr);
    return out;
}

// What the completions below saw (a user's program would update its UI instead).
struct Seen {
    int calls = 0;
    bool successful = false;
    platformpp::ErrorType type = platformpp::ErrorType::None;
    bool hasSettings = false;
    bool selfMute = false;
    std::string pttKey;
    float outputVolume = 0;
    platformpp::VoiceInputModeType inputMode = platformpp::VoiceInputModeType::VoiceActivity;
};
Seen g_seen;

// The game loop: RunCallbacks once per frame until `done` (at most 5 s of frames).
bool runFramesUntil(const std::function<bool()> &done) {
    for (int frame = 0; frame < 500; ++frame) {
        platformpp::RunCallbacks();
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
}

// One read, as the vendor's samples write it: a capture-less lambda, the settings read only
// when the result says they came.
void readSettings(const std::shared_ptr<platformpp::Client> &client) {
    g_seen = Seen{};
    client->GetVoiceSettings([](platformpp::ClientResult result, platformpp::VoiceSettings settings) {
        ++g_seen.calls;
        g_seen.successful = result.Successful();
        g_seen.type = result.Type();
        g_seen.hasSettings = static_cast<bool>(settings);
        if (result.Successful() && settings) {
            g_seen.selfMute = settings.SelfMute();
            g_seen.pttKey = settings.PttKey();
            g_seen.outputVolume = settings.OutputVolume();
            g_seen.inputMode = settings.InputMode();
        }
    });
    CHECK(g_seen.calls == 0);  // a completion: nothing before RunCallbacks
    CHECK(runFramesUntil([] { return g_seen.calls > 0; }));
    platformpp::RunCallbacks();
    CHECK(g_seen.calls == 1);
}

}  // namespace

int main() {
    // The simulated world: an application, its user, a token as if the user had authorized.
    const uint64_t app = PlatformSim_CreateApplication(borrow("Vendor 1.10 program"), 0, 0, borrow(""));
    const uint64_t user = PlatformSim_CreateUser(borrow("vendor_program_user"), borrow(""), false);
    CHECK(app != 0 && user != 0);
    Platform_String access{}, refresh{};
    CHECK(PlatformSim_IssueToken(user, app, borrow(""), &access, &refresh, nullptr));
    const std::string token = take(access);
    take(refresh);

    auto client = std::make_shared<platformpp::Client>();
    client->SetApplicationId(app);

    // Not connected yet: the completion says why, and no settings come.
    readSettings(client);
    CHECK(!g_seen.successful);
    CHECK(g_seen.type == platformpp::ErrorType::ClientNotReady);
    CHECK(!g_seen.hasSettings);

    bool tokenSet = false;
    client->UpdateToken(platformpp::AuthorizationTokenType::Bearer, token,
                        [&tokenSet](platformpp::ClientResult result) { tokenSet = result.Successful(); });
    CHECK(runFramesUntil([&tokenSet] { return tokenSet; }));
    client->Connect();
    CHECK(runFramesUntil([&client] { return client->GetStatus() == platformpp::Client::Status::Ready; }));

    // The desktop client changed its settings; the game reads them.
    const std::string key = "SHIFT + F";
    PlatformSim_VoiceSettingsUpdate update{};
    update.hasSelfMute = true;
    update.selfMute = true;
    update.hasPttKey = true;
    update.pttKey = borrow(key);
    update.hasOutputVolume = true;
    update.outputVolume = 150.0f;
    update.hasInputMode = true;
    update.inputMode = Platform_VoiceInputModeType_PushToTalk;
    CHECK(PlatformSim_SetPlatformVoiceSettings(&update));
    readSettings(client);
    CHECK(g_seen.successful);
    CHECK(g_seen.hasSettings);
    CHECK(g_seen.selfMute);
    CHECK(g_seen.pttKey == key);
    CHECK(g_seen.outputVolume == 150.0f);
    CHECK(g_seen.inputMode == platformpp::VoiceInputModeType::PushToTalk);

    // No desktop client to ask: an RPC error, no settings.
    PlatformSim_SetPlatformAppInstalled(false);
    readSettings(client);
    PlatformSim_SetPlatformAppInstalled(true);
    CHECK(!g_seen.successful);
    CHECK(g_seen.type == platformpp::ErrorType::RPCError);
    CHECK(!g_seen.hasSettings);

    client.reset();
    platformpp::RunCallbacks();
    std::printf("%d passed, %d failed\n", g_checks - g_failures, g_failures);
    return g_failures == 0 ? 0 : 1;
}
