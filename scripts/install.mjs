// npm install hook: use a prebuilt addon for this platform if one loads, else build from source
// (cmake-js, against the local Node-API headers: nothing is downloaded).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const fromSource = /^(1|true)$/i.test(process.env.npm_config_build_from_source ?? '') || process.argv.includes('--build-from-source');

if (!fromSource) {
  try {
    // Load it, not just find it: a binary for another libc or a missing system library fails here.
    require(require('node-gyp-build').path(root));
    console.log('platform-social-sdk: using the prebuilt addon');
    process.exit(0);
  } catch {
    // no prebuild for this platform: build below
  }
}

const missing = ['cmake', process.platform === 'win32' ? null : 'c++'].filter(Boolean).filter((tool) => {
  const probe = spawnSync(tool, ['--version'], { stdio: 'ignore', shell: process.platform === 'win32' });
  return probe.error || probe.status !== 0;
});
if (missing.length) {
  const why = fromSource ? 'building from source was asked for' : `there is no prebuilt addon for ${process.platform}-${process.arch}`;
  console.error(`platform-social-sdk: ${why}, and building from source needs ${missing.join(' and ')} on PATH ` +
    '(cmake >= 3.20 and a C++20 compiler).\n' +
    'Install them (e.g. apt-get install cmake g++; Xcode command line tools on macOS; Visual Studio Build Tools on Windows), ' +
    'then run: npm rebuild platform-social-sdk --build-from-source');
  process.exit(1);
}
// Progress goes to stderr: npm shows it with --foreground-scripts, and on failure.
const why = fromSource ? 'building from source as asked' : `no prebuilt addon for ${process.platform}-${process.arch}: building from source`;
console.error(`platform-social-sdk: ${why} with cmake-js (the addon and the simulator; a few minutes on a small machine)`);
const cmakeJs = require.resolve('cmake-js/bin/cmake-js');
const started = Date.now();
const result = spawnSync(process.execPath, [cmakeJs, 'compile', '--CDCMAKE_BUILD_TYPE=Release'], { cwd: root, stdio: 'inherit' });
const seconds = Math.round((Date.now() - started) / 1000);
if (result.status === 0) {
  console.error(`platform-social-sdk: built build/Release/ from source in ${seconds} s`);
} else {
  console.error(`platform-social-sdk: the build from source failed after ${seconds} s (the compiler's messages are above); ` +
    'fix what they name, then run: npm rebuild platform-social-sdk --build-from-source --foreground-scripts');
}
process.exit(result.status ?? 1);
