// One world, several processes (docs/simulator.md, "One world for several processes"): a world
// host and processes that join it, each role a process of test/native/join_proxy
// (test/join/proxy-program.ts runs them). The cases that stop a process with SIGSTOP, which
// Windows has no equivalent of, are test/join-proxy-sigstop.test.ts.
import { Host, requireProgram, role, start } from './join/proxy-program';

beforeAll(requireProgram);

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

test('a world over 16 MiB does not cross to a joined process: save, view and load fail saying so, never as ""', async () => {
  const host = await new Host().ready();
  expect(Number(await host.command('bigworld', 'BIGWORLD '))).toBeGreaterThan(16 * 1024 * 1024);
  expect(await role(host, ['bigworld'])).toContain('OK bigworld');
  await host.quit();
}, 120_000);

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

