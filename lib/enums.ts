// SDK enums as string unions (lowerCamel of the SDK's member names). The index of each name in
// its table is the SDK's numeric value unless a map is given (sdk-abi.md section 3).
/** The connection status of a {@link Client} (`ready`: connected and the user is known). */
export type ClientStatus = 'disconnected' | 'connecting' | 'connected' | 'ready' | 'reconnecting' | 'disconnecting' | 'httpWait';
export const CLIENT_STATUS: readonly ClientStatus[] = [
  'disconnected', 'connecting', 'connected', 'ready', 'reconnecting', 'disconnecting', 'httpWait',
];

/** Why a connection ended (with `errorDetail`: a close code or an HTTP status). */
export type ClientErrorName = 'none' | 'connectionFailed' | 'unexpectedClose' | 'connectionCanceled';
export const CLIENT_ERROR: readonly ClientErrorName[] = ['none', 'connectionFailed', 'unexpectedClose', 'connectionCanceled'];

/** LoggingSeverity: verbose=1, info=2, warning=3, error=4, none=5. */
export type LogLevel = 'verbose' | 'info' | 'warning' | 'error' | 'none';
export const LOG_LEVELS: readonly LogLevel[] = ['verbose', 'info', 'warning', 'error', 'none'];
export const logLevelValue = (level: LogLevel): number => LOG_LEVELS.indexOf(level) + 1;
export const logLevelName = (value: number): LogLevel => LOG_LEVELS[value - 1] ?? 'error';

/** AuthenticationExternalAuthType. */
export type ExternalAuthType =
  | 'oidc' | 'epicOnlineServicesAccessToken' | 'epicOnlineServicesIdToken' | 'steamSessionTicket'
  | 'unityServicesIdToken' | 'platformBotIssuedAccessToken' | 'appleIdToken' | 'playStationNetworkIdToken';
export const EXTERNAL_AUTH_TYPES: readonly ExternalAuthType[] = [
  'oidc', 'epicOnlineServicesAccessToken', 'epicOnlineServicesIdToken', 'steamSessionTicket',
  'unityServicesIdToken', 'platformBotIssuedAccessToken', 'appleIdToken', 'playStationNetworkIdToken',
];

/** Where the application is installed: on a server or for the user. */
export type IntegrationType = 'guildInstall' | 'userInstall';
export const INTEGRATION_TYPES: readonly IntegrationType[] = ['guildInstall', 'userInstall'];

/** A user's online status. */
export type StatusType = 'online' | 'offline' | 'blocked' | 'idle' | 'dnd' | 'invisible' | 'streaming' | 'unknown';
export const STATUS_TYPES: readonly StatusType[] = ['online', 'offline', 'blocked', 'idle', 'dnd', 'invisible', 'streaming', 'unknown'];

/** The image format of an avatar URL. */
export type AvatarType = 'gif' | 'webp' | 'png' | 'jpeg';
export const AVATAR_TYPES: readonly AvatarType[] = ['gif', 'webp', 'png', 'jpeg'];

/** The SDK's audio system: `game` when the game engine owns the audio device. */
export type AudioSystem = 'standard' | 'game';
export const AUDIO_SYSTEMS: readonly AudioSystem[] = ['standard', 'game'];

/** Looks a numeric SDK value up in a name table; values outside it read as the fallback. */
export function nameOf<T extends string>(table: readonly T[], value: number, fallback: T): T {
  return table[value] ?? fallback;
}

export function checkAvatar(value: unknown, name: string): AvatarType {
  if (typeof value !== 'string' || !(AVATAR_TYPES as readonly string[]).includes(value)) {
    throw new TypeError(`${name} must be one of ${AVATAR_TYPES.map((a) => `'${a}'`).join(', ')}`);
  }
  return value as AvatarType;
}

/** ChannelType (values are not contiguous). */
export type ChannelType =
  | 'guildText' | 'dm' | 'guildVoice' | 'groupDm' | 'guildCategory' | 'guildNews' | 'guildStore'
  | 'guildNewsThread' | 'guildPublicThread' | 'guildPrivateThread' | 'guildStageVoice' | 'guildDirectory'
  | 'guildForum' | 'guildMedia' | 'lobby' | 'ephemeralDm' | 'unknown';
export const CHANNEL_TYPE_VALUES: Readonly<Record<Exclude<ChannelType, 'unknown'>, number>> = {
  guildText: 0, dm: 1, guildVoice: 2, groupDm: 3, guildCategory: 4, guildNews: 5, guildStore: 6,
  guildNewsThread: 10, guildPublicThread: 11, guildPrivateThread: 12, guildStageVoice: 13,
  guildDirectory: 14, guildForum: 15, guildMedia: 16, lobby: 17, ephemeralDm: 18,
};
// value → name, built once: channelTypeName runs for every message delivered.
const CHANNEL_TYPE_NAMES: readonly (ChannelType | undefined)[] = (() => {
  const names: (ChannelType | undefined)[] = [];
  for (const [name, v] of Object.entries(CHANNEL_TYPE_VALUES)) names[v] = name as ChannelType;
  return names;
})();
export function channelTypeName(value: number): ChannelType {
  return CHANNEL_TYPE_NAMES[value] ?? 'unknown';
}

/** What a message carries besides text. */
export type AdditionalContentType = 'other' | 'attachment' | 'poll' | 'voiceMessage' | 'thread' | 'embed' | 'sticker';
export const ADDITIONAL_CONTENT_TYPES: readonly AdditionalContentType[] = ['other', 'attachment', 'poll', 'voiceMessage', 'thread', 'embed', 'sticker'];

/** DisclosureTypes: only MessageDataVisibleOnPlatform = 3 exists. */
export type DisclosureType = 'messageDataVisibleOnPlatform';
export function disclosureTypeName(value: number | null): DisclosureType | null {
  return value === 3 ? 'messageDataVisibleOnPlatform' : null;
}

/** ActivityTypes. Only the first four names below can be published (see ACTIVITY_TYPE_VALUES). */
export type ActivityType = 'playing' | 'listening' | 'watching' | 'competing';
/** Every ActivityTypes value an activity read from the platform can carry. */
export type ActivityTypeName = ActivityType | 'streaming' | 'customStatus' | 'hangStatus' | 'unknown';
export const ACTIVITY_TYPE_NAMES: readonly ActivityTypeName[] = [
  'playing', 'streaming', 'listening', 'watching', 'customStatus', 'competing', 'hangStatus',
];
/** The types the SDK accepts from a game (Playing 0, Listening 2, Watching 3, Competing 5). */
export const ACTIVITY_TYPE_VALUES: Readonly<Record<ActivityType, number>> = { playing: 0, listening: 2, watching: 3, competing: 5 };

/** Which field of an activity the user's status line shows. */
export type StatusDisplayType = 'name' | 'state' | 'details';
export const STATUS_DISPLAY_TYPES: readonly StatusDisplayType[] = ['name', 'state', 'details'];

/** Who may join a party: invited friends only (`private`) or anyone (`public`). */
export type PartyPrivacy = 'private' | 'public';
export const PARTY_PRIVACY: readonly PartyPrivacy[] = ['private', 'public'];

/** ActivityGamePlatforms bit flags: index i is bit 1 << i. */
export type GamePlatform = 'desktop' | 'xbox' | 'samsung' | 'ios' | 'android' | 'embedded' | 'ps4' | 'ps5';
export const GAME_PLATFORMS: readonly GamePlatform[] = ['desktop', 'xbox', 'samsung', 'ios', 'android', 'embedded', 'ps4', 'ps5'];
export function platformsToBits(platforms: readonly GamePlatform[]): number {
  return platforms.reduce((bits, p) => bits | (1 << GAME_PLATFORMS.indexOf(p)), 0);
}
export function bitsToPlatforms(bits: number): GamePlatform[] {
  return GAME_PLATFORMS.filter((_, i) => (bits & (1 << i)) !== 0);
}

/** ActivityActionTypes: Join = 1, JoinRequest = 5. */
export type ActivityActionType = 'join' | 'joinRequest';
export const ACTIVITY_ACTION_VALUES: Readonly<Record<ActivityActionType, number>> = { join: 1, joinRequest: 5 };
export function activityActionName(value: number): ActivityActionType | 'invalid' {
  return value === 1 ? 'join' : value === 5 ? 'joinRequest' : 'invalid';
}

/** A relationship's type (`pendingIncoming`: a request to you; `pendingOutgoing`: yours). */
export type RelationshipType = 'none' | 'friend' | 'blocked' | 'pendingIncoming' | 'pendingOutgoing' | 'implicit' | 'suggestion';
export const RELATIONSHIP_TYPES: readonly RelationshipType[] = [
  'none', 'friend', 'blocked', 'pendingIncoming', 'pendingOutgoing', 'implicit', 'suggestion',
];

/** Friends grouped as the platform client lists them. */
export type RelationshipGroup = 'onlinePlayingGame' | 'onlineElsewhere' | 'offline';
export const RELATIONSHIP_GROUPS: readonly RelationshipGroup[] = ['onlinePlayingGame', 'onlineElsewhere', 'offline'];

/** Where an external identity of a provisional account comes from. */
export type ExternalIdentityProvider = 'oidc' | 'epicOnlineServices' | 'steam' | 'unity' | 'platformBot' | 'none' | 'unknown';
export const EXTERNAL_IDENTITY_PROVIDERS: readonly ExternalIdentityProvider[] = [
  'oidc', 'epicOnlineServices', 'steam', 'unity', 'platformBot', 'none', 'unknown',
];

/** The statuses a game may set for its user (SetOnlineStatus). */
export type SettableStatus = 'online' | 'idle' | 'dnd' | 'invisible';
export const SETTABLE_STATUSES: readonly SettableStatus[] = ['online', 'idle', 'dnd', 'invisible'];
