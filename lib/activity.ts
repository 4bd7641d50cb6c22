// Rich presence values: the Activity a game publishes (validated here against the platform's
// limits before anything is sent) and the Activity read back from a user, plus activity invites.
import { types } from 'node:util';
import {
  ACTIVITY_ACTION_VALUES, ACTIVITY_TYPE_NAMES, ACTIVITY_TYPE_VALUES, GAME_PLATFORMS, PARTY_PRIVACY, PARTY_PRIVACY_BY_VALUE,
  PARTY_PRIVACY_VALUES, STATUS_DISPLAY_TYPE_BY_VALUE, STATUS_DISPLAY_TYPE_VALUES, STATUS_DISPLAY_TYPES,
  activityActionName, bitsToPlatforms, nameOf, platformsToBits,
  type ActivityActionType, type ActivityType, type ActivityTypeName, type GamePlatform, type PartyPrivacy,
  type StatusDisplayType,
} from './enums';
import type { NativeActivity, NativeActivityInput, NativeActivityInvite } from './binding';
import { checkArray, checkBoolean, checkEnum, checkInt, checkOptions, checkString, MAX_DATE_MS, toId } from './validate';

/**
 * The platform's rich presence limits (characters are Unicode code points). The simulator
 * enforces the same ones; docs/simulator.md ("UpdateRichPresence: validation") lists where each
 * comes from.
 */
export const ACTIVITY_LIMITS = Object.freeze({
  name: 128,
  state: 128,
  details: 128,
  url: 256,
  image: 300,
  imageText: 128,
  partyId: 128,
  joinSecret: 128,
  buttons: 2,
  buttonLabel: 32,
  buttonUrl: 512,
});

/** What a game publishes with `client.presence.update()`. Every field is optional. */
export interface ActivityInput {
  /** Default 'playing'. The SDK accepts only these four. */
  type?: ActivityType;
  /** Shown instead of the application's name. */
  name?: string;
  state?: string;
  /** Opened when the state text is clicked (http or https). */
  stateUrl?: string;
  details?: string;
  detailsUrl?: string;
  /** Which text the member list shows as the status. */
  statusDisplayType?: StatusDisplayType;
  /** Start ("elapsed") and end ("remaining") as Date or ms since the epoch. */
  timestamps?: { start?: Date | number; end?: Date | number };
  assets?: ActivityAssetsInput;
  party?: { id: string; currentSize: number; maxSize: number; privacy?: PartyPrivacy };
  /** The join secret your game hands to friends who accept an invite. */
  secrets?: { join: string };
  buttons?: ReadonlyArray<{ label: string; url: string }>;
  /** Default ['desktop']. */
  supportedPlatforms?: readonly GamePlatform[];
}

/** Images and their hover texts of an activity you publish. */
export interface ActivityAssetsInput {
  /** Asset key or image URL. */
  largeImage?: string;
  largeText?: string;
  largeUrl?: string;
  smallImage?: string;
  smallText?: string;
  smallUrl?: string;
  /** Asset key or URL of the invite banner; defaults to the application's configured cover image. */
  inviteCoverImage?: string;
}

/** An activity read from a user (`user.activity`): every field present, null when unset. */
export interface Activity {
  type: ActivityTypeName;
  name: string;
  state: string | null;
  stateUrl: string | null;
  details: string | null;
  detailsUrl: string | null;
  statusDisplayType: StatusDisplayType | null;
  applicationId: string | null;
  parentApplicationId: string | null;
  timestamps: { start: Date | null; end: Date | null } | null;
  assets: {
    largeImage: string | null; largeText: string | null; largeUrl: string | null;
    smallImage: string | null; smallText: string | null; smallUrl: string | null; inviteCoverImage: string | null;
  } | null;
  party: { id: string; currentSize: number; maxSize: number; privacy: PartyPrivacy } | null;
  secrets: { join: string } | null;
  buttons: Array<{ label: string; url: string }>;
  supportedPlatforms: GamePlatform[];
}

/** An activity invite or join request, as the SDK announces it. Pass it back unchanged. */
export interface ActivityInvite {
  readonly type: ActivityActionType | 'invalid';
  readonly senderId: string;
  readonly channelId: string;
  readonly messageId: string;
  readonly applicationId: string;
  readonly parentApplicationId: string | null;
  readonly partyId: string;
  readonly sessionId: string;
  readonly isValid: boolean;
}

const ACTIVITY_KEYS = [
  'type', 'name', 'state', 'stateUrl', 'details', 'detailsUrl', 'statusDisplayType', 'timestamps', 'assets', 'party',
  'secrets', 'buttons', 'supportedPlatforms',
] as const;
const ASSET_KEYS = ['largeImage', 'largeText', 'largeUrl', 'smallImage', 'smallText', 'smallUrl', 'inviteCoverImage'] as const;

function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) ++n;
  return n;
}

/** A string of 1..max code points (the limit is the platform's, so the message says so). */
function text(value: unknown, name: string, max: number): string {
  const s = checkString(value, name, { min: 1 });
  if (s.length > max && codePoints(s) > max) {
    throw new RangeError(`${name} must have at most ${max} characters (the platform's limit); nothing was sent`);
  }
  return s;
}

// The platform's rule: http:// or https:// followed by a host, no whitespace or control characters.
// (The WHATWG parser alone is too lenient: it trims, encodes spaces and accepts 'https:host'.)
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const CONTROL = /[\u0000-\u0020\u007f]/;

function url(value: unknown, name: string, max: number): string {
  const s = text(value, name, max);
  if (!HTTP_URL.test(s) || CONTROL.test(s)) throw new TypeError(`${name} must be an http:// or https:// URL`);
  let parsed: URL | undefined;
  try {
    parsed = new URL(s);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new TypeError(`${name} must be an http:// or https:// URL`);
  }
  return s;
}

function time(value: unknown, name: string): number {
  // types.isDate checks for a real Date (any realm): `instanceof` also passes Object.create(Date.prototype),
  // whose getTime() throws an error that names nothing.
  const ms = types.isDate(value) ? Date.prototype.getTime.call(value) : value;
  if (typeof ms !== 'number' || Number.isNaN(ms)) throw new TypeError(`${name} must be a Date or a number of ms since the epoch`);
  return checkInt(ms, name, 0, MAX_DATE_MS);  // read back as a Date: it must be a valid one
}

/** Validates an activity for publishing and converts it to the native shape. */
export function toNativeActivity(value: unknown, name = 'activity'): NativeActivityInput {
  const a = checkOptions<Record<string, unknown>>(value, name, ACTIVITY_KEYS);
  const out: NativeActivityInput = { type: ACTIVITY_TYPE_VALUES.playing, supportedPlatforms: platformsToBits(['desktop']) };
  if (a['type'] !== undefined) {
    const type = a['type'];
    // Own keys only: `in` would also accept 'toString', '__proto__', … (inherited from Object).
    if (typeof type !== 'string' || !Object.hasOwn(ACTIVITY_TYPE_VALUES, type)) {
      throw new TypeError(`${name}.type must be one of 'playing', 'listening', 'watching', 'competing' ` +
        '(the only activity types the SDK sends; streaming, custom status and hang status cannot be set by a game)');
    }
    out.type = ACTIVITY_TYPE_VALUES[type as ActivityType];
  }
  if (a['name'] !== undefined) out.name = text(a['name'], `${name}.name`, ACTIVITY_LIMITS.name);
  if (a['state'] !== undefined) out.state = text(a['state'], `${name}.state`, ACTIVITY_LIMITS.state);
  if (a['details'] !== undefined) out.details = text(a['details'], `${name}.details`, ACTIVITY_LIMITS.details);
  if (a['stateUrl'] !== undefined) out.stateUrl = url(a['stateUrl'], `${name}.stateUrl`, ACTIVITY_LIMITS.url);
  if (a['detailsUrl'] !== undefined) out.detailsUrl = url(a['detailsUrl'], `${name}.detailsUrl`, ACTIVITY_LIMITS.url);
  if (a['statusDisplayType'] !== undefined) {
    out.statusDisplayType = STATUS_DISPLAY_TYPE_VALUES[checkEnum(a['statusDisplayType'], `${name}.statusDisplayType`, STATUS_DISPLAY_TYPES)];
  }
  if (a['timestamps'] !== undefined) {
    const t = checkOptions<Record<string, unknown>>(a['timestamps'], `${name}.timestamps`, ['start', 'end']);
    const start = t['start'] === undefined ? 0 : time(t['start'], `${name}.timestamps.start`);
    const end = t['end'] === undefined ? 0 : time(t['end'], `${name}.timestamps.end`);
    if (start !== 0 && end !== 0 && end < start) throw new RangeError(`${name}.timestamps.end must not be before timestamps.start`);
    out.timestamps = { start, end };
  }
  if (a['assets'] !== undefined) out.assets = toNativeAssets(a['assets'], `${name}.assets`);
  if (a['party'] !== undefined) {
    const p = checkOptions<Record<string, unknown>>(a['party'], `${name}.party`, ['id', 'currentSize', 'maxSize', 'privacy']);
    const id = text(p['id'], `${name}.party.id`, ACTIVITY_LIMITS.partyId);
    const maxSize = checkInt(p['maxSize'], `${name}.party.maxSize`, 0, 2 ** 31 - 1);
    const currentSize = checkInt(p['currentSize'], `${name}.party.currentSize`, 0, 2 ** 31 - 1);
    if (currentSize > maxSize) {
      throw new RangeError(`${name}.party.currentSize (${currentSize}) must not be above party.maxSize (${maxSize})`);
    }
    const privacy = p['privacy'] === undefined ? 'private' : checkEnum(p['privacy'], `${name}.party.privacy`, PARTY_PRIVACY);
    out.party = { id, currentSize, maxSize, privacy: PARTY_PRIVACY_VALUES[privacy] };
  }
  if (a['secrets'] !== undefined) {
    const s = checkOptions<Record<string, unknown>>(a['secrets'], `${name}.secrets`, ['join']);
    out.secrets = { join: text(s['join'], `${name}.secrets.join`, ACTIVITY_LIMITS.joinSecret) };
  }
  if (a['buttons'] !== undefined) {
    const buttons = checkArray(a['buttons'], `${name}.buttons`, { max: ACTIVITY_LIMITS.buttons, items: "buttons (the platform's limit)" });
    out.buttons = buttons.map((b: unknown, i) => {
      const o = checkOptions<Record<string, unknown>>(b, `${name}.buttons[${i}]`, ['label', 'url']);
      return {
        label: text(o['label'], `${name}.buttons[${i}].label`, ACTIVITY_LIMITS.buttonLabel),
        url: url(o['url'], `${name}.buttons[${i}].url`, ACTIVITY_LIMITS.buttonUrl),
      };
    });
  }
  if (a['supportedPlatforms'] !== undefined) {
    // Bounded before any item is read: each platform at most once.
    const list = checkArray(a['supportedPlatforms'], `${name}.supportedPlatforms`, { min: 1, max: GAME_PLATFORMS.length });
    out.supportedPlatforms = platformsToBits(list.map((p: unknown, i) => checkEnum(p, `${name}.supportedPlatforms[${i}]`, GAME_PLATFORMS)));
  }
  return out;
}

function toNativeAssets(value: unknown, name: string): NonNullable<NativeActivityInput['assets']> {
  const o = checkOptions<Record<string, unknown>>(value, name, ASSET_KEYS);
  const out: NonNullable<NativeActivityInput['assets']> = {};
  for (const key of ['largeImage', 'smallImage', 'inviteCoverImage'] as const) {
    if (o[key] !== undefined) out[key] = text(o[key], `${name}.${key}`, ACTIVITY_LIMITS.image);
  }
  for (const key of ['largeText', 'smallText'] as const) {
    if (o[key] !== undefined) out[key] = text(o[key], `${name}.${key}`, ACTIVITY_LIMITS.imageText);
  }
  for (const key of ['largeUrl', 'smallUrl'] as const) {
    if (o[key] !== undefined) out[key] = url(o[key], `${name}.${key}`, ACTIVITY_LIMITS.url);
  }
  return out;
}

/** An activity read from the SDK → the public shape. */
export function toActivity(a: NativeActivity): Activity {
  const assets = a.assets;
  const stamp = (ms: number): Date | null => (ms ? new Date(ms) : null);
  return {
    type: nameOf(ACTIVITY_TYPE_NAMES, a.type, 'unknown'),
    name: a.name ?? '',
    state: a.state ?? null,
    stateUrl: a.stateUrl ?? null,
    details: a.details ?? null,
    detailsUrl: a.detailsUrl ?? null,
    statusDisplayType: a.statusDisplayType === null ? null : nameOf(STATUS_DISPLAY_TYPE_BY_VALUE, a.statusDisplayType, 'name'),
    applicationId: a.applicationId ?? null,
    parentApplicationId: a.parentApplicationId ?? null,
    timestamps: a.timestamps ? { start: stamp(a.timestamps.start), end: stamp(a.timestamps.end) } : null,
    assets: assets
      ? {
          largeImage: assets.largeImage ?? null, largeText: assets.largeText ?? null, largeUrl: assets.largeUrl ?? null,
          smallImage: assets.smallImage ?? null, smallText: assets.smallText ?? null, smallUrl: assets.smallUrl ?? null,
          inviteCoverImage: assets.inviteCoverImage ?? null,
        }
      : null,
    party: a.party
      ? { id: a.party.id, currentSize: a.party.currentSize, maxSize: a.party.maxSize, privacy: nameOf(PARTY_PRIVACY_BY_VALUE, a.party.privacy, 'private') }
      : null,
    secrets: a.secrets ? { join: a.secrets.join } : null,
    buttons: a.buttons.map((b) => ({ label: b.label, url: b.url })),
    supportedPlatforms: bitsToPlatforms(a.supportedPlatforms),
  };
}

export function toInvite(i: NativeActivityInvite): ActivityInvite {
  return Object.freeze({
    type: activityActionName(i.type),
    senderId: i.senderId,
    channelId: i.channelId,
    messageId: i.messageId,
    applicationId: i.applicationId,
    parentApplicationId: i.parentApplicationId === '0' ? null : i.parentApplicationId,
    partyId: i.partyId,
    sessionId: i.sessionId,
    isValid: i.isValid,
  });
}

const INVITE_KEYS = [
  'type', 'senderId', 'channelId', 'messageId', 'applicationId', 'parentApplicationId', 'partyId', 'sessionId', 'isValid',
] as const;

/** An invite handed back by the user → the native shape (checked field by field). */
export function toNativeInvite(value: unknown, name: string): NativeActivityInvite {
  const i = checkOptions<Record<string, unknown>>(value, name, INVITE_KEYS);
  const type = i['type'];
  if (type !== 'join' && type !== 'joinRequest') throw new TypeError(`${name}.type must be 'join' or 'joinRequest'`);
  const id = (key: string): string => toId(i[key], `${name}.${key}`).toString();
  return {
    type: ACTIVITY_ACTION_VALUES[type],
    senderId: id('senderId'),
    channelId: id('channelId'),
    messageId: id('messageId'),
    applicationId: id('applicationId'),
    parentApplicationId: i['parentApplicationId'] === null || i['parentApplicationId'] === undefined ? '0' : id('parentApplicationId'),
    partyId: i['partyId'] === '' ? '' : text(i['partyId'], `${name}.partyId`, ACTIVITY_LIMITS.partyId),
    sessionId: checkString(i['sessionId'], `${name}.sessionId`, { max: 1024 }),
    isValid: checkBoolean(i['isValid'], `${name}.isValid`),
  };
}
