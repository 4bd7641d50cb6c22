// npm run gen:build-tools: writes, for each tool set of scripts/tools-on-demand.mjs, its
// scripts/<set>-tools/package.json and package-lock.json: the exact packages (and everything they
// pull in) a command installs into build/<set>-tools/ when the app has no copy (build-from-source:
// cmake-js and node-addon-api; install-sdk and check-sdk on a zip: yauzl). Cut out of the
// repository's own package-lock.json, so the versions and tarballs are the ones `npm ci` of this
// repository put in npm's cache: the install then works offline. Run it after changing any of those
// devDependencies (test/cli.test.ts checks).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shippedDir, TOOL_SETS } from './tools-on-demand.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The manifest and the lockfile of tool set `set`, from the repository's package.json and package-lock.json. */
export function toolsLock(set) {
  const { tools } = TOOL_SETS[set];
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
  const dependencies = Object.fromEntries(tools.map((name) => {
    if (!manifest.devDependencies?.[name]) throw new Error(`gen-build-tools-lock: ${name} (tool set ${set}) is not a devDependency`);
    return [name, manifest.devDependencies[name]];
  }));
  const picked = {};
  const queue = tools.map((name) => resolve('', name));
  while (queue.length) {
    const at = queue.shift();
    if (picked[at]) continue;
    const { dev, devOptional, peer, ...entry } = packages[at];  // eslint-disable-line no-unused-vars
    picked[at] = entry;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) queue.push(resolve(at, name));
  }
  const sorted = Object.fromEntries(Object.keys(picked).sort().map((k) => [k, picked[k]]));
  const name = `platform-social-sdk-${set}-tools`;
  return {
    manifest: { name, private: true, description: `What ${TOOL_SETS[set].usedBy} needs when the app has no ${tools[0]} (scripts/gen-build-tools-lock.mjs)`, dependencies },
    lock: { name, lockfileVersion: 3, requires: true, packages: { '': { name, dependencies }, ...sorted } },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const set of Object.keys(TOOL_SETS)) {
    const { manifest, lock } = toolsLock(set);
    const dir = shippedDir(set, root);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`gen-build-tools-lock: ${Object.keys(lock.packages).length - 1} packages in ${relative(root, dir)}/package-lock.json`);
  }
}
