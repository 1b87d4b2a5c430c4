/** Backend tests: unit tests beside the code, API tests in test/, all on real PostgreSQL and Redis. */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: false }] },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  maxWorkers: 1,
  // BullMQ and ioredis can keep a reconnect timer alive after the last test; never hang CI on it.
  forceExit: true,
};
