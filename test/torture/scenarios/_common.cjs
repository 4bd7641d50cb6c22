// Shared by the torture scenarios: the seed and a seeded random source (so each run explores its
// own interleaving, reproducibly), the built package, a fresh simulated world, promise tracking
// and the one-line JSON summary each scenario prints. Plain Node, no test framework: the
// scenarios also run under LD_PRELOAD=libasan, LSan and valgrind.
'use strict';
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..', '..');
const { Client, PlatformError } = require(path.join(ROOT, 'dist', 'cjs', 'index.js'));
const { Simulator } = require(path.join(ROOT, 'dist', 'cjs', 'testing.js'));

/** The run's seed: `--seed=N` on the command line, else TORTURE_SEED, else 0. */
function seedFromArgs() {
  const arg = process.argv.find((a) => a.startsWith('--seed='));
  const raw = arg ? arg.slice('--seed='.length) : process.env.TORTURE_SEED;
  const n = Number.parseInt(raw ?? '0', 10);
  return Number.isFinite(n) ? n >>> 0 : 0;
}

/** mulberry32: a tiny deterministic generator; `int(n)` is 0..n-1, `pick(list)` one element. */
function random(seed) {
  let a = (seed + 0x9e3779b9) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/** Progress notes on stderr when TORTURE_DEBUG is set (never otherwise: stderr fails a run). */
function debug(...args) {
  if (process.env.TORTURE_DEBUG) console.error(`[${process.pid} ${(performance.now() | 0)}ms]`, ...args);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How much longer than usual the guards below wait: TORTURE_TIMEOUT_SCALE (the runner sets 10
 * when it runs the children under a tool such as valgrind).
 */
const TIMEOUT_SCALE = Math.max(1, Number(process.env.TORTURE_TIMEOUT_SCALE) || 1);

/** Polls `check` until true; rejects after `ms` (a guard, not a timing assertion). */
async function until(check, ms = 5000, what = 'condition') {
  ms *= TIMEOUT_SCALE;
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} not reached within ${ms} ms`);
    await sleep(2);
  }
}

/**
 * A fresh simulated platform (one per process). `reset` false attaches without resetting, for a
 * worker that shares the process's platform with the main thread.
 */
function world({ latency = 1, reset = true, name = 'torture' } = {}) {
  const sim = Simulator.attach();
  if (reset) sim.reset();
  sim.network.setLatency(latency);
  const tag = Math.random().toString(36).slice(2, 8);
  const app = sim.applications.create({ name: `${name}-${tag}` });
  let users = 0;
  return {
    sim,
    app,
    user: (prefix = 'u') => sim.users.create({ username: `${prefix}${tag}${users++}` }),
    client: (options = {}) => new Client({ applicationId: app.id, pumpIntervalMs: 1, ...options }),
    /** Gives `client` a token for `user` and connects it (resolves at 'ready'). */
    async signIn(client, user) {
      await client.auth.updateToken(sim.auth.issueToken(user.id, { applicationId: app.id }).accessToken);
      await client.connect();
    },
  };
}

/**
 * `count` users, each with a ready client, all members of one backend-created lobby (at most 25
 * per backend call). Resolves with { users, clients, tokens, lobbyId }.
 */
async function readyClients(w, count, options = {}) {
  const users = Array.from({ length: count }, () => w.user());
  const clients = users.map(() => w.client(options));
  const tokens = users.map((u) => w.sim.auth.issueToken(u.id, { applicationId: w.app.id }));
  await Promise.all(clients.map(async (c, i) => {
    await c.auth.updateToken(tokens[i].accessToken);
    await c.connect();
  }));
  const { id: lobbyId } = w.sim.backend.createLobby({ applicationId: w.app.id });
  for (let i = 0; i < users.length; i += 25) {
    w.sim.backend.updateLobbyMembers(lobbyId, users.slice(i, i + 25).map((u) => ({ userId: u.id })));
  }
  await until(() => clients.every((c) => c.lobbies.get(lobbyId) !== null), 10000, 'lobby membership');
  return { users, clients, tokens, lobbyId };
}

/** Failures, counters and promise tracking of one run; `finish()` prints the summary line. */
class Run {
  constructor(scenario) {
    this.scenario = scenario;
    this.seed = seedFromArgs();
    this.rng = random(this.seed);
    this.failures = [];
    this.counts = {};
    this.started = 0;
    this.settled = 0;
    this.outcomes = {};
    this.finished = false;
  }

  check(ok, message) {
    if (!ok) this.failures.push(message);
    return ok;
  }

  count(name, n = 1) {
    this.counts[name] = (this.counts[name] ?? 0) + n;
  }

  /**
   * Follows a promise: counts it as started, and as settled exactly once with the outcome
   * `'resolved'` or the error's PlatformError type (else its class name). A second settlement
   * cannot happen with real promises; counting per promise still catches a promise settled by
   * a stray path that `expect` did not allow.
   */
  track(promise, label, expect = null) {
    this.started++;
    let done = false;
    const settle = (outcome) => {
      if (done) {
        this.failures.push(`${label}: settled twice`);
        return;
      }
      done = true;
      this.settled++;
      this.outcomes[outcome] = (this.outcomes[outcome] ?? 0) + 1;
      if (expect && !expect.includes(outcome)) this.failures.push(`${label}: ${outcome}, expected ${expect.join('|')}`);
    };
    return promise.then(
      (value) => { settle('resolved'); return value; },
      (error) => { settle(error instanceof PlatformError ? error.type : error?.constructor?.name ?? 'thrown'); return error; },
    );
  }

  get pending() {
    return this.started - this.settled;
  }

  /** Prints the summary (once) and sets the exit code; the process is left to exit by itself. */
  finish(extra = {}) {
    if (this.finished) return;
    this.finished = true;
    const summary = {
      scenario: this.scenario, seed: this.seed, ok: this.failures.length === 0,
      promises: { started: this.started, settled: this.settled, ...this.outcomes },
      ...this.counts, ...extra,
      failures: this.failures.slice(0, 5),
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    if (this.failures.length > 0) process.exitCode = 1;
  }

  /** Runs `body(run)`; an exception fails the run. */
  static async main(scenario, body) {
    const run = new Run(scenario);
    try {
      await body(run);
    } catch (err) {
      run.failures.push(`threw: ${err?.stack ?? err}`);
    }
    // A body that sets `run.atExit` (a function returning extra summary fields) is summarised as
    // the process exits: what it left behind had until then to go wrong.
    if (run.atExit && run.failures.length === 0) process.on('exit', () => run.finish(run.atExit()));
    else run.finish();
    // A failed run may have left clients connected (which keep the process alive): end it now
    // rather than let the watchdog report a hang on top of the failure.
    if (run.failures.length > 0) process.exit(1);
    return run;
  }
}

module.exports = { debug, TIMEOUT_SCALE, ROOT, Client, PlatformError, Simulator, Run, random, readyClients, seedFromArgs, sleep, until, world };
