// Native events: what an SDK callback captures inside the SDK frame, to be handed to JS after
// Platform_RunCallbacks() returns (or, for callbacks on SDK threads, from a thread-safe-function
// call). Captured values are plain copies: nothing here refers back into the SDK, because the SDK
// keeps only short-lived state (e.g. the last 25 messages of a channel).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <napi.h>

namespace psdk {

class EventTape;

// The numeric kinds are part of the contract with lib/native.ts (NativeEventKind). Each comment
// lists the event's fields in tape order, after its header and result (native/event_tape.h);
// the leading `[N, opId, result,` is the kind and header.
enum class EventKind : uint8_t {
  Completion = 1,        // [1, opId, result|null, ...fields]
  Status = 2,            // [2, 0, null, status, error, errorDetail]
  Log = 3,               // [3, 0, null, message, severity]
  VoiceLog = 4,          // [4, 0, null, message, severity]
  TokenExpiration = 5,   // [5, 0, null]
  AuthorizeRequest = 6,  // [6, 0, null]
  UserUpdated = 7,       // [7, 0, null, userId]
  DeviceScreenClosed = 8, // [8, 0, null]
  LobbyCreated = 9,        // [9, 0, null, lobbyId]
  LobbyUpdated = 10,       // [10, 0, null, lobbyId]
  LobbyDeleted = 11,       // [11, 0, null, lobbyId]
  LobbyMemberAdded = 12,   // [12, 0, null, lobbyId, memberId]
  LobbyMemberUpdated = 13, // [13, 0, null, lobbyId, memberId]
  LobbyMemberRemoved = 14, // [14, 0, null, lobbyId, memberId]
  MessageCreated = 15,     // [15, 0, null, messageId, message|null]
  MessageUpdated = 16,     // [16, 0, null, messageId, message|null]
  MessageDeleted = 17,     // [17, 0, null, messageId, channelId]
  MergeRequired = 18,      // [18, opId, null]: the operation needs a provisional-account merge
  CallStatus = 19,         // [19, 0, null, channelId, status, error, errorDetail]
  CallParticipant = 20,    // [20, 0, null, channelId, userId, added]
  CallSpeaking = 21,       // [21, 0, null, channelId, userId, speaking]
  CallVoiceState = 22,     // [22, 0, null, channelId, userId]
  VoiceParticipant = 23,   // [23, 0, null, lobbyId, memberId, added]
  DevicesChanged = 24,     // [24, 0, null, inputs, outputs]
  NoAudioInput = 25,       // [25, 0, null, inputDetected]
  VoiceSettingsUpdated = 26, // [26, 0, null, settings]
  ActivityInviteCreated = 27,       // [27, 0, null, invite]
  ActivityInviteUpdated = 28,       // [28, 0, null, invite]
  ActivityJoin = 29,                // [29, 0, null, joinSecret]
  ActivityJoinWithApplication = 30, // [30, 0, null, applicationId, joinSecret]
  RelationshipCreated = 31,         // [31, 0, null, userId, isPlatformRelationshipUpdate]
  RelationshipDeleted = 32,         // [32, 0, null, userId, isPlatformRelationshipUpdate]
  RelationshipGroupsUpdated = 33    // [33, 0, null, userId]
};

// A structured value captured inside an SDK callback (a message, a list of guilds, …),
// converted to JS on the JS thread.
class Payload {
 public:
  virtual ~Payload() = default;
  virtual Napi::Value ToJs(Napi::Env env) const = 0;
  // Payloads on hot paths write themselves into the tape (their tag, then their data) and
  // return true; the others return false and cross as a Node-API object built by ToJs.
  virtual bool Encode(EventTape &) const { return false; }
};

// A captured value converted by `Convert` on the JS thread: the payload of most events.
template <class Data, Napi::Object (*Convert)(Napi::Env, const Data &)>
class ValuePayload final : public Payload {
 public:
  explicit ValuePayload(Data data) : data_(std::move(data)) {}
  Napi::Value ToJs(Napi::Env env) const override { return Convert(env, data_); }

 private:
  Data data_;
};

// A copy of a failed ClientResult (successful results travel as null).
struct ResultData {
  int32_t type = 0;
  std::string error;
  int32_t errorCode = 0;
  int32_t status = 0;
  std::string responseBody;
  bool retryable = false;
  float retryAfterSeconds = 0;
};

// One value of an event payload.
struct Field {
  enum class Kind : uint8_t { String, Number, Id, Bool, Object };
  Kind kind = Kind::Number;
  std::string text;
  double number = 0;
  uint64_t id = 0;
  bool flag = false;
  std::shared_ptr<const Payload> object;  // Kind::Object; null converts to JS null

  static Field Str(std::string v) { Field f; f.kind = Kind::String; f.text = std::move(v); return f; }
  static Field Num(double v) { Field f; f.kind = Kind::Number; f.number = v; return f; }
  static Field Snowflake(uint64_t v) { Field f; f.kind = Kind::Id; f.id = v; return f; }
  static Field Bool(bool v) { Field f; f.kind = Kind::Bool; f.flag = v; return f; }
  static Field Obj(std::shared_ptr<const Payload> v) { Field f; f.kind = Kind::Object; f.object = std::move(v); return f; }
};

struct NativeEvent {
  EventKind kind = EventKind::Completion;
  uint32_t opId = 0;
  std::optional<ResultData> result;
  std::vector<Field> fields;
};

}  // namespace psdk
