// Client: one SDK client. Owns the native client, the pending operations and the status, and
// dispatches the events the pump hands over. Area APIs (auth, users, …) live in their modules.
import { inspect } from 'node:util';
import { authEvents, ClientAuth } from './auth';
import type { ClientEvents, ClientOptions, ConsentPendingEvent, LogEvent, StatusEvent } from './client-types';
import {
  AUDIO_SYSTEMS, CLIENT_ERROR, CLIENT_STATUS, LOG_LEVELS, logLevelName, logLevelValue, nameOf,
  type ClientStatus,
} from './enums';
import { PlatformError } from './errors';
import { EVENT_READERS, EventKind, type CompletionName, type FieldEventKind } from './boundary';
import type { ClientCore, EventHandler, EventHandlers } from './core';
import { addon, loadSdk, type NativeClient } from './native';
import { EVENT_HEADER, TapeReader } from './tape';
import { Operations, withSite } from './operations';
import { DEFAULT_IDLE_PUMP_INTERVAL_MS, DEFAULT_PUMP_INTERVAL_MS, pump, type PumpClient } from './pump';
import { redact } from './redact';
import { TypedEmitter } from './typed-emitter';
import { ClientGuilds } from './guilds';
import { ClientLobbies, lobbyEvents } from './lobbies';
import { ClientMessages, messageEvents } from './messages';
import { ClientUsers, userEvents } from './users';
import { ClientPresence, presenceEvents } from './presence';
import { ClientRelationships, relationshipEvents } from './relationships';
import { ClientVoice, voiceEvents } from './voice';
import {
  checkBoolean, checkEnum, checkInt, checkOptionalOptions, checkOptionalPath, checkOptionalString, toId,
} from './validate';

/** How long a flow may wait for the user, with nobody listening to `consentPending`, before a process warning says so. */
export const CONSENT_WARNING_DELAY_MS = 5000;

/** The SDK's threads, in the order of its Client::Thread values (client 0, voice 1, network 2). */
export type SdkThread = 'client' | 'voice' | 'network';
const SDK_THREADS: readonly SdkThread[] = ['client', 'voice', 'network'];

const OPTION_KEYS = [
  'applicationId', 'sdkPath', 'apiBase', 'webBase', 'httpTimeoutMs', 'logLevel', 'voiceLogLevel', 'logDir',
  'voiceLogDir', 'cpuAffinityMask', 'audioSystem', 'androidPreventCommsForBluetooth', 'pumpIntervalMs',
  'idlePumpIntervalMs', 'eventQueueLimit',
] as const;

interface StatusWaiter {
  operation: string;
  target: ClientStatus;
  resolve: () => void;
  reject: (e: Error) => void;
  site: Error;
}

export type {
  ClientEvents, ClientOptions, ConsentPendingEvent, LobbyEvent, LobbyMemberEvent, LogEvent, StatusEvent,
} from './client-types';

export type { ClientCore } from './core';

/** Internal (benchmarks): the native client behind a Client, or null once closed. */
export let nativeClientOf: (client: Client) => NativeClient | null;

/**
 * One SDK client: signs a user in, connects, and gives access to every area (auth, users,
 * relationships, presence, lobbies, messages, guilds, voice). Events arrive on the JS thread.
 *
 * @example
 * ```ts
 * import { Client } from 'platform-social-sdk';
 * const client = new Client({ applicationId: '1234567890123456789' });
 * client.on('consentPending', ({ message }) => console.log(message));
 * client.on('status', ({ status }) => console.log(status));
 * await client.auth.login();                 // consent, token, connect: resolves when ready
 * console.log(client.users.current?.displayName);
 * await client.close();
 * ```
 */
export class Client extends TypedEmitter<ClientEvents> implements PumpClient {
  /** 'openid sdk.social_layer' */
  static get defaultCommunicationScopes(): string {
    loadSdk();
    return addon().defaultScopes().communication;
  }
  /** 'openid sdk.social_layer_presence' */
  static get defaultPresenceScopes(): string {
    loadSdk();
    return addon().defaultScopes().presence;
  }

  readonly auth: ClientAuth;
  readonly users: ClientUsers;
  readonly relationships: ClientRelationships;
  readonly presence: ClientPresence;
  readonly lobbies: ClientLobbies;
  readonly messages: ClientMessages;
  readonly guilds: ClientGuilds;
  readonly voice: ClientVoice;
  readonly pumpIntervalMs: number;
  readonly idlePumpIntervalMs: number;
  readonly #core: ClientCore;

  #native: NativeClient | null;
  static {
    nativeClientOf = (client) => client.#native;
  }
  readonly #ops = new Operations();
  /** Every area's event handlers, indexed by event kind. */
  readonly #handlers: Array<EventHandler<FieldEventKind> | undefined> = [];
  #status: ClientStatus = 'disconnected';
  #waiters: StatusWaiter[] = [];
  #unrefd = false;
  #warnedDrops = false;
  // Kept in JS too, so that it still reads correctly after close().
  #applicationIdValue: string | null = null;

  constructor(options: ClientOptions = {}) {
    super();
    const o = checkOptionalOptions<ClientOptions>(options, 'options', OPTION_KEYS);
    const applicationId = o.applicationId === undefined ? undefined : toId(o.applicationId, 'options.applicationId');
    const sdkPath = checkOptionalPath(o.sdkPath, 'options.sdkPath');
    const apiBase = checkOptionalString(o.apiBase, 'options.apiBase', { min: 1 });
    const webBase = checkOptionalString(o.webBase, 'options.webBase', { min: 1 });
    const httpTimeoutMs = o.httpTimeoutMs === undefined ? undefined : checkInt(o.httpTimeoutMs, 'options.httpTimeoutMs', 1, 2 ** 31 - 1);
    const logLevel = o.logLevel === undefined ? 'warning' : checkEnum(o.logLevel, 'options.logLevel', LOG_LEVELS);
    const voiceLogLevel = o.voiceLogLevel === undefined ? 'warning' : checkEnum(o.voiceLogLevel, 'options.voiceLogLevel', LOG_LEVELS);
    const logDir = checkOptionalPath(o.logDir, 'options.logDir');
    const voiceLogDir = checkOptionalPath(o.voiceLogDir, 'options.voiceLogDir');
    if (o.cpuAffinityMask !== undefined && (typeof o.cpuAffinityMask !== 'bigint' || o.cpuAffinityMask < 0n || o.cpuAffinityMask >= 1n << 64n)) {
      throw new TypeError('options.cpuAffinityMask must be a bigint in 0..2^64-1');
    }
    const audioSystem = o.audioSystem === undefined ? undefined : checkEnum(o.audioSystem, 'options.audioSystem', AUDIO_SYSTEMS);
    if (o.androidPreventCommsForBluetooth !== undefined) checkBoolean(o.androidPreventCommsForBluetooth, 'options.androidPreventCommsForBluetooth');
    this.pumpIntervalMs = o.pumpIntervalMs === undefined ? DEFAULT_PUMP_INTERVAL_MS : checkInt(o.pumpIntervalMs, 'options.pumpIntervalMs', 1, 1000);
    this.idlePumpIntervalMs = Math.max(this.pumpIntervalMs, o.idlePumpIntervalMs === undefined
      ? DEFAULT_IDLE_PUMP_INTERVAL_MS : checkInt(o.idlePumpIntervalMs, 'options.idlePumpIntervalMs', 1, 10_000));
    const eventQueueLimit = o.eventQueueLimit === undefined ? undefined : checkInt(o.eventQueueLimit, 'options.eventQueueLimit', 1, 2 ** 31 - 1);

    try {
      loadSdk(sdkPath);
    } catch (err) {
      throw sdkPathError(err, sdkPath);
    }
    const native = new (addon().NativeClient)(
      {
        apiBase, webBase,
        audioSystem: audioSystem === undefined ? undefined : AUDIO_SYSTEMS.indexOf(audioSystem),
        cpuAffinityMask: o.cpuAffinityMask,
        androidPreventCommsForBluetooth: o.androidPreventCommsForBluetooth,
        eventQueueLimit,
      },
      (nums, text, dropped) => this.#dispatch(nums, text, dropped),
    );
    this.#native = native;
    try {
      if (applicationId !== undefined) {
        native.setApplicationId(applicationId);
        this.#applicationIdValue = applicationId.toString();
      }
      if (httpTimeoutMs !== undefined) native.setHttpRequestTimeout(httpTimeoutMs);
      if (logLevel !== 'none') native.addLogCallback(logLevelValue(logLevel), false);
      if (voiceLogLevel !== 'none') native.addLogCallback(logLevelValue(voiceLogLevel), true);
      if (logDir !== undefined && !native.setLogDir(logDir, logLevelValue(logLevel === 'none' ? 'error' : logLevel), false)) {
        // The path is not repeated: the caller has it, and a wrong value may be anything (a secret).
        throw new TypeError('options.logDir must be a directory the SDK can write its log file in');
      }
      if (voiceLogDir !== undefined) native.setLogDir(voiceLogDir, logLevelValue(voiceLogLevel === 'none' ? 'error' : voiceLogLevel), true);
    } catch (err) {
      native.close();
      throw err;
    }
    const self = this;
    const core: ClientCore = {
      get native() {
        return self.#open('client');
      },
      get nativeOrNull() {
        return self.#native;
      },
      run: ((operation: string, caller: Function, send: (opId: number) => void, completion?: CompletionName) =>
        this.#run(operation, caller, send, completion)) as ClientCore['run'],
      applicationId: (override, name) => this.#applicationId(override, name),
      connect: () => this.connect(),
      waitingForUser: (flow, applicationId, scopes) => this.#waitingForUser(flow, applicationId, scopes),
      safe: <T>(body: () => Promise<T>): Promise<T> => {
        try {
          return body();
        } catch (err) {
          return Promise.reject(err);
        }
      },
      emit: (event, ...args) => this.emit(event, ...args),
      listening: (event) => this.listenerCount(event) > 0,
    };
    this.#core = core;
    this.auth = new ClientAuth(core, this);
    this.users = new ClientUsers(core);
    this.relationships = new ClientRelationships(core);
    this.presence = new ClientPresence(core);
    this.lobbies = new ClientLobbies(core);
    this.messages = new ClientMessages(core);
    this.guilds = new ClientGuilds(core);
    this.voice = new ClientVoice(core);
    for (const table of [this.#events, authEvents(core, this.auth), userEvents(core, this.users), relationshipEvents(core),
      presenceEvents(core), lobbyEvents(core), messageEvents(core), voiceEvents(core, this.voice)]) {
      for (const [kind, handler] of Object.entries(table)) this.#handlers[Number(kind)] = handler as EventHandler<FieldEventKind>;
    }
    pump.add(this);
  }

  /** The connection status; `ready` once connected and the current user is known. */
  get status(): ClientStatus {
    return this.#status;
  }

  /** True after close(): every method then throws or rejects with `clientDestroyed`. */
  get closed(): boolean {
    return this.#native === null;
  }

  /** The default application id, or null when none is set. */
  get applicationId(): string | null {
    return this.#applicationIdValue;
  }
  /** Changes the default application id of later calls. */
  set applicationId(value: string | bigint) {
    const id = toId(value, 'applicationId');
    this.#open('applicationId').setApplicationId(id);
    this.#applicationIdValue = id.toString();
  }

  /** @internal pump keep-alive */
  get busy(): boolean {
    if (this.#native === null) return false;
    return this.#ops.size > 0 || this.#waiters.length > 0 || (this.#status !== 'ready' && this.#status !== 'disconnected');
  }

  get keepsAlive(): boolean {
    if (this.#unrefd || this.#native === null) return false;
    return this.#ops.size > 0 || this.#waiters.length > 0 || this.#status !== 'disconnected';
  }

  /** Connects with the token given to auth.updateToken(); resolves at 'ready'. */
  connect(): Promise<void> {
    if (this.#status === 'ready') return Promise.resolve();
    return this.#waitFor('connect', 'ready', this.connect, (n) => n.connect());
  }

  /** Resolves once the client is 'disconnected'. */
  disconnect(): Promise<void> {
    if (this.#status === 'disconnected') return Promise.resolve();
    return this.#waitFor('disconnect', 'disconnected', this.disconnect, (n) => n.disconnect());
  }

  /** Drops the SDK client: pending operations reject with a 'clientDestroyed' PlatformError. */
  async close(): Promise<void> {
    const native = this.#native;
    if (!native) return;
    this.#native = null;
    this.#ops.rejectAll(PlatformError.clientDestroyed);
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w.reject(withSite(PlatformError.clientDestroyed(w.operation), w.site));
    native.close();
    this.#status = 'disconnected';
    pump.remove(this);
    this.voice._clientClosed();
  }

  /** `await using client = new Client(…)` closes it at the end of the scope. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** The game window's process id, for the platform's overlay. */
  setGameWindowPid(pid: number): void {
    this.#open('setGameWindowPid').setGameWindowPid(checkInt(pid, 'pid', 0, 2 ** 31 - 1));
  }

  /**
   * Sets the OS priority of one of the SDK's threads ('client', 'voice' or 'network'); the
   * number's meaning is the platform's (a nice value, a Windows priority level).
   */
  setThreadPriority(thread: SdkThread, priority: number): void {
    const t = SDK_THREADS.indexOf(checkEnum(thread, 'thread', SDK_THREADS));
    this.#open('setThreadPriority').setThreadPriority(t, checkInt(priority, 'priority', -(2 ** 31), 2 ** 31 - 1));
  }

  /** Lets the process exit even while this client is connected (like socket.unref()). */
  unref(): this {
    this.#unrefd = true;
    pump.update();
    return this;
  }

  /** Keeps the process alive again while the client is connected or busy (the default). */
  ref(): this {
    this.#unrefd = false;
    pump.update();
    return this;
  }

  /** What JSON.stringify shows: the application id and the status (never a token). */
  toJSON(): { applicationId: string | null; status: ClientStatus; closed: boolean } {
    return { applicationId: this.applicationId, status: this.#status, closed: this.closed };
  }

  /** What console.log and util.inspect show (never a token). */
  [inspect.custom](): string {
    return `Client { applicationId: ${this.applicationId ?? 'null'}, status: '${this.#status}', closed: ${this.closed} }`;
  }

  #open(operation: string): NativeClient {
    if (!this.#native) throw PlatformError.clientDestroyed(operation);
    return this.#native;
  }

  #run(operation: string, caller: Function, send: (opId: number) => void, completion?: CompletionName): Promise<unknown> {
    if (!this.#native) return Promise.reject(PlatformError.clientDestroyed(operation));
    const promise = this.#ops.start(operation, caller, send, completion);
    pump.update();
    return promise;
  }

  #applicationId(override: unknown, name: string): bigint {
    if (override !== undefined) return toId(override, name);
    if (!this.#native) throw PlatformError.clientDestroyed(name);
    const id = this.applicationId;
    if (id === null) throw new TypeError(`${name} is required: pass it, or set new Client({ applicationId })`);
    return BigInt(id);
  }

  #waitFor(operation: string, target: ClientStatus, caller: Function, start: (n: NativeClient) => void): Promise<void> {
    if (!this.#native) return Promise.reject(PlatformError.clientDestroyed(operation));
    const native = this.#native;
    const site = new Error();
    Error.captureStackTrace(site, caller);
    const promise = new Promise<void>((resolve, reject) => {
      this.#waiters.push({ operation, target, resolve, reject, site });
    });
    start(native);
    pump.update();
    return promise;
  }

  // One call per pump tick: the tick's events as a tape (lib/tape.ts). Each event's body sizes
  // are in its header, so an event nobody listens to is skipped undecoded, and a listener that
  // throws cannot desynchronise the rest of the batch.
  #dispatch(nums: Float64Array, text: string, dropped: number): void {
    const r = new TapeReader(nums, text);
    let events = dropped;
    while (r.i < nums.length) {
      events++;
      const kind = nums[r.i] as EventKind;
      const opId = nums[r.i + 1] as number;
      const endI = r.i + EVENT_HEADER + (nums[r.i + 2] as number);
      const endT = r.t + (nums[r.i + 3] as number);
      r.i += EVENT_HEADER;
      try {
        this.#handle(kind, opId, r);
      } catch (err) {
        this.#reportListenerError(err);
      }
      r.i = endI;
      r.t = endT;
    }
    pump.delivered(events);
    if (dropped > 0) this.#reportDropped(dropped);
  }

  #reportDropped(count: number): void {
    if (this.listenerCount('eventsDropped') > 0) {
      this.emit('eventsDropped', count);
    } else if (!this.#warnedDrops) {
      this.#warnedDrops = true;
      process.emitWarning(`${count} SDK events were dropped: the client's event queue was full ` +
        '(listen to "eventsDropped" to count them; options.eventQueueLimit sets the bound)', 'PlatformSdkWarning');
    }
  }

  #handle(kind: EventKind, opId: number, r: TapeReader): void {
    const result = r.result();
    if (kind === EventKind.Completion) {
      this.#ops.complete(opId, result, r);
      pump.update();
      return;
    }
    if (kind === EventKind.MergeRequired) {
      this.#ops.markMergeRequired(opId);
      return;
    }
    const handler = this.#handlers[kind];
    if (handler === undefined || (handler.only !== undefined && this.listenerCount(handler.only) === 0)) return;
    handler.run(EVENT_READERS[kind as FieldEventKind](r) as never);
  }

  // The connection's own events; the areas declare theirs (their `events` tables).
  readonly #events: EventHandlers = {
    [EventKind.Status]: {
      run: (e) => this.#onStatus({
        status: nameOf(CLIENT_STATUS, e.status, 'disconnected'),
        error: nameOf(CLIENT_ERROR, e.error, 'connectionFailed'),
        errorDetail: e.errorDetail,
      }),
    },
    [EventKind.Log]: { run: (e) => this.emit('log', this.#logEvent(e.message, e.severity)) },
    [EventKind.VoiceLog]: { run: (e) => this.emit('voiceLog', this.#logEvent(e.message, e.severity)) },
  };

  #logEvent(message: string, level: number): LogEvent {
    const severity = logLevelName(level);
    return { message: redact(message), severity: severity === 'none' ? 'error' : severity };
  }

  #onStatus(event: StatusEvent): void {
    this.#status = event.status;
    // Settle waiters before listeners run, so a listener that throws cannot strand them.
    const remaining: StatusWaiter[] = [];
    for (const w of this.#waiters) {
      if (event.status === w.target) w.resolve();
      else if (event.status === 'disconnected') w.reject(withSite(this.#connectionError(w.operation, event), w.site));
      else remaining.push(w);
    }
    this.#waiters = remaining;
    pump.update();
    this.emit('status', event);
  }

  #connectionError(operation: string, event: StatusEvent): PlatformError {
    const type = event.error === 'none' ? 'connectionCanceled' : event.error;
    return new PlatformError({
      type,
      operation,
      detail: event.error === 'none' ? 'disconnected before ready'
        : event.error === 'connectionFailed' ? 'could not connect' : 'the connection closed',
      code: event.errorDetail,
      retryable: connectionRetryable(event),
      hint: connectionHint(event, this.#native?.isAuthenticated() ?? false),
    });
  }

  // A throwing listener must not stop the pump or the other events of the batch. With an
  // 'error' listener it gets the exception; otherwise it surfaces as an uncaught exception, the
  // way a throwing EventEmitter listener does anywhere else in Node.
  // Asynchronous (after the promise settles if the start failed at once), so that a listener,
  // which may answer the simulator's consent on the spot, runs after the flow has started and
  // cannot make authorize() throw.
  #waitingForUser(flow: ConsentPendingEvent['flow'], applicationId: bigint, scopes: string): () => void {
    const simulator = loadSdk().kind === 'simulator';
    const event: ConsentPendingEvent = {
      flow, applicationId: applicationId.toString(), scopes, simulator, message: consentMessage(flow, simulator),
    };
    let waiting = true;
    setImmediate(() => {
      if (!waiting) return;
      try {
        this.emit('consentPending', event);
      } catch (err) {
        this.#reportListenerError(err);
      }
    });
    // A flow nobody answers otherwise waits silently for minutes (5 on the simulator, the
    // platform's own limit elsewhere): say so once, unless the application handles the event.
    const timer = setTimeout(() => {
      if (waiting && this.listenerCount('consentPending') === 0) {
        process.emitWarning(`${event.message} Still waiting after ${CONSENT_WARNING_DELAY_MS / 1000} s; ` +
          "listen to the client's 'consentPending' event to show this yourself.", 'PlatformSdkWarning');
      }
    }, CONSENT_WARNING_DELAY_MS);
    timer.unref();
    return () => {
      waiting = false;
      clearTimeout(timer);
    };
  }

  #reportListenerError(err: unknown): void {
    const error = err instanceof Error ? err : new Error(String(err));
    if (this.listenerCount('error') > 0) {
      try {
        this.emit('error', error);
        return;
      } catch (again) {
        process.nextTick(() => { throw again; });
        return;
      }
    }
    process.nextTick(() => { throw error; });
  }
}

// The connection errors in words, with what to do: the close code and HTTP status alone say
// nothing to someone who has not read the gateway's documentation.
function connectionHint(event: StatusEvent, hasToken: boolean): string | undefined {
  const detail = event.errorDetail;
  if (event.error === 'none') return 'close() or disconnect() was called while connecting';
  if (detail === 4004) {
    return event.error === 'unexpectedClose'
      ? 'the platform ended the session: the token was revoked, the user deauthorized the application or was banned. ' +
        'Sign in again (auth.login(), or auth.refreshToken() while the grant lives), then connect()'
      : 'the platform refused the token (unknown, expired or revoked, or the user is banned). ' +
        'Get a new one (auth.refreshToken(refreshToken) or auth.login()), hand it over with auth.updateToken(), then connect()';
  }
  if (!hasToken && event.error === 'connectionFailed') {
    return 'the client has no token: sign in with auth.login(), or pass one to auth.updateToken(), before connect()';
  }
  if (detail === 429) return 'the platform is rate limiting this client (HTTP 429): connect again later';
  if (detail >= 500 && detail <= 599) return `the platform failed (HTTP ${detail}): connect again later`;
  if (detail >= 400 && detail <= 499) return `the platform refused the connection (HTTP ${detail})`;
  if (event.error === 'unexpectedClose') return 'the connection was lost: connect() again when the network is back';
  if (detail === 0) return 'the platform could not be reached: check the network (and apiBase, if set), then connect() again';
  return undefined;
}

// Whether connecting again can help: not when the gateway refused the token (close code 4004:
// revoked, deauthorized, banned — a new token is needed) or the handshake got a plain 4xx; yes
// after a lost connection, and after a 429 or 5xx handshake answer (its HTTP status is the detail).
function connectionRetryable(event: StatusEvent): boolean {
  const detail = event.errorDetail;
  if (event.error === 'unexpectedClose') return detail !== CLOSE_AUTHENTICATION_FAILED;
  if (event.error === 'connectionFailed') return detail === 429 || (detail >= 500 && detail <= 599);
  return false;
}

const CLOSE_AUTHENTICATION_FAILED = 4004;

function consentMessage(flow: ConsentPendingEvent['flow'], simulator: boolean): string {
  const what = flow === 'authorize'
    ? "The platform is waiting for the user to answer its consent screen"
    : 'The platform is waiting for the user to enter the device code';
  return simulator
    ? `${what}. With the bundled simulator nobody sees that screen: answer it with ` +
      "Simulator.attach().auth.setConsent(userId) (or 'deny' / 'timeout') from 'platform-social-sdk/testing'."
    : `${what}.`;
}

/**
 * A library the caller named in options.sdkPath that does not load is bad input: a TypeError that
 * names the option and keeps the loader's reasons, but never repeats the path (a wrong value may
 * be anything, even a secret, and of any size).
 */
function sdkPathError(err: unknown, sdkPath: string | undefined): unknown {
  if (sdkPath === undefined || sdkPath === 'simulator' || !(err instanceof Error)) return err;
  const message = err.message.split(sdkPath).join('<options.sdkPath>');
  return new TypeError(`options.sdkPath must name a loadable SDK library: ${message}`);
}
