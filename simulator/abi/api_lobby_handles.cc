// api_lobby_handles.cc — LobbyHandle (5.9), LobbyMemberHandle (5.10), ChannelHandle (5.13),
// CallInfoHandle (5.14) and VoiceStateHandle (5.15): live references as seen through one client.
// Getters read the current state under the world lock; once the client is dropped or the entity
// is no longer visible to the client's user (left lobby, deleted lobby, no call), they return
// defaults ("" / 0 / false / empty).
#include <new>

#include "api_support.h"
#include "directory.h"
#include "guard.h"
#include "guilds.h"
#include "handle_view.h"
#include "lobbies.h"
#include "messages.h"
#include "properties.h"
#include "sim_strings.h"
#include "value_objects.h"
#include "world.h"

using namespace psim;

namespace {

// f(World&, ClientState&, Lobby&) under the lock, when the lobby is visible to the client.
template <class R, class F>
R withLobby(Platform_LobbyHandle *self, R fallback, F &&f) {
    return withHandle<LobbyHandleData>(self, fallback, [&](World &w, ClientState &c, const LobbyHandleData &h) {
        Lobby *l = clientLobby(w, c, h.lobbyId);
        return l == nullptr ? fallback : f(w, c, *l);
    });
}

template <class R, class F>
R withMember(Platform_LobbyMemberHandle *self, R fallback, F &&f) {
    return withHandle<LobbyMemberHandleData>(self, fallback, [&](World &w, ClientState &c, const LobbyMemberHandleData &h) {
        Lobby *l = clientLobby(w, c, h.lobbyId);
        if (l == nullptr) return fallback;
        auto it = l->members.find(h.userId);
        return it == l->members.end() ? fallback : f(w, c, *l, it->second);
    });
}

// A lobby channel (its id is the lobby id) or a DM channel of the client's user. Recipients is
// filled for DMs only: the vendor documents it as empty for every channel type but DMs and group
// DMs (a lobby's members come from LobbyHandle_LobbyMemberIds).
struct ChannelView {
    int32_t type = 0;
    std::string name;
    std::vector<uint64_t> recipients;
};

std::optional<ChannelView> channelView(World &w, ClientState &c, uint64_t channelId) {
    const std::optional<int32_t> type = channelTypeSeenBy(w, c, channelId);
    if (!type) return std::nullopt;
    if (*type == Platform_ChannelType_Lobby) return ChannelView{*type, "lobby-" + std::to_string(channelId), {}};
    const auto it = w.chat.dms.find(channelId);
    const uint64_t me = c.sessionUserId;
    const uint64_t other = it->second.userLow == me ? it->second.userHigh : it->second.userLow;
    const User *u = findUser(w, other);
    ChannelView v{Platform_ChannelType_Dm, u == nullptr ? std::string() : (u->globalName.empty() ? u->username : u->globalName),
                  {other}};
    return v;
}

template <class R, class F>
R withCall(Platform_CallInfoHandle *self, R fallback, F &&f) {
    return withHandle<CallInfoHandleData>(self, fallback, [&](World &w, ClientState &c, const CallInfoHandleData &h) {
        auto it = w.chat.calls.find(h.channelId);
        if (it == w.chat.calls.end() || clientLobby(w, c, h.channelId) == nullptr) return fallback;
        return f(w, c, it->second);
    });
}

template <class R, class F>
R withVoiceState(Platform_VoiceStateHandle *self, R fallback, F &&f) {
    return withHandle<VoiceStateHandleData>(self, fallback, [&](World &w, ClientState &c, const VoiceStateHandleData &h) {
        auto it = w.chat.calls.find(h.channelId);
        if (it == w.chat.calls.end() || clientLobby(w, c, h.channelId) == nullptr) return fallback;
        auto p = it->second.participants.find(h.userId);
        return p == it->second.participants.end() ? fallback : f(p->second);
    });
}

}  // namespace

extern "C" {

/* ---- LobbyHandle ---- */
void PLATFORM_API Platform_LobbyHandle_Drop(Platform_LobbyHandle *self) {
    guardVoid(__func__, [&] { objDrop<LobbyHandleData>(self); });
}
void PLATFORM_API Platform_LobbyHandle_Clone(Platform_LobbyHandle *self, Platform_LobbyHandle const *src) {
    guardVoid(__func__, [&] { objClone<LobbyHandleData>(self, src); });
}
bool PLATFORM_API Platform_LobbyHandle_GetCallInfoHandle(Platform_LobbyHandle *self, Platform_CallInfoHandle *out) {
    return guard(__func__, false, [&] {
        return withLobby(self, false, [&](World &w, ClientState &c, Lobby &l) {
            if (w.chat.calls.count(l.id) == 0) return false;  // no voice call in the lobby
            objInit<CallInfoHandleData>(out, CallInfoHandleData{c.key, l.id});
            return true;
        });
    });
}
bool PLATFORM_API Platform_LobbyHandle_GetLobbyMemberHandle(Platform_LobbyHandle *self, uint64_t memberId,
                                                            Platform_LobbyMemberHandle *out) {
    return guard(__func__, false, [&] {
        return withLobby(self, false, [&](World &, ClientState &c, Lobby &l) {
            if (l.members.count(memberId) == 0) return false;
            objInit<LobbyMemberHandleData>(out, LobbyMemberHandleData{c.key, l.id, memberId});
            return true;
        });
    });
}
uint64_t PLATFORM_API Platform_LobbyHandle_Id(Platform_LobbyHandle *self) {
    return guard(__func__, uint64_t{0}, [&] {
        // A handle MessageHandle_Lobby just created, with nothing changed since (handle_view.h).
        if (const KnownHandle *k = knownHandle<LobbyHandleData>(self)) return k->id;
        return withLobby(self, uint64_t{0}, [](World &, ClientState &, Lobby &l) { return l.id; });
    });
}
bool PLATFORM_API Platform_LobbyHandle_LinkedChannel(Platform_LobbyHandle *self, Platform_LinkedChannel *out) {
    return guard(__func__, false, [&] {
        return withLobby(self, false, [&](World &w, ClientState &, Lobby &l) {
            if (l.linkedChannelId == 0) return false;
            objInit<LinkedChannelData>(out, linkedChannelOf(w, l));
            return true;
        });
    });
}
void PLATFORM_API Platform_LobbyHandle_LobbyMemberIds(Platform_LobbyHandle *self, Platform_UInt64Span *out) {
    guardVoid(__func__, [&] {
        writeIds(out, withLobby(self, std::vector<uint64_t>{},
                                [](World &, ClientState &, Lobby &l) { return memberIdsInJoinOrder(l); }));
    });
}
void PLATFORM_API Platform_LobbyHandle_LobbyMembers(Platform_LobbyHandle *self, Platform_LobbyMemberHandleSpan *out) {
    guardVoid(__func__, [&] {
        if (out == nullptr) return;
        uint64_t key = 0, lobbyId = 0;
        const std::vector<uint64_t> ids = withLobby(self, std::vector<uint64_t>{}, [&](World &, ClientState &c, Lobby &l) {
            key = c.key;
            lobbyId = l.id;
            return memberIdsInJoinOrder(l);
        });
        Platform_LobbyMemberHandleSpan span{
            static_cast<Platform_LobbyMemberHandle *>(Platform_Alloc(ids.size() * sizeof(Platform_LobbyMemberHandle))),
            ids.size()};
        if (span.ptr == nullptr) throw std::bad_alloc();
        for (size_t i = 0; i < ids.size(); ++i) {
            span.ptr[i].opaque = Registry<LobbyMemberHandleData>::get().add(LobbyMemberHandleData{key, lobbyId, ids[i]});
        }
        *out = span;
    });
}
void PLATFORM_API Platform_LobbyHandle_Metadata(Platform_LobbyHandle *self, Platform_Properties *out) {
    guardVoid(__func__, [&] {
        writeProperties(out, withLobby(self, StringMap{}, [](World &, ClientState &, Lobby &l) { return l.metadata; }));
    });
}

/* ---- LobbyMemberHandle ---- */
void PLATFORM_API Platform_LobbyMemberHandle_Drop(Platform_LobbyMemberHandle *self) {
    guardVoid(__func__, [&] { objDrop<LobbyMemberHandleData>(self); });
}
void PLATFORM_API Platform_LobbyMemberHandle_Clone(Platform_LobbyMemberHandle *self, Platform_LobbyMemberHandle const *src) {
    guardVoid(__func__, [&] { objClone<LobbyMemberHandleData>(self, src); });
}
bool PLATFORM_API Platform_LobbyMemberHandle_CanLinkLobby(Platform_LobbyMemberHandle *self) {
    return guard(__func__, false, [&] {
        return withMember(self, false, [](World &, ClientState &, Lobby &, LobbyMember &m) { return m.canLinkLobby; });
    });
}
bool PLATFORM_API Platform_LobbyMemberHandle_Connected(Platform_LobbyMemberHandle *self) {
    return guard(__func__, false, [&] {
        return withMember(self, false,
                          [](World &w, ClientState &, Lobby &l, LobbyMember &m) { return userConnected(w, l.appId, m.userId); });
    });
}
uint64_t PLATFORM_API Platform_LobbyMemberHandle_Id(Platform_LobbyMemberHandle *self) {
    return guard(__func__, uint64_t{0}, [&] {
        return withMember(self, uint64_t{0}, [](World &, ClientState &, Lobby &, LobbyMember &m) { return m.userId; });
    });
}
void PLATFORM_API Platform_LobbyMemberHandle_Metadata(Platform_LobbyMemberHandle *self, Platform_Properties *out) {
    guardVoid(__func__, [&] {
        writeProperties(out, withMember(self, StringMap{}, [](World &, ClientState &, Lobby &, LobbyMember &m) { return m.metadata; }));
    });
}
bool PLATFORM_API Platform_LobbyMemberHandle_User(Platform_LobbyMemberHandle *self, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        return withMember(self, false, [&](World &w, ClientState &c, Lobby &, LobbyMember &m) {
            if (findUser(w, m.userId) == nullptr) return false;
            objInit<UserHandleData>(out, UserHandleData{c.key, m.userId, {}});
            return true;
        });
    });
}

/* ---- ChannelHandle ---- */
void PLATFORM_API Platform_ChannelHandle_Drop(Platform_ChannelHandle *self) {
    guardVoid(__func__, [&] { objDrop<ChannelHandleData>(self); });
}
void PLATFORM_API Platform_ChannelHandle_Clone(Platform_ChannelHandle *self, Platform_ChannelHandle const *src) {
    guardVoid(__func__, [&] { objClone<ChannelHandleData>(self, src); });
}
uint64_t PLATFORM_API Platform_ChannelHandle_Id(Platform_ChannelHandle *self) {
    return guard(__func__, uint64_t{0}, [&] {
        if (const KnownHandle *k = knownHandle<ChannelHandleData>(self)) return k->id;
        return withHandle<ChannelHandleData>(self, uint64_t{0}, [](World &w, ClientState &c, const ChannelHandleData &h) {
            return channelTypeSeenBy(w, c, h.channelId) ? h.channelId : uint64_t{0};
        });
    });
}
void PLATFORM_API Platform_ChannelHandle_Name(Platform_ChannelHandle *self, Platform_String *out) {
    guardVoid(__func__, [&] {
        writeOut(out, withHandle<ChannelHandleData>(self, std::string(), [](World &w, ClientState &c, const ChannelHandleData &h) {
                     const auto v = channelView(w, c, h.channelId);
                     return v ? v->name : std::string();
                 }));
    });
}
void PLATFORM_API Platform_ChannelHandle_Recipients(Platform_ChannelHandle *self, Platform_UInt64Span *out) {
    guardVoid(__func__, [&] {
        writeIds(out, withHandle<ChannelHandleData>(self, std::vector<uint64_t>{},
                                                    [](World &w, ClientState &c, const ChannelHandleData &h) {
                                                        const auto v = channelView(w, c, h.channelId);
                                                        return v ? v->recipients : std::vector<uint64_t>{};
                                                    }));
    });
}
Platform_ChannelType PLATFORM_API Platform_ChannelHandle_Type(Platform_ChannelHandle *self) {
    return guard(__func__, Platform_ChannelType_GuildText, [&] {
        // A handle MessageHandle_Channel just created, with nothing changed since (handle_view.h).
        if (const KnownHandle *k = knownHandle<ChannelHandleData>(self)) return toEnum<Platform_ChannelType>(k->type);
        return toEnum<Platform_ChannelType>(
            withHandle<ChannelHandleData>(self, int32_t{0}, [](World &w, ClientState &c, const ChannelHandleData &h) {
                return channelTypeSeenBy(w, c, h.channelId).value_or(int32_t{0});
            }));
    });
}

/* ---- CallInfoHandle ---- */
void PLATFORM_API Platform_CallInfoHandle_Drop(Platform_CallInfoHandle *self) {
    guardVoid(__func__, [&] { objDrop<CallInfoHandleData>(self); });
}
void PLATFORM_API Platform_CallInfoHandle_Clone(Platform_CallInfoHandle *self, Platform_CallInfoHandle const *src) {
    guardVoid(__func__, [&] { objClone<CallInfoHandleData>(self, src); });
}
uint64_t PLATFORM_API Platform_CallInfoHandle_ChannelId(Platform_CallInfoHandle *self) {
    return guard(__func__, uint64_t{0},
                 [&] { return withCall(self, uint64_t{0}, [](World &, ClientState &, VoiceCallRec &v) { return v.channelId; }); });
}
void PLATFORM_API Platform_CallInfoHandle_GetParticipants(Platform_CallInfoHandle *self, Platform_UInt64Span *out) {
    guardVoid(__func__, [&] {
        writeIds(out, withCall(self, std::vector<uint64_t>{}, [](World &, ClientState &, VoiceCallRec &v) {
                     std::vector<uint64_t> ids;
                     for (const auto &[uid, p] : v.participants) ids.push_back(uid);
                     return ids;
                 }));
    });
}
bool PLATFORM_API Platform_CallInfoHandle_GetVoiceStateHandle(Platform_CallInfoHandle *self, uint64_t userId,
                                                              Platform_VoiceStateHandle *out) {
    return guard(__func__, false, [&] {
        return withCall(self, false, [&](World &, ClientState &c, VoiceCallRec &v) {
            if (v.participants.count(userId) == 0) return false;
            objInit<VoiceStateHandleData>(out, VoiceStateHandleData{c.key, v.channelId, userId});
            return true;
        });
    });
}
uint64_t PLATFORM_API Platform_CallInfoHandle_GuildId(Platform_CallInfoHandle *self) {
    return guard(__func__, uint64_t{0},
                 [&] { return withCall(self, uint64_t{0}, [](World &, ClientState &, VoiceCallRec &v) { return v.guildId; }); });
}

/* ---- VoiceStateHandle ---- */
void PLATFORM_API Platform_VoiceStateHandle_Drop(Platform_VoiceStateHandle *self) {
    guardVoid(__func__, [&] { objDrop<VoiceStateHandleData>(self); });
}
void PLATFORM_API Platform_VoiceStateHandle_Clone(Platform_VoiceStateHandle *self, Platform_VoiceStateHandle const *src) {
    guardVoid(__func__, [&] { objClone<VoiceStateHandleData>(self, src); });
}
bool PLATFORM_API Platform_VoiceStateHandle_SelfDeaf(Platform_VoiceStateHandle *self) {
    return guard(__func__, false, [&] { return withVoiceState(self, false, [](VoiceParticipant &p) { return p.selfDeaf; }); });
}
bool PLATFORM_API Platform_VoiceStateHandle_SelfMute(Platform_VoiceStateHandle *self) {
    return guard(__func__, false, [&] { return withVoiceState(self, false, [](VoiceParticipant &p) { return p.selfMute; }); });
}

}  // extern "C"
