// api_activity_values.cc — the rich-presence value classes (sdk-abi.md 5.16–5.22): Activity,
// ActivityAssets, ActivityTimestamps, ActivityParty, ActivitySecrets, ActivityButton and
// ActivityInvite. Plain data (activity_values.h); Clone is a deep copy. A NULL, zeroed or stale
// object is tolerated everywhere: setters do nothing, getters return defaults, optional getters
// return false. Object-valued setters copy the argument (it stays owned by the caller); an
// object-valued getter writes a fresh object the caller owns.
#include <new>

#include "activity_values.h"
#include "guard.h"
#include "sim_strings.h"
#include "value_objects.h"

using namespace psim;

using Act = ActivityData;
using Assets = ActivityAssetsData;
using Stamps = ActivityTimestampsData;
using Party = ActivityPartyData;
using Secrets = ActivitySecretsData;
using Button = ActivityButtonData;
using Invite = ActivityInviteData;

namespace {

// Optional string getter: false when absent.
bool readOpt(const std::optional<std::string> &v, Platform_String *out) {
    if (!v) return false;
    writeOut(out, *v);
    return true;
}

std::optional<uint64_t> optU64(const uint64_t *v) {
    return v != nullptr ? std::optional<uint64_t>(*v) : std::nullopt;
}

bool readU64(const std::optional<uint64_t> &v, uint64_t *out) {
    if (!v) return false;
    if (out != nullptr) *out = *v;
    return true;
}

// An object argument of an optional setter: NULL or an invalid object = absent.
template <class T, class S>
std::optional<T> optObj(const S *value) {
    if (value == nullptr) return std::nullopt;
    return Registry<T>::get().copy(value->opaque);
}

// Writes a fresh owned copy of an optional part; false when absent.
template <class T, class S>
bool readObj(const std::optional<T> &v, S *out) {
    if (!v) return false;
    objInit<T>(out, *v);
    return true;
}

// Equality of two objects of a class: an invalid object equals nothing (not even another
// invalid one), as in AdditionalContent_Equals.
template <class T, class S>
bool equals(const S *a, const S *b) {
    if (a == nullptr || b == nullptr) return false;
    const auto x = Registry<T>::get().copy(a->opaque);
    const auto y = Registry<T>::get().copy(b->opaque);
    return x && y && *x == *y;
}

}  // namespace

#define PSIM_VOID(...) guardVoid(__func__, [&] { __VA_ARGS__; })
#define PSIM_OPT_STRING_SETTER(Obj, T, Fn, field)                                             \
    void PLATFORM_API Platform_##Obj##_Set##Fn(Platform_##Obj *self, Platform_String *value) { \
        PSIM_VOID(objSet<T>(self, [v = toOpt(value)](T &o) { o.field = v; }));                \
    }                                                                                         \
    bool PLATFORM_API Platform_##Obj##_##Fn(Platform_##Obj *self, Platform_String *out) {      \
        return guard(__func__, false, [&] { return readOpt(objGet<T>(self).field, out); });   \
    }

extern "C" {

/* ---- Activity ---- */
void PLATFORM_API Platform_Activity_Init(Platform_Activity *self) { PSIM_VOID(objInit<Act>(self)); }
void PLATFORM_API Platform_Activity_Drop(Platform_Activity *self) { PSIM_VOID(objDrop<Act>(self)); }
void PLATFORM_API Platform_Activity_Clone(Platform_Activity *self, Platform_Activity const *src) {
    PSIM_VOID(objClone<Act>(self, src));
}
void PLATFORM_API Platform_Activity_AddButton(Platform_Activity *self, Platform_ActivityButton const *button) {
    PSIM_VOID({
        // An invalid button adds nothing (there is no value to add).
        auto b = optObj<Button>(button);
        if (b) objSet<Act>(self, [&b](Act &a) { a.buttons.push_back(*b); });
    });
}
bool PLATFORM_API Platform_Activity_Equals(Platform_Activity *self, Platform_Activity const *other) {
    return guard(__func__, false, [&] { return equals<Act>(self, other); });
}
void PLATFORM_API Platform_Activity_GetButtons(Platform_Activity *self, Platform_ActivityButtonSpan *out) {
    PSIM_VOID({
        if (out == nullptr) return;
        const auto buttons = objGet<Act>(self).buttons;
        Platform_ActivityButtonSpan span{
            static_cast<Platform_ActivityButton *>(Platform_Alloc(buttons.size() * sizeof(Platform_ActivityButton))),
            buttons.size()};
        if (span.ptr == nullptr) throw std::bad_alloc();
        for (size_t i = 0; i < buttons.size(); ++i) span.ptr[i].opaque = Registry<Button>::get().add(buttons[i]);
        *out = span;
    });
}
void PLATFORM_API Platform_Activity_SetName(Platform_Activity *self, Platform_String value) {
    PSIM_VOID(objSet<Act>(self, [v = toStd(value)](Act &a) { a.name = v; }));
}
void PLATFORM_API Platform_Activity_Name(Platform_Activity *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Act>(self).name));
}
void PLATFORM_API Platform_Activity_SetType(Platform_Activity *self, Platform_ActivityTypes value) {
    PSIM_VOID(objSet<Act>(self, [v = enumBits(value)](Act &a) { a.type = v; }));
}
Platform_ActivityTypes PLATFORM_API Platform_Activity_Type(Platform_Activity *self) {
    return guard(__func__, Platform_ActivityTypes_Playing,
                 [&] { return toEnum<Platform_ActivityTypes>(objGet<Act>(self).type); });
}
void PLATFORM_API Platform_Activity_SetStatusDisplayType(Platform_Activity *self, Platform_StatusDisplayTypes *value) {
    PSIM_VOID({
        std::optional<int32_t> v;
        if (value != nullptr) v = enumBits(*value);
        objSet<Act>(self, [v](Act &a) { a.statusDisplayType = v; });
    });
}
bool PLATFORM_API Platform_Activity_StatusDisplayType(Platform_Activity *self, Platform_StatusDisplayTypes *out) {
    return guard(__func__, false, [&] {
        const auto v = objGet<Act>(self).statusDisplayType;
        if (!v) return false;
        if (out != nullptr) *out = toEnum<Platform_StatusDisplayTypes>(*v);
        return true;
    });
}
PSIM_OPT_STRING_SETTER(Activity, Act, State, state)
PSIM_OPT_STRING_SETTER(Activity, Act, StateUrl, stateUrl)
PSIM_OPT_STRING_SETTER(Activity, Act, Details, details)
PSIM_OPT_STRING_SETTER(Activity, Act, DetailsUrl, detailsUrl)
void PLATFORM_API Platform_Activity_SetApplicationId(Platform_Activity *self, uint64_t *value) {
    PSIM_VOID(objSet<Act>(self, [v = optU64(value)](Act &a) { a.applicationId = v; }));
}
bool PLATFORM_API Platform_Activity_ApplicationId(Platform_Activity *self, uint64_t *out) {
    return guard(__func__, false, [&] { return readU64(objGet<Act>(self).applicationId, out); });
}
void PLATFORM_API Platform_Activity_SetParentApplicationId(Platform_Activity *self, uint64_t *value) {
    PSIM_VOID(objSet<Act>(self, [v = optU64(value)](Act &a) { a.parentApplicationId = v; }));
}
bool PLATFORM_API Platform_Activity_ParentApplicationId(Platform_Activity *self, uint64_t *out) {
    return guard(__func__, false, [&] { return readU64(objGet<Act>(self).parentApplicationId, out); });
}
void PLATFORM_API Platform_Activity_SetAssets(Platform_Activity *self, Platform_ActivityAssets *value) {
    PSIM_VOID(objSet<Act>(self, [v = optObj<Assets>(value)](Act &a) { a.assets = v; }));
}
bool PLATFORM_API Platform_Activity_Assets(Platform_Activity *self, Platform_ActivityAssets *out) {
    return guard(__func__, false, [&] { return readObj(objGet<Act>(self).assets, out); });
}
void PLATFORM_API Platform_Activity_SetTimestamps(Platform_Activity *self, Platform_ActivityTimestamps *value) {
    PSIM_VOID(objSet<Act>(self, [v = optObj<Stamps>(value)](Act &a) { a.timestamps = v; }));
}
bool PLATFORM_API Platform_Activity_Timestamps(Platform_Activity *self, Platform_ActivityTimestamps *out) {
    return guard(__func__, false, [&] { return readObj(objGet<Act>(self).timestamps, out); });
}
void PLATFORM_API Platform_Activity_SetParty(Platform_Activity *self, Platform_ActivityParty *value) {
    PSIM_VOID(objSet<Act>(self, [v = optObj<Party>(value)](Act &a) { a.party = v; }));
}
bool PLATFORM_API Platform_Activity_Party(Platform_Activity *self, Platform_ActivityParty *out) {
    return guard(__func__, false, [&] { return readObj(objGet<Act>(self).party, out); });
}
void PLATFORM_API Platform_Activity_SetSecrets(Platform_Activity *self, Platform_ActivitySecrets *value) {
    PSIM_VOID(objSet<Act>(self, [v = optObj<Secrets>(value)](Act &a) { a.secrets = v; }));
}
bool PLATFORM_API Platform_Activity_Secrets(Platform_Activity *self, Platform_ActivitySecrets *out) {
    return guard(__func__, false, [&] { return readObj(objGet<Act>(self).secrets, out); });
}
void PLATFORM_API Platform_Activity_SetSupportedPlatforms(Platform_Activity *self, Platform_ActivityGamePlatforms value) {
    PSIM_VOID(objSet<Act>(self, [v = enumBits(value)](Act &a) { a.supportedPlatforms = v; }));
}
Platform_ActivityGamePlatforms PLATFORM_API Platform_Activity_SupportedPlatforms(Platform_Activity *self) {
    // An invalid object reads as 0 (no platform), like every other default of an invalid object.
    return guard(__func__, Platform_ActivityGamePlatforms{}, [&] {
        if (self == nullptr) return Platform_ActivityGamePlatforms{};
        const auto a = Registry<Act>::get().copy(self->opaque);
        return a ? toEnum<Platform_ActivityGamePlatforms>(a->supportedPlatforms) : Platform_ActivityGamePlatforms{};
    });
}

/* ---- ActivityAssets ---- */
void PLATFORM_API Platform_ActivityAssets_Init(Platform_ActivityAssets *self) { PSIM_VOID(objInit<Assets>(self)); }
void PLATFORM_API Platform_ActivityAssets_Drop(Platform_ActivityAssets *self) { PSIM_VOID(objDrop<Assets>(self)); }
void PLATFORM_API Platform_ActivityAssets_Clone(Platform_ActivityAssets *self, Platform_ActivityAssets const *src) {
    PSIM_VOID(objClone<Assets>(self, src));
}
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, LargeImage, largeImage)
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, LargeText, largeText)
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, LargeUrl, largeUrl)
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, SmallImage, smallImage)
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, SmallText, smallText)
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, SmallUrl, smallUrl)
PSIM_OPT_STRING_SETTER(ActivityAssets, Assets, InviteCoverImage, inviteCoverImage)

/* ---- ActivityTimestamps ---- */
void PLATFORM_API Platform_ActivityTimestamps_Init(Platform_ActivityTimestamps *self) { PSIM_VOID(objInit<Stamps>(self)); }
void PLATFORM_API Platform_ActivityTimestamps_Drop(Platform_ActivityTimestamps *self) { PSIM_VOID(objDrop<Stamps>(self)); }
void PLATFORM_API Platform_ActivityTimestamps_Clone(Platform_ActivityTimestamps *self,
                                                    Platform_ActivityTimestamps const *src) {
    PSIM_VOID(objClone<Stamps>(self, src));
}
void PLATFORM_API Platform_ActivityTimestamps_SetStart(Platform_ActivityTimestamps *self, uint64_t value) {
    PSIM_VOID(objSet<Stamps>(self, [value](Stamps &t) { t.start = value; }));
}
uint64_t PLATFORM_API Platform_ActivityTimestamps_Start(Platform_ActivityTimestamps *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Stamps>(self).start; });
}
void PLATFORM_API Platform_ActivityTimestamps_SetEnd(Platform_ActivityTimestamps *self, uint64_t value) {
    PSIM_VOID(objSet<Stamps>(self, [value](Stamps &t) { t.end = value; }));
}
uint64_t PLATFORM_API Platform_ActivityTimestamps_End(Platform_ActivityTimestamps *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Stamps>(self).end; });
}

/* ---- ActivityParty ---- */
void PLATFORM_API Platform_ActivityParty_Init(Platform_ActivityParty *self) { PSIM_VOID(objInit<Party>(self)); }
void PLATFORM_API Platform_ActivityParty_Drop(Platform_ActivityParty *self) { PSIM_VOID(objDrop<Party>(self)); }
void PLATFORM_API Platform_ActivityParty_Clone(Platform_ActivityParty *self, Platform_ActivityParty const *src) {
    PSIM_VOID(objClone<Party>(self, src));
}
void PLATFORM_API Platform_ActivityParty_SetId(Platform_ActivityParty *self, Platform_String value) {
    PSIM_VOID(objSet<Party>(self, [v = toStd(value)](Party &p) { p.id = v; }));
}
void PLATFORM_API Platform_ActivityParty_Id(Platform_ActivityParty *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Party>(self).id));
}
void PLATFORM_API Platform_ActivityParty_SetCurrentSize(Platform_ActivityParty *self, int32_t value) {
    PSIM_VOID(objSet<Party>(self, [value](Party &p) { p.currentSize = value; }));
}
int32_t PLATFORM_API Platform_ActivityParty_CurrentSize(Platform_ActivityParty *self) {
    return guard(__func__, int32_t{0}, [&] { return objGet<Party>(self).currentSize; });
}
void PLATFORM_API Platform_ActivityParty_SetMaxSize(Platform_ActivityParty *self, int32_t value) {
    PSIM_VOID(objSet<Party>(self, [value](Party &p) { p.maxSize = value; }));
}
int32_t PLATFORM_API Platform_ActivityParty_MaxSize(Platform_ActivityParty *self) {
    return guard(__func__, int32_t{0}, [&] { return objGet<Party>(self).maxSize; });
}
void PLATFORM_API Platform_ActivityParty_SetPrivacy(Platform_ActivityParty *self, Platform_ActivityPartyPrivacy value) {
    PSIM_VOID(objSet<Party>(self, [v = enumBits(value)](Party &p) { p.privacy = v; }));
}
Platform_ActivityPartyPrivacy PLATFORM_API Platform_ActivityParty_Privacy(Platform_ActivityParty *self) {
    return guard(__func__, Platform_ActivityPartyPrivacy_Private,
                 [&] { return toEnum<Platform_ActivityPartyPrivacy>(objGet<Party>(self).privacy); });
}

/* ---- ActivitySecrets ---- */
void PLATFORM_API Platform_ActivitySecrets_Init(Platform_ActivitySecrets *self) { PSIM_VOID(objInit<Secrets>(self)); }
void PLATFORM_API Platform_ActivitySecrets_Drop(Platform_ActivitySecrets *self) { PSIM_VOID(objDrop<Secrets>(self)); }
void PLATFORM_API Platform_ActivitySecrets_Clone(Platform_ActivitySecrets *self, Platform_ActivitySecrets const *src) {
    PSIM_VOID(objClone<Secrets>(self, src));
}
void PLATFORM_API Platform_ActivitySecrets_SetJoin(Platform_ActivitySecrets *self, Platform_String value) {
    PSIM_VOID(objSet<Secrets>(self, [v = toStd(value)](Secrets &s) { s.join = v; }));
}
void PLATFORM_API Platform_ActivitySecrets_Join(Platform_ActivitySecrets *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Secrets>(self).join));
}

/* ---- ActivityButton ---- */
void PLATFORM_API Platform_ActivityButton_Init(Platform_ActivityButton *self) { PSIM_VOID(objInit<Button>(self)); }
void PLATFORM_API Platform_ActivityButton_Drop(Platform_ActivityButton *self) { PSIM_VOID(objDrop<Button>(self)); }
void PLATFORM_API Platform_ActivityButton_Clone(Platform_ActivityButton *self, Platform_ActivityButton const *src) {
    PSIM_VOID(objClone<Button>(self, src));
}
void PLATFORM_API Platform_ActivityButton_SetLabel(Platform_ActivityButton *self, Platform_String value) {
    PSIM_VOID(objSet<Button>(self, [v = toStd(value)](Button &b) { b.label = v; }));
}
void PLATFORM_API Platform_ActivityButton_Label(Platform_ActivityButton *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Button>(self).label));
}
void PLATFORM_API Platform_ActivityButton_SetUrl(Platform_ActivityButton *self, Platform_String value) {
    PSIM_VOID(objSet<Button>(self, [v = toStd(value)](Button &b) { b.url = v; }));
}
void PLATFORM_API Platform_ActivityButton_Url(Platform_ActivityButton *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Button>(self).url));
}

/* ---- ActivityInvite ---- */
void PLATFORM_API Platform_ActivityInvite_Init(Platform_ActivityInvite *self) { PSIM_VOID(objInit<Invite>(self)); }
void PLATFORM_API Platform_ActivityInvite_Drop(Platform_ActivityInvite *self) { PSIM_VOID(objDrop<Invite>(self)); }
void PLATFORM_API Platform_ActivityInvite_Clone(Platform_ActivityInvite *self, Platform_ActivityInvite const *src) {
    PSIM_VOID(objClone<Invite>(self, src));
}
void PLATFORM_API Platform_ActivityInvite_SetSenderId(Platform_ActivityInvite *self, uint64_t value) {
    PSIM_VOID(objSet<Invite>(self, [value](Invite &i) { i.senderId = value; }));
}
uint64_t PLATFORM_API Platform_ActivityInvite_SenderId(Platform_ActivityInvite *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Invite>(self).senderId; });
}
void PLATFORM_API Platform_ActivityInvite_SetChannelId(Platform_ActivityInvite *self, uint64_t value) {
    PSIM_VOID(objSet<Invite>(self, [value](Invite &i) { i.channelId = value; }));
}
uint64_t PLATFORM_API Platform_ActivityInvite_ChannelId(Platform_ActivityInvite *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Invite>(self).channelId; });
}
void PLATFORM_API Platform_ActivityInvite_SetMessageId(Platform_ActivityInvite *self, uint64_t value) {
    PSIM_VOID(objSet<Invite>(self, [value](Invite &i) { i.messageId = value; }));
}
uint64_t PLATFORM_API Platform_ActivityInvite_MessageId(Platform_ActivityInvite *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Invite>(self).messageId; });
}
void PLATFORM_API Platform_ActivityInvite_SetType(Platform_ActivityInvite *self, Platform_ActivityActionTypes value) {
    PSIM_VOID(objSet<Invite>(self, [v = enumBits(value)](Invite &i) { i.type = v; }));
}
Platform_ActivityActionTypes PLATFORM_API Platform_ActivityInvite_Type(Platform_ActivityInvite *self) {
    return guard(__func__, Platform_ActivityActionTypes_Invalid,
                 [&] { return toEnum<Platform_ActivityActionTypes>(objGet<Invite>(self).type); });
}
void PLATFORM_API Platform_ActivityInvite_SetApplicationId(Platform_ActivityInvite *self, uint64_t value) {
    PSIM_VOID(objSet<Invite>(self, [value](Invite &i) { i.applicationId = value; }));
}
uint64_t PLATFORM_API Platform_ActivityInvite_ApplicationId(Platform_ActivityInvite *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Invite>(self).applicationId; });
}
void PLATFORM_API Platform_ActivityInvite_SetParentApplicationId(Platform_ActivityInvite *self, uint64_t value) {
    PSIM_VOID(objSet<Invite>(self, [value](Invite &i) { i.parentApplicationId = value; }));
}
uint64_t PLATFORM_API Platform_ActivityInvite_ParentApplicationId(Platform_ActivityInvite *self) {
    return guard(__func__, uint64_t{0}, [&] { return objGet<Invite>(self).parentApplicationId; });
}
void PLATFORM_API Platform_ActivityInvite_SetPartyId(Platform_ActivityInvite *self, Platform_String value) {
    PSIM_VOID(objSet<Invite>(self, [v = toStd(value)](Invite &i) { i.partyId = v; }));
}
void PLATFORM_API Platform_ActivityInvite_PartyId(Platform_ActivityInvite *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Invite>(self).partyId));
}
void PLATFORM_API Platform_ActivityInvite_SetSessionId(Platform_ActivityInvite *self, Platform_String value) {
    PSIM_VOID(objSet<Invite>(self, [v = toStd(value)](Invite &i) { i.sessionId = v; }));
}
void PLATFORM_API Platform_ActivityInvite_SessionId(Platform_ActivityInvite *self, Platform_String *out) {
    PSIM_VOID(writeOut(out, objGet<Invite>(self).sessionId));
}
void PLATFORM_API Platform_ActivityInvite_SetIsValid(Platform_ActivityInvite *self, bool value) {
    PSIM_VOID(objSet<Invite>(self, [value](Invite &i) { i.isValid = value; }));
}
bool PLATFORM_API Platform_ActivityInvite_IsValid(Platform_ActivityInvite *self) {
    return guard(__func__, false, [&] { return objGet<Invite>(self).isValid; });
}

}  // extern "C"
