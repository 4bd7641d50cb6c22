// Bundles tsc's CommonJS output (dist/cjs) for start-up time: Node's loader pays for every file
// it resolves, reads and wraps (~0.3 ms each on a slow host, 30 files for the main entry), so the
// package ships a few files instead (docs/performance.md, row 9):
// - dist/cjs/bundle.js: every module the main entry reaches, and every module two entries share
//   (node-gyp-build's included),
//   each still a lazily evaluated CommonJS module (esbuild's wrappers), reached by name through
//   `load('./client')`. One copy of each, so every entry sees the same classes (Client,
//   PlatformError, …) and the same addon state: the bundle is the one implementation.
// - each entry (index, testing, …): its own modules inlined; a module of the bundle is a require
//   of the bundle. index.js is one line.
// - a standalone entry (the Electron preload, which runs in a renderer, not beside the others):
//   every module inlined, so it is one file and never loads the bundle.
// The per-module .js files are then removed; their .d.ts stay, for the entries' types.
import { build } from 'esbuild';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const BUNDLE = 'bundle.js';
const COMMON = { bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', charset: 'ascii' };
// Nothing stays a run-time require but Node's builtins and the addon itself: node-gyp-build is
// inlined too (its resolution through node_modules and its three files were ~1 ms of start-up). It
// stays a dependency, for scripts/install.mjs.
const EXTERNAL = [];

/** The dist/cjs modules an entry reaches (absolute paths), from esbuild's metafile. */
async function reach(cjs, entry) {
  const { metafile } = await build({ ...COMMON, entryPoints: [join(cjs, entry)], external: EXTERNAL, write: false, metafile: true });
  return Object.keys(metafile.inputs).map((p) => resolve(p)).filter((p) => p.startsWith(cjs + sep));
}

/** './session/session' for dist/cjs/session/session.js: the name load() knows a module by. */
const moduleName = (cjs, file) => './' + relative(cjs, file).split(sep).join('/').replace(/\.js$/, '');

/** Resolves the shared modules to the bundle, so an entry holds only its own modules. */
function sharedFromBundle(cjs, shared) {
  return {
    name: 'shared-from-bundle',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.namespace === 'shared') return { path: './' + BUNDLE, external: true };
        const file = resolve(args.resolveDir, args.path.endsWith('.js') ? args.path : args.path + '.js');
        return shared.has(file) ? { path: moduleName(cjs, file), namespace: 'shared' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `module.exports = require('./${BUNDLE}').load(${JSON.stringify(args.path)});`,
        resolveDir: cjs,
        loader: 'js',
      }));
    },
  };
}

/**
 * Bundles dist/cjs in place. entries: the file names of the package's entry points (index.js
 * first); standalone: those of them to bundle whole.
 */
export async function bundleCjs(cjs, entries, standalone = []) {
  cjs = resolve(cjs);
  const closures = new Map();
  for (const entry of entries) if (!standalone.includes(entry)) closures.set(entry, await reach(cjs, entry));
  const seen = new Map();
  for (const files of closures.values()) for (const f of files) seen.set(f, (seen.get(f) ?? 0) + 1);
  const entryFiles = new Set(entries.map((e) => join(cjs, e)));
  const shared = new Set([...seen].filter(([f, n]) => !entryFiles.has(f) && (n > 1 || closures.get('index.js').includes(f))).map(([f]) => f));
  shared.add(join(cjs, 'index.js'));

  // The bundle: a table of lazy requires, so a module runs only when something loads it.
  const table = [...shared].sort().map((f) => `  ${JSON.stringify(moduleName(cjs, f))}: () => require(${JSON.stringify(moduleName(cjs, f))}),`);
  const outputs = [];
  const core = await build({
    ...COMMON,
    stdin: {
      contents: `'use strict';\nconst modules = {\n${table.join('\n')}\n};\n` +
        'exports.load = (name) => modules[name]();\n',
      resolveDir: cjs,
      sourcefile: BUNDLE,
    },
    external: EXTERNAL,
    write: false,
    outfile: join(cjs, BUNDLE),
    sourcemap: 'linked',
  });
  outputs.push(...core.outputFiles);
  for (const entry of entries) {
    if (entry === 'index.js') continue;
    const r = await build({
      ...COMMON,
      entryPoints: [join(cjs, entry)],
      external: EXTERNAL,
      plugins: standalone.includes(entry) ? [] : [sharedFromBundle(cjs, shared)],
      write: false,
      outfile: join(cjs, entry),
      sourcemap: 'linked',
    });
    outputs.push(...r.outputFiles);
  }

  // Every per-module .js (and its map) goes; the outputs replace the entries.
  for (const file of readdirSync(cjs, { recursive: true })) {
    if (/\.js(\.map)?$/.test(file)) rmSync(join(cjs, file));
  }
  for (const out of outputs) writeFileSync(out.path, out.contents);
  writeFileSync(join(cjs, 'index.js'), `'use strict';\n// The main entry: its modules are in ${BUNDLE} (scripts/bundle-cjs.mjs).\nmodule.exports = require('./${BUNDLE}').load('./index');\n`);
  return { shared: shared.size, entries: entries.length };
}
