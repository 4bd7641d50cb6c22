// Voice: calls, push-to-talk in simulated time, reconnects, raw audio frames with native mute and
// gain, drops when JS falls behind, clean stops, settings, devices and the desktop voice settings.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PlatformError, type AudioFrame, type Call } from '../lib/index';
import { closeAll, freshWorld, nextEvent, runNode, settle, twoInLobby, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

function connected(call: Call) {
  return call.status === 'connected' ? Promise.resolve() : new Promise<void>((resolve) => {
    const on = ({ status }: { status: string }) => { if (status === 'connected') { call.off('status', on); resolve(); } };
    call.on('status', on);
  });
}

test('a call walks joining → connecting → signalingConnected → connected; a second start is refused', async () => {
  const { alice, lobby } = await twoInLobby(w, 'voice-room');
  const call = alice.voice.startCall(lobby.id);
  const statuses: string[] = [];
  call.on('status', (e) => statuses.push(e.status));
  // The events, not just the state: they arrive through the pump.
  await until(() => statuses.includes('connected'));
  expect(statuses).toEqual(expect.arrayContaining(['connecting', 'signalingConnected', 'connected']));
  expect(call.channelId).toBe(lobby.id);
  expect(call.participants).toContain(w.user.id);
  expect(alice.voice.calls().map((c) => c.channelId)).toEqual([lobby.id]);
  expect(alice.voice.getCall(lobby.id)).toBe(call);
  expect(() => alice.voice.startCall(lobby.id)).toThrow(PlatformError);
  await call.end();
  await until(() => alice.voice.calls().length === 0);
});

test('a failed signaling request ends the call with an error instead of connecting', async () => {
  const { alice, lobby } = await twoInLobby(w, 'voice-room');
  for (const [status, error] of [[403, 'forbidden'], [503, 'signalingConnectionFailed']] as const) {
    w.sim.network.failNext('startCall', { status });
    const call = alice.voice.startCall(lobby.id);
    const ended = new Promise<{ status: string; error: string; errorDetail: number }>((resolve) =>
      call.on('status', (e) => { if (e.status === 'disconnected') resolve(e); }));
    expect(await ended).toEqual({ status: 'disconnected', error, errorDetail: status });
    await until(() => alice.voice.calls().length === 0);
  }
  const ok = alice.voice.startCall(lobby.id);  // the rule was used up: the next call connects
  await connected(ok);
});

test('participants, voice states and the lobby-level voice participant event', async () => {
  const { alice, bob, lobby } = await twoInLobby(w, 'voice-room');
  const aliceCall = alice.voice.startCall(lobby.id);
  await connected(aliceCall);
  const joined = nextEvent(alice, 'voiceParticipantChanged', (e) => e.memberId === bob.user.id && e.added);
  const participant = new Promise((resolve) => aliceCall.on('participantChanged', (e) => e.userId === bob.user.id && e.added && resolve(e)));
  const bobCall = bob.client.voice.startCall(lobby.id);
  await connected(bobCall);
  await joined;
  await participant;
  const stateChanged = new Promise((resolve) => aliceCall.on('voiceStateChanged', (e) => e.userId === bob.user.id && resolve(e)));
  bobCall.selfMute = true;
  await stateChanged;
  expect(aliceCall.voiceState(bob.user.id)).toEqual({ selfMute: true, selfDeaf: false });
  aliceCall.setLocalMute(bob.user.id, true);
  expect(aliceCall.getLocalMute(bob.user.id)).toBe(true);
  aliceCall.setParticipantVolume(bob.user.id, 150);
  expect(aliceCall.getParticipantVolume(bob.user.id)).toBe(150);
});

test('push-to-talk gates what others hear, with the release delay in simulated time', async () => {
  const { alice, bob, lobby } = await twoInLobby(w, 'voice-room');
  const aliceCall = alice.voice.startCall(lobby.id);
  const bobCall = bob.client.voice.startCall(lobby.id);
  await Promise.all([connected(aliceCall), connected(bobCall)]);
  aliceCall.audioMode = 'ptt';
  aliceCall.pttReleaseDelayMs = 300;
  expect(aliceCall.audioMode).toBe('ptt');
  expect(aliceCall.pttReleaseDelayMs).toBe(300);
  const heard: boolean[] = [];
  bobCall.on('speakingChanged', (e) => { if (e.userId === w.user.id) heard.push(e.speaking); });

  w.sim.clock.setFrozen(true);
  try {
    w.sim.voice.speak(w.user.id, lobby.id, { durationMs: 5000 });
    w.sim.clock.advance(100);
    await settle(30);
    expect(heard).toEqual([]);  // PTT not pressed: nothing transmitted
    aliceCall.pttActive = true;
    w.sim.clock.advance(100);
    await until(() => heard.length === 1);
    expect(heard).toEqual([true]);
    aliceCall.pttActive = false;
    w.sim.clock.advance(200);
    await settle(30);
    expect(heard).toEqual([true]);  // still within the 300 ms release delay
    w.sim.clock.advance(200);
    await until(() => heard.length === 2);
    expect(heard).toEqual([true, false]);
  } finally {
    w.sim.clock.setFrozen(false);
  }
});

test('a network interruption reconnects the call instead of dropping it', async () => {
  const { alice, lobby } = await twoInLobby(w, 'voice-room');
  const call = alice.voice.startCall(lobby.id);
  await connected(call);
  const seen: string[] = [];
  call.on('status', (e) => seen.push(e.status));
  w.sim.network.setOnline(false);
  await until(() => seen.includes('reconnecting'));
  w.sim.network.setOnline(true);
  await until(() => seen[seen.length - 1] === 'connected');
  expect(seen).not.toContain('disconnected');
});

async function audioCall(speakers: number) {
  const alice = w.client();
  await w.signIn(alice);
  const { id: lobbyId } = w.sim.backend.createLobby({ applicationId: w.app.id });
  const remote = Array.from({ length: speakers }, (_, i) => w.sim.users.create({ username: `speaker${i}` }));
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: w.user.id }, ...remote.map((u) => ({ userId: u.id }))]);
  await until(() => alice.lobbies.get(lobbyId)?.members.length === speakers + 1);
  for (const u of remote) w.sim.voice.joinCall(u.id, lobbyId);
  return { alice, lobbyId, remote };
}

test('raw audio: 10 ms frames of 48 kHz stereo int16, as many as the speaking time', async () => {
  const { alice, lobbyId, remote } = await audioCall(1);
  const frames: AudioFrame[] = [];
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: (f) => frames.push(f) });
  await connected(call);
  const speaker = remote[0]!.id;
  w.sim.voice.speak(speaker, lobbyId, { durationMs: 300, frequencyHz: 440 });
  await settle(800);
  const fromSpeaker = frames.filter((f) => f.userId === speaker);
  expect(fromSpeaker.length).toBeGreaterThanOrEqual(28);
  expect(fromSpeaker.length).toBeLessThanOrEqual(32);
  const f = fromSpeaker[0]!;
  expect(f).toMatchObject({ sampleRate: 48000, channels: 2, samplesPerChannel: 480 });
  // By tag: the array is created natively, in the main realm rather than jest's sandbox.
  expect(Object.prototype.toString.call(f.samples)).toBe('[object Int16Array]');
  expect(f.samples.length).toBe(960);
  expect(Math.max(...f.samples)).toBeGreaterThan(8000);  // a tone, not silence
  await call.end();
});

test('mute and gain applied natively in the audio callback change what is played out', async () => {
  const { alice, lobbyId, remote } = await audioCall(2);
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => undefined });
  await connected(call);
  const [loud, quiet] = [remote[0]!.id, remote[1]!.id];
  call.audio!.setReceivedMuted(quiet, true);
  call.audio!.setGain(loud, 0.5);
  w.sim.voice.speak(loud, lobbyId, { durationMs: 400 });
  w.sim.voice.speak(quiet, lobbyId, { durationMs: 400 });
  await settle(250);
  const loudLevel = w.sim.voice.playoutLevel(w.user.id, loud);
  expect(loudLevel).toBeGreaterThan(0.1);
  expect(loudLevel).toBeLessThan(0.3);  // a 0.5-amplitude tone at gain 0.5: RMS ≈ 0.18
  expect(w.sim.voice.playoutLevel(w.user.id, quiet)).toBe(0);
  call.audio!.setGain(loud, 0);
  await settle(100);
  expect(w.sim.voice.playoutLevel(w.user.id, loud)).toBe(0);
  await call.end();
});

test('a listener that blocks the loop for 500 ms causes counted drops, not a stall', async () => {
  const { alice, lobbyId, remote } = await audioCall(8);
  let received = 0;
  let dropped = 0;
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => { received++; } });
  call.on('audioDropped', (n) => { dropped += n; });
  await connected(call);
  for (const u of remote) w.sim.voice.speak(u.id, lobbyId, { durationMs: 2000 });
  await settle(100);
  const end = Date.now() + 500;
  while (Date.now() < end) { /* a JS listener hogging the event loop */ }
  await settle(400);
  expect(dropped).toBeGreaterThan(0);
  // The audio thread kept running: frames kept arriving after the stall.
  const before = received;
  await settle(200);
  expect(received).toBeGreaterThan(before);
  await call.end();
});

test('audio stats: frames counted natively match what reached onReceived; callback time measured; readable after close', async () => {
  const { alice, lobbyId, remote } = await audioCall(1);
  let delivered = 0;
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => { delivered++; } });
  const audio = call.audio!;
  await connected(call);
  w.sim.voice.speak(remote[0]!.id, lobbyId, { durationMs: 300 });
  await settle(800);  // the speech is over and its frames drained
  const s = audio.stats();
  expect(delivered).toBeGreaterThan(0);
  expect(s.receivedFrames).toBe(delivered + s.dropped);
  expect(s.capturedFrames).toBeGreaterThan(0);  // the microphone stream runs (and is timed) without a handler too
  expect(s.callbackMaxUs).toBeGreaterThan(0);
  expect(s.callbackP99Us).toBeGreaterThan(0);
  expect(s.callbackP99Us).toBeLessThanOrEqual(s.callbackMaxUs);
  await call.end();
  await alice.close();
  // The bridge is gone: the last figures remain.
  const last = audio.stats();
  expect(last.receivedFrames).toBe(s.receivedFrames);
  expect(last.capturedFrames).toBeGreaterThanOrEqual(s.capturedFrames);
  expect(last.callbackMaxUs).toBeGreaterThanOrEqual(s.callbackMaxUs);
  expect(audio.stats()).toEqual(last);
});

test('a handler that ends the call gets no further frame, even from the same batch', async () => {
  const { alice, lobbyId, remote } = await audioCall(8);
  let frames = 0;
  let ending: Promise<void> | undefined;
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => {
    frames++;
    ending ??= call.end();  // from inside the drain: the bridge must outlive it, the rest is discarded
  } });
  await connected(call);
  for (const u of remote) w.sim.voice.speak(u.id, lobbyId, { durationMs: 1000 });
  await until(() => ending !== undefined);
  await ending;
  await settle(100);
  expect(frames).toBe(1);
});

test("an exception in an audio handler goes to the call's 'error' listeners; frames keep coming", async () => {
  const { alice, lobbyId, remote } = await audioCall(1);
  let frames = 0;
  const errors: Error[] = [];
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => { if (++frames === 3) throw new Error('handler bug'); } });
  call.on('error', (e) => errors.push(e));
  await connected(call);
  w.sim.voice.speak(remote[0]!.id, lobbyId, { durationMs: 300 });
  await until(() => frames > 10);
  expect(errors.map((e) => e.message)).toEqual(['handler bug']);
  await call.end();
});

test('ending the call or closing the client while audio flows stops cleanly', async () => {
  const { alice, lobbyId, remote } = await audioCall(2);
  let frames = 0;
  const call = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => { frames++; }, onCaptured: () => undefined });
  await connected(call);
  for (const u of remote) w.sim.voice.speak(u.id, lobbyId, { durationMs: 5000 });
  await until(() => frames > 20);
  await call.end();
  await settle(50);
  const after = frames;
  await settle(200);
  expect(frames).toBe(after);
  const again = alice.voice.startCallWithAudio(lobbyId, { onReceived: () => { frames++; } });
  await connected(again);
  await settle(100);
  await alice.close();
  await settle(50);
  expect(w.sim.diagnostics.liveCallbackCount()).toBe(0);
});

test('a worker terminated while audio flows does not crash the process', async () => {
  const r = await runNode(`
    const { Worker } = require('node:worker_threads');
    const body = ${JSON.stringify(`
      const { parentPort } = require('node:worker_threads');
      const { Client } = require('./dist/cjs/index.js');
      const { Simulator } = require('./dist/cjs/testing.js');
      const sim = Simulator.attach();
      const app = sim.applications.create({ name: 'w' });
      const me = sim.users.create({ username: 'me' + Math.random().toString(36).slice(2, 8) });
      const other = sim.users.create({ username: 'ot' + Math.random().toString(36).slice(2, 8) });
      const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
      (async () => {
        await client.auth.updateToken(sim.auth.issueToken(me.id, { applicationId: app.id }).accessToken);
        await client.connect();
        const { id } = sim.backend.createLobby({ applicationId: app.id });
        sim.backend.updateLobbyMembers(id, [{ userId: me.id }, { userId: other.id }]);
        await new Promise((r) => setTimeout(r, 50));
        sim.voice.joinCall(other.id, id);
        let n = 0;
        client.voice.startCallWithAudio(id, { onReceived: () => { if (++n === 5) parentPort.postMessage('audio'); } });
        sim.voice.speak(other.id, id, { durationMs: 10000 });
      })();
    `)};
    (async () => {
      for (let i = 0; i < 5; i++) {
        const worker = new Worker(body, { eval: true });
        await new Promise((resolve) => worker.once('message', resolve));
        await worker.terminate();
      }
      console.log('survived');
    })();`, { timeoutMs: 60000 });
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('survived');
  expect(r.code).toBe(0);
});

test('settings, devices, no-audio-input and the desktop client voice settings', async () => {
  const alice = w.client();
  await w.signIn(alice);
  alice.voice.inputVolume = 80;
  alice.voice.outputVolume = 150;
  alice.voice.selfMuteAll = true;
  expect(alice.voice.inputVolume).toBe(80);
  expect(alice.voice.outputVolume).toBe(150);
  expect(alice.voice.selfMuteAll).toBe(true);
  alice.voice.echoCancellation = false;
  alice.voice.setOpusHardwareCoding(true, false);
  alice.voice.setAecDump(true);

  const inputs = await alice.voice.inputDevices();
  expect(inputs.length).toBeGreaterThan(0);
  expect((await alice.voice.currentInputDevice()).id).toBe(inputs.find((d) => d.isDefault)?.id);
  const changed = nextEvent(alice, 'audioDevicesChanged');
  w.sim.devices.add({ id: 'usb-mic', name: 'USB Microphone', input: true });
  expect((await changed)[0].inputs.map((d) => d.id)).toContain('usb-mic');
  await alice.voice.setInputDevice('usb-mic');
  expect((await alice.voice.currentInputDevice()).id).toBe('usb-mic');
  await expect(alice.voice.setInputDevice('no-such-device')).rejects.toBeInstanceOf(PlatformError);

  alice.voice.setNoAudioInputThreshold(-40);
  const silent = nextEvent(alice, 'noAudioInput', (e) => !e.inputDetected);
  w.sim.voice.setMicrophoneLevel(-80);
  await silent;

});

test("the desktop client's voice settings: every 1.10.19337 member, read and updated", async () => {
  const { alice } = await twoInLobby(w, 'voice-room');
  const before = await alice.voice.getPlatformVoiceSettings();
  expect(before).toEqual({
    selfMute: false, selfDeaf: false, inputMode: 'vad', pttKey: '', inputVolume: 100, outputVolume: 100,
    noiseSuppression: true, echoCancellation: true, noiseCancellation: false, automaticGainControl: true,
  });
  const updated = nextEvent(alice, 'voiceSettingsUpdated');
  w.sim.platformClient.setVoiceSettings({
    selfMute: true, selfDeaf: true, inputMode: 'ptt', pttKey: 'SHIFT + F', inputVolume: 40, outputVolume: 180,
    noiseSuppression: false, echoCancellation: false, noiseCancellation: true, automaticGainControl: false,
  });
  const expected = {
    selfMute: true, selfDeaf: true, inputMode: 'ptt', pttKey: 'SHIFT + F', inputVolume: 40, outputVolume: 180,
    noiseSuppression: false, echoCancellation: false, noiseCancellation: true, automaticGainControl: false,
  };
  expect((await updated)[0]).toEqual(expected);
  await expect(alice.voice.getPlatformVoiceSettings()).resolves.toEqual(expected);
  expect(before.selfMute).toBe(false); // what was handed out is a snapshot

  // Omitted members keep their value; '' unbinds the key.
  const again = nextEvent(alice, 'voiceSettingsUpdated');
  w.sim.platformClient.setVoiceSettings({ inputMode: 'vad', pttKey: '' });
  expect((await again)[0]).toEqual({ ...expected, inputMode: 'vad', pttKey: '' });
});

test('setVoiceSettings rejects bad members by name before changing anything', async () => {
  const { alice } = await twoInLobby(w, 'voice-room');
  const start = await alice.voice.getPlatformVoiceSettings();
  const set = w.sim.platformClient.setVoiceSettings;
  expect(() => set({ selfMute: true, inputMode: 'loud' as never })).toThrow(/settings\.inputMode/);
  expect(() => set({ selfMute: true, inputVolume: 101 })).toThrow(RangeError);
  expect(() => set({ selfMute: true, outputVolume: Number.NaN })).toThrow(/settings\.outputVolume/);
  expect(() => set({ selfMute: true, pttKey: 'K'.repeat(101) })).toThrow(/settings\.pttKey/);
  expect(() => set({ selfMute: true, pttKey: null as never })).toThrow(TypeError);
  expect(() => set({ selfMute: true, noiseCancellation: 1 as never })).toThrow(/settings\.noiseCancellation/);
  expect(() => set({ selfMute: true, voiceMode: 'ptt' } as never)).toThrow(/unknown option 'voiceMode'/);
  expect(() => set(null as never)).toThrow(/settings/);
  const secret = 'sk_live_0123456789abcdef';
  let message = '';
  try { set({ pttKey: 42, [secret]: 1 } as never); } catch (e) { message = (e as Error).message; }
  expect(message).toMatch(/settings/);
  expect(message).not.toContain(secret);
  await expect(alice.voice.getPlatformVoiceSettings()).resolves.toEqual(start);
});

test("reading the desktop client's voice settings is a completion that rejects with a PlatformError saying why", async () => {
  const alice = w.client();
  // Not connected: the SDK refuses it, through the pump like any completion.
  const offline = await alice.voice.getPlatformVoiceSettings().then(() => null, (e: unknown) => e);
  expect(offline).toBeInstanceOf(PlatformError);
  expect(offline).toMatchObject({ type: 'clientNotReady', operation: 'getPlatformVoiceSettings' });
  await w.signIn(alice);
  // No desktop client running on this machine.
  w.sim.platformClient.setInstalled(false);
  const noDesktop = await alice.voice.getPlatformVoiceSettings().then(() => null, (e: unknown) => e);
  w.sim.platformClient.setInstalled(true);
  expect(noDesktop).toBeInstanceOf(PlatformError);
  expect(noDesktop).toMatchObject({ type: 'rpcError', operation: 'getPlatformVoiceSettings' });
  expect((noDesktop as Error).message).toMatch(/desktop app/);
  // Several reads at once each settle with their own result.
  const reads = await Promise.all([alice.voice.getPlatformVoiceSettings(), alice.voice.getPlatformVoiceSettings()]);
  expect(reads[0]).toEqual(reads[1]);
  expect(reads[0]).not.toBe(reads[1]);
  expect(reads[0]!.inputMode).toBe('vad');
  // A read pending when the client closes is rejected, not left hanging.
  const pending = alice.voice.getPlatformVoiceSettings();
  await alice.close();
  await expect(pending).rejects.toBeInstanceOf(PlatformError);
});

test('the default audio device id selects the machine default device', async () => {
  const { alice } = await twoInLobby(w, 'voice-room');
  const id = alice.voice.getDefaultAudioDeviceId();
  expect(id).toBe('default');
  w.sim.devices.add({ id: 'usb-mic', name: 'USB Microphone', input: true });
  await alice.voice.setInputDevice('usb-mic');
  expect((await alice.voice.currentInputDevice()).id).toBe('usb-mic');
  await alice.voice.setInputDevice(id);
  expect((await alice.voice.currentInputDevice()).isDefault).toBe(true);
});

test('setThreadPriority reaches the SDK per thread; bad threads and priorities are refused by name', async () => {
  w.sim.diagnostics.setDebugBuild(true); // Info lines are logged by debug builds only
  try {
    const alice = w.client({ voiceLogLevel: 'info' });
    const lines: string[] = [];
    alice.on('voiceLog', (e) => lines.push(e.message));
    alice.setThreadPriority('voice', 7);
    alice.setThreadPriority('network', -3);
    await until(() => lines.some((l) => l.includes('thread 1: 7')) && lines.some((l) => l.includes('thread 2: -3')));
    expect(() => alice.setThreadPriority('audio' as never, 1)).toThrow(/thread/);
    expect(() => alice.setThreadPriority('client', 1.5)).toThrow(/priority/);
    expect(() => alice.setThreadPriority('client', 2 ** 31)).toThrow(RangeError);
    await alice.close();
    expect(() => alice.setThreadPriority('client', 1)).toThrow(PlatformError);
  } finally {
    w.sim.diagnostics.setDebugBuild(false);
  }
});

test('showAudioRoutePicker reaches the SDK: false on a desktop platform, with its warning line; a closed client throws', async () => {
  const alice = w.client();
  const lines: string[] = [];
  alice.on('voiceLog', (e) => lines.push(`${e.severity} ${e.message}`));
  await w.signIn(alice);
  expect(alice.voice.showAudioRoutePicker()).toBe(false);
  // The simulator is a desktop platform: the SDK says so on its voice log (from its log thread).
  await until(() => lines.some((l) => l.startsWith('warning') && l.includes('ShowAudioRoutePicker')));
  await alice.close();
  expect(() => alice.voice.showAudioRoutePicker()).toThrow(PlatformError);
});

test('values out of range are RangeErrors naming the argument', async () => {
  const { alice, lobby } = await twoInLobby(w, 'voice-room');
  expect(() => { alice.voice.outputVolume = 300; }).toThrow(/outputVolume/);
  expect(() => { alice.voice.inputVolume = 101; }).toThrow(RangeError);
  expect(() => alice.voice.setNoAudioInputThreshold(5)).toThrow(/dBFS/);
  const call = alice.voice.startCall(lobby.id);
  expect(() => { call.vadThreshold = { automatic: false, threshold: 5 }; }).toThrow(/vadThreshold\.threshold/);
  expect(() => { call.pttReleaseDelayMs = -1; }).toThrow(/pttReleaseDelayMs/);
  expect(() => call.setParticipantVolume(w.user.id, 201)).toThrow(/volume/);
  expect(() => { call.audioMode = 'loud' as never; }).toThrow(/audioMode/);
  expect(() => alice.voice.startCallWithAudio(lobby.id, {} as never)).toThrow(/onReceived or onCaptured/);
  expect(() => alice.voice.startCall('x')).toThrow(/lobbyId/);
  await expect(alice.voice.setInputDevice('' as never)).rejects.toThrow(/deviceId/);
});

test('voice log lines, the voice log dir, and the create options the voice engine applies', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psdk-voice-'));
  w.sim.diagnostics.setDebugBuild(true);  // Info lines are logged by debug builds only
  try {
    const alice = w.client({ voiceLogLevel: 'info', voiceLogDir: dir, audioSystem: 'game', cpuAffinityMask: 3n, androidPreventCommsForBluetooth: true });
    const lines: string[] = [];
    alice.on('voiceLog', (e) => lines.push(`${e.severity} ${e.message}`));
    await w.signIn(alice);
    const lobby = await alice.lobbies.createOrJoin('voice-log');
    const call = alice.voice.startCall(lobby.id);
    await connected(call);
    await until(() => lines.some((l) => l.includes('Voice engine started')));
    expect(lines.find((l) => l.includes('Voice engine started'))).toContain('audio system Game, CPU affinity mask 0x3, Android prevent comms for Bluetooth on');
    // Log lines arrive from the SDK's log thread: wait for them rather than assume they are in.
    await until(() => lines.some((l) => l.startsWith('info') && /status/i.test(l)));
    await until(() => fs.readdirSync(dir).some((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('Voice engine started')));
  } finally {
    w.sim.diagnostics.setDebugBuild(false);
  }
});
