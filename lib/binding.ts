// The typed shape of the native binding (native/runtime/addon.cc and the classes it exports): what
// lib/addon-loader.ts loads. test/binding.test.ts checks that the members of NativeBinding,
// NativeClient, NativeSimulator and NativeAuthorizationArgs are exactly what the addon exports.
import type { NativeActivityInvite, NativeApplicationProfile, NativeVoiceSettings, StringMap } from './boundary';
import type { NativeClient } from './native-client';

// NativeClient's methods are declared in native/boundary/methods.schema (lib/native-client.ts is generated).
export type { NativeClient, OpId } from './native-client';

// The records that cross to JS (in events, completions and getters) are declared in
// native/boundary/boundary.schema (lib/boundary.ts).
export type {
  NativeActivity, NativeActivityInvite, NativeApplicationProfile, NativeCallState, NativeCallVoiceState, NativeChannel, NativeDevice, NativeFriend, NativeGuildChannel, NativeLobby,
  NativeLobbyMember, NativeMessage, NativeRelationship, NativeUser, NativeUserDetails, NativeVoiceSettings, StringMap,
} from './boundary';

/**
 * A getter's list as one tape (native/boundary/event_tape.h ListTapeToJs): a count, then the
 * records; lib/tape.ts readTapeList reads it with a generated reader.
 */
export type NativeTape = [nums: Float64Array, text: TapeTextValue];
/** A tape's text: one string, or its segments (native/boundary/event_tape.h TapeText). */
export type TapeTextValue = string | readonly string[];

export interface NativeAudioFrame {
  userId?: string;
  samples: Int16Array;
  sampleRate: number;
  channels: number;
  samplesPerChannel: number;
}

/** One call's raw-audio figures, as CallAudio.stats() returns them. */
export interface NativeAudioStats {
  receivedFrames: number;
  capturedFrames: number;
  dropped: number;
  callbackP99Us: number;
  callbackMaxUs: number;
}

/** Opaque: the native handle of one call's raw audio (its figures outlive the call and the client). */
export interface NativeAudioHandle { readonly __brand: 'NativeAudioHandle' }

/** The events of one pump tick, as a tape (lib/tape.ts, native/boundary/event_tape.h). */
export type NativeEventsHandler = (nums: Float64Array, text: TapeTextValue, dropped: number) => void;

export interface NativeSdkInfo {
  kind: 'simulator' | 'vendor';
  path: string;
  version: { major: number; minor: number; patch: number; hash: string };
  missingOptional: string[];
  runtimeLibraries: string[];
  runtimeErrors: string[];
}

/** An Activity as plain data (ids as decimal strings, enums as SDK numbers); unset fields absent. */
/** An activity going to native code (lib/activity.ts toNativeActivity): unset fields absent. */
export interface NativeActivityInput {
  type: number;
  name?: string;
  state?: string;
  stateUrl?: string;
  details?: string;
  detailsUrl?: string;
  statusDisplayType?: number;
  applicationId?: string;
  parentApplicationId?: string;
  timestamps?: { start: number; end: number };
  assets?: Partial<Record<'largeImage' | 'largeText' | 'largeUrl' | 'smallImage' | 'smallText' | 'smallUrl' | 'inviteCoverImage', string>>;
  party?: { id: string; currentSize: number; maxSize: number; privacy: number };
  secrets?: { join: string };
  buttons?: Array<{ label: string; url: string }>;
  supportedPlatforms: number;
}

export interface NativeClientOptions {
  apiBase?: string;
  webBase?: string;
  audioSystem?: number;
  cpuAffinityMask?: bigint;
  androidPreventCommsForBluetooth?: boolean;
  eventQueueLimit?: number;
}

export interface NativeAuthorizationArgs {
  clientId: string | bigint;
  scopes: string;
  state: string | null;
  nonce: string | null;
  codeChallenge: { challenge: string; method: number } | null;
  integrationType: number | null;
  customSchemeParam: string | null;
}

// The benchmark's build (PLATFORM_BENCH_HOOKS, build-bench/) adds bench* controls that bench/ calls;
// the shipped addon has none, so they are not declared here (test/simulator-exports.test.ts).
export interface NativeSimulator {
  reset(): void;
  /** The world as a fixture (JSON text, lib/fixtures.ts); `withGrants`: with token digests. */
  worldSave(withGrants: boolean): string;
  /** true, or the simulator's reason ("400: <field>: <why>"); nothing changed then. */
  worldLoad(json: string): true | string;
  /** What the simulator console shows (JSON text, no secrets). */
  worldView(): string;
  createUser(username: string, displayName: string, provisional: boolean): string;
  createApplication(name: string, publisherId: bigint, parentApplicationId: bigint, coverImage: string): { id: string; publisherId: string };
  setConsent(kind: number, userId: bigint): void;
  issueToken(userId: bigint, applicationId: bigint, scopes: string): { accessToken: string; refreshToken: string; expiresIn: number };
  setTokenPrefixes(accessPrefix: string, refreshPrefix: string): void;
  requestAuthorize(): number;
  clockNow(): number;
  clockAdvance(ms: number): void;
  clockSetFrozen(frozen: boolean): void;
  networkSetOnline(online: boolean): void;
  networkIsOnline(): boolean;
  networkSetLatency(ms: number): void;
  networkFailNext(operation: string, status: number, retryAfterMs: number, code: number): void;
  moderationBan(userId: bigint, banned: boolean): void;
  moderationDeauthorize(userId: bigint, applicationId: bigint): void;
  setDebugBuild(debug: boolean): void;
  setLogTokenFilter(enabled: boolean): void;
  emitLog(message: string, severity: number): void;
  liveCallbackCount(): number;
  oauthRecordCounts(): { grants: number; codes: number; logSecrets: number };
  backendCreateLobby(applicationId: bigint, secret: string, metadata: StringMap): string;
  backendUpdateLobbyMembers(lobbyId: bigint, updates: Array<{
    userId: bigint; remove?: boolean; metadata?: StringMap; additionalName?: string | null; canLinkLobby?: boolean;
  }>): void;
  backendSetModerationMetadata(messageId: bigint, metadata: StringMap, lobbyId?: bigint): void;
  backendSendLobbyMessage(authorId: bigint, lobbyId: bigint, content: string, options: NativeSimMessageOptions): string;
  backendSendUserMessage(authorId: bigint, recipientId: bigint, content: string, options: NativeSimMessageOptions): string;
  lobbyExists(lobbyId: bigint): boolean;
  createGuild(name: string): string;
  addGuildMember(guildId: bigint, userId: bigint): void;
  removeGuild(guildId: bigint): boolean;
  createGuildChannel(guildId: bigint, name: string, type: number, position: number, parentId: bigint, linkable: boolean): string;
  acceptGuildInvite(inviteUrl: string, userId: bigint): boolean;
  voiceJoinCall(userId: bigint, lobbyId: bigint): void;
  voiceLeaveCall(userId: bigint, lobbyId: bigint): void;
  voiceSpeak(userId: bigint, lobbyId: bigint, durationMs: number, frequencyHz: number): void;
  voicePlayoutLevel(listenerId: bigint, speakerId: bigint): number;
  addAudioDevice(id: string, name: string, input: boolean, isDefault: boolean): void;
  removeAudioDevice(id: string): void;
  setMicrophoneLevel(dBFS: number): void;
  setPlatformVoiceSettings(settings: Partial<Omit<NativeVoiceSettings, 'inputMode'> & { inputMode: 'vad' | 'ptt' }>): void;
  updateUserProfile(userId: bigint, globalName: string | null | undefined, avatarHash: string | null | undefined): void;
  setUserStatus(userId: bigint, status: number): void;
  setUserPresence(userId: bigint, applicationId: bigint, activity: NativeActivityInput | null): void;
  acceptInviteElsewhere(userId: bigint, invite: NativeActivityInvite): number;
  setPlatformAppInstalled(installed: boolean): void;
  getLaunchRegistration(applicationId: bigint): { command: string; steamAppId: number } | null;
  befriend(a: bigint, b: bigint, game: boolean, applicationId: bigint): void;
  sendFriendRequestAs(from: bigint, to: bigint, game: boolean, applicationId: bigint, spam: boolean): void;
  removeRelationships(a: bigint, b: bigint): void;
  setUserApplicationProfile(userId: bigint, applicationId: bigint, profile: NativeApplicationProfile): void;
  /** Serves this process's world (lib/world-host.ts); returns the PLATFORM_SIM_HOST value, which holds the token. */
  hostStart(host: string, port: number): string;
  hostStop(): void;
  /** The host and its joined processes as JSON text (platform_sim.h PlatformSim_HostPeers); never the token. */
  hostPeers(): string;
  /** 0 when this process's world is its own; else the id the host gave this process. */
  joinedPeerId(): number;
}

export interface NativeSimMessageOptions {
  applicationId?: bigint;
  metadata?: StringMap;
  additionalContent?: { type: number; title?: string; count?: number };
  sentFromPlatformClient?: boolean;
}

export interface NativeBinding {
  /** Loads exactly this library (lib/sdk-discovery.ts chose it); refuses a second, different one. */
  load(options: { path: string; symbolPrefix?: string; ignoreSymbols?: string }): NativeSdkInfo;
  sdkInfo(): NativeSdkInfo | null;
  /** Runs SDK callbacks and dispatches; returns the number of events delivered or dropped. */
  pump(): number;
  defaultScopes(): { communication: string; presence: string };
  defaultAudioDeviceId(): string;
  NativeClient: new (options: NativeClientOptions, onEvents: NativeEventsHandler) => NativeClient;
  AuthorizationArgs: new () => NativeAuthorizationArgs;
  sim: NativeSimulator;
}
