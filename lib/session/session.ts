// Persistent sessions (client.auth.startSession): resume from a store, else sign in; keep the
// session alive (refresh ahead of expiry, on the token-expiration callback, and after a gateway
// close for authentication); end it when the grant dies. Tokens stay in here and in the store.
import { listenerCountOf } from '../typed-emitter';
import type { Client } from '../client';
import { EXTERNAL_AUTH_TYPES, type ExternalAuthType } from '../enums';
import { PlatformError } from '../errors';
import type { TokenSet } from '../tokens';
import { checkEnum, checkInt, checkObject, checkOptionalOptions, checkOptions, checkString, MAX_DATE_MS } from '../validate';
import { parseStoredSession, type SessionStore, type StoredSession } from './stores';

/**
 * {@link StartSessionOptions.provisional}: a session of a provisional account, signed in with an
 * identity from another provider (Steam, EOS, OIDC, …) instead of the platform's consent screen.
 * A provisional account has no refresh grant, so every renewal asks the provider again. A stored
 * provisional session resumes only when these options are passed.
 */
export interface ProvisionalSessionOptions {
  /** The provider whose token `getExternalAuthToken` returns. */
  externalAuthType: ExternalAuthType;
  /**
   * A fresh token of the external identity provider, asked for at sign-in and at every renewal
   * (a non-empty string, at most 8192 characters). When it throws, a renewal is retried with
   * backoff; when the platform refuses the token (a 4xx other than 429), the session ends with
   * `reauthenticationFailed`.
   */
  getExternalAuthToken: () => string | Promise<string>;
}

/**
 * Options of {@link ClientAuth.startSession}. Only `store` is required; the session keeps to
 * these options until it ends.
 */
export interface StartSessionOptions {
  /**
   * Where the tokens are kept between runs: {@link MemorySessionStore},
   * {@link SafeStorageSessionStore} (Electron), {@link EncryptedFileSessionStore} (plain Node), or
   * your own {@link SessionStore}. In Electron it lives in the main process, never in a window.
   */
  store: SessionStore;
  /** Scopes of a new sign-in (login()); default: Client.defaultCommunicationScopes. Not used with `provisional`. */
  scopes?: string;
  /** Sign in and renew as a provisional account (no refresh grant) instead of login(). */
  provisional?: ProvisionalSessionOptions;
  /**
   * Renew this long before the access token expires (default 10 minutes; 0 to 1 day, an
   * integer). A token whose life is shorter than twice this renews halfway through its life
   * instead, and never sooner than a minute after the previous renewal on the session's clock: a
   * token received inside the window renews once, not in a loop.
   */
  refreshAheadMs?: number;
  /**
   * The clock that expiries are measured on, ms since the epoch (default Date.now). Checked at
   * every call: it must return a finite number from 0 to 8.64e15 (Date's range); anything else
   * rejects startSession() (TypeError or RangeError naming `options.clock()`'s result) or, while
   * the session runs, is reported as a `sessionError` and read again after `checkIntervalMs`.
   */
  clock?: () => number;
  /**
   * How often the clock is read again while waiting for the renewal time (default 60 s). A
   * timer alone would miss a machine's sleep, and a simulated clock moved by advance().
   */
  checkIntervalMs?: number;
}

/** What the application may know about the session: never a token. */
export interface SessionInfo {
  /** Resumed from the store (true) or signed in anew (false). */
  resumed: boolean;
  /** A provisional account's session (see {@link StartSessionOptions.provisional}). */
  provisional: boolean;
  /** When the current access token expires, ms since the epoch on the session's clock. */
  expiresAt: number;
}

/**
 * `invalidGrant`: the platform refused the grant (the user unlinked the application, was
 * deauthorized or banned, or the tokens were revoked elsewhere) — the store was cleared.
 * `reauthenticationFailed`: a provisional account could not get a new token (store cleared).
 * `ended`: endSession() was called.
 * `clientClosed`: the client was closed; the store keeps the session, so the next run resumes it.
 */
export type SessionEndReason = 'invalidGrant' | 'reauthenticationFailed' | 'ended' | 'clientClosed';

/**
 * The `sessionEnded` event: the session of {@link ClientAuth.startSession} ended and no longer
 * renews anything. When the platform ended it (`invalidGrant`, `reauthenticationFailed`) the
 * store was cleared too: call startSession() again to sign the user in.
 */
export interface SessionEndedEvent {
  /** Why the session ended (see {@link SessionEndReason}). */
  reason: SessionEndReason;
  /** The error that ended it (none for `ended`). Its message never holds a token. */
  error: PlatformError | null;
}

const DEFAULT_REFRESH_AHEAD_MS = 10 * 60_000;
/**
 * The largest refreshAheadMs: one day, well inside the 7-day access tokens (docs/simulator.md); a
 * token with a shorter life renews at its half-life instead (see #renewAt).
 */
export const MAX_REFRESH_AHEAD_MS = 24 * 3600_000;
/** On the session's clock, a scheduled renewal never comes sooner than this after the previous token arrived. */
const MIN_RENEWAL_INTERVAL_MS = 60_000;
/** In real time, the wait for the renewal time is never re-armed faster than this (unless checkIntervalMs is shorter). */
const MIN_POLL_MS = 1000;
/** After invalid_grant, how often (and how far apart) the store is read for another process's newer session. */
const STORE_RELOAD_ATTEMPTS = 6;
const STORE_RELOAD_DELAY_MS = 200;
const DEFAULT_CHECK_INTERVAL_MS = 60_000;
const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** 4004: the gateway's "authentication failed" close (the simulator uses it for every token close). */
const AUTH_FAILED = 4004;

interface Settings {
  store: SessionStore;
  scopes: string | undefined;
  provisional: ProvisionalSessionOptions | undefined;
  refreshAheadMs: number;
  clock: () => number;
  checkIntervalMs: number;
}

function readOptions(options: unknown): Settings {
  const o = checkOptions<Record<string, unknown>>(options, 'options', ['store', 'scopes', 'provisional', 'refreshAheadMs', 'clock', 'checkIntervalMs']);  // each key read once
  const store = checkObject<Record<string, unknown>>(o['store'], 'options.store');
  for (const fn of ['load', 'save', 'clear']) {
    if (typeof store[fn] !== 'function') throw new TypeError(`options.store.${fn} must be a function`);
  }
  let provisional: ProvisionalSessionOptions | undefined;
  if (o['provisional'] !== undefined) {
    const p = checkOptions<Record<string, unknown>>(o['provisional'], 'options.provisional', ['externalAuthType', 'getExternalAuthToken']);  // each key read once
    const externalAuthType = checkEnum(p['externalAuthType'], 'options.provisional.externalAuthType', EXTERNAL_AUTH_TYPES);
    const get = p['getExternalAuthToken'];
    if (typeof get !== 'function') throw new TypeError('options.provisional.getExternalAuthToken must be a function');
    provisional = { externalAuthType, getExternalAuthToken: get as () => string | Promise<string> };
  }
  const clock = o['clock'];
  if (clock !== undefined && typeof clock !== 'function') throw new TypeError('options.clock must be a function');
  return {
    store: store as unknown as SessionStore,
    scopes: o['scopes'] === undefined ? undefined : checkString(o['scopes'], 'options.scopes', { min: 1, max: 4096 }),
    provisional,
    refreshAheadMs: o['refreshAheadMs'] === undefined ? DEFAULT_REFRESH_AHEAD_MS : checkInt(o['refreshAheadMs'], 'options.refreshAheadMs', 0, MAX_REFRESH_AHEAD_MS),
    clock: (clock as (() => number) | undefined) ?? Date.now,
    checkIntervalMs: o['checkIntervalMs'] === undefined ? DEFAULT_CHECK_INTERVAL_MS : checkInt(o['checkIntervalMs'], 'options.checkIntervalMs', 1, 2 ** 31 - 1),
  };
}

const sessions = new WeakMap<Client, PersistentSession>();

export function startSession(client: Client, options: StartSessionOptions): Promise<SessionInfo> {
  try {
    const settings = readOptions(options);
    if (client.closed) throw PlatformError.clientDestroyed('startSession');
    if (sessions.has(client)) throw new Error('startSession: a session is already running on this client; call endSession() first');
    const session = new PersistentSession(client, settings);
    sessions.set(client, session);
    return session.start().catch((err: unknown) => {
      session.stop();
      if (sessions.get(client) === session) sessions.delete(client);
      throw err;
    });
  } catch (err) {
    return Promise.reject(err);
  }
}

export async function endSession(client: Client, options: { revoke?: boolean } = {}): Promise<void> {
  const o = checkOptionalOptions<{ revoke?: unknown }>(options, 'options', ['revoke']);  // each key read once
  const revoke = o.revoke;
  if (revoke !== undefined && typeof revoke !== 'boolean') throw new TypeError('options.revoke must be a boolean');
  const session = sessions.get(client);
  if (!session) return;
  sessions.delete(client);
  await session.end(revoke ?? true);
}

/**
 * The client was closed: its session stops renewing and is no longer reported; a session that
 * had started says so with `sessionEnded` (`clientClosed`). The store is left as it is.
 */
export function closeSession(client: Client): void {
  const session = sessions.get(client);
  if (!session) return;
  sessions.delete(client);
  const started = session.info !== null;
  session.stop();
  if (started) client.emit('sessionEnded', { reason: 'clientClosed', error: null });
}

/** The running session's public state, or null. */
export function sessionInfo(client: Client): SessionInfo | null {
  return sessions.get(client)?.info ?? null;
}

class PersistentSession {
  readonly #client: Client;
  readonly #s: Settings;
  #current: StoredSession | null = null;
  /** When #current arrived (or was loaded), on the session's clock. */
  #receivedAt = 0;
  #resumed = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #renewing: Promise<void> | null = null;
  #failures = 0;
  readonly #onExpiration = () => this.#renewSoon();
  readonly #onStatus = (e: { status: string; error: string; errorDetail: number }) => {
    // The gateway closed the session for its token (revoked, deauthorized, banned): renewing
    // either brings it back or learns that the grant is gone.
    if (e.status === 'disconnected' && e.error !== 'none' && e.errorDetail === AUTH_FAILED) this.#renewSoon();
  };

  constructor(client: Client, settings: Settings) {
    this.#client = client;
    this.#s = settings;
  }

  get info(): SessionInfo | null {
    const c = this.#current;
    return c && { resumed: this.#resumed, provisional: c.provisional, expiresAt: c.expiresAt };
  }

  async start(): Promise<SessionInfo> {
    this.#now();  // a clock that returns nonsense rejects startSession() before anything starts
    const saved = await this.#load();
    if (saved && await this.#resume(saved)) {
      this.#resumed = true;
    } else {
      await this.#signIn();
    }
    if (this.#stopped) throw PlatformError.clientDestroyed('startSession');  // the client closed meanwhile
    this.#client.on('tokenExpiration', this.#onExpiration);
    this.#client.on('status', this.#onStatus);
    this.#schedule();
    return this.info!;
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#client.off('tokenExpiration', this.#onExpiration);
    this.#client.off('status', this.#onStatus);
  }

  async end(revoke: boolean): Promise<void> {
    this.stop();
    await this.#renewing?.catch(() => undefined);
    const current = this.#current;
    this.#current = null;
    const errors: unknown[] = [];
    if (revoke && current && !this.#client.closed) {
      // Both tokens, as the platform asks of an unlink (one revoke already kills the pair there).
      for (const token of [current.refreshToken, current.accessToken]) {
        if (token) await this.#client.auth.revokeToken(token).catch((err: unknown) => errors.push(err));
      }
    }
    await Promise.resolve(this.#s.store.clear()).catch((err: unknown) => errors.push(err));
    if (!this.#client.closed) await this.#client.disconnect().catch((err: unknown) => errors.push(err));
    this.#client.emit('sessionEnded', { reason: 'ended', error: null });
    if (errors.length > 0) throw errors[0];
  }

  async #load(): Promise<StoredSession | null> {
    try {
      const raw = await this.#s.store.load();
      const saved = raw === null || raw === undefined ? null : parseStoredSession(raw);
      if (saved?.provisional && !this.#s.provisional) {
        throw new Error('the stored session is a provisional account\'s: pass options.provisional to resume it');
      }
      return saved;
    } catch (err) {
      // A damaged file or another key: sign in again, but say so (nothing is lost silently).
      this.#report(err);
      return null;
    }
  }

  // The session another process saved after rotating `dead`'s refresh token, or null. The
  // winner's grant answered before ours failed, but its save may still be under way: the store is
  // read again a few times over ~1 s (only on this rare path).
  async #newerInStore(dead: StoredSession, attempts = STORE_RELOAD_ATTEMPTS): Promise<StoredSession | null> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      // Not unref()ed: a process waiting on startSession() must not exit in the middle (~1 s at most).
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, STORE_RELOAD_DELAY_MS));
      let saved: StoredSession | null;
      try {
        const raw = await this.#s.store.load();
        saved = raw === null || raw === undefined ? null : parseStoredSession(raw);
      } catch {
        saved = null;
      }
      if (saved === null || saved.provisional) return null;  // cleared, or not ours to continue
      if (saved.refreshToken !== dead.refreshToken) return saved;
    }
    return null;
  }

  // Clears the store unless it holds a session other than `dead` (another process's newer one;
  // #renew already waited for it, so one reading here).
  async #clearIfStill(dead: StoredSession): Promise<void> {
    if (!dead.provisional && await this.#newerInStore(dead, 1) !== null) return;
    await this.#s.store.clear();
  }

  // true: the client is ready on the saved grant. false: the grant is gone (store cleared).
  async #resume(saved: StoredSession): Promise<boolean> {
    this.#current = saved;
    this.#receivedAt = this.#now();
    try {
      if (this.#dueForRenewal(saved)) {
        await this.#renew();
      } else {
        await this.#client.auth.updateToken(saved.accessToken, saved.tokenType);
        try {
          await this.#client.connect();
        } catch (err) {
          // Revoked or expired while the app was closed: the refresh grant may still be alive.
          if (!(err instanceof PlatformError) || err.code !== AUTH_FAILED) throw err;
          await this.#renew();
        }
      }
      if (this.#client.status !== 'ready') await this.#client.connect();
      return true;
    } catch (err) {
      if (!isGrantGone(err, saved.provisional)) throw err;
      this.#current = null;
      await this.#clearIfStill(saved);
      return false;
    }
  }

  async #signIn(): Promise<void> {
    const p = this.#s.provisional;
    let tokens: TokenSet;
    if (p) {
      tokens = await this.#provisionalToken(p);
      await this.#adopt(tokens, true);
      await this.#client.auth.updateToken(tokens.accessToken, tokens.tokenType);
      await this.#client.connect();
    } else {
      tokens = await this.#client.auth.login(this.#s.scopes === undefined ? {} : { scopes: this.#s.scopes });
      await this.#adopt(tokens, false);
    }
  }

  async #provisionalToken(p: ProvisionalSessionOptions): Promise<TokenSet> {
    const externalAuthToken = checkString(await p.getExternalAuthToken(), 'the provider token from getExternalAuthToken()', { min: 1, max: 8192 });
    return this.#client.auth.getProvisionalToken({ externalAuthType: p.externalAuthType, externalAuthToken });
  }

  // Records a new token set and saves it; a failed save is reported, the session goes on.
  async #adopt(tokens: TokenSet, provisional: boolean): Promise<void> {
    const now = this.#now();
    const record: StoredSession = {
      accessToken: tokens.accessToken,
      refreshToken: provisional ? '' : tokens.refreshToken,
      tokenType: tokens.tokenType,
      scopes: tokens.scopes,
      // Measured on the session's clock at receipt: TokenSet.expiresAt is wall-clock time.
      expiresAt: Math.min(MAX_DATE_MS, now + tokens.expiresIn * 1000),
      provisional,
    };
    this.#current = record;
    this.#receivedAt = now;
    try {
      await this.#s.store.save({ ...record });
    } catch (err) {
      this.#report(err);
    }
  }

  #dueForRenewal(c: StoredSession): boolean {
    return c.expiresAt - this.#now() <= this.#s.refreshAheadMs;
  }

  // When the current token renews: refreshAheadMs before it expires, but not before its
  // half-life nor within a minute of its arrival. A token already inside the window (a long
  // refreshAheadMs, a short-lived token) thus renews once, never in a loop.
  #renewAt(c: StoredSession): number {
    const life = Math.max(0, c.expiresAt - this.#receivedAt);
    return Math.max(c.expiresAt - this.#s.refreshAheadMs, this.#receivedAt + Math.max(MIN_RENEWAL_INTERVAL_MS, life / 2));
  }

  // The session's clock, checked at every reading: a Date, a string or NaN would turn every
  // expiry into nonsense (and the wait into a 1 ms timer).
  #now(): number {
    const t: unknown = this.#s.clock();
    if (typeof t !== 'number') {
      throw new TypeError(`options.clock() must return a number (ms since the epoch), got ${t === null ? 'null' : typeof t === 'object' ? 'an object' : typeof t}; return Date.now()-style numbers, not Dates or strings`);
    }
    if (!Number.isFinite(t) || t < 0 || t > MAX_DATE_MS) {
      throw new RangeError(`options.clock() must return a finite number of ms from 0 to ${MAX_DATE_MS} (Date's range), got ${Number.isNaN(t) ? 'NaN' : 'a value outside it'}`);
    }
    return Math.floor(t);
  }

  // A new token set from the refresh grant (or the provider, for provisional accounts), handed
  // to the SDK; reconnects when the gateway had closed. Single flight.
  #renew(): Promise<void> {
    this.#renewing ??= (async () => {
      const c = this.#current!;
      let tokens: TokenSet;
      try {
        tokens = c.provisional
          ? await this.#provisionalToken(this.#s.provisional ?? missingProvider())
          : await this.#client.auth.refreshToken(c.refreshToken);
      } catch (err) {
        // Another process on the same store may have rotated the refresh token first: continue
        // with the session it saved rather than end (and clear) the winner's fresh one.
        const newer = isGrantGone(err, c.provisional) && !c.provisional ? await this.#newerInStore(c) : null;
        if (newer === null) throw err;
        if (this.#stopped && this.#current === null) return;
        this.#current = newer;
        this.#receivedAt = this.#now();
        await this.#client.auth.updateToken(newer.accessToken, newer.tokenType);
        if (this.#client.status === 'disconnected') await this.#client.connect();
        return;
      }
      if (this.#stopped && this.#current === null) return;  // endSession() meanwhile
      await this.#adopt(tokens, c.provisional);
      // A connected session adopts the new token: no reconnect, no gap in 'ready'.
      await this.#client.auth.updateToken(tokens.accessToken, tokens.tokenType);
      if (this.#client.status === 'disconnected') await this.#client.connect();
    })().finally(() => {
      this.#renewing = null;
    });
    return this.#renewing;
  }

  #renewSoon(): void {
    if (this.#stopped || this.#current === null) return;
    this.#renew().then(() => {
      this.#failures = 0;
      this.#schedule();
    }, (err: unknown) => this.#renewFailed(err));
  }

  #renewFailed(err: unknown): void {
    if (this.#stopped || this.#client.closed) return;
    const c = this.#current;
    if (c && isGrantGone(err, c.provisional)) {
      this.stop();
      sessions.delete(this.#client);
      this.#current = null;
      const reason: SessionEndReason = c.provisional ? 'reauthenticationFailed' : 'invalidGrant';
      Promise.resolve()
        .then(() => this.#clearIfStill(c))
        .catch((e: unknown) => this.#report(e))
        .finally(() => this.#client.emit('sessionEnded', { reason, error: err instanceof PlatformError ? err : null }));
      return;
    }
    // Offline, rate limited, a server error: try again, later each time.
    this.#report(err);
    this.#failures++;
    const retryAfter = err instanceof PlatformError ? err.retryAfterMs : 0;
    const backoff = Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.min(this.#failures - 1, 16));
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#renewSoon(), Math.max(retryAfter, backoff));
    this.#timer.unref();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    if (this.#stopped || this.#current === null) return;
    if (this.#client.closed) {
      this.stop();
      sessions.delete(this.#client);
      return;
    }
    let poll: number;
    try {
      const wait = this.#renewAt(this.#current) - this.#now();
      if (wait <= 0) {
        this.#renewSoon();
        return;
      }
      poll = Math.min(this.#s.checkIntervalMs, Math.max(wait, MIN_POLL_MS));
    } catch (err) {
      // A clock that failed may recover: say so, and read it again later (never in a tight loop).
      this.#report(err);
      poll = Math.max(this.#s.checkIntervalMs, MIN_POLL_MS);
    }
    this.#timer = setTimeout(() => this.#schedule(), poll);
    this.#timer.unref();  // the session never keeps a process alive on its own
  }

  #report(err: unknown): void {
    const error = err instanceof Error ? err : new Error('session store failure');
    if (listenerCountOf(this.#client, 'sessionError') > 0) this.#client.emit('sessionError', error);
    else process.emitWarning(`platform-social-sdk session: ${error.message}`);
  }
}

function isGrantGone(err: unknown, provisional: boolean): boolean {
  if (!(err instanceof PlatformError)) return false;
  if (err.oauthError === 'invalid_grant') return true;
  // A provisional identity the platform refuses outright (4xx, not rate limiting) will not recover.
  return provisional && err.type === 'httpError' && err.status >= 400 && err.status < 500 && err.status !== 429;
}

function missingProvider(): never {
  throw new TypeError('options.provisional is required to resume a provisional account\'s session');
}
