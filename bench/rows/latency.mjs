// Row 6: latency from the simulator emitting a lobby message to the JS listener running, at 100
// and 10,000 events/s. The simulator's timed emitter (PlatformSim_BenchStartEmitter) stamps each
// message's metadata with CLOCK_MONOTONIC nanoseconds when it queues it; the listener subtracts
// that from process.hrtime.bigint() (libuv's uv_hrtime, the same clock on Linux). Clients keep
// their default options: the pump interval measured is whatever the binding uses by default.
import {
  addon, CONTENT, makeRow, median, quantile, quick, sleep, world,
} from '../common.mjs';

const RATES = [100, 10_000];
const SECONDS = quick ? 1 : 3;
const RUNS = quick ? 1 : 3;
const KEY = 'benchEmittedNs';

/**
 * Emits `count` messages at `rate` from `author` into `lobbyId` and records, on every client, the
 * latency of each message carrying the stamp. Resolves with the latencies (ms), the number sent
 * and the number each client received.
 */
async function measure(sim, clients, author, lobbyId, rate, count) {
  const latencies = new Float64Array(count * clients.length);
  let n = 0;
  const received = clients.map(() => 0);
  let earliestStamp = null;
  const listeners = clients.map((c, i) => {
    const listener = (m) => {
      const stamp = m.metadata[KEY];
      if (stamp === undefined) return;
      const emitted = BigInt(stamp);
      latencies[n++] = Number(process.hrtime.bigint() - emitted) / 1e6;
      if (earliestStamp === null || emitted < earliestStamp) earliestStamp = emitted;
      received[i]++;
    };
    c.on('messageCreated', listener);
    return listener;
  });
  const before = process.hrtime.bigint();
  sim.benchStartEmitter(BigInt(author.id), BigInt(lobbyId), rate, count, CONTENT);
  const deadline = Date.now() + (count / rate) * 1000 + 5000;
  while (received.some((r) => r < count) && Date.now() < deadline) await sleep(20);
  const sent = sim.benchStopEmitter();
  await sleep(50); // anything still in flight would show up as received > sent
  clients.forEach((c, i) => c.off('messageCreated', listeners[i]));
  // The stamps and hrtime must be one clock: an emission can neither precede the start call nor
  // follow its own delivery.
  if (earliestStamp !== null && earliestStamp < before) throw new Error('latency: emitter clock is not process.hrtime\'s clock');
  const lat = latencies.subarray(0, n);
  if (lat.some((x) => x < 0)) throw new Error('latency: negative latency (clock mismatch)');
  return { lat: Array.from(lat), sent, received };
}

export default async function latencyRows() {
  const rows = [];
  const w = await world();
  const a = await w.connect(w.alice);
  const b = await w.connect(w.bob);
  const lobby = await a.lobbies.createOrJoin('bench-latency');
  await b.lobbies.createOrJoin('bench-latency');
  await sleep(50);
  const sim = addon().sim;
  // The interval in effect: the client reports it when it has the property (an adaptive pump
  // may not have a single figure; then the documented default applies).
  const pumpMs = typeof a.pumpIntervalMs === 'number' ? a.pumpIntervalMs : 10;
  for (const rate of RATES) {
    // Warm-up at the same rate (JIT, pump timer settling), not counted.
    await measure(sim, [a, b], w.bob, lobby.id, rate, Math.max(20, Math.round(rate * 0.3)));
    const p50s = [];
    const p99s = [];
    const all = [];
    let loss = 0;
    let sentTotal = 0;
    for (let run = 0; run < RUNS; run++) {
      const count = Math.round(rate * SECONDS);
      const r = await measure(sim, [a, b], w.bob, lobby.id, rate, count);
      sentTotal += r.sent;
      loss += r.received.reduce((s, x) => s + Math.abs(r.sent - x), 0) + (count - r.sent) * r.received.length;
      p50s.push(quantile(r.lat, 0.5));
      p99s.push(quantile(r.lat, 0.99));
      for (const x of r.lat) all.push(x); // (spread would overflow the stack at 10,000/s)
    }
    const p99 = median(p99s);
    const target = pumpMs + 1;
    const verdict = loss !== 0 ? `NOT MET (${loss} events lost or extra)` : p99 <= target ? 'met' : `NOT MET (p99 ${p99.toFixed(1)} ms > ${target} ms)`;
    const label = rate.toLocaleString('en');
    rows.push(makeRow(`6 latency p99 at ${label} events/s`, p99s, 'ms', `p99 <= pump interval + 1 ms (${target} ms)`, verdict, {
      p50: median(p50s),
      'p99.9': quantile(all, 0.999),
      max: all.reduce((m, x) => Math.max(m, x), 0),
      'pump interval ms': pumpMs,
      'received/emitted': `${all.length}/${sentTotal * 2} (2 clients)`,
    }, { p50: median(p50s), pumpIntervalMs: pumpMs, rate, seconds: SECONDS }));
  }
  await a.close();
  await b.close();
  return rows;
}
