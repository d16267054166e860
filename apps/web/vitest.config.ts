import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
  },
});
