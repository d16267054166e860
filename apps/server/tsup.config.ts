import { defineConfig } from 'tsup';

// One file for the server: our workspace packages are bundled in, npm packages stay in
// node_modules (PGlite loads its WebAssembly from there).
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  skipNodeModulesBundle: true,
  noExternal: [/^@gatehouse\//],
});
