// One world, several processes: the cases that stop a process with SIGSTOP (a silent host, a
// stopped joined process), apart from test/join-proxy.test.ts because Windows has no equivalent
// of SIGSTOP (scripts/windows/lane.mjs excludes this file only).
import { Host, requireProgram, role, start } from './join/proxy-program';

beforeAll(requireProgram);

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
