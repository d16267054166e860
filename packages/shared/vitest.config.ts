import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    environment: 'node',
    // Two files at a time, the same in every project (the root's maxWorkers does not reach
    // projects named by their config file; vitest refuses projects of one run that differ).
    maxWorkers: 2,
    include: ['test/**/*.test.ts'],
  },
});
