// Runs the properties of one catalog member: each run replaces one argument (or one option key)
// of a valid call with a generated value, and the oracle judges what the call did.
import { inspect } from 'node:util';
import * as fc from 'fast-check';
import type { ClassEntry, Ctx, Entry } from './catalog';
import { judge, judgeNoArgs, outcomeOf, type Outcome, type OutcomeKind } from './oracle';
import { casesFor, weightOf, type Case } from './shapes';

export interface Tally {
  cases: number;
  outcomes: Partial<Record<OutcomeKind, number>>;
  /** The longest time one call held the thread (ms), and where. */
  maxSyncMs: number;
  maxSyncAt: string;
  /** Calls that held the thread longer than STALL_MS. */
  stalls: number;
}

/** A call that holds the thread longer than this is a stall (the docs' figure; the bench judges speed). */
export const STALL_MS = 100;

export const newTally = (): Tally => ({ cases: 0, outcomes: {}, maxSyncMs: 0, maxSyncAt: '', stalls: 0 });

function count(t: Tally, o: Outcome, where: string): void {
  t.cases++;
  t.outcomes[o.kind] = (t.outcomes[o.kind] ?? 0) + 1;
  if (o.syncMs > t.maxSyncMs) {
    t.maxSyncMs = o.syncMs;
    t.maxSyncAt = where;
  }
  if (o.syncMs > STALL_MS) t.stalls++;
}

/** The member, by catalog key ('Symbol(x)' for well-known symbols). */
function memberKey(target: object, key: string): PropertyKey {
  const m = /^Symbol\((.+)\)$/.exec(key);
  if (!m) return key;
  let p: object | null = target;
  while (p) {
    const sym = Object.getOwnPropertySymbols(p).find((s) => s.description === m[1]);
    if (sym) return sym;
    p = Object.getPrototypeOf(p) as object | null;
  }
  throw new Error(`no ${key} on the target`);
}

/** How many runs a member gets for `perValue` runs per value its parameters are made of. */
export function runsOf(entry: Entry, perValue: number, noArgRuns: number): number {
  if (entry.kind === 'setter') return perValue * weightOf(entry.shape);
  if (entry.kind !== 'method') return 0;
  return entry.params.length === 0 ? noArgRuns : perValue * entry.params.reduce((n, p) => n + weightOf(p.shape), 0);
}

export async function fuzzMember(ctx: Ctx, cls: ClassEntry, key: string, entry: Entry, runs: number, seed: number, tally: Tally): Promise<void> {
  if (runs === 0 || (entry.kind !== 'method' && entry.kind !== 'setter')) return;
  const target = (entry.on ?? cls.target)(ctx) as Record<PropertyKey, unknown>;
  const prop = memberKey(target, key);
  const where = `${cls.name}.${key}`;

  if (entry.kind === 'setter') {
    await check(where, fc.asyncProperty(casesFor(entry.shape, key), async (c) => {
      const o = await outcomeOf(() => { target[prop] = c.value; });
      count(tally, o, `${where} = ${c.label}`);
      report(where, c, judge(c, o));
    }), { seed, numRuns: runs });
    return;
  }

  const method = () => target[prop] as (...args: unknown[]) => unknown;
  if (entry.params.length === 0) {
    // No parameters: extra arguments of any kind are ignored.
    await check(where, fc.asyncProperty(fc.array(fc.anything(), { maxLength: 3 }), async (junk) => {
      const o = await outcomeOf(() => method().apply(target, junk));
      count(tally, o, `${where}(...junk)`);
      const why = judgeNoArgs(o);
      if (why) throw new Error(`${where}(...junk): ${why}`);
    }), { seed, numRuns: runs });
    return;
  }

  const { params: list } = entry;
  // A parameter is picked in proportion to its weight (an activity object gets more runs than a bool).
  const arb = fc.oneof(...list.map((param, i) => ({ weight: weightOf(param.shape), arbitrary: fc.constant(i) }))).chain((i) => {
    const param = list[i]!;
    const cases = casesFor(param.shape, param.name, param.optional === true, param.nullable === true);
    return (entry.noOdd ? cases.filter((c) => c.bad) : cases).map((c) => ({ i, c }));
  });
  await check(where, fc.asyncProperty(arb, async ({ i, c }) => {
    const args = list.map((param) => param.valid(ctx));
    args[i] = c.value;
    const o = await outcomeOf(() => method().apply(target, args));
    count(tally, o, `${where}: ${c.path} = ${c.label}`);
    report(where, c, judge(c, o));
  }), { seed, numRuns: runs });
}

function report(where: string, c: Case, why: string | null): void {
  if (why) throw new Error(`${where}: '${c.path}' = ${c.label} (${c.bad ? 'bad' : 'odd'}) ${preview(c.value)}: ${why}`);
}

function preview(value: unknown): string {
  try {
    return inspect(value, { depth: 3, maxStringLength: 60, maxArrayLength: 5, breakLength: Infinity });
  } catch {
    return '(not inspectable)';
  }
}

/** fc.assert, with a short report: the seed, the path to replay, and what went wrong (no megabyte values). */
async function check<T>(where: string, property: fc.IAsyncProperty<T>, params: { seed: number; numRuns: number }): Promise<void> {
  const details = await fc.check(property, params);
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(`${where} failed (seed ${details.seed}, path "${details.counterexamplePath}"): ${cause}`);
}
