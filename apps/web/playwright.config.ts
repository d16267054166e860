import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { serverNodeArgs } from '../../tooling/scripts/server-node-args.mjs';

/**
 * End-to-end tests: Debian's Chromium (browser downloads do not work here) against the
 * real built server on a fresh embedded database with the demo community. Two workers,
 * every test on its own: a test signs in with the demo accounts but makes the rows it
 * looks at (invitations, residents and their houses, gates) itself, through the REST API
 * or the screens, and asserts on those, never on another test's leftovers or on counts of
 * shared data. One server serves both workers (PGlite: one process per data folder).
 */
const port = Number(process.env.E2E_PORT ?? 4310);
// Workers inherit the folder chosen by the main process.
process.env.GATEHOUSE_E2E_DATA_DIR ??= path.join(mkdtempSync(path.join(tmpdir(), 'gatehouse-e2e-')), 'data');
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: true,
  use: {
    // The app follows the browser's language (docs/product.md#for-everyone-at-every-screen):
    // English unless a test asks.
    locale: 'en-US',
    // The app's service worker (docs/gate.md#installing-the-app) stays out of the suites that do
    // not test it
    // (precached pages and a worker in front of every request would change what they see);
    // e2e/offline-install.spec.ts allows it.
    serviceWorkers: 'block',
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A failed test keeps its trace: its actions, the page's DOM at each (the trace viewer
    // draws them), its network and console. Without the screencast: recording frames of every
    // test for the few that fail cost half a core per worker, all the run long.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: ['node', ...serverNodeArgs(), 'apps/server/dist/main.js'].join(' '),
    cwd: repoRoot,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.GATEHOUSE_E2E_DATA_DIR,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The walk-in escalation (docs/gate.md#walk-ins) after 5 s instead of 60, so a test can see
      // it.
      WALKIN_ESCALATE_SECONDS: '5',
      // Every browser of both workers is one client address (127.0.0.1) and shares the demo
      // accounts: the general API limits (1,200 requests a minute per address, 600 per user;
      // tested by the server's own tests) would count the whole suite as one busy client.
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
      RATE_LIMIT_PER_USER_PER_MINUTE: '100000',
    },
  },
});
