// World fixtures: the simulated platform as a JSON document (Simulator#save / #load). The format
// is documented in docs/console.md; the simulator validates a document completely before it
// replaces anything, and never writes tokens (grants, opt-in, carry only their SHA-256).
import type { ActivityInput } from './activity';
import type { NativeSimulator, StringMap } from './binding';
import { checkBoolean, checkObject, checkOptionalOptions } from './validate';

/** The `format` field of every world fixture. */
export const WORLD_FORMAT = 'platform-social-sdk/world';
/** The fixture version this simulator writes and reads. */
export const WORLD_FORMAT_VERSION = 1;
/** Largest document load() accepts, as JSON text (the simulator's own string limit). */
export const MAX_WORLD_BYTES = 16 * 1024 * 1024;

/** A user in a world fixture. */
export interface WorldUser { id: string; username: string; displayName: string; avatarHash?: string; provisional: boolean; banned: boolean }
/** An application in a world fixture. */
export interface WorldApplication { id: string; name: string; publisherId: string; parentApplicationId?: string; coverImage?: string }
/** One relationship edge as its owner sees it, in a world fixture. */
export interface WorldRelationship {
  userId: string; otherId: string;
  type: 'friend' | 'blocked' | 'pendingIncoming' | 'pendingOutgoing' | 'implicit';
  /** Present for a game relationship in that application; absent for platform relationships. */
  applicationId?: string; spam?: boolean; since: number;
}
/** A server with its members and channels, in a world fixture. */
export interface WorldGuild {
  id: string; name: string; members: string[];
  channels: Array<{ id: string; name: string; type: number; position: number; parentId?: string; linkable: boolean }>;
}
/** A lobby message in a world fixture. */
export interface WorldMessage { id: string; authorId: string; content: string; sentAt: number; metadata?: StringMap; applicationId?: string; sentFromGame?: boolean }
/** A lobby with its members, metadata and newest messages, in a world fixture. */
export interface WorldLobby {
  id: string; applicationId: string;
  /** The join secret of a client-created lobby ('' for backend lobbies). Not shown by the console. */
  secret: string; backendCreated: boolean; metadata: StringMap; linkedChannelId?: string;
  members: Array<{ userId: string; metadata: StringMap; additionalName?: string; canLinkLobby?: boolean }>;
  /** The newest 50 messages every member sees, oldest first. */
  messages: WorldMessage[];
}
/** A user's status and rich presence per application, in a world fixture. */
export interface WorldPresence {
  userId: string; status: 'online' | 'idle' | 'dnd' | 'invisible'; desktopOnline: boolean;
  activities: Array<{ applicationId: string; activity: ActivityInput }>;
}
/**
 * A live grant of the platform as an authorization server keeps it (`save({ grants: true })`):
 * no token, only the SHA-256 (hex) of each. A process that loads it accepts the tokens that the
 * saving process issued: the access token until `expiresAt`, the refresh token until it is used.
 */
export interface WorldGrant {
  id: string; userId: string; applicationId: string; scopes: string;
  /** Simulated time (ms since the epoch) the tokens were issued and the access token expires. */
  issuedAt: number; expiresAt: number;
  accessTokenSha256: string;
  /** Absent for grants without a refresh token (provisional accounts, child applications). */
  refreshTokenSha256?: string;
}

/** Options of `Simulator#save()`. */
export interface WorldSaveOptions {
  /** Also save the live grants (token digests only) so that another process can resume sessions. Default false. */
  grants?: boolean;
}

/** The world as `Simulator#save()` writes it and `Simulator#load()` reads it (docs/console.md). */
export interface WorldDocument {
  format: typeof WORLD_FORMAT;
  version: typeof WORLD_FORMAT_VERSION;
  /** Simulated time of the save (ms since the epoch); informational. */
  savedAt?: number;
  users: WorldUser[];
  applications: WorldApplication[];
  relationships?: WorldRelationship[];
  guilds?: WorldGuild[];
  lobbies?: WorldLobby[];
  presence?: WorldPresence[];
  /** Only with `save({ grants: true })`. */
  grants?: WorldGrant[];
}

/** The world of this process as a fixture. */
export function saveWorld(sim: NativeSimulator, options?: unknown): WorldDocument {
  const opts = checkOptionalOptions<WorldSaveOptions>(options, 'options', ['grants']);  // each key read once
  const grants = opts.grants;
  const withGrants = grants === undefined ? false : checkBoolean(grants, 'options.grants');
  return JSON.parse(sim.worldSave(withGrants)) as WorldDocument;
}

/** Validates `doc` completely (here and in the simulator), then replaces the world with it. */
export function loadWorld(sim: NativeSimulator, doc: unknown): void {
  checkObject<object>(doc, 'doc');
  // Copied as it is checked (each value read once), so what is sent is what was checked.
  const text = JSON.stringify(jsonCopy(doc, 'doc', 0, { values: 0 }, []));
  if (text.length > MAX_WORLD_BYTES || Buffer.byteLength(text) > MAX_WORLD_BYTES) {
    throw new RangeError(`doc must be at most ${MAX_WORLD_BYTES} bytes as JSON`);
  }
  const result = sim.worldLoad(text);
  if (result !== true) throw simulatorRefusal(result.replace(/^400: /, ''));
}

// The simulator names most paths from the document's root ('users[0].id') and a few from `doc`
// itself ('doc.format', 'doc: has a key…'); every message here starts with the full path.
function simulatorRefusal(reason: string): TypeError {
  if (reason.startsWith('not JSON: ')) {
    return new TypeError(`doc could not be read as JSON by the simulator (${reason.slice('not JSON: '.length)}): pass what save() returned, or JSON.parse of a saved file`);
  }
  return new TypeError(/^doc[.:[]/.test(reason) ? reason : `doc.${reason}`);
}

/** Most values one document may hold: each takes at least one byte of its JSON. */
const MAX_VALUES = MAX_WORLD_BYTES;
/** The simulator's JSON reader nests at most this deep (json.h kMaxDepth). */
const MAX_DEPTH = 64;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Keys of these objects are the user's (metadata): a path shows them as <key>. */
const USER_KEYED = new Set(['metadata', 'memberMetadata']);

// A plain-JSON copy of `value`, or a TypeError/RangeError naming the exact path and what is wrong
// with it (never the value itself: a fixture holds messages and metadata).
function jsonCopy(value: unknown, path: string, depth: number, budget: { values: number }, open: object[]): unknown {
  if (++budget.values > MAX_VALUES) throw new RangeError(`doc has more than ${MAX_VALUES} values: a world fixture is at most ${MAX_WORLD_BYTES} bytes as JSON`);
  switch (typeof value) {
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new TypeError(`${path} has an unpaired surrogate: it must be valid Unicode text`);
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${path} must be a finite number (JSON has no NaN or Infinity)`);
      return value;
    case 'bigint':
      throw new TypeError(`${path} must be JSON data, got a bigint: write ids as decimal strings`);
    case 'undefined':
      throw new TypeError(`${path} is undefined: JSON has no undefined (leave the key out, or use null)`);
    case 'function': case 'symbol':
      throw new TypeError(`${path} must be JSON data, got a ${typeof value}`);
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) throw new RangeError(`${path} is nested more than ${MAX_DEPTH} levels deep`);
  const at = open.indexOf(value as object);
  if (at >= 0) throw new TypeError(`${path} refers back to one of the objects that contain it (a cycle): JSON cannot hold one`);
  open.push(value as object);
  let out: unknown;
  if (Array.isArray(value)) {
    const length = value.length;
    if (length > MAX_VALUES - budget.values) throw new RangeError(`${path} has more items than a world fixture can hold`);
    const items: unknown[] = [];
    for (let i = 0; i < length; i++) {
      if (!Object.prototype.hasOwnProperty.call(value, i)) throw new TypeError(`${path}[${i}] is missing (a sparse array): JSON arrays have no holes`);
      items.push(jsonCopy(value[i], `${path}[${i}]`, depth + 1, budget, open));
    }
    out = items;
  } else {
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype && proto !== null) {
      const tag = Object.prototype.toString.call(value).slice(8, -1);
      throw new TypeError(`${path} must be a plain object or an array, got ${tag === 'Object' ? 'an instance of a class' : `a ${tag}`}` +
        (tag === 'Date' ? ': write times as milliseconds since the epoch' : ''));
    }
    const userKeys = USER_KEYED.has(path.slice(path.lastIndexOf('.') + 1));
    const fields: Record<string, unknown> = {};
    for (const key of Object.keys(value as object)) {
      const item = (value as Record<string, unknown>)[key];
      // An absent optional field written as `key: undefined` (a spread) means absent, as in JSON.stringify.
      if (item === undefined) continue;
      const name = userKeys || !/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(key) ? `${path}.<key>` : `${path}.${key}`;
      Object.defineProperty(fields, key, { value: jsonCopy(item, name, depth + 1, budget, open), enumerable: true, writable: true, configurable: true });
    }
    out = fields;
  }
  open.pop();
  return out;
}
