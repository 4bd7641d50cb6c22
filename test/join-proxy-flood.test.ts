// One world, several processes: a joined process that stops calling RunCallbacks while the host
// floods it past the bound of what waits for one process (docs/simulator.md, the Choice on a
// process that stops calling RunCallbacks). Apart from test/join-proxy.test.ts because its
// process then runs 65,536 callbacks, a round trip each: over a minute under wine, so the Windows
// lane leaves this file out (scripts/windows/lane.mjs); the bound is the same code there.
import { Host, requireProgram, start } from './join/proxy-program';

beforeAll(requireProgram);

test('a joined process that stops calling RunCallbacks: past 65,536 waiting, its events are dropped and counted (completions are not), and it hears exactly the rest', async () => {
  const host = await new Host().ready();
  const joined = start(['flooded', 'quiet'], host.env, 200_000);
  const user = await joined.line('USER ');
  const [before] = await host.peers();
  const n = 70_000;
  expect(Number(await host.command(`flood ${user} ${n}`, 'FLOODED '))).toBe(n);
  const [after] = await host.peers();
  const kept = 65_536 - before!.queuedCallbacks;
  expect({ queued: after!.queuedCallbacks, dropped: after!.droppedEvents }).toEqual({ queued: 65_536, dropped: n - kept });
  expect(host.proc.stderr).toMatch(/later events are dropped and counted/);
  joined.child.stdin.end(`pump ${kept}\n`);
  expect(await joined.exited).toEqual({ code: 0, signal: null });
  expect(joined.lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
  expect(joined.lines).toContain(`HEARD ${kept}`);
  await host.quit();
}, 240_000);
