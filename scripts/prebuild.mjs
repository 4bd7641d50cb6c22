// npm run build:prebuilds: builds the addon and the simulator for this platform/arch (Release, in
// build/, incremental) and copies them to prebuilds/<platform>-<arch>/, where node-gyp-build
// finds them. The simulator library sits beside the .node: the addon looks for it in its own
// folder, and the .node's rpath ($ORIGIN / @loader_path) needs nothing else; on Windows the DLL is
// next to the .node. `--out=<dir>` writes <dir>/<platform>-<arch>/ instead (the package test
// stages its tarball there, so that `npm test` leaves prebuilds/ alone).
//
// --cross win32-x64 (Linux, mingw-w64): prebuilds/win32-x64/ from the Windows cross-build in
// build-win32/ (scripts/windows/cross-build.mjs), so a maintainer on Linux can check a Windows
// prebuild (under wine: `npm run test:windows`). The published Windows binaries still come from
// the MSVC workflow.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossBuildWin32 } from './windows/cross-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const crossAt = process.argv.indexOf('--cross');
if (crossAt >= 0) {
  const crossTarget = process.argv[crossAt + 1];
  if (crossTarget !== 'win32-x64') {
    console.error('prebuild: --cross takes one target: win32-x64 (the mingw-w64 cross-build)');
    process.exit(2);
  }
  let staged;
  try {
    staged = crossBuildWin32();
  } catch (err) {
    console.error(`prebuild: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
  const dest = join(root, 'prebuilds', crossTarget);
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (const file of readdirSync(staged)) {
    copyFileSync(join(staged, file), join(dest, file));
    const r = spawnSync('x86_64-w64-mingw32-strip', ['--strip-unneeded', join(dest, file)], { stdio: 'inherit' });
    if (r.error || r.status !== 0) console.warn('prebuild: x86_64-w64-mingw32-strip failed; keeping symbols');
    console.log(`prebuild: ${join('prebuilds', crossTarget, file)} (${statSync(join(dest, file)).size} bytes)`);
  }
  process.exit(0);
}

const require = createRequire(import.meta.url);
const target = `${process.platform}-${process.arch}`;
const addonFile = 'platform_social_sdk.node';
// node-gyp-build reads tags from the file name: on Linux, 'glibc' keeps musl systems (Alpine)
// from picking this binary (they build from source instead).
const prebuiltAddonFile = process.platform === 'linux' ? 'platform_social_sdk.glibc.node' : addonFile;
const libraryFile = { win32: 'platform_partner_sdk.dll', darwin: 'libplatform_partner_sdk.dylib' }[process.platform] ?? 'libplatform_partner_sdk.so';

const build = spawnSync(process.execPath, [require.resolve('cmake-js/bin/cmake-js'), 'compile', '--CDCMAKE_BUILD_TYPE=Release'],
  { cwd: root, stdio: 'inherit' });
if (build.error || build.status !== 0) {
  console.error('prebuild: the native build failed (it needs cmake >= 3.20 and a C++20 compiler on PATH)');
  process.exit(1);
}
const from = join(root, 'build', 'Release');
for (const file of [addonFile, libraryFile]) {
  if (!existsSync(join(from, file))) {
    console.error(`prebuild: ${join(from, file)} is missing after the build`);
    process.exit(1);
  }
}

const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length) || join(root, 'prebuilds');
const dest = join(out, target);
rmSync(dest, { recursive: true, force: true });
mkdirSync(dest, { recursive: true });
copyFileSync(join(from, addonFile), join(dest, prebuiltAddonFile));
copyFileSync(join(from, libraryFile), join(dest, libraryFile));

// Debug symbols stay in the build folder; the published binaries are stripped (the rpath stays).
if (process.platform === 'linux' || process.platform === 'darwin') {
  const args = process.platform === 'darwin' ? ['-x'] : ['--strip-unneeded'];
  for (const file of [prebuiltAddonFile, libraryFile]) {
    const r = spawnSync('strip', [...args, join(dest, file)], { stdio: 'inherit' });
    if (r.error) console.warn(`prebuild: strip unavailable (${r.error.message}); keeping symbols`);
  }
}

for (const file of readdirSync(dest)) console.log(`prebuild: ${join(dest, file)} (${statSync(join(dest, file)).size} bytes)`);
