import { mkdirSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type TestInfo } from '@playwright/test';

/** Demo accounts seeded by the server (SEED_DEMO). */
export const DEMO_PASSWORD = 'gatehouse123';
export const RESIDENT = { email: 'priya@gatehouse.test', firstName: 'Priya' };
export const GUARD = { email: 'guard@gatehouse.test', firstName: 'Sam' };
export const ADMIN = { email: 'admin@gatehouse.test', firstName: 'Alex' };

const screensDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');
mkdirSync(screensDir, { recursive: true });

/**
 * Whether the sweeps (every screen at every size: layout.spec.ts, the dark theme and the
 * languages' axe runs) write a screenshot of every screen they check, as the journeys
 * always do: `E2E_SCREENSHOTS=all`. Without it a sweep writes the screens that fail.
 */
export const ALL_SCREENSHOTS = process.env.E2E_SCREENSHOTS === 'all';

/** Saves a full-page screenshot of the current screen as test-results/screens/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true });
}

/**
 * Runs `check` on the screen a sweep has open. When it fails, the screen as it failed is
 * saved as test-results/screens/<name>.png and the failure thrown on; when it passes, the
 * screenshot is saved only with `E2E_SCREENSHOTS=all` (see ALL_SCREENSHOTS).
 */
export async function checkScreen(page: Page, name: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    await screenshot(page, name).catch(() => {});
    throw error;
  }
  if (ALL_SCREENSHOTS) await screenshot(page, name);
}

/**
 * The community's calendar date (YYYY-MM-DD) and the seconds since its midnight at `now`.
 * The community's zone is the server's: COMMUNITY_TIMEZONE, else this machine's (the server
 * of playwright.config.ts runs here with this environment).
 */
export function communityClock(now = new Date()): { today: string; seconds: number } {
  const timeZone = process.env.COMMUNITY_TIMEZONE?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
  return { today: `${parts.year}-${parts.month}-${parts.day}`, seconds: Number(parts.hour) * 3_600 + Number(parts.minute) * 60 + Number(parts.second) };
}

/** The community's date (YYYY-MM-DD) now: see communityClock. */
export function communityToday(): string {
  return communityClock().today;
}

/**
 * When the community's day could end before this test does, waits until it has turned (and
 * lengthens the test's time limit as much): a visit window of today (at most up to 23:59)
 * and a walk-in's pass (until 23:59) expire at midnight, whatever the test is doing then.
 * The community's zone is the server's: COMMUNITY_TIMEZONE, else this machine's (the server
 * of playwright.config.ts runs here with this environment).
 */
export async function startClearOfMidnight(testInfo: TestInfo, now = new Date()): Promise<void> {
  const msToMidnight = (86_400 - communityClock(now).seconds) * 1_000;
  // The test may take its whole time limit, and the server a little more to answer.
  if (msToMidnight > testInfo.timeout + 30_000) return;
  const wait = msToMidnight + 5_000;
  testInfo.setTimeout(testInfo.timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Waits, looking at every frame the page draws, until the screen shows a visible main
 * heading (an `h1`, its text matching `heading` when given) and no busy button (a button
 * waiting on the server is `aria-busy`). A web-first assertion looks again after growing
 * pauses (up to 500 ms), so a screen that loads in 400 ms is seen at 770 ms; this sees it
 * when it is drawn, and the assertions that follow it pass at their first look. It never
 * fails: when `timeoutMs` passes first, those assertions say what is wrong.
 */
export async function screenReady(page: Page, heading?: RegExp, timeoutMs = 10_000): Promise<void> {
  await page
    .waitForFunction(
      ({ source, flags }) => {
        const pattern = source === null ? null : new RegExp(source, flags);
        // An h1 openScreen marked belongs to the screen it left.
        const ready = [...document.querySelectorAll('h1:not([data-e2e-left])')].some(
          (h1) => h1.getClientRects().length > 0 && getComputedStyle(h1).visibility !== 'hidden' && (!pattern || pattern.test(h1.textContent ?? '')),
        );
        return ready && !document.querySelector('[aria-busy="true"]');
      },
      { source: heading?.source ?? null, flags: heading?.flags ?? '' },
      { timeout: timeoutMs },
    )
    .catch(() => {});
}

/**
 * Opens `path` (a path of the app, with its query if any) as the app moves between its
 * screens: its router follows history.pushState, so the page is not loaded again, and
 * waits until the new screen is drawn (screenReady; the screen left behind has its h1s
 * marked, so that they are not taken for the new one's). The sweeps open their first
 * screen with page.goto and every next one with this: each screen is checked the same,
 * and the app's code is loaded and started once instead of at every screen.
 */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const h1 of document.querySelectorAll('h1')) h1.setAttribute('data-e2e-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  await screenReady(page);
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
  await screenReady(page, account.email === GUARD.email ? /Active Visitors/i : new RegExp(account.firstName));
  if (account.email === GUARD.email) {
    await expect(page).toHaveURL(/\/guard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
    return;
  }
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(account.firstName) })).toBeVisible();
}

/**
 * A browser context (with `options`) already signed in as `account`: its localStorage holds
 * the session the login form leaves there (`auth_token` and `current_user`,
 * docs/product.md#constants-and-formats, as the login answers them: `apiSession`, one
 * sign-in per account and worker), and `storage`'s keys too (the language, …). For the
 * sweeps, which look at the screens behind the sign-in; the sign-in itself is what `signIn`
 * exercises, through the form, in the journeys.
 */
export async function signedInContext(
  browser: Browser,
  request: APIRequestContext,
  account: { email: string },
  options: BrowserContextOptions = {},
  storage: Record<string, string> = {},
): Promise<BrowserContext> {
  const session = await apiSession(request, account.email);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const localStorage = Object.entries({ ...storage, auth_token: session.token, current_user: JSON.stringify(session.user) }).map(([name, value]) => ({ name, value }));
  return browser.newContext({ ...options, storageState: { cookies: [], origins: [{ origin, localStorage }] } });
}

/**
 * Sets the page's viewport and waits three frames: the layout follows the size in CSS alone,
 * except the reports' charts (Chart.js), which a ResizeObserver redraws at the frame after
 * the one that saw the new size. A sweep measures a screen at each size on the same page.
 */
export async function setSize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let frames = 3;
        const next = () => (--frames === 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
  );
}

/** The serious and critical WCAG 2.x A/AA violations on the page (or the part `within` selects), as readable lines. */
export async function violations(page: Page, within?: string): Promise<string[]> {
  // Only the violations are read: axe keeps no detail of the rules a page passes. Legacy
  // mode: axe runs in the page itself, where by default it would open a new page (a new
  // renderer) for every run to gather the results of the frames, of which the app has none
  // (an analysis took 0.8 s instead of 0.2 s). axe-core is put into the page once: the
  // builder evaluates its source (half a megabyte) twice at every analysis, 0.2 s, which a
  // sweep's next screens (the same page, history.pushState) and sizes need not pay again.
  const loaded = await Promise.all(page.frames().map((frame) => frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')));
  const builder = new AxeBuilder({ page, ...(loaded.every(Boolean) ? { axeSource: 'void 0' } : {}) }).options({ resultTypes: ['violations'] }).setLegacyMode();
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

/** The REST envelope every /api answer comes in. */
export interface Envelope<T> {
  success: boolean;
  data: T;
  error: string | null;
  code?: string;
  details?: unknown;
}

/** A signed-in API session: its bearer token, and the user as the login answered it. */
export interface ApiSession {
  token: string;
  headers: { Authorization: string };
  user: { id: string; name: string; houseId: { id: string } | null };
}

/**
 * One API session per account and worker, made by the first call and reused by every test
 * of the worker after (a bearer token is not tied to a test's request context): a sign-in
 * costs an argon2 verification on the server, and every one of an email's sign-ins running
 * at the same time holds one of its 10 attempts per 15 minutes until it succeeds. (A
 * sign-in through the form, which is what a test exercises, is `signIn`, never cached.)
 */
const sessions = new Map<string, Promise<ApiSession>>();

/** The API session of `email` (a demo account or one made by `newResident`), signed in once per worker. */
export function apiSession(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  let session = sessions.get(email);
  if (!session) {
    session = (async () => {
      const response = await request.post('/api/auth/login', { data: { email, password } });
      expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
      const { data } = (await response.json()) as Envelope<{ token: string; user: ApiSession['user'] }>;
      return { token: data.token, headers: { Authorization: `Bearer ${data.token}` }, user: data.user };
    })();
    sessions.set(email, session);
    session.catch(() => sessions.delete(email));
  }
  return session;
}

let lastUnique = 0;

/**
 * Seven digits no other call in this run answers (this worker's index, then a number that
 * only grows), for phones, house numbers and emails of a test's own rows.
 */
export function uniqueDigits(): string {
  lastUnique = Math.max(Date.now() % 1_000_000, lastUnique + 1) % 1_000_000;
  return `${Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10}${String(lastUnique).padStart(6, '0')}`;
}

/** A resident made for one test, in a house of their own: sign in with `signIn(page, resident)`. */
export interface OwnResident {
  email: string;
  firstName: string;
  name: string;
  password: string;
  userId: string;
  house: { id: string; houseNumber: string; block: string };
}

/**
 * A new resident with a new house of their own (its owner and resident), made by the demo
 * admin through the REST API: a test whose resident gets walk-ins, notifications or counts
 * uses one, so that no other test running at the same time sees or changes them. The
 * house is numbered with `uniqueDigits()` in `block`; the email is made unique too.
 */
export async function newResident(request: APIRequestContext, name: string, block = 'T'): Promise<OwnResident> {
  const admin = await apiSession(request, ADMIN.email);
  const digits = uniqueDigits();
  const firstName = name.split(' ')[0]!;
  const email = `${firstName.toLowerCase()}.${digits}@e2e.gatehouse.test`;
  const user = await request.post('/api/users', {
    headers: admin.headers,
    data: { name, email, phone: `+1556${digits}`, password: DEMO_PASSWORD, role: 'resident' },
  });
  expect(user.status(), await user.text()).toBe(201);
  const userId = ((await user.json()) as Envelope<{ id: string }>).data.id;
  const house = await request.post('/api/houses', {
    headers: admin.headers,
    data: { houseNumber: digits, block, street: 'Test Lane', ownerId: userId },
  });
  expect(house.status(), await house.text()).toBe(201);
  const houseId = ((await house.json()) as Envelope<{ id: string }>).data.id;
  const resident = await request.post(`/api/houses/${houseId}/residents`, { headers: admin.headers, data: { userId } });
  expect(resident.status(), await resident.text()).toBe(200);
  return { email, firstName, name, password: DEMO_PASSWORD, userId, house: { id: houseId, houseNumber: digits, block } };
}

/**
 * The lock (Playwright's test locks) of the tests that let the app's service worker in
 * (the other suites block it, playwright.config.ts): the server's /sw.js is one file for
 * every worker, and one of them rewrites it for a while (a new release, in
 * offline-install.spec.ts), which a page that lets the worker in and checks for an update
 * meanwhile would be offered. No two of them run at the same time; every other test runs
 * beside them.
 */
export const SERVICE_WORKER_LOCK = 'service-worker';
