import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { serverNodeArgs } from '../../tooling/scripts/server-node-args.mjs';

/**
 * End-to-end tests: Debian's Chromium (browser downloads do not work here) against the
 * real built server on a fresh embedded database with the demo community.
 */
const port = Number(process.env.E2E_PORT ?? 4310);
// Workers inherit the folder chosen by the main process.
process.env.GATEHOUSE_E2E_DATA_DIR ??= path.join(mkdtempSync(path.join(tmpdir(), 'gatehouse-e2e-')), 'data');
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/playwright',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: true,
  use: {
    // The app follows the browser's language (usable-by-everyone issue): English unless a test asks.
    locale: 'en-US',
    // The app's service worker (offline-gate §1) stays out of the suites that do not test it
    // (precached pages and a worker in front of every request would change what they see);
    // e2e/offline-install.spec.ts allows it.
    serviceWorkers: 'block',
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
      // The walk-in escalation (live-gate §2) after 5 s instead of 60, so a test can see it.
      WALKIN_ESCALATE_SECONDS: '5',
    },
  },
});
