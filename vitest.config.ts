import { defineConfig } from 'vitest/config';

// One project per tier; `npm test` (scripts/test.mjs) runs them in order. Unit tests get 30 s, not
// vitest's 5 s: property tests and jsdom screens take seconds on a loaded 2-core machine, and a
// test must not fail on timing.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'engine', root: 'packages/engine', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      { test: { name: 'cli', root: 'apps/cli', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server', root: 'apps/server', include: ['src/**/*.test.ts'], environment: 'node',
          globalSetup: ['src/test/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000,
          // API tests share one database per worker; files run in parallel workers.
          fileParallelism: true,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', testTimeout: 30_000, setupFiles: ['src/test/setup.ts'] } },
      {
        test: {
          name: 'e2e', root: 'e2e', include: ['**/*.e2e.ts'], environment: 'node',
          globalSetup: ['support/global-setup.ts'], testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false,
          // A page on a loaded CI machine may take seconds to settle: expect.poll waits up to 10 s (vitest's default is 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
