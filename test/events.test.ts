// The event path: events cross once per pump tick as a tape (lib/tape.ts); the per-client queue
// is bounded and reports drops; lazily read snapshots; a throwing listener cannot desynchronise
// the batch; the pump's interval adapts to activity.
import { addon } from '../lib/addon-loader';
import { pump, ACTIVE_WINDOW_MS, MAX_IMMEDIATE_CHAIN } from '../lib/pump';
import { closeAll, collect, freshWorld, secondUser, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

// `n` LobbyMemberUpdated(memberId) to every member's client, all due at one simulated moment:
// backend member updates (each announced to every member), queued with the clock frozen. The
// shipped simulator has no flood control (the benchmark's are only in its own build).
function memberUpdates(lobbyId: string, memberId: string, n: number): void {
  w.sim.clock.setFrozen(true);
  try {
    for (let i = 0; i < n; i++) w.sim.backend.updateLobbyMembers(lobbyId, [{ userId: memberId, metadata: { update: String(i) } }]);
  } finally {
    w.sim.clock.setFrozen(false);
  }
}

// `n` lobby messages from the backend as `authorId`.
function lobbyMessages(authorId: string, lobbyId: string, n: number, content: string): void {
  for (let i = 0; i < n; i++) w.sim.backend.sendLobbyMessageAs(authorId, lobbyId, content);
}

async function twoInLobby(options = {}) {
  const alice = w.client(options);
  await w.signIn(alice);
  const bob = await secondUser(w);
  const lobby = await alice.lobbies.createOrJoin('events');
  await bob.client.lobbies.createOrJoin('events');
  await until(() => (alice.lobbies.get(lobby.id)?.members.length ?? 0) === 2);
  return { alice, bob, lobby };
}

test('a full queue drops events beyond eventQueueLimit and counts them; results still arrive', async () => {
  const { alice, bob, lobby } = await twoInLobby({ eventQueueLimit: 100 });
  const updates = collect(alice, 'lobbyMemberUpdated');
  const drops: number[] = [];
  alice.on('eventsDropped', (n) => drops.push(n));
  // 1,000 callbacks due at once for each member's client: they fire within one RunCallbacks.
  memberUpdates(lobby.id, bob.user.id, 1000);
  await until(() => updates.length + drops.reduce((a, b) => a + b, 0) >= 1000);
  expect(updates.length).toBe(100);
  expect(drops.reduce((a, b) => a + b, 0)).toBe(900);
  expect(updates.every((u) => u.lobbyId === lobby.id && u.memberId === bob.user.id)).toBe(true);
  // Operation results are never dropped, and the client goes on working.
  await expect(lobby.sendMessage('still here')).resolves.toMatch(/^\d+$/);
});

test('without an eventsDropped listener, drops raise one process warning', async () => {
  const { alice, bob, lobby } = await twoInLobby({ eventQueueLimit: 10 });
  const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
  try {
    memberUpdates(lobby.id, bob.user.id, 50);
    await new Promise((r) => setTimeout(r, 30));
    memberUpdates(lobby.id, bob.user.id, 50);
    await new Promise((r) => setTimeout(r, 30));
    const drops = warn.mock.calls.filter(([m]) => /events were dropped/.test(String(m)));
    expect(drops).toHaveLength(1);
    expect(String(drops[0]?.[0])).toMatch(/^40 SDK events were dropped/);
    expect(alice.status).toBe('ready');
  } finally {
    warn.mockRestore();
  }
});

test('messages keep every character through the tape: astral, combining, NUL, and a __proto__ key', async () => {
  const { alice, bob, lobby } = await twoInLobby();
  const seen = collect(bob.client, 'messageCreated');
  const text = 'héllo 😀 e\u0301 \u0000 end — 𝄞';
  await lobby.sendMessage(text, { metadata: { __proto__: 'not a prototype', 'clé 🔑': 'välue 😀' } as never });
  await lobby.sendMessage('second');
  await until(() => seen.length >= 2);
  expect(seen[0]?.content).toBe(text);
  expect(seen[0]?.rawContent).toBe(text);
  expect(Object.getPrototypeOf(seen[0]?.metadata)).toBe(Object.prototype);
  expect(Object.entries(seen[0]?.metadata ?? {})).toEqual(expect.arrayContaining([['clé 🔑', 'välue 😀']]));
  expect(seen[1]?.content).toBe('second');
  expect(seen[1]?.author?.username).toBe('alice');
  expect(alice.status).toBe('ready');
});

test('every id of a flood crosses as itself (ids repeat within and across messages; each new one differs)', async () => {
  const { bob, lobby } = await twoInLobby();
  const seen = collect(bob.client, 'messageCreated');
  lobbyMessages(w.user.id, lobby.id, 200, 'flood');
  await until(() => seen.length >= 200);
  expect(new Set(seen.map((m) => m.id)).size).toBe(200);
  expect(seen.every((m) => m.authorId === w.user.id && m.author?.id === w.user.id)).toBe(true);
  expect(seen.every((m) => m.channelId === lobby.id && m.lobbyId === lobby.id)).toBe(true);
  // The SDK still holds the last 25: each looked up by the id that crossed is that message.
  for (const m of seen.slice(-25)) expect(bob.client.messages.get(m.id)?.id).toBe(m.id);
});

test('a listener that throws does not desynchronise the rest of the batch', async () => {
  const { alice, bob, lobby } = await twoInLobby();
  const errors: Error[] = [];
  bob.client.on('error', (e) => errors.push(e));
  const seen = collect(bob.client, 'messageCreated'); // before the throwing listener
  let first = true;
  bob.client.on('messageCreated', () => {
    if (first) {
      first = false;
      throw new Error('listener failure');
    }
  });
  lobbyMessages(w.user.id, lobby.id, 5, 'flood');
  await lobby.sendMessage('after the flood');
  await until(() => seen.length >= 6);
  expect(errors.map((e) => e.message)).toEqual(['listener failure']);
  expect(seen.slice(0, 5).every((m) => m.content === 'flood' && m.lobbyId === lobby.id)).toBe(true);
  expect(seen[5]?.content).toBe('after the flood');
  expect(alice.status).toBe('ready');
});

test('lobby events read their snapshot on first access, and serialise with it', async () => {
  const { alice, bob, lobby } = await twoInLobby();
  const updates = collect(alice, 'lobbyMemberUpdated');
  memberUpdates(lobby.id, bob.user.id, 1);
  await until(() => updates.length === 1);
  const e = updates[0]!;
  expect(e.member?.id).toBe(bob.user.id);
  expect(e.member).toBe(e.member); // read once, then kept
  const json = JSON.parse(JSON.stringify(e)) as { lobbyId: string; memberId: string; member: { id: string } };
  expect(json.lobbyId).toBe(lobby.id);
  expect(json.member.id).toBe(bob.user.id);
});

test('the pump backs off when idle and speeds up when an operation starts', async () => {
  const alice = w.client({ pumpIntervalMs: 5, idlePumpIntervalMs: 200 });
  await w.signIn(alice);
  await new Promise((r) => setTimeout(r, ACTIVE_WINDOW_MS + 450));
  expect(pump.currentIntervalMs).toBe(200);
  const joined = alice.lobbies.createOrJoin('wake');
  expect(pump.currentIntervalMs).toBe(5);
  await joined;
});

// The dispatcher reports a batch's completions through pump.delivered (no pump.update of its own):
// outside a tick (a native wake-up) that must re-evaluate the interval; inside, the re-evaluation
// after the tick does.
test('completions delivered outside a tick re-evaluate the pump; other events do not', () => {
  const client = { keepsAlive: false, busy: false, pumpIntervalMs: 7, idlePumpIntervalMs: 300 };
  // The pump is process-wide: forget an earlier test's burst (which would tick at a quarter).
  pump.delivered(0, false);
  pump.add(client);
  try {
    expect(pump.currentIntervalMs).toBe(7);
    client.pumpIntervalMs = 9;
    pump.delivered(1, false);
    expect(pump.currentIntervalMs).toBe(7);
    pump.delivered(1, true);
    expect(pump.currentIntervalMs).toBe(9);
  } finally {
    pump.remove(client);
  }
});

/** Resolves after `n` turns of the event loop (each a setImmediate): no clock involved. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

/** How `promise` stands now ('pending' until its handlers ran), without waiting for it. */
function stateOf(promise: Promise<unknown>): () => string {
  let state = 'pending';
  promise.then(() => { state = 'fulfilled'; }, () => { state = 'rejected'; });
  return () => state;
}

// The pump's timer would deliver these after 1 s (active) or 10 s (idle); the simulator at latency
// 0 has queued them during the call, so they arrive within a few turns of the event loop.
test('a completion that is already queued is delivered on the next turn, not at the next tick', async () => {
  const alice = w.client({ pumpIntervalMs: 1000, idlePumpIntervalMs: 10_000 });
  const signedIn = stateOf(w.signIn(alice));  // updateToken, then connect: Connecting → Connected → Ready
  await turns(6);
  expect(signedIn()).toBe('fulfilled');
  expect(alice.status).toBe('ready');
  const sent = [alice.lobbies.createOrJoin('next turn'), alice.lobbies.createOrJoin('and this one')].map(stateOf);
  expect(pump.immediatePending).toBe(true);  // two operations, one pump scheduled
  await turns(3);
  expect(sent.map((s) => s())).toEqual(['fulfilled', 'fulfilled']);
});

// A listener that makes the platform post the next message keeps every pump delivering something
// while an operation is pending (an authorize waiting for consent): the pump chains on
// setImmediate MAX_IMMEDIATE_CHAIN times after the kick, then leaves the stream to its timer.
test('a stream of events chains a bounded number of immediate pumps, then the timer paces it', async () => {
  const alice = w.client({ pumpIntervalMs: 1000, idlePumpIntervalMs: 10_000 });
  await w.signIn(alice);
  const lobby = await alice.lobbies.createOrJoin('stream');
  const post = () => w.sim.backend.sendLobbyMessageAs(w.user.id, lobby.id, 'again');
  let received = 0;
  alice.on('messageCreated', () => {
    received++;
    post();
  });
  const binding = addon();
  const realPump = binding.pump;
  let pumps = 0;
  binding.pump = () => {
    pumps++;
    return realPump.call(binding);
  };
  try {
    await turns(3);  // lets the join's own pumps end (each delivered nothing new once it settled)
    pumps = 0;
    received = 0;
    post();
    // Pending for as long as the test runs; close() rejects it.
    const authorizing = alice.auth.authorize({ scopes: 'openid', codeChallenge: alice.auth.createCodeVerifier().challenge });
    authorizing.catch(() => {});
    await turns(4 * MAX_IMMEDIATE_CHAIN);
    // The kick's pump, then the chain; a tick of the 1 s timer may fall into a slow run.
    expect(pumps).toBeGreaterThanOrEqual(1 + MAX_IMMEDIATE_CHAIN);
    expect(pumps).toBeLessThanOrEqual(2 + MAX_IMMEDIATE_CHAIN);
    // Every pump delivered one message. A wake-up from the simulator's own thread pumps natively
    // (EnvState::Wake, not binding.pump), so on a slow run (a sanitizer build) one may come that way.
    expect(received).toBeGreaterThanOrEqual(pumps);
    expect(received).toBeLessThanOrEqual(pumps + 2);
    expect(pump.immediatePending).toBe(false);
    // The stream goes on at the timer's pace.
    const before = received;
    await until(() => received > before);
  } finally {
    binding.pump = realPump;
  }
});

test('pump options are validated', () => {
  expect(() => w.client({ idlePumpIntervalMs: 0 })).toThrow(/options\.idlePumpIntervalMs/);
  expect(() => w.client({ eventQueueLimit: 0 })).toThrow(/options\.eventQueueLimit/);
  expect(() => w.client({ eventQueueLimit: 1.5 })).toThrow(/options\.eventQueueLimit/);
  expect(w.client({ pumpIntervalMs: 50, idlePumpIntervalMs: 20 }).idlePumpIntervalMs).toBe(50);
});

test('a listener that pumps during a dispatch gets a batch of its own; the rest of the outer batch reads intact', async () => {
  // The addon keeps one buffer for a dispatch's numbers (ClientWrap::DispatchNums); a dispatch
  // inside a listener must not overwrite the one the outer dispatch is still reading.
  const { bob, lobby } = await twoInLobby();
  const outer = Array.from({ length: 40 }, (_, i) => `outer ${i} ${'x'.repeat(i)}`);
  const inner = Array.from({ length: 40 }, (_, i) => `inner ${i} ${'y'.repeat(2 * i)}`);
  const seen: string[] = [];
  let pumped = false;
  bob.client.on('messageCreated', (m) => {
    seen.push(m.content);
    if (m.content === outer[0] && !pumped) {
      pumped = true;
      for (const content of inner) w.sim.backend.sendLobbyMessageAs(w.user.id, lobby.id, content);
      addon().pump();  // dispatches the inner messages now, inside this listener
    }
  });
  for (const content of outer) w.sim.backend.sendLobbyMessageAs(w.user.id, lobby.id, content);
  await until(() => seen.length >= 80);
  expect(pumped).toBe(true);
  expect(seen.filter((c) => c.startsWith('outer'))).toEqual(outer);
  expect(seen.filter((c) => c.startsWith('inner'))).toEqual(inner);
  // The inner batch arrived inside the listener of the outer batch's first message.
  expect(seen.indexOf(inner[0]!)).toBe(1);
  expect(seen).toHaveLength(80);
});
