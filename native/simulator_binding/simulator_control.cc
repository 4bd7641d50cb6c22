#include "simulator_binding/simulator_control.h"

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "values/device_snapshot.h"
#include "values/js_convert.h"
#include "runtime/platformpp_bound.h"
#include "runtime/sdk_library.h"

namespace psdk {
namespace simctl {

Platform_String View(const std::string &s) {
  return Platform_String{reinterpret_cast<uint8_t *>(const_cast<char *>(s.data())), s.size()};
}

std::string Take(Platform_String s) {
  std::string out = s.ptr ? std::string(reinterpret_cast<const char *>(s.ptr), s.size) : std::string();
  Sdk().Platform_Free(s.ptr);
  return out;
}

const SdkTable &Sim(Napi::Env env) {
  if (!SdkLibrary::IsSimulator()) {
    throw Napi::Error::New(env, "platform-social-sdk/testing needs the bundled simulator, but a vendor SDK library is loaded");
  }
  return Sdk();
}

[[noreturn]] void ThrowLastError(Napi::Env env, const char *what) {
  Platform_String message{};
  Sdk().PlatformSim_LastError(&message);
  std::string text = Take(message);
  throw Napi::Error::New(env, std::string(what) + " failed" + (text.empty() ? "" : ": " + text));
}

}  // namespace simctl

namespace {

using simctl::Sim;
using simctl::Take;
using simctl::ThrowLastError;
using simctl::View;

Napi::Value Reset(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_Reset();
  return info.Env().Undefined();
}

// createUser(username, displayName, provisional) → id
Napi::Value CreateUser(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string username = ArgString(info, 0, "username"), display = ArgString(info, 1, "displayName");
  uint64_t id = sim.PlatformSim_CreateUser(View(username), View(display), ArgBool(info, 2, "provisional"));
  if (id == 0) ThrowLastError(info.Env(), "users.create");
  return IdToJs(info.Env(), id);
}

// createApplication(name, publisherId|0, parentApplicationId|0, coverImage) → {id, publisherId}
Napi::Value CreateApplication(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  std::string name = ArgString(info, 0, "name");
  uint64_t publisher = ArgId(info, 1, "publisherId", true), parent = ArgId(info, 2, "parentApplicationId", true);
  std::string cover = ArgString(info, 3, "coverImage");
  uint64_t id = sim.PlatformSim_CreateApplication(View(name), publisher, parent, View(cover));
  if (id == 0) ThrowLastError(env, "applications.create");
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, id));
  o.Set("publisherId", IdToJs(env, sim.PlatformSim_ApplicationPublisher(id)));
  return o;
}

// setConsent(kind 0|1|2, userId|0)
Napi::Value SetConsent(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  auto kind = static_cast<PlatformSim_Consent>(ArgInt32(info, 0, "consent", 0, 2));
  uint64_t user = ArgId(info, 1, "userId", true);
  if (!sim.PlatformSim_SetConsent(kind, user)) ThrowLastError(info.Env(), "auth.setConsent");
  return info.Env().Undefined();
}

// issueToken(userId, applicationId, scopes) → {accessToken, refreshToken, expiresIn}
Napi::Value IssueToken(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t user = ArgId(info, 0, "userId"), app = ArgId(info, 1, "applicationId");
  std::string scopes = ArgString(info, 2, "scopes");
  Platform_String access{}, refresh{};
  int32_t expiresIn = 0;
  if (!sim.PlatformSim_IssueToken(user, app, View(scopes), &access, &refresh, &expiresIn)) ThrowLastError(env, "auth.issueToken");
  // Both strings are owned before any Node-API call: one can throw (a worker being terminated),
  // and the string not yet taken would leak (LeakSanitizer, worker-terminated torture).
  std::string accessToken = Take(access), refreshToken = Take(refresh);
  Napi::Object o = Napi::Object::New(env);
  o.Set("accessToken", accessToken);
  o.Set("refreshToken", refreshToken);
  o.Set("expiresIn", Napi::Number::New(env, expiresIn));
  return o;
}

// setTokenPrefixes(accessPrefix, refreshPrefix): '' restores the default prefix.
Napi::Value SetTokenPrefixes(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  std::string access = ArgString(info, 0, "accessPrefix"), refresh = ArgString(info, 1, "refreshPrefix");
  if (!Sim(env).PlatformSim_SetTokenPrefixes(View(access), View(refresh))) ThrowLastError(env, "auth.setTokenPrefixes");
  return env.Undefined();
}

Napi::Value RequestAuthorize(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), Sim(info.Env()).PlatformSim_RequestAuthorize());
}

Napi::Value ClockNow(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), static_cast<double>(Sim(info.Env()).PlatformSim_ClockNow()));
}

Napi::Value ClockAdvance(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  sim.PlatformSim_ClockAdvance(static_cast<uint64_t>(ArgNumber(info, 0, "ms", 0, 9007199254740991.0)));
  return info.Env().Undefined();
}

Napi::Value ClockSetFrozen(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_ClockSetFrozen(ArgBool(info, 0, "frozen"));
  return info.Env().Undefined();
}

Napi::Value NetworkSetOnline(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_NetworkSetOnline(ArgBool(info, 0, "online"));
  return info.Env().Undefined();
}

Napi::Value NetworkIsOnline(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), Sim(info.Env()).PlatformSim_NetworkIsOnline());
}

Napi::Value NetworkSetLatency(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  sim.PlatformSim_NetworkSetLatency(static_cast<uint32_t>(ArgInt32(info, 0, "ms", 0, INT32_MAX)));
  return info.Env().Undefined();
}

// failNext(operation, httpStatus, retryAfterMs, errorCode)
Napi::Value NetworkFailNext(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string op = ArgString(info, 0, "operation");
  int32_t status = ArgInt32(info, 1, "status", 100, 599);
  int32_t retryAfter = ArgInt32(info, 2, "retryAfterMs", 0, INT32_MAX);
  int32_t code = ArgInt32(info, 3, "code", INT32_MIN, INT32_MAX);
  if (!sim.PlatformSim_NetworkFailNext(View(op), status, retryAfter, code)) ThrowLastError(info.Env(), "network.failNext");
  return info.Env().Undefined();
}

Napi::Value ModerationBan(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t user = ArgId(info, 0, "userId");
  bool ok = ArgBool(info, 1, "banned") ? sim.PlatformSim_ModerationBan(user) : sim.PlatformSim_ModerationUnban(user);
  if (!ok) ThrowLastError(info.Env(), "moderation.ban");
  return info.Env().Undefined();
}

Napi::Value ModerationDeauthorize(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t user = ArgId(info, 0, "userId"), app = ArgId(info, 1, "applicationId", true);
  if (!sim.PlatformSim_ModerationDeauthorize(user, app)) ThrowLastError(info.Env(), "moderation.deauthorize");
  return info.Env().Undefined();
}

Napi::Value SetDebugBuild(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_SetDebugBuild(ArgBool(info, 0, "debug"));
  return info.Env().Undefined();
}

Napi::Value SetLogTokenFilter(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_SetLogTokenFilter(ArgBool(info, 0, "enabled"));
  return info.Env().Undefined();
}

Napi::Value EmitLog(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string message = ArgString(info, 0, "message");
  auto severity = static_cast<Platform_LoggingSeverity>(ArgInt32(info, 1, "severity", 1, 4));
  sim.PlatformSim_EmitLog(View(message), severity);
  return info.Env().Undefined();
}

// A borrowed Platform_Properties view over a map: owns the storage for the call's duration.
class PropertiesView {
 public:
  explicit PropertiesView(const std::unordered_map<std::string, std::string> &map) {
    keys_.reserve(map.size());
    values_.reserve(map.size());
    for (const auto &[k, v] : map) {
      keys_.push_back(View(k));
      values_.push_back(View(v));
    }
  }
  Platform_Properties get() { return Platform_Properties{keys_.size(), keys_.data(), values_.data()}; }

 private:
  std::vector<Platform_String> keys_, values_;
};

// backendCreateLobby(applicationId, secret, metadata) → id
Napi::Value BackendCreateLobby(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t app = ArgId(info, 0, "applicationId");
  std::string secret = ArgString(info, 1, "secret");
  auto metadata = ToStringMap(info[2], "metadata");
  PropertiesView props(metadata);
  uint64_t id = sim.PlatformSim_BackendCreateLobby(app, View(secret), props.get());
  if (id == 0) ThrowLastError(info.Env(), "backend.createLobby");
  return IdToJs(info.Env(), id);
}

// backendUpdateLobbyMembers(lobbyId, [{ userId, remove?, metadata?, additionalName?, canLinkLobby? }])
Napi::Value BackendUpdateLobbyMembers(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  uint64_t lobby = ArgId(info, 0, "lobbyId");
  if (info.Length() < 2 || !info[1].IsArray()) throw Napi::TypeError::New(env, "updates must be an array");
  Napi::Array list = info[1].As<Napi::Array>();
  // Bounded before it is walked (lib/testing.ts checks it first; this keeps native code safe alone).
  if (list.Length() > 25) throw Napi::RangeError::New(env, "updates must have at most 25 items");
  // Storage that outlives the C call: maps, strings and their views.
  std::vector<std::unordered_map<std::string, std::string>> maps(list.Length());
  std::vector<std::unique_ptr<PropertiesView>> views(list.Length());
  std::vector<std::string> names(list.Length());
  std::vector<Platform_String> nameViews(list.Length());
  std::vector<PlatformSim_LobbyMemberUpdate> updates(list.Length());
  for (uint32_t i = 0; i < list.Length(); ++i) {
    if (!list.Get(i).IsObject()) throw Napi::TypeError::New(env, "updates[" + std::to_string(i) + "] must be an object");
    Napi::Object u = list.Get(i).As<Napi::Object>();
    PlatformSim_LobbyMemberUpdate &out = updates[i];
    out = PlatformSim_LobbyMemberUpdate{};
    out.userId = ToId(u.Get("userId"), "userId");
    out.remove = u.Get("remove").ToBoolean();
    Napi::Value metadata = u.Get("metadata");
    out.setMetadata = !metadata.IsUndefined();
    maps[i] = ToStringMap(metadata, "metadata");
    views[i] = std::make_unique<PropertiesView>(maps[i]);
    out.metadata = views[i]->get();
    Napi::Value name = u.Get("additionalName");
    if (name.IsString() || name.IsNull()) {
      names[i] = name.IsString() ? name.As<Napi::String>().Utf8Value() : std::string();
      nameViews[i] = View(names[i]);
      out.additionalName = &nameViews[i];
    }
    Napi::Value canLink = u.Get("canLinkLobby");
    out.canLinkLobby = canLink.IsBoolean() ? (canLink.As<Napi::Boolean>().Value() ? 1 : 0) : -1;
  }
  if (!sim.PlatformSim_BackendUpdateLobbyMembers(lobby, updates.data(), updates.size())) ThrowLastError(env, "backend.updateLobbyMembers");
  return env.Undefined();
}

// backendSetModerationMetadata(messageId, metadata, lobbyId?): the lobby endpoint when lobbyId is given
Napi::Value BackendSetModerationMetadata(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t message = ArgId(info, 0, "messageId");
  auto metadata = ToStringMap(info[1], "metadata");
  PropertiesView props(metadata);
  bool ok = info.Length() > 2 && !info[2].IsUndefined()
                ? sim.PlatformSim_BackendSetLobbyMessageModerationMetadata(ArgId(info, 2, "lobbyId"), message, props.get())
                : sim.PlatformSim_BackendSetUserMessageModerationMetadata(message, props.get());
  if (!ok) ThrowLastError(info.Env(), "backend.setModerationMetadata");
  return info.Env().Undefined();
}

// The options object of the two backend sends → PlatformSim_MessageOptions (storage in `keep`).
struct MessageOptionsStorage {
  std::unordered_map<std::string, std::string> metadata;
  std::unique_ptr<PropertiesView> view;
  std::optional<platformpp::AdditionalContent> additional;
  PlatformSim_MessageOptions options{};
};

void ReadMessageOptions(const Napi::Value &value, MessageOptionsStorage &s) {
  s.options = PlatformSim_MessageOptions{};
  if (!value.IsObject()) return;
  Napi::Object o = value.As<Napi::Object>();
  if (!o.Get("applicationId").IsUndefined()) s.options.applicationId = ToId(o.Get("applicationId"), "applicationId");
  s.metadata = ToStringMap(o.Get("metadata"), "metadata");
  s.view = std::make_unique<PropertiesView>(s.metadata);
  s.options.metadata = s.view->get();
  s.options.sentFromPlatformClient = o.Get("sentFromPlatformClient").ToBoolean();
  Napi::Value ac = o.Get("additionalContent");
  if (ac.IsObject()) {
    Napi::Object a = ac.As<Napi::Object>();
    s.additional.emplace();
    s.additional->SetType(static_cast<platformpp::AdditionalContentType>(ToInt32(a.Get("type"), "additionalContent.type", 0, 6)));
    if (a.Get("title").IsString()) s.additional->SetTitle(a.Get("title").As<Napi::String>().Utf8Value());
    if (!a.Get("count").IsUndefined()) s.additional->SetCount(static_cast<uint8_t>(ToInt32(a.Get("count"), "additionalContent.count", 0, 255)));
    s.options.additionalContent = s.additional->instance();
  }
}

// backendSendLobbyMessage(authorId, lobbyId, content, options) → id
Napi::Value BackendSendLobbyMessage(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t author = ArgId(info, 0, "authorId"), lobby = ArgId(info, 1, "lobbyId");
  std::string content = ArgString(info, 2, "content");
  MessageOptionsStorage options;
  ReadMessageOptions(info[3], options);
  uint64_t id = sim.PlatformSim_BackendSendLobbyMessage(author, lobby, View(content), &options.options);
  if (id == 0) ThrowLastError(info.Env(), "backend.sendLobbyMessageAs");
  return IdToJs(info.Env(), id);
}

// backendSendUserMessage(authorId, recipientId, content, options) → id
Napi::Value BackendSendUserMessage(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t author = ArgId(info, 0, "authorId"), recipient = ArgId(info, 1, "recipientId");
  std::string content = ArgString(info, 2, "content");
  MessageOptionsStorage options;
  ReadMessageOptions(info[3], options);
  uint64_t id = sim.PlatformSim_BackendSendUserMessage(author, recipient, View(content), &options.options);
  if (id == 0) ThrowLastError(info.Env(), "backend.sendUserMessageAs");
  return IdToJs(info.Env(), id);
}

Napi::Value LobbyExists(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  return Napi::Boolean::New(info.Env(), sim.PlatformSim_LobbyExists(ArgId(info, 0, "lobbyId")));
}

Napi::Value CreateGuild(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string name = ArgString(info, 0, "name");
  uint64_t id = sim.PlatformSim_CreateGuild(View(name));
  if (id == 0) ThrowLastError(info.Env(), "guilds.create");
  return IdToJs(info.Env(), id);
}

Napi::Value AddGuildMember(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  if (!sim.PlatformSim_AddGuildMember(ArgId(info, 0, "guildId"), ArgId(info, 1, "userId"))) ThrowLastError(info.Env(), "guilds.create");
  return info.Env().Undefined();
}

Napi::Value RemoveGuild(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), Sim(info.Env()).PlatformSim_RemoveGuild(ArgId(info, 0, "guildId")));
}

// createGuildChannel(guildId, name, type, position, parentId|0, linkable) → id
Napi::Value CreateGuildChannel(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t guild = ArgId(info, 0, "guildId");
  std::string name = ArgString(info, 1, "name");
  auto type = static_cast<Platform_ChannelType>(ArgInt32(info, 2, "type", 0, 18));
  int32_t position = ArgInt32(info, 3, "position", INT32_MIN, INT32_MAX);
  uint64_t parent = ArgId(info, 4, "parentId", true);
  uint64_t id = sim.PlatformSim_CreateGuildChannel(guild, View(name), type, position, parent, ArgBool(info, 5, "linkable"));
  if (id == 0) ThrowLastError(info.Env(), "guilds.create");
  return IdToJs(info.Env(), id);
}

Napi::Value AcceptGuildInvite(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string url = ArgString(info, 0, "inviteUrl");
  return Napi::Boolean::New(info.Env(), sim.PlatformSim_AcceptGuildInvite(View(url), ArgId(info, 1, "userId")));
}

// voiceJoinCall(userId, lobbyId): a simulated user joins the lobby's call
Napi::Value VoiceJoinCall(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  if (!sim.PlatformSim_VoiceJoinCall(ArgId(info, 0, "userId"), ArgId(info, 1, "lobbyId"))) ThrowLastError(info.Env(), "voice.joinCall");
  return info.Env().Undefined();
}

// voiceLeaveCall(userId, lobbyId)
Napi::Value VoiceLeaveCall(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  if (!sim.PlatformSim_VoiceLeaveCall(ArgId(info, 0, "userId"), ArgId(info, 1, "lobbyId"))) ThrowLastError(info.Env(), "voice.leaveCall");
  return info.Env().Undefined();
}

// voiceSpeak(userId, lobbyId, durationMs, frequencyHz)
Napi::Value VoiceSpeak(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  uint64_t user = ArgId(info, 0, "userId"), lobby = ArgId(info, 1, "lobbyId");
  auto duration = static_cast<uint32_t>(ArgNumber(info, 2, "durationMs", 0, 4294967295.0));
  auto frequency = static_cast<float>(ArgNumber(info, 3, "frequencyHz", 0, 24000));
  if (!sim.PlatformSim_VoiceSpeak(user, lobby, duration, frequency)) ThrowLastError(info.Env(), "voice.speak");
  return info.Env().Undefined();
}

Napi::Value VoicePlayoutLevel(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  float level = sim.PlatformSim_VoicePlayoutLevel(ArgId(info, 0, "listenerId"), ArgId(info, 1, "speakerId"));
  return Napi::Number::New(info.Env(), level);
}

// addAudioDevice(id, name, input, isDefault)
Napi::Value AddAudioDevice(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string id = ArgString(info, 0, "id");
  std::string name = ArgString(info, 1, "name");
  if (!sim.PlatformSim_AudioDeviceAdd(View(id), View(name), ArgBool(info, 2, "input"), ArgBool(info, 3, "isDefault"))) {
    ThrowLastError(info.Env(), "devices.add");
  }
  return info.Env().Undefined();
}

// removeAudioDevice(id)
Napi::Value RemoveAudioDevice(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string id = ArgString(info, 0, "id");
  if (!sim.PlatformSim_AudioDeviceRemove(View(id))) ThrowLastError(info.Env(), "devices.remove");
  return info.Env().Undefined();
}

Napi::Value SetMicrophoneLevel(const Napi::CallbackInfo &info) {
  Sim(info.Env()).PlatformSim_SetMicrophoneLevel(static_cast<float>(ArgNumber(info, 0, "dBFS", -100, 0)));
  return info.Env().Undefined();
}

// setPlatformVoiceSettings({ selfMute?, selfDeaf?, inputMode?: 'vad'|'ptt', pttKey?, inputVolume?,
// outputVolume?, noiseSuppression?, echoCancellation?, noiseCancellation?, automaticGainControl? })
// (lib/testing.ts validated the object; each property is read once here.)
Napi::Value SetPlatformVoiceSettings(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const SdkTable &sim = Sim(env);
  if (info.Length() < 1 || !info[0].IsObject()) throw Napi::TypeError::New(env, "settings must be an object");
  Napi::Object o = info[0].As<Napi::Object>();
  PlatformSim_VoiceSettingsUpdate u{};
  auto flag = [&](const char *name, bool &has, bool &value) {
    Napi::Value v = o.Get(name);
    if (v.IsBoolean()) has = true, value = v.As<Napi::Boolean>();
  };
  auto volume = [&](const char *name, bool &has, float &value) {
    Napi::Value v = o.Get(name);
    if (v.IsNumber()) has = true, value = v.As<Napi::Number>().FloatValue();
  };
  flag("selfMute", u.hasSelfMute, u.selfMute);
  flag("selfDeaf", u.hasSelfDeaf, u.selfDeaf);
  flag("noiseSuppression", u.hasNoiseSuppression, u.noiseSuppression);
  flag("echoCancellation", u.hasEchoCancellation, u.echoCancellation);
  flag("noiseCancellation", u.hasNoiseCancellation, u.noiseCancellation);
  flag("automaticGainControl", u.hasAutomaticGainControl, u.automaticGainControl);
  volume("inputVolume", u.hasInputVolume, u.inputVolume);
  volume("outputVolume", u.hasOutputVolume, u.outputVolume);
  Napi::Value mode = o.Get("inputMode");
  if (mode.IsString()) {
    auto m = VoiceInputModeFromName(mode.As<Napi::String>().Utf8Value());
    if (!m) throw Napi::TypeError::New(env, "settings.inputMode must be 'vad' or 'ptt'");
    u.hasInputMode = true;
    u.inputMode = static_cast<Platform_VoiceInputModeType>(*m);
  }
  std::string key;
  Napi::Value ptt = o.Get("pttKey");
  if (ptt.IsString()) {
    u.hasPttKey = true;
    key = ptt.As<Napi::String>().Utf8Value();
    u.pttKey = View(key);
  }
  if (!sim.PlatformSim_SetPlatformVoiceSettings(&u)) ThrowLastError(env, "platformClient.setVoiceSettings");
  return env.Undefined();
}

#ifdef PLATFORM_BENCH_HOOKS
// The benchmark's controls: only in the benchmark's build of addon and simulator (build-bench/).
// benchFloodMemberUpdates(lobbyId, memberId, count) → callbacks queued
Napi::Value BenchFloodMemberUpdates(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  int64_t n = sim.PlatformSim_BenchFloodMemberUpdates(ArgId(info, 0, "lobbyId"), ArgId(info, 1, "memberId"),
                                                      static_cast<int64_t>(ArgNumber(info, 2, "count", 0, 1e9)));
  if (n < 0) ThrowLastError(info.Env(), "bench.floodMemberUpdates");
  return Napi::Number::New(info.Env(), static_cast<double>(n));
}

// benchFloodLobbyMessages(authorId, lobbyId, count, content) → messages sent
Napi::Value BenchFloodLobbyMessages(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string content = ArgString(info, 3, "content");
  int64_t n = sim.PlatformSim_BenchFloodLobbyMessages(ArgId(info, 0, "authorId"), ArgId(info, 1, "lobbyId"),
                                                      static_cast<int64_t>(ArgNumber(info, 2, "count", 0, 1e9)), View(content));
  if (n < 0) ThrowLastError(info.Env(), "bench.floodLobbyMessages");
  return Napi::Number::New(info.Env(), static_cast<double>(n));
}

// benchStartEmitter(authorId, lobbyId, eventsPerSecond, count, content): the simulator's timed
// emitter (platform_sim.h) starts sending; throws on bad arguments or while one is running.
Napi::Value BenchStartEmitter(const Napi::CallbackInfo &info) {
  const SdkTable &sim = Sim(info.Env());
  std::string content = ArgString(info, 4, "content");
  // Ranges are the simulator's to check (its LastError says why); these only keep the casts defined.
  const double rate = ArgNumber(info, 2, "eventsPerSecond", -1e300, 1e300);
  const auto count = static_cast<int64_t>(ArgNumber(info, 3, "count", -1e15, 1e15));
  if (!sim.PlatformSim_BenchStartEmitter(ArgId(info, 0, "authorId"), ArgId(info, 1, "lobbyId"), rate, count, View(content))) {
    ThrowLastError(info.Env(), "bench.startEmitter");
  }
  return info.Env().Undefined();
}

// benchStopEmitter() → messages the last started emitter sent (joins its thread)
Napi::Value BenchStopEmitter(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), static_cast<double>(Sim(info.Env()).PlatformSim_BenchStopEmitter()));
}
#endif  // PLATFORM_BENCH_HOOKS

Napi::Value LiveCallbackCount(const Napi::CallbackInfo &info) {
  return Napi::Number::New(info.Env(), static_cast<double>(Sim(info.Env()).PlatformSim_LiveCallbackCount()));
}

// oauthRecordCounts() → { grants, codes, logSecrets }
Napi::Value OAuthRecordCounts(const Napi::CallbackInfo &info) {
  int64_t grants = 0, codes = 0, logSecrets = 0;
  Sim(info.Env()).PlatformSim_OAuthRecordCounts(&grants, &codes, &logSecrets);
  Napi::Object o = Napi::Object::New(info.Env());
  o.Set("grants", static_cast<double>(grants));
  o.Set("codes", static_cast<double>(codes));
  o.Set("logSecrets", static_cast<double>(logSecrets));
  return o;
}

}  // namespace

Napi::Object SimulatorControlExports(Napi::Env env) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("reset", Napi::Function::New<Reset>(env, "reset"));
  o.Set("createUser", Napi::Function::New<CreateUser>(env, "createUser"));
  o.Set("createApplication", Napi::Function::New<CreateApplication>(env, "createApplication"));
  o.Set("setConsent", Napi::Function::New<SetConsent>(env, "setConsent"));
  o.Set("issueToken", Napi::Function::New<IssueToken>(env, "issueToken"));
  o.Set("setTokenPrefixes", Napi::Function::New<SetTokenPrefixes>(env, "setTokenPrefixes"));
  o.Set("requestAuthorize", Napi::Function::New<RequestAuthorize>(env, "requestAuthorize"));
  o.Set("clockNow", Napi::Function::New<ClockNow>(env, "clockNow"));
  o.Set("clockAdvance", Napi::Function::New<ClockAdvance>(env, "clockAdvance"));
  o.Set("clockSetFrozen", Napi::Function::New<ClockSetFrozen>(env, "clockSetFrozen"));
  o.Set("networkSetOnline", Napi::Function::New<NetworkSetOnline>(env, "networkSetOnline"));
  o.Set("networkIsOnline", Napi::Function::New<NetworkIsOnline>(env, "networkIsOnline"));
  o.Set("networkSetLatency", Napi::Function::New<NetworkSetLatency>(env, "networkSetLatency"));
  o.Set("networkFailNext", Napi::Function::New<NetworkFailNext>(env, "networkFailNext"));
  o.Set("moderationBan", Napi::Function::New<ModerationBan>(env, "moderationBan"));
  o.Set("moderationDeauthorize", Napi::Function::New<ModerationDeauthorize>(env, "moderationDeauthorize"));
  o.Set("setDebugBuild", Napi::Function::New<SetDebugBuild>(env, "setDebugBuild"));
  o.Set("setLogTokenFilter", Napi::Function::New<SetLogTokenFilter>(env, "setLogTokenFilter"));
  o.Set("emitLog", Napi::Function::New<EmitLog>(env, "emitLog"));
  o.Set("liveCallbackCount", Napi::Function::New<LiveCallbackCount>(env, "liveCallbackCount"));
  o.Set("oauthRecordCounts", Napi::Function::New<OAuthRecordCounts>(env, "oauthRecordCounts"));
  o.Set("backendCreateLobby", Napi::Function::New<BackendCreateLobby>(env, "backendCreateLobby"));
  o.Set("backendUpdateLobbyMembers", Napi::Function::New<BackendUpdateLobbyMembers>(env, "backendUpdateLobbyMembers"));
  o.Set("backendSetModerationMetadata", Napi::Function::New<BackendSetModerationMetadata>(env, "backendSetModerationMetadata"));
  o.Set("backendSendLobbyMessage", Napi::Function::New<BackendSendLobbyMessage>(env, "backendSendLobbyMessage"));
  o.Set("backendSendUserMessage", Napi::Function::New<BackendSendUserMessage>(env, "backendSendUserMessage"));
  o.Set("lobbyExists", Napi::Function::New<LobbyExists>(env, "lobbyExists"));
  o.Set("createGuild", Napi::Function::New<CreateGuild>(env, "createGuild"));
  o.Set("addGuildMember", Napi::Function::New<AddGuildMember>(env, "addGuildMember"));
  o.Set("removeGuild", Napi::Function::New<RemoveGuild>(env, "removeGuild"));
  o.Set("createGuildChannel", Napi::Function::New<CreateGuildChannel>(env, "createGuildChannel"));
  o.Set("acceptGuildInvite", Napi::Function::New<AcceptGuildInvite>(env, "acceptGuildInvite"));
  o.Set("voiceJoinCall", Napi::Function::New<VoiceJoinCall>(env, "voiceJoinCall"));
  o.Set("voiceLeaveCall", Napi::Function::New<VoiceLeaveCall>(env, "voiceLeaveCall"));
  o.Set("voiceSpeak", Napi::Function::New<VoiceSpeak>(env, "voiceSpeak"));
  o.Set("voicePlayoutLevel", Napi::Function::New<VoicePlayoutLevel>(env, "voicePlayoutLevel"));
  o.Set("addAudioDevice", Napi::Function::New<AddAudioDevice>(env, "addAudioDevice"));
  o.Set("removeAudioDevice", Napi::Function::New<RemoveAudioDevice>(env, "removeAudioDevice"));
  o.Set("setMicrophoneLevel", Napi::Function::New<SetMicrophoneLevel>(env, "setMicrophoneLevel"));
  o.Set("setPlatformVoiceSettings", Napi::Function::New<SetPlatformVoiceSettings>(env, "setPlatformVoiceSettings"));
#ifdef PLATFORM_BENCH_HOOKS
  o.Set("benchFloodMemberUpdates", Napi::Function::New<BenchFloodMemberUpdates>(env, "benchFloodMemberUpdates"));
  o.Set("benchFloodLobbyMessages", Napi::Function::New<BenchFloodLobbyMessages>(env, "benchFloodLobbyMessages"));
  o.Set("benchStartEmitter", Napi::Function::New<BenchStartEmitter>(env, "benchStartEmitter"));
  o.Set("benchStopEmitter", Napi::Function::New<BenchStopEmitter>(env, "benchStopEmitter"));
#endif
  simctl::AddSocialControls(env, o);
  simctl::AddFixtureControls(env, o);
  simctl::AddHostControls(env, o);
  return o;
}

}  // namespace psdk
