// Runs the world host transport's native tests (test/native/join, CMake target
// platform_join_link_tests, built into build/tests/ by `npm run build:native`): handshake,
// token and HTTP refusals, frame bounds and order, slow and silent peers, 50 peers at once, over
// real loopback sockets. The program prints FAIL lines on stdout, nothing on stderr, and ends
// with "N passed, M failed".
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

// PLATFORM_TEST_NATIVE_BUILD: another build folder (the Windows lane's build-win32/).
const BINARY = path.join(
  process.env['PLATFORM_TEST_NATIVE_BUILD'] || path.join(__dirname, '..', 'build'), 'tests',
  process.platform === 'win32' ? 'platform_join_link_tests.exe' : 'platform_join_link_tests',
);
const TIMEOUT_MS = 120_000;

test('the world host transport passes its native tests', async () => {
  if (!fs.existsSync(BINARY)) {
    throw new Error(`native test program not found at ${BINARY}: run \`npm run build:native\` first`);
  }
  const r = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(BINARY, [], { cwd: path.dirname(BINARY), stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  const lines = r.stdout.split(/\r?\n/).filter((line) => line.length > 0);
  expect({
    code: r.code,
    signal: r.signal,
    failures: lines.filter((line) => line.startsWith('FAIL ')),
    stderr: r.stderr,
  }).toEqual({ code: 0, signal: null, failures: [], stderr: '' });
  const summary = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  expect(summary).not.toBeNull();
  expect(Number(summary?.[2])).toBe(0);
  // Each area ran (10,000 ordered frames alone are 10,000 checks).
  expect(Number(summary?.[1])).toBeGreaterThanOrEqual(10_000);
}, TIMEOUT_MS + 5_000);
