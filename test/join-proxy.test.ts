// One world, several processes (docs/simulator.md, "One world for several processes"): a world
// host and processes that join it, all the native program test/native/join_proxy (CMake target
// platform_join_proxy_tests, in build/tests/), each role a process. The host answers "peers",
// "live" and "quit" on its stdin; a joined role prints "OK <role>" when its checks held and
// "FAIL …" lines otherwise.
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nativeProgram } from './native-programs';

const BINARY = nativeProgram('platform_join_proxy_tests');
const ROLE_TIMEOUT_MS = 30_000;

// A running process and the lines it printed so far.
class Proc {
  readonly lines: string[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: (() => void)[] = [];
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split(/\r?\n/);
      buffer = parts.pop() ?? '';
      this.lines.push(...parts.filter((l) => l.length > 0));
      for (const w of this.waiters.splice(0)) w();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { this.stderr += chunk; });
    this.exited = new Promise((resolve) => child.on('close', (code, signal) => {
      for (const w of this.waiters.splice(0)) w();
      resolve({ code, signal });
    }));
  }
  // The first line starting with `prefix` (after `from` lines), waiting at most `ms`.
  async line(prefix: string, ms = ROLE_TIMEOUT_MS, from = 0): Promise<string> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.lines.slice(from).find((l) => l.startsWith(prefix));
      if (found !== undefined) return found.slice(prefix.length).trim();
      if (Date.now() > deadline || this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`no "${prefix}" line; printed: ${JSON.stringify(this.lines)} stderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

function start(args: string[], env: NodeJS.ProcessEnv = {}): Proc {
  const child = spawn(BINARY, args, {
    cwd: path.dirname(BINARY),
    env: { ...process.env, PLATFORM_SIM_HOST: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: ROLE_TIMEOUT_MS * 2,
  });
  return new Proc(child);
}

// A host and the environment of the processes that join it.
class Host {
  readonly proc = start(['host']);
  env: NodeJS.ProcessEnv = {};
  async ready(): Promise<this> {
    const app = await this.proc.line('APP ');
    const address = await this.proc.line('ADDRESS ');
    expect(address).toMatch(/^psim:\/\/[0-9a-f]{64}@127\.0\.0\.1:\d+$/);
    this.env = { PLATFORM_SIM_HOST: address, JOIN_APP: app };
    return this;
  }
  async ask(command: 'peers' | 'live'): Promise<string> {
    const from = this.proc.lines.length;
    this.proc.child.stdin.write(`${command}\n`);
    return this.proc.line(command === 'peers' ? 'PEERS ' : 'LIVE ', ROLE_TIMEOUT_MS, from);
  }
  async peers(): Promise<{ id: number; clients: string[] }[]> {
    return (JSON.parse(await this.ask('peers')) as { peers: { id: number; clients: string[] }[] }).peers;
  }
  async live(): Promise<number> {
    return Number(await this.ask('live'));
  }
  // Until `probe` holds, at most ROLE_TIMEOUT_MS.
  async until(probe: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + ROLE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (await probe()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }
  async quit(): Promise<void> {
    this.proc.child.stdin.end('quit\n');
    expect(await this.proc.exited).toEqual({ code: 0, signal: null });
    expect(this.proc.lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  }
}

async function role(host: Host, args: string[]): Promise<string[]> {
  const p = start(args, host.env);
  const exit = await p.exited;
  expect({ args, exit, failures: p.lines.filter((l) => l.startsWith('FAIL')) }).toEqual({ args, exit: { code: 0, signal: null }, failures: [] });
  return p.lines;
}

beforeAll(() => {
  if (!fs.existsSync(BINARY)) throw new Error(`native test program not found at ${BINARY}: run \`npm run build:native\` first`);
});

test.each([
  ['a joined process calls the host: values, strings, objects and the control ABI round-trip', 'roundtrip'],
  ['a completion reaches a joined process only inside its RunCallbacks, on the calling thread', 'completion'],
  ["Client_Drop's synchronous completions run inside the joined process's Client_Drop", 'drop'],
  ["Client_Drop while the client's log callback runs returns without waiting for it; no call starts after it, fn_free runs after the last (log thread)", 'logdrop'],
  ['a call over what one frame carries fails alone (default, LastError, a validation error for its operation); the process stays joined', 'toobig'],
  ["a ClientResult made in the joined process is told from the host's by a tag, not by its number", 'localtag'],
])('%s', async (_what, name) => {
  const host = await new Host().ready();
  expect(await role(host, [name])).toContain(`OK ${name}`);
  await host.quit();
}, 60_000);

test("every triple's fn_free runs once in the joined process, and the host holds none afterwards", async () => {
  const host = await new Host().ready();
  const before = await host.live();
  expect(await role(host, ['callbacks'])).toContain('OK callbacks 20');
  expect(await host.until(async () => (await host.live()) === before)).toBe(true);
  await host.quit();
}, 60_000);

test("a second joined process sees the first's lobby message", async () => {
  const host = await new Host().ready();
  const reader = start(['lobby', 'reader', 'shared-secret', 'wait', 'hello across processes'], host.env);
  await reader.line('JOINED');
  const writer = start(['lobby', 'writer', 'shared-secret', 'send', 'hello across processes'], host.env);
  expect(await reader.line('GOT ')).toBe('hello across processes');
  writer.child.stdin.end('\n');
  expect(await reader.exited).toEqual({ code: 0, signal: null });
  expect(await writer.exited).toEqual({ code: 0, signal: null });
  expect([...reader.lines, ...writer.lines].filter((l) => l.startsWith('FAIL'))).toEqual([]);
  await host.quit();
}, 60_000);

test("voice across processes: one process's speaker reaches another's raw-audio callback, on that process's audio thread", async () => {
  const host = await new Host().ready();
  const listener = start(['voice', 'listener', 'voice-room', 'listen'], host.env);
  await listener.line('JOINED');
  const speaker = start(['voice', 'speaker', 'voice-room', 'speak'], host.env);
  await speaker.line('JOINED');
  expect(Number(await listener.line('GOT_AUDIO '))).toBeGreaterThanOrEqual(10);
  expect(await listener.exited).toEqual({ code: 0, signal: null });
  speaker.child.stdin.end('\n');
  expect(await speaker.exited).toEqual({ code: 0, signal: null });
  expect([...listener.lines, ...speaker.lines].filter((l) => l.startsWith('FAIL'))).toEqual([]);
  await host.quit();
}, 60_000);

test.each([
  ['the joined client reports Disconnected, its pending operation fails with a network error, later calls return at once', 'hostdeath', 'survivor'],
  ['the client dropped at once (before any RunCallbacks): its triples go inside Drop, and none of its callbacks runs after', 'dropdead', 'dropper'],
])('the host killed: %s', async (_what, name, user) => {
  const host = await new Host().ready();
  const joined = start([name, user], host.env);
  await joined.line('READY');
  host.proc.child.kill('SIGKILL');
  const exit = await joined.exited;
  expect({ exit, failures: joined.lines.filter((l) => l.startsWith('FAIL')), ok: joined.lines.includes(`OK ${name}`) })
    .toEqual({ exit: { code: 0, signal: null }, failures: [], ok: true });
  await host.proc.exited;
}, 60_000);

test('the host stopped (SIGSTOP, silent): the joined client reports Disconnected after the silence bound, as when it dies', async () => {
  const host = await new Host().ready();
  const joined = start(['hostdeath', 'patient'], host.env);
  await joined.line('READY');
  host.proc.child.kill('SIGSTOP');
  try {
    const exit = await joined.exited;
    expect({ exit, failures: joined.lines.filter((l) => l.startsWith('FAIL')), ok: joined.lines.includes('OK hostdeath') })
      .toEqual({ exit: { code: 0, signal: null }, failures: [], ok: true });
  } finally {
    host.proc.child.kill('SIGKILL');
  }
  await host.proc.exited;
}, 60_000);

test('a stopped joined process (audio still flowing to it) does not stall the host or the others', async () => {
  const host = await new Host().ready();
  const listener = start(['voice', 'frozen', 'stall-room', 'listen'], host.env);
  await listener.line('JOINED');
  const speaker = start(['voice', 'talker', 'stall-room', 'speak'], host.env);
  await speaker.line('JOINED');
  listener.child.kill('SIGSTOP');
  try {
    // Audio keeps going to the stopped process (Lossy: dropped when its queue is full); the
    // speaker keeps calling the host, and a newcomer is served.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await role(host, ['roundtrip'])).toContain('OK roundtrip');
    expect(speaker.child.exitCode).toBeNull();
  } finally {
    listener.child.kill('SIGKILL');
  }
  await listener.exited;
  speaker.child.stdin.end('\n');
  expect(await speaker.exited).toEqual({ code: 0, signal: null });
  await host.quit();
}, 60_000);

test('a joined process killed: the host ends its clients and frees everything it was handed', async () => {
  const host = await new Host().ready();
  const before = await host.live();
  const joined = start(['idle', 'doomed'], host.env);
  await joined.line('READY');
  const peers = await host.peers();
  expect(peers).toHaveLength(1);
  expect(peers[0]!.clients).toHaveLength(1);
  expect(await host.live()).toBeGreaterThan(before);
  joined.child.kill('SIGKILL');
  await joined.exited;
  expect(await host.until(async () => (await host.peers()).length === 0 && (await host.live()) === before)).toBe(true);
  await host.quit();
}, 60_000);

test('a hostile peer (garbage, a cut call, another process\'s object) is disconnected and the host keeps serving', async () => {
  const host = await new Host().ready();
  const victim = start(['idle', 'victim'], host.env);
  await victim.line('READY');
  const [peer] = await host.peers();
  const address = String(host.env['PLATFORM_SIM_HOST']);
  expect(await role(host, ['hostile', address, peer!.clients[0]!])).toContain('OK hostile');
  // The victim's client is still there, and the host still serves a newcomer.
  expect((await host.peers()).find((p) => p.id === peer!.id)?.clients).toEqual(peer!.clients);
  expect(await role(host, ['roundtrip'])).toContain('OK roundtrip');
  victim.child.kill('SIGKILL');
  await victim.exited;
  await host.quit();
}, 60_000);

test('a log callback 4,096 frames behind: later lines are dropped, and the joined process says so on stderr, with their count', async () => {
  const host = await new Host().ready();
  const p = start(['lanedrop', '4300'], host.env);
  expect(await p.exited).toEqual({ code: 0, signal: null });
  expect(p.lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  expect(p.lines).toContain('OK lanedrop');
  // One call ran while 4,096 waited; the rest of the 4,300 lines were dropped, and counted: at least
  // 4,300 - 4,097 (the simulator's own lines add to them: one in a release build, more in a debug
  // build, which logs Info too).
  expect(p.lines).toContain('CALLS 4097');
  expect(p.stderr).toContain("this process's log callback is 4096 frames behind; log frames from the world host are being dropped");
  const dropped = Number(/(\d+) log frames dropped in all in this process/.exec(p.stderr)?.[1]);
  expect(dropped).toBeGreaterThanOrEqual(4300 - 4097);
  expect(dropped).toBeLessThan(4300 - 4097 + 16);
  await host.quit();
}, 60_000);

