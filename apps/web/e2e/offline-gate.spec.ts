/**
 * The gate tablet offline (docs/gate.md#logging-out-of-a-gate-tablet), in Chromium against the real
 * built server, the
 * network cut with `context.setOffline(true)`: a valid pass verifies offline and an unknown
 * one is refused; two check-ins and a check-out made offline reach the server with their
 * original times when the link returns, exactly once each, although the first two attempts
 * lose their answer (the queue retries twice with the same key); a pass cancelled while the
 * tablet was offline ends in Needs review; logout clears the pack and the queue; a recurring
 * pass (docs/operations.md#frequent-visitors) verifies offline by its 7-digit code and is checked
 * in and out on the
 * tablet, its entry reaching the server with both times. (The install and the app opening
 * offline: e2e/offline-install.spec.ts.)
 */
import { createHash, pbkdf2Sync } from 'node:crypto';

import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { ADMIN, apiSession, GUARD, RESIDENT, screenshot, signIn, startClearOfMidnight } from './support';

const GATE_OFFLINE_BANNER = 'Offline — entries are saved on this tablet and sent when the connection returns';

interface Envelope<T> {
  success: boolean;
  data: T;
  error: string | null;
}

interface Pass {
  id: string;
  name: string;
  qrCodeToken: string;
  passCode: string;
  status: string;
  check_in_time: string | null;
  check_out_time: string | null;
}

/** A REST call with a bearer token; returns the envelope's data, failing the test on an error. */
async function api<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, token: string, body?: unknown): Promise<T> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${method} ${path}: ${envelope.error}`).toBe(true);
  return envelope.data;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<{ token: string; houseId: string | null }> {
  const { token, user } = await apiSession(request, email);
  return { token, houseId: user.houseId?.id ?? null };
}

/** Today on the server's clock (the tests and the server share the machine's zone). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

let phoneCounter = 0;

/** A resident's invitation for today, all day: its pass. */
async function invite(request: APIRequestContext, name: string): Promise<Pass> {
  const resident = await tokenOf(request, RESIDENT.email);
  phoneCounter += 1;
  return api<Pass>(request, 'POST', '/api/visitors/invite', resident.token, {
    name,
    phone: `+1 555-020-${String(1000 + phoneCounter + Math.floor(Math.random() * 8000)).slice(-4)}`,
    houseId: resident.houseId,
    visitDate: today(),
    visitTimeFrom: '00:00',
    visitTimeTo: '23:59',
    purpose: 'Offline gate test',
  });
}

/** How the stored pack's codes are hashed. */
interface CodeHash {
  algorithm: string;
  salt: string;
  iterations: number;
}

/** The keys of the gate's IndexedDB store, the pass ids of the stored pack, its code hashes by id and how they were made. */
async function gateStorage(page: Page): Promise<{
  keys: string[];
  packIds: string[];
  codeHashes: Record<string, string>;
  codeHash: CodeHash | null;
  queue: { visitorId: string; action: string; occurredAt: string; key: string }[];
}> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('gatehouse-gate');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('gate')) {
            db.close();
            resolve({ keys: [], packIds: [], codeHashes: {}, codeHash: null, queue: [] });
            return;
          }
          const store = db.transaction('gate', 'readonly').objectStore('gate');
          const keys = store.getAllKeys();
          const pack = store.get('pack');
          const queue = store.get('queue');
          store.transaction.oncomplete = () => {
            db.close();
            const kept = pack.result as { items?: Record<string, { passCodeHash: string }>; codeHash?: CodeHash } | undefined;
            resolve({
              keys: keys.result.map(String),
              packIds: Object.keys(kept?.items ?? {}),
              codeHashes: Object.fromEntries(Object.entries(kept?.items ?? {}).map(([id, item]) => [id, item.passCodeHash])),
              codeHash: kept?.codeHash ?? null,
              queue: (queue.result as never[] | undefined) ?? [],
            });
          };
          store.transaction.onerror = () => reject(store.transaction.error);
        };
      }),
  );
}

/** A guard on the gate tablet, signed in, on the guard dashboard once the pack holds `passes`. */
async function gateTablet(browser: Browser, passes: Pick<Pass, 'id'>[]) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await signIn(page, GUARD);
  // Both gate screens' code is loaded while online (the service worker, when there, would keep it too).
  await page.getByRole('link', { name: 'Scan QR' }).first().click();
  await expect(page.getByLabel('Pass token or code')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
  await expect.poll(async () => (await gateStorage(page)).packIds, { timeout: 15_000 }).toEqual(expect.arrayContaining(passes.map((pass) => pass.id)));
  return { context, page };
}

/**
 * Waits until the tablet holds `count` saved entries and the last happened `ms` ago (its
 * instant, on the clock the tablet and this test share), so that the entries' instants stand
 * apart by more than the second the checks allow, and from the instant they are sent.
 */
async function lastEntryAged(page: Page, count: number, ms: number) {
  await expect
    .poll(
      async () => {
        const { queue } = await gateStorage(page);
        return queue.length === count ? Date.now() - Date.parse(queue.at(-1)!.occurredAt) : -1;
      },
      { intervals: [100] },
    )
    .toBeGreaterThanOrEqual(ms);
}

/** The quick scan of the guard dashboard: types `value`, then Enter. */
async function quickScan(page: Page, value: string) {
  const field = page.getByLabel('Pass token or code');
  await field.fill(value);
  await field.press('Enter');
}

test('a valid pass verifies offline and an unknown one is refused offline', async ({ browser, request }, testInfo) => {
  // Today's invitations: not at the community's midnight.
  await startClearOfMidnight(testInfo);
  const pass = await invite(request, 'Olive Offline');
  const { context, page } = await gateTablet(browser, [pass]);
  // The tablet keeps the code's slow hash (PBKDF2 with the day's salt), never a fast one.
  const stored = await gateStorage(page);
  expect(stored.codeHash).toEqual({ algorithm: 'PBKDF2-SHA-256', salt: expect.stringMatching(/^[0-9a-f]{32}$/), iterations: 100_000 });
  const { salt, iterations } = stored.codeHash!;
  expect(stored.codeHashes[pass.id]).toBe(pbkdf2Sync(pass.passCode, Buffer.from(salt, 'hex'), iterations, 32, 'sha256').toString('hex'));
  expect(stored.codeHashes[pass.id]).not.toBe(createHash('sha256').update(pass.passCode).digest('hex'));
  await page.getByRole('link', { name: 'Scan QR' }).first().click();

  await context.setOffline(true);
  await expect(page.getByText(GATE_OFFLINE_BANNER)).toBeVisible();

  await page.getByLabel('Pass token or code').fill(pass.qrCodeToken);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^Verified offline — last synced \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Visitor Verified' })).toBeVisible();
  await expect(page.getByText('Olive Offline')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check In Visitor' })).toBeVisible();
  await screenshot(page, 'offline-gate-verified');

  // By the code read out, spaces and all.
  await page.getByLabel('Pass token or code').fill(`${pass.passCode.slice(0, 3)} ${pass.passCode.slice(3)}`);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^Verified offline/)).toBeVisible();
  await expect(page.getByText('Olive Offline')).toBeVisible();

  await page.getByLabel('Pass token or code').fill('NoSuchPassToken0000000000000000000000000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Pass refused offline');
  await expect(page.getByRole('button', { name: 'Check In Visitor' })).toBeHidden();
  await screenshot(page, 'offline-gate-refused');
  await context.close();
});

test('two check-ins and a check-out made offline reach the server once each, with their times, after two lost attempts', async ({ browser, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const first = await invite(request, 'Fern First');
  const second = await invite(request, 'Sid Second');
  const { context, page } = await gateTablet(browser, [first, second]);

  // The first two attempts reach the server, and their answers are lost on the way back.
  const attempts: { path: string; key: string | undefined; lost: boolean }[] = [];
  await page.route(/\/trpc\/visitors\.check(In|Out)$/, async (route) => {
    const lost = attempts.filter((attempt) => attempt.lost).length < 2;
    attempts.push({ path: new URL(route.request().url()).pathname, key: route.request().headers()['idempotency-key'], lost });
    if (!lost) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });

  await context.setOffline(true);
  await expect(page.getByText(GATE_OFFLINE_BANNER)).toBeVisible();
  await quickScan(page, first.qrCodeToken);
  await expect(page.getByText('Fern First checked in: house', { exact: false })).toBeVisible();
  await expect(page.getByText('Saved on this tablet: sent when the connection returns.')).toBeVisible();
  await lastEntryAged(page, 1, 1_200);
  await quickScan(page, second.passCode);
  await expect(page.getByText('Sid Second checked in: house', { exact: false })).toBeVisible();
  await lastEntryAged(page, 2, 1_200);
  await quickScan(page, first.qrCodeToken);
  await page.getByRole('button', { name: 'Check Out Visitor' }).click();
  await expect(page.getByText('Visitor checked out — saved on this tablet')).toBeVisible();
  await expect(page.getByText('3 entries waiting')).toBeVisible();
  await screenshot(page, 'offline-gate-banner');

  const queued = (await gateStorage(page)).queue;
  expect(queued.map((move) => [move.visitorId, move.action])).toEqual([
    [first.id, 'check-in'],
    [second.id, 'check-in'],
    [first.id, 'check-out'],
  ]);
  // Long enough offline that the times sent cannot be confused with the time of sending.
  await lastEntryAged(page, 3, 3_000);

  await context.setOffline(false);
  await expect(page.getByText(/\d+ (entry|entries) waiting/)).toBeHidden({ timeout: 45_000 });
  expect((await gateStorage(page)).queue).toEqual([]);

  // Retried twice, each time with the entry's own key; then each entry went through once.
  expect(attempts.filter((attempt) => attempt.lost)).toHaveLength(2);
  expect(attempts.map((attempt) => attempt.key)).toEqual([queued[0]!.key, queued[0]!.key, ...queued.map((move) => move.key)]);

  const admin = (await tokenOf(request, ADMIN.email)).token;
  const near = (actual: string | null, expected: string) => {
    expect(actual).not.toBeNull();
    expect(Math.abs(Date.parse(actual!) - Date.parse(expected))).toBeLessThanOrEqual(1_000);
  };
  const fern = await api<Pass>(request, 'GET', `/api/visitors/${first.id}`, admin);
  const sid = await api<Pass>(request, 'GET', `/api/visitors/${second.id}`, admin);
  expect(fern.status).toBe('checked-out');
  expect(sid.status).toBe('checked-in');
  near(fern.check_in_time, queued[0]!.occurredAt);
  near(sid.check_in_time, queued[1]!.occurredAt);
  near(fern.check_out_time, queued[2]!.occurredAt);
  // Exactly one audit row each, although the server was asked up to three times.
  const audit = (action: string, visitor: Pass) => api<unknown[]>(request, 'GET', `/api/audit?action=${action}&targetId=${visitor.id}&limit=100`, admin);
  expect(await audit('visitor.checked-in', first)).toHaveLength(1);
  expect(await audit('visitor.checked-in', second)).toHaveLength(1);
  expect(await audit('visitor.checked-out', first)).toHaveLength(1);
  // Nobody of this test left inside (the gate lists stay short).
  await api(request, 'POST', '/api/visitors/checkout-qr', admin, { visitorId: second.id });
  await context.close();
});

test('a pass cancelled while the tablet was offline ends in Needs review', async ({ browser, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const pass = await invite(request, 'Cara Cancelled');
  const { context, page } = await gateTablet(browser, [pass]);

  await context.setOffline(true);
  await quickScan(page, pass.qrCodeToken);
  await expect(page.getByText('Cara Cancelled checked in: house', { exact: false })).toBeVisible();
  await expect(page.getByText('1 entry waiting')).toBeVisible();
  // Meanwhile, online, the resident cancels the invitation.
  const resident = (await tokenOf(request, RESIDENT.email)).token;
  await api(request, 'DELETE', `/api/visitors/${pass.id}/cancel`, resident);

  await context.setOffline(false);
  const review = page.getByRole('list', { name: 'Entries needing review' }).getByRole('listitem').filter({ hasText: 'Cara Cancelled' });
  await expect(review).toBeVisible({ timeout: 30_000 });
  await expect(review).toContainText('Check-in:');
  await expect(review).toContainText('cancelled');
  await expect(page.getByText(/\d+ (entry|entries) waiting/)).toBeHidden();
  await screenshot(page, 'offline-gate-needs-review');

  // The admin sees it too, and records that the person did pass, with a note.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.getByRole('button', { name: 'Record the entry of Cara Cancelled' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Record entry' });
  await dialog.getByLabel('Note').fill('Let in by the guard before the cancellation reached the gate.');
  await screenshot(adminPage, 'offline-gate-record-entry');
  await dialog.getByRole('button', { name: 'Record entry' }).click();
  await expect(adminPage.getByText('Entry recorded')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Record the entry of Cara Cancelled' })).toBeHidden();
  await adminContext.close();

  // Gone from the gate's list as well.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dismiss the review of Cara Cancelled' })).toBeHidden();
  await context.close();
});

test('logout clears the pack and the queue', async ({ browser, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const pass = await invite(request, 'Lou Logout');
  const { context, page } = await gateTablet(browser, [pass]);

  await context.setOffline(true);
  await quickScan(page, pass.qrCodeToken);
  await expect(page.getByText('1 entry waiting')).toBeVisible();
  const before = await gateStorage(page);
  expect(before.keys).toEqual(expect.arrayContaining(['pack', 'queue']));
  expect(before.queue).toHaveLength(1);

  await page.getByRole('button', { name: /user menu$/i }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await expect.poll(async () => (await gateStorage(page)).keys).toEqual([]);
  await context.close();
});

test('a recurring pass verifies offline by its 7-digit code, is checked in and out on the tablet, and its entry reaches the server', async ({ browser, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const resident = await tokenOf(request, RESIDENT.email);
  const start = today();
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  // Every day, all day, for a month: listed whatever day the suite runs on.
  const pass = await api<{ id: string; name: string; qrCodeToken: string; passCode: string }>(request, 'POST', '/api/passes', resident.token, {
    name: 'Rhea Recurring',
    phone: `+1 555-030-${String(1000 + Math.floor(Math.random() * 8000)).slice(-4)}`,
    houseId: resident.houseId,
    weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
    timeFrom: '00:00',
    timeTo: '23:59',
    startDate: start,
    endDate: new Date(Date.UTC(year, month, Math.min(day, 28))).toISOString().slice(0, 10),
    purpose: 'Offline gate test',
  });
  expect(pass.passCode).toMatch(/^\d{7}$/);
  const { context, page } = await gateTablet(browser, [pass]);
  await page.getByRole('link', { name: 'Scan QR' }).first().click();

  await context.setOffline(true);
  await expect(page.getByText(GATE_OFFLINE_BANNER)).toBeVisible();
  await page.getByLabel('Pass token or code').fill(pass.passCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/^Verified offline — last synced \d{1,2}:\d{2} [AP]M/)).toBeVisible();
  await expect(page.getByText('Rhea Recurring')).toBeVisible();
  await expect(page.getByText('Recurring pass', { exact: true })).toBeVisible();
  await screenshot(page, 'offline-gate-recurring-pass');
  await page.getByRole('button', { name: 'Check In Visitor' }).click();
  await expect(page.getByText('Visitor checked in — saved on this tablet')).toBeVisible();
  await expect(page).toHaveURL(/\/guard$/);
  await lastEntryAged(page, 1, 1_200);

  // Leaving: the quick scan by its token knows the pass holder is inside.
  await quickScan(page, pass.qrCodeToken);
  await page.getByRole('button', { name: 'Check Out Visitor' }).click();
  await expect(page.getByText('Visitor checked out — saved on this tablet')).toBeVisible();
  await expect(page.getByText('2 entries waiting')).toBeVisible();
  const queued = (await gateStorage(page)).queue;
  expect(queued.map((move) => [move.visitorId, move.action])).toEqual([
    [pass.id, 'check-in'],
    [pass.id, 'check-out'],
  ]);

  await context.setOffline(false);
  await expect(page.getByText(/\d+ (entry|entries) waiting/)).toBeHidden({ timeout: 45_000 });
  expect((await gateStorage(page)).queue).toEqual([]);

  // One entry on the pass, with the instants of the tablet.
  const admin = (await tokenOf(request, ADMIN.email)).token;
  const stored = await api<{ inside: boolean; entries: { checkInTime: string; checkOutTime: string | null }[] }>(request, 'GET', `/api/passes/${pass.id}`, admin);
  expect(stored.inside).toBe(false);
  expect(stored.entries).toHaveLength(1);
  const near = (actual: string | null, expected: string) => {
    expect(actual).not.toBeNull();
    expect(Math.abs(Date.parse(actual!) - Date.parse(expected))).toBeLessThanOrEqual(1_000);
  };
  near(stored.entries[0]!.checkInTime, queued[0]!.occurredAt);
  near(stored.entries[0]!.checkOutTime, queued[1]!.occurredAt);
  // No pass of this test left open.
  await api(request, 'DELETE', `/api/passes/${pass.id}`, resident.token);
  await context.close();
});
