import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The web's component tests (`*.test.tsx`) in jsdom. Its plain `*.test.ts` files run as the
 * `web-node` project (the root vitest.config.ts) in Node, without a DOM per file; one that needs a
 * DOM says so in its first line: `// @vitest-environment jsdom`.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // A cap for a loaded machine (CI runs the e2e suite beside other suites), not a timing assertion.
    testTimeout: 30_000,
  },
});
