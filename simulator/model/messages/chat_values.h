// chat_values.h — the data behind the lobby, message and guild classes of the C ABI: message
// records, value/record classes (AdditionalContent, GuildMinimal, GuildChannel, LinkedLobby,
// LinkedChannel, UserMessageSummary) and the keys of the live handles (LobbyHandle,
// LobbyMemberHandle, MessageHandle, ChannelHandle, CallInfoHandle, VoiceStateHandle).
// Enum-typed fields are int32_t (see values.h). Each class has its own struct type, so each has
// its own Registry (registry.h).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "cplatform.h"
#include "registry.h"
#include "span_views.h"

namespace psim {

// A string map (Platform_Properties). Sorted by key; on duplicate input keys the first wins,
// like the C++ wrapper's unordered_map::emplace.
using StringMap = std::map<std::string, std::string>;

struct AdditionalContentData {
    int32_t type = Platform_AdditionalContentType_Other;
    std::optional<std::string> title;
    uint8_t count = 0;
    bool operator==(const AdditionalContentData &) const = default;
};

// One message as the platform stores it. Immutable once shared: an edit or a moderation update
// replaces the stored pointer with a new copy (copy-on-write), so snapshots held by client
// caches and history handles never change under a reader.
struct MessageData {
    uint64_t id = 0;
    uint64_t channelId = 0;
    uint64_t lobbyId = 0;      // lobby messages
    uint64_t recipientId = 0;  // direct messages
    uint64_t authorId = 0;
    std::string rawContent;    // as sent; Content() renders <@id> mentions
    StringMap metadata;
    StringMap moderationMetadata;
    std::optional<uint64_t> applicationId;
    std::optional<std::string> additionalName;
    std::optional<AdditionalContentData> additionalContent;
    std::optional<int32_t> disclosureType;
    bool sentFromGame = true;
    uint64_t sentAtMs = 0;
    uint64_t editedAtMs = 0;
    uint64_t visibleOnlyTo = 0;  // != 0: only that user's clients see it (disclosure notices)
};
using MessagePtr = std::shared_ptr<const MessageData>;

struct GuildMinimalData {
    uint64_t id = 0;
    std::string name;
};

struct LinkedLobbyData {
    uint64_t applicationId = 0;
    uint64_t lobbyId = 0;
};

struct LinkedChannelData {
    uint64_t id = 0;
    std::string name;
    uint64_t guildId = 0;
};

struct GuildChannelData {
    uint64_t id = 0;
    std::string name;
    int32_t type = Platform_ChannelType_GuildText;
    int32_t position = 0;
    std::optional<uint64_t> parentId;
    bool linkable = false;
    bool viewableAndWriteableByAllMembers = false;
    std::optional<LinkedLobbyData> linkedLobby;
};

struct UserMessageSummaryData {
    uint64_t userId = 0;
    uint64_t lastMessageId = 0;
};

// ---- handles: references to live state as seen through one client --------------------------
struct UserView;  // user_view.h

struct LobbyHandleData {
    uint64_t clientKey = 0;
    uint64_t lobbyId = 0;
};

struct LobbyMemberHandleData {
    uint64_t clientKey = 0;
    uint64_t lobbyId = 0;
    uint64_t userId = 0;
};

// What a MessageHandle resolves to (handle_view.h): the message and what its getters compute
// from the rest of the world. A null `message` reads as defaults (evicted, deleted, lobby left,
// client dropped).
struct MessageView {
    MessagePtr message;
    uint64_t clientKey = 0;
    // rawContent with <@id> mentions rendered; only when it has any (`rendered`), else Content()
    // is rawContent itself and the view holds no copy of it.
    std::string content;
    bool rendered = false;
    bool authorKnown = false;
    bool recipientKnown = false;
    bool lobbyVisible = false;
    bool channelVisible = false;
    int32_t channelType = 0;  // when channelVisible: what ChannelHandle_Type answers now
    // When authorKnown: the author as the client sees it at the view's lockSeq, handed to the
    // UserHandle that MessageHandle_Author creates (its getters then resolve nothing). Shared by
    // the views of one author's messages while nothing changes (resolveMessageView).
    std::shared_ptr<const UserView> author;
};

// pinned == nullptr: the message is read from the client's message cache (GetMessageHandle) and
// reads as defaults once evicted. pinned != nullptr: a history result, readable on its own.
struct MessageHandleData {
    uint64_t clientKey = 0;
    uint64_t messageId = 0;
    MessagePtr pinned;
    ViewCache<MessageView> cache;
    // A history span's handle: its place in the span (span_views.h), whose view pins its message
    // (`pinned` stays null); empty otherwise.
    SpanMember<MessageView> span;
    // The history message this handle reads (null: the client's message cache is read).
    const MessagePtr &pinnedMessage() const { return span.member() ? span.view().message : pinned; }
    void beforeRemove() noexcept { span.removed(); }

    MessageHandleData() = default;
    MessageHandleData(uint64_t client, uint64_t message, MessagePtr pin, ViewCache<MessageView> view = {},
                      SpanMember<MessageView> member = {})
        : clientKey(client), messageId(message), pinned(std::move(pin)), cache(std::move(view)), span(std::move(member)) {}
    // A copy (a Clone, a getter's copy of the entry) is no member of the span: it pins the
    // message itself and resolves its own view (the span's views go with its last member,
    // span_views.h). Copied under the registry's lock, while the member is alive.
    MessageHandleData(const MessageHandleData &o)
        : clientKey(o.clientKey), messageId(o.messageId), pinned(o.pinnedMessage()), cache(o.span.member() ? ViewCache<MessageView>{} : o.cache) {}
    // No copy onto an entry: a span member overwritten so would never leave its span.
    MessageHandleData &operator=(const MessageHandleData &) = delete;
    MessageHandleData(MessageHandleData &&) noexcept = default;
    MessageHandleData &operator=(MessageHandleData &&) noexcept = default;
    ~MessageHandleData() = default;
};

// The registry's slots move their entries when they grow: a move that could throw would make them
// copy instead, and a copy is no member of its span.
static_assert(std::is_nothrow_move_constructible_v<MessageHandleData>);

struct ChannelHandleData {
    uint64_t clientKey = 0;
    uint64_t channelId = 0;
};

struct CallInfoHandleData {
    uint64_t clientKey = 0;
    uint64_t channelId = 0;
};

struct VoiceStateHandleData {
    uint64_t clientKey = 0;
    uint64_t channelId = 0;
    uint64_t userId = 0;
};

}  // namespace psim
