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
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
  },
});
