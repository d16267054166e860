#!/usr/bin/env node
/**
 * `npm test`: everything, in order, stopping at the first failure.
 *   1. type checks and lint of every package (turbo);
 *   2. vitest: schemas, services and procedures against the embedded database and the
 *      PostgreSQL server on 127.0.0.1:5432, the REST mapping, the web screens (msw);
 *   3. the production build;
 *   4. Playwright in Debian's Chromium against the real built server.
 * Without a PostgreSQL server or a Chromium, those legs are left out with a visible
 * notice; with CI=true they are required and their absence fails the run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ci = process.env.CI === 'true';
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n*** FAILED: ${title} (exit ${result.status ?? result.signal}) ***`);
    process.exit(result.status || 1);
  }
}

console.log(`Node ${process.version}${ci ? ', CI=true: the PostgreSQL and Chromium legs are required' : ''}`);
run('Type checks', 'turbo', ['run', 'typecheck', '--output-logs=errors-only']);
run('Lint', 'turbo', ['run', 'lint', '--output-logs=errors-only']);
run('Unit and integration tests (vitest)', 'vitest', ['run']);
run('Build', 'turbo', ['run', 'build', '--output-logs=errors-only']);

if (existsSync(chromium)) {
  run('End-to-end tests (Playwright, Chromium)', 'playwright', ['test', '-c', 'apps/web/playwright.config.ts']);
} else if (ci) {
  console.error(`\n*** FAILED: CI=true but no Chromium at ${chromium}; the browser leg is required. ***`);
  process.exit(1);
} else {
  console.warn(`\n*** NOTICE: no Chromium at ${chromium} (apt-get install chromium); the browser tests are left out. ***`);
}
console.log('\nAll test steps passed.');
