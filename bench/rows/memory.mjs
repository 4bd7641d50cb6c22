// Row 7: RSS and V8 heap growth after 1,000,000 messages delivered to a listener and dropped.
// Measured in a child process started with --expose-gc (gc() before each reading), so that
// nothing else in the bench process skews the figures:
//   node --expose-gc bench/rows/memory.mjs --child [--quick] [--count=N] [--warmup=N] [--chunk=N]
// The child prints one JSON line. bench/leakcheck.mjs runs the same child, with a small count,
// under valgrind.
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import {
  addon, CONTENT, makeRow, quick, runJsonChild, sleep, world,
} from '../common.mjs';

const MB = 1024 * 1024;
const CHUNK_DEFAULT = 10_000;

const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
};

async function collect() {
  // Several passes with a pause: finalizers and native releases scheduled by one GC run on the
  // loop, and what they free is only collectable by the next pass.
  for (let i = 0; i < 6; i++) {
    globalThis.gc();
    await sleep(20);
  }
  const m = process.memoryUsage();
  // V8 sizes its young generation (the scavenger's semi-spaces, 1-16 MB each) by allocation
  // rate and shrinks it on some full GCs: its resident size moves RSS by up to ~24 MB whatever
  // the message count, so it is reported on its own.
  const young = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers,
    newSpace: young ? young.physical_space_size : 0 };
}

/** Floods `total` lobby messages in chunks, each chunk fully delivered before the next. */
async function deliver(sim, authorId, lobbyId, total, chunk, counter) {
  for (let sent = 0; sent < total; sent += chunk) {
    const n = Math.min(chunk, total - sent);
    const target = counter.seen + n;
    sim.benchFloodLobbyMessages(authorId, lobbyId, n, CONTENT);
    const deadline = Date.now() + 60_000;
    while (counter.seen < target) {
      if (Date.now() > deadline) throw new Error(`memory: ${target - counter.seen} messages not delivered`);
      await sleep(1);
    }
  }
}

async function child() {
  const count = arg('count', quick ? 100_000 : 1_000_000);
  // Long enough for V8's young generation and the allocator to reach their steady sizes for
  // 10,000-message bursts (with 20,000 the start figure is taken while they still grow).
  const warmup = arg('warmup', quick ? 50_000 : 200_000);
  const chunk = arg('chunk', CHUNK_DEFAULT);
  const w = await world();
  // One member, who is also the author: every message is one messageCreated on one client.
  const a = await w.connect(w.alice);
  const lobby = await a.lobbies.createOrJoin('bench-memory');
  await sleep(50);
  const sim = addon().sim;
  const counter = { seen: 0, chars: 0 };
  // Touches the message (reads its content) and drops it.
  a.on('messageCreated', (m) => {
    counter.chars += m.content.length;
    counter.seen++;
  });
  const author = BigInt(w.alice.id);
  const lobbyId = BigInt(lobby.id);
  const t0 = Date.now();
  await deliver(sim, author, lobbyId, warmup, chunk, counter);
  const before = await collect();
  await deliver(sim, author, lobbyId, count, chunk, counter);
  const after = await collect();
  const seconds = (Date.now() - t0) / 1000;
  if (counter.chars !== counter.seen * CONTENT.length) throw new Error('memory: a message lost its content');
  await a.close();
  sim.reset();
  process.stdout.write(`${JSON.stringify({ count, warmup, delivered: counter.seen - warmup, seconds, before, after })}\n`);
}

function runChild() {
  // A fixed young generation (16 MB semi-spaces, V8's largest default): V8 resizes it by
  // allocation rate and shrinks it on some full GCs, which moved RSS between the two readings by
  // up to ~24 MB whatever the message count (a full run on 2026-11-27: +14.5 MB, of which
  // 13.5 MB its growth after the warm-up). Fixed, it is resident at both readings alike.
  const args = ['--expose-gc', '--min-semi-space-size=16', '--max-semi-space-size=16', fileURLToPath(import.meta.url), '--child'];
  if (quick) args.push('--quick');
  return runJsonChild(args, 'memory child');
}

export default async function memoryRows() {
  const r = await runChild();
  const label = r.count.toLocaleString('en');
  const rss = (r.after.rss - r.before.rss) / MB;
  const heap = (r.after.heapUsed - r.before.heapUsed) / MB;
  const young = (r.after.newSpace - r.before.newSpace) / MB;
  const common = { delivered: r.delivered, 'warm-up': r.warmup, seconds: r.seconds };
  return [
    makeRow(`7 memory: RSS growth after ${label} messages`, [rss], 'MB', '<= 5 MB', rss <= 5 ? 'met' : 'NOT MET', {
      'start RSS MB': r.before.rss / MB, 'end RSS MB': r.after.rss / MB,
      'of which V8 young generation MB': young, ...common,
    }, { detail: r }),
    makeRow(`7 memory: heap growth after ${label} messages`, [heap], 'MB', '<= 5 MB', heap <= 5 ? 'met' : 'NOT MET',
      { 'start heap MB': r.before.heapUsed / MB, 'end heap MB': r.after.heapUsed / MB, ...common }),
  ];
}

if (process.argv.includes('--child')) {
  await child();
  process.exit(0);
}
