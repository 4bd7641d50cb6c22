// Fault injection through the simulator (issue 8): network down (before and during connect, during
// sends, during a call) and back up, latency above httpTimeoutMs, 429 with retry-after, 5xx, a ban
// mid-session and an out-of-band deauthorization. For each fault every operation of the table in
// test/faults/ops.ts is started, every promise is tracked until it settles (a watchdog names any
// left pending), and each outcome is compared with the documented one: resolved, or a PlatformError
// with the documented type, code, status, retryable, retryAfterMs and oauthError.
import { PlatformError, type Client } from '../lib/index';
import { closeAll, nextEvent, until } from './helpers';
import { ACCOUNT_BANNED, CallEnded, OPS, callOutcome, httpFailure, mismatch, whenInjected, whenOffline, whenRevoked, whenTimedOut, type Expected, type Op } from './faults/ops';
import { ID_MERGE, authorizeAs, makeStage, type Stage } from './faults/stage';
import { Tracker, describeOutcome, type Outcome } from './faults/tracker';

let s: Stage | undefined;
afterEach(async () => {
  s?.w.sim.clock.setFrozen(false);
  s?.w.sim.network.setOnline(true);
  await closeAll(s?.w);
  s = undefined;
});

/** Starts every operation at once and settles them all; `drive` runs while waiting. */
async function runAll(stage: Stage, ops: readonly Op[], drive?: () => void): Promise<Map<string, Outcome>> {
  const t = new Tracker();
  for (const op of ops) t.track(op.label, () => op.run(stage));
  return t.settleAll(drive);
}

/** Every row whose outcome differs from its expectation, as 'label: got … (expected …)'. */
function mismatches(outcomes: Map<string, Outcome>, expect: (op: Op) => Expected, ops: readonly Op[] = OPS): string[] {
  const out: string[] = [];
  for (const op of ops) {
    const o = outcomes.get(op.label)!;
    const why = mismatch(o, expect(op));
    if (why) out.push(`${op.label}: got ${describeOutcome(o)} (${why})`);
  }
  return out;
}

/** Runs the table one operation at a time (the order of OPS is one in which all can succeed). */
async function runInTurn(stage: Stage): Promise<string[]> {
  const failed: string[] = [];
  for (const op of OPS) {
    const t = new Tracker();
    t.track(op.label, () => op.run(stage));
    const o = (await t.settleAll()).get(op.label)!;
    if (o.state !== 'fulfilled') failed.push(`${op.label}: ${describeOutcome(o)}`);
  }
  return failed;
}

/** Lets the pump run a few turns (for checks that something did NOT happen). */
const pumpTurns = () => new Promise((r) => setTimeout(r, 40));

function statusTrail(client: Client): string[] {
  const seen: string[] = [];
  client.on('status', (e) => seen.push(e.error === 'none' ? e.status : `${e.status}(${e.error},${e.errorDetail})`));
  return seen;
}

test('baseline: with no fault every operation of the table succeeds', async () => {
  s = await makeStage();
  expect(await runInTurn(s)).toEqual([]);
  expect(OPS.length).toBeGreaterThanOrEqual(28);
});

describe('network down while ready, then back up', () => {
  test('each operation settles with its documented outcome; back online every one works again', async () => {
    s = await makeStage();
    const trail = statusTrail(s.alice);
    s.w.sim.network.setOnline(false);
    await until(() => s!.alice.status === 'reconnecting');
    const outcomes = await runAll(s, OPS);
    expect(mismatches(outcomes, whenOffline)).toEqual([]);

    s.w.sim.network.setOnline(true);
    await until(() => s!.alice.status === 'ready');
    expect(trail).toEqual(['reconnecting', 'ready']);
    expect(await runInTurn(s)).toEqual([]);
  });

  test('a request that failed on the network had no effect on the platform', async () => {
    s = await makeStage();
    const seenByBob: string[] = [];
    s.bob.client.on('messageCreated', (m) => seenByBob.push(m.content));
    s.w.sim.network.setOnline(false);
    await until(() => s!.alice.status === 'reconnecting');
    await expect(s.room.sendMessage('lost')).rejects.toMatchObject({ type: 'networkError', retryable: true });
    s.w.sim.network.setOnline(true);
    await until(() => s!.alice.status === 'ready' && s!.bob.client.status === 'ready');
    await s.room.sendMessage('after');
    await until(() => seenByBob.includes('after'));
    expect(seenByBob).toEqual(['after']);
  });
});

describe('latency above httpTimeoutMs (frozen clock)', () => {
  test('every HTTP request fails as a retryable timeout; the gateway and voice only slow down', async () => {
    s = await makeStage({ timeoutMs: 1000 });
    const sim = s.w.sim;
    sim.clock.setFrozen(true);
    sim.network.setLatency(5000);
    const outcomes = await runAll(s, OPS, () => sim.clock.advance(250));
    expect(mismatches(outcomes, whenTimedOut)).toEqual([]);
    expect(s.alice.status).toBe('ready');
  });

  test('a request times out exactly at httpTimeoutMs of simulated time, not before', async () => {
    s = await makeStage({ timeoutMs: 1000 });
    const sim = s.w.sim;
    sim.clock.setFrozen(true);
    sim.network.setLatency(5000);
    const t = new Tracker();
    t.track('dm.send', () => s!.alice.messages.sendToUser(s!.bob.user.id, 'slow'));
    sim.clock.advance(999);
    await pumpTurns();
    expect(t.pending()).toEqual(['dm.send']);
    sim.clock.advance(1);
    const o = (await t.settleAll()).get('dm.send')!;
    expect(mismatch(o, whenTimedOut(OPS.find((op) => op.label === 'dm.send')!))).toBeNull();
  });

  test('the default httpTimeoutMs is 30000 ms', async () => {
    s = await makeStage();
    const sim = s.w.sim;
    sim.clock.setFrozen(true);
    sim.network.setLatency(40_000);
    const t = new Tracker();
    t.track('auth.refreshToken', () => s!.alice.auth.refreshToken(s!.refreshable.refreshToken));
    t.track('lobby.send', () => s!.room.sendMessage('slow'));
    sim.clock.advance(29_999);
    await pumpTurns();
    expect(t.pending()).toEqual(['auth.refreshToken', 'lobby.send']);
    const outcomes = await t.settleAll(() => sim.clock.advance(1));
    expect(mismatches(outcomes, whenTimedOut, OPS.filter((op) => outcomes.has(op.label)))).toEqual([]);
  });
});

describe('injected HTTP failures', () => {
  const requests = OPS.filter((op) => op.request !== null);

  test('429 with retry-after: retryable, retryAfterMs as given, the platform code kept', async () => {
    s = await makeStage();
    for (const op of requests) s.w.sim.network.failNext(op.request!, { status: 429, retryAfterMs: 2500, code: 20016 });
    const outcomes = await runAll(s, OPS);
    expect(mismatches(outcomes, (op) => whenInjected(op, 429, 2500, 20016))).toEqual([]);
    // Each rule was used once: the table succeeds again.
    expect(await runInTurn(s)).toEqual([]);
  });

  test.each([[1], [999], [60_000], [3_600_000]])('429 retry-after of %i ms survives the SDK’s float seconds', async (ms) => {
    s = await makeStage();
    s.w.sim.network.failNext('refreshToken', { status: 429, retryAfterMs: ms });
    const err = await s.alice.auth.refreshToken(s.refreshable.refreshToken).catch((e: unknown) => e);
    expect(mismatch({ label: 'x', state: 'rejected', error: err }, httpFailure(429, ms))).toBeNull();
  });

  test.each([[500], [502], [503], [504]])('%i: retryable, no retry-after', async (status) => {
    s = await makeStage();
    for (const op of requests) s.w.sim.network.failNext(op.request!, { status });
    const outcomes = await runAll(s, OPS);
    expect(mismatches(outcomes, (op) => whenInjected(op, status, 0, 0))).toEqual([]);
  });

  test.each([[400], [403], [404]])('%i (control): not retryable', async (status) => {
    s = await makeStage();
    for (const op of requests) s.w.sim.network.failNext(op.request!, { status });
    const outcomes = await runAll(s, OPS);
    expect(mismatches(outcomes, (op) => whenInjected(op, status, 0, 0))).toEqual([]);
  });
});

describe('ban mid-session', () => {
  test('the session closes (unexpectedClose 4004); each operation settles as documented', async () => {
    s = await makeStage();
    const trail = statusTrail(s.alice);
    const bobSees = nextEvent(s.bob.client, 'lobbyMemberUpdated', (e) => e.memberId === s!.w.user.id && e.member?.connected === false);
    s.w.sim.moderation.ban(s.w.user.id);
    await until(() => s!.alice.status === 'disconnected');
    expect(trail).toEqual(['disconnected(unexpectedClose,4004)']);
    await bobSees;
    const outcomes = await runAll(s, OPS);
    expect(mismatches(outcomes, (op) => whenRevoked(op, { 'auth.authorize': ACCOUNT_BANNED }))).toEqual([]);
    expect(s.alice.auth.isAuthenticated).toBe(false);
    const again = await s.alice.connect().catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PlatformError);
    expect(again).toMatchObject({ type: 'connectionFailed', code: 4004, retryable: false });
  });

  test('an identity merged into the banned account cannot be merged anywhere: 530017', async () => {
    s = await makeStage();
    const merged = await authorizeAs(s.auth, s.w, s.w.user.id);
    await s.auth.auth.getTokenFromProvisionalMerge({ ...ID_MERGE, code: merged.code, codeVerifier: merged.verifier, redirectUri: merged.redirectUri });
    s.w.sim.moderation.ban(s.w.user.id);
    const intoBob = await authorizeAs(s.auth, s.w, s.bob.user.id);
    const err = await s.auth.auth.getTokenFromProvisionalMerge({ ...ID_MERGE, code: intoBob.code, codeVerifier: intoBob.verifier, redirectUri: intoBob.redirectUri })
      .catch((e: unknown) => e);
    expect(mismatch({ label: 'merge', state: 'rejected', error: err }, httpFailure(403, 0, 530017))).toBeNull();
  });
});

describe('deauthorization (the user unlinks the game out of band)', () => {
  test('the session closes (unexpectedClose 4004), refresh gives invalid_grant, each operation settles as documented', async () => {
    s = await makeStage();
    const trail = statusTrail(s.alice);
    s.w.sim.moderation.deauthorize(s.w.user.id, { applicationId: s.w.app.id });
    await until(() => s!.alice.status === 'disconnected');
    expect(trail).toEqual(['disconnected(unexpectedClose,4004)']);
    expect(s.alice.auth.isAuthenticated).toBe(false);
    const outcomes = await runAll(s, OPS);
    expect(mismatches(outcomes, (op) => whenRevoked(op))).toEqual([]);
    const again = await s.alice.connect().catch((e: unknown) => e);
    expect(again).toMatchObject({ type: 'connectionFailed', code: 4004, retryable: false });
    // A new authorization brings the user back.
    const grant = await authorizeAs(s.auth, s.w, s.w.user.id);
    const tokens = await s.auth.auth.getToken({ code: grant.code, codeVerifier: grant.verifier, redirectUri: grant.redirectUri });
    await s.alice.auth.updateToken(tokens.accessToken);
    await s.alice.connect();
    expect(s.alice.status).toBe('ready');
  });
});

describe('network down during connect', () => {
  async function offlineConnect() {
    s = await makeStage();
    const client = s.w.client();
    await client.auth.updateToken(s.w.token().accessToken);
    const trail = statusTrail(client);
    s.w.sim.network.setOnline(false);
    const t = new Tracker();
    t.track('connect', () => client.connect());
    await until(() => client.status === 'connecting');
    await pumpTurns();
    // The SDK waits for the network: still connecting, connect() still pending.
    expect(client.status).toBe('connecting');
    expect(t.pending()).toEqual(['connect']);
    return { client, trail, t };
  }

  test('before the handshake: connect() waits in connecting and resolves once the network is back', async () => {
    const { client, trail, t } = await offlineConnect();
    s!.w.sim.network.setOnline(true);
    expect((await t.settleAll()).get('connect')!.state).toBe('fulfilled');
    expect(client.status).toBe('ready');
    expect(trail).toEqual(['connecting', 'connected', 'ready']);
  });

  test('disconnect() while it waits: connect() rejects with connectionCanceled, not retryable', async () => {
    const { client, t } = await offlineConnect();
    t.track('disconnect', () => client.disconnect());
    const o = await t.settleAll();
    expect(o.get('disconnect')!.state).toBe('fulfilled');
    expect(mismatch(o.get('connect')!, { state: 'rejected', shape: { type: 'connectionCanceled', code: 0, status: 0, retryable: false, retryAfterMs: 0, oauthError: null } })).toBeNull();
  });

  test('close() while it waits: connect() rejects with clientDestroyed', async () => {
    const { client, t } = await offlineConnect();
    await client.close();
    const o = (await t.settleAll()).get('connect')!;
    expect(mismatch(o, { state: 'rejected', shape: { type: 'clientDestroyed', code: 0, status: 0, retryable: false, retryAfterMs: 0, oauthError: null } })).toBeNull();
  });

  test('between connected and ready: reconnecting, then ready; connect() resolves', async () => {
    s = await makeStage();
    const sim = s.w.sim;
    const client = s.w.client();
    await client.auth.updateToken(s.w.token().accessToken);
    const trail = statusTrail(client);
    sim.clock.setFrozen(true);
    sim.network.setLatency(100);
    const t = new Tracker();
    t.track('connect', () => client.connect());
    sim.clock.advance(100);
    await until(() => client.status === 'connected');
    sim.network.setOnline(false);
    await until(() => client.status === 'reconnecting');
    sim.network.setOnline(true);
    expect((await t.settleAll(() => sim.clock.advance(10))).get('connect')!.state).toBe('fulfilled');
    expect(trail).toEqual(['connecting', 'connected', 'reconnecting', 'ready']);
  });

  test.each([[429, true], [500, true], [503, true], [403, false]])('handshake answered %i: connectionFailed, code = status, retryable %s', async (status, retryable) => {
    s = await makeStage();
    const client = s.w.client();
    await client.auth.updateToken(s.w.token().accessToken);
    s.w.sim.network.failNext('connect', { status });
    const t = new Tracker();
    t.track('connect', () => client.connect());
    const o = (await t.settleAll()).get('connect')!;
    // The status callback carries no Retry-After: retryAfterMs is 0 even for a 429.
    expect(mismatch(o, { state: 'rejected', shape: { type: 'connectionFailed', code: status, status: 0, retryable, retryAfterMs: 0, oauthError: null } })).toBeNull();
    expect(client.status).toBe('disconnected');
    await expect(client.connect()).resolves.toBeUndefined();  // the rule was used up
  });

  test('the grant revoked while reconnecting: connect() rejects with unexpectedClose 4004, not retryable', async () => {
    s = await makeStage();
    s.w.sim.network.setOnline(false);
    await until(() => s!.alice.status === 'reconnecting');
    const t = new Tracker();
    t.track('connect', () => s!.alice.connect());
    s.w.sim.moderation.deauthorize(s.w.user.id);
    const o = (await t.settleAll()).get('connect')!;
    expect(mismatch(o, { state: 'rejected', shape: { type: 'unexpectedClose', code: 4004, status: 0, retryable: false, retryAfterMs: 0, oauthError: null } })).toBeNull();
  });
});

describe('network down during a send', () => {
  test('requests already sent complete (the platform had them); the other side gets the events on its resume', async () => {
    s = await makeStage();
    const sim = s.w.sim;
    const bobSaw: string[] = [];
    s.bob.client.on('messageCreated', (m) => bobSaw.push(m.content));
    const bobTrail = statusTrail(s.bob.client);
    sim.clock.setFrozen(true);
    sim.network.setLatency(100);
    const t = new Tracker();
    t.track('lobby.send', () => s!.room.sendMessage('in flight'));
    t.track('dm.send', () => s!.alice.messages.sendToUser(s!.bob.user.id, 'dm in flight'));
    sim.network.setOnline(false);
    const outcomes = await t.settleAll(() => sim.clock.advance(10));
    expect([...outcomes.values()].map((o) => o.state)).toEqual(['fulfilled', 'fulfilled']);
    await pumpTurns();
    expect(bobSaw).toEqual([]);  // Bob's network is down too: nothing reaches him
    sim.network.setOnline(true);
    sim.clock.advance(100);  // the resume is one latency later
    await until(() => s!.bob.client.status === 'ready' && bobSaw.length === 2);
    expect(bobSaw).toEqual(['in flight', 'dm in flight']);
    expect(bobTrail).toEqual(['reconnecting', 'ready']);
  });
});

describe('network down during a call', () => {
  test('a connected call goes reconnecting and comes back connected; end() then ends it', async () => {
    s = await makeStage();
    const call = s.alice.voice.startCall(s.room.id);
    await callOutcome(call);
    const seen: string[] = [];
    call.on('status', (e) => seen.push(e.status));
    s.w.sim.network.setOnline(false);
    await until(() => call.status === 'reconnecting');
    expect(call.participants).toContain(s.w.user.id);  // still a participant while reconnecting
    const back = callOutcome(call);
    s.w.sim.network.setOnline(true);
    await back;
    const t = new Tracker();
    t.track('call.end', () => call.end());
    t.track('call.disconnected', () => callOutcome(call).catch((e: unknown) => e));
    const o = await t.settleAll();
    expect(o.get('call.end')!.state).toBe('fulfilled');
    expect((o.get('call.disconnected') as { value: unknown }).value).toEqual(new CallEnded('none', 0));
    expect(seen).toEqual(['reconnecting', 'connected', 'disconnected']);
  });

  test('a call still joining waits for the network, then finishes its walk', async () => {
    s = await makeStage();
    const sim = s.w.sim;
    sim.clock.setFrozen(true);
    sim.network.setLatency(100);
    const call = s.alice.voice.startCall(s.room.id);
    const seen: string[] = [];
    call.on('status', (e) => seen.push(e.status));
    const t = new Tracker();
    t.track('call.start', () => callOutcome(call));
    sim.clock.advance(100);
    await until(() => seen.includes('connecting'));
    sim.network.setOnline(false);
    sim.clock.advance(1000);
    await pumpTurns();
    expect(t.pending()).toEqual(['call.start']);
    sim.network.setOnline(true);
    expect((await t.settleAll(() => sim.clock.advance(10))).get('call.start')!.state).toBe('fulfilled');
    expect(seen).toEqual(['joining', 'connecting', 'signalingConnected', 'connected']);
  });

  test.each(['ban', 'deauthorize'] as const)('%s during a call ends it (signalingUnexpectedClose 4004); the others see the user leave', async (how) => {
    s = await makeStage();
    const call = s.alice.voice.startCall(s.room.id);
    await callOutcome(call);
    const bobCall = s.bob.client.voice.startCall(s.room.id);
    await callOutcome(bobCall);
    const left = nextEvent(s.bob.client, 'voiceParticipantChanged', (e) => e.memberId === s!.w.user.id && !e.added);
    const t = new Tracker();
    t.track('call', () => callOutcome(call));
    if (how === 'ban') s.w.sim.moderation.ban(s.w.user.id);
    else s.w.sim.moderation.deauthorize(s.w.user.id);
    const o = (await t.settleAll()).get('call')!;
    expect(mismatch(o, { state: 'rejected', callEnded: { error: 'signalingUnexpectedClose', errorDetail: 4004 } })).toBeNull();
    await left;
    expect(s.alice.voice.calls()).toEqual([]);
    expect(bobCall.participants).toEqual([s.bob.user.id]);
  });
});
