import { defineConfig } from 'vitest/config';

// End-to-end tests in Debian's Chromium: `npm run test:e2e`. One file at a
// time, since each drives a whole browser and the machine has two cores.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts', 'server/test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
