// The wire between exposeClient (main) and exposeToRenderer (preload): channel names, the
// methods and events a bridge can serve, and the envelopes. Shared by both sides, and free of
// runtime imports, so that a sandboxed preload bundle carries nothing else of the package.

/**
 * The IPC channels the bridge uses: `call`, `subscribe` and `unsubscribe` are handled by
 * {@link exposeClient} (`ipcMain.handle`), `event` carries forwarded events to the windows. Do not
 * register handlers of your own on them; your own channels need other names.
 */
export const CHANNEL = {
  call: 'platform-social:call',
  subscribe: 'platform-social:subscribe',
  unsubscribe: 'platform-social:unsubscribe',
  event: 'platform-social:event',
} as const;

/**
 * Every method a bridge can serve, with the most arguments it takes. Names are the client's own
 * ('relationships.list' is client.relationships.list); a getter is served as a method with no
 * argument ('users.current', 'status'); 'lobbies.sendMessage' etc. take the lobby id first (a
 * Lobby handle cannot cross). Nothing here hands out or takes a token.
 */
export const BRIDGE_METHODS = {
  'status': 0,
  'connect': 0,
  'disconnect': 0,
  'auth.startSession': 0,
  'auth.endSession': 1,
  'auth.session': 0,
  'auth.isAuthenticated': 0,
  'users.current': 0,
  'users.get': 1,
  'users.applicationProfiles': 0,
  'relationships.list': 1,
  'relationships.get': 1,
  'relationships.searchFriendsByUsername': 1,
  'relationships.sendFriendRequest': 2,
  'relationships.accept': 2,
  'relationships.reject': 2,
  'relationships.cancel': 2,
  'relationships.remove': 2,
  'relationships.block': 1,
  'relationships.unblock': 1,
  'presence.update': 1,
  'presence.clear': 0,
  'presence.setOnlineStatus': 1,
  'presence.sendInvite': 2,
  'presence.sendJoinRequest': 1,
  'presence.replyToJoinRequest': 1,
  'presence.acceptInvite': 1,
  'presence.isPlatformAppInstalled': 0,
  'lobbies.createOrJoin': 2,
  'lobbies.get': 1,
  'lobbies.list': 0,
  'lobbies.leave': 1,
  'lobbies.sendMessage': 3,
  'lobbies.getMessages': 2,
  'messages.sendToUser': 3,
  'messages.edit': 3,
  'messages.delete': 2,
  'messages.get': 1,
  'messages.getUserMessages': 2,
  'messages.getSummaries': 0,
  'messages.setShowingChat': 1,
  'messages.canOpenInPlatform': 1,
  'messages.openInPlatform': 1,
  'guilds.list': 0,
  'guilds.channels': 1,
  'voice.startCall': 1,
  'voice.getCall': 1,
  'voice.calls': 0,
  'voice.endCall': 1,
  'voice.endAllCalls': 0,
  'voice.inputDevices': 0,
  'voice.outputDevices': 0,
  'voice.setInputDevice': 1,
  'voice.setOutputDevice': 1,
} as const satisfies Record<string, number>;

/** A method name a bridge can serve: a key of {@link BRIDGE_METHODS}, e.g. `'relationships.list'`. */
export type BridgeMethod = keyof typeof BRIDGE_METHODS;

/** Client events a bridge can forward ('error' stays in main: it carries listener stacks). */
export const BRIDGE_EVENTS = [
  'status', 'log', 'voiceLog', 'tokenExpiration', 'sessionEnded', 'sessionError', 'userUpdated',
  'authorizeDeviceScreenClosed', 'lobbyCreated', 'lobbyUpdated', 'lobbyDeleted', 'lobbyMemberAdded',
  'lobbyMemberUpdated', 'lobbyMemberRemoved', 'messageCreated', 'messageUpdated', 'messageDeleted',
  'voiceParticipantChanged', 'audioDevicesChanged', 'noAudioInput', 'voiceSettingsUpdated',
  'activityInviteCreated', 'activityInviteUpdated', 'activityJoin', 'relationshipCreated',
  'relationshipDeleted', 'relationshipGroupsUpdated', 'eventsDropped',
] as const;

/** A client event a bridge can forward: one of {@link BRIDGE_EVENTS}, e.g. `'messageCreated'`. */
export type BridgeEvent = (typeof BRIDGE_EVENTS)[number];

/** An error as it crosses: the message (tokens already cut out) and PlatformError's fields. */
export interface BridgeError {
  name: string;
  message: string;
  type?: string;
  code?: number;
  status?: number;
  oauthError?: string | null;
  retryable?: boolean;
  retryAfterMs?: number;
}

export interface CallRequest {
  method: string;
  args: unknown[];
}

export type CallReply = { ok: true; value: unknown } | { ok: false; error: BridgeError };

export interface EventMessage {
  event: string;
  args: unknown[];
}
