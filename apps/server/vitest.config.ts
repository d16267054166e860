import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Two files at a time, the same in every project (the root's maxWorkers does not reach
    // projects named by their config file; vitest refuses projects of one run that differ).
    maxWorkers: 2,
    // A worker runs file after file with the modules it already loaded, instead of loading
    // the server, its plugins and the embedded database's WebAssembly again for every file
    // (that was about half of this project's time). Each file builds its own app on its own
    // databases; no file here uses vi.mock (one that does needs `isolate: true`, see
    // packages/api/vitest.config.ts).
    isolate: false,
    // Migrates a template database per engine once per run; each file's database is a copy.
    globalSetup: ['../../packages/db/src/testing-global-setup.ts'],
    // Integration tests open real databases (the embedded one takes seconds to start).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
