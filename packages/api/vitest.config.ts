import { defineConfig } from 'vitest/config';

/**
 * Files that replace a module with vi.mock: they need a module graph of their own, so they
 * run isolated (a worker each); the others share their worker's modules.
 */
const OWN_MODULES = ['test/auth.test.ts'];

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    // Two files at a time, the same in every project (the root's maxWorkers does not reach
    // projects named by their config file; vitest refuses projects of one run that differ).
    maxWorkers: 2,
    // Migrates a template database per engine once per run; each file's database is a copy.
    globalSetup: ['../../packages/db/src/testing-global-setup.ts'],
    // Integration tests open real databases (the embedded one takes seconds to start).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // `isolate: false`: a worker runs file after file with the modules it already loaded
      // (about half the project's time was loading them again, and compiling the embedded
      // database's WebAssembly, for every file). Each file still has its own databases,
      // harness, clock and limits; nothing in these tests depends on a fresh module.
      { extends: true, test: { name: 'shared modules', include: ['test/**/*.test.ts'], exclude: OWN_MODULES, isolate: false } },
      { extends: true, test: { name: 'isolated', include: OWN_MODULES } },
    ],
  },
});
