// Many clients in one process (32–64, one user each) in one lobby, all sending lobby messages at
// once: every client receives every other client's messages, then all are closed — in a random
// order, some concurrently, some with operations still in flight — and the process exits by itself.
'use strict';
const { PlatformError, Run, readyClients, sleep, until, world } = require('./_common.cjs');

Run.main('many-clients', async (run) => {
  const { rng } = run;
  const n = 32 + rng.int(33);
  const perClient = 1 + rng.int(3);
  const w = world({ latency: 1 });
  const { users, clients, lobbyId } = await readyClients(w, n, { pumpIntervalMs: 1 + rng.int(10) });
  const seen = clients.map(() => new Set());
  clients.forEach((c, i) => c.on('messageCreated', (m) => { if (m.lobbyId === lobbyId) seen[i].add(m.id); }));

  const sends = [];
  for (let k = 0; k < perClient; k++) {
    clients.forEach((c, i) => {
      const lobby = c.lobbies.get(lobbyId);
      sends.push({ from: i, promise: run.track(lobby.sendMessage(`from ${users[i].username} #${k}`), 'sendMessage', ['resolved']) });
    });
  }
  const ids = await Promise.all(sends.map((s) => s.promise));
  run.check(ids.every((id) => typeof id === 'string'), 'a sendMessage did not resolve with an id');
  const expected = (i) => ids.filter((id, j) => sends[j].from !== i && typeof id === 'string');
  await until(() => clients.every((c, i) => expected(i).every((id) => seen[i].has(id))), 15000, 'every message at every client');
  run.count('messages', ids.length);
  run.count('deliveries', seen.reduce((s, set) => s + set.size, 0));

  // Tear down: some clients with operations in flight, in a random order, some closes concurrent.
  w.sim.network.setLatency(rng.pick([1, 100000]));
  const late = [];
  for (const c of clients) {
    if (rng.chance(0.3)) late.push(run.track(c.messages.getSummaries(), 'late', ['resolved', 'clientDestroyed']));
  }
  const order = clients.map((c, i) => i).sort(() => rng.next() - 0.5);
  const batches = [];
  while (order.length > 0) batches.push(order.splice(0, 1 + rng.int(16)));
  for (const batch of batches) {
    await Promise.all(batch.map((i) => clients[i].close()));
    if (rng.chance(0.3)) await sleep(rng.int(3));
  }
  await Promise.allSettled(late);
  const after = await clients[0].lobbies.createOrJoin('x').catch((e) => e);
  run.check(after instanceof PlatformError && after.type === 'clientDestroyed', 'an operation after close did not reject clientDestroyed');
  run.check(run.pending === 0, `${run.pending} promises never settled`);
  await until(() => w.sim.diagnostics.liveCallbackCount() === 0, 3000, 'every SDK callback released');
  run.counts.clients = n;
});
