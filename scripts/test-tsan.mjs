// npm run test:tsan [-- --skip-build]
//
// The simulator's native C ABI tests (test/native/simulator, every area including the threading
// and FFI-client ones) and the world host transport's tests (test/native/join: reader, writer and
// accept threads) under ThreadSanitizer. Only what TSan needs is built: the simulator library
// and the test programs (a Debug build in build-tsan/build, configured by plain CMake: no addon, no
// Node headers). Fails (exit 1) when the program fails or TSan reports anything (data race, lock
// order inversion, thread leak, signal-unsafe call): reports go to build-tsan/reports/ and are
// counted from there, so none can pass unseen. Writes build-tsan/summary.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsanRoot = join(root, 'build-tsan');
const buildDir = join(tsanRoot, 'build');
const reports = join(tsanRoot, 'reports');
const TARGETS = ['platform_sim_abi_tests', 'platform_join_link_tests'];
// The world host's proxy runs as several processes (a host and joined ones, each instrumented):
// its jest files drive them, pointed at this build (test/native-programs.ts). Not the flooded
// process's (test/join-proxy-flood.test.ts): 65,536 round trips, each instrumented, and the
// host's queue it checks is one thread's work.
const PROCESS_TARGETS = ['platform_join_proxy_tests'];
const PROCESS_SUITES = ['test/join-proxy.test.ts', 'test/join-proxy-sigstop.test.ts'];
const programOf = (target) => join(buildDir, 'tests', process.platform === 'win32' ? `${target}.exe` : target);

function run(cmd, args, env = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) throw new Error(`cannot run ${cmd}: ${r.error.message}`);
  return r.status ?? 128;
}

if (!process.argv.includes('--skip-build')) {
  console.log('\n=== test:tsan: build (Debug, PLATFORM_SANITIZE_THREAD=ON) in build-tsan/build');
  const generator = spawnSync('ninja', ['--version']).status === 0 ? ['-G', 'Ninja'] : [];
  let status = run('cmake', ['-S', root, '-B', buildDir, ...generator, '-DCMAKE_BUILD_TYPE=Debug',
    '-DPLATFORM_SANITIZE_THREAD=ON', '-DPLATFORM_WERROR=ON']);
  if (status === 0) status = run('cmake', ['--build', buildDir, '--target', ...TARGETS, ...PROCESS_TARGETS, '--parallel', '2']);
  if (status !== 0) process.exit(status);
}
for (const target of TARGETS) {
  if (!existsSync(programOf(target))) throw new Error(`no test program at ${programOf(target)}: run without --skip-build`);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
let status = 0;
for (const target of TARGETS) {
  console.log(`\n=== test:tsan: ${target} under ThreadSanitizer`);
  const s = run(programOf(target), [], {
    TSAN_OPTIONS: `log_path=${join(reports, `tsan-${target}`)}:halt_on_error=0:second_deadlock_stack=1:history_size=4`,
  });
  if (status === 0) status = s;
}

{
  console.log(`\n=== test:tsan: ${PROCESS_SUITES.join(' ')} with the proxy's processes under ThreadSanitizer`);
  const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  const s = run(process.execPath, [jest, '--runInBand', '--testTimeout=240000', ...PROCESS_SUITES], {
    PLATFORM_TEST_NATIVE_BUILD: buildDir,
    TSAN_OPTIONS: `log_path=${join(reports, 'tsan-join-proxy')}:halt_on_error=0:second_deadlock_stack=1:history_size=4`,
  });
  if (status === 0) status = s;
}

const found = [];
for (const f of readdirSync(reports)) {
  const text = readFileSync(join(reports, f), 'utf8');
  for (const m of text.matchAll(/^WARNING: ThreadSanitizer: .*$/gm)) found.push(`${f}: ${m[0]}`);
  for (const m of text.matchAll(/^(==\d+==)?ERROR: ThreadSanitizer: .*$/gm)) found.push(`${f}: ${m[0]}`);
}
for (const line of found.slice(0, 30)) console.log(line);
const summary = { exitStatus: status, tsanReports: found.length };
writeFileSync(join(tsanRoot, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
const failed = status !== 0 || found.length > 0;
console.log(`test:tsan: exit ${status}, ThreadSanitizer reports ${found.length} — ${failed ? 'FAILED' : 'passed'} (reports in build-tsan/reports/)`);
process.exit(failed ? 1 : 0);
