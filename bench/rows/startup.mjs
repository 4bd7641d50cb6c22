// Row 9: require() + new Client() in fresh processes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { makeRow, median, quick, root } from '../common.mjs';

export default async function startupRows() {
  const script = `const t=process.hrtime.bigint();const {Client}=require(${JSON.stringify(join(root, 'dist/cjs/index.js'))});` +
    'const c=new Client();const ms=Number(process.hrtime.bigint()-t)/1e6;c.close();console.log(ms)';
  const times = [];
  for (let i = 0; i < (quick ? 2 : 9); i++) {
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const ms = Number(r.stdout.trim());
    if (r.status !== 0 || !Number.isFinite(ms)) throw new Error(`startup probe failed: ${r.stderr}`);
    times.push(ms);
  }
  return [makeRow('9 startup, require() + new Client()', times, 'ms', '<= 20 ms', median(times) <= 20 ? 'met' : 'NOT MET')];
}
