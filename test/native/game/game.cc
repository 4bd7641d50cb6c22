// A small C++ "game" written against platformpp.h only, the way a game links the vendor's library:
// the world-host tests (test/world-scenario.test.ts, test/world-host-faults.test.ts) start it with
// PLATFORM_SIM_HOST set, so its simulator library joins the host's world instead of making its own.
// Nothing in this file knows about the host: the program is an ordinary SDK user.
//
// Line protocol (test/join/protocol.ts drives it): one command per line on stdin,
// "<id> <command> <arguments>"; every command gets exactly one reply line on stdout, a JSON object
// with "id" (replies of operations come when their completion runs, so several may be pending),
// and the SDK's callbacks are printed as event lines {"ev": ...} when RunCallbacks delivers them.
// Commands:
//   signin <applicationId>                      Authorize (PKCE) → GetToken → UpdateToken → Connect,
//                                               replied at Ready (the consent is the test's business)
//   signin-provisional <applicationId> <token>  GetProvisionalToken (OIDC) → UpdateToken → Connect
//   presence <partyId> <joinSecret> <details…> UpdateRichPresence, replied at its completion
//   accept-invite                               AcceptActivityInvite of the last invite received
//   status                                      GetStatus and the current user
//   quit                                        drops the client and exits 0
// Events: ready (once, at start), status, invite, join. The game loop runs RunCallbacks every 5 ms
// on the main thread; a reader thread only moves stdin lines into a queue.
#define PLATFORMPP_IMPLEMENTATION
#include "platformpp.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

namespace {

using platformpp::Client;

std::string quoted(const std::string &s) {
    std::string out = "\"";
    for (const unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}
std::string idText(uint64_t v) { return quoted(std::to_string(v)); }

// One JSON line per reply or event, flushed at once (the test reads line by line).
void emit(const std::string &json) {
    std::fputs(json.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

std::string resultFields(const platformpp::ClientResult &r) {
    return "\"ok\":" + std::string(r.Successful() ? "true" : "false") + ",\"errorType\":" +
           std::to_string(static_cast<int>(r.Type())) + ",\"status\":" + std::to_string(static_cast<int>(r.Status())) +
           ",\"error\":" + quoted(r.Error());
}

void reply(long id, const std::string &fields) { emit("{\"id\":" + std::to_string(id) + "," + fields + "}"); }
void fail(long id, const std::string &why) { reply(id, "\"ok\":false,\"error\":" + quoted(why)); }

// stdin lines, filled by the reader thread, drained by the game loop.
struct Inbox {
    std::mutex mu;
    std::deque<std::string> lines;
    bool closed = false;
};

class Game {
public:
    Game() {
        client_.SetStatusChangedCallback([this](Client::Status s, Client::Error e, int32_t detail) {
            emit("{\"ev\":\"status\",\"status\":" + quoted(Client::StatusToString(s)) + ",\"error\":" +
                 quoted(Client::ErrorToString(e)) + ",\"detail\":" + std::to_string(detail) + "}");
            if (s == Client::Status::Ready && signinId_ != 0) {
                const long id = signinId_;
                signinId_ = 0;
                const auto me = client_.GetCurrentUserV2();
                reply(id, "\"ok\":true,\"userId\":" + idText(me ? me->Id() : 0) + ",\"username\":" +
                              quoted(me ? me->Username() : std::string()));
            } else if (s == Client::Status::Disconnected && signinId_ != 0) {
                const long id = signinId_;
                signinId_ = 0;
                fail(id, "disconnected before Ready: " + Client::ErrorToString(e));
            }
        });
        client_.SetActivityInviteCreatedCallback([this](platformpp::ActivityInvite invite) {
            emit("{\"ev\":\"invite\",\"senderId\":" + idText(invite.SenderId()) + ",\"type\":" +
                 quoted(platformpp::EnumToString(invite.Type())) + ",\"partyId\":" + quoted(invite.PartyId()) +
                 ",\"messageId\":" + idText(invite.MessageId()) + ",\"valid\":" + (invite.IsValid() ? "true" : "false") +
                 "}");
            lastInvite_ = std::move(invite);
        });
        client_.SetActivityJoinCallback([](std::string joinSecret) {
            emit("{\"ev\":\"join\",\"joinSecret\":" + quoted(joinSecret) + "}");
        });
    }

    void run(const std::string &line) {
        std::istringstream in(line);
        long id = 0;
        std::string cmd;
        if (!(in >> id >> cmd) || id <= 0) {
            emit("{\"ev\":\"bad-command\"}");
            return;
        }
        if (cmd == "signin") {
            uint64_t app = 0;
            if (!(in >> app)) return fail(id, "signin <applicationId>");
            signIn(id, app);
        } else if (cmd == "signin-provisional") {
            uint64_t app = 0;
            std::string external;
            if (!(in >> app >> external)) return fail(id, "signin-provisional <applicationId> <externalToken>");
            signInProvisional(id, app, external);
        } else if (cmd == "presence") {
            std::string party, secret, details;
            if (!(in >> party >> secret)) return fail(id, "presence <partyId> <joinSecret> <details>");
            std::getline(in >> std::ws, details);
            setPresence(id, party, secret, details);
        } else if (cmd == "accept-invite") {
            if (!lastInvite_) return fail(id, "no invite received yet");
            client_.AcceptActivityInvite(*lastInvite_, [id](platformpp::ClientResult r, std::string joinSecret) {
                reply(id, resultFields(r) + ",\"joinSecret\":" + quoted(joinSecret));
            });
        } else if (cmd == "status") {
            const auto me = client_.GetCurrentUserV2();
            reply(id, "\"ok\":true,\"status\":" + quoted(Client::StatusToString(client_.GetStatus())) +
                          ",\"userId\":" + idText(me ? me->Id() : 0));
        } else if (cmd == "quit") {
            quit_ = true;
            client_.Drop();
            reply(id, "\"ok\":true");
        } else {
            fail(id, "unknown command");
        }
    }

    bool quitting() const { return quit_; }

private:
    void connectWith(long id, const std::string &accessToken) {
        client_.UpdateToken(platformpp::AuthorizationTokenType::Bearer, accessToken, [this, id](platformpp::ClientResult r) {
            if (!r.Successful()) return reply(id, resultFields(r));
            signinId_ = id;  // replied by the status callback at Ready (or Disconnected)
            client_.Connect();
        });
    }

    void signIn(long id, uint64_t app) {
        client_.SetApplicationId(app);
        auto verifier = std::make_shared<platformpp::AuthorizationCodeVerifier>(client_.CreateAuthorizationCodeVerifier());
        platformpp::AuthorizationArgs args;
        args.SetClientId(app);
        args.SetScopes(Client::GetDefaultCommunicationScopes());
        args.SetCodeChallenge(verifier->Challenge());
        client_.Authorize(args, [this, id, app, verifier](platformpp::ClientResult r, std::string code, std::string redirect) {
            if (!r.Successful()) return reply(id, resultFields(r));
            client_.GetToken(app, code, verifier->Verifier(), redirect,
                             [this, id](platformpp::ClientResult t, std::string access, std::string, platformpp::AuthorizationTokenType,
                                        int32_t, std::string) {
                                 if (!t.Successful()) return reply(id, resultFields(t));
                                 connectWith(id, access);
                             });
        });
    }

    void signInProvisional(long id, uint64_t app, const std::string &external) {
        client_.SetApplicationId(app);
        client_.GetProvisionalToken(app, platformpp::AuthenticationExternalAuthType::OIDC, external,
                                    [this, id](platformpp::ClientResult t, std::string access, std::string,
                                               platformpp::AuthorizationTokenType, int32_t, std::string) {
                                        if (!t.Successful()) return reply(id, resultFields(t));
                                        connectWith(id, access);
                                    });
    }

    void setPresence(long id, const std::string &party, const std::string &secret, const std::string &details) {
        platformpp::Activity activity;
        activity.SetType(platformpp::ActivityTypes::Playing);
        activity.SetDetails(details);
        platformpp::ActivityParty p;
        p.SetId(party);
        p.SetCurrentSize(1);
        p.SetMaxSize(4);
        p.SetPrivacy(platformpp::ActivityPartyPrivacy::Private);
        activity.SetParty(p);
        platformpp::ActivitySecrets s;
        s.SetJoin(secret);
        activity.SetSecrets(s);
        client_.UpdateRichPresence(activity, [id](platformpp::ClientResult r) { reply(id, resultFields(r)); });
    }

    Client client_;
    long signinId_ = 0;
    std::optional<platformpp::ActivityInvite> lastInvite_;
    bool quit_ = false;
};

}  // namespace

int main() {
    auto inbox = std::make_shared<Inbox>();
    // Detached: a blocked read of stdin must not keep the process from exiting at "quit".
    std::thread([inbox] {
        std::string line;
        while (std::getline(std::cin, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            std::lock_guard lk(inbox->mu);
            inbox->lines.push_back(line);
        }
        std::lock_guard lk(inbox->mu);
        inbox->closed = true;
    }).detach();

    int exitCode = 0;
    {
        Game game;
        emit("{\"ev\":\"ready\"}");
        for (;;) {
            platformpp::RunCallbacks();
            std::deque<std::string> lines;
            bool closed = false;
            {
                std::lock_guard lk(inbox->mu);
                lines.swap(inbox->lines);
                closed = inbox->closed;
            }
            for (const auto &l : lines) {
                if (!l.empty()) game.run(l);
                if (game.quitting()) break;
            }
            if (game.quitting()) break;
            if (closed) {  // stdin closed without "quit": the test went away
                exitCode = 2;
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    std::fflush(stdout);
    // Not a normal return: the detached reader may still be blocked in std::cin.
    std::_Exit(exitCode);
}
