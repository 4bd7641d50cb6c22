// platform-social-sdk/testing: controls of the bundled simulator — the platform's users,
// applications, consent, clock, network and moderation — for offline development and tests.
import { loadSdk, addon, type NativeSimulator } from './native';
import { TokenSet } from './tokens';
import { checkBoolean, checkInt, checkKnownKeys, checkObject, checkOptionalObject, checkOptionalString, checkString, toId } from './validate';

export interface SimUser { id: string; username: string; displayName: string; provisional: boolean }
export interface SimApplication { id: string; name: string; publisherId: string; parentApplicationId: string | null }

type Id = string | bigint;

export class Simulator {
  readonly #sim: NativeSimulator;

  private constructor(sim: NativeSimulator) {
    this.#sim = sim;
  }

  /** The simulator of this process. Throws when a vendor SDK library is loaded. */
  static attach(): Simulator {
    const info = loadSdk();
    if (info.kind !== 'simulator') {
      throw new Error(`platform-social-sdk/testing: the loaded SDK is a vendor library (${info.path}), not the simulator`);
    }
    return new Simulator(addon().sim);
  }

  /** Back to an empty platform (every client of the process sees it). */
  reset(): void {
    this.#sim.reset();
  }

  readonly users = {
    create: (options: { username: string; displayName?: string; provisional?: boolean }): SimUser => {
      const o = checkObject<{ username: unknown; displayName?: unknown; provisional?: unknown }>(options, 'options');
      checkKnownKeys(o, 'options', ['username', 'displayName', 'provisional']);
      const username = checkString(o.username, 'options.username', { min: 2, max: 32 });
      const displayName = checkOptionalString(o.displayName, 'options.displayName', { min: 1, max: 32 }) ?? username;
      const provisional = o.provisional === undefined ? false : checkBoolean(o.provisional, 'options.provisional');
      const id = this.#sim.createUser(username, displayName, provisional);
      return { id, username, displayName, provisional };
    },
  };

  readonly applications = {
    create: (options: { name: string; publisherId?: Id; parentApplicationId?: Id; coverImage?: string }): SimApplication => {
      const o = checkObject<Record<string, unknown>>(options, 'options');
      checkKnownKeys(o, 'options', ['name', 'publisherId', 'parentApplicationId', 'coverImage']);
      const name = checkString(o['name'], 'options.name', { min: 1, max: 100 });
      const publisher = o['publisherId'] === undefined ? 0n : toId(o['publisherId'], 'options.publisherId');
      const parent = o['parentApplicationId'] === undefined ? 0n : toId(o['parentApplicationId'], 'options.parentApplicationId');
      const cover = checkOptionalString(o['coverImage'], 'options.coverImage', { max: 2048 }) ?? '';
      const app = this.#sim.createApplication(name, publisher, parent, cover);
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
      const o = checkObject<{ applicationId: unknown; scopes?: unknown }>(options, 'options');
      checkKnownKeys(o, 'options', ['applicationId', 'scopes']);
      const app = toId(o.applicationId, 'options.applicationId');
      const scopes = checkOptionalString(o.scopes, 'options.scopes', { min: 1 }) ?? addon().defaultScopes().communication;
      const t = this.#sim.issueToken(user, app, scopes);
      return new TokenSet({ accessToken: t.accessToken, refreshToken: t.refreshToken, tokenType: 'bearer', expiresIn: t.expiresIn, scopes, issuedAt: this.#sim.clockNow() });
    },
  };

  readonly clock = {
    /** Simulated time, ms since the epoch. */
    now: (): number => this.#sim.clockNow(),
    /** Moves simulated time forward: expiries, timeouts and delayed completions become due. */
    advance: (ms: number): void => this.#sim.clockAdvance(checkInt(ms, 'ms', 0, Number.MAX_SAFE_INTEGER)),
    /** Frozen: time moves only with advance(). */
    setFrozen: (frozen: boolean): void => this.#sim.clockSetFrozen(checkBoolean(frozen, 'frozen')),
  };

  readonly network = {
    setOnline: (online: boolean): void => this.#sim.networkSetOnline(checkBoolean(online, 'online')),
    isOnline: (): boolean => this.#sim.networkIsOnline(),
    /** Round-trip latency of every simulated request (default 20 ms). */
    setLatency: (ms: number): void => this.#sim.networkSetLatency(checkInt(ms, 'ms', 0, 2 ** 31 - 1)),
    /**
     * The next request of `operation` fails with this HTTP status. Operation names are the SDK's
     * ('getToken', 'refreshToken', …; '*' for any).
     */
    failNext: (operation: string, options: { status: number; retryAfterMs?: number; code?: number }): void => {
      const op = checkString(operation, 'operation', { min: 1, max: 100 });
      const o = checkObject<{ status: unknown; retryAfterMs?: unknown; code?: unknown }>(options, 'options');
      checkKnownKeys(o, 'options', ['status', 'retryAfterMs', 'code']);
      const status = checkInt(o.status, 'options.status', 400, 599);
      const retryAfterMs = o.retryAfterMs === undefined ? 0 : checkInt(o.retryAfterMs, 'options.retryAfterMs', 0, 2 ** 31 - 1);
      const code = o.code === undefined ? 0 : checkInt(o.code, 'options.code', 0, 2 ** 31 - 1);
      this.#sim.networkFailNext(op === '*' ? '*' : `Client_${op.charAt(0).toUpperCase()}${op.slice(1)}`, status, retryAfterMs, code);
    },
  };

  readonly moderation = {
    /** Bans the platform account (tokens deleted, sessions closed, merges fail with 530017). */
    ban: (userId: Id): void => this.#sim.moderationBan(toId(userId, 'userId'), true),
    unban: (userId: Id): void => this.#sim.moderationBan(toId(userId, 'userId'), false),
    /** The user unlinks the application out of band (all applications when none is given). */
    deauthorize: (userId: Id, options: { applicationId?: Id } = {}): void => {
      const o = checkOptionalObject<{ applicationId?: unknown }>(options, 'options');
      const app = o.applicationId === undefined ? 0n : toId(o.applicationId, 'options.applicationId');
      this.#sim.moderationDeauthorize(toId(userId, 'userId'), app);
    },
  };

  readonly platformClient = {
    /** The desktop client asks the game to authorize; returns how many clients were told. */
    requestAuthorize: (): number => this.#sim.requestAuthorize(),
  };

  readonly diagnostics = {
    /** Log like a debug build of the SDK (Info/Verbose too) or a release build. */
    setDebugBuild: (debug: boolean): void => this.#sim.setDebugBuild(checkBoolean(debug, 'debug')),
    /** Turns the SDK's own token filter off, to prove the binding filters again. */
    setLogTokenFilter: (enabled: boolean): void => this.#sim.setLogTokenFilter(checkBoolean(enabled, 'enabled')),
    /** Emits an SDK log line to every client, from the simulator's log thread. */
    emitLog: (message: string, severity: 'verbose' | 'info' | 'warning' | 'error' = 'warning'): void => {
      const levels = ['verbose', 'info', 'warning', 'error'];
      const idx = levels.indexOf(severity);
      if (idx < 0) throw new TypeError(`severity must be one of ${levels.join(', ')}`);
      this.#sim.emitLog(checkString(message, 'message', { max: 65536 }), idx + 1);
    },
    /** Callback triples held by the SDK and not yet released (leak check). */
    liveCallbackCount: (): number => this.#sim.liveCallbackCount(),
  };
}
