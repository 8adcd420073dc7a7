import { defineConfig } from 'vitest/config';

// One vitest run covers every package; the test level is in the file name
// (*.unit.spec.ts, *.int.spec.ts, *.e2e.spec.ts) and scripts/test.mjs filters by it.
const integrationSetup = ['packages/testing/src/global-setup.ts'];

/**
 * Test files run side by side in this many workers; each worker slot gets a Postgres cluster of its
 * own (packages/testing/src/global-setup.ts), so files never hold back each other's event-log reads.
 */
const WORKERS = Number(process.env.HS_TEST_WORKERS ?? 3);
process.env.HS_TEST_LANES = String(WORKERS);

/**
 * The browser and system tests run after the rest, two files at a time (one group, one pool: vitest
 * wants the same maxWorkers in a group): each file mostly waits on real processes of its own stack.
 */
const SLOW_WORKERS = Math.min(WORKERS, 2);

const SERVER_TESTS = [
  'packages/{config,db,eventstore,contracts,testing,gateways,read-models,notifications,privacy,tracing}/**/*.spec.ts',
  'services/**/*.spec.ts',
  'scripts/**/*.spec.ts',
];
/** Server tests that replace a module with `vi.mock`: only a fresh module graph per file can take that. */
const MOCKING_TESTS = ['services/api/test/reference-collision.int.spec.ts'];
const EXCLUDED = ['**/node_modules/**', '**/dist/**'];

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: '.reports/coverage',
      thresholds: { lines: 95 },
    },
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['**/*.spec.ts'],
          environment: 'node',
          // Property tests draw 100k values; under CI load they need more than the 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          // The files of one worker share their modules: importing the api once per worker rather than
          // once per file took the server tests from 328 to about 200 s. tests/setup/fresh-globals.ts puts back
          // what a file may have installed process-wide; files that mock modules run isolated below.
          isolate: false,
          setupFiles: ['tests/setup/fresh-globals.ts'],
          include: SERVER_TESTS,
          exclude: [...EXCLUDED, ...MOCKING_TESTS],
          environment: 'node',
          globalSetup: integrationSetup,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-mocks',
          include: MOCKING_TESTS,
          exclude: EXCLUDED,
          environment: 'node',
          globalSetup: integrationSetup,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'web/vitest.config.ts',
      {
        // Browser tests against the built product running as real processes.
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          globalSetup: integrationSetup,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: SLOW_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Fault, restore and scale-out tests against the built api and worker as real processes.
        test: {
          name: 'system',
          include: ['tests/system/**/*.spec.ts'],
          environment: 'node',
          globalSetup: integrationSetup,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          maxWorkers: SLOW_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
