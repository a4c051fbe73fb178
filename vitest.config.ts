import { defineConfig } from 'vitest/config';

// Unit and integration tests. E2E journeys have their own config (e2e/vitest.config.ts).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine, where the
    // suite then ran one file at a time though most of its time is spent waiting on PostgreSQL,
    // servers and timers. A worker per core (docs/architecture.md#tests-and-ci).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts', 'packages/contracts/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Faults survived (docs/deploy.md "What Foyer survives"): real server processes, one file at a time.
        test: {
          name: 'faults',
          include: ['faults/**/*.test.ts'],
          globalSetup: ['faults/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        resolve: { conditions: ['module', 'browser', 'development'] },
        test: {
          name: 'web',
          include: ['packages/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['packages/web/test/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
