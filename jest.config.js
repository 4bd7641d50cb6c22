// Tests run against the real addon and the bundled simulator (no mocks of native code).
// ts-jest only transpiles (isolatedModules); `npm run typecheck` (pretest) type-checks lib + tests.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testTimeout: 20000,
  // Each file gets a fresh process-wide SDK (the simulator is one platform per process).
  maxWorkers: 2,
};
