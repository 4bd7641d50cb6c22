/// <reference lib="esnext.disposable" preserve="true" />
// Client: one SDK client. Owns the native client, the pending operations and the status, and
// dispatches the events the pump hands over. Area APIs (auth, users, …) live in their modules.
import type * as AuthArea from './auth';
import type { ClientAuth } from './auth';
import { CLIENT_EVENT_NAMES, type ClientEvents, type ClientOptions, type LogEvent, type StatusEvent } from './client-types';
import {
  AUDIO_SYSTEM_VALUES, CLIENT_ERROR, CLIENT_STATUS, logLevelName, logLevelValue, nameOf,
  type ClientStatus,
} from './enums';
import { PlatformError } from './errors';
import { addon, loadSdk } from './addon-loader';
import type { NativeClient, OpId } from './binding';
import { EventKind, type CompletionName } from './boundary';
import { readClientOptions } from './client-options';
import { connectionError } from './connection-errors';
import { announceWaitForUser } from './consent';
import type { ClientCore, EventHandlers } from './core';
import { EventDispatcher } from './dispatch';
import { callSite, Operations, withSite, type CallSite } from './operations';
import { pump, type PumpClient } from './pump';
import { inspectCustom, redact } from './redact';
import type { TapeReader } from './tape';
import { TypedEmitter } from './typed-emitter';
import type * as GuildsArea from './guilds';
import type * as LobbiesArea from './lobbies';
import type * as MessagesArea from './messages';
import type * as UsersArea from './users';
import type * as PresenceArea from './presence';
import type * as RelationshipsArea from './relationships';
import type * as VoiceArea from './voice';
import type { ClientGuilds } from './guilds';
import type { ClientLobbies } from './lobbies';
import type { ClientMessages } from './messages';
import type { ClientUsers } from './users';
import type { ClientPresence } from './presence';
import type { ClientRelationships } from './relationships';
import type { ClientVoice } from './voice';


/**
 * The area modules, loaded on first use: the first area a program touches (client.lobbies, …) or
 * the first event one of them handles loads them (one file, dist/cjs/bundle-lazy.js), so that
 * require() + new Client() reads and compiles none of them (docs/performance.md, row 9).
 */
interface AreaModules {
  auth: typeof AuthArea; users: typeof UsersArea; relationships: typeof RelationshipsArea; presence: typeof PresenceArea;
  lobbies: typeof LobbiesArea; messages: typeof MessagesArea; guilds: typeof GuildsArea; voice: typeof VoiceArea;
}
let areaModules: AreaModules | undefined;
function areas(): AreaModules {
  return (areaModules ??= {
    auth: require('./auth') as typeof AuthArea, users: require('./users') as typeof UsersArea,
    relationships: require('./relationships') as typeof RelationshipsArea, presence: require('./presence') as typeof PresenceArea,
    lobbies: require('./lobbies') as typeof LobbiesArea, messages: require('./messages') as typeof MessagesArea,
    guilds: require('./guilds') as typeof GuildsArea, voice: require('./voice') as typeof VoiceArea,
  });
}
import { SDK_THREAD_NAMES, SDK_THREAD_VALUES, type SdkThread } from './sdk-enums';
import { checkEnum, checkInt, toId } from './validate';

export { CONSENT_WARNING_DELAY_MS } from './consent';

export type { SdkThread } from './sdk-enums';


interface StatusWaiter {
  operation: string;
  target: ClientStatus;
  resolve: () => void;
  reject: (e: Error) => void;
  site: CallSite;
}

export type {
  ClientEvents, ClientOptions, ConsentPendingEvent, LobbyEvent, LobbyMemberEvent, LogEvent, StatusEvent,
} from './client-types';

export type { ClientCore } from './core';

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

  #auth: ClientAuth | undefined;
  #users: ClientUsers | undefined;
  #relationships: ClientRelationships | undefined;
  #presence: ClientPresence | undefined;
  #lobbies: ClientLobbies | undefined;
  #messages: ClientMessages | undefined;
  #guilds: ClientGuilds | undefined;
  #voice: ClientVoice | undefined;
  readonly #core: ClientCore;
  #areaEvents = false;
  readonly pumpIntervalMs: number;
  readonly idlePumpIntervalMs: number;

  #native: NativeClient | null;
  readonly #ops = new Operations((caller) => this.#publicMethod(caller));
  readonly #dispatcher = new EventDispatcher(this, this.#ops, () => this.#addAreaEvents());
  #status: ClientStatus = 'disconnected';
  #waiters: StatusWaiter[] = [];
  #unrefd = false;
  // Kept in JS too, so that it still reads correctly after close().
  #applicationIdValue: string | null = null;

  constructor(options: ClientOptions = {}) {
    super(CLIENT_EVENT_NAMES, 'a Client');
    const {
      applicationId, sdkPath, allowUntestedSdk, apiBase, webBase, httpTimeoutMs, logLevel, voiceLogLevel, logDir, voiceLogDir, cpuAffinityMask,
      audioSystem, androidPreventCommsForBluetooth, pumpIntervalMs, idlePumpIntervalMs, eventQueueLimit,
    } = readClientOptions(options);
    this.pumpIntervalMs = pumpIntervalMs;
    this.idlePumpIntervalMs = idlePumpIntervalMs;

    try {
      loadSdk(sdkPath, allowUntestedSdk ? 'allow' : 'refuse');
    } catch (err) {
      throw sdkPathError(err, sdkPath);
    }
    const native = new (addon().NativeClient)(
      {
        apiBase, webBase,
        audioSystem: audioSystem === undefined ? undefined : AUDIO_SYSTEM_VALUES[audioSystem],
        cpuAffinityMask,
        androidPreventCommsForBluetooth,
        eventQueueLimit,
      },
      (nums, text, dropped) => this.#dispatcher.dispatch(nums, text, dropped),
    );
    this.#native = native;
    try {
      if (applicationId !== undefined) {
        native.setApplicationId(applicationId);
        this.#applicationIdValue = applicationId.toString();
      }
      if (httpTimeoutMs !== undefined) native.setHttpRequestTimeout(httpTimeoutMs);
      if (logLevel !== 'none') native.addLogCallback(logLevelValue(logLevel));
      if (voiceLogLevel !== 'none') native.addVoiceLogCallback(logLevelValue(voiceLogLevel));
      if (logDir !== undefined && !native.setLogDir(logDir, logLevelValue(logLevel === 'none' ? 'error' : logLevel))) {
        // The path is not repeated: the caller has it, and a wrong value may be anything (a secret).
        throw new TypeError('options.logDir must be a directory the SDK can write its log file in');
      }
      if (voiceLogDir !== undefined) native.setVoiceLogDir(voiceLogDir, logLevelValue(voiceLogLevel === 'none' ? 'error' : voiceLogLevel));
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
      // Bound, not an arrow: a bound function's call adds no stack frame, and each frame between
      // an operation's call site and its capture (callSite) is one more for V8 to walk.
      run: this.#run.bind(this) as ClientCore['run'],
      applicationId: (override, name) => this.#applicationId(override, name),
      connect: () => this.connect(),
      waitingForUser: (flow, applicationId, scopes) =>
        announceWaitForUser(this, (err) => this.#dispatcher.reportListenerError(err), flow, applicationId, scopes),
      safe: <T>(body: () => Promise<T>): Promise<T> => {
        try {
          return body();
        } catch (err) {
          return Promise.reject(err);
        }
      },
      emit: this.emit.bind(this) as ClientCore['emit'],
    };
    this.#core = core;
    this.#dispatcher.add(this.#events);
    pump.add(this);
  }

  /** Authorization (OAuth2 + PKCE), tokens, provisional accounts, sessions. */
  get auth(): ClientAuth {
    return (this.#auth ??= new (areas().auth.ClientAuth)(this.#core, this));
  }
  /** Users: the current one and the ones this client knows. */
  get users(): ClientUsers {
    return (this.#users ??= new (areas().users.ClientUsers)(this.#core));
  }
  /** Friends, friend requests and blocks. */
  get relationships(): ClientRelationships {
    return (this.#relationships ??= new (areas().relationships.ClientRelationships)(this.#core));
  }
  /** Rich presence, online status, invites and join requests. */
  get presence(): ClientPresence {
    return (this.#presence ??= new (areas().presence.ClientPresence)(this.#core));
  }
  /** Lobbies and their chat. */
  get lobbies(): ClientLobbies {
    return (this.#lobbies ??= new (areas().lobbies.ClientLobbies)(this.#core));
  }
  /** Direct messages and message history. */
  get messages(): ClientMessages {
    return (this.#messages ??= new (areas().messages.ClientMessages)(this.#core));
  }
  /** Servers (guilds) and their channels. */
  get guilds(): ClientGuilds {
    return (this.#guilds ??= new (areas().guilds.ClientGuilds)(this.#core));
  }
  /** Voice calls and audio settings. */
  get voice(): ClientVoice {
    return (this.#voice ??= new (areas().voice.ClientVoice)(this.#core));
  }

  /**
   * The areas' event handlers, added when the first event no handler takes yet arrives (before
   * it is handled): until then the client has none of the area modules loaded. Returns whether
   * it added them (once per client).
   */
  #addAreaEvents(): boolean {
    if (this.#areaEvents) return false;
    this.#areaEvents = true;
    const m = areas();
    const core = this.#core;
    for (const table of [m.auth.authEvents(core, this.auth), m.users.userEvents(core, this.users), m.relationships.relationshipEvents(core),
      m.presence.presenceEvents(core), m.lobbies.lobbyEvents(core), m.messages.messageEvents(core), m.voice.voiceEvents(core, this.voice)]) {
      this.#dispatcher.add(table);
    }
    return true;
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
    const was = this.#status;
    this.#status = 'disconnected';
    pump.remove(this);
    this.#voice?._clientClosed();
    this.#relationships?._clientClosed();
    // A connection that was up ends with its last 'status', as the calls and the session end with
    // theirs: a listener waiting for 'disconnected' hears it. One that throws does not stop
    // close(): it is reported as any listener's ('error', else an uncaught exception).
    if (was !== 'disconnected') {
      try {
        this.emit('status', { status: 'disconnected', error: 'none', errorDetail: 0 });
      } catch (err) {
        this.#dispatcher.reportListenerError(err);
      }
    }
    try {
      this.#auth?._clientClosed();  // never touched: no session to end
    } catch (err) {
      this.#dispatcher.reportListenerError(err);
    }
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
    const t = SDK_THREAD_VALUES[checkEnum(thread, 'thread', SDK_THREAD_NAMES)];
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
  [inspectCustom](): string {
    return `Client { applicationId: ${this.applicationId ?? 'null'}, status: '${this.#status}', closed: ${this.closed} }`;
  }

  #open(operation: string): NativeClient {
    if (!this.#native) throw PlatformError.clientDestroyed(operation);
    return this.#native;
  }

  #run(operation: string, caller: Function, send: (opId: OpId<never>) => void, completion?: CompletionName,
    read?: (r: TapeReader) => unknown): Promise<unknown> {
    if (!this.#native) return Promise.reject(PlatformError.clientDestroyed(operation));
    // Captured here, near the caller: the frames below it (Operations.start) would be walked too.
    const promise = this.#ops.start(operation, callSite(caller), send, read ?? completion);
    // Only the first pending operation changes the pump's interval or keep-alive.
    if (this.#ops.size === 1) pump.update();
    pump.kick();
    return promise;
  }

  /** 'lobbies.createOrJoin' for the area method `caller` (or 'lobby.sendMessage', 'client.connect'). */
  #publicMethod(caller: Function): string | undefined {
    const name = caller.name;
    const m = areas();  // loaded: an operation of an area was started
    // The classes' prototypes, not the client's areas: asking must not create every area.
    const owners: Array<[string, object]> = [
      ['auth', m.auth.ClientAuth.prototype], ['users', m.users.ClientUsers.prototype],
      ['relationships', m.relationships.ClientRelationships.prototype], ['presence', m.presence.ClientPresence.prototype],
      ['lobbies', m.lobbies.ClientLobbies.prototype], ['messages', m.messages.ClientMessages.prototype],
      ['guilds', m.guilds.ClientGuilds.prototype], ['voice', m.voice.ClientVoice.prototype],
      ['lobby', m.lobbies.Lobby.prototype], ['call', m.voice.Call.prototype], ['client', Client.prototype]];
    const owner = owners.find(([, obj]) => (obj as Record<string, unknown>)[name] === caller);
    return owner === undefined ? undefined : `${owner[0]}.${name}`;
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
    const site = callSite(caller);
    const promise = new Promise<void>((resolve, reject) => {
      this.#waiters.push({ operation, target, resolve, reject, site });
    });
    start(native);
    pump.update();
    pump.kick();
    return promise;
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
      else if (event.status === 'disconnected') w.reject(withSite(connectionError(w.operation, event, this.#native?.isAuthenticated() ?? false, this.applicationId), w.site));
      else remaining.push(w);
    }
    this.#waiters = remaining;
    pump.update();
    this.emit('status', event);
  }

}

/**
 * A library the caller named in options.sdkPath that does not load is bad input: a TypeError that
 * names the option and keeps the loader's reasons, with the path that failed as the loader shows
 * it (absolute, escaped, at most 200 characters: lib/shown-path.ts).
 */
function sdkPathError(err: unknown, sdkPath: string | undefined): unknown {
  if (sdkPath === undefined || sdkPath === 'simulator' || !(err instanceof Error)) return err;
  // The version gate's refusal is about the library's version, not about the option's value.
  if ((err as Error & { code?: unknown }).code === 'ERR_PLATFORM_SDK_UNTESTED_VERSION') return err;
  // No `cause`: the loader's own error quotes the path as given, unredacted (util.inspect shows a cause).
  return new TypeError(`options.sdkPath must name a loadable SDK library: ${err.message}`);
}
