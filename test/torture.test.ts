// Lifecycle torture (issue 8): every scenario in test/torture/scenarios/ run many times in fresh
// processes against dist/ (built by `npm test`'s pretest), two at a time, each run under a
// watchdog. A run fails on a hang, a signal, a non-zero exit, anything on stderr, or a summary
// whose own checks failed. Runs per scenario: PLATFORM_TORTURE_RUNS, else 100 with
// PLATFORM_TEST_FULL=1, else 10. The same runs without jest: `node test/torture/runner.cjs`.
import { describeFailure, listScenarios, runScenario, type RunResult } from './torture/runner.cjs';

function runCount(): number {
  const explicit = Number.parseInt(process.env.PLATFORM_TORTURE_RUNS ?? '', 10);
  if (Number.isInteger(explicit) && explicit > 0) return explicit;
  return process.env.PLATFORM_TEST_FULL === '1' ? 100 : 10;
}

const RUNS = runCount();
const PARALLEL = 2;
// Generous per run: the machine is shared and a run may sit behind others for a while. A hang is
// a run that never ends, so this bounds only how long a real hang takes to be reported.
const RUN_TIMEOUT_MS = 30_000;
const SCENARIOS = listScenarios();

test('the scenario set covers the issue', () => {
  expect(SCENARIOS).toEqual(expect.arrayContaining([
    'exit-in-flight', 'exit-audio', 'close-mid-operation', 'create-close-loop', 'many-clients',
    'worker-terminated', 'gc-with-events-queued', 'throwing-listener', 'worker-drop-race',
  ]));
});

describe.each(SCENARIOS)('%s', (name) => {
  test(`${RUNS} runs in fresh processes: no crash, no hang, every check passed`, async () => {
    const { runs, aggregate } = await runScenario(name, { runs: RUNS, parallel: PARALLEL, timeoutMs: RUN_TIMEOUT_MS });
    const failed: RunResult[] = runs.filter((r) => !r.ok);
    // The failures themselves, not just a count: seed, exit, summary and stderr of the first few.
    expect(failed.slice(0, 3).map(describeFailure)).toEqual([]);
    expect(aggregate).toMatchObject({ runs: RUNS, ok: RUNS, crashes: 0, hangs: 0, stderrRuns: 0 });
    // Every run printed its summary line (a scenario that exits early without checking fails).
    expect(runs.every((r) => r.summary?.scenario === name)).toBe(true);
  }, RUNS * RUN_TIMEOUT_MS);
});
