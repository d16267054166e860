#!/usr/bin/env node
/**
 * `npm test`: everything, stopping at the first failure.
 *   1. side by side: the docs links check (tooling/scripts/docs-links.mjs --check), the
 *      type check of every package as two programs (tsconfig.check-node.json: db, api,
 *      server; tsconfig.check-web.json: web, shared), ESLint over every package with the
 *      same two programs' types (eslint.config.js), and the production build of the server
 *      and the web app (the other packages' build is their type check);
 *   2. vitest, two workers: schemas, services and procedures against the embedded
 *      database and the PostgreSQL server on 127.0.0.1:5432 (each migrated once into a
 *      template that every test file copies), the REST mapping, the server process (the
 *      build of step 1), the web screens (msw);
 *   3. Playwright in Debian's Chromium against the real built server.
 * At the end: the five slowest test files and browser tests, how long each step took and
 * how many tests passed.
 * Without a PostgreSQL server or a Chromium, those legs are left out with a visible
 * notice; with CI=true they are required and their absence fails the run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ci = process.env.CI === 'true';
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = mkdtempSync(path.join(tmpdir(), 'gatehouse-test-reports-'));
const started = Date.now();
/** @type {{ title: string; seconds: number; result?: string }[]} */
const steps = [];
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** The slowest test files and browser tests, for the summary (a slow suite is a bug). */
const slowest = { vitest: /** @type {[number, string][]} */ ([]), playwright: /** @type {[number, string][]} */ ([]) };
const SLOWEST_SHOWN = 5;

const seconds = (since) => (Date.now() - since) / 1000;
const duration = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${s.toFixed(1)} s`);

/**
 * Runs a command; resolves when it succeeds, or ends the whole run when it fails. With
 * `prefix`, its output lines are prefixed (for commands running side by side);
 * `summarize()`, called when it ends either way, gives the summary's words for it (the
 * test counts).
 */
function run(title, command, args, { prefix, extraEnv, summarize } = {}) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: prefix ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    if (prefix) {
      for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`[${prefix}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[${prefix}] ${rest}\n`));
      }
    }
    // 'close', not 'exit': the output piped through the prefix is all written by then.
    child.on('close', (code, signal) => {
      running.delete(child);
      const step = { title, seconds: seconds(since), result: summarize?.() };
      steps.push(step);
      if (code === 0) return resolve(step);
      fail(`${title} (exit ${code ?? signal})`);
    });
  });
}

function fail(message) {
  for (const child of running) child.kill('SIGTERM');
  printSummary();
  console.error(`\n*** FAILED: ${message} ***`);
  rmSync(reports, { recursive: true, force: true });
  process.exit(1);
}

function printSummary() {
  for (const [tool, rows] of Object.entries(slowest)) {
    if (rows.length === 0) continue;
    console.log(`\n=== The slowest ${tool === 'vitest' ? 'test files (vitest)' : 'browser tests (Playwright)'} ===`);
    for (const [ms, name] of [...rows].sort((a, b) => b[0] - a[0]).slice(0, SLOWEST_SHOWN)) console.log(`  ${duration(ms / 1000).padStart(12)}  ${name}`);
  }
  console.log('\n=== Summary ===');
  for (const step of steps) console.log(`  ${step.title.padEnd(44)} ${duration(step.seconds).padStart(12)}${step.result ? `   ${step.result}` : ''}`);
  console.log(`  ${'Total'.padEnd(44)} ${duration(seconds(started)).padStart(12)}`);
}

/** Reads a JSON report, or null when the tool wrote none. */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

console.log(`Node ${process.version}${ci ? ', CI=true: the PostgreSQL and Chromium legs are required' : ''}`);
if (!existsSync(chromium) && ci) {
  console.error(`\n*** FAILED: CI=true but no Chromium at ${chromium}; the browser leg is required. ***`);
  process.exit(1);
}

console.log('\n=== Type checks [types], lint [lint], the production build [build] and the docs links check [links], side by side ===');
// One program per runtime rather than one per package (`npm run typecheck`/`lint` through
// turbo): a package's program holds again every package it imports, so the per-package
// runs check db, api and shared three or four times over.
await Promise.all([
  run('Type check: db, api, server (tsc)', 'tsc', ['-p', 'tsconfig.check-node.json'], { prefix: 'types' }),
  run('Type check: web, shared (tsc)', 'tsc', ['-p', 'tsconfig.check-web.json'], { prefix: 'types' }),
  run('Lint (eslint, type-aware)', 'eslint', ['-c', 'eslint.config.js', 'packages', 'apps'], { prefix: 'lint' }),
  run('Build: server and web app (turbo)', 'turbo', ['run', 'build', '--only', '--filter=@gatehouse/server', '--filter=@gatehouse/web', '--output-logs=errors-only'], { prefix: 'build' }),
  // Every link in README.md and docs/ resolves, and no comment cites a document outside the repository.
  run('Links and references (docs-links --check)', process.execPath, ['tooling/scripts/docs-links.mjs', '--check'], { prefix: 'links' }),
]);

console.log('\n=== Unit and integration tests (vitest) ===');
const vitestReport = path.join(reports, 'vitest.json');
await run('Unit and integration tests (vitest)', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], {
  summarize: () => {
    const report = readReport(vitestReport);
    if (!report) return undefined;
    for (const file of report.testResults) slowest.vitest.push([file.endTime - file.startTime, path.relative(process.cwd(), file.name)]);
    const skipped = report.numPendingTests + report.numTodoTests;
    return `${report.numPassedTests} tests passed` + (report.numFailedTests ? `, ${report.numFailedTests} failed` : '') +
      (skipped ? `, ${skipped} skipped` : '') + ` in ${report.testResults.length} files`;
  },
});

if (existsSync(chromium)) {
  console.log('\n=== End-to-end tests (Playwright, Chromium) ===');
  const playwrightReport = path.join(reports, 'playwright.json');
  await run('End-to-end tests (Playwright, Chromium)', 'playwright', ['test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    extraEnv: { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport },
    summarize: () => {
      const report = readReport(playwrightReport);
      const stats = report?.stats;
      if (!stats) return undefined;
      /** Every test of a suite and of the suites inside it, with its file. */
      const collect = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
            slowest.playwright.push([ms, `${spec.file}: ${spec.title}`]);
          }
        }
        for (const inner of suite.suites ?? []) collect(inner);
      };
      for (const suite of report.suites ?? []) collect(suite);
      return `${stats.expected} tests passed` + (stats.unexpected ? `, ${stats.unexpected} failed` : '') +
        (stats.flaky ? `, ${stats.flaky} flaky` : '') + (stats.skipped ? `, ${stats.skipped} skipped` : '');
    },
  });
} else {
  console.warn(`\n*** NOTICE: no Chromium at ${chromium} (apt-get install chromium); the browser tests are left out. ***`);
  steps.push({ title: 'End-to-end tests (Playwright)', seconds: 0, result: 'left out: no Chromium' });
}

rmSync(reports, { recursive: true, force: true });
printSummary();
console.log('\nAll test steps passed.');
