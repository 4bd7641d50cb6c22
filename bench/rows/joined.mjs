// Row 14: the same app code in-process and joined to a world host (issue 39), side by side in one
// run. A child process runs the measurements twice, once with its own world and once with
// PLATFORM_SIM_HOST naming a host (`simulator serve`, started here): nothing else differs.
//   14a getter: `client.voice.inputVolume` (one native call, four SDK getters: Client_GetInputVolume,
//       GetOutputVolume, GetSelfMuteAll, GetSelfDeafAll), µs per read; joined, each getter is a
//       round trip to the host.
//   14b message delivery: Alice's lobby messages reaching Bob's `messageCreated` listener, from the
//       first to the last of a batch of 500 sent without waiting, messages/s. In-process both
//       clients are in the child; joined, Alice is in a second joined process (from one process to
//       another through the host).
//   14c sign-in to Ready: row 11's flow (consent answered beforehand, login, updateToken, connect).
// Targets are "reported": the issue sets none (docs/performance.md, row 14).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Client, makeRow, median, now, quick, root, runJsonChild, sleep, Simulator,
} from '../common.mjs';

const SELF = fileURLToPath(import.meta.url);
const GETTER_READS = quick ? 500 : 2000;
const SIGN_INS = quick ? 3 : 10;
const BATCH = 500;
const BATCHES = quick ? 1 : 3;
const LOBBY = 'bench-joined';

const emit = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);

async function signedIn(sim, app, user) {
  const c = new Client({ applicationId: app });
  await c.auth.updateToken(sim.auth.issueToken(user, { applicationId: app }).accessToken);
  await c.connect();
  return c;
}

/**
 * Counts Bob's receipts of each batch. Resolves with messages/s per complete batch (first to last
 * receipt) and how many messages never arrived, once every batch is complete or `ms` passed.
 */
function receiveBatches(bob, ms) {
  const perBatch = new Map();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      bob.off('messageCreated', listener);
      const complete = [...perBatch.values()].filter((x) => x.n === BATCH);
      const received = [...perBatch.values()].reduce((n, x) => n + x.n, 0);
      resolve({ rates: complete.map((x) => ((BATCH - 1) * 1000) / (x.last - x.first)), lost: BATCHES * BATCH - received });
    };
    const timer = setTimeout(finish, ms);
    const listener = (m) => {
      const batch = m.metadata['batch'];
      if (batch === undefined) return;
      let b = perBatch.get(batch);
      if (!b) perBatch.set(batch, (b = { first: now(), last: 0, n: 0 }));
      b.last = now();
      if (++b.n === BATCH && perBatch.size === BATCHES && [...perBatch.values()].every((x) => x.n === BATCH)) finish();
    };
    bob.on('messageCreated', listener);
  });
}

/** Alice sends BATCHES batches of BATCH lobby messages, each without waiting for each message. */
async function sendBatches(lobby) {
  for (let i = 0; i < BATCHES; i++) {
    const sends = [];
    for (let k = 0; k < BATCH; k++) sends.push(lobby.sendMessage(`message ${k}`, { metadata: { batch: String(i) } }));
    await Promise.all(sends);
    await sleep(200);
  }
}

// The measuring child: sign-in, getter and Bob's side of the delivery. Joined, it asks the parent
// (a line on stdout) to start Alice's process and waits for her batches.
async function measure() {
  const joined = Boolean(process.env.PLATFORM_SIM_HOST);
  const sim = Simulator.attach();
  if (!joined) sim.reset();
  sim.network.setLatency(0);
  const app = sim.applications.create({ name: 'Bench joined' }).id;
  const alice = sim.users.create({ username: 'alice' }).id;
  const bob = sim.users.create({ username: 'bob' }).id;

  const signIns = [];
  for (let i = 0; i <= SIGN_INS; i++) {
    const c = new Client({ applicationId: app });
    sim.auth.setConsent(alice);
    const t = now();
    const tokens = await c.auth.login();
    await c.auth.updateToken(tokens.accessToken);
    await c.connect();
    if (i > 0) signIns.push(now() - t);  // the first is a warm-up
    if (c.status !== 'ready') throw new Error(`joined bench: sign-in ended in ${c.status}`);
    await c.close();
  }

  const b = await signedIn(sim, app, bob);
  const getter = [];
  for (let r = 0; r < 5; r++) {
    let sum = 0;
    const t = now();
    for (let i = 0; i < GETTER_READS; i++) sum += b.voice.inputVolume;
    getter.push(((now() - t) * 1000) / GETTER_READS);
    if (!(sum >= 0)) throw new Error('joined bench: getter read nothing');
  }

  await b.lobbies.createOrJoin(LOBBY);
  const received = receiveBatches(b, 30_000);
  let a = null;
  if (joined) {
    emit({ startSender: { app, alice } });
  } else {
    a = await signedIn(sim, app, alice);
    await sendBatches(await a.lobbies.createOrJoin(LOBBY));
  }
  const { rates, lost } = await received;
  await a?.close();
  await b.close();
  emit({ signIns, getter, rates, lost });
}

// Alice's process (joined only): signs in, joins the lobby, sends the batches.
async function send(app, alice) {
  const sim = Simulator.attach();
  const a = await signedIn(sim, app, alice);
  await sendBatches(await a.lobbies.createOrJoin(LOBBY));
  await a.close();
  emit({ sent: BATCHES * BATCH });
}

/** Starts `simulator serve` and resolves with its PLATFORM_SIM_HOST value and the process. */
function startHost() {
  return new Promise((resolve, reject) => {
    const env = { ...process.env };
    delete env.PLATFORM_SIM_HOST;
    const p = spawn(process.execPath, [join(root, 'scripts', 'cli.mjs'), 'simulator', 'serve'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => { p.kill('SIGKILL'); reject(new Error('joined bench: no PLATFORM_SIM_HOST line from the host in 20 s')); }, 20_000);
    createInterface({ input: p.stdout }).on('line', (line) => {
      if (!line.startsWith('PLATFORM_SIM_HOST=')) return;
      clearTimeout(timer);
      resolve({ address: line.slice('PLATFORM_SIM_HOST='.length).trim(), p });
    });
    p.on('error', reject);
  });
}

/** The measuring child, joined: starts Alice's process when it asks. Resolves with its result. */
function measureJoined(address) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PLATFORM_SIM_HOST: address };
    const m = spawn(process.execPath, [SELF, '--child=measure', ...(quick ? ['--quick'] : [])], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let sender = null;
    createInterface({ input: m.stdout }).on('line', (line) => {
      const msg = JSON.parse(line);
      if (msg.startSender) {
        const s = spawn(process.execPath, [SELF, '--child=send', msg.startSender.app, msg.startSender.alice, ...(quick ? ['--quick'] : [])],
          { env, stdio: ['ignore', 'ignore', 'inherit'] });
        sender = new Promise((done) => s.on('close', (code) => (code === 0 ? done() : reject(new Error(`joined bench: the sender exited with ${code}`)))));
      } else {
        resolve(Promise.resolve(sender).then(() => msg));
      }
    });
    m.on('close', (code) => { if (code !== 0) reject(new Error(`joined bench: measuring child exited with ${code}`)); });
  });
}

export default async function joinedRows() {
  const inProcess = await runJsonChild([SELF, '--child=measure', ...(quick ? ['--quick'] : [])], 'in-process measuring child');
  const host = await startHost();
  let joined;
  try {
    joined = await measureJoined(host.address);
  } finally {
    host.p.kill('SIGKILL');
  }
  const rows = [];
  const pair = (key, name, unit) => {
    const x = inProcess[key];
    const y = joined[key];
    rows.push(makeRow(`14${name} in-process`, x, unit, 'reported', 'reported', { joined: median(y) }));
    rows.push(makeRow(`14${name} joined`, y, unit, 'reported', 'reported', { 'in-process': median(x), 'joined / in-process': median(y) / median(x) }));
  };
  pair('getter', 'a getter, client.voice.inputVolume (4 SDK getters),', 'µs');
  // Delivery counts only when nothing was lost: a lost message is a failure, not a slow one.
  const sent = BATCHES * BATCH;
  for (const [side, r] of [['in-process', inProcess], ['joined', joined]]) {
    const name = `14b message delivery, Alice → Bob (joined: process to process), ${side}`;
    const other = side === 'joined' ? inProcess : joined;
    const verdict = r.lost === 0 ? 'reported' : `NOT MET: ${r.lost} of ${sent} messages lost`;
    rows.push(makeRow(name, r.rates.length ? r.rates : [0], 'msg/s', 'reported, none lost', verdict,
      { lost: r.lost, [side === 'joined' ? 'in-process' : 'joined']: other.rates.length ? median(other.rates) : 0 }));
  }
  pair('signIns', 'c sign-in to Ready,', 'ms');
  return rows;
}

const childArg = process.argv.find((a) => a.startsWith('--child='));
if (childArg) {
  const role = childArg.slice('--child='.length);
  const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  if (role === 'measure') await measure();
  else await send(positional[0], positional[1]);
  process.exit(0);
}
