// The simulator controls (platform-social-sdk/testing) as the fuzzer sees them: game developers
// call them in their tests, so they are public API held to the same standard. Valid arguments act
// on a throwaway user, lobby and message (simTargets) so that a control that succeeds harms
// nothing the other areas stand on; the fuzz test restores the world's switches afterwards.
import * as fc from 'fast-check';
import { EXTERNAL_IDENTITY_PROVIDERS, SETTABLE_STATUSES } from '../../lib/enums';
import { MAX_DEVICE_ID_CHARS } from '../../lib/validate';
import { SHAPES, type ClassEntry, type Ctx, type Entry } from './catalog';
import { casesFor, type Case, type Shape } from './shapes';

const { id, bool, str, int, num, oneOf, p, method, opt, req, object, options, stringMap, ACTIVITY, INVITE, MAX_STRING } = SHAPES;
const exempt = (reason: string): Entry => ({ kind: 'exempt', reason });
const victim = (c: Ctx) => c.simTargets.victimId;
const app = (c: Ctx) => c.simTargets.appId;
const lobby = (c: Ctx) => c.simTargets.lobbyId;

/** A non-negative integer the control accepts up to `max`, but whose large values would disturb the run: only 0..small are odd. */
const smallInt = (max: number, small: number): Shape => ({
  t: 'custom', accepts: (v) => typeof v === 'number',
  cases: (path) => fc.oneof(
    casesFor(int(0, max), path).filter((c) => c.bad),
    fc.integer({ min: 0, max: small }).map((v): Case => ({ value: v, path, bad: false, label: 'small in range' })),
  ),
});

/** setConsent: a user id, 'deny' or 'timeout'. */
const DECISION: Shape = {
  t: 'custom', accepts: (v) => typeof v === 'string' || typeof v === 'bigint',
  cases: (path) => fc.oneof(
    casesFor(id, path).filter((c) => c.bad && typeof c.value !== 'string'),
    fc.constantFrom('deny', 'timeout').map((v): Case => ({ value: v, path, bad: false, label: 'decision' })),
    fc.constantFrom('', 'DENY', 'allow', '-1').map((v): Case => ({ value: v, path, bad: true, label: 'not a decision' })),
  ),
};

const nullable = (shape: Shape) => ({ shape, nullable: true });
const GUILD_CHANNEL = object({
  name: req(str(1, 100), () => 'c'), type: req(oneOf(['guildText', 'guildVoice', 'guildCategory', 'guildForum']), () => 'guildText'),
  position: req(int(-(2 ** 31), 2 ** 31 - 1), () => 0), parent: opt(str(1, 100)), linkable: opt(bool),
});
const MESSAGE_OPTIONS = options({
  metadata: opt(stringMap), applicationId: opt(id), fromPlatformClient: opt(bool),
  additionalContent: opt(object({ type: req(oneOf(['other', 'attachment', 'poll']), () => 'other'), title: opt(str(0, MAX_STRING)), count: opt(int(0, 255)) })),
});
const KIND = options({ kind: opt(oneOf(['platform'])), applicationId: opt(id) });

export const SIM_CATALOG: readonly ClassEntry[] = [
  {
    name: '#sim', area: 'simulator', target: (c) => c.sim,
    members: {
      reset: exempt('wipes the platform every other area stands on; every test file calls it through freshWorld()'),
      save: method([options({ grants: opt(bool) })]),
      load: exempt('replaces the world every other area stands on; test/fixtures.test.ts fuzzes it (documents with one value replaced, arbitrary text)'),
      joinedPeerId: exempt('a getter: takes no input (test/world-host.test.ts reads it)'),
    },
  },
  {
    name: '#sim.console', area: 'simulator', target: (c) => c.sim.console,
    members: {
      listen: exempt('each valid call opens a server; test/console.test.ts checks its bad options (port range and type, unknown keys)'),
    },
  },
  {
    name: '#sim.users', area: 'simulator', target: (c) => c.sim.users,
    members: {
      create: method([p('options', object({ username: req(str(2, 32), () => 'fuzzy'), displayName: opt(str(1, 32)), provisional: opt(bool) }),
        () => ({ username: 'fuzzy' }))]),
      update: method([p('userId', id, victim), p('changes', object({ globalName: nullable(str(1, 32)), avatar: nullable(str(1, 64)) }), () => ({}))]),
      setApplicationProfile: method([p('userId', id, victim), p('applicationId', id, app), p('profile', object({
        providerType: req(oneOf(EXTERNAL_IDENTITY_PROVIDERS), () => 'oidc'), providerId: nullable(str(0, 256)),
        providerIssuedUserId: req(str(1, 256), () => 'u'), username: opt(str(0, 256)), avatarHash: opt(str(0, 256)), metadata: opt(str(0, 65536)),
      }), () => ({ providerType: 'oidc', providerIssuedUserId: 'u' }))]),
    },
  },
  {
    name: '#sim.relationships', area: 'simulator', target: (c) => c.sim.relationships,
    members: {
      befriend: method([p('a', id, victim), p('b', id, victim), KIND]),
      sendRequestAs: method([p('fromId', id, victim), p('toId', id, victim), options({ kind: opt(oneOf(['platform'])), applicationId: opt(id), spam: opt(bool) })]),
      removeAll: method([p('a', id, victim), p('b', id, victim)]),
    },
  },
  {
    name: '#sim.presence', area: 'simulator', target: (c) => c.sim.presence,
    members: {
      set: method([p('userId', id, victim), { ...p('activity', ACTIVITY, () => ({ name: 'x' })), nullable: true }, p('options', object({ applicationId: opt(id) }), (c) => ({ applicationId: app(c) }), true)]),
      setStatus: method([p('userId', id, victim), p('status', oneOf([...SETTABLE_STATUSES, 'offline']), () => 'online')]),
    },
  },
  { name: '#sim.launch', area: 'simulator', target: (c) => c.sim.launch, members: { registration: method([p('applicationId', id, app)]) } },
  {
    name: '#sim.applications', area: 'simulator', target: (c) => c.sim.applications,
    members: {
      create: method([p('options', object({ name: req(str(1, 100), () => 'Fuzz App'), publisherId: opt(id), parentApplicationId: opt(id), coverImage: opt(str(0, 2048)) }),
        () => ({ name: 'Fuzz App' }))]),
    },
  },
  {
    name: '#sim.auth', area: 'simulator', target: (c) => c.sim.auth,
    members: {
      setConsent: method([p('decision', DECISION, () => 'deny')]),
      issueToken: method([p('userId', id, victim), p('options', object({ applicationId: req(id, () => '1'), scopes: opt(str(1, MAX_STRING)) }),
        (c) => ({ applicationId: app(c) }))]),
      setTokenPrefixes: method([p('prefixes', object({ access: opt(str(0, 32)), refresh: opt(str(0, 32)) }), () => ({}))]),
    },
  },
  {
    name: '#sim.clock', area: 'simulator', target: (c) => c.sim.clock,
    members: {
      now: method(),
      advance: method([p('ms', smallInt(Number.MAX_SAFE_INTEGER, 5), () => 0)]),
      setFrozen: method([p('frozen', bool, () => false)]),
    },
  },
  {
    name: '#sim.network', area: 'simulator', target: (c) => c.sim.network,
    members: {
      setOnline: method([p('online', bool, () => true)]),
      isOnline: method(),
      setLatency: method([p('ms', smallInt(2 ** 31 - 1, 2), () => 0)]),
      // A request the other areas hardly send (a made-up name is refused: it would never fire);
      // a rule it leaves queued fails at most a device-flow merge, with a PlatformError.
      failNext: method([p('operation', str(1, 100), () => 'getTokenFromDeviceProvisionalMerge'), p('options', object({
        status: req(int(400, 599), () => 500), retryAfterMs: opt(int(0, 2 ** 31 - 1)), code: opt(int(0, 2 ** 31 - 1)),
      }), () => ({ status: 500 }))]),
    },
  },
  {
    name: '#sim.moderation', area: 'simulator', target: (c) => c.sim.moderation,
    members: {
      ban: method([p('userId', id, victim)]), unban: method([p('userId', id, victim)]),
      deauthorize: method([p('userId', id, victim), options({ applicationId: opt(id) })]),
    },
  },
  {
    name: '#sim.backend', area: 'simulator', target: (c) => c.sim.backend,
    members: {
      createLobby: method([p('options', object({ applicationId: req(id, () => '1'), secret: opt(str(0, 1024)), metadata: opt(stringMap) }),
        (c) => ({ applicationId: app(c) }))]),
      updateLobbyMembers: method([p('lobbyId', id, lobby), p('updates', {
        t: 'array', max: 25, valid: () => [{ userId: '1' }],
        of: object({ userId: req(id, () => '1'), metadata: opt(stringMap), additionalName: nullable(str(1, 80)), canLinkLobby: opt(bool), remove: opt(bool) }),
      }, (c) => [{ userId: victim(c) }])]),
      setModerationMetadata: method([p('messageId', id, (c) => c.simTargets.messageId), p('metadata', stringMap, () => ({ a: 'b' })),
        p('options', object({ lobbyId: opt(id) }), (c) => ({ lobbyId: lobby(c) }), true)]),
      sendLobbyMessageAs: method([p('userId', id, victim), p('lobbyId', id, lobby), p('content', str(0, MAX_STRING), () => 'hi'), MESSAGE_OPTIONS]),
      sendUserMessageAs: method([p('fromId', id, victim), p('toId', id, victim), p('content', str(0, MAX_STRING), () => 'hi'), MESSAGE_OPTIONS]),
    },
  },
  { name: '#sim.lobbies', area: 'simulator', target: (c) => c.sim.lobbies, members: { exists: method([p('lobbyId', id, lobby)]) } },
  {
    name: '#sim.guilds', area: 'simulator', target: (c) => c.sim.guilds,
    members: {
      create: method([p('options', object({
        name: req(str(1, 100), () => 'Fuzz Guild'),
        members: opt({ t: 'array', max: 1000, of: id, valid: () => ['1'] }),
        channels: opt({ t: 'array', max: 500, of: GUILD_CHANNEL, valid: () => [{ name: 'c', type: 'guildText', position: 0 }] }),
      }), () => ({ name: 'Fuzz Guild' }))]),
      acceptInvite: method([p('inviteUrl', str(1, MAX_STRING), () => 'https://platform.example/invite/none'), p('userId', id, victim)]),
    },
  },
  {
    name: '#sim.voice', area: 'simulator', target: (c) => c.sim.voice,
    members: {
      joinCall: method([p('userId', id, victim), p('lobbyId', id, lobby)]),
      leaveCall: method([p('userId', id, victim), p('lobbyId', id, lobby)]),
      speak: method([p('userId', id, victim), p('lobbyId', id, lobby), p('options', object({
        durationMs: req(smallInt(2 ** 32 - 1, 20), () => 10), frequencyHz: opt(num(1, 24000)),
      }), () => ({ durationMs: 10 }))]),
      playoutLevel: method([p('listenerId', id, victim), p('speakerId', id, victim)]),
      setMicrophoneLevel: method([p('dBFS', num(-100, 0), () => -60)]),
    },
  },
  {
    name: '#sim.devices', area: 'simulator', target: (c) => c.sim.devices,
    members: {
      add: method([p('device', object({ id: req(str(1, MAX_DEVICE_ID_CHARS), () => 'fuzz-dev'), name: req(str(1, MAX_DEVICE_ID_CHARS), () => 'Fuzz'), input: req(bool, () => true), isDefault: opt(bool) }),
        () => ({ id: 'fuzz-dev', name: 'Fuzz', input: true }))]),
      remove: method([p('id', str(1, MAX_DEVICE_ID_CHARS), () => 'fuzz-dev')]),
    },
  },
  {
    name: '#sim.platformClient', area: 'simulator', target: (c) => c.sim.platformClient,
    members: {
      setVoiceSettings: method([p('settings', object({
        selfMute: opt(bool), selfDeaf: opt(bool), inputVolume: opt(num(0, 100)), outputVolume: opt(num(0, 200)),
        inputMode: opt(oneOf(['vad', 'ptt'])), pttKey: opt(str(0, 100)), noiseSuppression: opt(bool), echoCancellation: opt(bool),
        noiseCancellation: opt(bool), automaticGainControl: opt(bool),
      }), () => ({}))]),
      requestAuthorize: method(),
      acceptInviteElsewhere: method([p('userId', id, victim), p('invite', INVITE, () => ({
        type: 'join', senderId: '1000001', channelId: '1000002', messageId: '1000003', applicationId: '1000004',
        parentApplicationId: null, partyId: 'party', sessionId: 'session', isValid: true,
      }))]),
      setInstalled: method([p('installed', bool, () => true)]),
    },
  },
  {
    name: '#sim.diagnostics', area: 'simulator', target: (c) => c.sim.diagnostics,
    members: {
      setDebugBuild: method([p('debug', bool, () => false)]),
      setLogTokenFilter: method([p('enabled', bool, () => true)]),
      emitLog: method([p('message', str(0, 65536), () => 'fuzz'), p('severity', oneOf(['verbose', 'info', 'warning', 'error']), () => 'verbose', true)]),
      liveCallbackCount: method(), oauthRecordCounts: method(),
    },
  },
];
