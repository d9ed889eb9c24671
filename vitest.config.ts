import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      {
        // The web's plain .ts tests, in Node (no jsdom per file); see apps/web/vitest.config.ts.
        root: './apps/web',
        test: {
          name: 'web-node',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
