// The Activity value classes (defaults, optional getters, deep Clone, Equals, button order, invalid
// objects) and UpdateRichPresence validation (every rejected type, every limit at and just above it,
// URLs that are not URLs, 3 buttons, party sizes, timestamps, supported platforms). Run by testPresence.
#include "presence_harness.h"

namespace presence {

// ---- 1. value objects ------------------------------------------------------------------------

void valueObjects() {
    Act a;
    Platform_String s;
    // Defaults.
    ActInfo d = readActivity(a.get());
    CHECK_EQ(d.name, std::string(""));
    CHECK_EQ(d.type, (int)Platform_ActivityTypes_Playing);
    CHECK(!d.display && !d.state && !d.stateUrl && !d.details && !d.detailsUrl && !d.app && !d.parent);
    CHECK(!d.hasAssets && !d.hasTimestamps && !d.hasParty && !d.hasSecrets && d.buttons.empty());
    CHECK_EQ(d.platforms, (int)Platform_ActivityGamePlatforms_Desktop);
    // Round trips; optional setters with NULL clear.
    Platform_Activity_SetName(a.get(), P(std::string("Custom")));
    Platform_Activity_SetType(a.get(), Platform_ActivityTypes_Watching);
    Platform_StatusDisplayTypes disp = Platform_StatusDisplayTypes_Details;
    Platform_Activity_SetStatusDisplayType(a.get(), &disp);
    setOpt(Platform_Activity_SetState, a.get(), "state");
    setOpt(Platform_Activity_SetDetails, a.get(), "details");
    uint64_t appId = 42;
    Platform_Activity_SetApplicationId(a.get(), &appId);
    Platform_Activity_SetParentApplicationId(a.get(), &appId);
    Platform_Activity_SetSupportedPlatforms(a.get(), (Platform_ActivityGamePlatforms)(Platform_ActivityGamePlatforms_Desktop | Platform_ActivityGamePlatforms_PS5));
    ActInfo r = readActivity(a.get());
    CHECK_EQ(r.name, std::string("Custom"));
    CHECK_EQ(r.type, (int)Platform_ActivityTypes_Watching);
    CHECK(r.display == std::optional<int>(2));
    CHECK(r.state == std::optional<std::string>("state"));
    CHECK(r.details == std::optional<std::string>("details"));
    CHECK(r.app == std::optional<uint64_t>(42) && r.parent == std::optional<uint64_t>(42));
    CHECK_EQ(r.platforms, 129);
    Platform_Activity_SetState(a.get(), nullptr);
    Platform_Activity_SetStatusDisplayType(a.get(), nullptr);
    Platform_Activity_SetApplicationId(a.get(), nullptr);
    CHECK(!Platform_Activity_State(a.get(), &s));
    CHECK(!Platform_Activity_StatusDisplayType(a.get(), &disp));
    CHECK(!Platform_Activity_ApplicationId(a.get(), &appId));
    // Buttons keep their order; each element is the caller's.
    addButton(a.get(), "One", "https://one.example");
    addButton(a.get(), "Two", "https://two.example");
    addButton(a.get(), "Three", "https://three.example");  // the object takes 3; validation refuses them
    r = readActivity(a.get());
    CHECK_EQ(r.buttons.size(), size_t(3));
    if (r.buttons.size() == 3) {
        CHECK_EQ(r.buttons[0].first, std::string("One"));
        CHECK_EQ(r.buttons[1].second, std::string("https://two.example"));
        CHECK_EQ(r.buttons[2].first, std::string("Three"));
    }
    Platform_ActivityButton zb{};
    Platform_Activity_AddButton(a.get(), &zb);  // an invalid button adds nothing
    Platform_Activity_AddButton(a.get(), nullptr);
    CHECK_EQ(readActivity(a.get()).buttons.size(), size_t(3));
    // Parts are copied in and out: changing a getter's result does not change the activity.
    setParty(a.get(), "p1", 1, 2, Platform_ActivityPartyPrivacy_Public);
    Platform_ActivityParty p{};
    CHECK(Platform_Activity_Party(a.get(), &p));
    Platform_ActivityParty_SetId(&p, P(std::string("changed")));
    Platform_ActivityParty_Drop(&p);
    CHECK_EQ(readActivity(a.get()).partyId, std::string("p1"));
    Platform_Activity_SetParty(a.get(), nullptr);
    CHECK(!readActivity(a.get()).hasParty);
    // Clone is deep; Equals compares every field.
    setParty(a.get(), "p1", 1, 2, Platform_ActivityPartyPrivacy_Public);
    setSecret(a.get(), "s1");
    setTimestamps(a.get(), 10, 20);
    setAsset(a.get(), Platform_ActivityAssets_SetLargeImage, "large");
    Platform_Activity c{};
    Platform_Activity_Clone(&c, a.get());
    CHECK(Platform_Activity_Equals(a.get(), &c));
    CHECK(Platform_Activity_Equals(&c, a.get()));
    setParty(&c, "p1", 1, 2, Platform_ActivityPartyPrivacy_Private);  // privacy only
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    setParty(&c, "p1", 1, 2, Platform_ActivityPartyPrivacy_Public);
    CHECK(Platform_Activity_Equals(a.get(), &c));
    setTimestamps(&c, 10, 21);
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    setTimestamps(&c, 10, 20);
    setAsset(&c, Platform_ActivityAssets_SetLargeText, "large");  // same string, other field
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    setAsset(&c, Platform_ActivityAssets_SetLargeImage, "large");
    CHECK(Platform_Activity_Equals(a.get(), &c));
    addButton(&c, "Four", "https://four.example");
    CHECK(!Platform_Activity_Equals(a.get(), &c));
    CHECK_EQ(readActivity(a.get()).buttons.size(), size_t(3));  // the original is untouched
    Platform_Activity_Drop(&c);
    {
        // Same buttons in another order: not equal.
        Act x, y;
        addButton(x.get(), "A", "https://a.example"); addButton(x.get(), "B", "https://b.example");
        addButton(y.get(), "B", "https://b.example"); addButton(y.get(), "A", "https://a.example");
        CHECK(!Platform_Activity_Equals(x.get(), y.get()));
        Act e1, e2;
        CHECK(Platform_Activity_Equals(e1.get(), e2.get()));
        Platform_Activity_SetSupportedPlatforms(e2.get(), Platform_ActivityGamePlatforms_Xbox);
        CHECK(!Platform_Activity_Equals(e1.get(), e2.get()));
    }
    // Zeroed / stale objects: defaults, no crash; they equal nothing; a second Drop is a no-op.
    Platform_Activity z{};
    CHECK(!Platform_Activity_Equals(&z, &z));
    CHECK(!Platform_Activity_Equals(a.get(), &z));
    CHECK(!Platform_Activity_Equals(a.get(), nullptr));
    Platform_Activity_SetName(&z, P(std::string("x")));
    ActInfo zi = readActivity(&z);
    CHECK_EQ(zi.name, std::string(""));
    CHECK_EQ(zi.platforms, 0);
    CHECK(!zi.hasParty && zi.buttons.empty());
    Platform_Activity_Drop(&z);
    Platform_Activity stale{};
    Platform_Activity_Init(&stale);
    Platform_Activity copy = stale;
    Platform_Activity_Drop(&stale);
    Platform_Activity_Drop(&stale);
    CHECK_EQ(readActivity(&copy).name, std::string(""));
    Platform_Activity_Clone(&c, &copy);  // clone of an invalid source is invalid
    CHECK(c.opaque == nullptr);
    Platform_Activity_Name(nullptr, &s); CHECK_EQ(S(s), std::string(""));
    CHECK_EQ((int)Platform_Activity_Type(nullptr), 0);

    // Assets: every optional field; NULL clears.
    Platform_ActivityAssets as{};
    Platform_ActivityAssets_Init(&as);
    CHECK(!Platform_ActivityAssets_LargeImage(&as, &s) && !Platform_ActivityAssets_InviteCoverImage(&as, &s));
    setOptAssets(Platform_ActivityAssets_SetSmallUrl, &as, "https://small.example");
    CHECK(Platform_ActivityAssets_SmallUrl(&as, &s)); CHECK_EQ(S(s), std::string("https://small.example"));
    Platform_ActivityAssets_SetSmallUrl(&as, nullptr);
    CHECK(!Platform_ActivityAssets_SmallUrl(&as, &s));
    Platform_ActivityAssets ac{};
    Platform_ActivityAssets_Clone(&ac, &as);
    setOptAssets(Platform_ActivityAssets_SetInviteCoverImage, &as, "cover");
    CHECK(!Platform_ActivityAssets_InviteCoverImage(&ac, &s));
    Platform_ActivityAssets_Drop(&ac);
    Platform_ActivityAssets_Drop(&as);
    // Timestamps, party, secrets, button defaults and round trips.
    Platform_ActivityTimestamps ts{};
    Platform_ActivityTimestamps_Init(&ts);
    CHECK_EQ(Platform_ActivityTimestamps_Start(&ts), uint64_t(0)); CHECK_EQ(Platform_ActivityTimestamps_End(&ts), uint64_t(0));
    Platform_ActivityTimestamps_SetEnd(&ts, 1700000000123ULL);
    CHECK_EQ(Platform_ActivityTimestamps_End(&ts), 1700000000123ULL);
    Platform_ActivityTimestamps_Drop(&ts);
    Platform_ActivityParty pp{};
    Platform_ActivityParty_Init(&pp);
    Platform_ActivityParty_Id(&pp, &s); CHECK_EQ(S(s), std::string(""));
    CHECK_EQ(Platform_ActivityParty_CurrentSize(&pp), 0); CHECK_EQ(Platform_ActivityParty_MaxSize(&pp), 0);
    CHECK_EQ((int)Platform_ActivityParty_Privacy(&pp), (int)Platform_ActivityPartyPrivacy_Private);
    Platform_ActivityParty_Drop(&pp);
    Platform_ActivitySecrets sec{};
    Platform_ActivitySecrets_Init(&sec);
    Platform_ActivitySecrets_Join(&sec, &s); CHECK_EQ(S(s), std::string(""));
    Platform_ActivitySecrets_SetJoin(&sec, P(std::string("j")));
    Platform_ActivitySecrets sc{};
    Platform_ActivitySecrets_Clone(&sc, &sec);
    Platform_ActivitySecrets_Join(&sc, &s); CHECK_EQ(S(s), std::string("j"));
    Platform_ActivitySecrets_Drop(&sc);
    Platform_ActivitySecrets_Drop(&sec);
    Platform_ActivityButton b{};
    Platform_ActivityButton_Init(&b);
    Platform_ActivityButton_Label(&b, &s); CHECK_EQ(S(s), std::string(""));
    Platform_ActivityButton_Url(&b, &s); CHECK_EQ(S(s), std::string(""));
    Platform_ActivityButton_Drop(&b);
    Platform_ActivityButton_Label(&b, &s); CHECK_EQ(S(s), std::string(""));  // dropped: defaults
    // ActivityInvite: all-zero defaults, every field round-trips, Clone is independent.
    Platform_ActivityInvite inv{};
    Platform_ActivityInvite_Init(&inv);
    InvInfo i0 = readInvite(&inv);
    CHECK(i0.sender == 0 && i0.channel == 0 && i0.message == 0 && i0.app == 0 && i0.parent == 0);
    CHECK_EQ(i0.type, (int)Platform_ActivityActionTypes_Invalid);
    CHECK(i0.party.empty() && i0.session.empty() && !i0.valid);
    InvInfo want{1, 2, 3, 4, 5, (int)Platform_ActivityActionTypes_JoinRequest, "party", "session", true};
    InviteObj io(want);
    InvInfo got = readInvite(&io.i);
    CHECK(got.sender == 1 && got.channel == 2 && got.message == 3 && got.app == 4 && got.parent == 5);
    CHECK(got.type == 5 && got.party == "party" && got.session == "session" && got.valid);
    Platform_ActivityInvite ic{};
    Platform_ActivityInvite_Clone(&ic, &io.i);
    Platform_ActivityInvite_SetIsValid(&io.i, false);
    CHECK(Platform_ActivityInvite_IsValid(&ic));
    Platform_ActivityInvite_Drop(&ic);
    Platform_ActivityInvite_Drop(&inv);
    CHECK_EQ(Platform_ActivityInvite_MessageId(&inv), uint64_t(0));
}

// ---- 2. validation ------------------------------------------------------------------------------

// A base activity (valid), changed by `mutate`, sent by `c`.
template <class F>
Res tryActivity(Platform_Client *c, F &&mutate) {
    Act a;
    setOpt(Platform_Activity_SetState, a.get(), "Validating");
    mutate(a.get());
    return update(c, a.get());
}

void expectRejected(const Res &r, const std::string &field, int line) {
    if (r.type != (int)Platform_ErrorType_ValidationError || !contains(r.error, field)) {
        std::printf("  (line %d: type %d, error \"%s\")\n", line, r.type, r.error.c_str());
    }
    CHECK_EQ(r.type, (int)Platform_ErrorType_ValidationError);
    CHECK_EQ(r.status, 0);
    CHECK(!r.ok);
    CHECK(contains(r.error, field));
}
#define REJECTED(r, field) expectRejected((r), (field), __LINE__)

void validation(uint64_t app, uint64_t alice, uint64_t bob) {
    PClient a(app, alice), b(app, bob);
    meet(&a.c, &b.c, "validation");
    b.clear();
    // Types: only Playing, Listening, Watching, Competing.
    for (int t : {1, 4, 6, 99}) {
        Res r = tryActivity(&a.c, [t](Platform_Activity *x) { Platform_Activity_SetType(x, (Platform_ActivityTypes)t); });
        REJECTED(r, "activity.type");
        CHECK(contains(r.error, "local transport"));
    }
    for (int t : {0, 2, 3, 5}) {
        ACCEPTED(tryActivity(&a.c, [t](Platform_Activity *x) { Platform_Activity_SetType(x, (Platform_ActivityTypes)t); }));
        auto seenType = seen(&b.c, alice);
        CHECK(seenType && seenType->type == t);
    }
    // Text limits in code points (a 2-byte character counts once).
    const std::string e = "\xC3\xA9";
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetName(x, P(repeat(e, 128))); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetName(x, P(repeat(e, 129))); }), "activity.name");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetName(x, P(std::string("bad \xFF"))); }), "activity.name");
    using OptSetter = void (*)(Platform_Activity *, Platform_String *);
    const std::pair<OptSetter, const char *> texts[] = {{Platform_Activity_SetState, "activity.state"},
                                                        {Platform_Activity_SetDetails, "activity.details"}};
    for (const auto &[setter, field] : texts) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, std::string(128, 'x')); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, std::string(129, 'x')); }), field);
    }
    // URL fields: 1-256 characters, http(s) only.
    const std::pair<OptSetter, const char *> urls[] = {{Platform_Activity_SetStateUrl, "activity.stateUrl"},
                                                       {Platform_Activity_SetDetailsUrl, "activity.detailsUrl"}};
    for (const auto &[setter, field] : urls) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, urlOf(256)); }));
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "HTTP://example.com"); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, urlOf(257)); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, ""); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "ftp://example.com/x"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "not a url"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "https://"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setOpt(st, x, "https://exa mple.com"); }), field);
    }
    using AssetSetter = void (*)(Platform_ActivityAssets *, Platform_String *);
    const std::pair<AssetSetter, const char *> assetUrls[] = {
        {Platform_ActivityAssets_SetLargeUrl, "activity.assets.largeUrl"},
        {Platform_ActivityAssets_SetSmallUrl, "activity.assets.smallUrl"}};
    for (const auto &[setter, field] : assetUrls) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, urlOf(256)); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, urlOf(257)); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, "images/large.png"); }), field);
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, ""); }), field);
    }
    const std::pair<AssetSetter, const char *> images[] = {
        {Platform_ActivityAssets_SetLargeImage, "activity.assets.largeImage"},
        {Platform_ActivityAssets_SetSmallImage, "activity.assets.smallImage"},
        {Platform_ActivityAssets_SetInviteCoverImage, "activity.assets.inviteCoverImage"}};
    for (const auto &[setter, field] : images) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(300, 'k')); }));
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, urlOf(300)); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(301, 'k')); }), field);
    }
    const std::pair<AssetSetter, const char *> assetTexts[] = {
        {Platform_ActivityAssets_SetLargeText, "activity.assets.largeText"},
        {Platform_ActivityAssets_SetSmallText, "activity.assets.smallText"}};
    for (const auto &[setter, field] : assetTexts) {
        auto st = setter;
        ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(128, 't')); }));
        REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setAsset(x, st, std::string(129, 't')); }), field);
    }
    // Party: id 1-128, sizes >= 0 and current <= max, privacy Private/Public.
    auto party = [&](const std::string &id, int cur, int max, int privacy) {
        return tryActivity(&a.c, [&](Platform_Activity *x) { setParty(x, id, cur, max, (Platform_ActivityPartyPrivacy)privacy); });
    };
    ACCEPTED(party(std::string(128, 'p'), 0, 0, 0));
    ACCEPTED(party("p", 4, 4, 1));
    REJECTED(party(std::string(129, 'p'), 1, 2, 0), "activity.party.id");
    REJECTED(party("", 1, 2, 0), "activity.party.id");
    REJECTED(party("p", 5, 4, 0), "activity.party.currentSize");
    REJECTED(party("p", -1, 4, 0), "activity.party.currentSize");
    REJECTED(party("p", 0, -1, 0), "activity.party.maxSize");
    REJECTED(party("p", 1, 2, 2), "activity.party.privacy");
    // Join secret 1-128.
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setSecret(x, std::string(128, 's')); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setSecret(x, std::string(129, 's')); }), "activity.secrets.join");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setSecret(x, ""); }), "activity.secrets.join");
    // Buttons: at most 2; label 1-32; url 1-512, http(s).
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) {
        addButton(x, std::string(32, 'l'), urlOf(512));
        addButton(x, "Second", "http://b.example");
    }));
    Res three = tryActivity(&a.c, [&](Platform_Activity *x) {
        addButton(x, "1", "https://1.example"); addButton(x, "2", "https://2.example"); addButton(x, "3", "https://3.example");
    });
    REJECTED(three, "buttons");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { addButton(x, std::string(33, 'l'), "https://b.example"); }), "activity.buttons[0].label");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { addButton(x, "", "https://b.example"); }), "activity.buttons[0].label");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) {
        addButton(x, "ok", "https://ok.example"); addButton(x, "long", urlOf(513));
    }), "activity.buttons[1].url");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { addButton(x, "ok", "mailto:x@example.com"); }), "activity.buttons[0].url");
    // Timestamps: end >= start when both are set.
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 1000, 1000); }));
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 5000, 0); }));
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 0, 5000); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { setTimestamps(x, 5000, 4999); }), "activity.timestamps.end");
    // Supported platforms: a non-zero OR of the defined bits.
    ACCEPTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetSupportedPlatforms(x, (Platform_ActivityGamePlatforms)255); }));
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetSupportedPlatforms(x, (Platform_ActivityGamePlatforms)0); }), "activity.supportedPlatforms");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_Activity_SetSupportedPlatforms(x, (Platform_ActivityGamePlatforms)256); }), "activity.supportedPlatforms");
    REJECTED(tryActivity(&a.c, [&](Platform_Activity *x) { Platform_StatusDisplayTypes d = (Platform_StatusDisplayTypes)3; Platform_Activity_SetStatusDisplayType(x, &d); }), "activity.statusDisplayType");
    // An invalid activity object.
    Platform_Activity z{};
    REJECTED(update(&a.c, &z), "activity");
    REJECTED(update(&a.c, nullptr), "activity");
    // A rejected update changes nothing: the last accepted one (supported platforms 255) stays.
    auto last = seen(&b.c, alice);
    CHECK(last && last->platforms == 255);
    // Validation happens before anything is sent, even on a client that is not connected.
    PClient off(app, alice, false);
    REJECTED(tryActivity(&off.c, [](Platform_Activity *x) { Platform_Activity_SetType(x, Platform_ActivityTypes_Streaming); }), "activity.type");
}

}  // namespace presence
