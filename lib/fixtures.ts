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
/** Largest document load() accepts, as JSON text (the simulator's own bound for a world: a world of 100,000 users is ~25 MB). */
export const MAX_WORLD_BYTES = 128 * 1024 * 1024;

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
  let text: string;
  try {
    text = JSON.stringify(doc);
  } catch {
    throw new TypeError('doc must be plain JSON data (no cycles, no bigint)');
  }
  if (text.length > MAX_WORLD_BYTES || Buffer.byteLength(text) > MAX_WORLD_BYTES) {
    throw new RangeError(`doc must be at most ${MAX_WORLD_BYTES} bytes as JSON`);
  }
  const result = sim.worldLoad(text);
  if (result !== true) throw new TypeError(`doc.${result.replace(/^400: /, '')}`);
}
