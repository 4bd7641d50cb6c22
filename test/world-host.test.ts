// Simulator.serve (lib/world-host.ts): its options are refused before anything changes, naming
// the argument; a fixture file's errors name the file (escaped) and never repeat its content;
// the address's token never shows; a process started with its env joins the world, drives it,
// cannot serve, is listed with its session, and sees its client disconnected when the host
// closes; the console's peer log; a process's own world reports no joined peer id.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { addon } from '../lib/addon-loader';
import { describePeerChanges } from '../lib/console/changes';
import { Simulator, type WorldDocument, type WorldHost } from '../lib/testing';
import { checkServeOptions } from '../lib/world-host';
import { closeAll, freshWorld, JOINED_CLIENT, LineChild, until, type World } from './helpers';

let w: World;
beforeEach(() => {
  w = freshWorld();
});
afterEach(() => closeAll(w));

function withoutSavedAt(doc: WorldDocument): Omit<WorldDocument, 'savedAt'> {
  const { savedAt: _savedAt, ...rest } = doc;
  return rest;
}

const tmp = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'world-host-'));

describe('Simulator.serve refuses bad options before anything changes', () => {
  test.each([
    [{ host: 'example.com' }, TypeError, /options\.host must be an IP address/],
    [{ host: 5 }, TypeError, /options\.host must be a string/],
    [{ host: '' }, RangeError, /options\.host must not be empty/],
    [{ port: -1 }, RangeError, /options\.port must be between 0 and 65535/],
    [{ port: 65536 }, RangeError, /options\.port/],
    [{ port: 1.5 }, RangeError, /options\.port must be an integer/],
    [{ port: '4310' }, TypeError, /options\.port must be a number/],
    [{ hots: '127.0.0.1' }, TypeError, /options has an unknown option 'hots'/],
    [{ console: 5 }, TypeError, /options\.console must be an object/],
    [{ console: true }, TypeError, /options\.console must be an object/],
    [{ fixture: 7 }, TypeError, /options\.fixture must be an object/],
    [{ fixture: '' }, RangeError, /options\.fixture must not be empty/],
    [{ fixture: 'a\0b' }, TypeError, /options\.fixture must not contain NUL/],
    ['127.0.0.1', TypeError, /options must be an object/],
  ])('%j', async (options, type, message) => {
    const before = w.sim.save();
    const serving = Simulator.serve(options as never);
    await expect(serving).rejects.toThrow(type);
    await expect(serving).rejects.toThrow(message);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
  });

  test('an error never repeats a bad value (it may be a secret put in the wrong place)', async () => {
    const secret = 'psim-secret-value-0123456789';
    await expect(Simulator.serve({ host: secret })).rejects.toThrow(/a string of length 28/);
    await expect(Simulator.serve({ host: secret })).rejects.not.toThrow(secret);
  });

  test("'localhost' and IP literals are taken; localhost means 127.0.0.1", () => {
    expect(checkServeOptions({ host: 'localhost' }).host).toBe('127.0.0.1');
    expect(checkServeOptions({ host: 'LOCALHOST' }).host).toBe('127.0.0.1');
    expect(checkServeOptions({ host: '::1' }).host).toBe('::1');
    expect(checkServeOptions({ host: '0.0.0.0', port: 4310 })).toMatchObject({ host: '0.0.0.0', port: 4310 });
    expect(checkServeOptions(undefined)).toEqual({ host: '127.0.0.1', port: 0, fixture: null, console: {} });
    expect(checkServeOptions({ console: false }).console).toBe(false);
  });
});

describe('a fixture file', () => {
  test('a missing file is a TypeError naming options.fixture and the path; the world is unchanged', async () => {
    const before = w.sim.save();
    const file = path.join(tmp(), 'no-such-world.json');
    await expect(Simulator.serve({ fixture: file })).rejects.toThrow(TypeError);
    await expect(Simulator.serve({ fixture: file })).rejects.toThrow(`options.fixture: no file at "${file}"`);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
  });

  test('a folder is refused as not a regular file', async () => {
    await expect(Simulator.serve({ fixture: tmp() })).rejects.toThrow(/is not a regular file/);
  });

  test('a path with control characters is shown escaped (it cannot forge log lines)', async () => {
    const file = path.join(tmp(), 'evil\nline\u001b[31m.json');
    const err = await Simulator.serve({ fixture: file }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toContain('evil\\x0aline\\x1b[31m.json');
    expect((err as Error).message).not.toContain('\n');
  });

  test('a file that is not JSON names the file, never its content', async () => {
    const file = path.join(tmp(), 'world.json');
    fs.writeFileSync(file, 'secret-token-abcdef0123');  // JSON.parse's own message would quote its start
    const err = await Simulator.serve({ fixture: file }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toMatch(/options\.fixture: ".*world\.json" is not JSON/);
    expect((err as Error).message).not.toContain('secret-tok');
  });

  test('a document the simulator refuses names the file and the field; the world is unchanged', async () => {
    const before = w.sim.save();
    const file = path.join(tmp(), 'world.json');
    fs.writeFileSync(file, JSON.stringify({ ...before, users: [{ ...before.users[0]!, username: '' }] }));
    const err = await Simulator.serve({ fixture: file, console: false }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as Error).message).toMatch(/^options\.fixture: ".*world\.json": doc\.users\[0\]\.username/);
    expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
    // The host it had started is stopped again.
    expect(JSON.parse(addon().sim.hostPeers())).toEqual({ serving: false });
  });
});

test("a process whose world is its own has no joined peer id", () => {
  expect(w.sim.joinedPeerId).toBeNull();
});

test("the console's log names processes joining and leaving the world", () => {
  const game = { id: 3, pid: 4242, program: 'game' };
  const launcher = { id: 4, pid: 4243, program: '' };
  expect(describePeerChanges(null, [game])).toEqual([]);
  expect(describePeerChanges([], [game])).toEqual(['process #3 (game, pid 4242) joined the world']);
  expect(describePeerChanges([game], [game, launcher])).toEqual(['process #4 (unnamed, pid 4243) joined the world']);
  expect(describePeerChanges([game, launcher], [launcher])).toEqual(['process #3 (game, pid 4242) left the world']);
  expect(describePeerChanges([game], [{ ...game, program: 'x'.repeat(100) }])).toEqual([]);
  expect(describePeerChanges([], [{ ...game, program: 'x'.repeat(100) }])).toEqual([`process #3 (${'x'.repeat(64)}…, pid 4242) joined the world`]);
});

describe('a world served to another process', () => {
  let host: WorldHost | undefined;
  let child: LineChild | undefined;
  afterEach(async () => {
    child?.proc.kill('SIGKILL');
    await child?.exited;
    child = undefined;
    await host?.close();
    host = undefined;
  });

  test('the address is a secret: redacted in util.inspect and JSON; host and port are its parts', async () => {
    host = await Simulator.serve({ console: false, port: 0 });
    const token = /^psim:\/\/([0-9a-f]{64})@127\.0\.0\.1:(\d+)$/.exec(host.address);
    expect(token).not.toBeNull();
    expect(host.env).toEqual({ PLATFORM_SIM_HOST: host.address });
    expect(host.host).toBe('127.0.0.1');
    expect(host.port).toBe(Number(token![2]));
    expect(host.port).toBeGreaterThan(0);
    expect(host.console).toBeUndefined();
    expect(JSON.stringify(host)).not.toContain(token![1]);
    expect(JSON.parse(JSON.stringify(host))).toEqual({ address: `psim://[redacted]@127.0.0.1:${host.port}`, host: '127.0.0.1', port: host.port });
    expect(inspect(host)).not.toContain(token![1]);
    expect(inspect(host)).toContain('WorldHost');
    expect(host.peers()).toEqual([]);
    // One host per process: a second serve is refused, and changes nothing; so is one started
    // while another is still starting (its console listens first).
    await host.close();
    const [first, second] = await Promise.allSettled([Simulator.serve({}), Simulator.serve({ console: false })]);
    for (const r of [first, second]) if (r.status === 'fulfilled') host = r.value;  // closed by afterEach whatever happened
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && (second.reason as Error).message).toMatch(/already serves its world/);
    await expect(Simulator.serve({ console: false })).rejects.toThrow(/already serves its world: close\(\) that WorldHost first/);
    await host.close();
    await host.close();  // twice is fine
    expect(host.peers()).toEqual([]);
    host = await Simulator.serve({ console: false });  // and again after close()
  });

  test('on every interface (0.0.0.0): host says so, and the address names loopback, where this machine connects', async () => {
    host = await Simulator.serve({ host: '0.0.0.0', console: false });
    expect(host.host).toBe('0.0.0.0');
    expect(host.address).toMatch(new RegExp(`^psim://[0-9a-f]{64}@127\\.0\\.0\\.1:${host.port}$`));
  });

  test('a fixture file is loaded once the host listens; the console is served with it', async () => {
    const file = path.join(tmp(), 'world.json');
    const doc = w.sim.save();
    fs.writeFileSync(file, JSON.stringify({ ...doc, users: [...doc.users, { ...doc.users[0]!, id: '999999999999999999', username: 'from-fixture' }] }));
    host = await Simulator.serve({ fixture: file });
    expect(w.sim.save().users.map((u) => u.username)).toContain('from-fixture');
    expect(host.console?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
  });

  test('a port already taken is an Error saying so; then nothing serves, and the fixture was not loaded', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const before = w.sim.save();
    const file = path.join(tmp(), 'world.json');
    fs.writeFileSync(file, JSON.stringify({ ...before, users: [...before.users, { ...before.users[0]!, id: '999999999999999998', username: 'not-loaded' }] }));
    try {
      await expect(Simulator.serve({ port, fixture: file })).rejects.toThrow(new RegExp(`^Simulator\\.serve: could not listen on 127\\.0\\.0\\.1:${port} \\(.+\\): choose another port`));
      expect(JSON.parse(addon().sim.hostPeers())).toEqual({ serving: false });
      expect(withoutSavedAt(w.sim.save())).toEqual(withoutSavedAt(before));
      host = await Simulator.serve({ console: false });  // nothing was left half-started
    } finally {
      blocker.close();
    }
  });

  test('a process started with its env joins: it drives the shared world, cannot serve, and is listed with its session until it leaves', async () => {
    host = await Simulator.serve({ console: false });
    child = new LineChild(['-e', JOINED_CLIENT], { ...host.env, JOIN_USER: 'joiner' });
    const said = JSON.parse(await child.line(/"peer"/)) as { peer: number; user: string; refused: string };
    expect(said.peer).toBeGreaterThan(0);
    expect(said.refused).toMatch(/^Simulator\.serve: this process has joined another world/);
    // Its user is in this world, and so is its session.
    expect(w.sim.save().users.find((u) => u.username === 'joiner')?.id).toBe(said.user);
    await until(() => host!.peers().length === 1 && host!.peers()[0]!.clients.length === 1, 10000);
    const [peer] = host.peers();
    expect(peer).toMatchObject({ id: said.peer, pid: child.proc.pid });
    expect(peer!.connectedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(host.counters().peersAccepted).toBeGreaterThanOrEqual(1);
    child.proc.stdin.end();
    expect(await child.exited).toEqual({ code: 0, signal: null });
    await until(() => host!.peers().length === 0, 10000);
  }, 30000);

  test("a joined process redacts the world host's token (PLATFORM_SIM_HOST) from the moment the SDK loads", async () => {
    host = await Simulator.serve({ console: false });
    const token = /^psim:\/\/([0-9a-f]{64})@/.exec(host.address)![1]!;
    child = new LineChild(['-e', `
      const { Client } = require('./dist/cjs/index.js');
      const { Simulator } = require('./dist/cjs/testing.js');
      const sim = Simulator.attach();
      const client = new Client({ applicationId: sim.applications.create({ name: 'Redacting' }).id, pumpIntervalMs: 1 });
      client.on('log', (l) => {
        if (!l.message.includes('world at ')) return;
        console.log(JSON.stringify({ said: l.message }));
        client.close().then(() => process.exit(0));
      });
      sim.diagnostics.emitLog('world at ' + process.env.PLATFORM_SIM_HOST, 'error');
      setTimeout(() => process.exit(2), 10000);  // the client's pump does not keep node alive`], host.env);
    const { said } = JSON.parse(await child.line(/"said"/)) as { said: string };
    expect(said).toContain(`world at psim://[redacted]@127.0.0.1:${host.port}`);
    expect(said).not.toContain(token);
  });

  test('close(): the joined process sees its client disconnected', async () => {
    host = await Simulator.serve({ console: false });
    child = new LineChild(['-e', JOINED_CLIENT], { ...host.env, JOIN_USER: 'leaver' });
    await child.line(/"status":"ready"/);
    await host.close();
    await child.line(/"status":"disconnected"/, 20000);
  }, 40000);
});
