// npm run bench:leaks [-- --count=N]: the memory row's child (bench/rows/memory.mjs --child) with a
// small count under valgrind's leak checker, then a summary that separates our libraries
// (platform_social_sdk.node, libplatform_partner_sdk.so) from Node's own.
//
// Row 7 shows that nothing reachable keeps growing; this shows that nothing unreachable is left
// behind (a lost allocation per event never shows in a GC'd heap, and hides in RSS noise at small
// counts). Exit status 1 when our libraries have definitely lost blocks or memory errors (invalid
// reads/writes, uses of uninitialised values); Node's own findings are reported, not judged.
//
// Writes the full valgrind log to bench/results/valgrind.log (not committed: *.log).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './common.mjs';

const OURS = [/platform_social_sdk\.node/, /libplatform_partner_sdk\.so/, /\bpsim::/, /\bpsdk::/, /\bPlatformSim?_/, /\bNapi::/];
const arg = (name, fallback) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return a ? Number(a.slice(name.length + 3)) : fallback;
};
const count = arg('count', 3000);

// --parse=<file>: summarise an existing valgrind log instead of running the child.
const parseOnly = process.argv.find((x) => x.startsWith('--parse='))?.slice('--parse='.length);
const log = parseOnly ?? join(root, 'bench', 'results', 'valgrind.log');
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
const args = [
  '--leak-check=full', '--errors-for-leak-kinds=definite', '--show-leak-kinds=definite,possible',
  '--num-callers=40', `--log-file=${log}`,
  process.execPath, '--expose-gc', join(root, 'bench', 'rows', 'memory.mjs'), '--child',
  `--count=${count}`, '--warmup=500', '--chunk=500',
];
let child = null;
if (!parseOnly) {
  console.log(`valgrind ${args.join(' ')}`);
  const run = spawnSync('valgrind', args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (run.error) {
    console.error(`cannot run valgrind: ${run.error.message}`);
    process.exit(2);
  }
  if (run.status !== 0) {
    console.error(`the memory child failed under valgrind (status ${run.status}); see ${log}`);
    process.exit(2);
  }
  child = JSON.parse(run.stdout.trim().split('\n').pop());
}

// Records are separated by "==PID== " lines with nothing after the prefix.
const lines = readFileSync(log, 'utf8').split('\n').map((l) => l.replace(/^==\d+==\s?/, ''));
const records = [];
let cur = [];
for (const l of lines) {
  if (l.trim() === '') {
    if (cur.length) records.push(cur);
    cur = [];
  } else {
    cur.push(l);
  }
}
if (cur.length) records.push(cur);

const num = (s) => Number(s.replace(/,/g, ''));
const tally = () => ({ bytes: 0, blocks: 0, records: 0 });
const leaks = { definite: { ours: tally(), node: tally() }, possible: { ours: tally(), node: tally() } };
const errors = { ours: [], node: [] };
const LEAK = /^([\d,]+) (?:\(([\d,]+) direct, [\d,]+ indirect\) )?bytes in ([\d,]+) blocks are (definitely|possibly) lost/;
const ERROR = /^(Invalid (read|write|free)|Conditional jump|Use of uninitialised|Syscall param|Mismatched free|Source and destination overlap)/;
for (const whole of records) {
  // A warning line can precede a record without a blank line between them.
  const at = whole.findIndex((l) => LEAK.test(l) || ERROR.test(l));
  if (at < 0) continue;
  const r = whole.slice(at);
  const head = r[0];
  const ours = (l) => OURS.some((re) => re.test(l));
  // A leak is ours when our code is anywhere on the allocation stack (it may have asked Node for
  // what it then lost, e.g. a reference never deleted). An error is ours when it happened in our
  // code (top frame): V8's conservative stack scan reads uninitialised stack slots below any
  // caller, ours included.
  const topFrame = r.find((l) => /^\s+at /.test(l)) ?? '';
  // "N bytes in M blocks are definitely lost" or "N (D direct, I indirect) bytes in M blocks ..."
  const leak = head.match(LEAK);
  if (leak) {
    const t = leaks[leak[4] === 'definitely' ? 'definite' : 'possible'][r.some(ours) ? 'ours' : 'node'];
    t.bytes += num(leak[2] ?? leak[1]);
    t.blocks += num(leak[3]);
    t.records++;
  } else {
    errors[ours(topFrame) ? 'ours' : 'node'].push(r.slice(0, 6).join('\n    '));
  }
}
const summary = lines.filter((l) => /^\s+(definitely|indirectly|possibly) lost:|^\s+still reachable:/.test(l)).map((l) => l.trim());

const fmt = (t) => `${t.bytes.toLocaleString('en')} bytes in ${t.blocks} blocks (${t.records} records)`;
if (child) console.log(`\nleak check: ${child.delivered + child.warmup} messages delivered under valgrind (${child.delivered} + ${child.warmup} warm-up)`);
console.log(`valgrind LEAK SUMMARY: ${summary.join('; ')}`);
console.log(`definitely lost, our libraries: ${fmt(leaks.definite.ours)}`);
console.log(`definitely lost, Node's own:    ${fmt(leaks.definite.node)}`);
console.log(`possibly lost, our libraries:   ${fmt(leaks.possible.ours)}`);
console.log(`possibly lost, Node's own:      ${fmt(leaks.possible.node)}`);
console.log(`memory errors in our libraries: ${errors.ours.length}; in Node's own: ${errors.node.length} contexts`);
for (const e of errors.ours) console.log(`  ${e}`);
console.log(`full log: ${log}`);
process.exit(leaks.definite.ours.bytes > 0 || errors.ours.length > 0 ? 1 : 0);
