// client_state.h — what the simulator keeps per Platform_Client, and pending one-shot ops.
//
// A one-shot operation (Authorize, GetToken, ...) is a PendingOp owned by its client until its
// completion is delivered. Owning ops here (not in the invocation queue) is what lets
// Client_Drop complete every one of them synchronously with ClientDestroyed, and lets
// AbortAuthorize/ResetCallbacks find them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include <unordered_map>
#include <vector>

#include "callback.h"
#include "chat_values.h"
#include "cplatform.h"
#include "values.h"
#include "voice_types.h"

namespace psim {

// The shape of the callback an op was started with (what follows the ClientResult*).
enum class OpShape {
    Result,         // (result)
    Authorization,  // (result, code, redirectUri)
    TokenExchange,  // (result, accessToken, refreshToken, tokenType, expiresIn, scopes)
    ChildToken,     // (result, accessToken, tokenType, expiresIn, scopes)
    FetchUser,      // (result, id, name)
    ResultId,       // (result, uint64 id): CreateOrJoinLobby, Send*Message
    ResultString,   // (result, string): JoinLinkedLobbyGuild (invite URL)
    Messages,       // (result, MessageHandleSpan)
    Summaries,      // (result, UserMessageSummarySpan)
    GuildChannels,  // (result, GuildChannelSpan)
    Guilds,         // (result, GuildMinimalSpan)
    Void,           // (): EndCall, EndCalls
    AudioDevice,    // (AudioDevice const *): GetCurrentInput/OutputDevice
    AudioDevices,   // (AudioDeviceSpan): GetInput/OutputDevices
    ConnectedUser,  // (result, UserHandle* or NULL): GetPlatformClientConnectedUser (userId 0 = NULL)
    VoiceSettings,  // (result, VoiceSettings* or NULL): GetVoiceSettings (NULL unless voiceSettings is set)
};

// Everything a completion hands to its callback. Fields not used by the shape are ignored.
struct OpOutcome {
    ResultData result;
    std::string code, redirectUri;
    std::string accessToken, refreshToken, scopes;
    int32_t tokenType = Platform_AuthorizationTokenType_Bearer;
    int32_t expiresIn = 0;
    uint64_t userId = 0;
    std::string name;
    // Chat shapes.
    uint64_t id = 0;           // ResultId
    std::string text;          // ResultString
    uint64_t clientKey = 0;    // Messages: the client the handles belong to
    std::vector<MessagePtr> messages;
    std::vector<UserMessageSummaryData> summaries;
    std::vector<GuildChannelData> guildChannels;
    std::vector<GuildMinimalData> guilds;
    std::vector<AudioDeviceData> devices;  // AudioDevice (first element, or empty) / AudioDevices
    std::optional<VoiceSettingsData> voiceSettings;  // VoiceSettings: the desktop client's, on success
    bool mergeRequired = false;  // call the op's aux (provisional-merge-required) callback first
};

inline OpOutcome outcomeOf(ResultData r) {
    OpOutcome o;
    o.result = std::move(r);
    return o;
}

struct PendingOp {
    uint64_t id = 0;
    OpShape shape = OpShape::Result;
    std::string name;  // C function name without prefix, e.g. "Client_GetToken"
    Callback cb;
    Callback aux;      // second triple of OpenMessageInPlatform / JoinLinkedLobbyGuild
};

// Calls the op's callback with a fresh ClientResult and fresh strings (receiver owns them).
// No simulator lock may be held.
void invokeOp(const PendingOp &op, const OpOutcome &out);

// An Authorize or device-flow in progress (from the call until its completion is delivered).
struct AuthFlow {
    uint64_t opId = 0;
    bool device = false;
    bool merge = false;  // GetTokenFromDeviceProvisionalMerge
    uint64_t appId = 0;
    std::string scopes;
    std::string redirectUri;
    std::string challenge;  // S256 code challenge ("" = none)
    std::string state;
    std::optional<std::string> nonce;
    std::optional<int32_t> integrationType;
    int32_t extType = 0;
    std::string extToken;
    uint64_t startedAtMs = 0;
    bool resolved = false;  // its result is queued (consent applied, failed, timed out or aborted)
};

// One channel's part of a client's message cache: at most `limit` messages, sorted by id (snowflakes:
// the oldest id is the oldest message), in a ring. A flood delivers ids in order, so once the
// ring is full the newest takes the oldest's slot: no allocation and no tree relinking per
// delivered message (a std::map here cost ~215 instructions per delivery, issue 19). An id out of
// order (a delayed delivery) is inserted in place, the rare case, by shifting.
class CachedChannel {
public:
    using Entry = std::pair<uint64_t, MessagePtr>;

    size_t size() const { return ring_.size(); }
    bool empty() const { return ring_.empty(); }

    // Stores m (replacing one with the same id), then drops the oldest beyond `limit`; returns the
    // message that left (null if none), for the caller to release.
    MessagePtr insert(uint64_t id, MessagePtr m, size_t limit) {
        if (ring_.size() == limit && limit > 0 && id > at(ring_.size() - 1).first) {
            Entry &oldest = ring_[head_];  // the newest takes the oldest's slot
            oldest.first = id;
            MessagePtr left = std::exchange(oldest.second, std::move(m));
            head_ = head_ + 1 == ring_.size() ? 0 : head_ + 1;
            return left;
        }
        linearize();
        auto it = std::lower_bound(ring_.begin(), ring_.end(), id,
                                   [](const Entry &e, uint64_t k) { return e.first < k; });
        if (it != ring_.end() && it->first == id) {
            it->second = std::move(m);
            return nullptr;
        }
        ring_.insert(it, Entry{id, std::move(m)});
        MessagePtr left;
        if (ring_.size() > limit) {
            left = std::move(ring_.front().second);
            ring_.erase(ring_.begin());
        }
        return left;
    }

    const MessagePtr *find(uint64_t id) const {
        size_t lo = 0, hi = ring_.size();
        while (lo < hi) {
            const size_t mid = lo + (hi - lo) / 2;
            if (at(mid).first < id) lo = mid + 1; else hi = mid;
        }
        return lo < ring_.size() && at(lo).first == id ? &at(lo).second : nullptr;
    }
    MessagePtr *find(uint64_t id) {
        return const_cast<MessagePtr *>(static_cast<const CachedChannel *>(this)->find(id));
    }

    bool erase(uint64_t id) {
        linearize();
        auto it = std::lower_bound(ring_.begin(), ring_.end(), id,
                                   [](const Entry &e, uint64_t k) { return e.first < k; });
        if (it == ring_.end() || it->first != id) return false;
        ring_.erase(it);
        return true;
    }

    // f(id, message) from the oldest to the newest.
    template <class F>
    void forEach(F &&f) const {
        for (size_t i = 0; i < ring_.size(); ++i) f(at(i).first, at(i).second);
    }

    // The i-th oldest (0 = the oldest), i < size().
    const Entry &at(size_t i) const {
        const size_t j = head_ + i;
        return ring_[j >= ring_.size() ? j - ring_.size() : j];
    }

private:
    void linearize() {
        if (head_ == 0) return;
        std::rotate(ring_.begin(), ring_.begin() + static_cast<std::ptrdiff_t>(head_), ring_.end());
        head_ = 0;
    }

    std::vector<Entry> ring_;  // logical order starts at head_
    size_t head_ = 0;
};

struct ClientState {
    uint64_t key = 0;
    // The joined process that made this client (its peer id on this world host), 0 for this
    // process's own: its invocations run when that process calls Platform_RunCallbacks, never in
    // this process's own (api_globals.cc; docs/simulator.md, "One world for several processes").
    uint32_t ownerPeer = 0;
    uint64_t applicationId = 0;
    std::string apiBase;
    std::string webBase;
    // ClientCreateOptions the voice engine applies (reported in the voice log when it starts).
    ClientCreateOptionsData createOptions;
    bool voiceEngineStarted = false;
    int32_t httpTimeoutMs = 0;  // <= 0: the default (30000)
    int32_t gameWindowPid = 0;
    std::optional<bool> provisionalMergeCompleted;

    // Token set by UpdateToken.
    std::string token;
    int32_t tokenType = Platform_AuthorizationTokenType_Bearer;
    std::set<std::string> expiryNotified;  // tokens whose expiration callback was queued

    // Gateway session.
    int32_t status = Platform_Client_Status_Disconnected;
    uint64_t epoch = 0;             // bumped on every transition that cancels pending steps
    bool waitingForNetwork = false;  // Connecting, handshake waits for the network
    uint64_t sessionUserId = 0;
    uint64_t sessionGrantId = 0;
    std::set<uint64_t> knownUsers;  // users GetUser may return (cache)

    // Slots (Set*/Register*); shared so a delivery in flight keeps its callback alive.
    std::shared_ptr<Callback> statusCb, userUpdatedCb, tokenExpirationCb, authorizeRequestCb,
        deviceScreenClosedCb;
    std::shared_ptr<Callback> voiceParticipantCb, deviceChangeCb, noAudioInputCb, voiceSettingsCb;
    VoiceClientState voice;  // calls, audio settings (voice.h)
    std::shared_ptr<Callback> lobbyCreatedCb, lobbyDeletedCb, lobbyMemberAddedCb, lobbyMemberRemovedCb,
        lobbyMemberUpdatedCb, lobbyUpdatedCb, messageCreatedCb, messageDeletedCb, messageUpdatedCb;

    // The SDK's in-memory message cache: per channel, the most recent kMessageCacheSize messages
    // whose MessageCreated was delivered to this client (messages.h).
    std::map<uint64_t, CachedChannel> messageCache;         // channel -> its newest messages
    std::unordered_map<uint64_t, uint64_t> cachedChannelOf;            // message id -> channel
    bool showingChat = false;

    // Presence, invites and relationships (presence.h, relationships.h).
    std::shared_ptr<Callback> activityInviteCreatedCb, activityInviteUpdatedCb, activityJoinCb,
        activityJoinWithAppCb;
    // The last activity given to UpdateRichPresence (ClearRichPresence forgets it): published
    // whenever the session becomes Ready (presence.h).
    std::shared_ptr<const struct ActivityData> localActivity;
    // Hex id of the current gateway session (ActivityInvite.SessionId); kept across a resume.
    std::string gatewaySessionId;
    std::shared_ptr<Callback> relationshipCreatedCb, relationshipDeletedCb, relationshipGroupsUpdatedCb;
    // Friend -> the RelationshipGroupType and visible status last announced to this client
    // (groups-updated fires when either changes).
    std::map<uint64_t, int32_t> announcedGroups;
    // User -> (due time, World::lockSeq) of the last RelationshipGroupsUpdated queued for them:
    // one per change, however many edges it reached the client through.
    std::map<uint64_t, std::pair<uint64_t, uint64_t>> groupsUpdatedDue;

    std::map<uint64_t, std::unique_ptr<PendingOp>> ops;
    std::optional<AuthFlow> authorize;
    std::optional<AuthFlow> deviceFlow;

    // Device authorization screen (OpenAuthorizeDeviceScreen / CloseAuthorizeDeviceScreen).
    bool deviceScreenOpen = false;
    uint64_t deviceScreenClientId = 0;
    std::string deviceUserCode;
};

inline constexpr int32_t kDefaultHttpTimeoutMs = 30000;
inline int32_t effectiveTimeout(const ClientState &c) {
    return c.httpTimeoutMs > 0 ? c.httpTimeoutMs : kDefaultHttpTimeoutMs;
}

}  // namespace psim
