/**
 * The Node flags the server runs with, in one place: `npm start`, the Playwright server
 * and the bench start `apps/server/dist/main.js` with them.
 *
 * `--max-old-space-size` bounds the server's heap (`SERVER_HEAP_MB`, default 256). The
 * server's live heap is about 40 MB even with a million visitors (lists are pages, CSV
 * and streams are written row by row), but with no bound V8 lets a busy process grow to
 * 270 MB and more before it collects; with a bound of 256 MB it uses its memory-
 * constrained growth and a gate server under full load stays near 160 MB (performance
 * spec, target 7; measured by `npm run bench`).
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function serverNodeArgs(env = process.env) {
  const heapMb = Number(env.SERVER_HEAP_MB ?? 256);
  if (!Number.isInteger(heapMb) || heapMb < 64) {
    throw new Error(`SERVER_HEAP_MB must be a whole number of megabytes, at least 64 (got "${env.SERVER_HEAP_MB}")`);
  }
  return [`--max-old-space-size=${heapMb}`];
}
