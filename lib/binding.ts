// The typed shape of the native binding (native/runtime/addon.cc and the classes it exports): what
// lib/addon-loader.ts loads. test/binding.test.ts checks that the members of NativeBinding,
// NativeClient, NativeSimulator and NativeAuthorizationArgs are exactly what the addon exports.
import type {
  NativeActivityInvite, NativeApplicationProfile, NativeCallState, NativeCallVoiceState, NativeChannel, NativeRelationship, NativeUser, NativeUserDetails,
  NativeVoiceSettings, StringMap,
} from './boundary';

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

export interface NativeClient {
  close(): void;
  connect(): void;
  disconnect(): void;
  setApplicationId(id: bigint): void;
  setHttpRequestTimeout(ms: number): void;
  addLogCallback(minSeverity: number): void;
  addVoiceLogCallback(minSeverity: number): void;
  /** false: the SDK refused the folder. */
  setLogDir(path: string, minSeverity: number): boolean;
  setVoiceLogDir(path: string, minSeverity: number): void;
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
  getLobby(lobbyId: bigint): NativeTape | null;
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
  getMessage(messageId: bigint): NativeTape | null;
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
  callVoiceState(channelId: bigint, userId: bigint): NativeCallVoiceState | null;
  setCallSelfMute(channelId: bigint, mute: boolean): void;
  setCallSelfDeaf(channelId: bigint, deaf: boolean): void;
  setCallPttActive(channelId: bigint, active: boolean): void;
  /** mode: 1 voice activity, 2 push to talk (the SDK's AudioModeType). */
  setCallAudioMode(channelId: bigint, mode: number): void;
  setCallPttReleaseDelay(channelId: bigint, ms: number): void;
  setCallVadThreshold(channelId: bigint, automatic: boolean, threshold: number): void;
  setCallLocalMute(channelId: bigint, userId: bigint, mute: boolean): void;
  setCallParticipantVolume(channelId: bigint, userId: bigint, volume: number): void;
  getCallLocalMute(channelId: bigint, userId: bigint): boolean;
  getCallParticipantVolume(channelId: bigint, userId: bigint): number;
  setAudioReceivedMuted(channelId: bigint, userId: bigint, muted: boolean): void;
  /** userId 0n: the captured (local) audio. */
  setAudioGain(channelId: bigint, userId: bigint, gain: number): void;
  audioHandle(channelId: bigint): NativeAudioHandle | null;
  /** Delivers the queued frames to the call's audio callbacks; false once the call's audio stopped. */
  audioDrain(handle: NativeAudioHandle): boolean;
  audioStats(handle: NativeAudioHandle): NativeAudioStats;
  voiceGet(): { inputVolume: number; outputVolume: number; selfMuteAll: boolean; selfDeafAll: boolean };
  setInputVolume(volume: number): void;
  setOutputVolume(volume: number): void;
  setSelfMuteAll(mute: boolean): void;
  setSelfDeafAll(deaf: boolean): void;
  setEchoCancellation(on: boolean): void;
  setNoiseSuppression(on: boolean): void;
  setNoiseCancellation(on: boolean): void;
  setAutomaticGainControl(on: boolean): void;
  setAecDump(on: boolean): void;
  setEngineManagedAudioSession(on: boolean): void;
  setOpusHardwareCoding(encode: boolean, decode: boolean): void;
  setNoAudioInputThreshold(dBFS: number): void;
  getInputDevices(opId: number): void;
  getOutputDevices(opId: number): void;
  getCurrentInputDevice(opId: number): void;
  getCurrentOutputDevice(opId: number): void;
  setInputDevice(opId: number, deviceId: string): void;
  setOutputDevice(opId: number, deviceId: string): void;
  /** false: the library lacks 1.10.19337's voice settings (nothing started); else completes with PlatformVoiceSettings. */
  getPlatformVoiceSettings(opId: number): boolean;
  setThreadPriority(thread: number, priority: number): void;
  getUserDetails(userId: bigint): NativeUserDetails | null;
  getUserApplicationProfiles(): NativeApplicationProfile[];
  updateRichPresence(opId: number, activity: NativeActivityInput): void;
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
  getRelationships(group: number): NativeTape;
  getRelationship(userId: bigint): NativeRelationship | null;
  searchFriendsByUsername(search: string): NativeTape;
  acceptPlatformFriendRequest(opId: number, userId: bigint): void;
  acceptGameFriendRequest(opId: number, userId: bigint): void;
  rejectPlatformFriendRequest(opId: number, userId: bigint): void;
  rejectGameFriendRequest(opId: number, userId: bigint): void;
  cancelPlatformFriendRequest(opId: number, userId: bigint): void;
  cancelGameFriendRequest(opId: number, userId: bigint): void;
  removePlatformAndGameFriend(opId: number, userId: bigint): void;
  removeGameFriend(opId: number, userId: bigint): void;
  sendPlatformFriendRequestById(opId: number, userId: bigint): void;
  sendGameFriendRequestById(opId: number, userId: bigint): void;
  blockUser(opId: number, userId: bigint): void;
  unblockUser(opId: number, userId: bigint): void;
  sendPlatformFriendRequest(opId: number, username: string): void;
  sendGameFriendRequest(opId: number, username: string): void;
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
