// Worker threads that load the addon, connect, join a lobby, start a call with raw audio and put
// operations in flight are terminated (or exit by themselves with process.exit()) at a point the
// seed picks: while loading, connecting, calling, or with audio flowing. One to three workers at
// a time. The main thread's own client keeps working throughout and afterwards: it exchanges a
// message with a new client, both close, and the process exits by itself.
'use strict';
const { Worker } = require('node:worker_threads');
const path = require('node:path');
const { debug, Run, readyClients, sleep, until, world } = require('./_common.cjs');

const STAGES = ['created', 'loaded', 'connecting', 'ready', 'calling', 'audio', 'busy'];

// The worker shares the process's simulated platform (no reset), with users of its own.
const WORKER_BODY = `
const { parentPort, workerData } = require('node:worker_threads');
const { world, readyClients, until, debug } = require(${JSON.stringify(path.join(__dirname, '_common.cjs'))});
const stage = (s) => parentPort.postMessage(s);
(async () => {
  const w = world({ latency: 1, reset: false, name: 'worker' });
  stage('loaded');
  const mine = w.client({ logLevel: 'verbose' });
  mine.on('log', () => {});
  const me = w.user('w');
  await mine.auth.updateToken(w.sim.auth.issueToken(me.id, { applicationId: w.app.id }).accessToken);
  const connecting = mine.connect();
  stage('connecting');
  await connecting;
  stage('ready');
  const { clients, lobbyId } = await readyClients(w, 1);
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: me.id }]);
  debug('worker: others ready');
  await until(() => mine.lobbies.get(lobbyId) !== null, 5000, 'worker client in the lobby');
  let frames = 0;
  const call = mine.voice.startCallWithAudio(lobbyId, {
    onReceived: () => { if (++frames === 3) stage('audio'); },
    onCaptured: () => {},
  });
  const peer = clients[0].voice.startCallWithAudio(lobbyId, { onReceived: () => {} });
  stage('calling');
  await until(() => call.status === 'connected' && peer.status === 'connected', 5000, 'worker calls connected');
  w.sim.voice.speak(clients[0].users.current.id, lobbyId, { durationMs: 60000 });
  w.sim.voice.speak(me.id, lobbyId, { durationMs: 60000 });
  // In flight when the worker ends: an authorization waiting for consent nobody gives (the
  // network latency is process-wide, so the worker must not raise it under the main thread).
  mine.auth.authorize({ scopes: 'openid' }).catch(() => {});
  mine.messages.getSummaries().catch(() => {});
  mine.lobbies.get(lobbyId).sendMessage('from a doomed worker').catch(() => {});
  stage('busy');
  setInterval(() => w.sim.diagnostics.emitLog('worker tick', 'error'), 1);
  if (workerData.selfExit) setTimeout(() => process.exit(0), workerData.delay);
})().catch((err) => parentPort.postMessage('failed: ' + (err && err.stack)));
`;

/** Runs one worker to `stage`, then ends it (terminate, or its own process.exit). */
async function oneWorker(run, stage) {
  const selfExit = stage === 'busy' && run.rng.chance(0.5);
  const delay = run.rng.int(8);
  const worker = new Worker(WORKER_BODY, { eval: true, workerData: { selfExit, delay } });
  debug('worker', worker.threadId, 'to', stage, selfExit ? 'self-exit' : 'terminate', delay);
  worker.on('message', (m) => debug('worker', worker.threadId, 'says', m));
  worker.on('exit', (c) => debug('worker', worker.threadId, 'exit', c));
  const errors = [];
  worker.on('error', (e) => errors.push(e));
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  if (stage !== 'created') {
    await new Promise((resolve) => {
      worker.on('message', (m) => {
        if (typeof m === 'string' && m.startsWith('failed')) {
          run.check(false, `worker: ${m.slice(0, 300)}`);
          resolve();
        }
        if (m === stage) resolve();
      });
      worker.once('exit', resolve);
    });
  }
  if (selfExit) {
    run.count('selfExit');
  } else {
    await sleep(delay);
    debug('terminate', worker.threadId);
    await worker.terminate();
    debug('terminated', worker.threadId);
  }
  await exited;
  run.check(errors.length === 0, `worker error: ${errors[0]?.stack}`);
}

Run.main('worker-terminated', async (run) => {
  const { rng } = run;
  const w = world({ latency: 1 });
  const { users, clients, lobbyId } = await readyClients(w, 1);
  const main = clients[0];
  let ticks = 0;
  main.on('log', () => { ticks++; });
  const keepAlive = setInterval(() => w.sim.diagnostics.emitLog('main tick', 'error'), 2);

  const rounds = 1 + rng.int(3);
  for (let r = 0; r < rounds; r++) {
    const stages = Array.from({ length: 1 + rng.int(3) }, () => rng.pick(STAGES));
    for (const s of stages) run.count(s);
    await Promise.all(stages.map((s) => oneWorker(run, s)));
  }
  clearInterval(keepAlive);
  debug('main: workers done, ticks', ticks);

  // The main thread still works: its client still gets events, and a new client talks to it.
  const before = ticks;
  w.sim.diagnostics.emitLog('main after the workers', 'error');
  await until(() => ticks > before, 5000, 'a log event after the workers');
  const other = w.user();
  const fresh = w.client();
  await w.signIn(fresh, other);
  debug('main: fresh client ready');
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: other.id }]);
  await until(() => fresh.lobbies.get(lobbyId) !== null, 5000, 'the new client in the lobby');
  debug('main: fresh client in the lobby');
  const got = new Promise((resolve) => main.on('messageCreated', (m) => { if (m.authorId === other.id) resolve(m.content); }));
  await run.track(fresh.lobbies.get(lobbyId).sendMessage('after the workers'), 'sendMessage', ['resolved']);
  run.check((await got) === 'after the workers', 'the main client did not receive the message');
  await Promise.all([main.close(), fresh.close()]);
  run.check(users.length === 1, 'setup');
  run.counts.rounds = rounds;
});
