// Every public member of the TS API, with its parameters' names and shapes (docs/api.md). The
// completeness test walks the exported classes at run time and fails for a member missing here.
import * as fc from 'fast-check';
import {
  AUDIO_SYSTEMS, AVATAR_TYPES, EXTERNAL_AUTH_TYPES, GAME_PLATFORMS, INTEGRATION_TYPES, LOG_LEVELS, PARTY_PRIVACY,
  RELATIONSHIP_GROUPS, SETTABLE_STATUSES, STATUS_DISPLAY_TYPES,
} from '../../lib/enums';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  EncryptedFileSessionStore, MemorySessionStore, SafeStorageSessionStore,
  type Call, type Client, type Lobby, type Message, type TokenSet, type User,
} from '../../lib/index';
import { CLIENT_EVENT_NAMES } from '../../lib/client-types';
import { MAX_DEVICE_ID_CHARS } from '../../lib/validate';
import type { Simulator } from '../../lib/testing';
import { CALL_EVENT_NAMES } from '../../lib/voice';
import { casesFor, type Case, type Field, type Shape } from './shapes';
import { oddString, WRONG_TYPES } from './values';

/** The objects the fuzzer calls into (test/fuzz.test.ts builds them). */
export interface Ctx {
  /** Signed in, in `lobby` and its call: must stay usable. */
  alice: Client;
  /** A second client of the same user, for lifecycle calls (disconnect, close) and setters that change it. */
  spare: Client;
  /** Not connected, with an application id: the auth calls (tokens set on it harm nobody). */
  authClient: Client;
  bob: { id: string; client: Client };
  lobby: Lobby;
  /** A lobby of alice's own, for leave() and unlinkChannel(). */
  scratchLobby: Lobby;
  call: Call;
  audioCall: Call;
  /** A call that end() may end. */
  scratchCall: Call;
  user: User;
  message: Message;
  dmId: string;
  guildId: string;
  tokens: TokenSet;
  /** `new Client(options)`: the client is closed when construction succeeds. */
  construct: { newClient(options: unknown): void };
  pkg: { sdkInfo(...junk: unknown[]): unknown };
  /** The simulator controls (platform-social-sdk/testing): a public API, fuzzed like the rest. */
  sim: Simulator;
  /** What the simulator controls act on: a throwaway user, the application, a backend lobby and one of its messages. */
  simTargets: { victimId: string; appId: string; lobbyId: string; messageId: string };
}

export interface Param {
  name: string;
  shape: Shape;
  /** undefined is valid (a default applies). */
  optional?: boolean;
  /** null is valid (as "none"). */
  nullable?: boolean;
  valid: (c: Ctx) => unknown;
}

export type Entry =
  | { kind: 'method'; params: Param[]; on?: (c: Ctx) => object; noOdd?: boolean }
  | { kind: 'setter'; shape: Shape; on?: (c: Ctx) => object }
  | { kind: 'getter' }
  | { kind: 'exempt'; reason: string };

export interface ClassEntry {
  /** The exported name (for the completeness check; pseudo targets start with '#'). */
  name: string;
  area: string;
  target: (c: Ctx) => object;
  members: Record<string, Entry>;
}

// ---- shorthands ------------------------------------------------------------------------------
const id: Shape = { t: 'id' };
const bool: Shape = { t: 'bool' };
const str = (min: number, max: number, odd = true): Shape => ({ t: 'string', min, max, odd });
const int = (min: number, max: number): Shape => ({ t: 'int', min, max });
const num = (min: number, max: number): Shape => ({ t: 'number', min, max });
const oneOf = (values: readonly string[]): Shape => ({ t: 'enum', values });
const fn: Shape = { t: 'function' };
const MAX_TOKEN = 8192;
/** Strings without a documented limit: lib/validate.ts caps them at 1 MB (2^20 UTF-16 units). */
const MAX_STRING = 1 << 20;

const p = (name: string, shape: Shape, valid: (c: Ctx) => unknown, optional = false): Param => ({ name, shape, valid, optional });
const method = (params: Param[] = [], extra: { on?: (c: Ctx) => object; noOdd?: boolean } = {}): Entry => ({ kind: 'method', params, ...extra });
const setter = (shape: Shape, on?: (c: Ctx) => object): Entry => ({ kind: 'setter', shape, ...(on ? { on } : {}) });
const getter: Entry = { kind: 'getter' };
const opt = (shape: Shape, valid?: () => unknown): Field => ({ shape, ...(valid ? { valid } : {}) });
const req = (shape: Shape, valid: () => unknown): Field => ({ shape, valid, required: true });
const object = (keys: Record<string, Field>, base?: () => Record<string, unknown>): Shape => ({ t: 'object', keys, ...(base ? { base } : {}) });
const options = (keys: Record<string, Field>) => p('options', object(keys), () => ({}), true);

/** Message and lobby metadata: any keys, string values. */
const stringMap: Shape = {
  t: 'custom',
  accepts: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  cases: (path) => fc.oneof(
    // No documented limit on keys or values: only values that are not strings are bad.
    // The error names the map (and the key's position), never the key: it may be a secret.
    fc.constantFrom(...WRONG_TYPES).map((s): Case => ({ value: { key: s.make() }, path, bad: true, label: `value: ${s.label}` })),
    fc.tuple(oddString(0, 16), oddString(0, 32)).map(([k, v]): Case => ({ value: { [k]: v }, path, bad: false, label: 'odd Unicode map' })),
  ),
};

const EXTERNAL_AUTH = {
  externalAuthType: req(oneOf(EXTERNAL_AUTH_TYPES), () => 'oidc'),
  externalAuthToken: req(str(1, MAX_TOKEN), () => 'external-token'),
  applicationId: opt(id),
};
const CODE_GRANT = {
  code: req(str(1, MAX_TOKEN), () => 'code'),
  codeVerifier: req(str(43, 128), () => 'v'.repeat(43)),
  redirectUri: req(str(1, 2048), () => 'platform-1:/authorize/callback'),
};

// Persistent sessions: a store is three functions; a stored session is a token set with its expiry.
const STORE: Shape = {
  t: 'custom',
  accepts: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  cases: (at) => fc.constantFrom('load', 'save', 'clear').map((fnName): Case => ({
    value: { load: () => null, save: () => undefined, clear: () => undefined, [fnName]: 'not a function' },
    path: `${at}.${fnName}`, bad: true, label: `${fnName} is not a function`,
  })),
};
const STORED_SESSION: Shape = object({
  accessToken: req(str(1, MAX_TOKEN), () => 'access-token-0123456789'), refreshToken: req(str(0, MAX_TOKEN), () => ''),
  tokenType: req(oneOf(['user', 'bearer']), () => 'bearer'), scopes: req(str(0, 4096), () => 'openid'),
  expiresAt: req(int(0, Number.MAX_SAFE_INTEGER), () => 1), provisional: req(bool, () => false),
});
const VALID_SESSION = () => ({ accessToken: 'access-token-0123456789', refreshToken: '', tokenType: 'bearer', scopes: 'openid', expiresAt: 1, provisional: false });
const STORE_MEMBERS = (): Record<string, Entry> => ({
  load: method(), clear: method(), save: method([p('session', STORED_SESSION, VALID_SESSION)]),
});
// Reversible, for the fuzzer only: stands in for Electron's safeStorage.
const FAKE_SAFE_STORAGE = {
  isEncryptionAvailable: () => true,
  encryptString: (s: string) => Buffer.from(s, 'utf8').reverse(),
  decryptString: (b: Buffer) => Buffer.from(b).reverse().toString('utf8'),
};
let fuzzDir: string | undefined;
const fuzzFile = (name: string) => {
  if (fuzzDir === undefined) {
    fuzzDir = mkdtempSync(path.join(os.tmpdir(), 'psdk-fuzz-'));
  }
  return path.join(fuzzDir, name);
};
/** Removes the files the store entries wrote (fuzz.test.ts calls it after all runs). */
export function removeFuzzFiles(): void {
  if (fuzzDir !== undefined) rmSync(fuzzDir, { recursive: true, force: true });
  fuzzDir = undefined;
}

const text = (max: number): Shape => ({ t: 'text', max });
const url = (max: number): Shape => ({ t: 'url', max });
const ACTIVITY: Shape = object({
  type: opt(oneOf(['playing', 'listening', 'watching', 'competing'])),
  name: opt(text(128)), state: opt(text(128)), details: opt(text(128)),
  stateUrl: opt(url(256)), detailsUrl: opt(url(256)),
  statusDisplayType: opt(oneOf(STATUS_DISPLAY_TYPES)),
  timestamps: opt(object({ start: opt({ t: 'time' }), end: opt({ t: 'time' }) })),
  assets: opt(object({
    largeImage: opt(text(300)), smallImage: opt(text(300)), inviteCoverImage: opt(text(300)),
    largeText: opt(text(128)), smallText: opt(text(128)), largeUrl: opt(url(256)), smallUrl: opt(url(256)),
  })),
  party: opt(object({
    id: req(text(128), () => 'party'), currentSize: req(int(0, 2 ** 31 - 1), () => 0),
    maxSize: req(int(0, 2 ** 31 - 1), () => 2 ** 31 - 1), privacy: opt(oneOf(PARTY_PRIVACY)),
  })),
  secrets: opt(object({ join: req(text(128), () => 'join-secret') })),
  buttons: opt({
    t: 'array', max: 2, valid: () => [{ label: 'Go', url: 'https://a.example' }],
    of: object({ label: req(text(32), () => 'Go'), url: req(url(512), () => 'https://a.example') }),
  }),
  supportedPlatforms: opt({ t: 'array', nonEmpty: true, max: GAME_PLATFORMS.length, of: oneOf(GAME_PLATFORMS), valid: () => ['desktop'] }),
});

const INVITE: Shape = object({
  type: req(oneOf(['join', 'joinRequest']), () => 'joinRequest'),
  senderId: req(id, () => '1000001'), channelId: req(id, () => '1000002'), messageId: req(id, () => '1000003'),
  applicationId: req(id, () => '1000004'), parentApplicationId: { shape: id, nullable: true },
  partyId: req(str(0, 128), () => 'party'), sessionId: req(str(0, 1024), () => 'session'), isValid: req(bool, () => true),
});

/** A friend request target: a username, a user id (string or bigint), { username } or { userId }. */
const TARGET: Shape = {
  t: 'custom',
  accepts: (v) => typeof v === 'string' || typeof v === 'bigint' || (typeof v === 'object' && v !== null && !Array.isArray(v)),
  cases: (path) => fc.oneof(
    fc.constantFrom('', 'u'.repeat(33), '99999999999999999999', '00000000000000000').map((v): Case => ({ value: v, path, bad: true, label: 'bad target string' })),
    fc.constantFrom(0n, -1n, 1n << 64n).map((v): Case => ({ value: v, path, bad: true, label: 'bad target bigint' })),
    casesFor(id, `${path}.userId`).filter((c) => c.bad).map((c) => ({ ...c, value: { userId: c.value } })),
    casesFor(str(1, 32), `${path}.username`).filter((c) => c.bad).map((c) => ({ ...c, value: { username: c.value } })),
    fc.constantFrom<() => unknown>(() => ({ userId: '1', username: 'ada' }), () => ({ nick: 'ada' })).map((make): Case =>
      ({ value: make(), path, bad: true, label: 'bad target object' })),
    oddString(1, 32).filter((s) => !/^[0-9]{17,20}$/.test(s)).map((v): Case => ({ value: v, path, bad: false, label: 'odd username' })),
  ),
};

/** A launch command: a command line, or { steamAppId }. */
const LAUNCH: Shape = {
  t: 'custom',
  accepts: (v) => typeof v === 'string' || (typeof v === 'object' && v !== null && !Array.isArray(v)),
  cases: (path) => fc.oneof(
    casesFor(str(1, 4096), path).filter((c) => typeof c.value === 'string'),
    casesFor(int(1, 2 ** 32 - 1), `${path}.steamAppId`).map((c) => ({ ...c, value: { steamAppId: c.value } })),
    fc.constant(null).map((): Case => ({ value: { steamAppId: 1, extra: 1 }, path, bad: true, label: 'unknown key' })),
  ),
};

const CPU_MASK: Shape = {
  t: 'custom',
  accepts: (v) => typeof v === 'bigint',
  cases: (path) => fc.oneof(
    fc.constantFrom(-1n, 1n << 64n, -(1n << 80n)).map((v): Case => ({ value: v, path, bad: true, label: 'bigint out of range' })),
    fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((v): Case => ({ value: v, path, bad: false, label: 'in range' })),
  ),
};

/** The shorthands and shapes, for the simulator controls' catalog (sim-catalog.ts). */
export const SHAPES = { id, bool, str, int, num, oneOf, p, method, getter, opt, req, object, options, stringMap, ACTIVITY, INVITE, MAX_STRING, MAX_TOKEN };

const EMITTER = (on: (c: Ctx) => object, names: readonly string[]): Record<string, Entry> => {
  // Only the emitter's own event names (and Node's newListener/removeListener) are accepted: any
  // other string, a symbol, a number or an object is a TypeError naming `event` (issue 35).
  const event = oneOf([...names, 'newListener', 'removeListener']);
  const listener = [p('event', event, () => 'status'), p('listener', fn, () => () => undefined)];
  const query = [p('event', event, () => 'status')];
  return {
    on: method(listener, { on }), once: method(listener, { on }), off: method(listener, { on }),
    addListener: method(listener, { on }), removeListener: method(listener, { on }),
    prependListener: method(listener, { on }), prependOnceListener: method(listener, { on }),
    listenerCount: method([...query, p('listener', fn, () => () => undefined, true)], { on }),
    listeners: method(query, { on }), rawListeners: method(query, { on }),
    removeAllListeners: method([p('event', event, () => 'eventsDropped', true)], { on }),
    emit: { kind: 'exempt', reason: "EventEmitter's emit: its arguments are the event's payload, delivered to listeners, not input" },
  };
};

export const CATALOG: readonly ClassEntry[] = [
  {
    name: '#new Client', area: 'client', target: (c) => c.construct,
    members: {
      newClient: method([options({
        applicationId: opt(id), sdkPath: opt(str(1, MAX_STRING, false)), allowUntestedSdk: opt(bool), apiBase: opt(str(1, MAX_STRING)), webBase: opt(str(1, MAX_STRING)),
        httpTimeoutMs: opt(int(1, 2 ** 31 - 1)), logLevel: opt(oneOf(LOG_LEVELS)), voiceLogLevel: opt(oneOf(LOG_LEVELS)),
        logDir: opt(str(1, MAX_STRING, false)), voiceLogDir: opt(str(1, MAX_STRING, false)), cpuAffinityMask: opt(CPU_MASK),
        audioSystem: opt(oneOf(AUDIO_SYSTEMS)), androidPreventCommsForBluetooth: opt(bool), pumpIntervalMs: opt(int(1, 1000)),
        idlePumpIntervalMs: opt(int(1, 10_000)), eventQueueLimit: opt(int(1, 2 ** 31 - 1)),
      })]),
    },
  },
  {
    name: 'Client', area: 'client', target: (c) => c.alice,
    members: {
      defaultCommunicationScopes: getter, defaultPresenceScopes: getter,
      status: getter, closed: getter, busy: getter, keepsAlive: getter,
      // The areas: getters that load their module on first use (lib/client.ts).
      auth: getter, users: getter, relationships: getter, presence: getter, lobbies: getter, messages: getter, guilds: getter, voice: getter,
      applicationId: setter(id, (c) => c.spare),
      setGameWindowPid: method([p('pid', int(0, 2 ** 31 - 1), () => 1)]),
      setThreadPriority: method([p('thread', oneOf(['client', 'voice', 'network']), () => 'client'),
        p('priority', int(-(2 ** 31), 2 ** 31 - 1), () => 0)]),
      connect: method([], { on: (c) => c.spare }), disconnect: method([], { on: (c) => c.spare }),
      close: method([], { on: (c) => c.spare }), 'Symbol(nodejs.asyncDispose)': method([], { on: (c) => c.spare }),
      ref: method([], { on: (c) => c.spare }), unref: method([], { on: (c) => c.spare }),
      toJSON: method(), 'Symbol(nodejs.util.inspect.custom)': method(),
      ...EMITTER((c) => c.spare, CLIENT_EVENT_NAMES),
    },
  },
  {
    name: 'ClientAuth', area: 'auth', target: (c) => c.authClient.auth,
    members: {
      createCodeVerifier: method(),
      // Odd values would start flows that wait for the user's consent: bad values only.
      authorize: method([
        p('options', object({
          scopes: req(str(1, 4096), () => 'openid'), clientId: opt(id), state: opt(str(1, 1024)), nonce: opt(str(1, 1024)),
          codeChallenge: opt(object({ challenge: req(str(43, 128), () => 'c'.repeat(43)), method: opt(oneOf(['S256'])) })),
          integrationType: opt(oneOf(INTEGRATION_TYPES)), customSchemeParam: opt(str(1, 256)),
        }), () => ({ scopes: 'openid' })),
        p('control', object({ signal: opt({ t: 'signal' }) }), () => ({}), true),
      ], { noOdd: true }),
      getToken: method([p('options', object({ ...CODE_GRANT, applicationId: opt(id) }), () => ({ code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: 'x:/y' }))]),
      login: method([options({ scopes: opt(str(1, 4096)), signal: opt({ t: 'signal' }) })], { noOdd: true }),
      getProvisionalToken: method([p('options', object(EXTERNAL_AUTH), () => ({ externalAuthType: 'oidc', externalAuthToken: 't' }))]),
      getTokenFromProvisionalMerge: method([p('options', object({ ...EXTERNAL_AUTH, ...CODE_GRANT }),
        () => ({ externalAuthType: 'oidc', externalAuthToken: 't', code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: 'x:/y' }))]),
      refreshToken: method([p('refreshToken', str(1, MAX_TOKEN), () => 'refresh'), options({ applicationId: opt(id) })]),
      revokeToken: method([p('token', str(1, MAX_TOKEN), () => 'token'), options({ applicationId: opt(id) })]),
      updateToken: method([p('accessToken', str(1, MAX_TOKEN), () => 'token'), p('tokenType', oneOf(['user', 'bearer']), () => 'bearer', true)]),
      exchangeChildToken: method([p('parentToken', str(1, MAX_TOKEN), () => 'token'), p('childApplicationId', id, () => '1000005')]),
      unmergeIntoProvisionalAccount: method([p('options', object(EXTERNAL_AUTH), () => ({ externalAuthType: 'oidc', externalAuthToken: 't' }))]),
      updateProvisionalAccountDisplayName: method([p('name', str(1, 32), () => 'name')]),
      fetchCurrentUser: method([p('token', str(1, MAX_TOKEN), () => 'token'), p('tokenType', oneOf(['user', 'bearer']), () => 'bearer', true)]),
      // The external identity comes as a pair: the base has both, so that each is fuzzed alone.
      getTokenFromDevice: method([p('options', object({
        scopes: opt(str(1, 4096)), clientId: opt(id), signal: opt({ t: 'signal' }),
        externalAuthType: opt(oneOf(EXTERNAL_AUTH_TYPES)), externalAuthToken: opt(str(1, MAX_TOKEN)),
      }, () => ({ externalAuthType: 'oidc', externalAuthToken: 't' })), () => ({}), true)], { noOdd: true }),
      openAuthorizeDeviceScreen: method([p('userCode', str(1, 64), () => 'ABCD-EFGH'), options({ clientId: opt(id) })]),
      closeAuthorizeDeviceScreen: method(),
      provisionalUserMergeCompleted: method([p('success', bool, () => true)]),
      isAuthenticated: getter,
      // Valid options would sign in (a flow that waits for consent): bad values only, each
      // refused before anything starts.
      startSession: method([p('options', object({
        store: req(STORE, () => new MemorySessionStore()), scopes: opt(str(1, 4096)),
        provisional: opt(object({
          externalAuthType: req(oneOf(EXTERNAL_AUTH_TYPES), () => 'oidc'), getExternalAuthToken: req(fn, () => () => 'provider-token'),
        })),
        refreshAheadMs: opt(int(0, 24 * 3600_000)), clock: opt(fn), checkIntervalMs: opt(int(1, 2 ** 31 - 1)),
      }), () => ({ store: new MemorySessionStore() }))], { noOdd: true }),
      endSession: method([options({ revoke: opt(bool) })]),
      session: getter,
      onAuthorizeRequest: method([p('handler', fn, () => () => undefined)]),
    },
  },
  {
    name: 'TokenSet', area: 'auth', target: (c) => c.tokens,
    members: { toJSON: method(), 'Symbol(nodejs.util.inspect.custom)': method() },
  },
  {
    name: 'MemorySessionStore', area: 'auth', target: () => new MemorySessionStore(),
    members: { ...STORE_MEMBERS(), 'Symbol(nodejs.util.inspect.custom)': method() },
  },
  {
    name: 'SafeStorageSessionStore', area: 'auth',
    target: () => new SafeStorageSessionStore({ safeStorage: FAKE_SAFE_STORAGE, path: fuzzFile('safe.bin') }),
    members: STORE_MEMBERS(),
  },
  {
    name: 'EncryptedFileSessionStore', area: 'auth',
    target: () => new EncryptedFileSessionStore({ path: fuzzFile('aes.bin'), key: randomBytes(32) }),
    members: { ...STORE_MEMBERS(), 'Symbol(nodejs.util.inspect.custom)': method() },
  },
  {
    name: 'ClientUsers', area: 'users', target: (c) => c.alice.users,
    members: { current: getter, get: method([p('userId', id, (c) => c.bob.id)]), applicationProfiles: method() },
  },
  {
    name: 'User', area: 'users', target: (c) => c.user,
    members: {
      activity: getter, relationship: getter, applicationProfiles: getter, toJSON: method(),
      avatarUrl: method([p('animated', oneOf(AVATAR_TYPES), () => 'gif', true), p('still', oneOf(AVATAR_TYPES), () => 'png', true)]),
    },
  },
  {
    name: 'ClientRelationships', area: 'relationships', target: (c) => c.alice.relationships,
    members: {
      list: method([p('group', oneOf(RELATIONSHIP_GROUPS), () => undefined, true)]),
      get: method([p('userId', id, (c) => c.bob.id)]),
      searchFriendsByUsername: method([p('name', str(0, 32), () => 'bo')]),
      sendFriendRequest: method([p('target', TARGET, () => 'nobody-here'), options({ kind: opt(oneOf(['platform', 'game'])) })]),
      ...Object.fromEntries(['accept', 'reject', 'cancel', 'remove'].map((m) => [m, method([
        p('userId', id, (c) => c.bob.id), p('kind', oneOf(['platform', 'game']), () => 'platform', true)])])),
      block: method([p('userId', id, (c) => c.bob.id)]), unblock: method([p('userId', id, (c) => c.bob.id)]),
    },
  },
  {
    name: 'ClientPresence', area: 'presence', target: (c) => c.alice.presence,
    members: {
      update: method([p('activity', ACTIVITY, () => ({}))]),
      clear: method(),
      setOnlineStatus: method([p('status', oneOf(SETTABLE_STATUSES), () => 'online')]),
      sendInvite: method([p('userId', id, (c) => c.bob.id), p('content', text(2000), () => 'join me')]),
      sendJoinRequest: method([p('userId', id, (c) => c.bob.id)]),
      replyToJoinRequest: method([p('invite', INVITE, () => ({}))]),
      acceptInvite: method([p('invite', INVITE, () => ({}))]),
      registerLaunchCommand: method([p('command', LAUNCH, () => 'game --join'), options({ applicationId: opt(id) })]),
      isPlatformAppInstalled: method(),
      getPlatformClientConnectedUser: method([options({ applicationId: opt(id) })]),
      openConnectedGamesSettingsInPlatform: method(),
    },
  },
  {
    name: 'ClientLobbies', area: 'lobbies', target: (c) => c.alice.lobbies,
    members: {
      createOrJoin: method([p('secret', str(1, 1024), () => 'fuzz-room'), options({ metadata: opt(stringMap), memberMetadata: opt(stringMap) })]),
      get: method([p('lobbyId', id, (c) => c.lobby.id)]),
      list: method(),
    },
  },
  {
    name: 'Lobby', area: 'lobbies', target: (c) => c.lobby,
    members: {
      leave: method([], { on: (c) => c.scratchLobby }), unlinkChannel: method([], { on: (c) => c.scratchLobby }),
      sendMessage: method([p('content', text(2000), () => 'hello'), options({ metadata: opt(stringMap) })]),
      getMessages: method([options({ limit: opt(int(1, 200)) })]),
      linkChannel: method([p('channelId', id, () => '1000006')]),
      joinLinkedGuild: method(), toJSON: method(),
    },
  },
  {
    name: 'ClientMessages', area: 'messages', target: (c) => c.alice.messages,
    members: {
      sendToUser: method([p('userId', id, (c) => c.bob.id), p('content', text(2000), () => 'hi'), options({ metadata: opt(stringMap) })]),
      edit: method([p('recipientId', id, (c) => c.bob.id), p('messageId', id, (c) => c.dmId), p('content', text(2000), () => 'edited')]),
      delete: method([p('recipientId', id, (c) => c.bob.id), p('messageId', id, (c) => c.dmId)]),
      get: method([p('messageId', id, (c) => c.dmId)]),
      getChannel: method([p('channelId', id, (c) => c.lobby.id)]),
      getUserMessages: method([p('userId', id, (c) => c.bob.id), options({ limit: opt(int(1, 200)) })]),
      getSummaries: method(),
      setShowingChat: method([p('showing', bool, () => true)]),
      canOpenInPlatform: method([p('messageId', id, (c) => c.dmId)]),
      openInPlatform: method([p('messageId', id, (c) => c.dmId)]),
    },
  },
  { name: 'Message', area: 'messages', target: (c) => c.message, members: { sentAt: getter, editedAt: getter, toJSON: method() } },
  {
    name: 'ClientGuilds', area: 'guilds', target: (c) => c.alice.guilds,
    members: { list: method(), channels: method([p('guildId', id, (c) => c.guildId)]) },
  },
  {
    name: 'ClientVoice', area: 'voice', target: (c) => c.alice.voice,
    members: {
      startCall: method([p('lobbyId', id, (c) => c.lobby.id)]),
      startCallWithAudio: method([p('lobbyId', id, (c) => c.lobby.id),
        p('callbacks', object({ onReceived: opt(fn), onCaptured: opt(fn) }, () => ({ onReceived: () => undefined })), () => ({ onReceived: () => undefined }))]),
      getCall: method([p('channelId', id, (c) => c.lobby.id)]),
      calls: method(),
      endCall: method([p('channelId', id, () => '1000007')]),
      endAllCalls: method([], { on: (c) => c.bob.client.voice }),
      inputVolume: setter(num(0, 100)), outputVolume: setter(num(0, 200)),
      selfMuteAll: setter(bool), selfDeafAll: setter(bool),
      echoCancellation: setter(bool), noiseSuppression: setter(bool), noiseCancellation: setter(bool), automaticGainControl: setter(bool),
      setOpusHardwareCoding: method([p('encode', bool, () => false), p('decode', bool, () => false)]),
      setAecDump: method([p('on', bool, () => false)]),
      showAudioRoutePicker: method(),
      setEngineManagedAudioSession: method([p('isEngineManaged', bool, () => false)]),
      setNoAudioInputThreshold: method([p('dBFS', num(-100, 0), () => -60)]),
      inputDevices: method(), outputDevices: method(), currentInputDevice: method(), currentOutputDevice: method(),
      setInputDevice: method([p('deviceId', str(1, MAX_DEVICE_ID_CHARS), () => 'default')]),
      setOutputDevice: method([p('deviceId', str(1, MAX_DEVICE_ID_CHARS), () => 'default')]),
      getPlatformVoiceSettings: method(), getDefaultAudioDeviceId: method(),
    },
  },
  {
    name: 'Call', area: 'voice', target: (c) => c.call,
    members: {
      guildId: getter, status: getter, participants: getter,
      audioMode: setter(oneOf(['vad', 'ptt'])), pttActive: setter(bool), pttReleaseDelayMs: setter(int(0, 2 ** 32 - 1)),
      selfMute: setter(bool), selfDeaf: setter(bool),
      vadThreshold: setter(object({ automatic: req(bool, () => true), threshold: req(num(-100, 0), () => -40) })),
      voiceState: method([p('userId', id, (c) => c.bob.id)]),
      getLocalMute: method([p('userId', id, (c) => c.bob.id)]),
      setLocalMute: method([p('userId', id, (c) => c.bob.id), p('mute', bool, () => false)]),
      getParticipantVolume: method([p('userId', id, (c) => c.bob.id)]),
      setParticipantVolume: method([p('userId', id, (c) => c.bob.id), p('volume', num(0, 200), () => 100)]),
      end: method([], { on: (c) => c.scratchCall }),
      toJSON: method(),
      ...EMITTER((c) => c.scratchCall, CALL_EVENT_NAMES),
    },
  },
  {
    name: 'CallAudio', area: 'voice', target: (c) => c.audioCall.audio!,
    members: {
      stats: method(),
      setReceivedMuted: method([p('userId', id, (c) => c.bob.id), p('muted', bool, () => false)]),
      setGain: method([p('userId', id, (c) => c.bob.id), p('gain', num(0, 100), () => 100)]),
    },
  },
  { name: 'sdkInfo', area: 'package', target: (c) => c.pkg, members: { sdkInfo: method() } },
  {
    name: 'PlatformError', area: 'package', target: () => ({}),
    members: {
      fromResult: { kind: 'exempt', reason: "builds an error from the addon's captured SDK result (the addon is its only caller)" },
      clientDestroyed: { kind: 'exempt', reason: 'builds the error the client rejects with once closed (takes an operation name)' },
      aborted: { kind: 'exempt', reason: 'builds the error an aborted flow rejects with (takes an operation name)' },
    },
  },
];
