// Users' profiles as related users see them: PlatformSim_UpdateUserProfile (UserUpdated and
// groups-updated to those who know the user), and user application profiles (written by the
// backend, derived from an external identity, read through UserHandle and the client-level 7.2
// calls; zeroed handles and those of a dropped client). Run by testRelationships.
#include "relationships_harness.h"

namespace relationships {

// ---- PlatformSim_UpdateUserProfile ----------------------------------------------------------------
void profileEdits(const World &w, Soc &A, Soc &B, Soc &E) {
    const uint64_t bob = w.bob;
    CHECK(!knows(E, bob));  // eve has no relationship with bob
    A.clear(); B.clear(); E.clear();
    std::string name = "Bobby Tables", avatar = "a_0123abcd";
    Platform_String ns = P(name), as = P(avatar);
    CHECK(PlatformSim_UpdateUserProfile(bob, &ns, &as));
    step(20);
    CHECK_EQ(A.count('U', bob), 1);
    CHECK_EQ(B.count('U', bob), 1);
    CHECK_EQ(E.count('U', bob), 0);
    Platform_UserHandle h{};
    CHECK(Platform_Client_GetUser(&A.c, bob, &h));
    Platform_String s;
    CHECK(Platform_UserHandle_GlobalName(&h, &s)); CHECK_EQ(S(s), name);
    Platform_UserHandle_DisplayName(&h, &s); CHECK_EQ(S(s), name);
    CHECK(Platform_UserHandle_Avatar(&h, &s)); CHECK_EQ(S(s), avatar);
    Platform_UserHandle_AvatarUrl(&h, Platform_UserHandle_AvatarType_Gif, Platform_UserHandle_AvatarType_Png, &s);
    CHECK_EQ(S(s), "https://cdn.platform.example/avatars/" + std::to_string(bob) + "/a_0123abcd.gif");
    // Invalid input: nothing applied, no event.
    A.clear();
    std::string good = "Fine Name", bad = "XYZ", longName(33, 'n'), prefixOnly = "a_";
    Platform_String gs = P(good), bs = P(bad), ls = P(longName), ps = P(prefixOnly);
    CHECK(!PlatformSim_UpdateUserProfile(bob, &gs, &bs)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_UpdateUserProfile(bob, &ls, nullptr)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_UpdateUserProfile(bob, nullptr, &ps)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_UpdateUserProfile(999, &gs, nullptr)); CHECK(startsWith(lastError(), "404:"));
    CHECK(PlatformSim_UpdateUserProfile(bob, nullptr, nullptr));  // nothing to change
    step(20);
    CHECK_EQ(A.count('U'), 0);
    CHECK(Platform_UserHandle_GlobalName(&h, &s)); CHECK_EQ(S(s), name);
    // Cleared: no global name (DisplayName falls back to the username), default avatar.
    std::string none;
    Platform_String es = P(none);
    CHECK(PlatformSim_UpdateUserProfile(bob, &es, &es));
    step(20);
    CHECK_EQ(A.count('U', bob), 1);
    CHECK(!Platform_UserHandle_GlobalName(&h, &s));
    Platform_UserHandle_DisplayName(&h, &s); CHECK_EQ(S(s), std::string("bob"));
    CHECK(!Platform_UserHandle_Avatar(&h, &s));
    Platform_UserHandle_Drop(&h);
}

// ---- user application profiles ----------------------------------------------------------------------
void appProfiles(const World &w, Soc &A, Soc &B) {
    const uint64_t bob = w.bob;
    std::string issued = "76561190", uname = "bob_steam", av = "abc123", md = "{\"level\":3}";
    PlatformSim_UserApplicationProfile p{Platform_ExternalIdentityProviderType_Steam, nullptr, P(issued), P(uname), P(av), P(md)};
    A.clear();
    CHECK(profilesOf(A, bob).empty());
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app, &p));
    step(20);
    CHECK_EQ(A.count('U', bob), 1);
    std::vector<Platform_UserApplicationProfileHandle> kept;
    auto seen = profilesOf(A, bob, &kept);
    CHECK_EQ(seen.size(), size_t(1));
    if (seen.size() == 1) {
        CHECK_EQ(seen[0].type, (int)Platform_ExternalIdentityProviderType_Steam);
        CHECK(!seen[0].providerId.has_value());
        CHECK_EQ(seen[0].issuedId, issued); CHECK_EQ(seen[0].username, uname);
        CHECK_EQ(seen[0].avatar, av); CHECK_EQ(seen[0].metadata, md);
    }
    // Same provider and provider user id: replaced, and the handle reads the new fields.
    std::string renamed = "bob_renamed";
    p.username = P(renamed);
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app, &p));
    // The struct borrows its strings: they must outlive the call (no temporaries).
    const std::string epicId = "epic-1", deployment = "prod-deployment", epicName = "bob_epic", unityId = "unity-9", none;
    Platform_String dep = P(deployment);
    PlatformSim_UserApplicationProfile e{Platform_ExternalIdentityProviderType_EpicOnlineServices, &dep, P(epicId),
                                         P(epicName), P(none), P(none)};
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app, &e));
    PlatformSim_UserApplicationProfile u{Platform_ExternalIdentityProviderType_Unity, nullptr, P(unityId),
                                         P(none), P(none), P(none)};
    CHECK(PlatformSim_SetUserApplicationProfile(bob, w.app2, &u));  // another application's profile
    step(20);
    CHECK_EQ(A.count('U', bob), 4);
    if (!kept.empty()) CHECK_EQ(readProfile(&kept[0]).username, renamed);
    seen = profilesOf(A, bob);
    CHECK_EQ(seen.size(), size_t(2));
    if (seen.size() == 2) {
        CHECK_EQ(seen[0].username, renamed);
        CHECK_EQ(seen[1].type, (int)Platform_ExternalIdentityProviderType_EpicOnlineServices);
        CHECK(seen[1].providerId == std::optional<std::string>(deployment));
        CHECK_EQ(seen[1].issuedId, epicId);
    }
    {
        Soc A2(w.app2, w.alice);
        const auto other = profilesOf(A2, bob);
        CHECK_EQ(other.size(), size_t(1));
        CHECK(!other.empty() && other[0].type == (int)Platform_ExternalIdentityProviderType_Unity);
    }
    // The client-level calls (7.2): the current user's profiles; empty before Ready.
    CHECK_EQ(ownProfiles(B).size(), size_t(2));
    CHECK_EQ(ownProfiles(B, true).size(), size_t(2));
    CHECK(ownProfiles(A).empty());
    {
        Soc off(w.app, bob, false);
        CHECK(ownProfiles(off).empty());
        CHECK(ownProfiles(off, true).empty());
    }
    Platform_Client z{};
    Platform_UserApplicationProfileHandleSpan zs{};
    Platform_Client_GetUserApplicationProfiles(&z, &zs);
    CHECK(readProfiles(zs).empty());
    // Errors: nothing applied.
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, w.app, nullptr)); CHECK(startsWith(lastError(), "400:"));
    CHECK(!PlatformSim_SetUserApplicationProfile(999, w.app, &p)); CHECK(startsWith(lastError(), "404:"));
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, 4242, &p)); CHECK(startsWith(lastError(), "404:"));
    PlatformSim_UserApplicationProfile badType = p;
    badType.providerType = (Platform_ExternalIdentityProviderType)99;
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, w.app, &badType)); CHECK(startsWith(lastError(), "400:"));
    PlatformSim_UserApplicationProfile noId = p;
    noId.providerIssuedUserId = P(none);
    CHECK(!PlatformSim_SetUserApplicationProfile(bob, w.app, &noId)); CHECK(startsWith(lastError(), "400:"));
    CHECK_EQ(profilesOf(A, bob).size(), size_t(2));
    // Zeroed handle and handles of a dropped client: defaults.
    Platform_UserApplicationProfileHandle zh{};
    const Profile zp = readProfile(&zh);
    CHECK_EQ(zp.type, (int)Platform_ExternalIdentityProviderType_None);
    CHECK(!zp.providerId.has_value()); CHECK(zp.issuedId.empty());
    {
        Soc tmp(w.app, w.alice);
        profilesOf(tmp, bob, &kept);
        CHECK_EQ(kept.size(), size_t(3));
    }
    if (kept.size() == 3) {
        CHECK_EQ(readProfile(&kept[2]).type, (int)Platform_ExternalIdentityProviderType_None);
        CHECK(readProfile(&kept[1]).username.empty());
        CHECK_EQ(readProfile(&kept[0]).username, renamed);  // its client (A) is alive
        Platform_UserApplicationProfileHandle copy{};
        Platform_UserApplicationProfileHandle_Clone(&copy, &kept[0]);
        CHECK_EQ(readProfile(&copy).issuedId, issued);
        Platform_UserApplicationProfileHandle_Drop(&copy);
    }
    for (auto &h : kept) Platform_UserApplicationProfileHandle_Drop(&h);
}
}  // namespace relationships
