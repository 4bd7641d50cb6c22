// api_chat_values.cc — the value and record classes of chat and guilds: AdditionalContent
// (5.28, value), UserMessageSummary (5.30), GuildMinimal (5.24), GuildChannel (5.25),
// LinkedChannel (5.27) (records: library-created, setters change only the copy) and LinkedLobby
// (5.26, value). Plain data; Clone is a deep copy.
#include "chat_values.h"
#include "guard.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

using Content = AdditionalContentData;
using Summary = UserMessageSummaryData;
using GuildMin = GuildMinimalData;
using GChannel = GuildChannelData;
using LLobby = LinkedLobbyData;
using LChannel = LinkedChannelData;

namespace {
const char *contentTypeName(int32_t t) {
    switch (t) {
    case Platform_AdditionalContentType_Other: return "Other";
    case Platform_AdditionalContentType_Attachment: return "Attachment";
    case Platform_AdditionalContentType_Poll: return "Poll";
    case Platform_AdditionalContentType_VoiceMessage: return "VoiceMessage";
    case Platform_AdditionalContentType_Thread: return "Thread";
    case Platform_AdditionalContentType_Embed: return "Embed";
    case Platform_AdditionalContentType_Sticker: return "Sticker";
    default: return "Unknown";
    }
}
}  // namespace

#define PSIM_VOID(body) guardVoid(__func__, [&] { body; })

extern "C" {

/* ---- AdditionalContent ---- */
void PLATFORM_API Platform_AdditionalContent_Init(Platform_AdditionalContent *self) { PSIM_VOID(objInit<Content>(self)); }
void PLATFORM_API Platform_AdditionalContent_Drop(Platform_AdditionalContent *self) { PSIM_VOID(objDrop<Content>(self)); }
void PLATFORM_API Platform_AdditionalContent_Clone(Platform_AdditionalContent *self, Platform_AdditionalContent const *src) {
    PSIM_VOID(objClone<Content>(self, src));
}
bool PLATFORM_API Platform_AdditionalContent_Equals(Platform_AdditionalContent *self, Platform_AdditionalContent const *rhs) {
    return guard(__func__, false, [&] {
        // An invalid object equals nothing (not even another invalid one).
        if (self == nullptr || rhs == nullptr) return false;
        const auto a = Registry<Content>::get().copy(self->opaque);
        const auto b = Registry<Content>::get().copy(rhs->opaque);
        return a && b && *a == *b;
    });
}
void PLATFORM_API Platform_AdditionalContent_TypeToString(Platform_AdditionalContentType type, Platform_String *out) {
    PSIM_VOID(writeOut(out, contentTypeName(enumBits(type))));
}
void PLATFORM_API Platform_AdditionalContent_SetType(Platform_AdditionalContent *self, Platform_AdditionalContentType value) {
    PSIM_VOID(objSet<Content>(self, [v = enumBits(value)](Content &c) { c.type = v; }));
}
Platform_AdditionalContentType PLATFORM_API Platform_AdditionalContent_Type(Platform_AdditionalContent *self) {
    return guard(__func__, Platform_AdditionalContentType_Other,
                 [&] { return toEnum<Platform_AdditionalContentType>(objGet<Content>(self).type); });
}
void PLATFORM_API Platform_AdditionalContent_SetTitle(Platform_AdditionalContent *self, Platform_String *value) {
    PSIM_VOID(objSet<Content>(self, [v = toOpt(value)](Content &c) { c.title = v; }));
}
bool PLATFORM_API Platform_AdditionalContent_Title(Platform_AdditionalContent *self, Platform_String *out) {
    return guard(__func__, false, [&] {
        const auto t = objGet<Content>(self).title;
        if (!t) return false;
        writeOut(out, *t);
        return true;
    });
}
void PLATFORM_API Platform_AdditionalContent_SetCount(Platform_AdditionalContent *self, uint8_t value) {
    PSIM_VOID(objSet<Content>(self, [value](Content &c) { c.count = value; }));
}
uint8_t PLATFORM_API Platform_AdditionalContent_Count(Platform_AdditionalContent *self) {
    return guard(__func__, uint8_t{0}, [&] { return objGet<Content>(self).count; });
}

/* ---- UserMessageSummary ---- */
void PLATFORM_API Platform_UserMessageSummary_Drop(Platform_UserMessageSummary *self) { PSIM_VOID(objDrop<Summary>(self)); }
void PLATFORM_API Platform_UserMessageSummary_Clone(Platform_UserMessageSummary *self, Platform_UserMessageSummary const *src) {
    PSIM_VOID(objClone<Summary>(self, src));
}
uint64_t PLATFORM_API Platform_UserMessageSummary_LastMessageId(Platform_UserMessageSummary *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Summary>(self).lastMessageId; });
}
uint64_t PLATFORM_API Platform_UserMessageSummary_UserId(Platform_UserMessageSummary *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Summary>(self).userId; });
}

/* ---- GuildMinimal ---- */
void PLATFORM_API Platform_GuildMinimal_Drop(Platform_GuildMinimal *self) { PSIM_VOID(objDrop<GuildMin>(self)); }
void PLATFORM_API Platform_GuildMinimal_Clone(Platform_GuildMinimal *self, Platform_GuildMinimal const *src) {
    PSIM_VOID(objClone<GuildMin>(self, src));
}
void PLATFORM_API Platform_GuildMinimal_SetId(Platform_GuildMinimal *self, uint64_t value) {
    PSIM_VOID(objSet<GuildMin>(self, [value](GuildMin &g) { g.id = value; }));
}
uint64_t PLATFORM_API Platform_GuildMinimal_Id(Platform_GuildMinimal *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<GuildMin>(self).id; });
}
void PLATFORM_API Platform_GuildMinimal_SetName(Platform_GuildMinimal *self, Platform_String value) {
    PSIM_VOID(objSet<GuildMin>(self, [v = toStd(value)](GuildMin &g) { g.name = v; }));
}
void PLATFORM_API Platform_GuildMinimal_Name(Platform_GuildMinimal *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<GuildMin>(self).name));
}

/* ---- GuildChannel ---- */
void PLATFORM_API Platform_GuildChannel_Drop(Platform_GuildChannel *self) { PSIM_VOID(objDrop<GChannel>(self)); }
void PLATFORM_API Platform_GuildChannel_Clone(Platform_GuildChannel *self, Platform_GuildChannel const *src) {
    PSIM_VOID(objClone<GChannel>(self, src));
}
void PLATFORM_API Platform_GuildChannel_SetId(Platform_GuildChannel *self, uint64_t value) {
    PSIM_VOID(objSet<GChannel>(self, [value](GChannel &c) { c.id = value; }));
}
uint64_t PLATFORM_API Platform_GuildChannel_Id(Platform_GuildChannel *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<GChannel>(self).id; });
}
void PLATFORM_API Platform_GuildChannel_SetName(Platform_GuildChannel *self, Platform_String value) {
    PSIM_VOID(objSet<GChannel>(self, [v = toStd(value)](GChannel &c) { c.name = v; }));
}
void PLATFORM_API Platform_GuildChannel_Name(Platform_GuildChannel *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<GChannel>(self).name));
}
void PLATFORM_API Platform_GuildChannel_SetType(Platform_GuildChannel *self, Platform_ChannelType value) {
    PSIM_VOID(objSet<GChannel>(self, [v = enumBits(value)](GChannel &c) { c.type = v; }));
}
Platform_ChannelType PLATFORM_API Platform_GuildChannel_Type(Platform_GuildChannel *self) {
    return guard(__func__, Platform_ChannelType_GuildText,
                 [&] { return toEnum<Platform_ChannelType>(objGet<GChannel>(self).type); });
}
void PLATFORM_API Platform_GuildChannel_SetPosition(Platform_GuildChannel *self, int32_t value) {
    PSIM_VOID(objSet<GChannel>(self, [value](GChannel &c) { c.position = value; }));
}
int32_t PLATFORM_API Platform_GuildChannel_Position(Platform_GuildChannel *self) {
    return guard(__func__, int32_t{0}, [&] { return objGet<GChannel>(self).position; });
}
void PLATFORM_API Platform_GuildChannel_SetParentId(Platform_GuildChannel *self, uint64_t *value) {
    PSIM_VOID({
        std::optional<uint64_t> v;
        if (value != nullptr) v = *value;
        objSet<GChannel>(self, [v](GChannel &c) { c.parentId = v; });
    });
}
bool PLATFORM_API Platform_GuildChannel_ParentId(Platform_GuildChannel *self, uint64_t *out) {
    return guard(__func__, false, [&] {
        const auto v = objGet<GChannel>(self).parentId;
        if (!v) return false;
        if (out != nullptr) *out = *v;
        return true;
    });
}
void PLATFORM_API Platform_GuildChannel_SetIsLinkable(Platform_GuildChannel *self, bool value) {
    PSIM_VOID(objSet<GChannel>(self, [value](GChannel &c) { c.linkable = value; }));
}
bool PLATFORM_API Platform_GuildChannel_IsLinkable(Platform_GuildChannel *self) {
    return guard(__func__, false, [&] { return objGet<GChannel>(self).linkable; });
}
void PLATFORM_API Platform_GuildChannel_SetIsViewableAndWriteableByAllMembers(Platform_GuildChannel *self, bool value) {
    PSIM_VOID(objSet<GChannel>(self, [value](GChannel &c) { c.viewableAndWriteableByAllMembers = value; }));
}
bool PLATFORM_API Platform_GuildChannel_IsViewableAndWriteableByAllMembers(Platform_GuildChannel *self) {
    return guard(__func__, false, [&] { return objGet<GChannel>(self).viewableAndWriteableByAllMembers; });
}
void PLATFORM_API Platform_GuildChannel_SetLinkedLobby(Platform_GuildChannel *self, Platform_LinkedLobby *value) {
    PSIM_VOID({
        std::optional<LLobby> v;
        if (value != nullptr) v = Registry<LLobby>::get().copy(value->opaque);
        objSet<GChannel>(self, [v](GChannel &c) { c.linkedLobby = v; });
    });
}
bool PLATFORM_API Platform_GuildChannel_LinkedLobby(Platform_GuildChannel *self, Platform_LinkedLobby *out) {
    return guard(__func__, false, [&] {
        const auto v = objGet<GChannel>(self).linkedLobby;
        if (!v) return false;
        objInit<LLobby>(out, *v);
        return true;
    });
}

/* ---- LinkedLobby ---- */
void PLATFORM_API Platform_LinkedLobby_Init(Platform_LinkedLobby *self) { PSIM_VOID(objInit<LLobby>(self)); }
void PLATFORM_API Platform_LinkedLobby_Drop(Platform_LinkedLobby *self) { PSIM_VOID(objDrop<LLobby>(self)); }
void PLATFORM_API Platform_LinkedLobby_Clone(Platform_LinkedLobby *self, Platform_LinkedLobby const *src) {
    PSIM_VOID(objClone<LLobby>(self, src));
}
void PLATFORM_API Platform_LinkedLobby_SetApplicationId(Platform_LinkedLobby *self, uint64_t value) {
    PSIM_VOID(objSet<LLobby>(self, [value](LLobby &l) { l.applicationId = value; }));
}
uint64_t PLATFORM_API Platform_LinkedLobby_ApplicationId(Platform_LinkedLobby *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<LLobby>(self).applicationId; });
}
void PLATFORM_API Platform_LinkedLobby_SetLobbyId(Platform_LinkedLobby *self, uint64_t value) {
    PSIM_VOID(objSet<LLobby>(self, [value](LLobby &l) { l.lobbyId = value; }));
}
uint64_t PLATFORM_API Platform_LinkedLobby_LobbyId(Platform_LinkedLobby *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<LLobby>(self).lobbyId; });
}

/* ---- LinkedChannel ---- */
void PLATFORM_API Platform_LinkedChannel_Drop(Platform_LinkedChannel *self) { PSIM_VOID(objDrop<LChannel>(self)); }
void PLATFORM_API Platform_LinkedChannel_Clone(Platform_LinkedChannel *self, Platform_LinkedChannel const *src) {
    PSIM_VOID(objClone<LChannel>(self, src));
}
void PLATFORM_API Platform_LinkedChannel_SetId(Platform_LinkedChannel *self, uint64_t value) {
    PSIM_VOID(objSet<LChannel>(self, [value](LChannel &c) { c.id = value; }));
}
uint64_t PLATFORM_API Platform_LinkedChannel_Id(Platform_LinkedChannel *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<LChannel>(self).id; });
}
void PLATFORM_API Platform_LinkedChannel_SetName(Platform_LinkedChannel *self, Platform_String value) {
    PSIM_VOID(objSet<LChannel>(self, [v = toStd(value)](LChannel &c) { c.name = v; }));
}
void PLATFORM_API Platform_LinkedChannel_Name(Platform_LinkedChannel *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<LChannel>(self).name));
}
void PLATFORM_API Platform_LinkedChannel_SetGuildId(Platform_LinkedChannel *self, uint64_t value) {
    PSIM_VOID(objSet<LChannel>(self, [value](LChannel &c) { c.guildId = value; }));
}
uint64_t PLATFORM_API Platform_LinkedChannel_GuildId(Platform_LinkedChannel *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<LChannel>(self).guildId; });
}

}  // extern "C"
