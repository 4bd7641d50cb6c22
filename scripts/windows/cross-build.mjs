// Cross-builds the package's native part for win32-x64 on Linux with mingw-w64: the addon, the
// simulator DLL and the native test program, in build-win32/ (Release, warnings as errors):
//   build-win32/Release/platform_social_sdk.node, platform_partner_sdk.dll
//   build-win32/tests/platform_sim_abi_tests.exe (with a copy of the DLL beside it),
//   build-win32/tests/platform_join_link_tests.exe (the world host's transport)
//   build-win32/prebuilds/win32-x64/ (the two Release files, as node-gyp-build looks for them)
// The published Windows binaries come from the MSVC workflow; this build is what the Windows lane
// of .ci/run tests under wine, and what `npm run build:prebuilds -- --cross win32-x64` copies.
//
// cmake-js is not used: it would configure for the host. It does nothing here that we cannot say
// directly: the include folders (Node-API headers, node-addon-api) and the library to link, an
// import library for node.exe made from node-api-headers' def file.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
export const WIN32_BUILD_DIR = join(root, 'build-win32');
export const WIN32_FILES = ['platform_social_sdk.node', 'platform_partner_sdk.dll'];

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (r.error) throw new Error(`cross-build: cannot run ${command} (${r.error.message}); install mingw-w64 and cmake (see docs/platforms.md)`);
  if (r.status !== 0) throw new Error(`cross-build: ${command} ${args[0] ?? ''} failed (exit ${r.status})`);
}

/** Configures and builds build-win32/ (incremental); returns the staged prebuild folder. */
export function crossBuildWin32({ werror = true, tests = true } = {}) {
  const headers = dirname(require.resolve('node-api-headers/package.json'));
  const addonApi = dirname(require.resolve('node-addon-api/package.json'));
  mkdirSync(WIN32_BUILD_DIR, { recursive: true });
  // node_api.def says NAME NODE.EXE: the addon imports Node-API from the process's own exe.
  const importLib = join(WIN32_BUILD_DIR, 'libnode_api.a');
  const def = join(headers, 'def', 'node_api.def');
  // Made once per def file: a new import library each run would relink the addon every time.
  if (!existsSync(importLib) || statSync(importLib).mtimeMs < statSync(def).mtimeMs) {
    run('x86_64-w64-mingw32-dlltool', ['-d', def, '-l', importLib, '-D', 'node.exe']);
  }
  const release = join(WIN32_BUILD_DIR, 'Release');
  run('cmake', [
    '-S', root, '-B', WIN32_BUILD_DIR,
    `-DCMAKE_TOOLCHAIN_FILE=${join(root, 'scripts', 'windows', 'mingw-w64-x86_64.cmake')}`,
    '-DCMAKE_BUILD_TYPE=Release',
    `-DPLATFORM_WERROR=${werror ? 'ON' : 'OFF'}`,
    `-DPLATFORM_BUILD_TESTS=${tests ? 'ON' : 'OFF'}`,
    `-DCMAKE_JS_INC=${join(headers, 'include')};${addonApi}`,
    `-DCMAKE_JS_LIB=${importLib}`,
    `-DCMAKE_LIBRARY_OUTPUT_DIRECTORY=${release}`,
    `-DCMAKE_RUNTIME_OUTPUT_DIRECTORY=${release}`,
  ], { stdio: ['ignore', 'ignore', 'inherit'] });
  run('cmake', ['--build', WIN32_BUILD_DIR, '--parallel', '2']);
  const staged = join(WIN32_BUILD_DIR, 'prebuilds', 'win32-x64');
  rmSync(staged, { recursive: true, force: true });
  mkdirSync(staged, { recursive: true });
  for (const file of WIN32_FILES) {
    if (!existsSync(join(release, file))) throw new Error(`cross-build: ${join(release, file)} is missing after the build`);
    copyFileSync(join(release, file), join(staged, file));
  }
  return staged;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(`cross-build: ${crossBuildWin32()}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
