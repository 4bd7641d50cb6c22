// Clients created and closed in a loop, the way a game recreates its client on sign-out: closed
// at once (same tick as the constructor), while connecting, once ready, with operations in flight,
// or overlapping the next one's creation; sometimes from a status listener. Every promise settles,
// every SDK callback is released, the client created last still works, and the process exits by
// itself.
'use strict';
const { PlatformError, Run, sleep, until, world } = require('./_common.cjs');

const STAGES = ['constructed', 'tokenSet', 'connecting', 'ready', 'busy', 'inStatusListener'];

Run.main('create-close-loop', async (run) => {
  const { rng } = run;
  const w = world({ latency: rng.pick([0, 1, 2]) });
  const me = w.user();
  const iterations = 12 + rng.int(12);
  let previous = null;
  for (let i = 0; i < iterations; i++) {
    const client = w.client({ pumpIntervalMs: 1 + rng.int(3) });
    const stage = rng.pick(STAGES);
    run.count(stage);
    // Sometimes the previous client is still open while this one starts.
    if (previous && rng.chance(0.5)) {
      await previous.close();
      previous = null;
    }
    const token = w.sim.auth.issueToken(me.id, { applicationId: w.app.id });
    if (stage !== 'constructed') await run.track(client.auth.updateToken(token.accessToken), 'updateToken', ['resolved']);
    if (stage === 'connecting') {
      run.track(client.connect(), 'connect', ['clientDestroyed', 'resolved']);
      await sleep(rng.int(3));
    } else if (stage === 'ready' || stage === 'busy' || stage === 'inStatusListener') {
      await run.track(client.connect(), 'connect', ['resolved']);
      run.check(client.users.current?.id === me.id, `iteration ${i}: users.current is not the signed-in user`);
    }
    if (stage === 'busy') {
      run.track(client.auth.fetchCurrentUser(token.accessToken), 'fetchCurrentUser', ['resolved', 'clientDestroyed']);
      run.track(client.lobbies.createOrJoin(`loop-${i % 3}`), 'createOrJoin', ['resolved', 'clientDestroyed']);
      run.track(client.auth.refreshToken(token.refreshToken), 'refreshToken', ['resolved', 'clientDestroyed']);
      await sleep(rng.int(4));
    }
    if (stage === 'inStatusListener') {
      // close() from the listener of the 'disconnecting' status the client's own disconnect() causes.
      const closed = new Promise((resolve) => {
        client.on('status', (e) => { if (e.status !== 'ready') resolve(client.close()); });
      });
      run.track(client.disconnect(), 'disconnect', ['resolved', 'clientDestroyed']);
      await closed;
    }
    if (rng.chance(0.3) && previous === null) {
      previous = client;  // closed on the next iteration (or at the end)
    } else {
      await client.close();
      run.check(client.closed, `iteration ${i}: closed is false after close()`);
    }
  }
  if (previous) await previous.close();

  // The client created last works like the first one did.
  const last = w.client();
  await w.signIn(last, me);
  run.check(last.users.current?.id === me.id, 'the final client did not sign in');
  const fetched = await run.track(last.auth.fetchCurrentUser(w.sim.auth.issueToken(me.id, { applicationId: w.app.id }).accessToken), 'final', ['resolved']);
  run.check(!(fetched instanceof PlatformError) && fetched?.id === me.id, 'the final client fetched someone else');
  await last.close();
  await sleep(5);
  run.check(run.pending === 0, `${run.pending} promises never settled`);
  await until(() => w.sim.diagnostics.liveCallbackCount() === 0, 3000, 'every SDK callback released');
  run.counts.iterations = iterations;
});
