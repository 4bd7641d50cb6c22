// npm run test:asan [-- --full] [-- --skip-build] [-- --only=abi,jest,leaks]
//
// The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer, then a leak check of the
// lifecycle torture scenarios under LeakSanitizer. Fails (exit 1) on any sanitizer report and on any
// definite leak in our libraries.
//
// 1. build: the addon, the simulator and the native ABI tests with PLATFORM_SANITIZE=ON (a Debug
//    build in build-asan/build/, beside the normal build/ so neither replaces the other).
// 2. abi:   the simulator's C ABI program (our own executable: instrumented end to end, leaks on).
// 3. jest:  every jest suite, in Node with the sanitizer runtimes preloaded (Node itself is not
//    instrumented; our two libraries are). node-gyp-build picks the sanitized addon through
//    PLATFORM_SOCIAL_SDK_PREBUILD, and every child process a test spawns inherits the set-up.
//    Leak detection is off here: Node does not free its heap at exit, and those reports say
//    nothing about us. Reports go to files (log_path), so a report in a child process whose exit
//    status a test ignores still fails the run.
// 4. leaks: the torture scenarios (test/torture/) with LeakSanitizer on; each report is split into
//    its leaks, and a leak counts as ours when a frame of its allocation stack is in our libraries.
//    Node's own leaks are counted and printed, not judged.
//
// --full runs the torture scenarios at their full count (100 runs each) instead of the reduced one.
// Writes build-asan/summary.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const full = process.argv.includes('--full');
const skipBuild = process.argv.includes('--skip-build');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',') ?? ['abi', 'jest', 'leaks'];
const tortureRuns = process.env.PLATFORM_TORTURE_RUNS ?? (full ? '100' : '5');

const asanRoot = join(root, 'build-asan');
const buildDir = join(asanRoot, 'build');
const reports = join(asanRoot, 'reports');
const OURS = /platform_social_sdk\.node|libplatform_partner_sdk(_with_bench)?\.so|platform_sim_abi_tests|\/(native|simulator|vendor\/platform-sdk|test\/native)\//;
// Frames that only pass an allocation on: the sanitizer's allocator, the C and C++ runtimes.
const PASS_THROUGH = /libsanitizer|asan_|lsan_|\/libc\.so|libstdc\+\+|\/usr\/include\/c\+\+/;

/**
 * Whether a leak record is ours: the code that asked for the memory (the first frame past the
 * allocator and the C/C++ runtimes) is in our libraries. Memory Node or V8 allocates for itself is
 * Node's even when our code caused it (a class template made at load time lives as long as V8).
 */
function leakIsOurs(record) {
  const frames = record.split('\n').filter((l) => /^\s+#\d+ /.test(l));
  const owner = frames.find((l) => !PASS_THROUGH.test(l));
  return owner !== undefined && OURS.test(owner);
}

function step(title) {
  console.log(`\n=== test:asan: ${title}`);
}

function run(cmd, args, env = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.error) throw new Error(`cannot run ${cmd}: ${r.error.message}`);
  return r.status ?? 128;
}

/**
 * Runs a command with its output passed through and scanned: GCC's UBSan runtime prints to stderr
 * whatever log_path says, so UB findings are counted from the output (and abort the process that
 * hit them: the build uses -fno-sanitize-recover=undefined).
 */
function runScanned(cmd, args, env) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const findings = [];
    const scan = (out) => {
      let tail = '';
      return (chunk) => {
        out.write(chunk);
        const lines = (tail + chunk.toString('utf8')).split('\n');
        tail = lines.pop() ?? '';
        for (const l of lines) if (/runtime error:|ERROR: (Address|Leak)Sanitizer/.test(l)) findings.push(l);
      };
    };
    child.stdout.on('data', scan(process.stdout));
    child.stderr.on('data', scan(process.stderr));
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ status: code ?? 128, signal, findings }));
  });
}

/** The sanitizer runtimes of the compiler that builds the addon (g++ by default). */
function runtime(name) {
  const cxx = process.env.CXX || 'g++';
  const r = spawnSync(cxx, [`-print-file-name=${name}`], { encoding: 'utf8' });
  const file = r.stdout?.trim();
  if (r.status !== 0 || !file || !file.startsWith('/') || !existsSync(file)) {
    throw new Error(`${name} not found through \`${cxx} -print-file-name=${name}\`: install the compiler's sanitizer runtimes (Debian: libasan8 libubsan1, with g++)`);
  }
  return file;
}

/**
 * Sanitizer options for one phase. ASan and LSan reports go to files under reports/<phase>/: with
 * GCC's separate runtimes the log_path that takes effect is UBSAN_OPTIONS' (parsed last), so every
 * runtime gets the same one.
 */
function sanitizerEnv(phase, { leaks }) {
  const dir = join(reports, phase);
  mkdirSync(dir, { recursive: true });
  const logPath = `log_path=${join(dir, 'san')}`;
  return {
    ASAN_OPTIONS: [
      logPath, `detect_leaks=${leaks ? 1 : 0}`, 'halt_on_error=1', 'detect_stack_use_after_return=0',
      'allocator_may_return_null=1', ...(leaks ? ['malloc_context_size=30'] : []),
    ].join(':'),
    UBSAN_OPTIONS: `${logPath}:print_stacktrace=1:halt_on_error=1`,
    LSAN_OPTIONS: `${logPath}:max_leaks=0${leaks ? ':exitcode=0' : ''}`,
  };
}

/** Every report file of a phase, split into ASan errors, UBSan findings and leak records. */
function readReports(phase) {
  const dir = join(reports, phase);
  const found = { errors: [], ub: [], leaks: { ours: [], others: 0 } };
  if (!existsSync(dir)) return found;
  for (const f of readdirSync(dir)) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/^.*runtime error:.*$/gm)) found.ub.push(`${f}: ${m[0]}`);
    for (const m of text.matchAll(/^==\d+==ERROR: AddressSanitizer: .*$/gm)) found.errors.push(`${f}: ${m[0]}`);
    // A leak record starts at "Direct leak"/"Indirect leak" and ends at the blank line after its stack.
    for (const m of text.matchAll(/^(Direct|Indirect) leak of .*\n(?:\s+#\d+ .*\n?)*/gm)) {
      if (leakIsOurs(m[0])) found.leaks.ours.push(`${f}:\n${m[0]}`);
      else found.leaks.others += 1;
    }
  }
  return found;
}

const summary = { full, tortureRuns: Number(tortureRuns), phases: {} };
let failed = false;

function judge(phase, status, outputFindings = []) {
  const r = readReports(phase);
  // A finding printed to the output and also written to a report file is counted once (the file's).
  for (const l of outputFindings) if (/runtime error:/.test(l)) r.ub.push(`output: ${l}`);
  if (r.errors.length === 0) for (const l of outputFindings) if (/ERROR: AddressSanitizer/.test(l)) r.errors.push(`output: ${l}`);
  const entry = {
    exitStatus: status,
    asanErrors: r.errors.length,
    ubsanReports: r.ub.length,
    leaksOurs: r.leaks.ours.length,
    leaksNodeOwn: r.leaks.others,
  };
  summary.phases[phase] = entry;
  const bad = status !== 0 || r.errors.length || r.ub.length || r.leaks.ours.length;
  for (const line of [...r.errors, ...r.ub, ...r.leaks.ours].slice(0, 20)) console.log(line);
  console.log(`${phase}: exit ${status}, ASan errors ${entry.asanErrors}, UBSan reports ${entry.ubsanReports}, ` +
    `leaks in our libraries ${entry.leaksOurs} (Node's own leak records, not judged: ${entry.leaksNodeOwn}) — ${bad ? 'FAIL' : 'ok'}`);
  if (bad) failed = true;
}

const preload = [runtime('libasan.so'), runtime('libubsan.so')].join(' ');
rmSync(reports, { recursive: true, force: true });

if (!skipBuild) {
  step('build (Debug, PLATFORM_SANITIZE=ON) in build-asan/build');
  const cmakeJs = join(root, 'node_modules', 'cmake-js', 'bin', 'cmake-js');
  const status = run(process.execPath, [cmakeJs, 'compile', '--debug', '--out', buildDir,
    '--CDPLATFORM_SANITIZE=ON', '--CDPLATFORM_WERROR=ON']);
  if (status !== 0) process.exit(status);
}
const addon = join(buildDir, 'Debug', 'platform_social_sdk.node');
if (!existsSync(addon)) throw new Error(`no sanitized addon at ${addon}: run without --skip-build`);
const common = { PLATFORM_SOCIAL_SDK_PREBUILD: asanRoot, PLATFORM_TORTURE_RUNS: tortureRuns };

// The suites must really load the sanitized addon (not build/Release or a prebuild).
{
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('node-gyp-build').path(process.argv[1]))", root], {
    cwd: root, encoding: 'utf8', env: { ...process.env, ...common, LD_PRELOAD: preload, ASAN_OPTIONS: 'detect_leaks=0' },
  });
  if (probe.stdout !== addon) throw new Error(`the suites would load ${probe.stdout || '(nothing)'} instead of ${addon}: ${probe.stderr}`);
}

if (only.includes('abi')) {
  step('the simulator C ABI program (instrumented executable, leak detection on)');
  const status = run(join(buildDir, 'tests', 'platform_sim_abi_tests'), [], sanitizerEnv('abi', { leaks: true }));
  judge('abi', status);
}

if (only.includes('jest')) {
  step('every jest suite with the sanitizer runtimes preloaded');
  if (run('npm', ['run', 'build:ts']) !== 0) process.exit(1);
  const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
  // Sanitized code is several times slower: longer per-test limits, one worker per core.
  const r = await runScanned(process.execPath, [jest, '--testTimeout=120000'], {
    ...common, ...sanitizerEnv('jest', { leaks: false }), LD_PRELOAD: preload,
  });
  judge('jest', r.status, r.findings);
}

if (only.includes('leaks')) {
  step(`LeakSanitizer over the lifecycle torture scenarios (${tortureRuns} runs each)`);
  const runner = join(root, 'test', 'torture', 'runner.cjs');
  const r = await runScanned(process.execPath, [runner, '--runs', tortureRuns], {
    ...common, ...sanitizerEnv('leaks', { leaks: true }), LD_PRELOAD: preload,
  });
  judge('leaks', r.status, r.findings);
}

writeFileSync(join(asanRoot, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
console.log(`\ntest:asan: ${failed ? 'FAILED' : 'passed'} (summary in build-asan/summary.json; reports in build-asan/reports/)`);
process.exit(failed ? 1 : 0);
