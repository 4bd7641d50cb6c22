#include "values/activity_convert.h"

#include <cmath>
#include <optional>
#include <string>

#include "values/js_convert.h"

namespace psdk {

namespace {

// Reads fields of one JS object, naming each in its errors ("activity.party.id must be a string").
class Fields {
 public:
  Fields(const Napi::Value &value, std::string name) : name_(std::move(name)) {
    if (!value.IsObject() || value.IsArray()) throw Napi::TypeError::New(value.Env(), name_ + " must be an object");
    object_ = value.As<Napi::Object>();
  }

  bool Has(const char *key) const {
    Napi::Value v = object_.Get(key);
    return !v.IsUndefined() && !v.IsNull();
  }
  Napi::Value Get(const char *key) const { return object_.Get(key); }
  std::string Path(const char *key) const { return name_ + "." + key; }

  std::optional<std::string> String(const char *key) const {
    if (!Has(key)) return std::nullopt;
    Napi::Value v = object_.Get(key);
    if (!v.IsString()) throw Napi::TypeError::New(v.Env(), Path(key) + " must be a string");
    return v.As<Napi::String>().Utf8Value();
  }
  std::string RequiredString(const char *key) const {
    std::optional<std::string> s = String(key);
    if (!s) throw Napi::TypeError::New(object_.Env(), Path(key) + " must be a string");
    return *s;
  }
  int32_t Int(const char *key, int32_t min, int32_t max) const { return ToInt32(object_.Get(key), Path(key).c_str(), min, max); }
  // Epoch milliseconds: a non-negative integer that a double represents exactly.
  uint64_t Millis(const char *key) const {
    Napi::Value v = object_.Get(key);
    if (!v.IsNumber()) throw Napi::TypeError::New(v.Env(), Path(key) + " must be a number");
    double ms = v.As<Napi::Number>().DoubleValue();
    if (!(ms >= 0 && ms <= 9007199254740991.0) || std::floor(ms) != ms) {
      throw Napi::RangeError::New(v.Env(), Path(key) + " must be an integer number of ms since the epoch");
    }
    return static_cast<uint64_t>(ms);
  }

 private:
  std::string name_;
  Napi::Object object_;
};

platformpp::ActivityAssets AssetsFromJs(const Fields &f) {
  platformpp::ActivityAssets assets;
  assets.SetLargeImage(f.String("largeImage"));
  assets.SetLargeText(f.String("largeText"));
  assets.SetLargeUrl(f.String("largeUrl"));
  assets.SetSmallImage(f.String("smallImage"));
  assets.SetSmallText(f.String("smallText"));
  assets.SetSmallUrl(f.String("smallUrl"));
  assets.SetInviteCoverImage(f.String("inviteCoverImage"));
  return assets;
}

}  // namespace

platformpp::Activity ActivityFromJs(const Napi::Value &value, const char *name) {
  Fields f(value, name);
  platformpp::Activity activity;
  activity.SetType(static_cast<platformpp::ActivityTypes>(f.Int("type", 0, 6)));
  if (auto n = f.String("name")) activity.SetName(*n);
  activity.SetState(f.String("state"));
  activity.SetStateUrl(f.String("stateUrl"));
  activity.SetDetails(f.String("details"));
  activity.SetDetailsUrl(f.String("detailsUrl"));
  if (f.Has("statusDisplayType")) {
    activity.SetStatusDisplayType(static_cast<platformpp::StatusDisplayTypes>(f.Int("statusDisplayType", 0, 2)));
  }
  if (f.Has("timestamps")) {
    Fields t(f.Get("timestamps"), f.Path("timestamps"));
    platformpp::ActivityTimestamps stamps;
    stamps.SetStart(t.Millis("start"));
    stamps.SetEnd(t.Millis("end"));
    activity.SetTimestamps(stamps);
  }
  if (f.Has("assets")) activity.SetAssets(AssetsFromJs(Fields(f.Get("assets"), f.Path("assets"))));
  if (f.Has("party")) {
    Fields p(f.Get("party"), f.Path("party"));
    platformpp::ActivityParty party;
    party.SetId(p.RequiredString("id"));
    party.SetCurrentSize(p.Int("currentSize", 0, INT32_MAX));
    party.SetMaxSize(p.Int("maxSize", 0, INT32_MAX));
    party.SetPrivacy(static_cast<platformpp::ActivityPartyPrivacy>(p.Int("privacy", 0, 1)));
    activity.SetParty(party);
  }
  if (f.Has("secrets")) {
    Fields s(f.Get("secrets"), f.Path("secrets"));
    platformpp::ActivitySecrets secrets;
    secrets.SetJoin(s.RequiredString("join"));
    activity.SetSecrets(secrets);
  }
  if (f.Has("buttons")) {
    Napi::Value list = f.Get("buttons");
    if (!list.IsArray()) throw Napi::TypeError::New(list.Env(), f.Path("buttons") + " must be an array");
    Napi::Array buttons = list.As<Napi::Array>();
    for (uint32_t i = 0; i < buttons.Length(); ++i) {
      Fields b(buttons.Get(i), f.Path("buttons") + "[" + std::to_string(i) + "]");
      platformpp::ActivityButton button;
      button.SetLabel(b.RequiredString("label"));
      button.SetUrl(b.RequiredString("url"));
      activity.AddButton(button);
    }
  }
  activity.SetSupportedPlatforms(static_cast<platformpp::ActivityGamePlatforms>(f.Int("supportedPlatforms", 1, 0xFF)));
  return activity;
}

ActivityData CaptureActivity(const platformpp::Activity &a) {
  ActivityData d;
  d.type = static_cast<int32_t>(a.Type());
  d.name = a.Name();
  d.state = a.State();
  d.stateUrl = a.StateUrl();
  d.details = a.Details();
  d.detailsUrl = a.DetailsUrl();
  if (auto t = a.StatusDisplayType()) d.statusDisplayType = static_cast<int32_t>(*t);
  d.applicationId = a.ApplicationId();
  d.parentApplicationId = a.ParentApplicationId();
  if (auto t = a.Timestamps()) d.timestamps = ActivityData::Timestamps{t->Start(), t->End()};
  if (auto s = a.Assets()) {
    d.assets = ActivityData::Assets{s->LargeImage(), s->LargeText(), s->LargeUrl(), s->SmallImage(),
                                    s->SmallText(), s->SmallUrl(), s->InviteCoverImage()};
  }
  if (auto p = a.Party()) {
    d.party = ActivityData::Party{p->Id(), p->CurrentSize(), p->MaxSize(), static_cast<int32_t>(p->Privacy())};
  }
  if (auto s = a.Secrets()) d.secrets = ActivityData::Secrets{s->Join()};
  for (const platformpp::ActivityButton &b : a.GetButtons()) d.buttons.push_back({b.Label(), b.Url()});
  d.supportedPlatforms = static_cast<int32_t>(a.SupportedPlatforms());
  return d;
}

}  // namespace psdk
