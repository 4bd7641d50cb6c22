// Bundles tsc's CommonJS output (dist/cjs) for start-up time: Node's loader pays for every file
// it resolves, reads and wraps (~0.3 ms each on a slow host, 30 files for the main entry), so the
// package ships a few files instead (docs/performance.md, row 9):
// - dist/cjs/bundle.js: every module the main entry reaches, and every module two entries share
//   (node-gyp-build's included), each still a lazily evaluated CommonJS module (esbuild's
//   wrappers), reached by name through `load('./client')`. One copy of each, so every entry sees
//   the same classes (Client, PlatformError, …) and the same addon state: the bundle is the one
//   implementation.
// - each entry (index, testing, …): its own modules inlined; a module of the bundle is a require
//   of the bundle. index.js is one line.
// - a standalone entry (the Electron preload, which runs in a renderer, not beside the others):
//   every module inlined, so it is one file and never loads the bundle.
// - dist/cjs/bundle-lazy.js: the modules loaded on first use (the API areas, sessions), in the
//   same form, required only where the code requires them (lib/client.ts, lib/auth.ts, the
//   main entry's exports): \`require()\` + \`new Client()\` neither reads nor compiles them
//   (docs/performance.md, row 9); the first area used, or the first event for one, loads them all.
// The per-module .js files are then removed; their .d.ts stay, for the entries' types. The build
// fails if an entry holds a copy of a module of the bundle, or requires at run time anything but
// Node's builtins and the bundle.
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

const BUNDLE = 'bundle.js';
const LAZY = 'bundle-lazy.js';
// Nothing stays a run-time require but Node's builtins and the addon itself: node-gyp-build is
// inlined too (its resolution through node_modules and its three files were ~1 ms of start-up). It
// stays a dependency, for the command line (scripts/build-from-source.mjs checks its build loads).
const options = (cjs) => ({
  bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', charset: 'ascii',
  // Metafile paths relative to dist/cjs itself, whatever the working directory (or, on Windows,
  // the case of its drive letter) is.
  absWorkingDir: cjs,
  write: false,
  metafile: true,
});

/** Whether `file` (absolute) lies inside `dir`. */
const inside = (dir, file) => {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** The files an entry reaches (absolute paths), from esbuild's metafile; the lazy modules' not beyond their require. */
async function reach(cjs, entry, lazy) {
  const { metafile } = await build({ ...options(cjs), entryPoints: [join(cjs, entry)], plugins: [lazyModules(cjs, lazy, entry)] });
  return Object.keys(metafile.inputs).filter((p) => !p.startsWith('lazy:')).map((p) => resolve(cjs, p));
}

/** `file`'s path from the output `from` (file names relative to dist/cjs), for a require. */
function pathFrom(from, file) {
  const rel = relative(dirname(from), file).split(sep).join('/');
  return rel.startsWith('.') ? rel : './' + rel;
}

/** Resolves a require of a lazy module (`lazy`: absolute paths) to LAZY's load(), from the output `from`. */
function lazyModules(cjs, lazy, from) {
  return {
    name: 'lazy-modules',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'lazy-asked' || args.pluginData === 'asked' || args.kind === 'entry-point') return undefined;
        if (args.namespace === 'lazy') return { path: pathFrom(from, LAZY), external: true };
        const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'lazy-asked' });
        if (found.errors.length > 0 || !lazy.has(found.path)) return undefined;
        return { path: moduleName(cjs, found.path), namespace: 'lazy' };
      });
      b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
        contents: `module.exports = require('./${LAZY}').load(${JSON.stringify(args.path)});`,
        resolveDir: cjs,
        loader: 'js',
      }));
    },
  };
}

/** A bundle's source: a table of lazy requires of `files`, so a module runs only when something loads it. */
function tableSource(cjs, files, name) {
  const table = [...files].sort().map((f) => `  ${JSON.stringify(moduleName(cjs, f))}: () => require(${JSON.stringify(moduleName(cjs, f))}),`);
  return `'use strict';\nconst modules = Object.assign(Object.create(null), {\n${table.join('\n')}\n});\n` +
    'exports.load = (name) => {\n' +
    '  const load = modules[name];\n' +
    `  if (load === undefined) throw new Error('platform-social-sdk: no module ' + String(name) + ' in ${name}');\n` +
    '  return load();\n' +
    '};\n';
}

/** './session/session' for dist/cjs/session/session.js: the name load() knows a module by. */
const moduleName = (cjs, file) => './' + relative(cjs, file).split(sep).join('/').replace(/\.js$/, '');

/** Resolves the shared modules to the bundle, so an entry holds only its own modules. */
function sharedFromBundle(cjs, shared) {
  return {
    name: 'shared-from-bundle',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'asked' || args.pluginData === 'lazy-asked') return undefined;  // our own b.resolve (or lazyModules')
        if (args.namespace === 'shared') return { path: './' + BUNDLE, external: true };
        // esbuild's own resolution (extensions, folders), not a guess at the file name.
        const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: 'asked' });
        if (found.errors.length > 0) return { errors: found.errors };
        return shared.has(found.path) ? { path: moduleName(cjs, found.path), namespace: 'shared' } : { path: found.path };
      });
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `module.exports = require('./${BUNDLE}').load(${JSON.stringify(args.path)});`,
        resolveDir: cjs,
        loader: 'js',
      }));
    },
  };
}

/** The license texts of the packages from node_modules that `files` include, as a comment. */
function thirdPartyNotice(files) {
  const packages = new Set();
  for (const f of files) {
    const at = f.lastIndexOf(`${sep}node_modules${sep}`);
    if (at < 0) continue;
    const rest = f.slice(at + 14).split(sep);
    packages.add(f.slice(0, at + 14) + rest.slice(0, rest[0].startsWith('@') ? 2 : 1).join(sep));
  }
  return [...packages].sort().map((dir) => {
    const { name, version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const text = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].map((n) => join(dir, n)).find(existsSync);
    if (!text) throw new Error(`bundle-cjs: ${name} is bundled but has no LICENSE file to carry along`);
    const body = readFileSync(text, 'utf8').trim().replace(/\*\//g, '* /');
    return `/*!\n * Includes ${name} ${version} (${license}):\n *\n${body.split('\n').map((l) => ` * ${l}`.trimEnd()).join('\n')}\n */`;
  }).join('\n');
}

/** esbuild's build, again with the license notice of the packages it inlined, if any. */
async function buildWithNotice(cjs, opts) {
  const first = await build(opts);
  const notice = thirdPartyNotice(Object.keys(first.metafile.inputs).map((p) => resolve(cjs, p)));
  return notice === '' ? first : build({ ...opts, banner: { js: notice } });
}

/** Throws if an output requires at run time anything but a builtin or one of the two bundles. */
function checkRuntimeRequires(cjs, metafile) {
  for (const [out, { imports }] of Object.entries(metafile.outputs)) {
    for (const i of imports) {
      if (!i.external) continue;
      const name = i.path.replace(/^node:/, '');
      if (builtinModules.includes(name)) continue;
      const target = resolve(dirname(resolve(cjs, out)), i.path);
      if (target === join(cjs, BUNDLE) || target === join(cjs, LAZY)) continue;
      throw new Error(`bundle-cjs: ${out} would require '${i.path}' at run time, a file the package does not ship`);
    }
  }
}

/**
 * Makes the main entry's re-exports of lazy modules lazy: tsc writes `var m_1 = require("./m");`
 * and a getter per export (`return m_1.Name;`); the require moves into the getters, so that an
 * export is loaded when it is first read (the ESM entry reads them all; row 9 is `require`).
 */
function lazyReexports(cjs, lazy) {
  const file = join(cjs, 'index.js');
  let text = readFileSync(file, 'utf8');
  for (const [line, name, spec] of [...text.matchAll(/^var (\w+) = require\("(\.[^"]+)"\);$/gm)]) {
    if (!lazy.has(join(cjs, `${spec}.js`))) continue;
    const uses = new RegExp(`\\b${name}\\.`, 'g');
    if (!uses.test(text)) throw new Error(`bundle-cjs: index.js requires ${spec} but reads nothing of it`);
    text = text.replace(line, `var ${name} = () => require(${JSON.stringify(spec)});`).replace(uses, `${name}().`);
  }
  writeFileSync(file, text);
}

/**
 * Bundles dist/cjs in place. entries: the file names of the package's entry points (index.js
 * first); standalone: those of them to bundle whole; lazy: the modules (file names) of
 * bundle-lazy.js, loaded where the code requires them.
 */
export async function bundleCjs(cjs, entries, standalone = [], lazy = []) {
  cjs = resolve(cjs);
  const lazyFiles = new Set(lazy.map((f) => join(cjs, f)));
  lazyReexports(cjs, lazyFiles);
  const closures = new Map();
  for (const entry of entries) if (!standalone.includes(entry)) closures.set(entry, await reach(cjs, entry, lazyFiles));
  // The lazy modules as one: what they reach, each other included.
  const lazyReach = new Set();
  for (const f of lazy) for (const g of await reach(cjs, f, new Set())) lazyReach.add(g);
  closures.set(LAZY, [...lazyReach]);
  const main = closures.get('index.js');
  if (!main || main.length < 2) throw new Error('bundle-cjs: the main entry (index.js) reaches no module');
  const seen = new Map();
  for (const files of closures.values()) for (const f of files) seen.set(f, (seen.get(f) ?? 0) + 1);
  const entryFiles = new Set(entries.map((e) => join(cjs, e)));
  // Our modules of the bundle (node_modules lies outside dist/cjs); the packages they use are
  // inlined into it with them.
  const shared = new Set([...seen]
    .filter(([f, n]) => inside(cjs, f) && !entryFiles.has(f) && !lazyFiles.has(f) && (n > 1 || main.includes(f)))
    .map(([f]) => f));
  shared.add(join(cjs, 'index.js'));

  const outputs = [];
  const core = await buildWithNotice(cjs, {
    ...options(cjs),
    stdin: { contents: tableSource(cjs, shared, BUNDLE), resolveDir: cjs, sourcefile: BUNDLE },
    outfile: join(cjs, BUNDLE),
    sourcemap: 'linked',
    plugins: [lazyModules(cjs, lazyFiles, BUNDLE)],
  });
  checkRuntimeRequires(cjs, core.metafile);
  const inBundle = new Set(Object.keys(core.metafile.inputs));
  outputs.push(...core.outputFiles);
  /** An output beside the bundle must not carry a second copy of anything in it: two copies of a
   * module are two classes and two states (an error from testing.js that is not a PlatformError). */
  const noCopies = (name, r) => {
    const copies = Object.keys(r.metafile.inputs).filter((p) => inBundle.has(p) && !p.startsWith('shared:') && !p.startsWith('lazy:'));
    if (copies.length > 0) throw new Error(`bundle-cjs: ${name} holds its own copy of ${copies.join(', ')}, which ${BUNDLE} has`);
  };
  if (lazy.length > 0) {
    const r = await buildWithNotice(cjs, {
      ...options(cjs),
      stdin: { contents: tableSource(cjs, lazyFiles, LAZY), resolveDir: cjs, sourcefile: LAZY },
      plugins: [sharedFromBundle(cjs, shared)],
      outfile: join(cjs, LAZY),
      sourcemap: 'linked',
    });
    checkRuntimeRequires(cjs, r.metafile);
    noCopies(LAZY, r);
    outputs.push(...r.outputFiles);
  }
  for (const entry of entries) {
    if (entry === 'index.js') continue;
    const alone = standalone.includes(entry);
    const r = await buildWithNotice(cjs, {
      ...options(cjs),
      entryPoints: [join(cjs, entry)],
      plugins: alone ? [] : [lazyModules(cjs, lazyFiles, entry), sharedFromBundle(cjs, shared)],
      outfile: join(cjs, entry),
      sourcemap: 'linked',
    });
    checkRuntimeRequires(cjs, r.metafile);
    if (!alone) noCopies(entry, r);
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
