// ClientWrap, lobbies: create or join, leave, read.
#include "boundary/boundary_codecs.h"
#include "client/client_events.h"
#include "client/client_wrap.h"
#include "values/js_convert.h"
#include "values/lobby_snapshot.h"

namespace psdk {

using platformpp::ClientResult;

// With metadata (either map given): the SDK's WithMetadata form, a missing map empty.
void ClientWrap::CreateOrJoinLobby(Op<LobbyIdCompletion> op, const std::string &secret, const std::optional<StringMap> &lobbyMetadata,
                                   const std::optional<StringMap> &memberMetadata) {
  auto sink = sink_;
  auto done = [sink, op](ClientResult result, uint64_t lobbyId) { CompleteLobbyId(*sink, op, CaptureResult(result), lobbyId); };
  if (lobbyMetadata || memberMetadata) {
    Sdk().CreateOrJoinLobbyWithMetadata(secret, lobbyMetadata.value_or(StringMap()), memberMetadata.value_or(StringMap()), done);
  } else {
    Sdk().CreateOrJoinLobby(secret, done);
  }
}

void ClientWrap::LeaveLobby(Op<DoneCompletion> op, uint64_t lobbyId) { Sdk().LeaveLobby(lobbyId, ResultCompletion(sink_, op)); }

// Its members and their users are captured in the same pass.
std::optional<LobbyData> ClientWrap::GetLobby(uint64_t lobbyId) {
  if (!client_) return std::nullopt;
  std::optional<platformpp::LobbyHandle> lobby = client_->GetLobbyHandle(lobbyId);
  if (!lobby) return std::nullopt;
  return CaptureLobby(*lobby);
}

std::vector<uint64_t> ClientWrap::GetLobbyIds() { return client_ ? client_->GetLobbyIds() : std::vector<uint64_t>(); }

#include "client/client_wrap_lobbies_methods.inc"

}  // namespace psdk
