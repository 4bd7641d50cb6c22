// Shared pieces of the benchmark rows: the package under test, timing and statistics, and a small
// simulator world with connected clients.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
export const { Client } = require(join(root, 'dist/cjs/index.js'));
export const { Simulator } = require(join(root, 'dist/cjs/testing.js'));
// The addon's loader is internal: its module is in the bundle (scripts/bundle-cjs.mjs).
export const { addon } = require(join(root, 'dist/cjs/bundle.js')).load('./addon-loader');

// The native client behind each Client that world().connect made: the baselines (addon().bench,
// only in the benchmark's build) take it. The package itself offers no way to reach it; the
// binding's NativeClient is replaced by a subclass that remembers the last one constructed.
const nativeClients = new WeakMap();
let lastNative = null;
let recording = false;
function recordNativeClients() {
  if (recording) return;
  recording = true;
  const binding = addon();
  binding.NativeClient = class extends binding.NativeClient {
    constructor(...args) {
      super(...args);
      lastNative = this;
    }
  };
}
/** The native client of a Client made by world().connect. */
export function nativeClientOf(client) {
  const native = nativeClients.get(client);
  if (!native) throw new Error('bench: not a client made by world().connect');
  return native;
}

export const quick = process.argv.includes('--quick');
export const REPEATS = quick ? 1 : 5;
export const CONTENT = 'a lobby chat message of ordinary length, about sixty chars';

/** Monotonic milliseconds. */
export const now = () => Number(process.hrtime.bigint()) / 1e6;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const spread = (xs) => (xs.length > 1 ? (Math.max(...xs) - Math.min(...xs)) / median(xs) : 0);
/** The q-quantile (0..1) of xs, nearest rank. */
export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};

/**
 * One row of the table: `values` are the repeated measurements (median and spread are derived),
 * `verdict` says whether the target is met, `baselines` are figures measured in the same run.
 */
export function makeRow(name, values, unit, target, verdict, baselines = {}, extra = {}) {
  return { name, median: median(values), spread: spread(values), runs: values.length, unit, target, verdict, baselines, ...extra };
}

/** A fresh simulator world: one application, alice and bob, and a `connect(user, options)` helper. */
export async function world() {
  const sim = Simulator.attach();
  sim.reset();
  sim.network.setLatency(0);
  const app = sim.applications.create({ name: 'Bench' });
  const alice = sim.users.create({ username: 'alice', displayName: 'Alice' });
  const bob = sim.users.create({ username: 'bob', displayName: 'Bob' });
  const connect = async (user, options = {}) => {
    recordNativeClients();
    lastNative = null;
    const c = new Client({ applicationId: app.id, ...options });
    if (lastNative) nativeClients.set(c, lastNative);
    await c.auth.updateToken(sim.auth.issueToken(user.id, { applicationId: app.id }).accessToken);
    await c.connect();
    return c;
  };
  return { sim, app, alice, bob, connect };
}

/** Resolves after `n` events `name` reached a listener; returns the elapsed ms from `start()`. */
export function timeEvents(client, name, n, start) {
  return new Promise((resolve) => {
    let seen = 0;
    const t0 = now();
    const listener = () => {
      if (++seen === n) {
        client.off(name, listener);
        resolve(now() - t0);
      }
    };
    client.on(name, listener);
    start();
  });
}

/** Runs `node <args>` (a row's child process); resolves with the JSON of its last stdout line. */
export function runJsonChild(args, label) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d) => { out += d; });
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${label} exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()));
      } catch (e) {
        reject(e);
      }
    });
  });
}

/** Row 4's list "with presence": every friend's status and activity read; throws unless `count` listed. */
export function listWithPresence(client, count) {
  const list = client.relationships.list();
  let online = 0;
  for (const r of list) if (r.user && r.user.status !== 'offline' && r.user.activity === null) online++;
  if (list.length !== count || online < 0) throw new Error(`listed ${list.length}`);
}
