// Writes V8's code cache of dist/cjs/bundle.js for the Node that runs this (scripts/bundle-loader.cjs
// reads it; docs/performance.md, row 9). Run by the build (scripts/build-ts.mjs) and by the install
// hook (scripts/install.mjs), each for its own Node. The cache is made in a fresh process that
// loads the main entry and opens and closes a Client, so it holds the bytecode of what start-up
// runs; a build without the addon yet caches what `require()` runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const WRITER = `
const fs = require('node:fs');
const { file, data } = require(process.argv[1]).makeCodeCache((bundle) => {
  const { Client } = bundle.load('./index');
  try { new Client().close(); } catch { /* no addon built yet: the require alone is cached */ }
});
fs.writeFileSync(file, data);
process.stdout.write(file);
`;

/** Writes the cache beside dist/cjs/bundle.js; returns its path, or throws with the reason. */
export function writeCodeCache(cjs) {
  const loader = join(cjs, 'bundle-loader.js');
  if (!existsSync(loader)) throw new Error(`no ${loader}`);
  const r = spawnSync(process.execPath, ['-e', WRITER, loader], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the code cache writer failed: ${r.stderr.trim() || r.error?.message || `exit ${r.status}`}`);
  return r.stdout;
}
