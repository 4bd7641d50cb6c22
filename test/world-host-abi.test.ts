// The simulator's native ABI test program (build/tests/platform_sim_abi_tests, test/native/simulator)
// joined to a world host: every check runs against the host's world through the proxy, except the
// ones that are about the process's own simulator. Those are skipped by name, each printed as
// "SKIP <name>: <why>", and must be exactly the list of docs/simulator.md's "Checks that do not
// apply in a joined process" — no silent skip, no stale entry; and every check site an in-process
// run with the same skips reaches must run joined (a lost check cannot hide in a count).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startHost, type Host } from './join/host';
import { ROOT, TIME_SCALE } from './join/protocol';
import { nativeProgram, runProgram } from './native-programs';

const BINARY = nativeProgram('platform_sim_abi_tests');
const TIMEOUT_MS = 240_000 * TIME_SCALE;
jest.setTimeout(TIMEOUT_MS + 30_000);

/** docs/simulator.md's "Checks that do not apply in a joined process", its lines. */
function skipSection(): string[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'simulator.md'), 'utf8');
  const start = doc.search(/^#+ Checks that do not apply in a joined process$/m);
  if (start < 0) throw new Error('docs/simulator.md has no "Checks that do not apply in a joined process" section');
  const rest = doc.slice(start).split('\n').slice(1);
  const end = rest.findIndex((l) => /^#+ /.test(l));
  return end < 0 ? rest : rest.slice(0, end);
}
/** The names listed there (skipped checks). */
function documentedSkips(): string[] {
  return skipSection().map((l) => /^- `([^`]+)`: \S/.exec(l)?.[1]).filter((n): n is string => n !== undefined);
}
/** The stress loops it says run fewer rounds joined (its "Fewer rounds" line). */
function documentedFewer(): string[] {
  const line = skipSection().find((l) => l.startsWith('Fewer rounds joined'));
  return line === undefined ? [] : [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((n) => !n.startsWith('FEWER'));
}

function sitesOf(file: string): string[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
}

let host: Host | undefined;
afterAll(async () => {
  host?.proc.kill();
  await host?.proc.exited;
});

test('the native ABI test program passes joined to a host, skipping exactly the documented checks', async () => {
  if (!fs.existsSync(BINARY)) throw new Error(`native test program not found at ${BINARY}: run \`npm run build:native\` first`);
  // What a joined run must check: the check sites an in-process run reaches when it skips, by
  // name, what a joined one skips (PSIM_AS_JOINED). Which sites run is the same from run to run
  // (how often a check in a waiting loop runs is not, so counts are not compared).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psim-sites-'));
  const expectedFile = path.join(dir, 'in-process.txt');
  const joinedFile = path.join(dir, 'joined.txt');
  const alone = await runProgram(BINARY, { PLATFORM_SIM_HOST: '', PSIM_AS_JOINED: '1', PSIM_CHECK_SITES: expectedFile }, TIMEOUT_MS);
  expect({ code: alone.code, failures: alone.stdout.split(/\r?\n/).filter((l) => l.startsWith('FAIL ')) }).toEqual({ code: 0, failures: [] });
  host = await startHost();
  const r = await runProgram(BINARY, { ...host.env, PSIM_CHECK_SITES: joinedFile }, TIMEOUT_MS);
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
  const fewer = lines.filter((l) => l.startsWith('FEWER ')).map((l) => /^FEWER ([^:]+): \d+ of \d+ rounds: \S/.exec(l)?.[1]);
  expect([...fewer].sort()).toEqual([...documentedFewer()].sort());
  const summary = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  expect(summary).not.toBeNull();
  expect(Number(summary![2])).toBe(0);
  // Every check the in-process run reached (but the named skips) ran joined too, and no other.
  const expected = sitesOf(expectedFile);
  const joined = new Set(sitesOf(joinedFile));
  expect(expected.length).toBeGreaterThan(1000);
  expect({ missing: expected.filter((l) => !joined.has(l)), extra: [...joined].filter((l) => !expected.includes(l)) })
    .toEqual({ missing: [], extra: [] });
  fs.rmSync(dir, { recursive: true, force: true });
});
