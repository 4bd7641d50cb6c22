// `npx platform-social-sdk build-from-source`: builds the addon and the simulator library from the
// sources the package carries (native/, simulator/, vendor/, CMakeLists.txt) into build/Release/, where
// node-gyp-build looks before prebuilds/. The command a loading error names on a target with no
// prebuild (lib/addon-loader.ts), and the repository's own `npm run build:native`.
//
// It checks the tools first and names the missing ones; then it runs cmake-js in the foreground
// (its and the compiler's progress on the terminal). The build itself downloads nothing: cmake-js
// compiles against node-api-headers (package.json `binary.napi_versions`). Only the build tools
// may come from npm (below), when npm's cache lacks them (`--offline` forbids even that).
//
// cmake-js and node-addon-api are devDependencies (loading needs neither). Where they do not
// resolve from the package (an app that installed it from npm), scripts/tools-on-demand.mjs installs
// its `build` set (the exact versions the package was built and tested with) into build/build-tools/,
// from npm's cache when they are there (`--offline` forbids the network), and cmake-js is pointed at
// that folder's node-addon-api (NODE_PATH). Nothing is added to the app.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { packageRoot, toolsFor, ToolsError } from './tools-on-demand.mjs';

export { packageRoot };
const NAME = 'platform-social-sdk';
const isWindows = process.platform === 'win32';

export class BuildError extends Error {}

/** `name --version` runs, and its first line (null when it does not). */
function probe(tool, env = process.env) {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8', env, shell: isWindows, stdio: ['ignore', 'pipe', 'ignore'] });
  return r.error || r.status !== 0 ? null : (r.stdout.split(/\r?\n/)[0] ?? '');
}

/** The tools a source build needs that are not on PATH, in words (empty when all are there). */
export function missingTools(env = process.env) {
  const missing = [];
  const cmake = probe('cmake', env);
  if (cmake === null) missing.push('cmake');
  else {
    const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(cmake) ?? []).slice(1).map(Number);
    if (major < 3 || (major === 3 && minor < 20)) missing.push(`cmake >= 3.20 (found: ${cmake.trim()})`);
  }
  if (!isWindows) {
    // cmake-js finds Visual Studio itself on Windows; elsewhere CMake takes $CXX or c++ from PATH.
    const compilers = [env.CXX, 'c++', 'g++', 'clang++'].filter(Boolean);
    if (!compilers.some((c) => probe(c, env) !== null)) missing.push('c++ (a C++20 compiler)');
    if (probe('make', env) === null && probe('ninja', env) === null) missing.push('make (or ninja)');
  }
  return missing;
}

const INSTALL_HINT = isWindows
  ? 'Visual Studio 2022 or its Build Tools ("Desktop development with C++") and cmake'
  : process.platform === 'darwin'
    ? 'xcode-select --install, and cmake (brew install cmake)'
    : 'Debian/Ubuntu: apt-get install cmake g++ make; Alpine: apk add cmake g++ make; Fedora: dnf install cmake gcc-c++ make';

/** cmake-js's CLI and the NODE_PATH node-addon-api resolves from (undefined: the package's own). */
function buildTools(root, { offline, log }) {
  try {
    const tools = toolsFor('build', { root, offline, log, rerun: `npx ${NAME} build-from-source` });
    return { cmakeJs: tools.require.resolve('cmake-js/bin/cmake-js'), nodePath: tools.nodeModules };
  } catch (err) {
    if (err instanceof ToolsError) throw new BuildError(err.message);
    throw err;
  }
}

/**
 * Builds build/Release/ from source. `cmakeArgs`: extra `--CD<NAME>=<value>` settings for cmake
 * (CI: --CDPLATFORM_WERROR=ON). Returns the addon file that now loads; throws BuildError.
 */
export function buildFromSource({ root = packageRoot, cmakeArgs = [], offline = false, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const target = `${process.platform}-${process.arch}`;
  const missing = missingTools();
  if (missing.length) {
    throw new BuildError(`building from source needs ${missing.join(', ')} on PATH. ` +
      `Install ${missing.length > 1 ? 'them' : 'it'} (${INSTALL_HINT}), then run again: npx ${NAME} build-from-source`);
  }
  const { cmakeJs, nodePath } = buildTools(root, { offline, log });
  log(`${NAME}: building the addon and the simulator for ${target} from source with cmake-js, into ${join(root, 'build', 'Release')} ` +
    '(a few minutes on a small machine; progress below)');
  const env = { ...process.env };
  if (nodePath) env.NODE_PATH = [nodePath, env.NODE_PATH].filter(Boolean).join(delimiter);
  const started = Date.now();
  // `build` configures when there is no build/CMakeCache.txt and builds incrementally otherwise
  // (unlike `compile`, it never falls back to a clean rebuild that would delete build/build-tools).
  // Settings given here are applied to an existing build folder too: configure first.
  const cmakeJsRun = (verb) => spawnSync(process.execPath, [cmakeJs, verb, '--CDCMAKE_BUILD_TYPE=Release', ...cmakeArgs], { cwd: root, stdio: 'inherit', env });
  let r = cmakeArgs.length ? cmakeJsRun('configure') : { status: 0 };
  if (!r.error && r.status === 0) r = cmakeJsRun('build');
  const seconds = Math.round((Date.now() - started) / 1000);
  if (r.error || r.status !== 0) {
    throw new BuildError(`the build from source failed after ${seconds} s (the messages above say why); fix what they name, ` +
      `then run again: npx ${NAME} build-from-source`);
  }
  let addon;
  try {
    const gyp = createRequire(join(root, 'package.json'))('node-gyp-build');
    addon = gyp.resolve(root);
    createRequire(join(root, 'package.json'))(addon);
  } catch (err) {
    throw new BuildError(`the build finished, but its addon does not load: ${err?.message ?? err}`);
  }
  log(`${NAME}: built from source in ${seconds} s; ${addon} loads`);
  return addon;
}
