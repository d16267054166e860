import { defineConfig } from 'vitest/config';

// One vitest run over every package; each package's vitest.config.ts names its project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
    // Two test files at a time (vitest's default here is one less than the cores: one on
    // this 2-core machine). Most files spend much of their time waiting on a database, a
    // child process or a socket, so two keep both cores busy. Each file has databases of
    // its own (PGlite: its own in-memory folder), so files never share one. Every project's
    // config says the same (a project named by its config file does not inherit this one).
    maxWorkers: 2,
  },
});
