import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with vi.mock: they need a module graph of their own, so they
 * run isolated (a fresh environment and modules each); the others share their worker's.
 */
const OWN_MODULES = ['test/profile.test.tsx', 'test/update-prompt.test.tsx'];

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    // Two files at a time, the same in every project (the root's maxWorkers does not reach
    // projects named by their config file; vitest refuses projects of one run that differ).
    maxWorkers: 2,
    // A test's own time limit (vitest's default is 5 s): with two files at a time on a
    // 2-core machine a screen test that types a whole form took up to 4 s on a quiet
    // machine, and more on a busy one. What a test waits for still has its own limit
    // (findBy/waitFor, 5 s in test/setup.ts), so a screen that never appears still fails.
    testTimeout: 15_000,
    setupFiles: ['test/setup.ts'],
    projects: [
      // `isolate: false`: a worker runs file after file in one jsdom with the modules it
      // already loaded (loading the app and preloading every page again for each file was
      // two thirds of the project's time). test/setup.ts puts back after every test what a
      // test may change: the DOM, storage, the URL, mocks and timers, the connection state,
      // the language; the gate's offline store is per test (test/offline-gate.test.tsx).
      {
        extends: true,
        test: { name: 'shared modules', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: OWN_MODULES, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: OWN_MODULES } },
    ],
  },
});
