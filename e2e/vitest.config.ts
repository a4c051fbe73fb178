import { defineConfig } from 'vitest/config';

// Browser journeys: real server (built SPA), real database, Debian's Chromium via playwright-core.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: each has its own server, database and browser (2 cores here).
    fileParallelism: true,
    maxWorkers: 2,
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
