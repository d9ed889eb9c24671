import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Caps, not timing assertions: CI runs these suites beside the browser tests on two cores.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
    // Template databases copied by every test file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
