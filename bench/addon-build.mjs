// The benchmark's own addon: the same sources built with PLATFORM_BENCH_HOOKS=ON (its baselines,
// native/bench/bench_exports.cc, and ClientWrap's *ForBench hooks) into build-bench/build/, beside the
// normal build/ so that neither replaces the other. The published addon (prebuilds, `npm install`,
// build/Release) has none of them. node-gyp-build loads this one when
// PLATFORM_SOCIAL_SDK_PREBUILD names build-bench/ (set here for the bench process and its children).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './common.mjs';

export const benchRoot = join(root, 'build-bench');

/** Builds (incrementally) the benchmark's addon and points this process and its children at it. */
export function useBenchAddon() {
  const cmakeJs = join(root, 'node_modules', 'cmake-js', 'bin', 'cmake-js');
  console.log('bench: building the addon with PLATFORM_BENCH_HOOKS=ON in build-bench/build');
  const r = spawnSync(process.execPath, [cmakeJs, 'compile', '--out', join(benchRoot, 'build'),
    '--CDCMAKE_BUILD_TYPE=Release', '--CDPLATFORM_BENCH_HOOKS=ON', '--CDPLATFORM_BUILD_TESTS=OFF'], {
    cwd: root, stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.error || r.status !== 0) throw new Error(`bench: building the benchmark addon failed (${r.error?.message ?? `exit ${r.status}`})`);
  if (!existsSync(join(benchRoot, 'build', 'Release', 'platform_social_sdk.node'))) {
    throw new Error('bench: no addon in build-bench/build/Release after the build');
  }
  process.env.PLATFORM_SOCIAL_SDK_PREBUILD = benchRoot;
}
