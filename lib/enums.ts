// The SDK enums of the public API. Each type and its values come from lib/sdk-enums.ts (generated
// from native/boundary/boundary.schema, checked against cplatform.h); this module adds what is the
// API's own: the subsets a game may set, and the lookups with the fallback an unknown value reads as.
import {
  ACTIVITY_ACTION_NAME_BY_VALUE, ACTIVITY_ACTION_NAME_VALUES, ACTIVITY_TYPE_NAME_BY_VALUE, ACTIVITY_TYPE_NAME_VALUES,
  ADDITIONAL_CONTENT_TYPE_NAMES, AUDIO_SYSTEM_NAMES, AVATAR_TYPE_NAMES, CHANNEL_TYPE_BY_VALUE, CHANNEL_TYPE_VALUES as SDK_CHANNEL_TYPE_VALUES,
  CLIENT_ERROR_NAME_BY_VALUE, CLIENT_STATUS_BY_VALUE, DISCLOSURE_TYPE_BY_VALUE, EXTERNAL_AUTH_TYPE_NAMES,
  EXTERNAL_IDENTITY_PROVIDER_NAMES, GAME_PLATFORM_NAMES, GAME_PLATFORM_VALUES, INTEGRATION_TYPE_NAMES, LOG_LEVEL_BY_VALUE,
  LOG_LEVEL_NAMES, LOG_LEVEL_VALUES, PARTY_PRIVACY_NAMES, RELATIONSHIP_GROUP_NAMES, STATUS_DISPLAY_TYPE_NAMES,
  type ActivityActionName, type ActivityTypeName, type AvatarType, type ChannelType, type DisclosureType, type GamePlatform,
  type LogLevel, type StatusType,
} from './sdk-enums';

export type {
  ActivityTypeName, AdditionalContentType, AudioSystem, AvatarType, ChannelType, ClientErrorName, ClientStatus, DisclosureType,
  ExternalAuthType, ExternalIdentityProvider, GamePlatform, IntegrationType, LogLevel, PartyPrivacy, RelationshipGroup,
  RelationshipType, StatusDisplayType, StatusType,
} from './sdk-enums';
export {
  ADDITIONAL_CONTENT_TYPE_BY_VALUE, ADDITIONAL_CONTENT_TYPE_VALUES, AUDIO_SYSTEM_VALUES, AVATAR_TYPE_VALUES,
  EXTERNAL_AUTH_TYPE_VALUES, EXTERNAL_IDENTITY_PROVIDER_BY_VALUE, EXTERNAL_IDENTITY_PROVIDER_VALUES, INTEGRATION_TYPE_VALUES,
  PARTY_PRIVACY_BY_VALUE, PARTY_PRIVACY_VALUES, RELATIONSHIP_GROUP_VALUES, RELATIONSHIP_TYPE_BY_VALUE,
  STATUS_DISPLAY_TYPE_BY_VALUE, STATUS_DISPLAY_TYPE_VALUES, STATUS_TYPE_BY_VALUE, STATUS_TYPE_VALUES,
} from './sdk-enums';

// The names each option accepts (checkEnum's lists).
export const LOG_LEVELS = LOG_LEVEL_NAMES;
export const EXTERNAL_AUTH_TYPES = EXTERNAL_AUTH_TYPE_NAMES;
export const INTEGRATION_TYPES = INTEGRATION_TYPE_NAMES;
export const AVATAR_TYPES = AVATAR_TYPE_NAMES;
export const AUDIO_SYSTEMS = AUDIO_SYSTEM_NAMES;
export const ADDITIONAL_CONTENT_TYPES = ADDITIONAL_CONTENT_TYPE_NAMES;
export const STATUS_DISPLAY_TYPES = STATUS_DISPLAY_TYPE_NAMES;
export const PARTY_PRIVACY = PARTY_PRIVACY_NAMES;
export const GAME_PLATFORMS = GAME_PLATFORM_NAMES;
export const RELATIONSHIP_GROUPS = RELATIONSHIP_GROUP_NAMES;
export const EXTERNAL_IDENTITY_PROVIDERS = EXTERNAL_IDENTITY_PROVIDER_NAMES;

// value → name of the connection's status and error (client.ts).
export const CLIENT_STATUS = CLIENT_STATUS_BY_VALUE;
export const CLIENT_ERROR = CLIENT_ERROR_NAME_BY_VALUE;

/** Looks a numeric SDK value up in a value → name table (<TYPE>_BY_VALUE); a value it lacks reads as the fallback. */
export function nameOf<T extends string>(table: readonly (T | undefined)[], value: number, fallback: T): T {
  return table[value] ?? fallback;
}

export const logLevelValue = (level: LogLevel): number => LOG_LEVEL_VALUES[level];
export const logLevelName = (value: number): LogLevel => nameOf(LOG_LEVEL_BY_VALUE, value, 'error');

export function checkAvatar(value: unknown, name: string): AvatarType {
  if (typeof value !== 'string' || !(AVATAR_TYPES as readonly string[]).includes(value)) {
    throw new TypeError(`${name} must be one of ${AVATAR_TYPES.map((a) => `'${a}'`).join(', ')}`);
  }
  return value as AvatarType;
}

/** The SDK value of each ChannelType but `unknown`. */
export const CHANNEL_TYPE_VALUES = SDK_CHANNEL_TYPE_VALUES;
export function channelTypeName(value: number): ChannelType {
  return CHANNEL_TYPE_BY_VALUE[value] ?? 'unknown';
}

export function disclosureTypeName(value: number | null): DisclosureType | null {
  return value === null ? null : DISCLOSURE_TYPE_BY_VALUE[value] ?? null;
}

// `names` picked out of an enum's values: a subset the API accepts, each name checked by the compiler.
function pick<T extends string, K extends T>(values: Readonly<Record<T, number>>, names: readonly K[]): Readonly<Record<K, number>> {
  return Object.freeze(Object.fromEntries(names.map((n) => [n, values[n]])) as Record<K, number>);
}

/** ActivityTypes a game may publish (an activity read from the platform may carry any {@link ActivityTypeName}). */
export type ActivityType = 'playing' | 'listening' | 'watching' | 'competing';
export const ACTIVITY_TYPE_NAMES = ACTIVITY_TYPE_NAME_BY_VALUE;
/** The types the SDK accepts from a game, with their values. */
export const ACTIVITY_TYPE_VALUES = pick<keyof typeof ACTIVITY_TYPE_NAME_VALUES, ActivityType>(ACTIVITY_TYPE_NAME_VALUES, ['playing', 'listening', 'watching', 'competing']);

/** ActivityGamePlatforms bit flags. */
export function platformsToBits(platforms: readonly GamePlatform[]): number {
  return platforms.reduce((bits, p) => bits | GAME_PLATFORM_VALUES[p], 0);
}
export function bitsToPlatforms(bits: number): GamePlatform[] {
  return GAME_PLATFORMS.filter((p) => (bits & GAME_PLATFORM_VALUES[p]) !== 0);
}

/** ActivityActionTypes an invite can carry (`invalid` is none). */
export type ActivityActionType = 'join' | 'joinRequest';
export const ACTIVITY_ACTION_VALUES = pick<keyof typeof ACTIVITY_ACTION_NAME_VALUES, ActivityActionType>(ACTIVITY_ACTION_NAME_VALUES, ['join', 'joinRequest']);
export function activityActionName(value: number): ActivityActionName {
  return nameOf(ACTIVITY_ACTION_NAME_BY_VALUE, value, 'invalid');
}

/** The statuses a game may set for its user (SetOnlineStatus). */
export type SettableStatus = 'online' | 'idle' | 'dnd' | 'invisible';
export const SETTABLE_STATUSES: readonly Extract<StatusType, SettableStatus>[] = ['online', 'idle', 'dnd', 'invisible'];
