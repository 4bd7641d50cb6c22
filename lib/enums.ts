// SDK enums as string unions (lowerCamel of the SDK's member names). The index of each name in
// its table is the SDK's numeric value unless a map is given (sdk-abi.md section 3).
export type ClientStatus = 'disconnected' | 'connecting' | 'connected' | 'ready' | 'reconnecting' | 'disconnecting' | 'httpWait';
export const CLIENT_STATUS: readonly ClientStatus[] = [
  'disconnected', 'connecting', 'connected', 'ready', 'reconnecting', 'disconnecting', 'httpWait',
];

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

export type IntegrationType = 'guildInstall' | 'userInstall';
export const INTEGRATION_TYPES: readonly IntegrationType[] = ['guildInstall', 'userInstall'];

export type StatusType = 'online' | 'offline' | 'blocked' | 'idle' | 'dnd' | 'invisible' | 'streaming' | 'unknown';
export const STATUS_TYPES: readonly StatusType[] = ['online', 'offline', 'blocked', 'idle', 'dnd', 'invisible', 'streaming', 'unknown'];

export type AvatarType = 'gif' | 'webp' | 'png' | 'jpeg';
export const AVATAR_TYPES: readonly AvatarType[] = ['gif', 'webp', 'png', 'jpeg'];

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
export function channelTypeName(value: number): ChannelType {
  for (const [name, v] of Object.entries(CHANNEL_TYPE_VALUES)) if (v === value) return name as ChannelType;
  return 'unknown';
}

export type AdditionalContentType = 'other' | 'attachment' | 'poll' | 'voiceMessage' | 'thread' | 'embed' | 'sticker';
export const ADDITIONAL_CONTENT_TYPES: readonly AdditionalContentType[] = ['other', 'attachment', 'poll', 'voiceMessage', 'thread', 'embed', 'sticker'];

/** DisclosureTypes: only MessageDataVisibleOnPlatform = 3 exists. */
export type DisclosureType = 'messageDataVisibleOnPlatform';
export function disclosureTypeName(value: number | null): DisclosureType | null {
  return value === 3 ? 'messageDataVisibleOnPlatform' : null;
}
