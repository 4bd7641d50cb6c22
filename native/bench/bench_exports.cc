#include "bench/bench_exports.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "audio/audio_stats.h"
#include "boundary/boundary_codecs.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/message_snapshot.h"

namespace psdk {

namespace {

// The floor of any call into the addon.
Napi::Value Noop(const Napi::CallbackInfo &info) { return info.Env().Undefined(); }

// The naive design: per event, one object built natively with every field of a Message set
// through Node-API, handed over by one call per event (no batching, no laziness).
MessageData SampleMessage() {
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
  return m;
}

Napi::Value NaiveMessages(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  const int64_t count = static_cast<int64_t>(ArgNumber(info, 0, "count", 0, 1e9));
  if (info.Length() < 2 || !info[1].IsFunction()) throw Napi::TypeError::New(env, "listener must be a function");
  Napi::Function listener = info[1].As<Napi::Function>();
  MessageData m = SampleMessage();
  for (int64_t i = 0; i < count; ++i) {
    Napi::HandleScope scope(env);
    m.id = 1574052456092926000ULL + static_cast<uint64_t>(i);
    m.sentTimestamp = 1763800000000ULL + static_cast<uint64_t>(i);
    listener.Call({MessageToJs(env, m)});
  }
  return env.Undefined();
}

// The naive design in the real pipeline: the same simulator flood and the same capture inside the
// SDK callback, then one object built natively per event and one JS call per event. A baseline
// attaches to one client (replacing its messageCreated callback) until naiveDetach.
struct NaiveQueue {
  std::mutex mutex;
  std::vector<MessageData> messages;
};
std::shared_ptr<NaiveQueue> g_naive = std::make_shared<NaiveQueue>();

ClientWrap &ClientArg(const Napi::CallbackInfo &info) {
  if (info.Length() < 1 || !info[0].IsObject()) throw Napi::TypeError::New(info.Env(), "client must be a NativeClient");
  ClientWrap *client = ClientWrap::Unwrap(info[0].As<Napi::Object>());
  if (client == nullptr || client->SdkForBench() == nullptr) throw Napi::Error::New(info.Env(), "client is closed");
  return *client;
}

Napi::Value NaiveAttach(const Napi::CallbackInfo &info) {
  platformpp::Client *sdk = ClientArg(info).SdkForBench();
  std::shared_ptr<NaiveQueue> queue = g_naive;
  sdk->SetMessageCreatedCallback([queue, sdk](uint64_t id) {
    if (std::optional<platformpp::MessageHandle> handle = sdk->GetMessageHandle(id)) {
      MessageData m = CaptureMessage(*handle);
      std::lock_guard<std::mutex> lock(queue->mutex);
      queue->messages.push_back(std::move(m));
    }
  });
  return info.Env().Undefined();
}

Napi::Value NaiveDispatch(const Napi::CallbackInfo &info) {
  Napi::Env env = info.Env();
  if (info.Length() < 1 || !info[0].IsFunction()) throw Napi::TypeError::New(env, "listener must be a function");
  Napi::Function listener = info[0].As<Napi::Function>();
  std::vector<MessageData> messages;
  {
    std::lock_guard<std::mutex> lock(g_naive->mutex);
    messages.swap(g_naive->messages);
  }
  for (const MessageData &m : messages) {
    Napi::HandleScope scope(env);
    listener.Call({MessageToJs(env, m)});
  }
  return Napi::Number::New(env, static_cast<double>(messages.size()));
}

Napi::Value NaiveDetach(const Napi::CallbackInfo &info) {
  ClientArg(info).RestoreCallbacksForBench();
  std::lock_guard<std::mutex> lock(g_naive->mutex);
  g_naive->messages.clear();
  return info.Env().Undefined();
}

// The binding's own crossing alone: `count` messageCreated events with the same sample message,
// encoded into a client's queue as the capture would; the next pump() delivers them.
Napi::Value QueueMessages(const Napi::CallbackInfo &info) {
  ClientSink &sink = ClientArg(info).SinkForBench();
  const int64_t count = static_cast<int64_t>(ArgNumber(info, 1, "count", 0, 1e9));
  MessageData m = SampleMessage();
  for (int64_t i = 0; i < count; ++i) {
    m.id = 1574052456092926000ULL + static_cast<uint64_t>(i);
    PushMessageCreated(sink, m.id, &m);
  }
  return info.Env().Undefined();
}

// The floor of the audio row (8): what the machine itself does to a region as short as our audio
// callback. A thread with the simulator's cadence (every 10 ms, 9 regions: 8 speakers and the
// microphone) times the copy the callback makes — 3,840 bytes into the next slot of a ring of 256
// pre-touched slots — with the same steady clock and histogram. No addon, SDK or JS involved: its
// tail (interrupts, the hypervisor taking the vCPU) is the environment's, and bounds what the
// callback's max can show on the same machine in the same run.
class AudioFloorWorker : public Napi::AsyncWorker {
 public:
  AudioFloorWorker(Napi::Env env, double seconds)
      : Napi::AsyncWorker(env, "platform-social-sdk:bench-audio-floor"), deferred_(Napi::Promise::Deferred::New(env)),
        ticks_(static_cast<int>(seconds * 100)) {}
  Napi::Promise Promise() const { return deferred_.Promise(); }

  void Execute() override {
    constexpr size_t kSamples = 960, kSlots = 256;
    std::vector<int16_t> source(kSamples, 1), ring(kSamples * kSlots, 0);
    size_t slot = 0;
    auto next = std::chrono::steady_clock::now();
    for (int tick = 0; tick < ticks_; ++tick) {
      next += std::chrono::milliseconds(10);
      std::this_thread::sleep_until(next);
      for (int region = 0; region < 9; ++region) {
        source[static_cast<size_t>(region)] = static_cast<int16_t>(tick);  // the producer just wrote its frame
        ScopedCallbackTimer timer(histogram_);
        std::memcpy(&ring[(slot++ % kSlots) * kSamples], source.data(), kSamples * sizeof(int16_t));
      }
    }
    sink_ = ring[0];
  }
  void OnOK() override {
    Napi::Env env = Env();
    const DurationHistogram::Summary s = histogram_.Summarize();
    Napi::Object o = Napi::Object::New(env);
    o.Set("regions", Napi::Number::New(env, static_cast<double>(s.count)));
    o.Set("p99Us", Napi::Number::New(env, static_cast<double>(s.p99Ns) / 1000.0));
    o.Set("maxUs", Napi::Number::New(env, static_cast<double>(s.maxNs) / 1000.0));
    deferred_.Resolve(o);
  }
  void OnError(const Napi::Error &e) override { deferred_.Reject(e.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  const int ticks_;
  DurationHistogram histogram_;
  volatile int16_t sink_ = 0;  // keeps the copies observable
};

// audioFloor(seconds) → Promise<{ regions, p99Us, maxUs }>, run on a libuv pool thread.
Napi::Value AudioFloor(const Napi::CallbackInfo &info) {
  auto *worker = new AudioFloorWorker(info.Env(), ArgNumber(info, 0, "seconds", 0.01, 600));
  Napi::Promise promise = worker->Promise();
  worker->Queue();  // deletes itself when done
  return promise;
}

}  // namespace

Napi::Object BenchExports(Napi::Env env) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("noop", Napi::Function::New<Noop>(env, "noop"));
  o.Set("naiveMessages", Napi::Function::New<NaiveMessages>(env, "naiveMessages"));
  o.Set("queueMessages", Napi::Function::New<QueueMessages>(env, "queueMessages"));
  o.Set("naiveAttach", Napi::Function::New<NaiveAttach>(env, "naiveAttach"));
  o.Set("naiveDispatch", Napi::Function::New<NaiveDispatch>(env, "naiveDispatch"));
  o.Set("naiveDetach", Napi::Function::New<NaiveDetach>(env, "naiveDetach"));
  o.Set("audioFloor", Napi::Function::New<AudioFloor>(env, "audioFloor"));
  return o;
}

}  // namespace psdk
