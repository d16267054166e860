import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'db',
    environment: 'node',
    // Two files at a time, the same in every project (the root's maxWorkers does not reach
    // projects named by their config file; vitest refuses projects of one run that differ).
    maxWorkers: 2,
    include: ['test/**/*.test.ts'],
    // Migrates a template database per engine once per run; each file's database is a copy.
    globalSetup: ['src/testing-global-setup.ts'],
    // Integration tests open real databases (the embedded one takes seconds to start).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
