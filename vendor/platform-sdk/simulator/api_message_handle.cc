// api_message_handle.cc — Platform_MessageHandle (sdk-abi.md 5.3, plus AdditionalName from 7).
//
// A handle from GetMessageHandle references the client's message cache: once the message is
// evicted (more than 25 newer messages of its channel delivered), deleted, or its lobby left,
// every getter returns defaults — the real SDK hazard bindings avoid by reading the fields inside
// the MessageCreated callback. Handles from history spans carry the returned message and stay
// readable on their own. All getters return defaults once the client is dropped.
#include "directory.h"
#include "guard.h"
#include "lobbies.h"
#include "messages.h"
#include "properties.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "world.h"

using namespace psim;

namespace {

// f(World&, ClientState&, const MessageData&) under the world lock.
template <class R, class F>
R withMessage(Platform_MessageHandle *self, R fallback, F &&f) {
    if (self == nullptr) return fallback;
    const auto h = Registry<MessageHandleData>::get().copy(self->opaque);
    if (!h) return fallback;
    WorldPeek lk;
    ClientState *c = findClient(lk.w, h->clientKey);
    if (c == nullptr) return fallback;
    const MessagePtr m = h->pinned ? h->pinned : cachedMessage(*c, h->messageId);
    if (!m) return fallback;
    return std::forward<F>(f)(lk.w, *c, *m);
}

template <class T>
T field(Platform_MessageHandle *self, T MessageData::*member) {
    return withMessage(self, T{}, [member](World &, ClientState &, const MessageData &m) { return m.*member; });
}

bool userOut(World &w, const ClientState &c, uint64_t userId, Platform_UserHandle *out) {
    if (userId == 0 || findUser(w, userId) == nullptr) return false;
    objInit<UserHandleData>(out, UserHandleData{c.key, userId});
    return true;
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_MessageHandle_Drop(Platform_MessageHandle *self) {
    guardVoid(__func__, [&] { objDrop<MessageHandleData>(self); });
}
void PLATFORM_API Platform_MessageHandle_Clone(Platform_MessageHandle *self, Platform_MessageHandle const *src) {
    guardVoid(__func__, [&] { objClone<MessageHandleData>(self, src); });
}

bool PLATFORM_API Platform_MessageHandle_AdditionalContent(Platform_MessageHandle *self, Platform_AdditionalContent *out) {
    return guard(__func__, false, [&] {
        const auto ac = field(self, &MessageData::additionalContent);
        if (!ac) return false;
        objInit<AdditionalContentData>(out, *ac);
        return true;
    });
}
bool PLATFORM_API Platform_MessageHandle_ApplicationId(Platform_MessageHandle *self, uint64_t *out) {
    return guard(__func__, false, [&] {
        const auto app = field(self, &MessageData::applicationId);
        if (!app) return false;
        if (out != nullptr) *out = *app;
        return true;
    });
}
bool PLATFORM_API Platform_MessageHandle_Author(Platform_MessageHandle *self, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        return withMessage(self, false,
                           [&](World &w, ClientState &c, const MessageData &m) { return userOut(w, c, m.authorId, out); });
    });
}
uint64_t PLATFORM_API Platform_MessageHandle_AuthorId(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::authorId); });
}
bool PLATFORM_API Platform_MessageHandle_Channel(Platform_MessageHandle *self, Platform_ChannelHandle *out) {
    return guard(__func__, false, [&] {
        return withMessage(self, false, [&](World &w, ClientState &c, const MessageData &m) {
            if (!clientSeesChannel(w, c, m.channelId)) return false;
            objInit<ChannelHandleData>(out, ChannelHandleData{c.key, m.channelId});
            return true;
        });
    });
}
uint64_t PLATFORM_API Platform_MessageHandle_ChannelId(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::channelId); });
}
void PLATFORM_API Platform_MessageHandle_Content(Platform_MessageHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        writeOut(out, withMessage(self, std::string(), [](World &w, ClientState &, const MessageData &m) {
                     return renderContent(w, m.rawContent);
                 }));
    });
}
bool PLATFORM_API Platform_MessageHandle_DisclosureType(Platform_MessageHandle *self, Platform_DisclosureTypes *out) {
    return guard(__func__, false, [&] {
        const auto d = field(self, &MessageData::disclosureType);
        if (!d) return false;
        if (out != nullptr) *out = toEnum<Platform_DisclosureTypes>(*d);
        return true;
    });
}
uint64_t PLATFORM_API Platform_MessageHandle_EditedTimestamp(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::editedAtMs); });
}
uint64_t PLATFORM_API Platform_MessageHandle_Id(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::id); });
}
bool PLATFORM_API Platform_MessageHandle_Lobby(Platform_MessageHandle *self, Platform_LobbyHandle *out) {
    return guard(__func__, false, [&] {
        return withMessage(self, false, [&](World &w, ClientState &c, const MessageData &m) {
            if (m.lobbyId == 0 || clientLobby(w, c, m.lobbyId) == nullptr) return false;
            objInit<LobbyHandleData>(out, LobbyHandleData{c.key, m.lobbyId});
            return true;
        });
    });
}
void PLATFORM_API Platform_MessageHandle_Metadata(Platform_MessageHandle *self, Platform_Properties *out) {
    guardVoid(__func__, [&] { writeProperties(out, field(self, &MessageData::metadata)); });
}
void PLATFORM_API Platform_MessageHandle_ModerationMetadata(Platform_MessageHandle *self, Platform_Properties *out) {
    guardVoid(__func__, [&] { writeProperties(out, field(self, &MessageData::moderationMetadata)); });
}
void PLATFORM_API Platform_MessageHandle_RawContent(Platform_MessageHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] { writeOut(out, field(self, &MessageData::rawContent)); });
}
bool PLATFORM_API Platform_MessageHandle_Recipient(Platform_MessageHandle *self, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        return withMessage(self, false,
                           [&](World &w, ClientState &c, const MessageData &m) { return userOut(w, c, m.recipientId, out); });
    });
}
uint64_t PLATFORM_API Platform_MessageHandle_RecipientId(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::recipientId); });
}
bool PLATFORM_API Platform_MessageHandle_SentFromGame(Platform_MessageHandle *self) {
    return guard(__func__, false, [&] { return field(self, &MessageData::sentFromGame); });
}
uint64_t PLATFORM_API Platform_MessageHandle_SentTimestamp(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::sentAtMs); });
}
bool PLATFORM_API Platform_MessageHandle_AdditionalName(Platform_MessageHandle *self, Platform_String *out) {
    return guard(__func__, false, [&] {
        const auto n = field(self, &MessageData::additionalName);
        if (!n) return false;
        writeOut(out, *n);
        return true;
    });
}

}  // extern "C"
