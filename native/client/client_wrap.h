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
  // The JS methods, declared in native/boundary/methods.schema: each one's decoder and body.
#include "client/client_methods.h"

  platformpp::Client &Sdk();  // throws when closed
  void RegisterEventCallbacks();
  void RegisterPresenceCallbacks();
  void RegisterRelationshipCallbacks();
  void RegisterVoiceCallbacks();
  platformpp::Call CallOf(uint64_t channelId);  // throws when no such call
  void ReleaseAudio(uint64_t channelId);
  void ReleaseAllAudio();
  static bool HasVoiceSettings();

  std::shared_ptr<EnvState> envState_;
  std::shared_ptr<ClientSink> sink_;
  // The merge-required half of a two-callback operation (OpenMessageInPlatform, JoinLinkedLobbyGuild).
  template <class Completion>
  platformpp::Client::ProvisionalUserMergeRequiredCallback MergeRequired(Op<Completion> op) const {
    return [sink = sink_, op]() { PushMergeRequired(*sink, op.id); };
  }
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
