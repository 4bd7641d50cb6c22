// The teardown race between environments: Platform_RunCallbacks is process-wide, so the main
// thread's pump runs a worker's client callbacks too. Workers whose clients receive a flood of
// lobby messages (sent from the main thread, so the main pump delivers many of them) are
// terminated, or close their clients, at random moments; meanwhile the main thread's own client
// is closed and recreated under the same flood. A message callback running on one thread while
// another drops its client used the freed client (heap-use-after-free under ASan; fixed in
// ClientWrap::Shutdown, which now drops under the run mutex). Then the main thread still works.
'use strict';
const { Worker } = require('node:worker_threads');
const path = require('node:path');
const { Run, readyClients, sleep, until, world } = require('./_common.cjs');

const WORKER_BODY = `
const { parentPort, workerData } = require('node:worker_threads');
const { world, readyClients } = require(${JSON.stringify(path.join(__dirname, '_common.cjs'))});
(async () => {
  const w = world({ latency: 0, reset: false, name: 'race' });
  const { clients, lobbyId } = await readyClients(w, 2 + (workerData.seed % 3));
  for (const c of clients) c.on('messageCreated', () => {});
  parentPort.postMessage({ lobbyId, speaker: clients[0].users.current.id });
  // Sometimes the worker closes its own clients mid-flood instead of being terminated.
  if (workerData.closeItself) setTimeout(() => { for (const c of clients) c.close(); }, workerData.delay);
})().catch((err) => parentPort.postMessage({ failed: String(err && err.stack) }));
`;

Run.main('worker-drop-race', async (run) => {
  const { rng } = run;
  const w = world({ latency: 0 });
  const { users, clients, lobbyId: mainLobby } = await readyClients(w, 2);
  let mainClient = clients[0];
  let mainMessages = 0;
  clients[1].on('messageCreated', () => { mainMessages++; });

  const workers = 4 + rng.int(6);
  for (let i = 0; i < workers; i++) {
    const closeItself = rng.chance(0.3);
    const delay = rng.int(12);
    const worker = new Worker(WORKER_BODY, { eval: true, workerData: { seed: run.seed + i, closeItself, delay } });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const first = await new Promise((resolve) => {
      worker.once('message', resolve);
      worker.once('exit', () => resolve({ failed: 'exited early' }));
    });
    if (!run.check(!first.failed, `worker ${i}: ${first.failed}`)) {
      await worker.terminate();
      continue;
    }
    // The flood: the main thread queues message events for the worker's clients (and its own).
    const flood = setInterval(() => {
      for (let k = 0; k < 10; k++) {
        try {
          w.sim.backend.sendLobbyMessageAs(first.speaker, first.lobbyId, `flood ${k}`);
        } catch {
          // the worker's lobby may be gone already
        }
      }
      w.sim.backend.sendLobbyMessageAs(users[0].id, mainLobby, 'main flood');
    }, 1);
    await sleep(delay);
    // The main client is closed and recreated under the flood, sometimes at the same moment.
    if (rng.chance(0.3)) {
      await mainClient.close();
      mainClient = w.client();
      await w.signIn(mainClient, users[0]);
      run.count('mainRecreated');
    }
    if (closeItself) {
      await sleep(delay + 2);
      run.count('closedItself');
    }
    await worker.terminate();
    await exited;
    clearInterval(flood);
  }
  run.counts.workers = workers;
  // The main thread still works: its other client keeps receiving its lobby's messages.
  const before = mainMessages;
  w.sim.backend.sendLobbyMessageAs(users[0].id, mainLobby, 'after the race');
  await until(() => mainMessages > before, 5000, 'a message after the race');
  await Promise.all([mainClient.close(), clients[1].close()]);
  await until(() => w.sim.diagnostics.liveCallbackCount() === 0, 3000, 'every SDK callback released');
});
