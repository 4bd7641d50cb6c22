// messages.h — lobby messages and direct messages, the per-client message cache and history.
//
// Channels: a lobby's channel id is the lobby id; a DM channel has its own snowflake per pair of
// users, created by the first DM between them. Every message is stored once (copy-on-write
// MessagePtr); clients see it through MessageCreated/Updated/Deleted events.
//
// The client cache models the real SDK's in-memory limit: per channel at most kMessageCacheSize
// messages. A message enters a client's cache when its MessageCreated invocation is delivered
// (inside RunCallbacks, just before the callback runs), evicting the oldest beyond the limit.
// GetMessageHandle and cache-backed MessageHandles read only this cache.
//
// The first message a user sends into a channel that syncs to the platform (any DM; a lobby
// linked to a guild channel) is preceded by a disclosure notice visible only to that user.
// World lock held for everything here unless noted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "client_state.h"
#include "world.h"

namespace psim {

inline constexpr size_t kMessageCacheSize = 25;
inline constexpr size_t kMaxMessageChars = 2000;
inline constexpr int32_t kDefaultHistoryLimit = 50;
inline constexpr int32_t kMaxHistoryLimit = 200;
inline constexpr uint64_t kLobbyHistoryWindowMs = 72ULL * 60 * 60 * 1000;
// A lobby channel keeps its newest kLobbyRetainedMessages messages that every member sees (and
// the disclosure notices newer than the oldest of them): all that lobby history can ever return.
// Older lobby messages are forgotten, so a long-lived lobby does not grow without limit.
inline constexpr size_t kLobbyRetainedMessages = static_cast<size_t>(kMaxHistoryLimit);
inline constexpr const char *kDisclosureText =
    "Messages in this conversation are also visible on the platform (desktop and mobile apps).";

// nullopt when acceptable; else the ValidationError message (empty, too long, bad UTF-8).
std::optional<std::string> checkContent(const std::string &content);
// limit <= 0: the default (50); clamped to 200.
int32_t clampHistoryLimit(int32_t limit);

const DmChannel *findDm(const World &w, uint64_t a, uint64_t b);
MessagePtr findMessage(const World &w, uint64_t messageId);
// The user (acting through a client of `app`) may read the message.
bool userSeesMessage(World &w, uint64_t app, uint64_t user, const MessageData &m);
// A lobby channel the client's user is a member of, or a DM channel of the user.
bool clientSeesChannel(World &w, const ClientState &c, uint64_t channelId);
// The channel's type (Platform_ChannelType Lobby or Dm) when the client sees it (as above).
std::optional<int32_t> channelTypeSeenBy(World &w, const ClientState &c, uint64_t channelId);
// The message's channel syncs to the platform (DM, or lobby linked to a guild channel).
bool messageSyncs(World &w, const MessageData &m);
// Content(): <@id> / <@!id> mentions of existing users become @DisplayName.
std::string renderContent(World &w, std::string_view raw);

// A message to post. author, content and the optional fields are set by the caller.
struct Outgoing {
    uint64_t authorId = 0;
    std::string content;
    StringMap metadata;
    std::optional<uint64_t> applicationId;
    std::optional<AdditionalContentData> additionalContent;
    bool sentFromGame = true;
};
// POST /lobbies/{id}/messages: 404 unknown lobby, 403 author not a member. out.id = message id.
OpOutcome sendLobbyMessage(World &w, uint64_t lobbyId, const Outgoing &msg, uint64_t t);
// POST /users/{id}/messages: 404 unknown recipient, 400 to oneself. out.id = message id.
OpOutcome sendUserMessage(World &w, uint64_t recipientId, const Outgoing &msg, uint64_t t);
OpOutcome editUserMessage(World &w, uint64_t app, uint64_t user, uint64_t recipientId, uint64_t messageId,
                          const std::string &content, uint64_t t);
OpOutcome deleteUserMessage(World &w, uint64_t app, uint64_t user, uint64_t recipientId, uint64_t messageId,
                            uint64_t t);
// The two moderation endpoints. lobbyId != 0: lobby endpoint; 0: direct-message endpoint.
bool setModerationMetadata(World &w, uint64_t lobbyId, uint64_t messageId, StringMap metadata, uint64_t now,
                           std::string *err);

OpOutcome lobbyHistory(World &w, uint64_t clientKey, uint64_t app, uint64_t user, uint64_t lobbyId, int32_t limit,
                       uint64_t t);
OpOutcome dmHistory(World &w, uint64_t clientKey, uint64_t user, uint64_t recipientId, int32_t limit);
// Served from the client's cache when it holds at least `limit` messages of the channel.
std::optional<OpOutcome> dmHistoryFromCache(const ClientState &c, uint64_t channelId, int32_t limit);
OpOutcome messageSummaries(World &w, uint64_t user);

// Lobby deleted: its messages and disclosure marks go.
void deleteChannelMessages(World &w, uint64_t channelId);

// ---- message events, delivered by Platform_RunCallbacks (api_globals.cc) ----------------------
enum class MessageEventKind : int32_t { None = 0, Created, Updated, Deleted };

// What the client's callback gets, taken under the world lock; fired without it.
struct MessageDelivery {
    std::shared_ptr<Callback> cb;
    MessagePtr message;
    MessageEventKind kind = MessageEventKind::None;
};
// Under the lock that took the invocation (inv.messageEvent != 0): the client's cache changes
// now, right before the callback runs; the callback slot is read. No callback when the client
// is gone or has none.
MessageDelivery takeMessageEvent(World &w, Invocation &inv);
// No simulator lock held: calls the callback, if any.
void fireMessageEvent(const MessageDelivery &d);

// ---- the client cache -----------------------------------------------------------------------
MessagePtr cachedMessage(const ClientState &c, uint64_t messageId);

// What a MessageHandle reads now: the cached or pinned message, its rendered content and which of
// its users, lobby and channel the handle's client can reach. Never null. Call under a WorldPeek
// only, never inside a WorldLock that changes the world: the author's view is reused while
// World::lockSeq is unchanged, and a WorldLock advances it when it is taken, not when it ends.
std::shared_ptr<const MessageView> resolveMessageView(World &w, const MessageHandleData &h);
// The same for a message of `c` already found (GetMessageHandle has just looked it up).
std::shared_ptr<const MessageView> resolveMessageView(World &w, const ClientState &c, MessagePtr m);
// The views of a history's messages for the client `clientKey`, into out[0, messages.size()) (empty
// views as given when the client is gone): each as resolveMessageView would make it, the lookups
// the messages share made once. Under a WorldPeek, as above.
void resolveMessageViews(World &w, uint64_t clientKey, const std::vector<MessagePtr> &messages, MessageView *out);
void dropCachedChannel(ClientState &c, uint64_t channelId);

}  // namespace psim
