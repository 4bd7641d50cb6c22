// platform-social-sdk/testing: controls of the bundled simulator — the platform's users,
// applications, consent, clock, network and moderation — for offline development and tests.
import { toNativeActivity, toNativeInvite, type ActivityInput, type ActivityInvite } from './activity';
import {
  ADDITIONAL_CONTENT_TYPE_VALUES, ADDITIONAL_CONTENT_TYPES, CHANNEL_TYPE_VALUES, EXTERNAL_IDENTITY_PROVIDER_VALUES,
  EXTERNAL_IDENTITY_PROVIDERS, logLevelValue, SETTABLE_STATUSES, STATUS_TYPE_VALUES,
  type AdditionalContentType, type ChannelType, type ExternalIdentityProvider, type SettableStatus,
} from './enums';
import { loadSdk, addon } from './addon-loader';
import type { NativeSimMessageOptions, NativeSimulator, StringMap } from './binding';
import { PlatformError } from './errors';
import { checkRequestName } from './operation-names';
import { TokenSet } from './tokens';
import type { AudioMode, VoiceSettings } from './voice';
import { loadWorld, saveWorld, type WorldDocument, type WorldSaveOptions } from './fixtures';
import type { ConsoleOptions, SimulatorConsole } from './console/server';
import type { WorldHost, WorldHostOptions } from './world-host';
import {
  checkArray, checkBoolean, checkEnum, checkInt, checkOptions, checkOptionalOptions, checkObject, checkOptionalString, checkString, checkNumber, checkStringMap, toId,
  MAX_DEVICE_ID_CHARS,
} from './validate';

export type {
  WorldDocument, WorldUser, WorldApplication, WorldRelationship, WorldGuild, WorldMessage, WorldLobby, WorldPresence,
  WorldGrant, WorldSaveOptions,
} from './fixtures';
export type { ConsoleOptions, ServiceLimits, SimulatorConsole } from './console/server';
export type { WorldHost, WorldHostOptions, PeerInfo, WorldHostCounters } from './world-host';

/** A user of the simulated platform. */
export interface SimUser { id: string; username: string; displayName: string; provisional: boolean }
/** An application (game) of the simulated platform. */
export interface SimApplication { id: string; name: string; publisherId: string; parentApplicationId: string | null }

/** A member change the simulated game backend makes (see `sim.backend.updateLobbyMembers`). */
export interface SimLobbyMemberUpdate {
  userId: Id;
  /** Replaces the member's metadata. */
  metadata?: StringMap;
  /** Display name shown on the member's lobby messages (1–80 characters); null clears it. */
  additionalName?: string | null;
  /** Whether the member may link the lobby to a server channel. */
  canLinkLobby?: boolean;
  remove?: boolean;
}

/** Options of a message the simulated backend sends. */
export interface SimMessageOptions {
  metadata?: StringMap;
  /** The sending application (defaults: the lobby's application; none for direct messages). */
  applicationId?: Id;
  additionalContent?: { type: AdditionalContentType; title?: string; count?: number };
  /** Typed in the platform's desktop client rather than in a game: sentFromGame is false. */
  fromPlatformClient?: boolean;
}

/** A channel of a simulated server. */
export interface SimGuildChannel {
  name: string;
  type: Exclude<ChannelType, 'unknown'>;
  position: number;
  /** The name of a category channel created in the same call. */
  parent?: string;
  linkable?: boolean;
}

/** A user, application or lobby id: a decimal string or a bigint. */
export type Id = string | bigint;

// Applications created through this module since the last reset(): presence.set() defaults to the
// only one. (The simulator is one platform per process, so this list is per process too.)
/** What `platformClient.setVoiceSettings` changes: the members of the SDK's VoiceSettings. */
export type PlatformVoiceSettingsInput = Partial<Omit<VoiceSettings, 'inputMode'> & { inputMode: AudioMode }>;
const VOICE_SETTING_KEYS = ['selfMute', 'selfDeaf', 'inputMode', 'pttKey', 'inputVolume', 'outputVolume',
  'noiseSuppression', 'echoCancellation', 'noiseCancellation', 'automaticGainControl'] as const;
// A display string of a key combination ("CTRL + SHIFT + F13"); a cap keeps the control honest.
const MAX_PTT_KEY_CHARS = 100;

/**
 * The simulated clock's last instant, ms since the epoch (2154-05-15T07:35:11.103Z): the last
 * millisecond a snowflake id's 42-bit time field holds. `sim.clock.advance()` refuses to pass
 * it, and world fixtures hold no time after it (simulator/engine/clock.h).
 */
export const MAX_SIMULATED_TIME_MS = 1_420_070_400_000 + 2 ** 42 - 1;

const createdApplications: string[] = [];
// After load(): the list is the loaded world's applications, read from the simulator when first
// needed (knownApplications), not at once: that read is a save, as long as the load of a large world.
let applicationsPending = false;

function knownApplications(sim: NativeSimulator): readonly string[] {
  if (applicationsPending) {
    applicationsPending = false;
    createdApplications.length = 0;
    for (const app of saveWorld(sim, undefined).applications) createdApplications.push(app.id);
  }
  return createdApplications;
}

// What the OS answers when console.listen's host names no address this machine has.
const UNUSABLE_HOST_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA', 'EADDRNOTAVAIL']);

// A host the console cannot listen on is a bad argument: a TypeError that names it, keeps the
// OS's code, and does not repeat the host (Node's message does).
function hostFailure(err: unknown): TypeError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !UNUSABLE_HOST_CODES.has(code) || err instanceof TypeError || err instanceof RangeError) return null;
  const failure = new TypeError(`options.host is not an address this machine can listen on (${code}): leave it out for ` +
    "'127.0.0.1', or pass 'localhost' or an address of one of its network interfaces");
  return Object.assign(failure, { code });
}

/**
 * Controls the simulated platform of this process (the bundled simulator library): users,
 * applications, consent, tokens, clock, network, moderation, the game backend, servers and voice.
 *
 * @example
 * ```ts
 * import { Simulator } from 'platform-social-sdk/testing';
 * const sim = Simulator.attach();
 * const alice = sim.users.create({ username: 'alice', displayName: 'Alice' });
 * client.on('consentPending', () => sim.auth.setConsent(alice.id));
 * sim.network.setLatency(50);
 * ```
 */
export class Simulator {
  readonly #sim: NativeSimulator;

  private constructor(sim: NativeSimulator) {
    this.#sim = refusalsAsPlatformErrors(sim);
  }

  /** The simulator of this process. Throws when a vendor SDK library is loaded. */
  static attach(): Simulator {
    const info = loadSdk();
    if (info.kind !== 'simulator') {
      throw new Error(`platform-social-sdk/testing: the loaded SDK is a vendor library (${info.path}), not the simulator`);
    }
    return new Simulator(addon().sim);
  }

  /**
   * Serves this process's world to other processes (docs/simulator.md, "One world for several
   * processes"): a process started with `PLATFORM_SIM_HOST` set to the returned host's `address`
   * (`env` holds it) joins this world instead of making its own. Loads `fixture` first and starts
   * the console unless `console: false`. Listens on 127.0.0.1 unless `host` says otherwise.
   *
   * @example
   * ```ts
   * const host = await Simulator.serve({ fixture: 'world.json' });
   * spawn(process.execPath, ['launcher.js'], { env: { ...process.env, ...host.env } });
   * ```
   */
  static serve(options?: WorldHostOptions): Promise<WorldHost> {
    // Loaded here, not at the top: a process that never serves never loads it.
    const worldHost = require('./world-host') as typeof import('./world-host');
    try {
      const checked = worldHost.checkServeOptions(options);
      // attach() throws when no simulator loads: a rejection too, as every failure of serve().
      return worldHost.startWorldHost(Simulator.attach(), addon().sim, checked);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /**
   * The id the world host gave this process when it joined the world named by
   * `PLATFORM_SIM_HOST`, or null when this process's world is its own. In a joined process every
   * control of this class drives the shared world.
   */
  get joinedPeerId(): number | null {
    const id = this.#sim.joinedPeerId();
    return id === 0 ? null : id;
  }

  /** Back to an empty platform (every client of the process sees it). */
  reset(): void {
    this.#sim.reset();
    createdApplications.length = 0;
    applicationsPending = false;
  }

  /**
   * The world as a JSON fixture (docs/console.md); tokens are never saved. `{ grants: true }`
   * adds the live grants by token digest, so that a new process that loads the fixture resumes
   * the sessions this one signed in (a launcher restart).
   */
  save(options?: WorldSaveOptions): WorldDocument {
    return saveWorld(this.#sim, options);
  }

  /** Replaces the world with a fixture from save(), validated completely first (ids are kept). */
  load(doc: WorldDocument): void {
    loadWorld(this.#sim, doc);
    createdApplications.length = 0;
    // From the loaded world, not from `doc` again (an argument is read once), when first needed.
    applicationsPending = true;
  }

  /** The simulator console: a page that shows the world live and drives it (docs/console.md). */
  readonly console = {
    /** Serves the console (loopback only unless `host` says otherwise); its code loads on first call. */
    listen: (options: ConsoleOptions = {}): Promise<SimulatorConsole> => {
      // Loaded here, not at the top: users who never open the console never load its server.
      const server = require('./console/server') as typeof import('./console/server');
      return server.listen(this, this.#sim, options).catch((err: unknown) => {
        throw hostFailure(err) ?? err;
      });
    },
  };

  readonly users = {
    /** Creates a user (usernames are unique, 2–32 characters). */
    create: (options: { username: string; displayName?: string; provisional?: boolean }): SimUser => {
      const o = checkOptions<{ username: unknown; displayName?: unknown; provisional?: unknown }>(options, 'options', ['username', 'displayName', 'provisional']);
      const username = checkUsername(o.username, 'options.username');
      const rawDisplayName = o.displayName;
      const displayName = rawDisplayName === undefined ? username
        : checkWellFormed(checkString(rawDisplayName, 'options.displayName', { min: 1, max: 32 }), 'options.displayName');
      const provisional = o.provisional === undefined ? false : checkBoolean(o.provisional, 'options.provisional');
      const id = this.#sim.createUser(username, displayName, provisional);
      return { id, username, displayName, provisional };
    },
    /** The user edits their profile on the platform (null clears); clients that know them get userUpdated. */
    update: (userId: Id, changes: { globalName?: string | null; avatar?: string | null }): void => {
      const o = checkOptions<Record<string, unknown>>(changes, 'changes', ['globalName', 'avatar']);
      const field = (key: string, max: number): string | null | undefined => {
        const v = o[key];
        return v === undefined || v === null ? (v as null | undefined) : checkString(v, `changes.${key}`, { min: 1, max });
      };
      this.#sim.updateUserProfile(toId(userId, 'userId'), field('globalName', 32), field('avatar', 64));
    },
    /** Game identity data as the game's backend writes it with its bot token. */
    setApplicationProfile: (userId: Id, applicationId: Id, profile: SimApplicationProfile): void => {
      const p = checkOptions<Record<string, unknown>>(profile, 'profile', ['providerType', 'providerId', 'providerIssuedUserId', 'username', 'avatarHash', 'metadata']);
      const rawProviderId = p['providerId'];
      const providerId = rawProviderId === undefined || rawProviderId === null ? null : checkString(rawProviderId, 'profile.providerId', { max: 256 });
      this.#sim.setUserApplicationProfile(toId(userId, 'userId'), toId(applicationId, 'applicationId'), {
        providerType: EXTERNAL_IDENTITY_PROVIDER_VALUES[checkEnum(p['providerType'], 'profile.providerType', EXTERNAL_IDENTITY_PROVIDERS)],
        providerId,
        providerIssuedUserId: checkString(p['providerIssuedUserId'], 'profile.providerIssuedUserId', { min: 1, max: 256 }),
        username: checkOptionalString(p['username'], 'profile.username', { max: 256 }) ?? '',
        avatarHash: checkOptionalString(p['avatarHash'], 'profile.avatarHash', { max: 256 }) ?? '',
        metadata: checkOptionalString(p['metadata'], 'profile.metadata', { max: 65536 }) ?? '',
      });
    },
  };

  /** Friendships made and requests sent elsewhere (another device, the platform client). */
  readonly relationships = {
    /** Makes two users friends: platform friends, or game friends in `applicationId`. */
    befriend: (a: Id, b: Id, options: { kind?: 'platform' | 'game'; applicationId?: Id } = {}): void => {
      const { game, app } = relationshipOptions(options);
      this.#sim.befriend(toId(a, 'a'), toId(b, 'b'), game, app);
    },
    /** `fromId` sends `toUserId` a friend request; `spam` flags it as spam on the recipient's side. */
    sendRequestAs: (fromId: Id, toUserId: Id, options: { kind?: 'platform' | 'game'; applicationId?: Id; spam?: boolean } = {}): void => {
      const { game, app, o } = relationshipOptions(options, ['spam']);
      const spam = o['spam'] === undefined ? false : checkBoolean(o['spam'], 'options.spam');
      this.#sim.sendFriendRequestAs(toId(fromId, 'fromId'), toId(toUserId, 'toId'), game, app, spam);
    },
    /** Ends every relationship between two users (friendships, requests, blocks). */
    removeAll: (a: Id, b: Id): void => this.#sim.removeRelationships(toId(a, 'a'), toId(b, 'b')),
  };

  /** What users show on other devices (the desktop client, a console). */
  readonly presence = {
    /** Publishes (or with null clears) the user's rich presence for an application. */
    set: (userId: Id, activity: ActivityInput | null, options: { applicationId?: Id } = {}): void => {
      const o = checkOptionalOptions<{ applicationId?: unknown }>(options, 'options', ['applicationId']);
      let app: bigint;
      if (o.applicationId !== undefined) {
        app = toId(o.applicationId, 'options.applicationId');
      } else if (knownApplications(this.#sim).length === 1) {
        app = BigInt(createdApplications[0]!);
      } else {
        throw new TypeError('options.applicationId is required when the platform has more than one application (or none)');
      }
      this.#sim.setUserPresence(toId(userId, 'userId'), app, activity === null ? null : toNativeActivity(activity, 'activity'));
    },
    /** The user's status on the desktop client: 'offline' closes it. */
    setStatus: (userId: Id, status: SettableStatus | 'offline'): void => {
      const value = checkEnum(status, 'status', [...SETTABLE_STATUSES, 'offline'] as const);
      this.#sim.setUserStatus(toId(userId, 'userId'), STATUS_TYPE_VALUES[value]);
    },
  };

  readonly launch = {
    /** What the game registered with presence.registerLaunchCommand(), or null. */
    registration: (applicationId: Id): { command: string | null; steamAppId: number | null } | null => {
      const r = this.#sim.getLaunchRegistration(toId(applicationId, 'applicationId'));
      return r && { command: r.command === '' ? null : r.command, steamAppId: r.steamAppId === 0 ? null : r.steamAppId };
    },
  };

  readonly applications = {
    /** Creates an application (a game). */
    create: (options: { name: string; publisherId?: Id; parentApplicationId?: Id; coverImage?: string }): SimApplication => {
      const o = checkOptions<Record<string, unknown>>(options, 'options', ['name', 'publisherId', 'parentApplicationId', 'coverImage']);
      const name = checkString(o['name'], 'options.name', { min: 1, max: 100 });
      const publisher = o['publisherId'] === undefined ? 0n : toId(o['publisherId'], 'options.publisherId');
      const parent = o['parentApplicationId'] === undefined ? 0n : toId(o['parentApplicationId'], 'options.parentApplicationId');
      const cover = checkOptionalString(o['coverImage'], 'options.coverImage', { max: 2048 }) ?? '';
      const app = this.#sim.createApplication(name, publisher, parent, cover);
      if (!applicationsPending) createdApplications.push(app.id);  // else the pending read has it
      return { id: app.id, name, publisherId: app.publisherId, parentApplicationId: parent === 0n ? null : parent.toString() };
    },
  };

  readonly auth = {
    /** Who answers the next authorize: a user id approves; 'deny' cancels; 'timeout' never answers. */
    setConsent: (decision: Id | 'deny' | 'timeout'): void => {
      if (decision === 'deny') this.#sim.setConsent(1, 0n);
      else if (decision === 'timeout') this.#sim.setConsent(2, 0n);
      else this.#sim.setConsent(0, toId(decision, 'decision'));
    },
    /** A token pair as if the user had authorized the application. */
    issueToken: (userId: Id, options: { applicationId: Id; scopes?: string }): TokenSet => {
      const user = toId(userId, 'userId');
      const o = checkOptions<{ applicationId: unknown; scopes?: unknown }>(options, 'options', ['applicationId', 'scopes']);
      const app = toId(o.applicationId, 'options.applicationId');
      const scopes = checkOptionalString(o.scopes, 'options.scopes', { min: 1 }) ?? addon().defaultScopes().communication;
      const t = this.#sim.issueToken(user, app, scopes);
      return new TokenSet({ accessToken: t.accessToken, refreshToken: t.refreshToken, tokenType: 'bearer', expiresIn: t.expiresIn, scopes, issuedAt: this.#sim.clockNow() });
    },
    /**
     * Canary tokens: every token issued from now on (every grant path) starts with these prefixes
     * (then 43 random characters), so a leak scan can spot any of them. '' = the default
     * ('psim_at_' / 'psim_rt_'); reset() restores the defaults. Each: ≤ 32 of [A-Za-z0-9_-].
     */
    setTokenPrefixes: (prefixes: { access?: string; refresh?: string }): void => {
      const o = checkOptions<{ access?: unknown; refresh?: unknown }>(prefixes, 'prefixes', ['access', 'refresh']);
      const prefix = (v: unknown, name: string): string => {
        const s = checkOptionalString(v, name, { max: 32 }) ?? '';
        if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new TypeError(`${name} must contain only letters, digits, '_' and '-'`);
        return s;
      };
      this.#sim.setTokenPrefixes(prefix(o.access, 'prefixes.access'), prefix(o.refresh, 'prefixes.refresh'));
    },
  };

  readonly clock = {
    /** Simulated time, ms since the epoch. */
    now: (): number => this.#sim.clockNow(),
    /** Moves simulated time forward: expiries, timeouts and delayed completions become due. */
    advance: (ms: number): void => {
      // The clock stops at MAX_SIMULATED_TIME_MS: every time it produces (a token's expiry a
      // week later included) stays a valid Date, so JSON.stringify of a token set never throws.
      const step = checkInt(ms, 'ms', 0, Number.MAX_SAFE_INTEGER);
      const room = Math.max(0, MAX_SIMULATED_TIME_MS - this.#sim.clockNow());
      if (step > room) {
        throw new RangeError(`ms must be between 0 and ${room}: the simulated clock stops at ${new Date(MAX_SIMULATED_TIME_MS).toISOString()} (the last instant a snowflake id holds), ${room} ms from now`);
      }
      this.#sim.clockAdvance(step);
    },
    /** Frozen: time moves only with advance(). */
    setFrozen: (frozen: boolean): void => this.#sim.clockSetFrozen(checkBoolean(frozen, 'frozen')),
  };

  readonly network = {
    /** Takes the simulated network down (false) or back up. */
    setOnline: (online: boolean): void => this.#sim.networkSetOnline(checkBoolean(online, 'online')),
    /** Whether the simulated network is up. */
    isOnline: (): boolean => this.#sim.networkIsOnline(),
    /** Round-trip latency of every simulated request (default 20 ms). */
    setLatency: (ms: number): void => this.#sim.networkSetLatency(checkInt(ms, 'ms', 0, 2 ** 31 - 1)),
    /**
     * The next request of `operation` fails with this HTTP status. Operation names are the SDK's
     * ('getToken', 'refreshToken', …; '*' for any).
     */
    failNext: (operation: string, options: { status: number; retryAfterMs?: number; code?: number }): void => {
      const op = checkRequestName(checkString(operation, 'operation', { min: 1, max: 100 }), 'operation');
      const o = checkOptions<{ status: unknown; retryAfterMs?: unknown; code?: unknown }>(options, 'options', ['status', 'retryAfterMs', 'code']);
      const status = checkInt(o.status, 'options.status', 400, 599);
      const retryAfterMs = o.retryAfterMs === undefined ? 0 : checkInt(o.retryAfterMs, 'options.retryAfterMs', 0, 2 ** 31 - 1);
      const code = o.code === undefined ? 0 : checkInt(o.code, 'options.code', 0, 2 ** 31 - 1);
      this.#sim.networkFailNext(op === '*' ? '*' : `Client_${op.charAt(0).toUpperCase()}${op.slice(1)}`, status, retryAfterMs, code);
    },
  };

  readonly moderation = {
    /** Bans the platform account (tokens deleted, sessions closed, merges fail with 530017). */
    ban: (userId: Id): void => this.#sim.moderationBan(toId(userId, 'userId'), true),
    /** Lifts a ban. */
    unban: (userId: Id): void => this.#sim.moderationBan(toId(userId, 'userId'), false),
    /** The user unlinks the application out of band (all applications when none is given). */
    deauthorize: (userId: Id, options: { applicationId?: Id } = {}): void => {
      const o = checkOptionalOptions<{ applicationId?: unknown }>(options, 'options', ['applicationId']);
      const app = o.applicationId === undefined ? 0n : toId(o.applicationId, 'options.applicationId');
      this.#sim.moderationDeauthorize(toId(userId, 'userId'), app);
    },
  };

  /** The game backend's side of lobbies and messages (set only server-side on the platform). */
  readonly backend = {
    /** Creates a lobby as the game backend does (server side only). */
    createLobby: (options: { applicationId: Id; secret?: string; metadata?: StringMap }): { id: string } => {
      const o = checkOptions<Record<string, unknown>>(options, 'options', ['applicationId', 'secret', 'metadata']);
      const app = toId(o['applicationId'], 'options.applicationId');
      const secret = checkOptionalString(o['secret'], 'options.secret', { max: 1024 }) ?? '';
      const metadata = o['metadata'] === undefined ? {} : checkStringMap(o['metadata'], 'options.metadata');
      return { id: this.#sim.backendCreateLobby(app, secret, metadata) };
    },
    /** Bulk member request: at most 25 entries, applied all or nothing (26 is a 400). */
    updateLobbyMembers: (lobbyId: Id, updates: SimLobbyMemberUpdate[]): void => {
      const lobby = toId(lobbyId, 'lobbyId');
      // Bounded before any entry is read: the platform's request takes at most 25.
      const list = checkArray(updates, 'updates', { max: MAX_LOBBY_MEMBER_UPDATES }).map((u, i) => {
        const o = checkOptions<Record<string, unknown>>(u, `updates[${i}]`, ['userId', 'metadata', 'additionalName', 'canLinkLobby', 'remove']);
        const additionalName = o['additionalName'];
        const remove = o['remove'];
        const metadata = o['metadata'];
        const canLinkLobby = o['canLinkLobby'];
        return {
          userId: toId(o['userId'], `updates[${i}].userId`),
          ...(remove !== undefined ? { remove: checkBoolean(remove, `updates[${i}].remove`) } : {}),
          ...(metadata !== undefined ? { metadata: checkStringMap(metadata, `updates[${i}].metadata`) } : {}),
          ...(additionalName !== undefined
            ? { additionalName: additionalName === null ? null : checkString(additionalName, `updates[${i}].additionalName`, { min: 1, max: 80 }) }
            : {}),
          ...(canLinkLobby !== undefined ? { canLinkLobby: checkBoolean(canLinkLobby, `updates[${i}].canLinkLobby`) } : {}),
        };
      });
      this.#sim.backendUpdateLobbyMembers(lobby, list);
    },
    /** Moderation metadata: the lobby-message endpoint with `lobbyId`, else the game-DM endpoint. */
    setModerationMetadata: (messageId: Id, metadata: StringMap, options: { lobbyId?: Id } = {}): void => {
      const message = toId(messageId, 'messageId');
      const map = checkStringMap(metadata, 'metadata');
      const o = checkOptionalOptions<{ lobbyId?: unknown }>(options, 'options', ['lobbyId']);
      if (o.lobbyId === undefined) this.#sim.backendSetModerationMetadata(message, map);
      else this.#sim.backendSetModerationMetadata(message, map, toId(o.lobbyId, 'options.lobbyId'));
    },
    /** Posts a lobby message as a user, as the game backend can; returns the message id. */
    sendLobbyMessageAs: (userId: Id, lobbyId: Id, content: string, options: SimMessageOptions = {}): string =>
      this.#sim.backendSendLobbyMessage(toId(userId, 'userId'), toId(lobbyId, 'lobbyId'), checkString(content, 'content'), messageOptions(options)),
    /** Sends a direct message as a user, as the game backend can; returns the message id. */
    sendUserMessageAs: (fromId: Id, toUserId: Id, content: string, options: SimMessageOptions = {}): string =>
      this.#sim.backendSendUserMessage(toId(fromId, 'fromId'), toId(toUserId, 'toId'), checkString(content, 'content'), messageOptions(options)),
  };

  readonly lobbies = {
    /** Whether the lobby still exists on the platform (client-created lobbies expire when idle). */
    exists: (lobbyId: Id): boolean => this.#sim.lobbyExists(toId(lobbyId, 'lobbyId')),
  };

  readonly guilds = {
    /** A server with members and channels; `parent` names a category created in the same call. */
    create: (options: { name: string; members?: Id[]; channels?: SimGuildChannel[] }): { id: string; channels: Record<string, string> } => {
      // Everything is checked before the guild is made: a refused call leaves nothing behind.
      const o = checkOptions<Record<string, unknown>>(options, 'options', ['name', 'members', 'channels']);
      const name = checkWellFormed(checkString(o['name'], 'options.name', { min: 1, max: 100 }), 'options.name');
      const rawMembers = o['members'];
      const rawChannels = o['channels'];
      const members = rawMembers === undefined ? []
        : checkArray(rawMembers, 'options.members', { max: MAX_GUILD_MEMBERS }).map((m, i) => toId(m, `options.members[${i}]`));
      const channels = rawChannels === undefined ? []
        : checkArray(rawChannels, 'options.channels', { max: MAX_GUILD_CHANNELS }).map((c, i) => guildChannel(c, `options.channels[${i}]`));
      // Names key the result: two channels of one name would lose one of them.
      const byName = new Map<string, GuildChannelSpec>();
      for (const c of channels) {
        if (byName.has(c.name)) throw new RangeError(`${c.path}.name repeats the name of an earlier channel (names key the result)`);
        byName.set(c.name, c);
      }
      for (const c of channels) {
        if (c.parent !== undefined && (c.type === 'guildCategory' || byName.get(c.parent)?.type !== 'guildCategory')) {
          throw new RangeError(`${c.path}.parent must name a category channel of the same call (categories have none)`);
        }
        if (c.linkable && c.type !== 'guildText') throw new RangeError(`${c.path}.linkable: only 'guildText' channels can be linked`);
      }
      const guild = this.#sim.createGuild(name);
      const ids: Record<string, string> = {};
      let i = 0;
      try {
        // Only the simulator knows its users: an unknown member undoes the whole guild.
        for (; i < members.length; i++) this.#sim.addGuildMember(BigInt(guild), members[i]!);
        // Categories first, so that children can name them as parent.
        const ordered = [...channels.filter((c) => c.type === 'guildCategory'), ...channels.filter((c) => c.type !== 'guildCategory')];
        for (const c of ordered) {
          const parent = c.parent === undefined ? 0n : BigInt(ids[c.parent]!);
          ids[c.name] = this.#sim.createGuildChannel(BigInt(guild), c.name, CHANNEL_TYPE_VALUES[c.type], c.position, parent, c.linkable);
        }
      } catch (err) {
        this.#sim.removeGuild(BigInt(guild));
        if (i < members.length) throw new RangeError(`options.members[${i}] is not a user of the simulator; no guild was created`);
        throw err;
      }
      return { id: guild, channels: ids };
    },
    /** Uses an invite from lobby.joinLinkedGuild(): true once, within one hour. */
    acceptInvite: (inviteUrl: string, userId: Id): boolean =>
      this.#sim.acceptGuildInvite(checkString(inviteUrl, 'inviteUrl', { min: 1 }), toId(userId, 'userId')),
  };

  readonly voice = {
    /** A remote user (no client in this process) joins / leaves a lobby's call. */
    joinCall: (userId: Id, lobbyId: Id): void => this.#sim.voiceJoinCall(toId(userId, 'userId'), toId(lobbyId, 'lobbyId')),
    /** A remote user leaves the lobby's call. */
    leaveCall: (userId: Id, lobbyId: Id): void => this.#sim.voiceLeaveCall(toId(userId, 'userId'), toId(lobbyId, 'lobbyId')),
    /** The user speaks a tone for durationMs of simulated time (a local user: gated by PTT). */
    speak: (userId: Id, lobbyId: Id, options: { durationMs: number; frequencyHz?: number }): void => {
      const o = checkOptions<{ durationMs: unknown; frequencyHz?: unknown }>(options, 'options', ['durationMs', 'frequencyHz']);
      this.#sim.voiceSpeak(toId(userId, 'userId'), toId(lobbyId, 'lobbyId'), checkInt(o.durationMs, 'options.durationMs', 0, 2 ** 32 - 1),
        o.frequencyHz === undefined ? 0 : checkNumber(o.frequencyHz, 'options.frequencyHz', 1, 24000));
    },
    /** RMS level (0..1) of `speakerId` as last played out by `listenerId`'s client; -1: nothing yet. */
    playoutLevel: (listenerId: Id, speakerId: Id): number => this.#sim.voicePlayoutLevel(toId(listenerId, 'listenerId'), toId(speakerId, 'speakerId')),
    /** Microphone level (dBFS) while the local user is silent (drives noAudioInput). */
    setMicrophoneLevel: (dBFS: number): void => this.#sim.setMicrophoneLevel(checkNumber(dBFS, 'dBFS', -100, 0)),
  };

  readonly devices = {
    /** Plugs in an audio device. */
    add: (device: { id: string; name: string; input: boolean; isDefault?: boolean }): void => {
      const d = checkOptions<Record<string, unknown>>(device, 'device', ['id', 'name', 'input', 'isDefault']);
      this.#sim.addAudioDevice(checkString(d['id'], 'device.id', { min: 1, max: MAX_DEVICE_ID_CHARS }), checkString(d['name'], 'device.name', { min: 1, max: MAX_DEVICE_ID_CHARS }),
        checkBoolean(d['input'], 'device.input'), d['isDefault'] === undefined ? false : checkBoolean(d['isDefault'], 'device.isDefault'));
    },
    /** Unplugs an audio device. */
    remove: (id: string): void => this.#sim.removeAudioDevice(checkString(id, 'id', { min: 1, max: MAX_DEVICE_ID_CHARS })),
  };

  readonly platformClient = {
    /**
     * Changes the desktop client's voice settings (the 1.10.19337 members) and fires
     * voiceSettingsUpdated on every client. Omitted members keep their value; `pttKey: ''`
     * unbinds the push-to-talk key.
     */
    setVoiceSettings: (settings: PlatformVoiceSettingsInput): void => {
      const s = checkOptions<Record<string, unknown>>(settings, 'settings', VOICE_SETTING_KEYS);
      const out: Parameters<NativeSimulator['setPlatformVoiceSettings']>[0] = {};
      for (const flag of ['selfMute', 'selfDeaf', 'noiseSuppression', 'echoCancellation', 'noiseCancellation', 'automaticGainControl'] as const) {
        if (s[flag] !== undefined) out[flag] = checkBoolean(s[flag], `settings.${flag}`);
      }
      if (s['inputVolume'] !== undefined) out.inputVolume = checkNumber(s['inputVolume'], 'settings.inputVolume', 0, 100);
      if (s['outputVolume'] !== undefined) out.outputVolume = checkNumber(s['outputVolume'], 'settings.outputVolume', 0, 200);
      if (s['inputMode'] !== undefined) out.inputMode = checkEnum(s['inputMode'], 'settings.inputMode', ['vad', 'ptt'] as const);
      if (s['pttKey'] !== undefined) out.pttKey = checkString(s['pttKey'], 'settings.pttKey', { max: MAX_PTT_KEY_CHARS });
      this.#sim.setPlatformVoiceSettings(out);
    },
    /** The desktop client asks the game to authorize; returns how many clients were told. */
    requestAuthorize: (): number => this.#sim.requestAuthorize(),
    /**
     * The user accepts an invite on another device: every connected session of theirs gets
     * activityInviteCreated, and sessions of the invite's game get activityJoin. Returns how
     * many sessions were told.
     */
    acceptInviteElsewhere: (userId: Id, invite: ActivityInvite): number =>
      this.#sim.acceptInviteElsewhere(toId(userId, 'userId'), toNativeInvite(invite, 'invite')),
    /**
     * Whether the desktop app counts as installed and running (default true). Without it, what
     * goes over the local connection to it fails with `rpcError` (getPlatformVoiceSettings,
     * getPlatformClientConnectedUser, rich presence before the client is ready).
     */
    setInstalled: (installed: boolean): void => this.#sim.setPlatformAppInstalled(checkBoolean(installed, 'installed')),
  };

  readonly diagnostics = {
    /** Log like a debug build of the SDK (Info/Verbose too) or a release build. */
    setDebugBuild: (debug: boolean): void => this.#sim.setDebugBuild(checkBoolean(debug, 'debug')),
    /** Turns the SDK's own token filter off, to prove the binding filters again. */
    setLogTokenFilter: (enabled: boolean): void => this.#sim.setLogTokenFilter(checkBoolean(enabled, 'enabled')),
    /** Emits an SDK log line to every client, from the simulator's log thread. */
    emitLog: (message: string, severity: 'verbose' | 'info' | 'warning' | 'error' = 'warning'): void => {
      const levels = ['verbose', 'info', 'warning', 'error'] as const;
      const level = checkEnum(severity, 'severity', levels);
      this.#sim.emitLog(checkString(message, 'message', { max: 65536 }), logLevelValue(level));
    },
    /** Callback triples held by the SDK and not yet released (leak check). */
    liveCallbackCount: (): number => this.#sim.liveCallbackCount(),
    /**
     * What the platform remembers of OAuth (memory check): grants, authorization codes, and the
     * secrets its log filter holds. Expired grants and codes are forgotten a day (simulated) after
     * they stopped working; grants with a usable refresh token, or in use by a session, are kept.
     */
    oauthRecordCounts: (): { grants: number; codes: number; logSecrets: number } => this.#sim.oauthRecordCounts(),
  };
}

/** A user's profile in an application (what `user.applicationProfiles` shows). */
export interface SimApplicationProfile {
  providerType: ExternalIdentityProvider;
  providerId?: string | null;
  providerIssuedUserId: string;
  username?: string;
  avatarHash?: string;
  metadata?: string;
}

/** The platform's bulk member request takes at most 25 entries. */
const MAX_LOBBY_MEMBER_UPDATES = 25;
/** The platform's limit of channels in a guild. */
const MAX_GUILD_CHANNELS = 500;
/** Members added by one guilds.create call (the simulator's bound; a test needs far fewer). */
const MAX_GUILD_MEMBERS = 1000;

/** The channel types a guild can hold (dm, groupDm, lobby and ephemeralDm are not guild channels). */
const GUILD_CHANNEL_TYPES = (Object.keys(CHANNEL_TYPE_VALUES) as Array<keyof typeof CHANNEL_TYPE_VALUES>)
  .filter((t): t is Extract<typeof t, `guild${string}`> => t.startsWith('guild'));
type GuildChannelType = (typeof GUILD_CHANNEL_TYPES)[number];

/**
 * Names the simulator stores and hands back: a lone surrogate would come back as U+FFFD, a value
 * the caller never passed, so it is refused.
 */
function checkWellFormed(value: string, name: string): string {
  if (/\p{Cs}/u.test(value)) throw new TypeError(`${name} must be well-formed Unicode (it has a lone surrogate)`);
  return value;
}

/**
 * A username as the simulator takes it (directory.cc's usernameProblem, which world fixtures pass
 * too): 2-32 characters, well-formed, no control character, not blank.
 */
function checkUsername(value: unknown, name: string): string {
  const username = checkWellFormed(checkString(value, name, { min: 2, max: 32 }), name);
  if (/[\u0000-\u001f\u007f]/.test(username)) throw new RangeError(`${name} must not contain control characters`);
  if (/^ +$/.test(username)) throw new RangeError(`${name} must not be blank (only spaces)`);
  return username;
}

interface GuildChannelSpec {
  path: string;
  name: string;
  type: GuildChannelType;
  position: number;
  parent: string | undefined;
  linkable: boolean;
}

/** One channel of guilds.create, each key read once. */
function guildChannel(value: unknown, path: string): GuildChannelSpec {
  const ch = checkOptions<Record<string, unknown>>(value, path, ['name', 'type', 'position', 'parent', 'linkable']);
  const name = checkWellFormed(checkString(ch['name'], `${path}.name`, { min: 1, max: 100 }), `${path}.name`);
  const type = checkEnum(ch['type'], `${path}.type`, GUILD_CHANNEL_TYPES);
  const position = checkInt(ch['position'], `${path}.position`, -(2 ** 31), 2 ** 31 - 1);
  const parent = checkOptionalString(ch['parent'], `${path}.parent`, { min: 1, max: 100 });
  const linkable = ch['linkable'];
  return { path, name, type, position, parent, linkable: linkable === undefined ? false : checkBoolean(linkable, `${path}.linkable`) };
}

/**
 * The simulator refuses a well-formed request the way the platform would (an unknown user, a name
 * already taken): the addon reports it as "<control> failed: <status>: <reason>". Those become
 * PlatformErrors (httpError with the status), like the platform's own refusals; a plain Error
 * would be indistinguishable from a bug.
 */
function refusalsAsPlatformErrors(sim: NativeSimulator): NativeSimulator {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(sim, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      let fn = wrapped.get(key);
      if (fn === undefined) {
        fn = (...args: unknown[]) => {
          try {
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          } catch (err) {
            throw asPlatformError(err);
          }
        };
        wrapped.set(key, fn);
      }
      return fn;
    },
  });
}

function asPlatformError(err: unknown): unknown {
  // By name, not instanceof: the addon's errors come from the main realm (a vm context or a test
  // sandbox has its own Error).
  const e = err as { name?: unknown; message?: unknown } | null;
  if (typeof e !== 'object' || e === null || e.name !== 'Error' || typeof e.message !== 'string') return err;
  const m = /^([\w.]+) failed(?:: (.*))?$/s.exec(e.message);
  if (!m) return err;
  const status = /^(\d{3}):/.exec(m[2] ?? '');
  const code = status ? Number(status[1]) : 400;
  return new PlatformError({ type: 'httpError', operation: `sim.${m[1]!}`, detail: m[2] ?? 'refused', status: code, hint: refusalHint(code) });
}

/**
 * What to do about a refusal: a 409 ("username already taken") is most often a name an earlier
 * test created, since the simulated platform is one world per process (a test runner's worker
 * runs several test files in one).
 */
function refusalHint(status: number): string | undefined {
  return status === 409
    ? 'the simulated platform is one world per process and keeps what earlier code created (another test file ' +
      'of the same worker, too): call sim.reset() in beforeEach, or pick another name'
    : undefined;
}

function relationshipOptions(options: unknown, extraKeys: readonly string[] = []): { game: boolean; app: bigint; o: Record<string, unknown> } {
  const o = checkOptionalOptions<Record<string, unknown>>(options, 'options', ['kind', 'applicationId', ...extraKeys]);
  const game = (o['kind'] === undefined ? 'platform' : checkEnum(o['kind'], 'options.kind', ['platform', 'game'] as const)) === 'game';
  if (game && o['applicationId'] === undefined) throw new TypeError("options.kind 'game' needs options.applicationId");
  return { game, app: o['applicationId'] === undefined ? 0n : toId(o['applicationId'], 'options.applicationId'), o };
}

function messageOptions(options: SimMessageOptions): NativeSimMessageOptions {
  const o = checkOptionalOptions<Record<string, unknown>>(options, 'options', ['metadata', 'applicationId', 'additionalContent', 'fromPlatformClient']);
  const out: NativeSimMessageOptions = {};
  if (o['metadata'] !== undefined) out.metadata = checkStringMap(o['metadata'], 'options.metadata');
  if (o['applicationId'] !== undefined) out.applicationId = toId(o['applicationId'], 'options.applicationId');
  if (o['fromPlatformClient'] !== undefined) out.sentFromPlatformClient = checkBoolean(o['fromPlatformClient'], 'options.fromPlatformClient');
  if (o['additionalContent'] !== undefined) {
    const a = checkOptions<Record<string, unknown>>(o['additionalContent'], 'options.additionalContent', ['type', 'title', 'count']);
    out.additionalContent = {
      type: ADDITIONAL_CONTENT_TYPE_VALUES[checkEnum(a['type'], 'options.additionalContent.type', ADDITIONAL_CONTENT_TYPES)],
      ...(a['title'] !== undefined ? { title: checkString(a['title'], 'options.additionalContent.title') } : {}),
      ...(a['count'] !== undefined ? { count: checkInt(a['count'], 'options.additionalContent.count', 0, 255) } : {}),
    };
  }
  return out;
}
