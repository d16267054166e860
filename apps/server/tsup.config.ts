import { defineConfig } from 'tsup';

// One file for the server: our workspace packages are bundled in, npm packages stay in
// node_modules (PGlite loads its WebAssembly from there), except date-fns: loaded from
// node_modules, its index imports some 250 files, and for each Node reads again the
// package's 200 KB package.json (its exports map), about a second of every start; bundled,
// only the few functions the server uses come in.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  skipNodeModulesBundle: true,
  noExternal: [/^@gatehouse\//, 'date-fns', '@date-fns/tz'],
});
