// api_message_handle.cc — Platform_MessageHandle (sdk-abi.md 5.3, plus AdditionalName from 7).
//
// A handle from GetMessageHandle references the client's message cache: once the message is
// evicted (more than 25 newer messages of its channel delivered), deleted, or its lobby left,
// every getter returns defaults — the real SDK hazard bindings avoid by reading the fields inside
// the MessageCreated callback. Handles from history spans carry the returned message and stay
// readable on their own. All getters return defaults once the client is dropped.
//
// A handle resolves its message once (handle_view.h): the getters that follow read the shared,
// immutable MessageData without the world lock until anything in the world changes; an edit
// replaces the stored message (copy-on-write), so the next resolution sees it.
#include "directory.h"
#include "guard.h"
#include "handle_view.h"
#include "lobbies.h"
#include "messages.h"
#include "properties.h"
#include "sim_strings.h"
#include "user_view.h"
#include "value_objects.h"
#include "world.h"

using namespace psim;

namespace {

// f(const MessageView&, const MessageData&) on the handle's current view (handle_view.h): no
// world lock while nothing changed since the handle was last resolved.
template <class R, class F>
R withMessage(Platform_MessageHandle *self, R fallback, F &&f, uint64_t *seq = nullptr) {
    const MessageView *v = currentView<MessageHandleData, MessageView>(
        self, [](World &w, const MessageHandleData &h) { return resolveMessageView(w, h); }, seq);
    if (!v || !v->message) return fallback;
    return std::forward<F>(f)(*v, *v->message);
}

template <class T>
T field(Platform_MessageHandle *self, T MessageData::*member) {
    return withMessage(self, T{}, [member](const MessageView &, const MessageData &m) { return m.*member; });
}

// Writes a string field straight from the shared message: one copy, into the caller's buffer.
void stringOut(Platform_MessageHandle *self, Platform_String *out, const std::string MessageData::*member) {
    if (!withMessage(self, false, [&](const MessageView &, const MessageData &m) {
            writeOut(out, m.*member);
            return true;
        })) {
        writeOut(out, std::string_view());
    }
}

}  // namespace

extern "C" {

void PLATFORM_API Platform_MessageHandle_Drop(Platform_MessageHandle *self) {
    // No thread record is touched: a span's views go with its last handle (span_views.h), and the
    // thread that made the span keeps only its keys and flags until its next one. A drop may run
    // in a thread-exit destructor, where a record must not be leased.
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
        uint64_t seq = 0;
        return withMessage(self, false, [&](const MessageView &v, const MessageData &m) {
            if (!v.authorKnown) return false;
            // The author's view, resolved with the message's (same lockSeq): its getters, which
            // the binding calls next, find it current and resolve nothing (handle_view.h).
            objInit<UserHandleData>(out, UserHandleData{v.clientKey, m.authorId, ViewCache<UserView>{v.author, seq}});
            if (out != nullptr && v.author) rememberView<UserHandleData>(out->opaque, v.author, seq);
            return true;
        }, &seq);
    });
}
uint64_t PLATFORM_API Platform_MessageHandle_AuthorId(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::authorId); });
}
bool PLATFORM_API Platform_MessageHandle_Channel(Platform_MessageHandle *self, Platform_ChannelHandle *out) {
    return guard(__func__, false, [&] {
        uint64_t seq = 0;
        return withMessage(self, false, [&](const MessageView &v, const MessageData &m) {
            if (!v.channelVisible) return false;
            objInit<ChannelHandleData>(out, ChannelHandleData{v.clientKey, m.channelId});
            // Its id and type, as its getters would find them while nothing changes.
            if (out != nullptr) rememberKnown<ChannelHandleData>(out->opaque, seq, m.channelId, v.channelType);
            return true;
        }, &seq);
    });
}
uint64_t PLATFORM_API Platform_MessageHandle_ChannelId(Platform_MessageHandle *self) {
    return guard(__func__, uint64_t{0}, [&] { return field(self, &MessageData::channelId); });
}
void PLATFORM_API Platform_MessageHandle_Content(Platform_MessageHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        if (!withMessage(self, false, [&](const MessageView &v, const MessageData &m) {
                writeOut(out, v.rendered ? v.content : m.rawContent);
                return true;
            })) {
            writeOut(out, std::string_view());
        }
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
        uint64_t seq = 0;
        return withMessage(self, false, [&](const MessageView &v, const MessageData &m) {
            if (!v.lobbyVisible) return false;
            objInit<LobbyHandleData>(out, LobbyHandleData{v.clientKey, m.lobbyId});
            // Its id, as LobbyHandle_Id would find it while nothing changes (the member rule included).
            if (out != nullptr) rememberKnown<LobbyHandleData>(out->opaque, seq, m.lobbyId, Platform_ChannelType_Lobby);
            return true;
        }, &seq);
    });
}
void PLATFORM_API Platform_MessageHandle_Metadata(Platform_MessageHandle *self, Platform_Properties *out) {
    guardVoid(__func__, [&] {
        if (!withMessage(self, false, [&](const MessageView &, const MessageData &m) {
                writeProperties(out, m.metadata);
                return true;
            })) {
            writeProperties(out, StringMap{});
        }
    });
}
void PLATFORM_API Platform_MessageHandle_ModerationMetadata(Platform_MessageHandle *self, Platform_Properties *out) {
    guardVoid(__func__, [&] {
        if (!withMessage(self, false, [&](const MessageView &, const MessageData &m) {
                writeProperties(out, m.moderationMetadata);
                return true;
            })) {
            writeProperties(out, StringMap{});
        }
    });
}
void PLATFORM_API Platform_MessageHandle_RawContent(Platform_MessageHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] { stringOut(self, out, &MessageData::rawContent); });
}
bool PLATFORM_API Platform_MessageHandle_Recipient(Platform_MessageHandle *self, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        return withMessage(self, false, [&](const MessageView &v, const MessageData &m) {
            if (!v.recipientKnown) return false;
            objInit<UserHandleData>(out, UserHandleData{v.clientKey, m.recipientId, {}});
            return true;
        });
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
        return withMessage(self, false, [&](const MessageView &, const MessageData &m) {
            if (!m.additionalName) return false;
            writeOut(out, *m.additionalName);
            return true;
        });
    });
}

}  // extern "C"
