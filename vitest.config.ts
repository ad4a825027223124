import { defineConfig } from 'vitest/config';

// Unit tests of both packages: the library (test/) and the service (server/test/). The system tests (the package
// installed by npm, which compiles SQLite; three instances with PostgreSQL, Redis and haproxy, stopped and restarted
// under load) run after the rest, one file at a time: on a 2-core machine, sharing it with the parallel files made
// their failure timings (a restart, a drain) depend on everything else running.
const SYSTEM = ['test/package/install.test.ts', 'test/package/operator-commands.test.ts', 'server/test/scale/**/*.test.ts'];
const shared = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'server/test/e2e/**', '**/node_modules/**', ...SYSTEM],
          ...shared,
        },
      },
      {
        test: {
          name: 'system',
          include: SYSTEM,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...shared,
        },
      },
    ],
  },
});
