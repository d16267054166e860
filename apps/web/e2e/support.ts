import { mkdirSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Demo accounts seeded by the server (SEED_DEMO). */
export const DEMO_PASSWORD = 'gatehouse123';
export const RESIDENT = { email: 'priya@gatehouse.test', firstName: 'Priya' };
export const GUARD = { email: 'guard@gatehouse.test', firstName: 'Sam' };
export const ADMIN = { email: 'admin@gatehouse.test', firstName: 'Alex' };

const screensDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');
mkdirSync(screensDir, { recursive: true });

/** Saves a full-page screenshot of the current screen as test-results/screens/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/**
 * When the community's day could end before this test does, waits until it has turned (and
 * lengthens the test's time limit as much): a visit window of today (at most up to 23:59)
 * and a walk-in's pass (until 23:59) expire at midnight, whatever the test is doing then.
 * The community's zone is the server's: COMMUNITY_TIMEZONE, else this machine's (the server
 * of playwright.config.ts runs here with this environment).
 */
export async function startClearOfMidnight(testInfo: TestInfo, now = new Date()): Promise<void> {
  const timeZone = process.env.COMMUNITY_TIMEZONE?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const clock = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  ) as { hour: number; minute: number; second: number };
  const msToMidnight = (86_400 - (clock.hour * 3_600 + clock.minute * 60 + clock.second)) * 1_000;
  // The test may take its whole time limit, and the server a little more to answer.
  if (msToMidnight > testInfo.timeout + 30_000) return;
  const wait = msToMidnight + 5_000;
  testInfo.setTimeout(testInfo.timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Signs in through the login form and waits for the home screen: the dashboard greeting, or
 * for the guard the gate screen (a guard's home).
 */
export async function signIn(page: Page, account: { email: string; firstName: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (account.email === GUARD.email) {
    await expect(page).toHaveURL(/\/guard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
    return;
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(account.firstName) })).toBeVisible();
}

/** The serious and critical WCAG 2.x A/AA violations on the page (or the part `within` selects), as readable lines. */
export async function violations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}; ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}
