// torture-node-args: --expose-gc
// Garbage collection while events are queued: clients in a lobby with a message flood and calls
// with raw audio; while the flood's events sit in the native queues, clients are dropped without
// close() (unref'd or never connected, so they cannot hold the process), others are closed and
// dropped, and lobby snapshots, messages, calls and their audio objects are dropped, with
// global.gc() run again and again between pump ticks. No crash; every closed-and-dropped client
// is actually collected (nothing native or in the pump keeps it); the surviving clients still get
// events; and the process exits by itself.
'use strict';
const { Run, readyClients, sleep, until, world } = require('./_common.cjs');

if (typeof global.gc !== 'function') {
  console.error('gc-with-events-queued needs node --expose-gc');
  process.exit(2);
}

/** Closes half of `dropped` and unref()s the rest (some with a send in flight), all while events are queued. */
async function dropClients(run, w, dropped, lobbyId, registry, flood) {
  const closed = [];
  const abandoned = [];
  for (const c of dropped) (run.rng.chance(0.5) ? closed : abandoned).push(c);
  for (const c of abandoned) {
    c.unref();
    if (run.rng.chance(0.5)) c.lobbies.get(lobbyId)?.sendMessage('abandoned with this in flight').catch(() => {});
  }
  flood();
  const closing = closed.map((c) => c.close());
  closed.forEach((c, i) => registry.register(c, `closed${i}`));
  abandoned.forEach((c, i) => registry.register(c, `abandoned${i}`));
  await Promise.all(closing);
  run.count('closed', closed.length);
  run.count('abandoned', abandoned.length);
}

Run.main('gc-with-events-queued', async (run) => {
  const { rng } = run;
  const w = world({ latency: 1 });
  const n = 6 + rng.int(6);
  const setup = await readyClients(w, n);
  let clients = setup.clients;
  const { users, lobbyId } = setup;
  const speaker = w.user('speaker');
  w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: speaker.id }]);
  w.sim.voice.joinCall(speaker.id, lobbyId);

  // Objects that hold native state: snapshots, messages, calls with audio.
  let kept = [];
  const finalized = new Set();
  const registry = new FinalizationRegistry((tag) => finalized.add(tag));
  let received = 0;
  clients.forEach((c, i) => {
    c.on('messageCreated', (m) => {
      received++;
      if (rng.chance(0.2)) kept.push(m, m.author);  // held for a while, then dropped
    });
    c.on('lobbyUpdated', (e) => kept.push(e.lobby));
    c.on('lobbyMemberUpdated', (e) => kept.push(e.member));
    kept.push(c.lobbies.get(lobbyId), c.lobbies.list(), c.users.current);
    if (i < 3) {
      const call = c.voice.startCallWithAudio(lobbyId, { onReceived: (f) => { if (rng.chance(0.01)) kept.push(f); } });
      kept.push(call, call.audio);
      registry.register(call, `call${i}`);
    }
  });
  await until(() => clients[0].voice.calls()[0]?.status === 'connected', 5000, 'a call connected');
  w.sim.voice.speak(speaker.id, lobbyId, { durationMs: 60_000 });

  // A never-connected client, dropped at once.
  registry.register(w.client(), 'neverConnected');

  // The flood: lobby messages from the backend, queued natively until the next pump tick.
  const flood = () => {
    for (let k = 0; k < 20 + rng.int(40); k++) w.sim.backend.sendLobbyMessageAs(speaker.id, lobbyId, `flood ${k}`);
  };
  flood();
  await sleep(rng.int(3));

  // Split: survivors (the first two), closed-and-dropped, dropped-without-close (unref'd). In a
  // function of its own: a finished frame holds no stale references (a live async frame can keep
  // its last loop variable, which would look like a leak).
  const survivors = clients.slice(0, 2);
  await dropClients(run, w, clients.slice(2), lobbyId, registry, flood);
  clients = null;
  setup.clients = null;

  // GC storm: collections between pump ticks while events keep coming.
  for (let round = 0; round < 20; round++) {
    if (round === 5) kept = [];  // drop every snapshot, message, call and audio object
    if (round % 4 === 0) flood();
    global.gc();
    await sleep(rng.int(4));
  }
  const expectedClosed = run.counts.closed ?? 0;
  await until(() => {
    global.gc();
    return [...finalized].filter((t) => t.startsWith('closed')).length === expectedClosed;
  }, 5000, 'every closed and dropped client collected').catch((err) => {
    run.check(false, `${err.message}: finalized ${[...finalized].join(',')}`);
  });
  // Clients never closed stay registered with the pump (like an open socket), so they are not
  // collected: counted, not asserted.
  run.count('finalized', finalized.size);
  run.check(received > 0, 'no message events at all');

  // The survivors still get events and still answer.
  const got = new Promise((resolve) => survivors[1].on('messageCreated', (m) => { if (m.content === 'after the storm') resolve(m); }));
  await run.track(survivors[0].lobbies.get(lobbyId).sendMessage('after the storm'), 'sendMessage', ['resolved']);
  await got;
  for (const c of survivors) await c.close();
  global.gc();
  run.check(users.length === n, 'setup');
  // Exit by itself: the abandoned clients are unref'd, the never-connected one never held it.
});
