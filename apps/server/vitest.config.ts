import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Integration tests open real databases (the embedded one takes seconds to start).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
