// Two projects: `unit` (*.spec.ts, no services) and `integration` (*.int-spec.ts / *.e2e-spec.ts, real
// PostgreSQL and NATS resolved by libs/testing, built services started as processes). `npm test` builds first.
/** @type {import('jest').Config} */
const common = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        tsconfig: {
          target: 'ES2023',
          module: 'commonjs',
          esModuleInterop: true,
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          isolatedModules: true,
          sourceMap: true,
        },
        diagnostics: false,
      },
    ],
  },
  moduleNameMapper: { '^@app/([a-z-]+)$': '<rootDir>/libs/$1/src' },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

/**
 * Test files that measure the machine (Lighthouse's performance scores): `npm test` runs them in a second Jest run by
 * themselves (`GSM_JEST_ALONE=1`, scripts/jest-all.sh), never beside another file; the first run leaves them out.
 */
const ALONE = ['<rootDir>/apps/web/test/budgets.e2e-spec.ts'];
const alone = process.env.GSM_JEST_ALONE === '1';

module.exports = {
  projects: [
    ...(alone
      ? []
      : [
          {
            ...common,
            displayName: 'unit',
            testMatch: [
              '<rootDir>/{apps,libs}/**/*.spec.ts',
              '<rootDir>/deploy/test/*.spec.ts',
              '<rootDir>/eslint-rules/*.spec.ts',
            ],
          },
        ]),
    {
      ...common,
      displayName: 'integration',
      testMatch: alone
        ? ALONE
        : ['<rootDir>/{apps,libs}/**/*.{int,e2e}-spec.ts', '<rootDir>/deploy/test/*.{int,e2e}-spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...(alone ? [] : ALONE)],
      globalSetup: '<rootDir>/libs/testing/jest/global-setup.js',
      globalTeardown: '<rootDir>/libs/testing/jest/global-teardown.js',
    },
  ],
  maxWorkers: 2,
  // A global option (projects cannot set it): integration tests start processes and wait on real networks.
  testTimeout: 60_000,
  reporters: ['default', '<rootDir>/libs/testing/jest/summary-reporter.js'],
};
