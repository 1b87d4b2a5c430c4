/** Backend tests: unit tests beside the code, API tests in test/, all on real PostgreSQL and Redis. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Transpiled file by file (no type-checking per test file: npm test type-checks the backend once
  // before running it, which costs a fraction of checking every file as each test loads it).
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] },
  // The shared rules from their source, so a test never runs against a stale shared/dist.
  moduleNameMapper: { '^@maison/shared$': '<rootDir>/../shared/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['reflect-metadata', '<rootDir>/test/support/worker-services.setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/support/contract-check.setup.ts'],
  testTimeout: 30000,
  // TEST_WORKERS files at once (two by default, one per core), each worker on a database and Redis
  // database of its own (test/support/test-workers.ts), each file starting from an emptied one
  // (test/support/test-app.ts).
  maxWorkers: Math.max(1, Number(process.env.TEST_WORKERS || 2)),
  // A worker is replaced by a fresh one after a test file leaves it holding more than this:
  // each file boots the whole app, and one process running many of them ran out of heap.
  workerIdleMemoryLimit: '1536MB',
  // BullMQ and ioredis can keep a reconnect timer alive after the last test; never hang CI on it.
  forceExit: true,
};
