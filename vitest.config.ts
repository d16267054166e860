import { defineConfig } from 'vitest/config';

// One vitest run over every package; each package's vitest.config.ts names its project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
