// Client: one SDK client. Owns the native client, the pending operations and the status, and
// dispatches the events the pump hands over. Area APIs (auth, users, …) live in their modules.
import { inspect } from 'node:util';
import { ClientAuth } from './auth';
import {
  AUDIO_SYSTEMS, CLIENT_ERROR, CLIENT_STATUS, LOG_LEVELS, logLevelName, logLevelValue, nameOf,
  type AudioSystem, type ClientErrorName, type ClientStatus, type LogLevel,
} from './enums';
import { PlatformError } from './errors';
import {
  addon, loadSdk, NativeEventKind, type NativeActivityInvite, type NativeClient, type NativeField, type NativeMessage,
} from './native';
import { EVENT_HEADER, TapeReader } from './tape';
import { Operations, withSite, type Payload } from './operations';
import { DEFAULT_IDLE_PUMP_INTERVAL_MS, DEFAULT_PUMP_INTERVAL_MS, pump, type PumpClient } from './pump';
import { redact } from './redact';
import { TypedEmitter } from './typed-emitter';
import { ClientGuilds } from './guilds';
import { ClientLobbies, LobbyChange, LobbyMemberChange, type Lobby, type LobbyMember } from './lobbies';
import { ClientMessages, makeMessage, type Message } from './messages';
import { ClientUsers, type User } from './users';
import { toInvite } from './activity';
import { ClientPresence, type PresenceEvents } from './presence';
import { ClientRelationships, toRelationship, type RelationshipEvents } from './relationships';
import { ClientVoice, toVoiceSettings, type VoiceEvents } from './voice';
import {
  checkBoolean, checkEnum, checkInt, checkOptionalOptions, checkOptionalPath, checkOptionalString, toId,
} from './validate';

export interface ClientOptions {
  /** Default application id (AuthorizationArgs.ClientId and token calls default to it). */
  applicationId?: string | bigint;
  /**
   * Path of the vendor SDK library; else PLATFORM_SDK_PATH; else one installed with
   * `npx platform-social-sdk install-sdk`; else the bundled simulator. 'simulator' always picks
   * the simulator.
   */
  sdkPath?: string;
  apiBase?: string;
  webBase?: string;
  /** SDK HTTP request timeout (default 30000). */
  httpTimeoutMs?: number;
  /** Minimum severity of `log` events (default 'warning'). */
  logLevel?: LogLevel;
  voiceLogLevel?: LogLevel;
  logDir?: string;
  voiceLogDir?: string;
  cpuAffinityMask?: bigint;
  audioSystem?: AudioSystem;
  androidPreventCommsForBluetooth?: boolean;
  /**
   * How often SDK callbacks are run while anything happens, in ms (default 10; 1–1000): bounds
   * the delay of events that follow other activity within a second.
   */
  pumpIntervalMs?: number;
  /**
   * How often SDK callbacks are run after a second without events or pending operations, in ms
   * (default 200; 1–10000; never below pumpIntervalMs): bounds the delay of the first event
   * after a quiet period, and the CPU an idle client costs.
   */
  idlePumpIntervalMs?: number;
  /**
   * Most events queued natively between two pump ticks (default 262,144). Beyond it, events other
   * than operation results and status changes are dropped and counted in `eventsDropped`.
   */
  eventQueueLimit?: number;
}

const OPTION_KEYS = [
  'applicationId', 'sdkPath', 'apiBase', 'webBase', 'httpTimeoutMs', 'logLevel', 'voiceLogLevel', 'logDir',
  'voiceLogDir', 'cpuAffinityMask', 'audioSystem', 'androidPreventCommsForBluetooth', 'pumpIntervalMs',
  'idlePumpIntervalMs', 'eventQueueLimit',
] as const;

export interface StatusEvent {
  status: ClientStatus;
  error: ClientErrorName;
  errorDetail: number;
}

export interface LogEvent {
  message: string;
  severity: Exclude<LogLevel, 'none'>;
}

export type ClientEvents = {
  status: [StatusEvent];
  log: [LogEvent];
  voiceLog: [LogEvent];
  tokenExpiration: [];
  userUpdated: [User];
  authorizeDeviceScreenClosed: [];
  /**
   * You joined a lobby (or the backend added you). `lobby` is a snapshot read from the SDK on
   * first access (events nobody reads cost no SDK read).
   */
  lobbyCreated: [LobbyEvent];
  lobbyUpdated: [LobbyEvent];
  /** You left, were removed, or the lobby was deleted. */
  lobbyDeleted: [{ lobbyId: string }];
  /** Another user joined one of your lobbies (not sent for yourself: see lobbyCreated). */
  lobbyMemberAdded: [LobbyMemberEvent];
  lobbyMemberUpdated: [LobbyMemberEvent];
  lobbyMemberRemoved: [{ lobbyId: string; memberId: string }];
  messageCreated: [Message];
  messageUpdated: [Message];
  messageDeleted: [{ messageId: string; channelId: string }];
  voiceParticipantChanged: VoiceEvents['voiceParticipantChanged'];
  audioDevicesChanged: VoiceEvents['audioDevicesChanged'];
  noAudioInput: VoiceEvents['noAudioInput'];
  voiceSettingsUpdated: VoiceEvents['voiceSettingsUpdated'];
  activityInviteCreated: PresenceEvents['activityInviteCreated'];
  activityInviteUpdated: PresenceEvents['activityInviteUpdated'];
  activityJoin: PresenceEvents['activityJoin'];
  relationshipCreated: RelationshipEvents['relationshipCreated'];
  relationshipDeleted: RelationshipEvents['relationshipDeleted'];
  relationshipGroupsUpdated: RelationshipEvents['relationshipGroupsUpdated'];
  /** An exception thrown by one of this client's event listeners (the pump carries on). */
  error: [Error];
  /**
   * Events dropped because more than `eventQueueLimit` were queued between two pump ticks (count
   * since the last report). Operation results and status changes are never dropped.
   */
  eventsDropped: [number];
};

export interface LobbyEvent {
  readonly lobbyId: string;
  /** Read from the SDK on first access, then kept. */
  readonly lobby: Lobby | null;
}

export interface LobbyMemberEvent {
  readonly lobbyId: string;
  readonly memberId: string;
  /** Read from the SDK on first access, then kept. */
  readonly member: LobbyMember | null;
}

interface StatusWaiter {
  operation: string;
  target: ClientStatus;
  resolve: () => void;
  reject: (e: Error) => void;
  site: Error;
}

/** What the area modules need from their client; not part of the public API. */
export interface ClientCore {
  /** The native client; throws a 'clientDestroyed' PlatformError once closed. */
  readonly native: NativeClient;
  /** The native client, or null once closed (for getters that read as empty then). */
  readonly nativeOrNull: NativeClient | null;
  run(operation: string, caller: Function, send: (opId: number) => void): Promise<Payload>;
  applicationId(override: unknown, name: string): bigint;
  connect(): Promise<void>;
  /** Runs `body`, turning a synchronous throw (bad argument) into a rejection. */
  safe<T>(body: () => Promise<T>): Promise<T>;
}

/** Internal (benchmarks): the native client behind a Client, or null once closed. */
export let nativeClientOf: (client: Client) => NativeClient | null;

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
      (nums, text, objects, dropped) => this.#dispatch(nums, text, objects, dropped),
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
      run: (operation, caller, send) => this.#run(operation, caller, send),
      applicationId: (override, name) => this.#applicationId(override, name),
      connect: () => this.connect(),
      safe: <T>(body: () => Promise<T>): Promise<T> => {
        try {
          return body();
        } catch (err) {
          return Promise.reject(err);
        }
      },
    };
    this.#core = core;
    this.auth = new ClientAuth(core);
    this.users = new ClientUsers(core);
    this.relationships = new ClientRelationships(core);
    this.presence = new ClientPresence(core);
    this.lobbies = new ClientLobbies(core);
    this.messages = new ClientMessages(core);
    this.guilds = new ClientGuilds(core);
    this.voice = new ClientVoice(core);
    pump.add(this);
  }

  get status(): ClientStatus {
    return this.#status;
  }

  get closed(): boolean {
    return this.#native === null;
  }

  /** The default application id, or null when none is set. */
  get applicationId(): string | null {
    return this.#applicationIdValue;
  }
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

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  /** The game window's process id, for the platform's overlay. */
  setGameWindowPid(pid: number): void {
    this.#open('setGameWindowPid').setGameWindowPid(checkInt(pid, 'pid', 0, 2 ** 31 - 1));
  }

  /** Lets the process exit even while this client is connected (like socket.unref()). */
  unref(): this {
    this.#unrefd = true;
    pump.update();
    return this;
  }

  ref(): this {
    this.#unrefd = false;
    pump.update();
    return this;
  }

  toJSON(): { applicationId: string | null; status: ClientStatus; closed: boolean } {
    return { applicationId: this.applicationId, status: this.#status, closed: this.closed };
  }

  [inspect.custom](): string {
    return `Client { applicationId: ${this.applicationId ?? 'null'}, status: '${this.#status}', closed: ${this.closed} }`;
  }

  #open(operation: string): NativeClient {
    if (!this.#native) throw PlatformError.clientDestroyed(operation);
    return this.#native;
  }

  #run(operation: string, caller: Function, send: (opId: number) => void): Promise<Payload> {
    if (!this.#native) return Promise.reject(PlatformError.clientDestroyed(operation));
    const promise = this.#ops.start(operation, caller, send);
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
  #dispatch(nums: Float64Array, text: string, objects: readonly unknown[] | null, dropped: number): void {
    const r = new TapeReader(nums, text, objects);
    while (r.i < nums.length) {
      const kind = nums[r.i] as NativeEventKind;
      const opId = nums[r.i + 1] as number;
      const endI = r.i + EVENT_HEADER + (nums[r.i + 2] as number);
      const endT = r.t + (nums[r.i + 3] as number);
      const endO = r.o + (nums[r.i + 4] as number);
      r.i += EVENT_HEADER;
      try {
        this.#handle(kind, opId, r, endI);
      } catch (err) {
        this.#reportListenerError(err);
      }
      r.i = endI;
      r.t = endT;
      r.o = endO;
    }
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

  #handle(kind: NativeEventKind, opId: number, r: TapeReader, end: number): void {
    const result = r.result();
    switch (kind) {
      case NativeEventKind.Completion: {
        const fields: Payload = [];
        while (r.i < end) fields.push(r.field());
        this.#ops.complete(opId, result, fields);
        pump.update();
        break;
      }
      case NativeEventKind.MergeRequired:
        this.#ops.markMergeRequired(opId);
        break;
      case NativeEventKind.LobbyCreated:
      case NativeEventKind.LobbyUpdated: {
        const name = kind === NativeEventKind.LobbyCreated ? 'lobbyCreated' : 'lobbyUpdated';
        if (this.listenerCount(name) === 0) break;
        this.emit(name, new LobbyChange(this.#core, r.field() as string));
        break;
      }
      case NativeEventKind.LobbyMemberAdded:
      case NativeEventKind.LobbyMemberUpdated: {
        const name = kind === NativeEventKind.LobbyMemberAdded ? 'lobbyMemberAdded' : 'lobbyMemberUpdated';
        if (this.listenerCount(name) === 0) break;
        const lobbyId = r.field() as string;
        this.emit(name, new LobbyMemberChange(this.#core, lobbyId, r.field() as string));
        break;
      }
      case NativeEventKind.MessageCreated:
      case NativeEventKind.MessageUpdated: {
        const name = kind === NativeEventKind.MessageCreated ? 'messageCreated' : 'messageUpdated';
        if (this.listenerCount(name) === 0) break;
        const messageId = r.field();
        const captured = r.field() as NativeMessage | null;
        if (!captured) {
          // The SDK announced a message it no longer had: say so rather than drop it silently.
          process.emitWarning(`message ${String(messageId)} was announced but the SDK had no data for it`, 'PlatformSdkWarning');
          break;
        }
        this.emit(name, makeMessage(this.#core, captured));
        break;
      }
      default: {
        const fields: NativeField[] = [];
        while (r.i < end) fields.push(r.field());
        this.#handleOther(kind, fields);
      }
    }
  }

  // The events that are rare enough to read as a field list.
  #handleOther(kind: NativeEventKind, fields: NativeField[]): void {
    switch (kind) {
      case NativeEventKind.Status:
        this.#onStatus({
          status: nameOf(CLIENT_STATUS, fields[0] as number, 'disconnected'),
          error: nameOf(CLIENT_ERROR, fields[1] as number, 'connectionFailed'),
          errorDetail: fields[2] as number,
        });
        break;
      case NativeEventKind.Log:
      case NativeEventKind.VoiceLog: {
        const severity = logLevelName(fields[1] as number);
        const payload: LogEvent = { message: redact(fields[0] as string), severity: severity === 'none' ? 'error' : severity };
        this.emit(kind === NativeEventKind.Log ? 'log' : 'voiceLog', payload);
        break;
      }
      case NativeEventKind.TokenExpiration:
        this.emit('tokenExpiration');
        break;
      case NativeEventKind.AuthorizeRequest:
        this.auth._authorizeRequested();
        break;
      case NativeEventKind.UserUpdated: {
        const user = this.users.get(fields[0] as string);
        if (user) this.emit('userUpdated', user);
        break;
      }
      case NativeEventKind.DeviceScreenClosed:
        this.emit('authorizeDeviceScreenClosed');
        break;
      case NativeEventKind.LobbyDeleted:
        this.emit('lobbyDeleted', { lobbyId: fields[0] as string });
        break;
      case NativeEventKind.LobbyMemberRemoved:
        this.emit('lobbyMemberRemoved', { lobbyId: fields[0] as string, memberId: fields[1] as string });
        break;
      case NativeEventKind.MessageDeleted:
        this.emit('messageDeleted', { messageId: fields[0] as string, channelId: fields[1] as string });
        break;
      case NativeEventKind.CallStatus:
        this.voice._call(fields[0] as string)?._status(fields[1] as number, fields[2] as number, fields[3] as number);
        break;
      case NativeEventKind.CallParticipant:
        this.voice._call(fields[0] as string)?.emit('participantChanged', { userId: fields[1] as string, added: fields[2] as boolean });
        break;
      case NativeEventKind.CallSpeaking:
        this.voice._call(fields[0] as string)?.emit('speakingChanged', { userId: fields[1] as string, speaking: fields[2] as boolean });
        break;
      case NativeEventKind.CallVoiceState:
        this.voice._call(fields[0] as string)?.emit('voiceStateChanged', { userId: fields[1] as string });
        break;
      case NativeEventKind.VoiceParticipant:
        this.emit('voiceParticipantChanged', { lobbyId: fields[0] as string, memberId: fields[1] as string, added: fields[2] as boolean });
        break;
      case NativeEventKind.DevicesChanged:
        this.emit('audioDevicesChanged', { inputs: fields[0] as never, outputs: fields[1] as never });
        break;
      case NativeEventKind.NoAudioInput:
        this.emit('noAudioInput', { inputDetected: fields[0] as boolean });
        break;
      case NativeEventKind.VoiceSettingsUpdated:
        this.emit('voiceSettingsUpdated', toVoiceSettings(fields[0] as never));
        break;
      case NativeEventKind.ActivityInviteCreated:
      case NativeEventKind.ActivityInviteUpdated:
        this.emit(kind === NativeEventKind.ActivityInviteCreated ? 'activityInviteCreated' : 'activityInviteUpdated',
          toInvite(fields[0] as NativeActivityInvite));
        break;
      case NativeEventKind.ActivityJoin:
        this.emit('activityJoin', { joinSecret: fields[0] as string, applicationId: null });
        break;
      case NativeEventKind.ActivityJoinWithApplication:
        this.emit('activityJoin', { joinSecret: fields[1] as string, applicationId: fields[0] as string });
        break;
      case NativeEventKind.RelationshipCreated: {
        // The relationship snapshot costs a native read: only when someone listens.
        if (this.listenerCount('relationshipCreated') === 0) break;
        const userId = fields[0] as string;
        const r = this.#native?.getRelationship(BigInt(userId)) ?? null;
        this.emit('relationshipCreated', {
          userId, kind: fields[1] ? 'platform' : 'game', relationship: r && toRelationship(this.#core, r),
        });
        break;
      }
      case NativeEventKind.RelationshipDeleted:
        this.emit('relationshipDeleted', { userId: fields[0] as string, kind: fields[1] ? 'platform' : 'game' });
        break;
      case NativeEventKind.RelationshipGroupsUpdated:
        this.emit('relationshipGroupsUpdated', { userId: fields[0] as string });
        break;
    }
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
      detail: event.error === 'none' ? 'disconnected before ready' : `disconnected (${event.error}, detail ${event.errorDetail})`,
      code: event.errorDetail,
      retryable: connectionRetryable(event),
    });
  }

  // A throwing listener must not stop the pump or the other events of the batch. With an
  // 'error' listener it gets the exception; otherwise it surfaces as an uncaught exception, the
  // way a throwing EventEmitter listener does anywhere else in Node.
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
