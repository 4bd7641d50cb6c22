// Issue 39's acceptance scenario: four processes in one world. The host (`npx platform-social-sdk
// simulator serve`); launcher A and launcher B (this package, test/join/launcher.cjs); a C++ game
// built against platformpp.h (test/native/game/game.cc) signed in as A's user. Both joining kinds
// learn the world only from PLATFORM_SIM_HOST. Each step waits a bounded time for a real value
// and fails naming the process and what it last printed (test/join/protocol.ts). Then launcher B
// is killed with SIGKILL and the others see B leave.
import { consoleView, consoleViewWhen, startHost, type Host } from './join/host';
import { LineProcess, type Line } from './join/protocol';

jest.setTimeout(120_000);

let host: Host | undefined;
let a: LineProcess | undefined;
let b: LineProcess | undefined;
let game: LineProcess | undefined;

// What the scenario made, for the later steps.
const w = { appId: '', alice: '', bob: '', lobbyId: '' };

beforeAll(async () => {
  host = await startHost();
  a = LineProcess.launcher('launcher A', host.env);
  game = LineProcess.game('game', host.env);
  b = LineProcess.launcher('launcher B', host.env);
  await Promise.all([a, game, b].map((p) => p.event('ready')));
});

afterAll(async () => {
  await Promise.all([a, game, b].map((p) => p?.stop()));
  host?.proc.kill();
  await host?.proc.exited;
});

const str = (l: Line, key: string): string => String(l[key]);

test('four processes, one world: sign-in, friends, lobby chat, presence, invite and join, voice, the host lists every client', async () => {
  const A = a!, B = b!, G = game!;

  // The world is the host's: launcher A creates the application and both users through
  // Simulator.attach() (forwarded to the host); launcher B and the game use them.
  w.appId = str(await A.send('sim-create-app World-Game'), 'appId');
  w.alice = str(await A.send('sim-create-user alice'), 'userId');
  w.bob = str(await A.send('sim-create-user bob'), 'userId');
  expect(w.appId).toMatch(/^\d{17,20}$/);
  expect(BigInt(w.bob)).toBeGreaterThan(BigInt(w.alice));

  // Sign-in: the real flow (authorize with PKCE, consent, token, connect), one user at a time
  // because the consent screen answers the next authorization. B sets its own user's consent.
  await A.send(`sim-consent ${w.alice}`);
  expect(await A.send(`login ${w.appId}`, 20_000)).toMatchObject({ userId: w.alice, username: 'alice' });
  await A.send(`sim-consent ${w.alice}`);
  expect(await G.send(`signin ${w.appId}`, 20_000)).toMatchObject({ userId: w.alice, username: 'alice' });
  await B.send(`sim-consent ${w.bob}`);
  expect(await B.send(`login ${w.appId}`, 20_000)).toMatchObject({ userId: w.bob, username: 'bob' });
  expect(await G.send('status')).toMatchObject({ status: 'Ready', userId: w.alice });

  // A friend request crosses and is accepted.
  await A.send('friend-request bob');
  await B.event('relationship', (l) => l['userId'] === w.alice && l['platformType'] === 'pendingIncoming');
  await B.send(`friend-accept ${w.alice}`);
  await A.event('relationship', (l) => l['userId'] === w.bob && l['platformType'] === 'friend');
  expect(await B.send(`relationship ${w.alice}`)).toMatchObject({ platformType: 'friend' });

  // A lobby carries messages both ways.
  w.lobbyId = str(await A.send('lobby world-lobby'), 'lobbyId');
  const joined = await B.send('lobby world-lobby');
  expect(joined['lobbyId']).toBe(w.lobbyId);
  expect([...(joined['members'] as string[])].sort()).toEqual([w.alice, w.bob].sort());
  const fromA = str(await A.send(`say ${w.lobbyId} hello from launcher A`), 'messageId');
  expect(await B.event('message', (l) => l['id'] === fromA)).toMatchObject({
    lobbyId: w.lobbyId, authorId: w.alice, content: 'hello from launcher A',
  });
  const fromB = str(await B.send(`say ${w.lobbyId} hello back from B`), 'messageId');
  expect(await A.event('message', (l) => l['id'] === fromB)).toMatchObject({
    lobbyId: w.lobbyId, authorId: w.bob, content: 'hello back from B',
  });

  // Rich presence set by the game is seen by launcher B.
  await G.send('presence game-party game-secret Raiding the lower caves');
  await B.event('user', (l) => l['userId'] === w.alice && l['details'] === 'Raiding the lower caves');
  expect(await B.send(`user ${w.alice}`)).toMatchObject({ details: 'Raiding the lower caves', partyId: 'game-party' });

  // An activity invite from B reaches the game's user; the game accepts it (the join secret) and
  // receives the join when the user accepts on the desktop client (launcher A's control).
  await B.send('presence b-party b-secret Hosting a match');
  await B.send(`invite ${w.alice} Join my match`);
  expect(await G.event('invite', (l) => l['senderId'] === w.bob)).toMatchObject({ type: 'Join', partyId: 'b-party', valid: true });
  await A.event('invite', (l) => l['senderId'] === w.bob);
  expect(await G.send('accept-invite')).toMatchObject({ ok: true, joinSecret: 'b-secret' });
  const notified = await A.send(`sim-accept-invite-elsewhere ${w.alice}`);
  expect(notified['sessions']).toBe(2);  // launcher A's client and the game's, both alice's
  expect(await G.event('join')).toMatchObject({ joinSecret: 'b-secret' });

  // A and B hold a voice call; each one's speech reaches the other's raw-audio callback as the
  // tone it spoke (level and frequency), not as silence.
  await A.send(`call ${w.lobbyId}`);
  await B.send(`call ${w.lobbyId}`);
  for (const [who, other] of [[A, w.bob], [B, w.alice]] as const) {
    await who.event('callParticipant', (l) => l['userId'] === other && l['added'] === true, 15_000);
  }
  await A.send(`sim-speak ${w.alice} ${w.lobbyId} 600 523`);
  await B.send(`sim-speak ${w.bob} ${w.lobbyId} 600 330`);
  const heard = async (p: LineProcess, speaker: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const h = ((await p.send('heard'))['heard'] as Record<string, { frames: number; rms: number; frequencyHz: number }>)[speaker];
      if (h && h.frames >= 40) return h;
      if (Date.now() > deadline) throw new Error(`${p.name}: fewer than 40 audio frames from ${speaker} within 15 s: ${JSON.stringify(h)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const atB = await heard(B, w.alice);
  const atA = await heard(A, w.bob);
  // A sine at amplitude 0.5 has an RMS of 0.354 of full scale.
  expect(atB.rms).toBeGreaterThan(0.3);
  expect(atB.rms).toBeLessThan(0.4);
  expect(Math.abs(atB.frequencyHz - 523)).toBeLessThan(25);
  expect(atA.rms).toBeGreaterThan(0.3);
  expect(Math.abs(atA.frequencyHz - 330)).toBeLessThan(25);

  // The host's console lists every client: three joined processes, each holding its session.
  const seen = await consoleView(host!);
  expect(seen.host.serving).toBe(true);
  expect(seen.host.peers.map((p) => p.pid).sort()).toEqual([A, G, B].map((p) => p.child.pid).sort());
  const sessionOf = (p: LineProcess) => {
    const peer = seen.host.peers.find((x) => x.pid === p.child.pid)!;
    expect(peer.clients).toHaveLength(1);
    return seen.view.clients.find((c) => c.key === peer.clients[0]);
  };
  expect(sessionOf(A)).toMatchObject({ userId: w.alice, applicationId: w.appId, status: 'ready', calls: [w.lobbyId] });
  expect(sessionOf(G)).toMatchObject({ userId: w.alice, applicationId: w.appId, status: 'ready', calls: [] });
  expect(sessionOf(B)).toMatchObject({ userId: w.bob, applicationId: w.appId, status: 'ready', calls: [w.lobbyId] });
  // Each process names its program (on Linux the kernel's 15-character process name).
  const program = (p: LineProcess) => seen.host.peers.find((x) => x.pid === p.child.pid)!.program;
  expect(program(G).length).toBeGreaterThanOrEqual(15);
  expect('platform_join_game.exe'.startsWith(program(G))).toBe(true);
  expect(program(A)).toMatch(/^node(\.exe)?$/);
});

test('a burst of lobby messages, more than the SDK keeps per channel, reaches the other process whole and in order', async () => {
  // A burst: more messages at once than the SDK's per-channel cache holds (25), each of which the
  // receiving launcher reads when its event arrives; every one arrives, in order, whole.
  const BURST = 60;
  const A = a!, B = b!;
  expect(w.lobbyId).not.toBe('');  // the scenario above ran
  const burstIds = (await A.send(`burst ${w.lobbyId} ${BURST}`))['ids'] as string[];
  const burstAtB = async () => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const seen = B.lines.filter((l) => l['ev'] === 'message' && String(l['content']).startsWith('burst '));
      // Delivery is in order: once the last one is there, any missing one is lost, not late.
      if (seen.some((l) => l['id'] === burstIds[BURST - 1]) || Date.now() > deadline) return seen;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const got = await burstAtB();
  expect(got.map((l) => l['id'])).toEqual(burstIds);
  expect(got.map((l) => l['content'])).toEqual(burstIds.map((_, i) => `burst ${i}`));
});

test('kill -9 of launcher B: launcher A sees B leave the call, the lobby and go offline; the game carries on', async () => {
  const A = a!, B = b!, G = game!;
  expect(w.lobbyId).not.toBe('');  // the scenario above ran
  const from = A.lines.length;
  B.kill();
  expect(await B.exited).toEqual({ code: null, signal: 'SIGKILL' });
  // The host sees the socket close: B's session ends as a gateway timeout would end it.
  await A.event('callParticipant', (l) => l['userId'] === w.bob && l['added'] === false, 15_000, from);
  await A.event('memberUpdated', (l) => l['memberId'] === w.bob && l['connected'] === false, 15_000, from);
  await A.event('user', (l) => l['userId'] === w.bob && l['status'] === 'offline', 15_000, from);
  expect(await A.send(`call-state ${w.lobbyId}`)).toMatchObject({ participants: [w.alice] });
  expect(await A.send(`members ${w.lobbyId}`)).toMatchObject({
    members: expect.arrayContaining([{ id: w.bob, connected: false }]),
  });
  // The others keep working in the same world.
  expect(await G.send('status')).toMatchObject({ status: 'Ready' });
  const late = str(await A.send(`say ${w.lobbyId} still here`), 'messageId');
  expect(await A.event('message', (l) => l['id'] === late, 10_000, from)).toMatchObject({ content: 'still here' });
  const seen = await consoleViewWhen(host!, "launcher B's process gone", (v) => v.host.peers.length === 2);
  expect(seen.host.peers.map((p) => p.pid).sort()).toEqual([A.child.pid, G.child.pid].sort());
  expect(seen.view.clients.filter((c) => c.userId === w.bob)).toEqual([]);  // the host freed B's client
});

test('the joined processes end cleanly when asked to (their clients closed, exit status 0), then the host', async () => {
  expect(await a!.stop()).toEqual({ code: 0, signal: null });
  expect(await game!.stop()).toEqual({ code: 0, signal: null });
  host!.proc.child.kill('SIGINT');  // simulator serve stops on Ctrl-C
  // On Windows a signal from another process is TerminateProcess: no clean stop to check there.
  const end = await host!.proc.exited;
  expect(end).toEqual(process.platform === 'win32' ? { code: null, signal: 'SIGINT' } : { code: 0, signal: null });
});
