#include "message_snapshot.h"

#include "event_tape.h"
#include "js_convert.h"

namespace psdk {

MessageData CaptureMessage(const platformpp::MessageHandle &m) {
  MessageData d;
  d.id = m.Id();
  d.authorId = m.AuthorId();
  d.channelId = m.ChannelId();
  d.recipientId = m.RecipientId();
  d.applicationId = m.ApplicationId();
  d.content = m.Content();
  d.rawContent = m.RawContent();
  d.additionalName = m.AdditionalName();  // absent symbol (SDK < 1.10): the loader's fallback says "none"
  d.metadata = m.Metadata();
  d.moderationMetadata = m.ModerationMetadata();
  if (std::optional<platformpp::AdditionalContent> ac = m.AdditionalContent()) {
    d.additionalContent = MessageData::Additional{static_cast<int32_t>(ac->Type()), ac->Title(), ac->Count()};
  }
  if (std::optional<platformpp::DisclosureTypes> disclosure = m.DisclosureType()) {
    d.disclosureType = static_cast<int32_t>(*disclosure);
  }
  d.sentFromGame = m.SentFromGame();
  d.sentTimestamp = m.SentTimestamp();
  d.editedTimestamp = m.EditedTimestamp();
  if (std::optional<platformpp::UserHandle> author = m.Author()) d.author = CaptureUser(*author);
  if (std::optional<platformpp::LobbyHandle> lobby = m.Lobby()) d.lobbyId = lobby->Id();
  if (std::optional<platformpp::ChannelHandle> channel = m.Channel()) d.channelType = static_cast<int32_t>(channel->Type());
  return d;
}

namespace {
Napi::Value OptionalId(Napi::Env env, uint64_t id) { return id ? Napi::Value(IdToJs(env, id)) : env.Null(); }
Napi::Value OptionalString(Napi::Env env, const std::optional<std::string> &s) {
  return s ? Napi::Value(Napi::String::New(env, *s)) : env.Null();
}
}  // namespace

Napi::Object MessageToJs(Napi::Env env, const MessageData &d) {
  Napi::Object o = Napi::Object::New(env);
  o.Set("id", IdToJs(env, d.id));
  o.Set("content", d.content);
  o.Set("rawContent", d.rawContent);
  o.Set("authorId", IdToJs(env, d.authorId));
  o.Set("author", d.author ? Napi::Value(UserToJs(env, *d.author)) : env.Null());
  o.Set("channelId", IdToJs(env, d.channelId));
  o.Set("channelType", Napi::Number::New(env, d.channelType));
  o.Set("lobbyId", OptionalId(env, d.lobbyId));
  o.Set("recipientId", OptionalId(env, d.recipientId));
  o.Set("applicationId", d.applicationId ? Napi::Value(IdToJs(env, *d.applicationId)) : env.Null());
  o.Set("additionalName", OptionalString(env, d.additionalName));
  o.Set("metadata", MapToJs(env, d.metadata));
  o.Set("moderationMetadata", MapToJs(env, d.moderationMetadata));
  if (d.additionalContent) {
    Napi::Object ac = Napi::Object::New(env);
    ac.Set("type", Napi::Number::New(env, d.additionalContent->type));
    ac.Set("title", OptionalString(env, d.additionalContent->title));
    ac.Set("count", Napi::Number::New(env, d.additionalContent->count));
    o.Set("additionalContent", ac);
  } else {
    o.Set("additionalContent", env.Null());
  }
  o.Set("disclosureType", d.disclosureType ? Napi::Value(Napi::Number::New(env, *d.disclosureType)) : env.Null());
  o.Set("sentFromGame", Napi::Boolean::New(env, d.sentFromGame));
  o.Set("sentTimestamp", Napi::Number::New(env, static_cast<double>(d.sentTimestamp)));
  o.Set("editedTimestamp", Napi::Number::New(env, static_cast<double>(d.editedTimestamp)));
  return o;
}

void EncodeMessage(EventTape &t, const MessageData &d) {
  t.Id(d.id);
  t.Str(d.content);
  t.Str(d.rawContent);
  t.Id(d.authorId);
  t.Bool(d.author.has_value());
  if (d.author) EncodeUser(t, *d.author);
  t.Id(d.channelId);
  t.Num(d.channelType);
  t.OptId(d.lobbyId);
  t.OptId(d.recipientId);
  d.applicationId ? t.Id(*d.applicationId) : t.NullStr();
  t.OptStr(d.additionalName);
  t.Map(d.metadata);
  t.Map(d.moderationMetadata);
  t.Bool(d.additionalContent.has_value());
  if (d.additionalContent) {
    t.Num(d.additionalContent->type);
    t.OptStr(d.additionalContent->title);
    t.Num(d.additionalContent->count);
  }
  t.Num(d.disclosureType ? *d.disclosureType : -1);
  t.Bool(d.sentFromGame);
  t.Num(static_cast<double>(d.sentTimestamp));
  t.Num(static_cast<double>(d.editedTimestamp));
}

bool MessagePayload::Encode(EventTape &tape) const {
  tape.Num(static_cast<double>(FieldTag::Message));
  EncodeMessage(tape, message_);
  return true;
}

bool MessageListPayload::Encode(EventTape &tape) const {
  tape.Num(static_cast<double>(FieldTag::MessageList));
  tape.Num(static_cast<double>(list_.size()));
  for (const MessageData &m : list_) EncodeMessage(tape, m);
  return true;
}

Napi::Value MessageListPayload::ToJs(Napi::Env env) const {
  Napi::Array a = Napi::Array::New(env, list_.size());
  for (size_t i = 0; i < list_.size(); ++i) a.Set(static_cast<uint32_t>(i), MessageToJs(env, list_[i]));
  return a;
}

MessageSummaryListPayload::MessageSummaryListPayload(const std::vector<platformpp::UserMessageSummary> &summaries) {
  list_.reserve(summaries.size());
  for (const auto &s : summaries) list_.push_back({s.UserId(), s.LastMessageId()});
}

Napi::Value MessageSummaryListPayload::ToJs(Napi::Env env) const {
  Napi::Array a = Napi::Array::New(env, list_.size());
  for (size_t i = 0; i < list_.size(); ++i) {
    Napi::Object o = Napi::Object::New(env);
    o.Set("userId", IdToJs(env, list_[i].userId));
    o.Set("lastMessageId", IdToJs(env, list_[i].lastMessageId));
    a.Set(static_cast<uint32_t>(i), o);
  }
  return a;
}

}  // namespace psdk
