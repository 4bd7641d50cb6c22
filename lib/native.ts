// Loading the addon and the SDK library, and the typed shape of the native binding.
// The addon is found with node-gyp-build from the package root (prebuilds/<platform>-<arch>/ or
// build/Release); the SDK library is loaded once per process on first use.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NativeActivityInvite, NativeMessage, NativeUser, NativeVoiceSettings, StringMap } from './boundary';

// The records that cross the event tape are declared in native/boundary.schema (lib/boundary.ts).
export type {
  NativeActivityInvite, NativeDevice, NativeGuildChannel, NativeMessage, NativeUser, NativeVoiceSettings, StringMap,
} from './boundary';

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

export interface NativeCallState {
  channelId: string;
  guildId: string | null;
  status: number;
  participants: string[];
  audioMode: number;
  pttActive: boolean;
  pttReleaseDelayMs: number;
  selfMute: boolean;
  selfDeaf: boolean;
  vadThreshold: { automatic: boolean; threshold: number };
}

/** A failed ClientResult as captured natively (successful results arrive as null). */
export interface NativeResult {
  type: number;
  error: string;
  code: number;
  status: number;
  responseBody: string;
  retryable: boolean;
  retryAfterMs: number;
}

/** The events of one pump tick, as a tape (lib/tape.ts, native/event_tape.h). */
export type NativeEventsHandler = (nums: Float64Array, text: string, dropped: number) => void;

export interface NativeLobbyMember {
  id: string;
  connected: boolean;
  canLinkLobby: boolean;
  metadata: StringMap;
  user: NativeUser | null;
}

export interface NativeLobby {
  id: string;
  metadata: StringMap;
  members: NativeLobbyMember[];
  linkedChannel: { id: string; name: string; guildId: string } | null;
  callInfo: { channelId: string; guildId: string | null; participants: Array<{ userId: string; selfMute: boolean; selfDeaf: boolean }> } | null;
}

export interface NativeChannel {
  id: string;
  name: string;
  recipients: string[];
  type: number;
}

export interface NativeSdkInfo {
  kind: 'simulator' | 'vendor';
  path: string;
  version: { major: number; minor: number; patch: number; hash: string };
  missingOptional: string[];
  runtimeLibraries: string[];
  runtimeErrors: string[];
}

/** An Activity as plain data (ids as decimal strings, enums as SDK numbers); unset fields absent. */
export interface NativeActivity {
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

export interface NativeRelationship {
  id: string;
  platformType: number;
  gameType: number;
  isSpamRequest: boolean;
  user: NativeUser | null;
}

export interface NativeApplicationProfile {
  providerType: number;
  providerId: string | null;
  providerIssuedUserId: string;
  username: string;
  avatarHash: string;
  metadata: string;
}

/** What a User snapshot reads lazily: presence, relationship and application profiles. */
export interface NativeUserDetails {
  activity: NativeActivity | null;
  relationship: { platformType: number; gameType: number; isSpamRequest: boolean };
  applicationProfiles: NativeApplicationProfile[];
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

export interface NativeClient {
  close(): void;
  connect(): void;
  disconnect(): void;
  setApplicationId(id: bigint): void;
  setHttpRequestTimeout(ms: number): void;
  addLogCallback(minSeverity: number, voice: boolean): void;
  setLogDir(path: string, minSeverity: number, voice: boolean): boolean;
  setGameWindowPid(pid: number): void;
  createAuthorizationCodeVerifier(): { verifier: string; challenge: string; method: number } | null;
  authorize(opId: number, args: NativeAuthorizationArgs): void;
  abortAuthorize(): void;
  getToken(opId: number, applicationId: bigint, code: string, verifier: string, redirectUri: string): void;
  getTokenFromProvisionalMerge(opId: number, applicationId: bigint, code: string, verifier: string, redirectUri: string,
    externalAuthType: number, externalAuthToken: string): void;
  getProvisionalToken(opId: number, applicationId: bigint, externalAuthType: number, externalAuthToken: string): void;
  getTokenFromDevice(opId: number, clientId: bigint, scopes: string, externalAuthType?: number, externalAuthToken?: string): void;
  abortGetTokenFromDevice(): void;
  openAuthorizeDeviceScreen(clientId: bigint, userCode: string): void;
  closeAuthorizeDeviceScreen(): void;
  refreshToken(opId: number, applicationId: bigint, refreshToken: string): void;
  revokeToken(opId: number, applicationId: bigint, token: string): void;
  updateToken(opId: number, tokenType: number, token: string): void;
  exchangeChildToken(opId: number, parentToken: string, childApplicationId: bigint): void;
  fetchCurrentUser(opId: number, tokenType: number, token: string): void;
  unmergeIntoProvisionalAccount(opId: number, applicationId: bigint, externalAuthType: number, externalAuthToken: string): void;
  updateProvisionalAccountDisplayName(opId: number, name: string): void;
  provisionalUserMergeCompleted(success: boolean): void;
  isAuthenticated(): boolean;
  setAuthorizeRequestHandler(enabled: boolean): void;
  getCurrentUser(): NativeUser | null;
  getUser(id: bigint): NativeUser | null;
  getUserAvatarUrl(id: bigint, animatedType: number, staticType: number): string | null;
  createOrJoinLobby(opId: number, secret: string, lobbyMetadata?: StringMap, memberMetadata?: StringMap): void;
  leaveLobby(opId: number, lobbyId: bigint): void;
  getLobby(lobbyId: bigint): NativeLobby | null;
  getLobbyIds(): string[];
  getUserGuilds(opId: number): void;
  getGuildChannels(opId: number, guildId: bigint): void;
  linkChannelToLobby(opId: number, lobbyId: bigint, channelId: bigint): void;
  unlinkChannelFromLobby(opId: number, lobbyId: bigint): void;
  joinLinkedLobbyGuild(opId: number, lobbyId: bigint): void;
  sendLobbyMessage(opId: number, lobbyId: bigint, content: string, metadata?: StringMap): void;
  sendUserMessage(opId: number, recipientId: bigint, content: string, metadata?: StringMap): void;
  editUserMessage(opId: number, recipientId: bigint, messageId: bigint, content: string): void;
  deleteUserMessage(opId: number, recipientId: bigint, messageId: bigint): void;
  getMessage(messageId: bigint): NativeMessage | null;
  getChannel(channelId: bigint): NativeChannel | null;
  getLobbyMessages(opId: number, lobbyId: bigint, limit: number): void;
  getUserMessages(opId: number, recipientId: bigint, limit: number): void;
  getUserMessageSummaries(opId: number): void;
  setShowingChat(showing: boolean): void;
  canOpenMessageInPlatform(messageId: bigint): boolean;
  openMessageInPlatform(opId: number, messageId: bigint): void;
  startCall(lobbyId: bigint, onReceived?: (f: NativeAudioFrame) => void, onCaptured?: (f: NativeAudioFrame) => void,
    onDropped?: (count: number) => void): string | null;
  getCallIds(): string[];
  endCall(opId: number, channelId: bigint): void;
  endCalls(opId: number): void;
  callState(channelId: bigint): NativeCallState;
  callVoiceState(channelId: bigint, userId: bigint): { selfMute: boolean; selfDeaf: boolean } | null;
  callSet(channelId: bigint, property: string, ...values: Array<boolean | number | bigint>): void;
  callGetUser(channelId: bigint, property: 'localMute' | 'participantVolume', userId: bigint): boolean | number;
  audioSet(channelId: bigint, property: 'muted' | 'gain', userId: bigint, value: boolean | number): void;
  audioHandle(channelId: bigint): NativeAudioHandle | null;
  /** Delivers the queued frames to the call's audio callbacks; false once the call's audio stopped. */
  audioDrain(handle: NativeAudioHandle): boolean;
  audioStats(handle: NativeAudioHandle): NativeAudioStats;
  voiceGet(): { inputVolume: number; outputVolume: number; selfMuteAll: boolean; selfDeafAll: boolean };
  voiceSet(property: string, ...values: Array<boolean | number>): void;
  devices(opId: number, which: 'input' | 'output' | 'currentInput' | 'currentOutput'): void;
  setDevice(opId: number, which: 'input' | 'output', deviceId: string): void;
  platformVoiceSettings(): NativeVoiceSettings | null;
  setThreadPriority(thread: number, priority: number): void;
  getUserDetails(userId: bigint): NativeUserDetails | null;
  getUserApplicationProfiles(): NativeApplicationProfile[];
  updateRichPresence(opId: number, activity: NativeActivity): void;
  clearRichPresence(): void;
  setOnlineStatus(opId: number, status: number): void;
  sendActivityInvite(opId: number, userId: bigint, content: string): void;
  sendActivityJoinRequest(opId: number, userId: bigint): void;
  sendActivityJoinRequestReply(opId: number, invite: NativeActivityInvite): void;
  acceptActivityInvite(opId: number, invite: NativeActivityInvite): void;
  registerLaunchCommand(applicationId: bigint, command: string): boolean;
  registerLaunchSteamApplication(applicationId: bigint, steamAppId: number): boolean;
  isPlatformAppInstalled(opId: number): void;
  getPlatformClientConnectedUser(opId: number, applicationId: bigint): void;
  openConnectedGamesSettingsInPlatform(opId: number): void;
  getRelationships(group: number): NativeRelationship[];
  getRelationship(userId: bigint): NativeRelationship | null;
  searchFriendsByUsername(search: string): NativeUser[];
  /** action: see RELATIONSHIP_ACTIONS in lib/relationships.ts */
  relationshipAction(opId: number, action: number, userId: bigint): void;
  sendFriendRequestByName(opId: number, game: boolean, username: string): void;
}

export interface NativeSimulator {
  reset(): void;
  /** The world as a fixture (JSON text, lib/fixtures.ts); `withGrants`: with token digests. */
  worldSave(withGrants: boolean): string;
  /** true, or the simulator's reason ("400: <field>: <why>"); nothing changed then. */
  worldLoad(json: string): true | string;
  /** What the simulator console shows (JSON text, no secrets). */
  worldView(): string;
  /** Benchmark controls: `count` callbacks queued due now; → the number queued. */
  benchFloodMemberUpdates(lobbyId: bigint, memberId: bigint, count: number): number;
  benchFloodLobbyMessages(authorId: bigint, lobbyId: bigint, count: number, content: string): number;
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
  voiceCall(userId: bigint, lobbyId: bigint, join: boolean): void;
  voiceSpeak(userId: bigint, lobbyId: bigint, durationMs: number, frequencyHz: number): void;
  voicePlayoutLevel(listenerId: bigint, speakerId: bigint): number;
  audioDevice(id: string, name: string, input: boolean, isDefault: boolean, add: boolean): void;
  setMicrophoneLevel(dBFS: number): void;
  setPlatformVoiceSettings(settings: Partial<Omit<NativeVoiceSettings, 'inputMode'> & { inputMode: 'vad' | 'ptt' }>): void;
  updateUserProfile(userId: bigint, globalName: string | null | undefined, avatarHash: string | null | undefined): void;
  setUserStatus(userId: bigint, status: number): void;
  setUserPresence(userId: bigint, applicationId: bigint, activity: NativeActivity | null): void;
  acceptInviteElsewhere(userId: bigint, invite: NativeActivityInvite): number;
  setPlatformAppInstalled(installed: boolean): void;
  getLaunchRegistration(applicationId: bigint): { command: string; steamAppId: number } | null;
  befriend(a: bigint, b: bigint, game: boolean, applicationId: bigint): void;
  sendFriendRequestAs(from: bigint, to: bigint, game: boolean, applicationId: bigint, spam: boolean): void;
  removeRelationships(a: bigint, b: bigint): void;
  setUserApplicationProfile(userId: bigint, applicationId: bigint, profile: NativeApplicationProfile): void;
}

export interface NativeSimMessageOptions {
  applicationId?: bigint;
  metadata?: StringMap;
  additionalContent?: { type: number; title?: string; count?: number };
  sentFromPlatformClient?: boolean;
}

export interface NativeBinding {
  load(options: { sdkPath?: string; envPath?: string; symbolPrefix?: string; ignoreSymbols?: string }): NativeSdkInfo;
  sdkInfo(): NativeSdkInfo | null;
  /** Runs SDK callbacks and dispatches; returns the number of events delivered or dropped. */
  pump(): number;
  defaultScopes(): { communication: string; presence: string };
  defaultAudioDeviceId(): string;
  NativeClient: new (options: NativeClientOptions, onEvents: NativeEventsHandler) => NativeClient;
  AuthorizationArgs: new () => NativeAuthorizationArgs;
  sim: NativeSimulator;
}

/** The package root: the nearest folder upwards that holds our package.json. */
function packageRoot(): string {
  let dir = __dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if ((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'platform-social-sdk') return dir;
      } catch {
        // unreadable manifest: keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('platform-social-sdk: cannot find the package root above ' + __dirname);
    dir = parent;
  }
}

let binding: NativeBinding | undefined;

/** The addon (loaded on first use, so that importing the package costs nothing). */
export function addon(): NativeBinding {
  if (binding) return binding;
  const root = packageRoot();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = require('node-gyp-build') as (dir: string) => unknown;
  try {
    binding = load(root) as NativeBinding;
  } catch (cause) {
    const where = `${process.platform}-${process.arch}`;
    throw new Error(
      `platform-social-sdk: no native addon for ${where} (Node-API 8) was found in ${path.join(root, 'prebuilds', where)} ` +
        `or ${path.join(root, 'build', 'Release')}. Build it from source with \`npm rebuild platform-social-sdk --build-from-source\` (needs cmake >= 3.20 and a C++20 compiler).`,
      { cause },
    );
  }
  return binding;
}

/** A library installed with `npx platform-social-sdk install-sdk` (scripts/install-sdk.mjs). */
export interface InstalledSdk {
  library: string;
  symbolPrefix: string;
  manifest: string;
}

/** The folder install-sdk writes to below an application root, for this platform and arch. */
export function installedSdkFolder(appRoot: string): string {
  return path.join(appRoot, 'platform-sdk', `${process.platform}-${process.arch}`);
}

/**
 * The SDK installed for this platform/arch in the nearest `platform-sdk/` folder at or above
 * the working directory (install-sdk's default destination is the application root), or null.
 */
export function findInstalledSdk(from = process.cwd()): InstalledSdk | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(installedSdkFolder(dir), 'sdk.json');
    if (fs.existsSync(manifest)) {
      let parsed: { library?: unknown; symbolPrefix?: unknown };
      try {
        parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as typeof parsed;
      } catch (cause) {
        throw new Error(`platform-social-sdk: cannot read the installed SDK manifest ${manifest}; run install-sdk again`, { cause });
      }
      if (!isInstalledLibraryName(parsed.library)) {
        throw new Error(`platform-social-sdk: the installed SDK manifest ${manifest} names no library file; run install-sdk again`);
      }
      return {
        // Inside a packaged Electron app the folder is in app.asar, from which no native library
        // can load: electron-builder/Forge put unpacked files in app.asar.unpacked.
        library: path.join(path.dirname(manifest), ...parsed.library.split('/')).replace(/app\.asar(?=[\\/])/, 'app.asar.unpacked'),
        symbolPrefix: typeof parsed.symbolPrefix === 'string' ? parsed.symbolPrefix : '',
        manifest,
      };
    }
    if (path.dirname(dir) === dir) return null;
  }
}

// What sdk.json may name: a file in its folder, or (a macOS framework's binary) a '/'-separated
// path below it; never absolute, never climbing out.
function isInstalledLibraryName(library: unknown): library is string {
  return typeof library === 'string' && library !== '' && !library.includes('\\') && !library.startsWith('/') &&
    !/^[A-Za-z]:/.test(library) && !library.split('/').some((part) => part === '..' || part === '.' || part === '');
}

// The symbolPrefix of an sdk.json that describes `library`: beside it, or (the binary inside an
// installed framework, X.framework/Versions/A/X) up to three folders above it.
function manifestPrefix(library: string): string | undefined {
  let dir = path.dirname(path.resolve(library));
  for (let up = 0; up < 4; up++, dir = path.dirname(dir)) {
    try {
      const m = JSON.parse(fs.readFileSync(path.join(dir, 'sdk.json'), 'utf8')) as { library?: unknown; symbolPrefix?: unknown };
      const names = isInstalledLibraryName(m.library) && path.join(dir, ...m.library.split('/')) === path.resolve(library);
      return names && typeof m.symbolPrefix === 'string' && m.symbolPrefix ? m.symbolPrefix : undefined;
    } catch {
      // no (readable) sdk.json here: look one folder up
    }
  }
  return undefined;
}

/** `sdkPath: 'simulator'` / `PLATFORM_SDK_PATH=simulator`: always the bundled simulator. */
export const SIMULATOR = 'simulator';

/**
 * Loads the SDK library once per process. The first of: the `sdkPath` option, PLATFORM_SDK_PATH,
 * an SDK installed with install-sdk (findInstalledSdk), the bundled simulator. 'simulator' in
 * either of the first two picks the simulator directly.
 */
export function loadSdk(sdkPath?: string): NativeSdkInfo {
  const b = addon();
  const env = process.env['PLATFORM_SDK_PATH'] || undefined;
  const forceSimulator = sdkPath === SIMULATOR || (sdkPath === undefined && env === SIMULATOR);
  const explicit = forceSimulator ? undefined : sdkPath;
  let envPath = forceSimulator ? undefined : env;
  let symbolPrefix = process.env['PLATFORM_SDK_SYMBOL_PREFIX'] || undefined;
  let installed: InstalledSdk | null = null;
  // A library install-sdk wrote knows its vendor prefix (sdk.json beside it), however it is named.
  const loaded = b.sdkInfo() !== null;
  const chosen = explicit ?? envPath;
  if (!loaded && chosen !== undefined && symbolPrefix === undefined) symbolPrefix = manifestPrefix(chosen);
  if (!forceSimulator && explicit === undefined && envPath === undefined && !loaded) {
    installed = findInstalledSdk();
    if (installed) {
      envPath = installed.library;
      symbolPrefix ??= installed.symbolPrefix || undefined;
    }
  }
  try {
    return b.load({ sdkPath: explicit, envPath, symbolPrefix, ignoreSymbols: process.env['PLATFORM_SDK_IGNORE_SYMBOLS'] || undefined });
  } catch (err) {
    throw diagnose(err, { explicit, env, installed, forceSimulator });
  }
}

// Says where the library was looked for, in which order, and what to do about it.
function diagnose(err: unknown, how: { explicit?: string; env?: string; installed: InstalledSdk | null; forceSimulator: boolean }): Error {
  const message = err instanceof Error ? err.message : String(err);
  if (/already loaded/.test(message)) return err instanceof Error ? err : new Error(message);
  const source = how.forceSimulator ? "the bundled simulator ('simulator' was asked for)"
    : how.explicit !== undefined ? `the sdkPath option (${how.explicit})`
    : how.env !== undefined ? `PLATFORM_SDK_PATH (${how.env})`
    : how.installed ? `the SDK installed with install-sdk (${how.installed.manifest})`
    : 'the bundled simulator (no sdkPath, no PLATFORM_SDK_PATH, no platform-sdk/ folder found from ' + process.cwd() + ')';
  const fix = /lacks/.test(message)
    ? 'Point sdkPath at the SDK library itself (not another .so/.dll), set PLATFORM_SDK_SYMBOL_PREFIX if the vendor uses another symbol prefix, or reinstall it with `npx platform-social-sdk install-sdk <sdk.zip>`.'
    : 'Pass { sdkPath } or set PLATFORM_SDK_PATH to the vendor library for ' + `${process.platform}-${process.arch}` +
      ', install it with `npx platform-social-sdk install-sdk <sdk.zip>`, or use sdkPath: \'simulator\'.';
  return new Error(`platform-social-sdk (${process.platform}-${process.arch}): ${message}\n  loading: ${source}\n  fix: ${fix}`, { cause: err });
}
