// client.voice and Call: voice calls in lobbies, push-to-talk, raw audio, audio settings and
// devices. Call events are routed here from the client's dispatcher by channel id.
import { EventKind } from './boundary';
import type { ClientCore, EventHandlers } from './core';
import { PlatformError } from './errors';
import { addon, loadSdk } from './addon-loader';
import type {
  NativeAudioHandle, NativeCallState, NativeClient, NativeVoiceSettings, OpId,
} from './binding';
import { listenerCountOf, TypedEmitter } from './typed-emitter';
import { checkBoolean, checkInt, checkOptions, checkNumber, checkString, MAX_DEVICE_ID_CHARS, toId } from './validate';

import { AUDIO_MODE_NAME_BY_VALUE, AUDIO_MODE_NAME_VALUES, CALL_ERROR_BY_VALUE, CALL_STATUS_BY_VALUE, CALL_STATUS_VALUES, type CallError, type CallStatus } from './sdk-enums';

export type { CallError, CallStatus } from './sdk-enums';
/** Voice activity detection (`vad`) or push-to-talk (`ptt`). */
export type AudioMode = 'vad' | 'ptt';

/** 10 ms of PCM: 48 kHz, interleaved int16. `userId` is set for received (remote) audio. */
export interface AudioFrame {
  /** The speaker, on received frames; absent on captured ones. */
  userId?: string;
  /** Interleaved 16-bit PCM (a handler may change it in place). */
  samples: Int16Array;
  /** 48000. */
  sampleRate: number;
  /** 2 (stereo). */
  channels: number;
  /** 480 (10 ms). */
  samplesPerChannel: number;
}

/** Handlers of {@link ClientVoice.startCallWithAudio}; at least one is needed. */
export interface AudioCallbacks {
  /** Remote speakers' audio, after the SDK decoded it (one frame per speaker per 10 ms). */
  onReceived?: (frame: AudioFrame) => void;
  /** The local microphone's audio. */
  onCaptured?: (frame: AudioFrame) => void;
}

/** What a call's raw-audio path did so far: see CallAudio.stats(). */
export interface AudioStats {
  /**
   * Remote frames the SDK's audio thread handed to the addon while the call ran. With an
   * onReceived handler each one is delivered to it, or counted in `dropped`.
   */
  receivedFrames: number;
  /** Microphone frames handed to the addon while the call ran (delivered to onCaptured, or dropped). */
  capturedFrames: number;
  /** Frames of either stream dropped because JS fell behind: the `audioDropped` events' total, plus drops not reported yet. */
  dropped: number;
  /** 99th percentile of the time the SDK's audio thread spent in the addon per frame, in µs (~1 µs resolution below 130 µs). */
  callbackP99Us: number;
  /** The longest time the SDK's audio thread spent in the addon for one frame, in µs. */
  callbackMaxUs: number;
}

/** Every event of a {@link Call}, with its listener's arguments. */
export type CallEvents = {
  /** The call's status changed; `error` and `errorDetail` say why it ended, if it did. */
  status: [{ status: CallStatus; error: CallError; errorDetail: number }];
  /** Someone joined (`added`) or left the call. */
  participantChanged: [{ userId: string; added: boolean }];
  /** Someone started or stopped speaking (you included). */
  speakingChanged: [{ userId: string; speaking: boolean }];
  /** A participant's mute or deafen state changed. */
  voiceStateChanged: [{ userId: string }];
  /** Audio frames dropped because JS fell behind the audio thread (count since the last event). */
  audioDropped: [number];
  /** An exception thrown by one of this call's listeners or audio handlers. */
  error: [Error];
};

/** @internal every CallEvents name, at run time (on()/off() refuse any other). */
export const CALL_EVENT_NAMES = ['status', 'participantChanged', 'speakingChanged', 'voiceStateChanged', 'audioDropped', 'error'] as const satisfies ReadonlyArray<keyof CallEvents>;
// Fails to compile when an event is added to CallEvents but not to the list above.
const callEventsListed: Exclude<keyof CallEvents, (typeof CALL_EVENT_NAMES)[number]> extends never ? true : false = true;
void callEventsListed;

const DECIBELS = { min: -100, max: 0 };
/** What an ended call reads as when it was never read while it ran. */
const FINAL_STATE: NativeCallState = {
  channelId: '', guildId: null, status: CALL_STATUS_VALUES.disconnected, participants: [], audioMode: AUDIO_MODE_NAME_VALUES.vad,
  pttActive: false, pttReleaseDelayMs: 0,
  selfMute: false, selfDeaf: false, vadThreshold: { automatic: true, threshold: -60 },
};

// The addon's error for a call the SDK no longer has (ended, or its client disconnected).
function isNoCall(err: unknown): boolean {
  return err instanceof Error && err.name === 'Error' && /^no call in channel \d+$/.test(err.message);
}
/** How often queued audio frames are handed to the JS callbacks: at most this much added latency. */
const AUDIO_DRAIN_MS = 5;

/** A voice call you are in (see {@link ClientVoice.startCall}); its events are the call's own. */
export class Call extends TypedEmitter<CallEvents> {
  readonly channelId: string;
  readonly #core: ClientCore;
  readonly #id: bigint;
  readonly audio: CallAudio | null;

  /** @internal created by the client, not by you */
  constructor(core: ClientCore, channelId: string, withAudio: boolean) {
    super(CALL_EVENT_NAMES, 'a Call');
    this.#core = core;
    this.channelId = channelId;
    this.#id = BigInt(channelId);
    this.audio = withAudio ? new CallAudio(core, this.#id, () => this.#hasEnded()) : null;
  }

  #state(): NativeCallState {
    if (!this.#ended) {
      try {
        const s = this.#core.native.callState(this.#id);
        this.#last = s;
        return s;
      } catch (err) {
        // Gone on the SDK's side before its last status reached us: the call has ended.
        if (!isNoCall(err)) throw err;
        this.#ended = true;
      }
    }
    // An ended call reads as its final state: disconnected, nobody in it, its last settings.
    return { ...(this.#last ?? FINAL_STATE), channelId: this.channelId, status: 0, participants: [] };
  }
  /** The native client for a change to this call; an ended call refuses every change. */
  #live(operation: string): NativeClient {
    if (!this.#ended) {
      try {
        this.#core.native.callState(this.#id);
        return this.#core.native;
      } catch (err) {
        if (!isNoCall(err)) throw err;
        this.#ended = true;
      }
    }
    throw new PlatformError({ type: 'validationError', operation, detail: `the call has ended (channel ${this.channelId})` });
  }
  /** The server of a linked channel's call, or null. */
  get guildId(): string | null { return this.#state().guildId; }
  /** The call's connection status. */
  get status(): CallStatus { return CALL_STATUS_BY_VALUE[this.#state().status] ?? 'disconnected'; }
  /** The user ids in the call. */
  get participants(): string[] { return this.#state().participants; }
  /** Voice activity (`vad`) or push-to-talk (`ptt`). */
  get audioMode(): AudioMode { return AUDIO_MODE_NAME_BY_VALUE[this.#state().audioMode] === 'ptt' ? 'ptt' : 'vad'; }
  /** Switches between voice activity and push-to-talk. */
  set audioMode(mode: AudioMode) {
    if (mode !== 'vad' && mode !== 'ptt') throw new TypeError("audioMode must be 'vad' or 'ptt'");
    this.#live('call.audioMode').setCallAudioMode(this.#id, AUDIO_MODE_NAME_VALUES[mode]);
  }
  /** Whether the push-to-talk key is held (set it from your key handler). */
  get pttActive(): boolean { return this.#state().pttActive; }
  /** Hold (true) or release (false) the push-to-talk key. */
  set pttActive(active: boolean) {
    const value = checkBoolean(active, 'pttActive');
    this.#live('call.pttActive').setCallPttActive(this.#id, value);
  }
  /** How long the voice carries on after the key is released, in ms. */
  get pttReleaseDelayMs(): number { return this.#state().pttReleaseDelayMs; }
  /** Sets the release delay, in ms. */
  set pttReleaseDelayMs(ms: number) {
    const value = checkInt(ms, 'pttReleaseDelayMs', 0, 2 ** 32 - 1);
    this.#live('call.pttReleaseDelayMs').setCallPttReleaseDelay(this.#id, value);
  }
  /** Whether you are muted in this call. */
  get selfMute(): boolean { return this.#state().selfMute; }
  /** Mutes or unmutes you in this call. */
  set selfMute(mute: boolean) {
    const value = checkBoolean(mute, 'selfMute');
    this.#live('call.selfMute').setCallSelfMute(this.#id, value);
  }
  /** Whether you are deafened in this call. */
  get selfDeaf(): boolean { return this.#state().selfDeaf; }
  /** Deafens or undeafens you in this call. */
  set selfDeaf(deaf: boolean) {
    const value = checkBoolean(deaf, 'selfDeaf');
    this.#live('call.selfDeaf').setCallSelfDeaf(this.#id, value);
  }
  /** Voice activity threshold in dBFS (-100..0), or automatic. */
  get vadThreshold(): { automatic: boolean; threshold: number } { return this.#state().vadThreshold; }
  /** Sets the threshold (dBFS), or `automatic: true`. */
  set vadThreshold(value: { automatic: boolean; threshold: number }) {
    const v = checkOptions<{ automatic: unknown; threshold: unknown }>(value, 'vadThreshold', ['automatic', 'threshold']);
    const automatic = checkBoolean(v.automatic, 'vadThreshold.automatic');
    const threshold = checkNumber(v.threshold, 'vadThreshold.threshold', DECIBELS.min, DECIBELS.max);
    this.#live('call.vadThreshold').setCallVadThreshold(this.#id, automatic, threshold);
  }
  /** A participant's self mute/deaf, or null (always null once the call has ended). */
  voiceState(userId: string | bigint): { selfMute: boolean; selfDeaf: boolean } | null {
    const id = toId(userId, 'userId');
    if (this.#hasEnded()) return null;
    return this.#core.native.callVoiceState(this.#id, id);
  }
  /** Whether you muted this participant for yourself. */
  getLocalMute(userId: string | bigint): boolean {
    const id = toId(userId, 'userId');
    return this.#live('call.getLocalMute').getCallLocalMute(this.#id, id);
  }
  /** Mutes or unmutes a participant for yourself only. */
  setLocalMute(userId: string | bigint, mute: boolean): void {
    const id = toId(userId, 'userId');
    const value = checkBoolean(mute, 'mute');
    this.#live('call.setLocalMute').setCallLocalMute(this.#id, id, value);
  }
  /** 0–200 (100 is unchanged). */
  getParticipantVolume(userId: string | bigint): number {
    const id = toId(userId, 'userId');
    return this.#live('call.getParticipantVolume').getCallParticipantVolume(this.#id, id);
  }
  /** A participant's playback volume for you, 0–200 (100 = unchanged). */
  setParticipantVolume(userId: string | bigint, volume: number): void {
    const id = toId(userId, 'userId');
    const value = checkNumber(volume, 'volume', 0, 200);
    this.#live('call.setParticipantVolume').setCallParticipantVolume(this.#id, id, value);
  }
  /** Whether the call has ended (CallAudio refuses changes then). */
  #hasEnded(): boolean {
    this.#state();
    return this.#ended;
  }
  /** Leaves the call; the call then emits a last status 'disconnected' (error 'none'). */
  async end(): Promise<void> {
    await this.#core.run('endCall', this.end, (op) => this.#core.native.endCall(op, this.#id));
    this._ended();
  }
  /** The call's state as plain data. */
  toJSON(): Record<string, unknown> {
    try {
      const s = this.#state();
      return { channelId: this.channelId, status: CALL_STATUS_BY_VALUE[s.status], participants: s.participants, audioMode: this.audioMode };
    } catch {
      return { channelId: this.channelId, status: 'disconnected' };
    }
  }

  /** @internal routed from the client's dispatcher */
  _status(status: number, error: number, errorDetail: number): void {
    const name = CALL_STATUS_BY_VALUE[status] ?? 'disconnected';
    if (name === 'disconnected') this.#ended = true;
    this.emit('status', { status: name, error: CALL_ERROR_BY_VALUE[error] ?? 'none', errorDetail });
  }

  // The SDK gives a call ended by EndCall/EndCalls no final status callback (its slots are
  // released with it): without this, code waiting for 'disconnected' would wait forever.
  #ended = false;
  #last: NativeCallState | null = null;
  /** @internal the call was ended by end()/endCall()/endAllCalls(): a last 'disconnected', once. */
  _ended(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.emit('status', { status: 'disconnected', error: 'none', errorDetail: 0 });
  }
}

/** Per-call decisions applied natively in the SDK's audio callback (no JS on the audio thread). */
export class CallAudio {
  readonly #core: ClientCore;
  readonly #id: bigint;
  // The native client and this call's audio handle, taken while the call starts: stats() reads the
  // figures through the handle alone, so it still answers after the call ended or the client closed.
  readonly #native: NativeClient;
  readonly #handle: NativeAudioHandle | null;
  readonly #ended: () => boolean;
  /** @internal created by the client, not by you */
  constructor(core: ClientCore, id: bigint, ended: () => boolean) {
    this.#core = core;
    this.#id = id;
    this.#ended = ended;
    this.#native = core.native;
    this.#handle = this.#native.audioHandle(id);
    const handle = this.#handle;
    if (handle === null) return;
    // The audio thread queues frames and wakes nobody (a cross-thread wake-up cost it up to
    // hundreds of µs under load): this thread collects them every AUDIO_DRAIN_MS until the call's
    // audio stops (call ended, client closed). Unref'd: the call keeps the process alive, not this.
    const native = this.#native;
    const timer = setInterval(() => {
      if (!native.audioDrain(handle)) clearInterval(timer);
    }, AUDIO_DRAIN_MS);
    timer.unref();
  }
  /**
   * Frames counted and the time the SDK's audio thread spent in the addon's callbacks, measured
   * natively with a steady clock. After the call ended or the client closed: the last figures.
   */
  stats(): AudioStats {
    if (this.#handle === null) return { receivedFrames: 0, capturedFrames: 0, dropped: 0, callbackP99Us: 0, callbackMaxUs: 0 };
    return this.#native.audioStats(this.#handle);
  }
  /** Suppresses the SDK's playout of a remote user (outShouldMute). */
  setReceivedMuted(userId: string | bigint, muted: boolean): void {
    const id = toId(userId, 'userId');
    const value = checkBoolean(muted, 'muted');
    this.#live('call.audio.setReceivedMuted').setAudioReceivedMuted(this.#id, id, value);
  }
  /** Multiplies samples in place: a remote user's, or 'captured' for the microphone (0–100). */
  setGain(userId: string | bigint | 'captured', gain: number): void {
    const id = userId === 'captured' ? 0n : toId(userId, 'userId');
    const value = checkNumber(gain, 'gain', 0, 100);
    this.#live('call.audio.setGain').setAudioGain(this.#id, id, value);
  }
  #live(operation: string): NativeClient {
    const native = this.#core.native;
    if (this.#ended()) throw new PlatformError({ type: 'validationError', operation, detail: 'the call has ended' });
    return native;
  }
}

/** A microphone or output device. */
export interface AudioDevice { id: string; name: string; isDefault: boolean }
/**
 * The desktop client's voice settings (SDK 1.10.19337+): a snapshot; they belong to the desktop
 * client, not to a call.
 */
export interface VoiceSettings {
  selfMute: boolean; selfDeaf: boolean;
  /** When the desktop client transmits: 'unknown' is a mode newer than this package. */
  inputMode: AudioMode | 'unknown';
  /** Display string of the push-to-talk key, such as 'SHIFT + F'; '' when nothing is bound. */
  pttKey: string;
  /** 0–100. */
  inputVolume: number;
  /** 0–200. */
  outputVolume: number;
  noiseSuppression: boolean; echoCancellation: boolean; noiseCancellation: boolean; automaticGainControl: boolean;
}

/** The voice events of a {@link Client}. */
export type VoiceEvents = {
  /** Someone joined (`added`) or left a lobby's voice call. */
  voiceParticipantChanged: [{ lobbyId: string; memberId: string; added: boolean }];
  /** Audio devices were plugged in or out: the new lists. */
  audioDevicesChanged: [{ inputs: AudioDevice[]; outputs: AudioDevice[] }];
  /** The microphone went quiet (`inputDetected: false`) or came back. */
  noAudioInput: [{ inputDetected: boolean }];
  /** The desktop client's voice settings changed (SDK 1.10). */
  voiceSettingsUpdated: [VoiceSettings];
};

export function toVoiceSettings(s: NativeVoiceSettings): VoiceSettings {
  return { ...s };
}

/** The voice events: call state changes (routed to their Call), participants, devices, settings. */
export function voiceEvents(core: ClientCore, voice: ClientVoice): EventHandlers {
  return {
    [EventKind.CallStatus]: { run: (e) => voice._call(e.channelId)?._status(e.status, e.error, e.errorDetail) },
    [EventKind.CallParticipant]: {
      run: (e) => voice._call(e.channelId)?.emit('participantChanged', { userId: e.userId, added: e.added }),
    },
    [EventKind.CallSpeaking]: {
      run: (e) => voice._call(e.channelId)?.emit('speakingChanged', { userId: e.userId, speaking: e.speaking }),
    },
    [EventKind.CallVoiceState]: { run: (e) => voice._call(e.channelId)?.emit('voiceStateChanged', { userId: e.userId }) },
    [EventKind.VoiceParticipant]: {
      run: (e) => core.emit('voiceParticipantChanged', { lobbyId: e.lobbyId, memberId: e.memberId, added: e.added }),
    },
    [EventKind.DevicesChanged]: { run: (e) => core.emit('audioDevicesChanged', { inputs: e.inputs, outputs: e.outputs }) },
    [EventKind.NoAudioInput]: { run: (e) => core.emit('noAudioInput', { inputDetected: e.inputDetected }) },
    [EventKind.VoiceSettingsUpdated]: { run: (e) => core.emit('voiceSettingsUpdated', toVoiceSettings(e.settings)) },
  };
}

type ProcessingSwitch = 'echoCancellation' | 'noiseSuppression' | 'noiseCancellation' | 'automaticGainControl';
// Each switch's native setter (called with the native client as `this`).
const PROCESSING_SETTERS: Record<ProcessingSwitch, (this: NativeClient, on: boolean) => void> = {
  echoCancellation(on) { this.setEchoCancellation(on); },
  noiseSuppression(on) { this.setNoiseSuppression(on); },
  noiseCancellation(on) { this.setNoiseCancellation(on); },
  automaticGainControl(on) { this.setAutomaticGainControl(on); },
};

/**
 * `client.voice`: lobby voice calls (with raw audio if you want it), audio devices and settings.
 *
 * @example
 * ```ts
 * const call = client.voice.startCall(lobby.id);
 * call.on('speakingChanged', ({ userId, speaking }) => showTalking(userId, speaking));
 * call.audioMode = 'ptt';
 * onKey('v', (down) => { call.pttActive = down; });
 * ```
 */
export class ClientVoice {
  readonly #core: ClientCore;
  readonly #calls = new Map<string, Call>();
  readonly #processing: Record<ProcessingSwitch, boolean | null> = {
    echoCancellation: null, noiseSuppression: null, noiseCancellation: null, automaticGainControl: null,
  };

  /** @internal created by the client, not by you */
  constructor(core: ClientCore) {
    this.#core = core;
  }

  /** Joins the voice call of a lobby you are a member of. */
  startCall(lobbyId: string | bigint): Call {
    return this.#start(toId(lobbyId, 'lobbyId'), undefined);
  }

  /**
   * Like startCall, and hands you raw audio: frames arrive asynchronously (the SDK's audio thread
   * never waits for JS; frames JS cannot keep up with are dropped and counted in `audioDropped`).
   */
  startCallWithAudio(lobbyId: string | bigint, callbacks: AudioCallbacks): Call {
    const id = toId(lobbyId, 'lobbyId');
    const c = checkOptions<AudioCallbacks>(callbacks, 'callbacks', ['onReceived', 'onCaptured']);
    for (const k of ['onReceived', 'onCaptured'] as const) {
      if (c[k] !== undefined && typeof c[k] !== 'function') throw new TypeError(`callbacks.${k} must be a function`);
    }
    if (!c.onReceived && !c.onCaptured) throw new TypeError('callbacks needs onReceived or onCaptured');
    return this.#start(id, c);
  }

  #start(lobbyId: bigint, callbacks: AudioCallbacks | undefined): Call {
    const native = this.#core.native;
    let call: Call | undefined;
    // Handler errors must not reach the native drain loop: the call's 'error' listeners get them,
    // else they surface as an uncaught exception (as a throwing EventEmitter listener would).
    const guard = (fn: ((f: AudioFrame) => void) | undefined) => fn && ((f: AudioFrame) => {
      try {
        fn(f);
      } catch (err) {
        if (call && listenerCountOf(call, 'error') > 0) call.emit('error', err as Error);
        else process.nextTick(() => { throw err; });
      }
    });
    const channelId = callbacks
      ? native.startCall(lobbyId, guard(callbacks.onReceived), guard(callbacks.onCaptured), (n) => call?.emit('audioDropped', n))
      : native.startCall(lobbyId);
    if (channelId === null) {
      throw new PlatformError({ type: 'validationError', operation: 'startCall',
        method: callbacks ? 'voice.startCallWithAudio' : 'voice.startCall',
        detail: 'the SDK refused the call: already in this call, not a lobby member, or not ready',
        hint: 'sign in and connect() first (auth.login() or auth.startSession()), join the lobby ' +
          '(lobbies.createOrJoin), and end a call before starting it again' });
    }
    call = new Call(this.#core, channelId, callbacks !== undefined);
    this.#calls.set(channelId, call);
    return call;
  }

  /** The call in a channel, or null. */
  getCall(channelId: string | bigint): Call | null {
    const id = toId(channelId, 'channelId').toString();
    return this.calls().find((c) => c.channelId === id) ?? null;
  }

  /** Every call the client is in. */
  calls(): Call[] {
    const ids = this.#core.nativeOrNull?.getCallIds() ?? [];
    return ids.map((id) => this.#calls.get(id) ?? this.#adopt(id));
  }

  /** Leaves the call of a lobby. */
  async endCall(channelId: string | bigint): Promise<void> {
    const id = toId(channelId, 'channelId');
    const call = this.#calls.get(id.toString());  // taken now: a call started meanwhile is not this one
    await this.#core.run('endCall', this.endCall, (op) => this.#core.native.endCall(op, id));
    call?._ended();
  }

  /** Leaves every call. */
  async endAllCalls(): Promise<void> {
    const calls = [...this.#calls.values()];
    await this.#core.run('endCalls', this.endAllCalls, (op) => this.#core.native.endCalls(op));
    for (const call of calls) call._ended();
  }

  /** Microphone volume, 0–100. */
  get inputVolume(): number { return this.#core.native.voiceGet().inputVolume; }
  /** Sets the microphone volume (0–100). */
  set inputVolume(v: number) { this.#core.native.setInputVolume(checkNumber(v, 'inputVolume', 0, 100)); }
  /** Playback volume, 0–200 (100 = unchanged). */
  get outputVolume(): number { return this.#core.native.voiceGet().outputVolume; }
  /** Sets the playback volume (0–200). */
  set outputVolume(v: number) { this.#core.native.setOutputVolume(checkNumber(v, 'outputVolume', 0, 200)); }
  /** Mutes you in every call. */
  get selfMuteAll(): boolean { return this.#core.native.voiceGet().selfMuteAll; }
  /** Mutes or unmutes you everywhere. */
  set selfMuteAll(v: boolean) { this.#core.native.setSelfMuteAll(checkBoolean(v, 'selfMuteAll')); }
  /** Deafens you in every call. */
  get selfDeafAll(): boolean { return this.#core.native.voiceGet().selfDeafAll; }
  /** Deafens or undeafens you everywhere. */
  set selfDeafAll(v: boolean) { this.#core.native.setSelfDeafAll(checkBoolean(v, 'selfDeafAll')); }
  // The SDK has setters only for the audio processing switches: the getters report what this
  // client set last, and null until it sets one (the SDK's own default then applies).
  /** Echo cancellation as this client last set it; null until set (the SDK's default applies). */
  get echoCancellation(): boolean | null { return this.#processing.echoCancellation; }
  /** Turns echo cancellation on or off. */
  set echoCancellation(on: boolean) { this.#setProcessing('echoCancellation', on); }
  /** Noise suppression as this client last set it; null until set (the SDK's default applies). */
  get noiseSuppression(): boolean | null { return this.#processing.noiseSuppression; }
  /** Turns noise suppression on or off. */
  set noiseSuppression(on: boolean) { this.#setProcessing('noiseSuppression', on); }
  /** Noise cancellation as this client last set it; null until set (the SDK's default applies). */
  get noiseCancellation(): boolean | null { return this.#processing.noiseCancellation; }
  /** Turns noise cancellation on or off. */
  set noiseCancellation(on: boolean) { this.#setProcessing('noiseCancellation', on); }
  /** Automatic gain control as this client last set it; null until set (the SDK's default applies). */
  get automaticGainControl(): boolean | null { return this.#processing.automaticGainControl; }
  /** Turns automatic gain control on or off. */
  set automaticGainControl(on: boolean) { this.#setProcessing('automaticGainControl', on); }
  #setProcessing(name: ProcessingSwitch, on: boolean): void {
    const value = checkBoolean(on, name);
    const native = this.#core.native;
    PROCESSING_SETTERS[name].call(native, value);
    this.#processing[name] = value;  // only once the SDK has taken it
  }
  /**
   * iOS: shows the system's audio route picker, where the player chooses the speaker, a headset or
   * AirPods. Returns false where the platform has none (desktop; the SDK also logs a warning line,
   * the `voiceLog` event).
   */
  showAudioRoutePicker(): boolean {
    return this.#core.native.showAudioRoutePicker();
  }
  /** Lets the SDK use hardware Opus encoding and decoding where the device has it. */
  setOpusHardwareCoding(encode: boolean, decode: boolean): void {
    this.#core.native.setOpusHardwareCoding(checkBoolean(encode, 'encode'), checkBoolean(decode, 'decode'));
  }
  /** Writes echo-cancellation diagnostics (for the platform's support). */
  setAecDump(on: boolean): void { this.#core.native.setAecDump(checkBoolean(on, 'on')); }
  /** iOS: whether the game engine, not the SDK, manages the audio session. */
  setEngineManagedAudioSession(on: boolean): void {
    this.#core.native.setEngineManagedAudioSession(checkBoolean(on, 'isEngineManaged'));
  }
  /** Below this microphone level (dBFS, -100..0) the client emits `noAudioInput`. */
  setNoAudioInputThreshold(dBFS: number): void {
    this.#core.native.setNoAudioInputThreshold(checkNumber(dBFS, 'dBFS', DECIBELS.min, DECIBELS.max));
  }

  /** The microphones. */
  inputDevices(): Promise<AudioDevice[]> { return this.#deviceList('inputDevices', this.inputDevices, (n, op) => n.getInputDevices(op)); }
  /** The speakers and headsets. */
  outputDevices(): Promise<AudioDevice[]> { return this.#deviceList('outputDevices', this.outputDevices, (n, op) => n.getOutputDevices(op)); }
  /** The microphone in use. */
  currentInputDevice(): Promise<AudioDevice> {
    return this.#device('currentInputDevices', this.currentInputDevice, (n, op) => n.getCurrentInputDevice(op));
  }
  /** The output device in use. */
  currentOutputDevice(): Promise<AudioDevice> {
    return this.#device('currentOutputDevices', this.currentOutputDevice, (n, op) => n.getCurrentOutputDevice(op));
  }
  /** Picks the microphone (an id from inputDevices()). */
  setInputDevice(deviceId: string): Promise<void> {
    return this.#setDevice('setInputDevice', deviceId, this.setInputDevice, (n, op, id) => n.setInputDevice(op, id));
  }
  /** Picks the output device (an id from outputDevices()). */
  setOutputDevice(deviceId: string): Promise<void> {
    return this.#setDevice('setOutputDevice', deviceId, this.setOutputDevice, (n, op, id) => n.setOutputDevice(op, id));
  }

  /** The device id that stands for the system's default device (for setInputDevice / setOutputDevice). */
  getDefaultAudioDeviceId(): string {
    loadSdk(); // a static of the SDK: it needs the library, not an open client
    return addon().defaultAudioDeviceId();
  }

  /**
   * The desktop client's voice settings (SDK 1.10.19337+), read over the local connection to the
   * desktop client. Rejects with a {@link PlatformError}: `clientNotReady` before the client is
   * connected, `rpcError` when no desktop client is running, and `disabled` when the loaded SDK
   * library predates 1.10.19337 (`sdkInfo().missingOptional` lists what it lacks).
   */
  async getPlatformVoiceSettings(): Promise<VoiceSettings> {
    const operation = 'getPlatformVoiceSettings';
    const { settings } = await this.#core.run(operation, this.getPlatformVoiceSettings, (op) => {
      if (!this.#core.native.getPlatformVoiceSettings(op)) {
        throw new PlatformError({
          type: 'disabled', operation, detail: 'the loaded SDK library lacks the desktop voice settings of SDK 1.10.19337',
          hint: 'load SDK 1.10.19337 or newer (sdkInfo() says which one is loaded and what it lacks)',
        });
      }
    }, 'PlatformVoiceSettings');
    if (settings === null) {
      throw new PlatformError({ type: 'unknown', operation, detail: 'the SDK reported success but handed no settings' });
    }
    return toVoiceSettings(settings);
  }

  /** @internal */
  _call(channelId: string): Call | undefined {
    return this.#calls.get(channelId);
  }

  /**
   * @internal the client was closed: its calls are over, and each emits its last 'disconnected'
   * (as end() does), so that code waiting for it does not wait forever. A listener that throws
   * does not keep the others from theirs: its error is rethrown on its own tick.
   */
  _clientClosed(): void {
    const calls = [...this.#calls.values()];
    this.#calls.clear();
    for (const call of calls) {
      try {
        call._ended();
      } catch (err) {
        process.nextTick(() => { throw err; });
      }
    }
  }

  #adopt(id: string): Call {
    const call = new Call(this.#core, id, false);
    this.#calls.set(id, call);
    return call;
  }

  // run() reports a closed client as a rejection itself: nothing here throws synchronously.
  #deviceList(operation: string, caller: Function, send: (native: NativeClient, op: OpId<'Devices'>) => void): Promise<AudioDevice[]> {
    return this.#core.run(operation, caller, (op) => send(this.#core.native, op), 'Devices').then((r) => r.devices);
  }

  #device(operation: string, caller: Function, send: (native: NativeClient, op: OpId<'CurrentDevice'>) => void): Promise<AudioDevice> {
    return this.#core.run(operation, caller, (op) => send(this.#core.native, op), 'CurrentDevice').then((r) => r.device);
  }

  async #setDevice(operation: string, deviceId: string, caller: Function,
    send: (native: NativeClient, op: OpId<'Done'>, id: string) => void): Promise<void> {
    const id = checkString(deviceId, 'deviceId', { min: 1, max: MAX_DEVICE_ID_CHARS });
    await this.#core.run(operation, caller, (op) => send(this.#core.native, op, id));
  }
}
