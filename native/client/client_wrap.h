// ClientWrap: the JS-visible native Client (one platformpp::Client). Asynchronous SDK operations
// take an operation id from JS; their completion is captured inside the SDK callback and handed
// to the JS dispatcher (lib/client.ts) as an event after Platform_RunCallbacks returns.
// One class, its methods split by area: client_wrap.cc (lifecycle, core, events),
// client_wrap_auth.cc, client_wrap_users.cc, client_wrap_lobbies.cc, client_wrap_guilds.cc,
// client_wrap_messages.cc, client_wrap_voice.cc, client_wrap_presence.cc,
// client_wrap_relationships.cc. The JS methods are declared once, in native/boundary/methods.schema:
// their declarations here (client_methods.h), their registration and argument decoding (each
// area's client_wrap_<area>_methods.inc) and the NativeClient interface (lib/native-client.ts) are
// generated from it; an area's file holds only the bodies.
#pragma once

#include <memory>
#include <unordered_map>
#include <vector>

#include <napi.h>

#include "boundary/boundary_codecs.h"
#include "client/client_sink.h"
#include "runtime/platformpp_bound.h"
#include "values/js_convert.h"

namespace psdk {

class AudioBridge;
class EnvState;

class ClientWrap : public Napi::ObjectWrap<ClientWrap> {
 public:
  static Napi::Function Init(Napi::Env env);
  explicit ClientWrap(const Napi::CallbackInfo &info);
  ~ClientWrap() override;

  size_t Dispatch(Napi::Env env);  // JS thread: captured events → JS dispatcher; → events (+ dropped)
  void Shutdown();               // drop the SDK client; idempotent; never calls JS

#ifdef PLATFORM_BENCH_HOOKS
  // For the benchmark baselines only (bench_exports.cc, built with -DPLATFORM_BENCH_HOOKS=ON): the
  // SDK client (null once closed), and putting the binding's own callbacks back after a baseline
  // replaced one.
  platformpp::Client *SdkForBench() { return client_.get(); }
  ClientSink &SinkForBench() { return *sink_; }
  void RestoreCallbacksForBench() { if (client_) RegisterEventCallbacks(); }
#endif

 private:
  using MethodList = std::vector<Napi::ClassPropertyDescriptor<ClientWrap>>;
  // The methods declared in native/boundary/methods.schema (generated).
#include "client/client_methods.h"

  // The JS methods of the areas not yet in native/boundary/methods.schema, added by their files.
  static void AddAuthMethods(MethodList &methods);           // client_wrap_auth.cc
  static void AddUserMethods(MethodList &methods);           // client_wrap_users.cc
  static void AddGuildMethods(MethodList &methods);          // client_wrap_guilds.cc
  static void AddMessageMethods(MethodList &methods);        // client_wrap_messages.cc
  static void AddVoiceMethods(MethodList &methods);          // client_wrap_voice.cc
  static void AddPresenceMethods(MethodList &methods);       // client_wrap_presence.cc
  static void AddRelationshipMethods(MethodList &methods);   // client_wrap_relationships.cc

  platformpp::Client &Sdk(const Napi::CallbackInfo &info);  // throws when closed
  platformpp::Client &Sdk();                                // the same, for a method's body
  void RegisterEventCallbacks();

  // Authorization
  Napi::Value CreateAuthorizationCodeVerifier(const Napi::CallbackInfo &info);
  Napi::Value Authorize(const Napi::CallbackInfo &info);
  Napi::Value AbortAuthorize(const Napi::CallbackInfo &info);
  Napi::Value GetToken(const Napi::CallbackInfo &info);
  Napi::Value GetTokenFromProvisionalMerge(const Napi::CallbackInfo &info);
  Napi::Value GetProvisionalToken(const Napi::CallbackInfo &info);
  Napi::Value GetTokenFromDevice(const Napi::CallbackInfo &info);
  Napi::Value AbortGetTokenFromDevice(const Napi::CallbackInfo &info);
  Napi::Value OpenAuthorizeDeviceScreen(const Napi::CallbackInfo &info);
  Napi::Value CloseAuthorizeDeviceScreen(const Napi::CallbackInfo &info);
  Napi::Value RefreshToken(const Napi::CallbackInfo &info);
  Napi::Value RevokeToken(const Napi::CallbackInfo &info);
  Napi::Value UpdateToken(const Napi::CallbackInfo &info);
  Napi::Value ExchangeChildToken(const Napi::CallbackInfo &info);
  Napi::Value FetchCurrentUser(const Napi::CallbackInfo &info);
  Napi::Value UnmergeIntoProvisionalAccount(const Napi::CallbackInfo &info);
  Napi::Value UpdateProvisionalAccountDisplayName(const Napi::CallbackInfo &info);
  Napi::Value ProvisionalUserMergeCompleted(const Napi::CallbackInfo &info);
  Napi::Value IsAuthenticated(const Napi::CallbackInfo &info);
  Napi::Value SetAuthorizeRequestHandler(const Napi::CallbackInfo &info);
  // Users and their details (client_wrap_users.cc)
  Napi::Value GetCurrentUser(const Napi::CallbackInfo &info);
  Napi::Value GetUser(const Napi::CallbackInfo &info);
  Napi::Value GetUserAvatarUrl(const Napi::CallbackInfo &info);
  Napi::Value GetUserDetails(const Napi::CallbackInfo &info);
  Napi::Value GetUserApplicationProfiles(const Napi::CallbackInfo &info);
  // Guilds and their channels linked to lobbies (client_wrap_guilds.cc)
  Napi::Value GetUserGuilds(const Napi::CallbackInfo &info);
  Napi::Value GetGuildChannels(const Napi::CallbackInfo &info);
  Napi::Value LinkChannelToLobby(const Napi::CallbackInfo &info);
  Napi::Value UnlinkChannelFromLobby(const Napi::CallbackInfo &info);
  Napi::Value JoinLinkedLobbyGuild(const Napi::CallbackInfo &info);
  // Messages (client_wrap_messages.cc)
  Napi::Value SendLobbyMessage(const Napi::CallbackInfo &info);
  Napi::Value SendUserMessage(const Napi::CallbackInfo &info);
  Napi::Value EditUserMessage(const Napi::CallbackInfo &info);
  Napi::Value DeleteUserMessage(const Napi::CallbackInfo &info);
  Napi::Value GetMessage(const Napi::CallbackInfo &info);
  Napi::Value GetChannel(const Napi::CallbackInfo &info);
  Napi::Value GetLobbyMessages(const Napi::CallbackInfo &info);
  Napi::Value GetUserMessages(const Napi::CallbackInfo &info);
  Napi::Value GetUserMessageSummaries(const Napi::CallbackInfo &info);
  Napi::Value SetShowingChat(const Napi::CallbackInfo &info);
  Napi::Value CanOpenMessageInPlatform(const Napi::CallbackInfo &info);
  Napi::Value OpenMessageInPlatform(const Napi::CallbackInfo &info);
  // Voice (client_wrap_voice.cc)
  Napi::Value StartCall(const Napi::CallbackInfo &info);
  Napi::Value GetCallIds(const Napi::CallbackInfo &info);
  Napi::Value EndCall(const Napi::CallbackInfo &info);
  Napi::Value EndCalls(const Napi::CallbackInfo &info);
  Napi::Value CallState(const Napi::CallbackInfo &info);
  Napi::Value CallVoiceState(const Napi::CallbackInfo &info);
  // One setter per call property: Setter is the platformpp::Call member it calls.
  template <auto Setter> Napi::Value SetCallFlag(const Napi::CallbackInfo &info);
  Napi::Value SetCallAudioMode(const Napi::CallbackInfo &info);
  Napi::Value SetCallPttReleaseDelay(const Napi::CallbackInfo &info);
  Napi::Value SetCallVadThreshold(const Napi::CallbackInfo &info);
  Napi::Value SetCallLocalMute(const Napi::CallbackInfo &info);
  Napi::Value SetCallParticipantVolume(const Napi::CallbackInfo &info);
  Napi::Value GetCallLocalMute(const Napi::CallbackInfo &info);
  Napi::Value GetCallParticipantVolume(const Napi::CallbackInfo &info);
  Napi::Value SetAudioReceivedMuted(const Napi::CallbackInfo &info);
  Napi::Value SetAudioGain(const Napi::CallbackInfo &info);
  Napi::Value AudioHandleOf(const Napi::CallbackInfo &info);
  Napi::Value AudioDrain(const Napi::CallbackInfo &info);
  Napi::Value ReadAudioStats(const Napi::CallbackInfo &info);
  Napi::Value VoiceGet(const Napi::CallbackInfo &info);
  // One setter per client audio setting: Setter is the platformpp::Client member it calls.
  template <auto Setter> Napi::Value SetVoiceFlag(const Napi::CallbackInfo &info);
  Napi::Value SetInputVolume(const Napi::CallbackInfo &info);
  Napi::Value SetOutputVolume(const Napi::CallbackInfo &info);
  Napi::Value SetOpusHardwareCoding(const Napi::CallbackInfo &info);
  Napi::Value SetNoAudioInputThreshold(const Napi::CallbackInfo &info);
  // Devices: Getter is the platformpp::Client member that lists them (or reads the current one).
  template <auto Getter> Napi::Value GetDeviceList(const Napi::CallbackInfo &info);
  template <auto Getter> Napi::Value GetCurrentDevice(const Napi::CallbackInfo &info);
  template <auto Setter> Napi::Value SetDevice(const Napi::CallbackInfo &info);
  Napi::Value GetPlatformVoiceSettings(const Napi::CallbackInfo &info);
  Napi::Value SetThreadPriority(const Napi::CallbackInfo &info);
  // Presence and invites (client_wrap_presence.cc)
  Napi::Value UpdateRichPresence(const Napi::CallbackInfo &info);
  Napi::Value ClearRichPresence(const Napi::CallbackInfo &info);
  Napi::Value SetOnlineStatus(const Napi::CallbackInfo &info);
  Napi::Value SendActivityInvite(const Napi::CallbackInfo &info);
  Napi::Value SendActivityJoinRequest(const Napi::CallbackInfo &info);
  Napi::Value SendActivityJoinRequestReply(const Napi::CallbackInfo &info);
  Napi::Value AcceptActivityInvite(const Napi::CallbackInfo &info);
  Napi::Value RegisterLaunchCommand(const Napi::CallbackInfo &info);
  Napi::Value RegisterLaunchSteamApplication(const Napi::CallbackInfo &info);
  Napi::Value IsPlatformAppInstalled(const Napi::CallbackInfo &info);
  Napi::Value GetPlatformClientConnectedUser(const Napi::CallbackInfo &info);
  Napi::Value OpenConnectedGamesSettingsInPlatform(const Napi::CallbackInfo &info);
  void RegisterPresenceCallbacks();
  // Relationships (client_wrap_relationships.cc)
  Napi::Value GetRelationships(const Napi::CallbackInfo &info);
  Napi::Value GetRelationship(const Napi::CallbackInfo &info);
  Napi::Value SearchFriendsByUsername(const Napi::CallbackInfo &info);
  // The user-id operations with a ClientResult (accept, reject, block, …): Action is the
  // platformpp::Client member it calls.
  template <auto Action> Napi::Value RelationshipAction(const Napi::CallbackInfo &info);
  template <auto Send> Napi::Value SendFriendRequestByName(const Napi::CallbackInfo &info);
  void RegisterRelationshipCallbacks();
  platformpp::Call CallArg(const Napi::CallbackInfo &info, size_t index);  // throws when no such call
  void RegisterVoiceCallbacks();
  void ReleaseAudio(uint64_t channelId);
  void ReleaseAllAudio();
  static bool HasVoiceSettings();

  std::shared_ptr<EnvState> envState_;
  std::shared_ptr<ClientSink> sink_;
  // The merge-required half of a two-callback operation (OpenMessageInPlatform, JoinLinkedLobbyGuild).
  platformpp::Client::ProvisionalUserMergeRequiredCallback MergeRequired(uint32_t op) const;
  std::unique_ptr<platformpp::Client> client_;
  // Raw-audio bridges of calls started with audio callbacks, by channel id.
  std::unordered_map<uint64_t, std::shared_ptr<AudioBridge>> audioBridges_;
  Napi::FunctionReference onEvents_;
  EventTape batch_;  // JS thread: the events of one dispatch
  static constexpr size_t kKeptTapeBytes = size_t{1} << 20;
  // A dispatch's numbers cross in an ArrayBuffer kept from one dispatch to the next (at most
  // kKeptTapeBytes): a fresh Buffer per tick was a malloc of up to ~160 KB that glibc maps and
  // unmaps again, the copy into it page-faulting on every page (~38 faults per 1,000-message
  // tick; none show in an instruction count). JS reads it only during the dispatch
  // (lib/dispatch.ts): a listener that pumps again meanwhile gets a fresh copy (numsLent_).
  Napi::Reference<Napi::ArrayBuffer> numsBuffer_;
  bool numsLent_ = false;
  Napi::Value DispatchNums(Napi::Env env, bool &lent);
};

}  // namespace psdk
