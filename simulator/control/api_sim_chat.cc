// api_sim_chat.cc — the control ABI of lobbies, messages and guilds (platform_sim.h): the game
// backend's side of lobbies and messages, and guilds for linked channels. Failures return 0/false
// and set PlatformSim_LastError to "<HTTP status>: <reason>"; nothing is applied then.
#include <string>
#include <vector>

#include "backend_message.h"
#include "directory.h"
#include "guard.h"
#include "guilds.h"
#include "lobbies.h"
#include "messages.h"
#include "platform_sim.h"
#include "properties.h"
#include "registry.h"
#include "sim_support.h"
#include "sim_strings.h"
#include "world.h"

using namespace psim;

// See backend_message.h.
std::optional<Outgoing> psim::backendMessage(World &w, uint64_t authorId, const std::string &content,
                                             const PlatformSim_MessageOptions *options, uint64_t defaultApp) {
    if (findUser(w, authorId) == nullptr) return fail(std::optional<Outgoing>{}, "404: unknown user " + std::to_string(authorId));
    if (auto err = checkContent(content)) return fail(std::optional<Outgoing>{}, "400: " + *err);
    Outgoing o;
    o.authorId = authorId;
    o.content = content;
    uint64_t app = defaultApp;
    if (options != nullptr) {
        if (options->applicationId != 0) {
            const Application *a = findApp(w, options->applicationId);
            if (a == nullptr) {
                return fail(std::optional<Outgoing>{}, "404: unknown application " + std::to_string(options->applicationId));
            }
            const Application *base = defaultApp != 0 ? findApp(w, defaultApp) : nullptr;
            if (base != nullptr && base->publisherId != a->publisherId) {
                return fail(std::optional<Outgoing>{}, "400: the application is not a sibling of the lobby's application");
            }
            app = options->applicationId;
        }
        o.metadata = fromProperties(options->metadata);
        if (options->additionalContent != nullptr) {
            o.additionalContent = Registry<AdditionalContentData>::get().copy(options->additionalContent->opaque);
        }
        o.sentFromGame = !options->sentFromPlatformClient;
    }
    if (app != 0) o.applicationId = app;
    return o;
}

namespace {

// The platform's answer as "<status>: <message>" (the message of the {"code","message"} body).
uint64_t sentId(const OpOutcome &out) {
    if (out.result.successful) return out.id;
    const std::string &body = out.result.responseBody;
    const std::string key = "\"message\":\"";
    const size_t at = body.find(key);
    const std::string message = at == std::string::npos ? out.result.error
                                                        : body.substr(at + key.size(), body.rfind('"') - at - key.size());
    return fail(uint64_t{0}, std::to_string(out.result.status) + ": " + message);
}

}  // namespace

extern "C" {

PLATFORM_API uint64_t PlatformSim_BackendCreateLobby(uint64_t applicationId, Platform_String secret,
                                                     Platform_Properties metadata) {
    return guard(__func__, uint64_t{0}, [&] {
        std::string err;
        WorldLock lk;
        const uint64_t id = backendCreateLobby(lk.w, applicationId, toStd(secret), fromProperties(metadata), &err);
        return id != 0 ? id : fail(uint64_t{0}, err);
    });
}

PLATFORM_API bool PlatformSim_BackendUpdateLobbyMembers(uint64_t lobbyId, const PlatformSim_LobbyMemberUpdate *updates,
                                                        size_t count) {
    return guard(__func__, false, [&] {
        if (count > kMaxBulkMembers) {
            return fail(false, "400: at most 25 members per bulk request (got " + std::to_string(count) + ")");
        }
        if (count > 0 && updates == nullptr) return fail(false, "400: updates is NULL");
        std::vector<MemberUpdate> list;
        for (size_t i = 0; i < count; ++i) {
            const PlatformSim_LobbyMemberUpdate &u = updates[i];
            MemberUpdate m;
            m.userId = u.userId;
            m.remove = u.remove;
            m.setMetadata = u.setMetadata;
            if (u.setMetadata) m.metadata = fromProperties(u.metadata);
            m.additionalName = toOpt(u.additionalName);
            m.canLinkLobby = u.canLinkLobby;
            list.push_back(std::move(m));
        }
        std::string err;
        WorldLock lk;
        return backendUpdateMembers(lk.w, lobbyId, list, lk.now, &err) ? true : fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_BackendSetLobbyMessageModerationMetadata(uint64_t lobbyId, uint64_t messageId,
                                                                       Platform_Properties metadata) {
    return guard(__func__, false, [&] {
        if (lobbyId == 0) return fail(false, "404: unknown lobby 0");
        std::string err;
        WorldLock lk;
        return setModerationMetadata(lk.w, lobbyId, messageId, fromProperties(metadata), lk.now, &err) ? true
                                                                                                       : fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_BackendSetUserMessageModerationMetadata(uint64_t messageId, Platform_Properties metadata) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return setModerationMetadata(lk.w, 0, messageId, fromProperties(metadata), lk.now, &err) ? true : fail(false, err);
    });
}

PLATFORM_API uint64_t PlatformSim_BackendSendLobbyMessage(uint64_t authorId, uint64_t lobbyId, Platform_String content,
                                                          const PlatformSim_MessageOptions *options) {
    return guard(__func__, uint64_t{0}, [&] {
        WorldLock lk;
        const Lobby *l = findLobby(lk.w, lobbyId);
        if (l == nullptr) return fail(uint64_t{0}, "404: unknown lobby " + std::to_string(lobbyId));
        auto o = backendMessage(lk.w, authorId, toStd(content), options, l->appId);
        if (!o) return uint64_t{0};
        return sentId(sendLobbyMessage(lk.w, lobbyId, std::move(*o), lk.now));
    });
}

PLATFORM_API uint64_t PlatformSim_BackendSendUserMessage(uint64_t authorId, uint64_t recipientId, Platform_String content,
                                                         const PlatformSim_MessageOptions *options) {
    return guard(__func__, uint64_t{0}, [&] {
        WorldLock lk;
        auto o = backendMessage(lk.w, authorId, toStd(content), options, 0);
        if (!o) return uint64_t{0};
        return sentId(sendUserMessage(lk.w, recipientId, std::move(*o), lk.now));
    });
}

PLATFORM_API bool PlatformSim_LobbyExists(uint64_t lobbyId) {
    return guard(__func__, false, [&] {
        WorldLock lk;
        return findLobby(lk.w, lobbyId) != nullptr;
    });
}

PLATFORM_API uint64_t PlatformSim_CreateGuild(Platform_String name) {
    return guard(__func__, uint64_t{0}, [&] {
        std::string err;
        WorldLock lk;
        const uint64_t id = createGuild(lk.w, toStd(name), &err);
        return id != 0 ? id : fail(uint64_t{0}, err);
    });
}

PLATFORM_API bool PlatformSim_AddGuildMember(uint64_t guildId, uint64_t userId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return addGuildMember(lk.w, guildId, userId, &err) ? true : fail(false, err);
    });
}

PLATFORM_API bool PlatformSim_RemoveGuild(uint64_t guildId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return removeGuild(lk.w, guildId, &err) ? true : fail(false, err);
    });
}

PLATFORM_API uint64_t PlatformSim_CreateGuildChannel(uint64_t guildId, Platform_String name, Platform_ChannelType type,
                                                     int32_t position, uint64_t parentId, bool linkable) {
    return guard(__func__, uint64_t{0}, [&] {
        std::string err;
        WorldLock lk;
        const uint64_t id =
            createGuildChannel(lk.w, guildId, toStd(name), enumBits(type), position, parentId, linkable, &err);
        return id != 0 ? id : fail(uint64_t{0}, err);
    });
}

PLATFORM_API bool PlatformSim_AcceptGuildInvite(Platform_String inviteUrl, uint64_t userId) {
    return guard(__func__, false, [&] {
        std::string err;
        WorldLock lk;
        return acceptGuildInvite(lk.w, toStd(inviteUrl), userId, lk.now, &err) ? true : fail(false, err);
    });
}

}  // extern "C"
