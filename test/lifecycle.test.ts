// Lifetime: close() with operations in flight, create/close/create, natural process exit,
// worker threads terminated mid-operation, listener exceptions that must not stop the pump, and
// the events that end what close(), reset() and load() end.
import { MemorySessionStore, PlatformError } from '../lib/index';
import { closeAll, collect, freshWorld, nextEvent, runNode, settle, twoInLobby, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

test('close() rejects every operation in flight with clientDestroyed, once', async () => {
  const client = w.client();
  const t = w.token();
  await client.auth.updateToken(t.accessToken);
  w.sim.network.setLatency(60_000);
  const pending = [
    client.auth.refreshToken(t.refreshToken),
    client.auth.authorize({ scopes: 'openid' }),
    client.auth.fetchCurrentUser(t.accessToken),
    client.connect(),
  ].map((p) => p.then(() => 'resolved', (e) => e));
  await settle();
  await client.close();
  const results = await Promise.all(pending);
  for (const r of results) {
    expect(r).toBeInstanceOf(PlatformError);
    expect((r as PlatformError).type).toBe('clientDestroyed');
    expect((r as PlatformError).stack).toContain('lifecycle.test');
  }
  await expect(client.auth.refreshToken(t.refreshToken)).rejects.toMatchObject({ type: 'clientDestroyed' });
  await expect(client.close()).resolves.toBeUndefined();
  expect(client.closed).toBe(true);
  expect(client.users.current).toBeNull();
});

test("a failed operation's stack starts at the user's call, keeps at most 4 frames, and a lower Error.stackTraceLimit", async () => {
  const client = w.client();
  w.sim.network.setLatency(60_000);
  const framesOf = (e: unknown) => ((e as Error).stack ?? '').split('\n').slice(1);
  const deep = (n: number): Promise<unknown> => (n === 0 ? client.connect().then(() => null, (e) => e) : deep(n - 1));
  const pending = deep(8);
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 1;
  let bare: Promise<unknown>;
  try {
    bare = client.auth.authorize({ scopes: 'openid' }).then(() => null, (e) => e);
  } finally {
    Error.stackTraceLimit = saved;
  }
  await settle();
  await client.close();
  const frames = framesOf(await pending);
  expect(frames[0]).toContain('lifecycle.test');
  expect(frames).toHaveLength(4);
  expect(Error.stackTraceLimit).toBe(saved);
  const one = framesOf(await bare);
  expect(one).toHaveLength(1);
  expect(one[0]).toContain('lifecycle.test');
});

test('a client can be created, closed and created again, many times', async () => {
  for (let i = 0; i < 20; i++) {
    const client = w.client();
    const t = await w.signIn(client);
    expect(client.users.current?.id).toBe(w.user.id);
    await client.close();
  }
  // Every callback triple the binding handed to the SDK has been released.
  await settle(20);
  expect(w.sim.diagnostics.liveCallbackCount()).toBe(0);
});

test('Symbol.asyncDispose closes the client', async () => {
  const client = w.client();
  await client[Symbol.asyncDispose]();
  expect(client.closed).toBe(true);
});

test('a throwing listener is reported through "error" and the pump carries on', async () => {
  const client = w.client();
  const errors: Error[] = [];
  client.on('error', (e) => errors.push(e));
  client.on('status', () => {
    throw new Error('listener bug');
  });
  const t = await w.signIn(client);  // still resolves: waiters settle before listeners run
  expect(errors.map((e) => e.message)).toEqual(['listener bug', 'listener bug', 'listener bug']);
  await expect(client.auth.fetchCurrentUser(t.accessToken)).resolves.toMatchObject({ id: w.user.id });
});

test('network loss while ready: reconnecting, then ready again', async () => {
  const client = w.client();
  const t = await w.signIn(client);
  const reconnecting = nextEvent(client, 'status', (e) => e.status === 'reconnecting');
  w.sim.network.setOnline(false);
  await reconnecting;
  const ready = nextEvent(client, 'status', (e) => e.status === 'ready');
  w.sim.network.setOnline(true);
  await ready;
});

const PRELUDE = `
const { Client } = require('./dist/cjs/index.js');
const { Simulator } = require('./dist/cjs/testing.js');
const sim = Simulator.attach();
sim.reset();
sim.network.setLatency(1);
const user = sim.users.create({ username: 'alice' });
const app = sim.applications.create({ name: 'Exit Test' });
sim.auth.setConsent(user.id);
`;

test('a script that logs in and closes exits by itself', async () => {
  const r = await runNode(`${PRELUDE}
    (async () => {
      const client = new Client({ applicationId: app.id });
      await client.auth.login();
      console.log('ready as', client.users.current.username);
      await client.close();
    })();`);
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('ready as alice');
  expect(r.code).toBe(0);
  expect(r.signal).toBeNull();
});

test('a connected client keeps the process alive; unref() lets it exit', async () => {
  const r = await runNode(`${PRELUDE}
    (async () => {
      const client = new Client({ applicationId: app.id });
      await client.auth.login();
      setTimeout(() => { console.log('still alive'); client.unref(); }, 300);
    })();`);
  expect(r.stdout).toContain('still alive');
  expect(r.code).toBe(0);
});

test('process exit with operations in flight does not crash', async () => {
  const r = await runNode(`${PRELUDE}
    sim.network.setLatency(100000);
    const client = new Client({ applicationId: app.id });
    client.auth.login().catch(() => {});
    client.auth.getProvisionalToken({ externalAuthType: 'oidc', externalAuthToken: 'id-token-xyz-123' }).catch(() => {});
    setTimeout(() => process.exit(0), 50);`);
  expect(r.code).toBe(0);
  expect(r.signal).toBeNull();
});

test('the addon loads in worker threads that are terminated mid-operation', async () => {
  const r = await runNode(`
    const { Worker } = require('node:worker_threads');
    const body = ${JSON.stringify(`${PRELUDE}
      const { parentPort } = require('node:worker_threads');
      sim.network.setLatency(5);
      const client = new Client({ applicationId: app.id, logLevel: 'verbose' });
      client.on('log', () => {});
      client.auth.login().then(() => parentPort.postMessage('ready'));
      setInterval(() => sim.diagnostics.emitLog('tick', 'error'), 1);
    `)};
    (async () => {
      for (let i = 0; i < 10; i++) {
        const worker = new Worker(body, { eval: true });
        await new Promise((resolve) => worker.once('message', resolve));
        await new Promise((r) => setTimeout(r, 5 + (i % 3) * 5));
        await worker.terminate();
      }
      // The main thread can still use the SDK after the workers are gone.
      ${PRELUDE}
      const client = new Client({ applicationId: app.id });
      await client.auth.login();
      console.log('main ready', client.users.current.username);
      await client.close();
    })();`, { timeoutMs: 60000 });
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('main ready alice');
  expect(r.code).toBe(0);
});

// A callback that runs on another thread (here: a worker's pump runs the process-wide callback
// queue, this client's callbacks included) wakes this thread, which pumps natively and delivers
// at once: not at the next tick of a backed-off pump (10 s here).
test('an event captured on another thread is delivered by the native wake-up, not the next tick', async () => {
  const r = await runNode(`${PRELUDE}
    const { Worker } = require('node:worker_threads');
    const { pump } = require('./dist/cjs/bundle.js').load('./pump');
    const worker = new Worker(${JSON.stringify(`
      const { parentPort } = require('node:worker_threads');
      const { Client } = require('./dist/cjs/index.js');
      const { Simulator } = require('./dist/cjs/testing.js');
      const sim = Simulator.attach();
      const app = sim.applications.create({ name: 'pumping worker' });
      const me = sim.users.create({ username: 'wk' + Math.random().toString(36).slice(2, 8) });
      const client = new Client({ applicationId: app.id, pumpIntervalMs: 1 });
      (async () => {
        await client.auth.updateToken(sim.auth.issueToken(me.id, { applicationId: app.id }).accessToken);
        await client.connect();
        parentPort.postMessage('pumping');
        parentPort.once('message', () => client.close());
      })();
    `)}, { eval: true });
    (async () => {
      const client = new Client({ applicationId: app.id, pumpIntervalMs: 5, idlePumpIntervalMs: 10000 });
      await client.auth.login();
      await new Promise((resolve) => worker.once('message', resolve));
      await new Promise((r) => setTimeout(r, 1500));  // quiet: the pump backs off to 10 s
      console.log('interval', pump.currentIntervalMs);
      const created = new Promise((resolve) => client.once('lobbyCreated', resolve));
      const t0 = Date.now();
      const { id } = sim.backend.createLobby({ applicationId: app.id });
      sim.backend.updateLobbyMembers(id, [{ userId: user.id }]);
      const e = await created;
      console.log('delivered', e.lobbyId === id, Date.now() - t0 < 2000);
      worker.postMessage('done');
      await client.close();
      await worker.terminate();
    })();`, { timeoutMs: 60000 });
  expect(r.stderr).toBe('');
  expect(r.stdout).toContain('interval 10000');
  expect(r.stdout).toContain('delivered true true');
  expect(r.code).toBe(0);
});

describe('lifecycles end with their events (issue 35)', () => {
  test.each(['reset', 'load'] as const)('sim.%s() during a call: the call emits its final status once, as a ban does', async (how) => {
    const { alice, lobby } = await twoInLobby(w, 'reset-call');
    const call = alice.voice.startCall(lobby.id);
    await until(() => call.status === 'connected');
    const seen: unknown[] = [];
    call.on('status', (e) => seen.push(e));
    const doc = w.sim.save();
    if (how === 'reset') w.sim.reset();
    else w.sim.load(doc);
    await until(() => seen.length > 0);
    await settle(30);
    expect(seen).toEqual([{ status: 'disconnected', error: 'signalingUnexpectedClose', errorDetail: 0 }]);
    expect(call.status).toBe('disconnected');
    expect(alice.voice.calls()).toEqual([]);
  });

  test('close() ends a running session: auth.session is null, sessionEnded says why, the store keeps it for the next run', async () => {
    w.sim.auth.setConsent(w.user.id);
    const client = w.client();
    const store = new MemorySessionStore();
    await client.auth.startSession({ store });
    expect(client.auth.session).not.toBeNull();
    const ended = collect(client, 'sessionEnded');
    await client.close();
    expect(client.auth.session).toBeNull();
    expect(ended).toEqual([{ reason: 'clientClosed', error: null }]);
    expect(store.load()).not.toBeNull();  // closing is not signing out: the next run resumes
    await settle(30);
    expect(ended).toHaveLength(1);
    // Every later call rejects with clientDestroyed, startSession() included.
    const again = await client.auth.startSession({ store }).then(() => null, (e: unknown) => e);
    expect(again).toBeInstanceOf(PlatformError);
    expect(again).toMatchObject({ type: 'clientDestroyed', operation: 'startSession' });
    await expect(client.auth.endSession()).resolves.toBeUndefined();
    expect(ended).toHaveLength(1);
  });
});

test('close() of a connected client ends with a last status event, disconnected, once (and no sessionEnded without a session)', async () => {
  const client = w.client();
  await w.signIn(client);
  const statuses = collect(client, 'status');
  const ended = collect(client, 'sessionEnded');
  await client.close();
  await settle(20);
  expect(statuses).toEqual([{ status: 'disconnected', error: 'none', errorDetail: 0 }]);
  expect(ended).toEqual([]);
  expect(client.status).toBe('disconnected');
  await client.close();
  expect(statuses).toHaveLength(1);
  // Already disconnected: nothing to announce.
  const idle = w.client();
  const none = collect(idle, 'status');
  await idle.close();
  expect(none).toEqual([]);
});
