// The process ends while SDK operations are in flight, four ways (the seed picks one):
//   exit     process.exit() from a timer, an immediate, a nextTick, a promise reaction or an event
//            listener running inside the pump, with operations pending at random latencies;
//   close    every client closed mid-operation, then the process must exit by itself with every
//            promise settled (the pending ones as clientDestroyed);
//   unref    connected clients unref()'d with operations still pending: the process exits by
//            itself, abandoning them;
//   uncaught an uncaught exception (from a timer, a listener or a promise reaction) ends a child
//            process with operations pending: exit code 1 and Node's report, no native crash.
'use strict';
const { spawnSync } = require('node:child_process');
const { Run, TIMEOUT_SCALE, readyClients, sleep, until, world } = require('./_common.cjs');
const { startOperations, isPending } = require('./_ops.cjs');

const MODES = ['exit', 'close', 'unref', 'uncaught'];
const CRASH_SIGNS = /Segmentation fault|FATAL ERROR|Assertion|Aborted|libc\+\+abi|terminate called|AddressSanitizer|double free/;

/** Two ready clients in a lobby and a batch of operations in flight on each. */
async function inFlight(run) {
  const { rng } = run;
  const w = world({ latency: 1 });
  const { users, clients, tokens, lobbyId } = await readyClients(w, 2);
  // A latency the batch cannot outlive, or one where completions race the exit.
  w.sim.network.setLatency(rng.pick([0, 1, 3, 10, 100000]));
  const ops = [];
  clients.forEach((client, i) => {
    const ctx = { sim: w.sim, app: w.app, me: users[i], other: users[1 - i], token: tokens[i], lobbyId };
    for (const op of startOperations(client, ctx, rng, 3 + rng.int(10))) {
      ops.push(op);
      run.track(op.promise, op.name);
    }
  });
  return { w, clients, ops };
}

/** Calls `fn` from one of several places in the event loop, chosen by the seed. */
function fromSomewhere(run, w, client, fn) {
  const where = run.rng.pick(['timer', 'immediate', 'nextTick', 'then', 'listener']);
  run.count(`from_${where}`);
  switch (where) {
    case 'timer': setTimeout(fn, run.rng.int(15)); break;
    case 'immediate': setImmediate(fn); break;
    case 'nextTick': process.nextTick(fn); break;
    case 'then': Promise.resolve().then(fn); break;
    case 'listener':
      // Inside the pump's dispatch: native code is on the stack when fn runs.
      client.on('log', fn);
      w.sim.diagnostics.emitLog('torture: exit now', 'error');
      break;
  }
}

async function exitMode(run) {
  const { w, clients, ops } = await inFlight(run);
  await sleep(run.rng.int(10));
  await new Promise(() => {
    fromSomewhere(run, w, clients[0], () => {
      const pending = ops.filter((o) => isPending(o.promise)).length;
      run.finish({ pendingAtExit: pending });
      process.exit(0);
    });
  });
}

async function closeMode(run) {
  const { w, clients, ops } = await inFlight(run);
  await sleep(run.rng.int(10));
  const pendingAtClose = ops.filter((o) => isPending(o.promise));
  await Promise.all(clients.map((c) => c.close()));
  const outcomes = await Promise.all(pendingAtClose.map((o) => o.promise.then(() => 'resolved', (e) => e?.type)));
  outcomes.forEach((outcome, i) => run.check(outcome === 'clientDestroyed',
    `${pendingAtClose[i].name} pending at close(): ${outcome}, expected clientDestroyed`));
  await Promise.allSettled(ops.map((o) => o.promise));
  await until(() => w.sim.diagnostics.liveCallbackCount() === 0, 3000, 'every SDK callback released');
  run.check(run.pending === 0, `${run.pending} promises never settled`);
  run.count('pendingAtClose', pendingAtClose.length);
  // Nothing else: the process must now exit by itself (else the runner's watchdog calls it a hang).
}

async function unrefMode(run) {
  const { ops, clients } = await inFlight(run);
  for (const c of clients) c.unref();
  run.atExit = () => ({ pendingAtExit: ops.filter((o) => isPending(o.promise)).length });
}

/** The child of uncaught mode: operations in flight, then an exception nobody catches. */
async function uncaughtChild(run) {
  const { w, clients } = await inFlight(run);
  await sleep(run.rng.int(10));
  fromSomewhere(run, w, clients[0], () => {
    throw new Error('torture: deliberate uncaught exception');
  });
}

function uncaughtMode(run) {
  const r = spawnSync(process.execPath, [...process.execArgv, __filename, `--seed=${run.seed}`, '--uncaught-child'],
    { encoding: 'utf8', timeout: 15000 * TIMEOUT_SCALE, env: process.env });
  run.check(r.error === undefined, `child did not finish: ${r.error}`);
  run.check(r.signal === null, `child killed by ${r.signal}`);
  run.check(r.status === 1, `child exit code ${r.status}, expected 1`);
  run.check(r.stderr.includes('torture: deliberate uncaught exception'), 'child stderr lacks the exception');
  run.check(!CRASH_SIGNS.test(r.stderr), `child stderr shows a crash: ${r.stderr.slice(-400)}`);
}

if (process.argv.includes('--uncaught-child')) {
  const run = new Run('exit-in-flight:uncaught-child');
  uncaughtChild(run).catch((err) => {
    console.error(err);
    process.exitCode = 3;
  });
} else {
  const mode = MODES[new Run('probe').seed % MODES.length];
  Run.main('exit-in-flight', async (run) => {
    run.counts.mode = mode;
    if (mode === 'exit') await exitMode(run);
    else if (mode === 'close') await closeMode(run);
    else if (mode === 'uncaught') uncaughtMode(run);
    else await unrefMode(run);
  });
}
