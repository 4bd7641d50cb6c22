'use strict';
// Copied into dist/cjs by scripts/bundle-cjs.mjs; the main entry loads bundle.js through it.
//
// Start-up (docs/performance.md, row 9): compiling bundle.js, and compiling each function the first
// time it runs, is about a quarter of `require()` + `new Client()`. V8 can skip both with a code
// cache: bytecode it wrote after a warm run of the same source. scripts/code-cache.mjs writes one
// beside the bundle for the Node that builds or installs the package, named by that Node's V8
// version and architecture; any other Node (another version, Electron) finds no file of its name
// and loads the bundle the ordinary way. V8 checks the cache itself, and ignores one that does not
// fit (other flags, another source length): the bundle is then compiled from source, as without.
//
// The bundle is loaded from its source, never from the cache alone, and the cache is not used:
// - when source maps are on (--enable-source-maps): Node maps the stacks only of modules its
//   own loader compiled;
// - when it is older than bundle.js (someone patched the bundle after the cache was written);
// - when bundle.js is already loaded (an entry required it first): one module, one set of classes.
// Nothing here writes a file: a cache exists only where the build or install wrote one.
const fs = require('node:fs');
const path = require('node:path');

const BUNDLE = path.join(__dirname, 'bundle.js');

/** The code cache's file for this Node: its V8 version and architecture in the name. */
function cacheFile() {
  return path.join(__dirname, `bundle.js.${process.versions.v8}-${process.arch}.cache`);
}

/** bundle.js compiled as Node's CommonJS loader would wrap it, with `cachedData` if given. */
function compileBundle(cachedData) {
  const { Script } = require('node:vm');
  const { wrap } = require('node:module');
  return new Script(wrap(fs.readFileSync(BUNDLE, 'utf8')), { filename: BUNDLE, cachedData });
}

/** Runs the compiled bundle as the module require('./bundle.js') would have made. */
function runBundle(script) {
  const Module = require('node:module');
  const bundle = new Module(BUNDLE, module);
  bundle.filename = BUNDLE;
  // Registered before it runs, as Node's loader does, so a require of bundle.js finds this one.
  require.cache[BUNDLE] = bundle;
  try {
    script.runInThisContext()(bundle.exports, Module.createRequire(BUNDLE), bundle, BUNDLE, __dirname);
  } catch (err) {
    delete require.cache[BUNDLE];
    throw err;
  }
  bundle.loaded = true;
  return bundle.exports;
}

/** How the bundle was loaded: 'cache' (V8 took it), 'rejected' (V8 refused it), or why not. */
let codeCache = 'none';

function loadBundle() {
  if (require.cache[BUNDLE] !== undefined) codeCache = 'loaded';
  else if (process.sourceMapsEnabled) codeCache = 'source-maps';
  else {
    const cache = fs.statSync(cacheFile(), { throwIfNoEntry: false });
    if (cache === undefined) codeCache = 'none';
    else if (cache.mtimeMs < fs.statSync(BUNDLE).mtimeMs) codeCache = 'stale';
    else {
      const script = compileBundle(fs.readFileSync(cacheFile()));
      codeCache = script.cachedDataRejected ? 'rejected' : 'cache';
      return runBundle(script);
    }
  }
  return require('./bundle.js');
}

let bundle;

/** The bundle's modules by name (bundle.js `load`); the first call loads the bundle. */
exports.load = (name) => (bundle ??= loadBundle()).load(name);
/** How bundle.js was loaded (tests, `npm run bench`). */
exports.codeCache = () => codeCache;
/**
 * For scripts/code-cache.mjs, in a process of its own that has not loaded the bundle: compiles and
 * runs it, lets `warm` run what start-up runs, and returns V8's code cache of it all.
 */
exports.makeCodeCache = (warm) => {
  if (bundle !== undefined || require.cache[BUNDLE] !== undefined) throw new Error('makeCodeCache: bundle.js is already loaded');
  const script = compileBundle(undefined);
  bundle = runBundle(script);
  warm(bundle);
  return { file: cacheFile(), data: script.createCachedData() };
};
