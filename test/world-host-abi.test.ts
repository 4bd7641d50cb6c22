// The simulator's native ABI test program (build/tests/platform_sim_abi_tests, test/native/simulator)
// joined to a world host: every check runs against the host's world through the proxy, except the
// ones that are about the process's own simulator. Those are skipped by name, each printed as
// "SKIP <name>: <why>", and must be exactly the list of docs/simulator.md's "Checks that do not
// apply in a joined process" — no silent skip, no stale entry.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startHost, type Host } from './join/host';
import { ROOT, TIME_SCALE } from './join/protocol';
import { nativeProgram, runProgram } from './native-programs';

const BINARY = nativeProgram('platform_sim_abi_tests');
const TIMEOUT_MS = 240_000 * TIME_SCALE;
jest.setTimeout(TIMEOUT_MS + 30_000);

/** The names listed under docs/simulator.md's "Checks that do not apply in a joined process". */
function documentedSkips(): string[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'simulator.md'), 'utf8');
  const start = doc.search(/^#+ Checks that do not apply in a joined process$/m);
  if (start < 0) throw new Error('docs/simulator.md has no "Checks that do not apply in a joined process" section');
  const rest = doc.slice(start).split('\n').slice(1);
  const end = rest.findIndex((l) => /^#+ /.test(l));
  return (end < 0 ? rest : rest.slice(0, end))
    .map((l) => /^- `([^`]+)`: \S/.exec(l)?.[1])
    .filter((n): n is string => n !== undefined);
}

let host: Host | undefined;
afterAll(async () => {
  host?.proc.kill();
  await host?.proc.exited;
});

test('the native ABI test program passes joined to a host, skipping exactly the documented checks', async () => {
  if (!fs.existsSync(BINARY)) throw new Error(`native test program not found at ${BINARY}: run \`npm run build:native\` first`);
  host = await startHost();
  const r = await runProgram(BINARY, host.env, TIMEOUT_MS);
  const lines = r.stdout.split(/\r?\n/).filter((l) => l.length > 0);
  expect({
    code: r.code, signal: r.signal, failures: lines.filter((l) => l.startsWith('FAIL ')), stderr: r.stderr,
  }).toEqual({ code: 0, signal: null, failures: [], stderr: '' });

  // It really was joined, and said what it skipped: by name, as documented, and counted.
  expect(lines).toContainEqual(expect.stringMatching(/^joined to a world host as peer [1-9]\d*$/));
  const skipped = lines.filter((l) => l.startsWith('SKIP ')).map((l) => /^SKIP ([^:]+): \S/.exec(l)?.[1]);
  const documented = documentedSkips();
  expect(documented.length).toBeGreaterThan(0);
  expect([...skipped].sort()).toEqual([...documented].sort());
  expect(lines).toContain(`${documented.length} skipped in a joined process`);
  const summary = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  expect(summary).not.toBeNull();
  expect(Number(summary![2])).toBe(0);
  // Most of the program ran: in-process it passes over 1,000 checks (test/simulator-abi.test.ts).
  expect(Number(summary![1])).toBeGreaterThanOrEqual(800);
});
