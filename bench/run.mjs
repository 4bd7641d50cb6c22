// npm run bench [-- --quick] [-- --only=events,idle]: the binding's paths against the simulator,
// each row with its target and the baselines measured in the same run. Rows live in bench/rows/.
// Writes bench/results/latest.json (quick.json for --quick).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { useBenchAddon } from './addon-build.mjs';
import { quick, root } from './common.mjs';

const MODULES = ['events', 'relationships', 'idle', 'latency', 'memory', 'audio', 'startup', 'console', 'suite', 'growth', 'joined'];
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : MODULES;

// The rows measure the binding's paths against baselines built into the benchmark's own addon.
useBenchAddon();

const started = Date.now();
const rows = [];
for (const name of MODULES.filter((m) => only.includes(m))) {
  const { default: run } = await import(`./rows/${name}.mjs`);
  rows.push(...await run());
}
rows.sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }));

const fmt = (v) => (v === null ? '-' : v >= 1000 ? Math.round(v).toLocaleString('en') : v.toFixed(v < 1 ? 3 : 1));
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`\nplatform-social-sdk bench (${quick ? 'quick' : 'full'}): ${os.cpus().length} cores, load ${load}, node ${process.version}`);
for (const r of rows) {
  const base = Object.entries(r.baselines).map(([k, v]) => `${k} ${typeof v === 'number' ? fmt(v) : v}`).join('; ');
  const spreadText = r.spread === null ? '-' : (r.spread * 100).toFixed(0);
  console.log(`${r.name.padEnd(56)} ${fmt(r.median).padStart(12)} ${r.unit.padEnd(11)} ±${spreadText}%  target ${r.target}  → ${r.verdict}${base ? `  [${base}]` : ''}`);
}
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (onlyArg) process.exit(0); // a partial run does not replace the recorded results
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', quick ? 'quick.json' : 'latest.json'), JSON.stringify({
  date: new Date().toISOString(), quick, seconds: (Date.now() - started) / 1000,
  machine: { cores: os.cpus().length, model: os.cpus()[0]?.model, load: os.loadavg(), node: process.version },
  rows,
}, null, 2) + '\n');
process.exit(0);
