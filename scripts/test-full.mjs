// npm run test:full: the suites at their full counts — every jest suite with PLATFORM_TEST_FULL=1
// (fuzzing at 10× its default cases, 100 torture runs per scenario), then the sanitizer job at full
// count (scripts/test-asan.mjs --full). `npm test` and .ci/run use the reduced counts.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PLATFORM_TEST_FULL: '1' };

function run(args) {
  console.log(`$ node ${args.join(' ')}`);
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

const jest = run([join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--testTimeout=600000']);
const asan = run([join(root, 'scripts', 'test-asan.mjs'), '--full']);
console.log(`\ntest:full: jest ${jest === 0 ? 'passed' : 'FAILED'}, test:asan ${asan === 0 ? 'passed' : 'FAILED'}`);
process.exit(jest === 0 && asan === 0 ? 0 : 1);
