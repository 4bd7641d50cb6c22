// The process ends while audio frames flow: two clients in a lobby call with raw audio callbacks
// (received and captured), one in push-to-talk toggled by a timer, a simulated third member
// speaking; once frames arrive, the seed picks how it ends: process.exit() from inside an audio
// handler, from a timer or from a call event; close() of both clients mid-stream, then a natural
// exit; close() (or call.end() then close()) from inside an audio handler, then a natural exit;
// or unref() with the calls still running, and a natural exit with the SDK's audio threads still
// going.
'use strict';
const { Run, readyClients, sleep, until, world } = require('./_common.cjs');

const MODES = ['exitInHandler', 'exitInTimer', 'exitInCallEvent', 'closeThenExit', 'unrefExit', 'closeInHandler', 'endInHandler'];

Run.main('exit-audio', async (run) => {
  const { rng } = run;
  const mode = MODES[run.seed % MODES.length];
  run.counts.mode = mode;
  const w = world({ latency: 1 });
  const { users, clients, lobbyId } = await readyClients(w, 2);
  const remote = w.user('speaker');
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: remote.id }]);
  await until(() => clients[0].lobbies.get(lobbyId)?.members.length === 3, 5000, 'speaker in the lobby');
  w.sim.voice.joinCall(remote.id, lobbyId);

  let frames = 0;
  let exitAfter = 1 + rng.int(30);
  let onFrame = () => {};
  const handler = () => {
    frames++;
    onFrame();
  };
  const calls = clients.map((c) => c.voice.startCallWithAudio(lobbyId, { onReceived: handler, onCaptured: handler }));
  for (const call of calls) call.on('error', (e) => run.check(false, `audio handler error: ${e.message}`));
  calls[1].audioMode = 'ptt';
  const ptt = setInterval(() => {
    try {
      calls[1].pttActive = !calls[1].pttActive;
    } catch {
      clearInterval(ptt);  // the client closed under it
    }
  }, 1 + rng.int(5));
  ptt.unref();
  await until(() => calls.every((c) => c.status === 'connected'), 5000, 'calls connected');
  for (const u of [remote, ...users]) w.sim.voice.speak(u.id, lobbyId, { durationMs: 60_000, frequencyHz: 200 + rng.int(600) });

  const exitNow = () => {
    run.finish({ frames });
    process.exit(0);
  };
  // After every client closed: no frame reaches JS any more and the SDK released every callback.
  const checkQuietAfterClose = async () => {
    const seen = frames;
    await sleep(20);
    run.check(frames === seen, `${frames - seen} frames delivered after close()`);
    await until(() => w.sim.diagnostics.liveCallbackCount() === 0, 3000, 'every SDK callback released');
    run.counts.frames = frames;
  };
  switch (mode) {
    case 'exitInHandler':
      onFrame = () => { if (frames >= exitAfter) exitNow(); };
      await new Promise(() => {});
      break;
    case 'exitInTimer':
      await until(() => frames >= exitAfter, 10000, 'audio frames');
      setTimeout(exitNow, rng.int(10));
      await new Promise(() => {});
      break;
    case 'exitInCallEvent':
      // A status or speaking event of the call, delivered by the pump, while frames flow.
      exitAfter = 1;
      await until(() => frames >= exitAfter, 10000, 'audio frames');
      calls[0].on('speakingChanged', exitNow);
      calls[0].on('participantChanged', exitNow);
      w.sim.voice.leaveCall(remote.id, lobbyId);
      await new Promise(() => {});
      break;
    case 'closeThenExit': {
      await until(() => frames >= exitAfter, 10000, 'audio frames');
      await sleep(rng.int(10));
      if (rng.chance(0.5)) await run.track(calls[0].end(), 'end', ['resolved']);
      await Promise.all(clients.map((c) => c.close()));
      const stats = calls.map((c) => c.audio.stats());
      // The JS count is over all calls; one call may not have had a frame yet on a loaded machine.
      run.check(stats.reduce((n, s) => n + s.receivedFrames + s.capturedFrames, 0) > 0, 'no frames counted natively');
      await checkQuietAfterClose();
      break;  // the process must exit by itself
    }
    case 'closeInHandler':
    case 'endInHandler': {
      // From inside an audio handler: the native drain that called it is still on the stack.
      const done = new Promise((resolve) => {
        let fired = false;
        onFrame = () => {
          // '>=' and once: frames (captured ones too) may have passed exitAfter before this
          // handler was installed; waiting for equality then hung (seen under ASan, seed 69).
          if (fired || frames < exitAfter) return;
          fired = true;
          if (mode === 'closeInHandler') resolve(Promise.all(clients.map((c) => c.close())));
          else resolve(run.track(calls[0].end(), 'end', ['resolved']).then(() => Promise.all(clients.map((c) => c.close()))));
        };
      });
      await done;
      await checkQuietAfterClose();
      break;  // the process must exit by itself
    }
    case 'unrefExit':
      await until(() => frames >= exitAfter, 10000, 'audio frames');
      for (const c of clients) c.unref();
      run.atExit = () => ({ frames });
      break;
  }
});
