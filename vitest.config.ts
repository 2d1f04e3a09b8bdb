import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = {
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
};

export default defineConfig({
  ...shared,
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          include: ['{app,domain,temporal,workflows,workers,migrations,scripts,tests}/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', 'tests/e2e/**', 'node_modules/**'],
          testTimeout: 20_000,
          // Shared modules are evaluated once per worker, not once per file (issue 37: 153 s → 41 s
          // for this project on two cores). No unit test leaves global state behind (stubs restore).
          isolate: false,
        },
      },
      {
        ...shared,
        test: {
          // Integration and browser tests share one stack: real PostgreSQL, a real Temporal dev
          // server, the worker and the built app, started once by the global setup.
          name: 'stack',
          include: ['{app,domain,temporal,workflows,workers,migrations,tests}/**/*.int.test.ts', 'tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/setup/global-setup.ts'],
          fileParallelism: false,
          // One worker runs these files one after another: the product's modules (ORM, Temporal
          // client, Playwright) are loaded once for all of them, not again for every file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
