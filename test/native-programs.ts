// Runs a native test program (built into build/tests/ by `npm run build:native`) and checks its
// output contract: FAIL lines on stdout, no SKIP line (a program run in-process skips nothing),
// nothing on stderr, the last line exactly "N passed, M failed", exit 0. Used by test/simulator-abi.test.ts, test/join-link.test.ts
// and test/world-host-abi.test.ts (joined: its own contract).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const NATIVE_PROGRAM_TIMEOUT_MS = 120_000;

// PLATFORM_TEST_NATIVE_BUILD: another build folder (the Windows lane's build-win32/).
export const nativeProgram = (name: string): string => path.join(
  process.env['PLATFORM_TEST_NATIVE_BUILD'] || path.join(__dirname, '..', 'build'), 'tests',
  process.platform === 'win32' ? `${name}.exe` : name,
);

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs a native program in its folder (`env` added to this process's), collecting its output. */
export function runProgram(file: string, env: NodeJS.ProcessEnv = {}, timeoutMs = NATIVE_PROGRAM_TIMEOUT_MS): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { cwd: path.dirname(file), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Runs a native test program; returns its "N passed" count once everything else is clean. */
export async function passedChecks(file: string): Promise<number> {
  if (!fs.existsSync(file)) {
    throw new Error(`native test program not found at ${file}: run \`npm run build:native\` first`);
  }
  const r = await runProgram(file);
  const lines = r.stdout.split(/\r?\n/).filter((line) => line.length > 0);
  // Exit status, FAIL lines and stderr together, so a failure shows everything at once.
  expect({
    code: r.code,
    signal: r.signal,
    failures: lines.filter((line) => line.startsWith('FAIL ')),
    skipped: lines.filter((line) => line.startsWith('SKIP ')),
    stderr: r.stderr,
  }).toEqual({ code: 0, signal: null, failures: [], skipped: [], stderr: '' });

  const summary = /^(\d+) passed, (\d+) failed$/.exec(lines[lines.length - 1] ?? '');
  expect(summary).not.toBeNull();
  expect(Number(summary?.[2])).toBe(0);
  return Number(summary?.[1]);
}
