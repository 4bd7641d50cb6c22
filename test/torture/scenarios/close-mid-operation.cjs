// client.close() while operations are in flight, called from a timer, an immediate, a promise
// reaction or an event listener inside the pump, sometimes twice at once: every promise pending
// at close() rejects with PlatformError 'clientDestroyed' exactly once; a second close()
// resolves; operations after close reject (or throw, for the synchronous ones) clientDestroyed;
// every SDK callback is released; the process then exits by itself.
'use strict';
const { PlatformError, Run, readyClients, sleep, until, world } = require('./_common.cjs');
const { startOperations, isPending } = require('./_ops.cjs');

/** Calls `close` from the place the seed picks; resolves once it ran. */
function closeFromSomewhere(run, w, client, where, close) {
  return new Promise((resolve) => {
    const go = () => resolve(close());
    run.count(`from_${where}`);
    switch (where) {
      case 'timer': setTimeout(go, run.rng.int(8)); break;
      case 'immediate': setImmediate(go); break;
      case 'then': Promise.resolve().then(go); break;
      case 'listener': {
        // Inside the pump's dispatch, with more events of the same batch still to come.
        const once = () => { client.off('log', once); go(); };
        client.on('log', once);
        for (let i = 0; i < 3; i++) w.sim.diagnostics.emitLog(`torture: close ${i}`, 'error');
        break;
      }
      case 'statusListener': {
        // Inside a status change: the network drops and the client starts reconnecting.
        const once = () => { client.off('status', once); go(); };
        client.on('status', once);
        w.sim.network.setOnline(false);
        break;
      }
    }
  });
}

Run.main('close-mid-operation', async (run) => {
  const { rng } = run;
  const w = world({ latency: 1 });
  const count = 1 + rng.int(3);
  const { users, clients, tokens, lobbyId } = await readyClients(w, count + 1);
  const target = clients.slice(0, count);
  // A client still connecting, with its connect() waiter pending.
  const connecting = w.client();
  const connectingUser = w.user();
  await connecting.auth.updateToken(w.sim.auth.issueToken(connectingUser.id, { applicationId: w.app.id }).accessToken);
  // Inside the pump's dispatch, a completion earlier in the same batch has settled its operation
  // but not yet the promise the API returned (async wrappers settle a few microtasks later), so
  // "pending at close()" cannot be told from JS there: those closes run with nothing able to
  // complete. The others (between macrotasks, where the reading is exact) race real completions.
  const where = rng.pick(['timer', 'immediate', 'then', 'listener', 'statusListener']);
  const inDispatch = where === 'listener' || where === 'statusListener';
  w.sim.network.setLatency(inDispatch ? 100000 : rng.pick([0, 1, 2, 5, 100000]));
  const ops = [{ name: 'connect', client: connecting, promise: connecting.connect() }];
  target.forEach((client, i) => {
    const ctx = { sim: w.sim, app: w.app, me: users[i], other: users[count], token: tokens[i], lobbyId };
    for (const op of startOperations(client, ctx, rng, 2 + rng.int(10))) ops.push({ ...op, client });
  });
  for (const op of ops) run.track(op.promise, op.name);
  await sleep(rng.int(6));

  // Close every target client (and the connecting one), one of them from somewhere unusual.
  const closing = [...target, connecting];
  const pendingAtClose = new Map(closing.map((c) => [c, []]));
  const closeOne = (c) => {
    pendingAtClose.set(c, ops.filter((o) => o.client === c && isPending(o.promise)));
    const twice = rng.chance(0.3);
    if (twice) run.count('concurrentClose');
    return twice ? Promise.all([c.close(), c.close()]).then(() => undefined) : c.close();
  };
  const first = await closeFromSomewhere(run, w, closing[0], where, () => closeOne(closing[0]));
  run.check(first === undefined || first instanceof Promise, 'close() returned something odd');
  await first;
  await Promise.all(closing.slice(1).map(closeOne));
  w.sim.network.setOnline(true);

  for (const [client, pending] of pendingAtClose) {
    for (const op of pending) {
      const outcome = await op.promise.then(() => 'resolved', (e) => (e instanceof PlatformError ? e.type : String(e)));
      run.check(outcome === 'clientDestroyed', `${op.name} pending at close(): ${outcome}, expected clientDestroyed`);
    }
    run.count('pendingAtClose', pending.length);
    run.check(client.closed === true, 'closed is false after close()');
    run.check(client.users.current === null, 'users.current survives close()');
    run.check((await client.close()) === undefined, 'a second close() did not resolve undefined');
  }

  // After close: asynchronous operations reject, synchronous ones throw, clientDestroyed.
  const after = target[0];
  const later = [
    after.auth.refreshToken(tokens[0].refreshToken), after.connect(), after.lobbies.createOrJoin('late'),
    after.messages.sendToUser(users[count].id, 'late'), after.voice.inputDevices(),
  ];
  for (const p of later) run.track(p, 'afterClose', ['clientDestroyed']);
  let thrown = null;
  try {
    after.voice.startCall(lobbyId);
  } catch (err) {
    thrown = err;
  }
  run.check(thrown instanceof PlatformError && thrown.type === 'clientDestroyed',
    `startCall after close: ${thrown?.type ?? thrown}, expected a clientDestroyed throw`);

  await Promise.allSettled([...ops, ...later.map((promise) => ({ promise }))].map((o) => o.promise));
  run.check(run.pending === 0, `${run.pending} promises never settled`);
  // The survivor (the lobby's other member) still works after its peers were torn down.
  const survivor = clients[count];
  w.sim.network.setLatency(1);
  await run.track(survivor.messages.getSummaries(), 'survivor', ['resolved']);
  await survivor.close();
  await until(() => w.sim.diagnostics.liveCallbackCount() === 0, 3000, 'every SDK callback released');
});
