// Runs the native C ABI tests of the simulator (test/native/simulator, CMake target
// platform_sim_abi_tests, built into build/tests/ by `npm run build:native`), and the program
// written against the vendor's 1.10.19337 C++ wrapper (test/native/platformpp_program). Each
// prints FAIL lines on stdout, nothing on stderr, and ends with "N passed, M failed".
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

// PLATFORM_TEST_NATIVE_BUILD: another build folder (the Windows lane's build-win32/).
const program = (name: string) => path.join(
  process.env['PLATFORM_TEST_NATIVE_BUILD'] || path.join(__dirname, '..', 'build'), 'tests',
  process.platform === 'win32' ? `${name}.exe` : name,
);
const BINARY = program('platform_sim_abi_tests');
const VENDOR_PROGRAM = program('platformpp_voice_settings_program');
const TIMEOUT_MS = 120_000;

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(file: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { cwd: path.dirname(file), stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

// Runs a native test program; returns its "N passed" count once everything else is clean.
async function passedChecks(file: string): Promise<number> {
  if (!fs.existsSync(file)) {
    throw new Error(`native test program not found at ${file}: run \`npm run build:native\` first`);
  }
  const r = await run(file);
  const lines = r.stdout.split(/\r?\n/).filter((line) => line.length > 0);
  // Exit status, FAIL lines and stderr together, so a failure shows everything at once.
  expect({
    code: r.code,
    signal: r.signal,
    failures: lines.filter((line) => line.startsWith('FAIL ')),
    // In-process nothing is skipped (only a process joined to a world host skips, by name:
    // test/world-host-abi.test.ts).
    skipped: lines.filter((line) => line.startsWith('SKIP ')),
    stderr: r.stderr,
  }).toEqual({ code: 0, signal: null, failures: [], skipped: [], stderr: '' });

  const summary = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  expect(summary).not.toBeNull();
  expect(Number(summary?.[2])).toBe(0);
  return Number(summary?.[1]);
}

test('the simulator passes its native C ABI tests', async () => {
  expect(await passedChecks(BINARY)).toBeGreaterThanOrEqual(1000);
}, TIMEOUT_MS + 5_000);

test("a program written against the vendor's 1.10 Client::GetVoiceSettings builds and runs against the simulator", async () => {
  expect(await passedChecks(VENDOR_PROGRAM)).toBeGreaterThanOrEqual(20);
}, TIMEOUT_MS + 5_000);
