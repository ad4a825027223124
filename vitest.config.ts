import { defineConfig } from 'vitest/config';

// Unit tests of both packages: the library (test/) and the service (server/test/).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'server/test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'server/test/e2e/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
