#include "bench_exports.h"

#include <cstdint>

#include "js_convert.h"
#include "message_snapshot.h"

namespace psdk {

namespace {

// The floor of any call into the addon.
Napi::Value Noop(const Napi::CallbackInfo &info) { return info.Env().Undefined(); }

// The naive design: per event, one object built natively with every field of a Message set
// through Node-API, handed over by one call per event (no batching, no laziness).
Napi::Value NaiveMessages(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const int64_t count = static_cast<int64_t>(ArgNumber(info, 0, "count", 0, 1e9));
  if (info.Length() < 2 || !info[1].IsFunction()) throw Napi::TypeError::New(env, "listener must be a function");
  Napi::Function listener = info[1].As<Napi::Function>();
  MessageData m;
  m.authorId = 1574052449600143360ULL;
  m.channelId = m.lobbyId = 1574052456092925952ULL;
  m.applicationId = 1574052449600143361ULL;
  m.content = m.rawContent = "a lobby chat message of ordinary length, about sixty chars";
  m.metadata = {{"kind", "chat"}};
  m.sentFromGame = true;
  m.channelType = 17;
  UserData author;
  author.id = m.authorId;
  author.username = "alice";
  author.displayName = "Alice";
  author.globalName = "Alice";
  m.author = author;
  for (int64_t i = 0; i < count; ++i) {
    Napi::HandleScope scope(env);
    m.id = 1574052456092926000ULL + static_cast<uint64_t>(i);
    m.sentTimestamp = 1763800000000ULL + static_cast<uint64_t>(i);
    listener.Call({MessageToJs(env, m)});
  }
  return env.Undefined();
}

}  // namespace

Napi::Object BenchExports(Napi::Env env) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("noop", Napi::Function::New<Noop>(env, "noop"));
  o.Set("naiveMessages", Napi::Function::New<NaiveMessages>(env, "naiveMessages"));
  return o;
}

}  // namespace psdk
