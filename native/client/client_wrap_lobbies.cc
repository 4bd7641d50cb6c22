// ClientWrap, lobbies: create or join, leave, read.
#include "boundary/boundary_codecs.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/lobby_snapshot.h"

namespace psdk {

using platformpp::ClientResult;

void ClientWrap::AddLobbyMethods(MethodList &methods) {
  methods.insert(methods.end(), {
      InstanceMethod<&ClientWrap::CreateOrJoinLobby>("createOrJoinLobby"),
      InstanceMethod<&ClientWrap::LeaveLobby>("leaveLobby"),
      InstanceMethod<&ClientWrap::GetLobby>("getLobby"),
      InstanceMethod<&ClientWrap::GetLobbyIds>("getLobbyIds"),
  });
}

// createOrJoinLobby(opId, secret, lobbyMetadata?, memberMetadata?) → [lobbyId]
Napi::Value ClientWrap::CreateOrJoinLobby(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  std::string secret = ArgString(info, 1, "secret");
  auto sink = sink_;
  auto done = [sink, op](ClientResult result, uint64_t lobbyId) {
    CompleteLobbyId(*sink, op, CaptureResult(result), lobbyId);
  };
  bool withMetadata = (info.Length() > 2 && !info[2].IsUndefined()) || (info.Length() > 3 && !info[3].IsUndefined());
  if (withMetadata) {
    auto lobbyMetadata = ToStringMap(info[2], "lobbyMetadata");
    auto memberMetadata = ToStringMap(info.Length() > 3 ? info[3] : info.Env().Undefined(), "memberMetadata");
    Sdk(info).CreateOrJoinLobbyWithMetadata(secret, lobbyMetadata, memberMetadata, done);
  } else {
    Sdk(info).CreateOrJoinLobby(secret, done);
  }
  return info.Env().Undefined();
}

// leaveLobby(opId, lobbyId)
Napi::Value ClientWrap::LeaveLobby(const Napi::CallbackInfo &info) {
  uint32_t op = ArgOpId(info, 0);
  Sdk(info).LeaveLobby(ArgId(info, 1, "lobbyId"), ResultCompletion(sink_, op));
  return info.Env().Undefined();
}

// getLobby(lobbyId) → tape of one Lobby record (its members and their users in the same pass) | null
Napi::Value ClientWrap::GetLobby(const Napi::CallbackInfo &info) {
  uint64_t id = ArgId(info, 0, "lobbyId");
  if (!client_) return info.Env().Null();
  std::optional<platformpp::LobbyHandle> lobby = client_->GetLobbyHandle(id);
  if (!lobby) return info.Env().Null();
  return RecordTapeToJs(info.Env(), CaptureLobby(*lobby), &EncodeLobby);
}

Napi::Value ClientWrap::GetLobbyIds(const Napi::CallbackInfo &info) {
  if (!client_) return Napi::Array::New(info.Env());
  return IdsToJs(info.Env(), client_->GetLobbyIds());
}

}  // namespace psdk
