// The world host dies (issue 39, Faults): `kill -9` of the host mid-run, 20 times. Each round
// starts a host (`simulator serve --fixture`, an application made in this process's own world),
// joins the C++ game (test/native/game/game.cc) and, every fourth round, a launcher
// (test/join/launcher.cjs), signs them in, leaves an operation pending (an authorization nobody
// answers), and SIGKILLs the host. Every client must report Disconnected with a connection error
// and its pending operation must fail with a network error within the documented time
// (docs/simulator.md, "One world for several processes": at once on a closed socket, at most
// join/link.h's kSilenceMs of silence otherwise); the clients must then answer at once and exit
// cleanly (no hang, no crash).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Simulator } from '../lib/testing';
import { startHost } from './join/host';
import { LineProcess, TIME_SCALE } from './join/protocol';

jest.setTimeout(600_000);

const ROUNDS = 20;
// The liveness bound asserted: a killed host's socket closes, seen at once (docs/simulator.md;
// silence, 15 s, is for a host that hangs), with a wide margin for a loaded machine. Not a performance target: the figures measured are printed at the end.
const BOUND_MS = 10_000;

let dir = '';
let fixture = '';
let appId = '';

beforeAll(() => {
  // The fixture the hosts serve: one application, made in this process's own (in-process) world.
  const sim = Simulator.attach();
  sim.reset();
  appId = sim.applications.create({ name: 'Kill Test' }).id;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psim-faults-'));
  fixture = path.join(dir, 'world.json');
  fs.writeFileSync(fixture, JSON.stringify(sim.save()));
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test(`kill -9 of the host, ${ROUNDS} times: every client reports disconnected in time, pending operations fail, no hang or crash`, async () => {
  const measured: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const host = await startHost(`host (round ${round})`, ['--fixture', fixture]);
    const clients: LineProcess[] = [];
    try {
      const game = LineProcess.game(`game (round ${round})`, host.env);
      clients.push(game);
      await game.event('ready');
      expect(await game.send(`signin-provisional ${appId} round-${round}`, 20_000)).toMatchObject({ ok: true });
      const launcher = round % 4 === 0 ? LineProcess.launcher(`launcher (round ${round})`, host.env) : null;
      if (launcher) {
        clients.push(launcher);
        await launcher.event('ready');
        const user = String((await launcher.send(`sim-create-user player${round}`))['userId']);
        await launcher.send(`login-token ${appId} ${user}`, 20_000);
      }

      // Operations in flight: authorizations waiting for a consent nobody gives.
      // (A failure is kept as a value, shown by the assertion below, not left unhandled meanwhile.)
      const asValue = (e: unknown) => ({ failed: String(e) });
      const pendingGame = game.raw(`signin ${appId}`, BOUND_MS + 10_000).catch(asValue);
      const pendingLauncher = launcher?.raw('authorize', BOUND_MS + 10_000).catch(asValue);
      await new Promise((r) => setTimeout(r, 100));  // the requests reach the host
      const linesBefore = clients.map((c) => c.lines.length);

      const killedAt = Date.now();
      host.proc.kill();
      expect(await host.proc.exited).toEqual({ code: null, signal: 'SIGKILL' });

      const disconnected = await game.event('status', (l) => l['status'] === 'Disconnected', BOUND_MS, linesBefore[0]);
      measured.push(Date.now() - killedAt);
      expect(['ConnectionFailed', 'UnexpectedClose']).toContain(disconnected['error']);
      expect(await pendingGame).toMatchObject({ ok: false, errorType: 1 });  // Platform_ErrorType_NetworkError
      if (launcher) {
        const ev = await launcher.event('status', (l) => l['status'] === 'disconnected', BOUND_MS, linesBefore[1]);
        measured.push(Date.now() - killedAt);
        expect(['connectionFailed', 'unexpectedClose']).toContain(ev['error']);
        expect(await pendingLauncher).toMatchObject({ ok: false, type: 'networkError' });
        expect(await launcher.send('status', 2_000)).toMatchObject({ status: 'disconnected' });
      }
      // Afterwards calls answer at once: the status, and an operation that fails on the network.
      expect(await game.send('status', 2_000)).toMatchObject({ status: 'Disconnected' });
      expect(await game.raw('presence p s after the host died', 2_000)).toMatchObject({ ok: false, errorType: 1 });
      for (const c of clients) expect(await c.stop()).toEqual({ code: 0, signal: null });
    } finally {
      for (const c of clients) c.kill();
      host.proc.kill();
    }
  }
  measured.sort((x, y) => x - y);
  // The figures behind the documented time (docs/simulator.md): printed, not asserted beyond the bound.
  console.log(`host killed ${ROUNDS} times: disconnected reported after median ${measured[measured.length >> 1]} ms, ` +
    `max ${measured[measured.length - 1]} ms (bound ${BOUND_MS * TIME_SCALE} ms)`);
  expect(measured.length).toBe(ROUNDS + ROUNDS / 4);
});
