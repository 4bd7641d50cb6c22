// Shared test set-up: a fresh simulated platform, a user, an application and fast clients.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import { Client, MemorySessionStore, type ClientOptions, type ClientEvents, type StoredSession, type TokenSet } from '../lib/index';
import { Simulator, type SimApplication, type SimUser } from '../lib/testing';

export const ROOT = path.join(__dirname, '..');

export interface World {
  sim: Simulator;
  user: SimUser;
  app: SimApplication;
  clients: Client[];
  client(options?: ClientOptions): Client;
  /** A token for the world's user and application (as if authorized). */
  token(): TokenSet;
  /** Gives `client` a fresh token and connects it; resolves with the token at 'ready'. */
  signIn(client: Client): Promise<TokenSet>;
}

/** A second user with a connected client of the same application. */
export async function secondUser(w: World, username = 'bob', displayName = 'Bob') {
  const user = w.sim.users.create({ username, displayName });
  const client = w.client();
  const t = w.sim.auth.issueToken(user.id, { applicationId: w.app.id });
  await client.auth.updateToken(t.accessToken);
  await client.connect();
  return { user, client };
}

/** Alice (the world's user, signed in) and Bob (secondUser), both in the lobby of `secret`. */
export async function twoInLobby(w: World, secret: string) {
  const alice = w.client();
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin(secret);
  await bob.client.lobbies.createOrJoin(secret);
  return { alice, bob, lobby };
}

/** Collects every `name` event of a client. */
export function collect<K extends keyof ClientEvents & string>(client: Client, name: K): Array<ClientEvents[K][0]> {
  const seen: Array<ClientEvents[K][0]> = [];
  client.on(name, ((...args: ClientEvents[K]) => seen.push(args[0])) as never);
  return seen;
}

/** Resets the simulator and returns a world; call `closeAll` in afterEach. */
export function freshWorld(): World {
  const sim = Simulator.attach();
  sim.reset();
  sim.network.setLatency(0);
  const user = sim.users.create({ username: 'alice', displayName: 'Alice' });
  const app = sim.applications.create({ name: 'Test Launcher' });
  const clients: Client[] = [];
  return {
    sim, user, app, clients,
    client(options: ClientOptions = {}) {
      const c = new Client({ applicationId: app.id, pumpIntervalMs: 1, ...options });
      clients.push(c);
      return c;
    },
    token() {
      return sim.auth.issueToken(user.id, { applicationId: app.id });
    },
    async signIn(client: Client) {
      const t = this.token();
      await client.auth.updateToken(t.accessToken);
      await client.connect();
      return t;
    },
  };
}

export async function closeAll(world: World | undefined): Promise<void> {
  if (!world) return;
  await Promise.all(world.clients.map((c) => c.close()));
  world.clients.length = 0;
}

/** Resolves with the first event `name` whose payload matches, or fails after `ms`. */
export function nextEvent<K extends keyof ClientEvents & string>(
  client: Client, name: K, match: (...args: ClientEvents[K]) => boolean = () => true, ms = 5000,
): Promise<ClientEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off(name, listener);
      reject(new Error(`no '${name}' event within ${ms} ms`));
    }, ms);
    const listener = (...args: ClientEvents[K]) => {
      if (!match(...args)) return;
      clearTimeout(timer);
      client.off(name, listener);
      resolve(args);
    };
    client.on(name, listener);
  });
}

/** Waits until `check()` is true, polling (for state the simulator changes asynchronously). */
export async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Lets the pump run a few times. */
export const settle = (ms = 20) => new Promise((r) => setTimeout(r, ms));

// PLATFORM_TEST_TIMEOUT_SCALE: a multiplier for child-process time limits on slow runners (the
// Windows lane sets it: every node.exe under wine starts slower, on a machine shared by others).
const TIMEOUT_SCALE = Math.max(1, Number(process.env['PLATFORM_TEST_TIMEOUT_SCALE']) || 1);

// Starting the child is retried when the OS could not create the process at all (libuv's
// UV_UNKNOWN, thrown by spawn itself, before the child ran): wine's CreateProcessW does that now
// and then (1 of ~200 node.exe starts in the Windows lane, "spawn UNKNOWN"). Any other error, and
// anything the child does once started, reaches the test as before.
function spawnNode(script: string, cwd: string, env: NodeJS.ProcessEnv, attemptsLeft = 3) {
  try {
    return spawn(process.execPath, ['-e', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'UNKNOWN' || attemptsLeft <= 1) throw err;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    return spawnNode(script, cwd, env, attemptsLeft - 1);
  }
}

/** Runs a Node script (against the built dist/) in a fresh process. */
export function runNode(script: string, { timeoutMs = 20000, env = {}, cwd = ROOT }: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {}):
  Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawnNode(script, cwd, { ...process.env, ...env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs * TIMEOUT_SCALE);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** A memory store that records every save (the test's window on what was persisted). */
export class RecordingStore extends MemorySessionStore {
  readonly saves: StoredSession[] = [];
  override save(session: StoredSession): void {
    this.saves.push({ ...session });
    super.save(session);
  }
}

/** A fresh world on a frozen clock whose consent approves its user: a session signs in at once. */
export function frozenWorld(): World {
  const w = freshWorld();
  w.sim.clock.setFrozen(true);
  w.sim.auth.setConsent(w.user.id);
  return w;
}

/**
 * A Node child (in ROOT, against the built dist/) whose stdout lines are collected, with bounded
 * waits for a line; PLATFORM_SIM_HOST and PLATFORM_SDK_PATH are the caller's to give.
 */
export class LineChild {
  readonly proc: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  constructor(args: string[], env: NodeJS.ProcessEnv) {
    const base = { ...process.env };
    delete base['PLATFORM_SIM_HOST'];
    delete base['PLATFORM_SDK_PATH'];
    this.proc = spawn(process.execPath, args, { cwd: ROOT, env: { ...base, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let partial = '';
    this.proc.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split(/\r?\n/);
      partial = parts.pop() ?? '';
      this.lines.push(...parts.filter((p) => p !== ''));
    });
    this.proc.stderr.setEncoding('utf8').on('data', (chunk: string) => { this.stderr += chunk; });
    this.proc.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.proc.on('exit', (code, signal) => resolve({ code, signal })));
  }
  /** The first line matching `match`, waiting up to `ms`; the failure shows the lines and stderr. */
  async line(match: RegExp, ms = 15000): Promise<string> {
    const end = Date.now() + ms * TIMEOUT_SCALE;
    for (;;) {
      const found = this.lines.find((l) => match.test(l));
      if (found !== undefined) return found;
      if (Date.now() > end || this.proc.exitCode !== null) {
        throw new Error(`no line matching ${match} (lines: ${JSON.stringify(this.lines)}, stderr: ${this.stderr.slice(0, 1500)})`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/**
 * A process to start with a world host's env (LineChild, JOIN_USER: a username): a user, an
 * application and a signed-in client of its own (all in the host's world); it prints what it
 * sees of Simulator.serve and its peer id, then its client's status changes, and closes its
 * client and exits when its stdin ends.
 */
export const JOINED_CLIENT = `
  const { Client } = require('./dist/cjs/index.js');
  const { Simulator } = require('./dist/cjs/testing.js');
  (async () => {
    const sim = Simulator.attach();
    const user = sim.users.create({ username: process.env.JOIN_USER, displayName: 'Joined ' + process.env.JOIN_USER });
    const app = sim.applications.create({ name: 'Joined Game' });
    const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
    client.on('status', (s) => console.log(JSON.stringify({ status: s.status })));
    await client.auth.updateToken(sim.auth.issueToken(user.id, { applicationId: app.id }).accessToken);
    await client.connect();
    const refused = await Simulator.serve({ console: false }).then((h) => h.close().then(() => 'served'), (e) => e.message);
    console.log(JSON.stringify({ peer: sim.joinedPeerId, user: user.id, refused }));
    process.stdin.resume();
    process.stdin.on('end', () => client.close().then(() => process.exit(0)));
  })().catch((e) => { console.error(e); process.exit(1); });`;
