// api_relationship_handle.cc — RelationshipHandle (sdk-abi.md 5.12), UserApplicationProfileHandle
// (5.29), and the two UserHandle functions that return them (UserHandle_Relationship,
// UserHandle_UserApplicationProfiles, 5.11).
//
// Both are live references seen through one client: a RelationshipHandle is (client, other user)
// and reads the relationship as the client's current user sees it (game type: in the client's
// application); a UserApplicationProfileHandle is (client, user, application, providerType,
// providerIssuedUserId) and reads that profile's current fields. Once the client is dropped (or
// the profile is gone) getters return defaults ("" / 0 / false / None).
#include <new>

#include "api_support.h"
#include "directory.h"
#include "guard.h"
#include "handle_view.h"
#include "lobbies.h"
#include "relationships.h"
#include "sim_strings.h"
#include "user_view.h"
#include "value_objects.h"
#include "world.h"

using namespace psim;

namespace {

// The handle's current view (handle_view.h). A handle from GetRelationships comes with its view,
// built in the list's one pass under the lock the list took, so while nothing changed its getters
// (and the first getters of the user it hands out) take no world lock: a friends list reads five
// getters and the user's seven per friend. Any other handle resolves here, under a WorldPeek.
const RelationshipView *viewOf(Platform_RelationshipHandle *self) {
    return currentView<RelationshipHandleData, RelationshipView>(self, [](World &w, const RelationshipHandleData &h) {
        return relationshipView(w, findClient(w, h.clientKey), h.userId, w.lockSeq.load(std::memory_order_relaxed));
    });
}

// The current record of the handle's profile, if the client and profile still exist.
std::optional<UserApplicationProfileRec> profileOf(Platform_UserApplicationProfileHandle *self) {
    return withHandle<UserApplicationProfileHandleData>(
        self, std::optional<UserApplicationProfileRec>{},
        [](World &w, ClientState &, const UserApplicationProfileHandleData &h) -> std::optional<UserApplicationProfileRec> {
            for (auto &p : applicationProfiles(w, h.userId, h.applicationId)) {
                if (p.providerType == h.providerType && p.providerIssuedUserId == h.providerIssuedUserId) return p;
            }
            return std::nullopt;
        });
}

}  // namespace

extern "C" {

/* ---- RelationshipHandle ---- */
void PLATFORM_API Platform_RelationshipHandle_Drop(Platform_RelationshipHandle *self) {
    guardVoid(__func__, [&] { objDrop<RelationshipHandleData>(self); });
}

void PLATFORM_API Platform_RelationshipHandle_Clone(Platform_RelationshipHandle *self, Platform_RelationshipHandle const *src) {
    guardVoid(__func__, [&] { objClone<RelationshipHandleData>(self, src); });
}

Platform_RelationshipType PLATFORM_API Platform_RelationshipHandle_PlatformRelationshipType(Platform_RelationshipHandle *self) {
    return guard(__func__, Platform_RelationshipType_None, [&] {
        const RelationshipView *v = viewOf(self);
        return toEnum<Platform_RelationshipType>(v != nullptr ? v->platformType : int32_t{Platform_RelationshipType_None});
    });
}

Platform_RelationshipType PLATFORM_API Platform_RelationshipHandle_GameRelationshipType(Platform_RelationshipHandle *self) {
    return guard(__func__, Platform_RelationshipType_None, [&] {
        const RelationshipView *v = viewOf(self);
        return toEnum<Platform_RelationshipType>(v != nullptr ? v->gameType : int32_t{Platform_RelationshipType_None});
    });
}

uint64_t PLATFORM_API Platform_RelationshipHandle_Id(Platform_RelationshipHandle *self) {
    return guard(__func__, uint64_t{0}, [&] {
        const RelationshipView *v = viewOf(self);
        return v != nullptr ? v->userId : uint64_t{0};
    });
}

bool PLATFORM_API Platform_RelationshipHandle_IsSpamRequest(Platform_RelationshipHandle *self) {
    return guard(__func__, false, [&] {
        const RelationshipView *v = viewOf(self);
        return v != nullptr && v->spam;
    });
}

bool PLATFORM_API Platform_RelationshipHandle_User(Platform_RelationshipHandle *self, Platform_UserHandle *out) {
    return guard(__func__, false, [&] {
        const RelationshipView *v = viewOf(self);
        if (v == nullptr || !v->user.user) return false;
        // The new handle starts with the user's view, current as long as the relationship's is.
        objInit<UserHandleData>(out, UserHandleData{v->clientKey, v->userId, ViewCache<UserView>{v->userView(), v->seq}});
        return true;
    });
}

/* ---- UserHandle: relationship and application profiles ---- */
void PLATFORM_API Platform_UserHandle_Relationship(Platform_UserHandle *self, Platform_RelationshipHandle *out) {
    guardVoid(__func__, [&] {
        const auto u = self != nullptr ? Registry<UserHandleData>::get().copy(self->opaque) : std::nullopt;
        objInit<RelationshipHandleData>(out, u ? RelationshipHandleData{u->clientKey, u->userId, {}} : RelationshipHandleData{});
    });
}

void PLATFORM_API Platform_UserHandle_UserApplicationProfiles(Platform_UserHandle *self,
                                                              Platform_UserApplicationProfileHandleSpan *out) {
    guardVoid(__func__, [&] {
        if (out == nullptr) return;
        std::vector<UserApplicationProfileHandleData> items;
        if (self != nullptr) {
            if (const auto u = Registry<UserHandleData>::get().copy(self->opaque)) {
                WorldLock lk;
                ClientState *c = findClient(lk.w, u->clientKey);
                if (c != nullptr && findUser(lk.w, u->userId) != nullptr) {
                    const uint64_t app = clientApp(lk.w, *c);
                    for (const auto &p : applicationProfiles(lk.w, u->userId, app)) {
                        items.push_back(UserApplicationProfileHandleData{c->key, u->userId, app, p.providerType,
                                                                         p.providerIssuedUserId});
                    }
                }
            }
        }
        Platform_UserApplicationProfileHandleSpan span{
            static_cast<Platform_UserApplicationProfileHandle *>(
                Platform_Alloc(items.size() * sizeof(Platform_UserApplicationProfileHandle))),
            items.size()};
        if (span.ptr == nullptr) throw std::bad_alloc();
        for (size_t i = 0; i < items.size(); ++i) {
            span.ptr[i].opaque = Registry<UserApplicationProfileHandleData>::get().add(items[i]);
        }
        *out = span;
    });
}

/* ---- UserApplicationProfileHandle ---- */
void PLATFORM_API Platform_UserApplicationProfileHandle_Drop(Platform_UserApplicationProfileHandle *self) {
    guardVoid(__func__, [&] { objDrop<UserApplicationProfileHandleData>(self); });
}

void PLATFORM_API Platform_UserApplicationProfileHandle_Clone(Platform_UserApplicationProfileHandle *self,
                                                              Platform_UserApplicationProfileHandle const *src) {
    guardVoid(__func__, [&] { objClone<UserApplicationProfileHandleData>(self, src); });
}

void PLATFORM_API Platform_UserApplicationProfileHandle_AvatarHash(Platform_UserApplicationProfileHandle *self,
                                                                   Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto p = profileOf(self);
        writeOut(out, p ? p->avatarHash : std::string());
    });
}

void PLATFORM_API Platform_UserApplicationProfileHandle_Metadata(Platform_UserApplicationProfileHandle *self,
                                                                 Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto p = profileOf(self);
        writeOut(out, p ? p->metadata : std::string());
    });
}

bool PLATFORM_API Platform_UserApplicationProfileHandle_ProviderId(Platform_UserApplicationProfileHandle *self,
                                                                   Platform_String *out) {
    return guard(__func__, false, [&] {
        const auto p = profileOf(self);
        if (!p || !p->providerId) return false;
        writeOut(out, *p->providerId);
        return true;
    });
}

void PLATFORM_API Platform_UserApplicationProfileHandle_ProviderIssuedUserId(Platform_UserApplicationProfileHandle *self,
                                                                             Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto p = profileOf(self);
        writeOut(out, p ? p->providerIssuedUserId : std::string());
    });
}

Platform_ExternalIdentityProviderType PLATFORM_API
Platform_UserApplicationProfileHandle_ProviderType(Platform_UserApplicationProfileHandle *self) {
    return guard(__func__, Platform_ExternalIdentityProviderType_None, [&] {
        const auto p = profileOf(self);
        return toEnum<Platform_ExternalIdentityProviderType>(p ? p->providerType
                                                               : int32_t{Platform_ExternalIdentityProviderType_None});
    });
}

void PLATFORM_API Platform_UserApplicationProfileHandle_Username(Platform_UserApplicationProfileHandle *self,
                                                                 Platform_String *out) {
    guardVoid(__func__, [&] {
        const auto p = profileOf(self);
        writeOut(out, p ? p->username : std::string());
    });
}

}  // extern "C"
