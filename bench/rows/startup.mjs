// Row 9: require() + new Client() in fresh processes, split into its two parts. Beside it, the
// host's own start-up in the same run: a whole `node -e 0` process (not part of the row), taken
// between the probes, which shows how fast the host runs at that moment (104–116 ms on the slow
// host of docs/performance.md's seventh round).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { makeRow, median, quick, root } from '../common.mjs';

export default async function startupRows() {
  const script = 'const h=()=>process.hrtime.bigint();const t0=h();' +
    `const {Client}=require(${JSON.stringify(join(root, 'dist/cjs/index.js'))});const t1=h();` +
    'const c=new Client();const t2=h();c.close();console.log(JSON.stringify([Number(t2-t0)/1e6,Number(t1-t0)/1e6,Number(t2-t1)/1e6]))';
  const times = [];
  const requires = [];
  const constructs = [];
  const bareNode = [];
  for (let i = 0; i < (quick ? 2 : 9); i++) {
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    let parts;
    try {
      parts = JSON.parse(r.stdout.trim());
    } catch {
      parts = null;
    }
    if (r.status !== 0 || !Array.isArray(parts) || !parts.every(Number.isFinite)) throw new Error(`startup probe failed: ${r.stderr}`);
    times.push(parts[0]);
    requires.push(parts[1]);
    constructs.push(parts[2]);
    const started = process.hrtime.bigint();
    if (spawnSync(process.execPath, ['-e', '0']).status !== 0) throw new Error('node -e 0 failed');
    bareNode.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return [makeRow('9 startup, require() + new Client()', times, 'ms', '<= 20 ms', median(times) <= 20 ? 'met' : 'NOT MET', {
    'require()': median(requires),
    'new Client()': median(constructs),
    'host: a whole `node -e 0` process (not in the row)': median(bareNode),
  })];
}
