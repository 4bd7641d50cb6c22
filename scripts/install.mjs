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
    require('node-gyp-build').path(root);
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
  console.error(`platform-social-sdk: no prebuilt addon for ${process.platform}-${process.arch}, and building from source needs ${missing.join(' and ')} on PATH.\n` +
    `Install them (e.g. apt-get install cmake g++), then run: npm rebuild platform-social-sdk`);
  process.exit(1);
}
const cmakeJs = require.resolve('cmake-js/bin/cmake-js');
const result = spawnSync(process.execPath, [cmakeJs, 'compile', '--CDCMAKE_BUILD_TYPE=Release'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
