// Persistent sessions on simulated time: resume after a restart, refresh ahead of expiry with no
// gap in 'ready', the end of the grant (deauthorization, ban), endSession, provisional accounts,
// and the stores (nothing written in the clear).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { inspect } from 'node:util';
import {
  EncryptedFileSessionStore, MemorySessionStore, PlatformError, SafeStorageSessionStore,
  type Client, type SessionEndedEvent, type StatusEvent, type StoredSession,
} from '../lib/index';
import { closeAll, collect, frozenWorld, nextEvent, RecordingStore, runNode, settle, until, type World } from './helpers';

const DAY = 24 * 3600_000;
const WEEK = 7 * DAY;

let w: World;
let dir: string;
beforeEach(() => {
  w = frozenWorld();
  dir = mkdtempSync(path.join(os.tmpdir(), 'pss-session-'));
});
afterEach(async () => {
  await closeAll(w);
  rmSync(dir, { recursive: true, force: true });
});

const simClock = () => ({ clock: () => w.sim.clock.now(), checkIntervalMs: 5 });

function statuses(client: Client): StatusEvent[] {
  return collect(client, 'status');
}

describe('startSession', () => {
  test('signs in with login() when the store is empty, saves the token set, and resumes after a restart', async () => {
    const key = randomBytes(32);
    const file = path.join(dir, 'session.bin');
    const first = w.client();
    const info = await first.auth.startSession({ store: new EncryptedFileSessionStore({ path: file, key }), ...simClock() });
    expect(info).toEqual({ resumed: false, provisional: false, expiresAt: w.sim.clock.now() + WEEK });
    expect(first.status).toBe('ready');
    await first.close();

    // The restart: a new client and a new store object on the same file. Consent is now refused,
    // so a second sign-in would fail: only a resume can make this client ready. (Across real
    // processes, with the world saved with its grants: session-restart.test.ts.)
    w.sim.auth.setConsent('deny');
    const second = w.client();
    const resumed = await second.auth.startSession({ store: new EncryptedFileSessionStore({ path: file, key: Buffer.from(key) }), ...simClock() });
    expect(resumed.resumed).toBe(true);
    expect(second.status).toBe('ready');
    expect(second.users.current?.id).toBe(w.user.id);
    expect(second.auth.session).toEqual(resumed);
  });

  test('the file written in one process is read back by a new process with the same key', async () => {
    const key = randomBytes(32);
    const file = path.join(dir, 'session.bin');
    const store = new EncryptedFileSessionStore({ path: file, key });
    const tokens = w.token();
    await store.save({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tokenType: 'bearer', scopes: tokens.scopes, expiresAt: 123, provisional: false });
    const digest = createHash('sha256').update(tokens.refreshToken).digest('hex');
    const r = await runNode(`
      const { EncryptedFileSessionStore } = require('./dist/cjs/index.js');
      const { createHash } = require('node:crypto');
      new EncryptedFileSessionStore({ path: process.env.FILE, key: Buffer.from(process.env.KEY, 'hex') }).load().then((s) => {
        console.log(JSON.stringify({ digest: createHash('sha256').update(s.refreshToken).digest('hex'), expiresAt: s.expiresAt }));
      });`, { env: { FILE: file, KEY: key.toString('hex') } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ digest, expiresAt: 123 });
  });

  test('the file store holds no token in any encoding, and another key cannot read it', async () => {
    const key = randomBytes(32);
    const file = path.join(dir, 'nested', 'session.bin');
    class Spy extends EncryptedFileSessionStore {
      readonly saved: StoredSession[] = [];
      // Counted once the set is on disk: counted at the call, the second set could still be
      // in flight (fsync, rename) when the test reads the file back, and under load it was.
      override async save(s: StoredSession) {
        const copy = { ...s };
        await super.save(s);
        this.saved.push(copy);
      }
    }
    const store = new Spy({ path: file, key });
    const client = w.client();
    await client.auth.startSession({ store, ...simClock() });
    w.sim.clock.advance(WEEK - 60_000);  // one refresh: two token sets written to the file
    await until(() => store.saved.length === 2);
    await settle(20);
    const bytes = readFileSync(file);
    const text = [bytes.toString('latin1'), bytes.toString('utf8'), bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')].join('\n');
    for (const s of store.saved) {
      for (const token of [s.accessToken, s.refreshToken]) {
        expect(token.length).toBeGreaterThan(20);
        expect(text).not.toContain(token);
        expect(text).not.toContain(token.slice(8, 28));  // not even a fragment past the prefix
      }
    }
    expect(text).not.toContain('psim_');
    expect(text).not.toContain('accessToken');
    expect((await store.load())?.accessToken).toBe(store.saved[1]!.accessToken);
    await expect(new EncryptedFileSessionStore({ path: file, key: randomBytes(32) }).load()).rejects.toThrow(/cannot be decrypted/);
    expect(inspect(store)).not.toContain(key.toString('hex'));
  });

  test('refreshes ahead of expiry on the session clock, with no gap in ready, and saves the new set', async () => {
    const store = new RecordingStore();
    const client = w.client();
    await client.auth.startSession({ store, refreshAheadMs: 10 * 60_000, ...simClock() });
    const seen = statuses(client);
    const expirations = collect(client, 'tokenExpiration');
    const old = store.saves[0]!;

    w.sim.clock.advance(WEEK - 11 * 60_000);  // not yet due
    await settle(50);
    expect(store.saves).toHaveLength(1);

    w.sim.clock.advance(2 * 60_000);  // 9 minutes before expiry: due
    await until(() => store.saves.length === 2);
    const fresh = store.saves[1]!;
    expect(fresh.accessToken).not.toBe(old.accessToken);
    expect(fresh.refreshToken).not.toBe(old.refreshToken);
    expect(fresh.expiresAt).toBe(w.sim.clock.now() + WEEK);
    expect(client.auth.session?.expiresAt).toBe(fresh.expiresAt);

    // Past the old token's expiry: the client runs on the new one, nothing expires or drops.
    w.sim.clock.advance(20 * 60_000);
    await settle(50);
    expect(seen).toEqual([]);
    expect(expirations).toEqual([]);
    expect(client.status).toBe('ready');
    const err = await client.auth.refreshToken(old.refreshToken).catch((e: PlatformError) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect((err as PlatformError).oauthError).toBe('invalid_grant');  // the refresh rotated the pair
  });

  test('the token-expiration callback renews too (a clock that jumped past the refresh window)', async () => {
    const store = new RecordingStore();
    const client = w.client();
    // The timer would only look again in an hour: the SDK's callback is what triggers the renewal.
    await client.auth.startSession({ store, refreshAheadMs: 0, clock: () => w.sim.clock.now(), checkIntervalMs: 3600_000 });
    const expired = nextEvent(client, 'tokenExpiration');
    w.sim.clock.advance(WEEK + 1000);
    await expired;
    await until(() => store.saves.length === 2);
    expect(client.status).toBe('ready');
    expect(client.auth.session?.expiresAt).toBe(w.sim.clock.now() + WEEK);
  });

  test('a stored set near expiry is refreshed on resume', async () => {
    const store = new RecordingStore();
    const first = w.client();
    await first.auth.startSession({ store, ...simClock() });
    await first.close();
    w.sim.clock.advance(WEEK - 60_000);
    const second = w.client();
    const info = await second.auth.startSession({ store, ...simClock() });
    expect(info.resumed).toBe(true);
    expect(store.saves).toHaveLength(2);
    expect(store.saves[1]!.refreshToken).not.toBe(store.saves[0]!.refreshToken);
    expect(second.status).toBe('ready');
  });

  test('a grant that died while the app was closed: the store is cleared and the user signs in again', async () => {
    const store = new RecordingStore();
    const first = w.client();
    await first.auth.startSession({ store, ...simClock() });
    await first.close();
    w.sim.moderation.deauthorize(w.user.id);
    w.sim.auth.setConsent(w.user.id);  // a consent decision is consumed by one flow
    const second = w.client();
    const info = await second.auth.startSession({ store, ...simClock() });
    expect(info.resumed).toBe(false);
    expect(store.saves).toHaveLength(2);  // the new sign-in's set
    expect(second.status).toBe('ready');
  });

  test.each([
    ['deauthorization', (w: World) => w.sim.moderation.deauthorize(w.user.id)],
    ['ban', (w: World) => w.sim.moderation.ban(w.user.id)],
  ])('sessionEnded on %s, with the store cleared', async (_name, cut) => {
    const store = new RecordingStore();
    const client = w.client();
    await client.auth.startSession({ store, ...simClock() });
    expect(store.load()).not.toBeNull();
    const ended = nextEvent(client, 'sessionEnded');
    cut(w);
    const [event] = await ended;
    expect(event.reason).toBe('invalidGrant');
    expect(event.error).toBeInstanceOf(PlatformError);
    expect(event.error?.oauthError).toBe('invalid_grant');
    expect(store.load()).toBeNull();
    expect(client.auth.session).toBeNull();
    expect(client.status).toBe('disconnected');
    // A new session may start at once (a new sign-in).
    if (_name === 'deauthorization') {
      w.sim.auth.setConsent(w.user.id);
      await expect(client.auth.startSession({ store, ...simClock() })).resolves.toMatchObject({ resumed: false });
    }
  });

  test('endSession revokes both tokens, clears the store and disconnects', async () => {
    const store = new RecordingStore();
    const client = w.client();
    await client.auth.startSession({ store, ...simClock() });
    const saved = store.saves[0]!;
    const ended: SessionEndedEvent[] = collect(client, 'sessionEnded');
    await client.auth.endSession();
    expect(ended).toEqual([{ reason: 'ended', error: null }]);
    expect(store.load()).toBeNull();
    expect(client.status).toBe('disconnected');
    expect(client.auth.session).toBeNull();
    const err = await client.auth.refreshToken(saved.refreshToken).catch((e: PlatformError) => e);
    expect((err as PlatformError).oauthError).toBe('invalid_grant');
    const other = w.client();
    await other.auth.updateToken(saved.accessToken);
    await expect(other.connect()).rejects.toBeInstanceOf(PlatformError);
  });

  test('endSession({ revoke: false }) keeps the grant alive', async () => {
    const store = new RecordingStore();
    const client = w.client();
    await client.auth.startSession({ store, ...simClock() });
    const saved = store.saves[0]!;
    await client.auth.endSession({ revoke: false });
    expect(store.load()).toBeNull();
    await expect(client.auth.refreshToken(saved.refreshToken)).resolves.toBeDefined();
  });

  test('provisional accounts re-authenticate with a fresh provider token (no refresh grant)', async () => {
    const store = new RecordingStore();
    const client = w.client();
    let asked = 0;
    const provisional = { externalAuthType: 'steamSessionTicket' as const, getExternalAuthToken: () => `steam-ticket-${++asked}-abcdefgh` };
    const info = await client.auth.startSession({ store, provisional, ...simClock() });
    expect(info).toMatchObject({ resumed: false, provisional: true });
    expect(store.saves[0]).toMatchObject({ refreshToken: '', provisional: true, expiresAt: w.sim.clock.now() + 3600_000 });
    const userId = client.users.current?.id;
    const seen = statuses(client);
    w.sim.clock.advance(3600_000 - 5 * 60_000);
    await until(() => store.saves.length === 2);
    await settle(20);
    expect(asked).toBe(2);
    expect(store.saves[1]!.accessToken).not.toBe(store.saves[0]!.accessToken);
    expect(client.users.current?.id).toBe(userId);  // the same provisional account
    expect(seen).toEqual([]);
    expect(client.status).toBe('ready');
  });

  test('a stored provisional session is not resumed without options.provisional (reported, then login)', async () => {
    const store = new MemorySessionStore();
    const t = w.token();
    store.save({ accessToken: t.accessToken, refreshToken: '', tokenType: 'bearer', scopes: t.scopes, expiresAt: w.sim.clock.now() + WEEK, provisional: true });
    const client = w.client();
    const errors = collect(client, 'sessionError');
    const info = await client.auth.startSession({ store, ...simClock() });
    expect(info.resumed).toBe(false);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/options\.provisional/)]);
  });

  test('a failed save is reported with sessionError and the session goes on', async () => {
    const client = w.client();
    const errors = collect(client, 'sessionError');
    const store = { load: () => null, save: () => Promise.reject(new Error('disk full')), clear: () => undefined };
    await client.auth.startSession({ store, ...simClock() });
    expect(client.status).toBe('ready');
    expect(errors.map((e) => e.message)).toEqual(['disk full']);
  });

  test('a failed refresh (offline) is retried and reported, not treated as the end', async () => {
    const store = new RecordingStore();
    const client = w.client();
    await client.auth.startSession({ store, ...simClock() });
    const errors = collect(client, 'sessionError');
    const ended = collect(client, 'sessionEnded');
    w.sim.network.failNext('refreshToken', { status: 503 });
    w.sim.clock.advance(WEEK - 60_000);
    await until(() => errors.length === 1);
    expect(errors[0]).toBeInstanceOf(PlatformError);
    await until(() => store.saves.length === 2, 5000);  // the retry, about a second later
    expect(ended).toEqual([]);
  });

  test('bad options get clear errors before anything starts', async () => {
    const client = w.client();
    const store = new MemorySessionStore();
    await expect(client.auth.startSession(undefined as never)).rejects.toThrow(/^options must be an object/);
    await expect(client.auth.startSession({} as never)).rejects.toThrow(/^options\.store must be an object/);
    await expect(client.auth.startSession({ store: { load: () => null } } as never)).rejects.toThrow(/^options\.store\.save must be a function/);
    await expect(client.auth.startSession({ store, refreshAheadMs: -1 })).rejects.toThrow(RangeError);
    await expect(client.auth.startSession({ store, clock: 5 } as never)).rejects.toThrow(/^options\.clock must be a function/);
    await expect(client.auth.startSession({ store, scope: 'x' } as never)).rejects.toThrow(/unknown option 'scope'/);
    await expect(client.auth.startSession({ store, provisional: { externalAuthType: 'nope', getExternalAuthToken: () => 'x' } } as never))
      .rejects.toThrow(/^options\.provisional\.externalAuthType must be one of/);
    await expect(client.auth.endSession({ revoke: 'yes' } as never)).rejects.toThrow(/^options\.revoke must be a boolean/);
    expect(client.status).toBe('disconnected');
    await client.auth.startSession({ store, ...simClock() });
    await expect(client.auth.startSession({ store, ...simClock() })).rejects.toThrow(/already running/);
  });
});

describe('stores', () => {
  const sample = (): StoredSession => ({ accessToken: 'psim_at_' + 'a'.repeat(43), refreshToken: 'psim_rt_' + 'b'.repeat(43), tokenType: 'bearer', scopes: 'openid', expiresAt: 1, provisional: false });

  test('the safeStorage store writes only what safeStorage encrypted, and refuses to write without encryption', async () => {
    const file = path.join(dir, 'safe.bin');
    let available = true;
    // A stand-in for Electron's safeStorage: a reversible transform that hides the text.
    const safeStorage = {
      isEncryptionAvailable: () => available,
      encryptString: (s: string) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
      decryptString: (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
    };
    const store = new SafeStorageSessionStore({ safeStorage, path: file });
    await store.save(sample());
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes).not.toContain('psim_');
    expect(bytes).not.toContain('a'.repeat(20));
    expect(await store.load()).toEqual(sample());
    await store.clear();
    expect(existsSync(file)).toBe(false);
    expect(await store.load()).toBeNull();
    available = false;
    await expect(store.save(sample())).rejects.toThrow(/not available; the session was not saved/);
    expect(existsSync(file)).toBe(false);
    expect(() => new SafeStorageSessionStore({ safeStorage: {}, path: file } as never)).toThrow(/^options\.safeStorage\.isEncryptionAvailable must be a function/);
  });

  test('constructor and record checks name the argument and never echo a value', () => {
    expect(() => new EncryptedFileSessionStore({ path: path.join(dir, 'x'), key: Buffer.alloc(16) })).toThrow(/^options\.key must be 32 bytes/);
    expect(() => new EncryptedFileSessionStore({ path: path.join(dir, 'x'), key: 'k'.repeat(32) } as never)).toThrow(/^options\.key must be a Buffer/);
    const store = new MemorySessionStore();
    const bad = { ...sample(), accessToken: 42 };
    expect(() => store.save(bad as never)).toThrow(/^session\.accessToken must be a string, got the number 42/);
    store.save(sample());
    expect(inspect(store)).not.toContain('psim_');
    expect(JSON.stringify(store)).not.toContain('psim_');
  });
});
