#!/usr/bin/env node
// Runs lifecycle torture scenarios (test/torture/scenarios/<name>.cjs), each many times in fresh
// processes, a few at a time, under a watchdog that kills a run exceeding its time and counts it
// as a hang. Plain Node (no jest), so the same runs work under ASan, LSan or valgrind: the child
// inherits the environment (LD_PRELOAD, ASAN_OPTIONS, ...) plus TORTURE_SEED.
//
//   node test/torture/runner.cjs [--runs N] [--only a,b] [--parallel P] [--timeout MS] [--seed-base S]
//                                [--wrap "valgrind --quiet --error-exitcode=99"]
//
// --wrap (or TORTURE_WRAP) runs each child under a tool: `<wrap...> node <flags> <scenario>`.
//
// A scenario may name extra node flags on a line of its own: `// torture-node-args: --expose-gc`.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const SCENARIO_DIR = path.join(__dirname, 'scenarios');
const TAIL = 2000;

/** Scenario names: every scenarios/*.cjs except helpers (leading underscore). */
function listScenarios() {
  return fs.readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.cjs') && !f.startsWith('_'))
    .map((f) => f.slice(0, -'.cjs'.length))
    .sort();
}

function scenarioFile(name) {
  return path.join(SCENARIO_DIR, `${name}.cjs`);
}

/** The node flags a scenario asks for in its `// torture-node-args:` line. */
function declaredNodeArgs(name) {
  const m = /^\/\/ torture-node-args:(.*)$/m.exec(fs.readFileSync(scenarioFile(name), 'utf8'));
  return m ? m[1].trim().split(/\s+/).filter(Boolean) : [];
}

const splitWords = (s) => (s ?? '').split(/\s+/).filter(Boolean);
const tail = (s) => (s.length > TAIL ? s.slice(-TAIL) : s);
// A sanitizer report starts with what matters (the error and its stacks) and can be long.
const headAndTail = (s) => (s.length > 3 * TAIL ? `${s.slice(0, 2 * TAIL)}\n[...]\n${s.slice(-TAIL)}` : s);

/** The last line of stdout that parses as a JSON object (the scenario's summary), or null. */
function parseSummary(stdout) {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      return JSON.parse(line);
    } catch {
      // not the summary
    }
  }
  return null;
}

/** One run in a fresh process. Resolves (never rejects) with its result. */
function runOnce(name, seed, { timeoutMs, env, nodeArgs, wrap }) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const argv = [...wrap, process.execPath, ...nodeArgs, scenarioFile(name), `--seed=${seed}`];
    const child = spawn(argv[0], argv.slice(1), {
      cwd: path.join(__dirname, '..', '..'),
      // Under a tool the scenarios' guards wait longer (they bound hangs, they time nothing).
      env: { ...(wrap.length > 0 ? { TORTURE_TIMEOUT_SCALE: '10' } : {}), ...process.env, ...env, TORTURE_SEED: String(seed) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    let hung = false;
    const watchdog = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const summary = parseSummary(stdout);
      const crashed = !hung && (signal !== null || (code !== 0 && code !== 1));
      const ok = !hung && code === 0 && signal === null && stderr === '' && summary?.ok === true;
      resolve({
        scenario: name, seed, code, signal, ms: Math.round(ms), hung, crashed, ok, summary,
        stdoutTail: tail(stdout), stderrTail: headAndTail(stderr),
      });
    });
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `name` `runs` times, `parallel` at a time; seeds are seedBase + run index.
 * Resolves with { scenario, runs: results[], aggregate }. A run fails on a hang, a signal, a
 * non-zero exit, any stderr output, or a summary without ok: true.
 */
async function runScenario(name, {
  runs = 10, parallel = 2, timeoutMs = 20000, env = {}, nodeArgs, seedBase = 0, wrap = splitWords(process.env.TORTURE_WRAP),
} = {}) {
  if (!fs.existsSync(scenarioFile(name))) throw new Error(`no torture scenario '${name}' in ${SCENARIO_DIR}`);
  const args = nodeArgs ?? declaredNodeArgs(name);
  const results = new Array(runs);
  let next = 0;
  const lane = async () => {
    while (next < runs) {
      const i = next++;
      results[i] = await runOnce(name, seedBase + i, { timeoutMs, env, nodeArgs: args, wrap });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(parallel, runs)) }, lane));
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const aggregate = {
    scenario: name,
    runs,
    ok: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
    crashes: results.filter((r) => r.crashed).length,
    hangs: results.filter((r) => r.hung).length,
    stderrRuns: results.filter((r) => r.stderrTail !== '').length,
    p50Ms: percentile(times, 50),
    maxMs: times[times.length - 1] ?? 0,
    totalMs: times.reduce((a, b) => a + b, 0),
  };
  return { scenario: name, runs: results, aggregate };
}

/** A short human account of a failed run (for test messages and the CLI). */
function describeFailure(r) {
  const why = r.hung ? 'hung (killed by the watchdog)'
    : r.signal ? `killed by ${r.signal}`
      : r.code !== 0 ? `exit code ${r.code}`
        : r.stderrTail !== '' ? 'wrote to stderr'
          : 'summary not ok';
  return [
    `${r.scenario} seed ${r.seed}: ${why} after ${r.ms} ms` +
      ` (reproduce: TORTURE_SEED=${r.seed} node test/torture/scenarios/${r.scenario}.cjs)`,
    r.summary ? `summary: ${JSON.stringify(r.summary)}` : `stdout: ${r.stdoutTail.slice(-600)}`,
    r.stderrTail ? `stderr: ${r.stderrTail.slice(0, 3000)}` : '',
  ].filter(Boolean).join('\n');
}

function parseCli(argv) {
  const opts = { runs: 10, parallel: 2, timeoutMs: 20000, seedBase: 0, only: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--runs': opts.runs = Number(value()); break;
      case '--parallel': opts.parallel = Number(value()); break;
      case '--timeout': opts.timeoutMs = Number(value()); break;
      case '--seed-base': opts.seedBase = Number(value()); break;
      case '--only': opts.only = value().split(',').filter(Boolean); break;
      case '--wrap': opts.wrap = splitWords(value()); break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return opts;
}

async function cli() {
  const opts = parseCli(process.argv.slice(2));
  const names = opts.only ?? listScenarios();
  const rows = [];
  let failures = 0;
  for (const name of names) {
    const { runs, aggregate } = await runScenario(name, opts);
    rows.push(aggregate);
    for (const r of runs.filter((x) => !x.ok).slice(0, 3)) console.error(`${describeFailure(r)}\n`);
    failures += aggregate.failed;
    const a = aggregate;
    console.log(`${name.padEnd(24)} runs ${String(a.runs).padStart(4)}  ok ${String(a.ok).padStart(4)}  ` +
      `crashes ${a.crashes}  hangs ${a.hangs}  stderr ${a.stderrRuns}  p50 ${a.p50Ms} ms  max ${a.maxMs} ms`);
  }
  const total = rows.reduce((s, a) => s + a.runs, 0);
  console.log(`total: ${rows.length} scenarios x runs = ${total} runs, ${failures} failed`);
  process.exitCode = failures > 0 ? 1 : 0;
}

module.exports = { runScenario, listScenarios, describeFailure, declaredNodeArgs };

if (require.main === module) {
  cli().catch((err) => {
    console.error(err);
    process.exitCode = 2;
  });
}
