import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // The real server process: start, stop on a signal, restart on the same data.
      { test: { name: 'process', include: ['tests/process/**/*.test.ts'], environment: 'node', testTimeout: 180_000 } },
      // Checks of the built site (dist/ or $DIST_DIR); scripts/test.mjs runs them after the build.
      { test: { name: 'build', include: ['tests/build/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time, each worker on its own copy of the database (tests/api/global-setup.ts). Most of a
          // file's time is spent waiting on Postgres, servers and child processes, so two overlap well on 2 cores.
          // Its own group: projects of one group must agree on maxWorkers (unit's default is cores − 1).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
