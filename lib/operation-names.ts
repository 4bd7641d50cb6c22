// The names of the SDK's requests that the simulated network carries, as `sim.network.failNext`
// (and the console's "fail next" form, through it) takes them: the C function without its
// `Platform_Client_` prefix, in lowerCamel. A name not in this table would never fire, so it is
// refused, with the close matches. Operations the simulator answers locally (device lists,
// updateToken, opening the desktop client) send no request and cannot fail on the network.
import { closeMatches } from './suggest';

export const SIMULATED_REQUESTS: readonly string[] = [
  // Authorization and tokens
  'authorize', 'getToken', 'refreshToken', 'revokeToken', 'getProvisionalToken', 'getTokenFromProvisionalMerge',
  'unmergeIntoProvisionalAccount', 'exchangeChildToken', 'fetchCurrentUser', 'updateProvisionalAccountDisplayName',
  'getTokenFromDevice', 'getTokenFromDeviceProvisionalMerge', 'connect',
  // Lobbies, messages, servers
  'createOrJoinLobby', 'createOrJoinLobbyWithMetadata', 'leaveLobby', 'sendLobbyMessage', 'sendLobbyMessageWithMetadata',
  'getLobbyMessagesWithLimit', 'linkChannelToLobby', 'unlinkChannelFromLobby', 'joinLinkedLobbyGuild',
  'sendUserMessage', 'sendUserMessageWithMetadata', 'editUserMessage', 'deleteUserMessage', 'getUserMessagesWithLimit',
  'getUserMessageSummaries', 'getUserGuilds', 'getGuildChannels',
  // Friends
  'sendPlatformFriendRequest', 'sendPlatformFriendRequestById', 'sendGameFriendRequest', 'sendGameFriendRequestById',
  'acceptPlatformFriendRequest', 'acceptGameFriendRequest', 'rejectPlatformFriendRequest', 'rejectGameFriendRequest',
  'cancelPlatformFriendRequest', 'cancelGameFriendRequest', 'removePlatformAndGameFriend', 'removeGameFriend',
  'blockUser', 'unblockUser',
  // Presence and invites, voice
  'updateRichPresence', 'setOnlineStatus', 'sendActivityInvite', 'sendActivityJoinRequest', 'sendActivityJoinRequestReply',
  'acceptActivityInvite', 'startCall',
];

const KNOWN = new Set(SIMULATED_REQUESTS);

/**
 * `name` if it is a request of the simulated network (or `*`, every request); otherwise a
 * RangeError naming `argName`, with the close matches (names of ours, never the value given).
 */
export function checkRequestName(name: string, argName: string): string {
  if (name === '*' || KNOWN.has(name)) return name;
  const near = closeMatches(name, SIMULATED_REQUESTS);
  const hint = near.length > 0 ? `did you mean ${near.map((n) => `'${n}'`).join(' or ')}?`
    : `e.g. 'getToken', 'refreshToken', 'sendLobbyMessage', or '*' for any`;
  throw new RangeError(`${argName} names no request of the simulated network: ${hint} ` +
    `(the SDK function without Platform_Client_, lowerCamel; docs/simulator.md lists them)`);
}
