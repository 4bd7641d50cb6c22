// Types of runner.cjs, for test/torture.test.ts.
export interface ScenarioSummary {
  scenario: string;
  seed: number;
  ok: boolean;
  promises: { started: number; settled: number; [outcome: string]: number };
  failures: string[];
  [count: string]: unknown;
}

export interface RunResult {
  scenario: string;
  seed: number;
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  hung: boolean;
  crashed: boolean;
  ok: boolean;
  summary: ScenarioSummary | null;
  stdoutTail: string;
  /** stderr: all of it, or its beginning and end when long (a sanitizer report starts with the error). */
  stderrTail: string;
}

export interface Aggregate {
  scenario: string;
  runs: number;
  ok: number;
  failed: number;
  crashes: number;
  hangs: number;
  stderrRuns: number;
  p50Ms: number;
  maxMs: number;
  totalMs: number;
}

export interface RunOptions {
  runs?: number;
  parallel?: number;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Node flags; default: the scenario's `// torture-node-args:` line. */
  nodeArgs?: string[];
  seedBase?: number;
  /** A command each child runs under (e.g. ['valgrind', '--quiet']); default: TORTURE_WRAP split on spaces. */
  wrap?: string[];
}

export function runScenario(name: string, options?: RunOptions): Promise<{ scenario: string; runs: RunResult[]; aggregate: Aggregate }>;
export function listScenarios(): string[];
export function describeFailure(result: RunResult): string;
export function declaredNodeArgs(name: string): string[];
