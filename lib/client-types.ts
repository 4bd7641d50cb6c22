// The types of a Client's options and events (what `new Client(options)` takes and what
// `client.on(event, listener)` hands over); the Client itself is in client.ts.
import type { AudioSystem, ClientErrorName, ClientStatus, LogLevel } from './enums';
import type { LobbyEvent, LobbyMemberEvent } from './lobbies';
import type { Message } from './messages';
import type { PresenceEvents } from './presence';
import type { RelationshipEvents } from './relationships';
import type { SessionEndedEvent } from './session/session';
import type { User } from './users';
import type { VoiceEvents } from './voice';

export type { LobbyEvent, LobbyMemberEvent } from './lobbies';

/** Options of `new Client(options)`; all optional. */
export interface ClientOptions {
  /** Default application id (AuthorizationArgs.ClientId and token calls default to it). */
  applicationId?: string | bigint;
  /**
   * Path of the vendor SDK library; else PLATFORM_SDK_PATH; else one installed with
   * `npx platform-social-sdk install-sdk`; else the bundled simulator. 'simulator' always picks
   * the simulator.
   */
  sdkPath?: string;
  /**
   * Load an SDK library of another major version than the ones this package was tested with
   * (default false: such a library is refused, since its C ABI may differ; `sdkInfo()` says which
   * version was loaded). Check it first with `npx platform-social-sdk check-sdk <path>`.
   */
  allowUntestedSdk?: boolean;
  /** The platform's API base URL (default: the SDK's own). */
  apiBase?: string;
  /** The platform's web base URL for consent pages (default: the SDK's own). */
  webBase?: string;
  /** SDK HTTP request timeout (default 30000). */
  httpTimeoutMs?: number;
  /** Minimum severity of `log` events (default 'warning'). */
  logLevel?: LogLevel;
  /** Minimum severity of `voiceLog` events (default 'warning'). */
  voiceLogLevel?: LogLevel;
  /** A folder the SDK writes its log files to (at `logLevel`). */
  logDir?: string;
  /** A folder the SDK writes its voice log files to (at `voiceLogLevel`). */
  voiceLogDir?: string;
  /** The CPUs the SDK's threads may run on, as a bit mask. */
  cpuAffinityMask?: bigint;
  /** `game` when the game engine owns the audio device (default `standard`). */
  audioSystem?: AudioSystem;
  /** Android: keep Bluetooth headsets out of communication mode. */
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


/** A change of the client's connection status (the `status` event). */
export interface StatusEvent {
  status: ClientStatus;
  error: ClientErrorName;
  errorDetail: number;
}

/** One SDK log line at or above the client's `logLevel` (the `log` and `voiceLog` events); tokens are redacted. */
export interface LogEvent {
  message: string;
  severity: Exclude<LogLevel, 'none'>;
}

/**
 * The platform waits for the user: `auth.authorize()` / `auth.login()` opened the consent screen,
 * or `auth.getTokenFromDevice()` waits for the code to be entered on another device.
 */
export interface ConsentPendingEvent {
  /** 'authorize' (the consent screen) or 'device' (the device flow). */
  flow: 'authorize' | 'device';
  /** The application the user is asked to authorize. */
  applicationId: string;
  /** The scopes asked for. */
  scopes: string;
  /**
   * True when the bundled simulator plays the platform: nobody sees a consent screen there, so
   * answer it yourself with `Simulator.attach().auth.setConsent(userId)` (platform-social-sdk/testing).
   */
  simulator: boolean;
  /** One sentence for a log or a status line: what the platform waits for, and what answers it. */
  message: string;
}


/** Every event of a {@link Client}, with its listener's arguments. */
export type ClientEvents = {
  /** The connection status changed (connecting → connected → ready, or disconnected with why). */
  status: [StatusEvent];
  /**
   * The platform now waits for the user to answer its consent screen (or the device flow's code);
   * the pending `authorize()` / `login()` / `getTokenFromDevice()` resolves once they do. With
   * nobody listening, a process warning says so after 5 s.
   *
   * @example
   * client.on('consentPending', ({ message }) => statusLine.textContent = message);
   */
  consentPending: [ConsentPendingEvent];
  /** An SDK log line at or above `logLevel` (tokens redacted). */
  log: [LogEvent];
  /** A voice engine log line at or above `voiceLogLevel`. */
  voiceLog: [LogEvent];
  /** The token expires soon: refresh it (auth.refreshToken) and hand the new one to auth.updateToken. */
  tokenExpiration: [];
  /** The persistent session (auth.startSession) ended; on 'invalidGrant' the store was cleared. */
  sessionEnded: [SessionEndedEvent];
  /** The session could not save, load or renew (it retries renewals and goes on). */
  sessionError: [Error];
  /** A user the SDK knows changed (name, avatar, status, activity). */
  userUpdated: [User];
  /** The device-flow screen (openAuthorizeDeviceScreen) was closed. */
  authorizeDeviceScreenClosed: [];
  /**
   * You joined a lobby (or the backend added you). `lobby` is a snapshot read from the SDK on
   * first access (events nobody reads cost no SDK read).
   */
  lobbyCreated: [LobbyEvent];
  /** A lobby you are in changed (metadata, linked channel, …). */
  lobbyUpdated: [LobbyEvent];
  /** You left, were removed, or the lobby was deleted. */
  lobbyDeleted: [{ lobbyId: string }];
  /** Another user joined one of your lobbies (not sent for yourself: see lobbyCreated). */
  lobbyMemberAdded: [LobbyMemberEvent];
  /** A member of one of your lobbies changed (metadata, character name, …). */
  lobbyMemberUpdated: [LobbyMemberEvent];
  /** A member left or was removed from one of your lobbies. */
  lobbyMemberRemoved: [{ lobbyId: string; memberId: string }];
  /** A message arrived (lobby or direct), complete and in order. */
  messageCreated: [Message];
  /** A message was edited. */
  messageUpdated: [Message];
  /** A message was deleted. */
  messageDeleted: [{ messageId: string; channelId: string }];
  /** Someone joined or left a lobby's voice call. */
  voiceParticipantChanged: VoiceEvents['voiceParticipantChanged'];
  /** Audio devices were plugged in or out. */
  audioDevicesChanged: VoiceEvents['audioDevicesChanged'];
  /** The microphone went quiet below setNoAudioInputThreshold, or came back. */
  noAudioInput: VoiceEvents['noAudioInput'];
  /** The desktop client's voice settings changed (SDK 1.10). */
  voiceSettingsUpdated: VoiceEvents['voiceSettingsUpdated'];
  /** An invite or join request arrived (see {@link PresenceEvents}). */
  activityInviteCreated: PresenceEvents['activityInviteCreated'];
  /** An invite changed, e.g. became invalid. */
  activityInviteUpdated: PresenceEvents['activityInviteUpdated'];
  /** The user accepted an invite or joined from the platform client: join with the secret. */
  activityJoin: PresenceEvents['activityJoin'];
  /** A relationship was created or changed type (see {@link RelationshipEvents}). */
  relationshipCreated: RelationshipEvents['relationshipCreated'];
  /** A relationship ended (unfriended, request withdrawn or declined, unblocked). */
  relationshipDeleted: RelationshipEvents['relationshipDeleted'];
  /** A friend moved between groups (started or stopped playing, went online or offline). */
  relationshipGroupsUpdated: RelationshipEvents['relationshipGroupsUpdated'];
  /** An exception thrown by one of this client's event listeners (the pump carries on). */
  error: [Error];
  /**
   * Events dropped because more than `eventQueueLimit` were queued between two pump ticks (count
   * since the last report). Operation results and status changes are never dropped.
   */
  eventsDropped: [number];
};

/** @internal every ClientEvents name, at run time: on()/off() refuse any other (a typo would never fire). */
export const CLIENT_EVENT_NAMES = [
  'status', 'consentPending', 'log', 'voiceLog', 'tokenExpiration', 'sessionEnded', 'sessionError', 'userUpdated',
  'authorizeDeviceScreenClosed', 'lobbyCreated', 'lobbyUpdated', 'lobbyDeleted', 'lobbyMemberAdded', 'lobbyMemberUpdated',
  'lobbyMemberRemoved', 'messageCreated', 'messageUpdated', 'messageDeleted', 'voiceParticipantChanged',
  'audioDevicesChanged', 'noAudioInput', 'voiceSettingsUpdated', 'activityInviteCreated', 'activityInviteUpdated',
  'activityJoin', 'relationshipCreated', 'relationshipDeleted', 'relationshipGroupsUpdated', 'error', 'eventsDropped',
] as const satisfies ReadonlyArray<keyof ClientEvents>;
// Fails to compile when an event is added to ClientEvents but not to the list above.
const clientEventsListed: Exclude<keyof ClientEvents, (typeof CLIENT_EVENT_NAMES)[number]> extends never ? true : false = true;
void clientEventsListed;
