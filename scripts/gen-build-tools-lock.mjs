// npm run gen:build-tools: writes scripts/build-tools/package.json and package-lock.json, the exact
// cmake-js and node-addon-api (and everything they pull in) that `build-from-source` installs into
// build/build-tools/ when the app has no copy. Cut out of the repository's own package-lock.json,
// so the versions and tarballs are the ones `npm ci` of this repository put in npm's cache: the
// install then works offline. Run it after changing either devDependency (test/cli.test.ts checks).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const TOOLS = ['cmake-js', 'node-addon-api'];

/** The manifest and the lockfile, from the repository's package.json and package-lock.json. */
export function buildToolsLock() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const { packages } = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  // Node's resolution inside the lockfile's layout: from `from`'s node_modules up to the root's.
  const resolve = (from, name) => {
    for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) throw new Error(`gen-build-tools-lock: ${name} (needed by ${from || 'the root'}) is not in package-lock.json`);
    }
  };
  const dependencies = Object.fromEntries(TOOLS.map((name) => [name, manifest.devDependencies[name]]));
  const picked = {};
  const queue = TOOLS.map((name) => resolve('', name));
  while (queue.length) {
    const at = queue.shift();
    if (picked[at]) continue;
    const { dev, devOptional, peer, ...entry } = packages[at];  // eslint-disable-line no-unused-vars
    picked[at] = entry;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) queue.push(resolve(at, name));
  }
  const sorted = Object.fromEntries(Object.keys(picked).sort().map((k) => [k, picked[k]]));
  const name = 'platform-social-sdk-build-tools';
  return {
    manifest: { name, private: true, description: 'What build-from-source installs when the app has no cmake-js (scripts/gen-build-tools-lock.mjs)', dependencies },
    lock: { name, lockfileVersion: 3, requires: true, packages: { '': { name, dependencies }, ...sorted } },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { manifest, lock } = buildToolsLock();
  const dir = join(root, 'scripts', 'build-tools');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`gen-build-tools-lock: ${Object.keys(lock.packages).length - 1} packages in scripts/build-tools/package-lock.json`);
}
