/**
 * The gate screen as a guard uses it, on a portrait tablet (768 × 1024) with a USB scanner
 * (a keyboard that types the token, then Enter): the scanner's input is never lost (after a
 * tap on empty space, after a dialog, with the focus on a button, CR+LF ending one scan), a
 * check-out from the list made while offline survives a reload of the tab and reaches the
 * server once when the link returns, and the gate screen opens offline with the people
 * inside and the field ready. Chromium against the real built server; the service worker is
 * allowed here (the gate screen reloaded offline comes from its precache), so these tests
 * hold SERVICE_WORKER_LOCK.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { ADMIN, apiSession, GUARD, RESIDENT, SERVICE_WORKER_LOCK, screenshot, signIn, startClearOfMidnight } from './support';

test.use({ serviceWorkers: 'allow', viewport: { width: 768, height: 1024 } });

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

async function api<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, token: string, body?: unknown): Promise<T> {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { data: body }) });
  const envelope = (await response.json()) as Envelope<T>;
  expect(response.ok(), `${method} ${path}: ${envelope.error}`).toBe(true);
  return envelope.data;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<{ token: string; houseId: string | null }> {
  const { token, user } = await apiSession(request, email);
  return { token, houseId: user.houseId?.id ?? null };
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A resident's invitation for today, all day. */
async function invite(request: APIRequestContext, name: string): Promise<Pass> {
  const resident = await tokenOf(request, RESIDENT.email);
  return api<Pass>(request, 'POST', '/api/visitors/invite', resident.token, {
    name,
    phone: `+1 555-040-${String(1000 + Math.floor(Math.random() * 8999)).slice(-4)}`,
    houseId: resident.houseId,
    visitDate: today(),
    visitTimeFrom: '00:00',
    visitTimeTo: '23:59',
    purpose: 'Gate field test',
  });
}

/** The entries waiting in the tablet's queue (IndexedDB). */
function queuedMoves(page: Page): Promise<{ visitorId: string; action: string; occurredAt: string; key: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('gatehouse-gate');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('gate')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('gate', 'readonly').objectStore('gate').get('queue');
          request.onsuccess = () => {
            db.close();
            resolve((request.result as never[] | undefined) ?? []);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** A scanner: the token typed wherever the focus is, then CR (and LF, sent as Ctrl+J). */
async function scan(page: Page, token: string, options: { crlf?: boolean } = {}) {
  await page.keyboard.type(token, { delay: 5 });
  await page.keyboard.press('Enter');
  if (options.crlf) await page.keyboard.press('Control+j');
}

test('a scanner’s passes go through after a tap on empty space, after a dialog, and with the focus on a button', { lock: SERVICE_WORKER_LOCK }, async ({ page, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const [ann, ben, cat, dan] = await Promise.all(['Ann Tap', 'Ben Button', 'Cat Dialog', 'Dan Crlf'].map((name) => invite(request, name)));
  const guard = (await tokenOf(request, GUARD.email)).token;
  // Sara is inside already: her row's Check Out opens the dialog.
  const sara = await invite(request, 'Sara Quick');
  await api(request, 'POST', '/api/visitors/checkin-qr', guard, { visitorId: sara.id });

  await signIn(page, GUARD);
  const field = page.getByLabel('Pass token or code');
  await expect(field).toBeFocused();
  await expect(page.getByRole('button', { name: 'Check out Sara Quick' })).toBeVisible();
  await screenshot(page, 'gate-field-01-arrival-portrait');

  // 1. A tap on empty space (the page's heading area), then a scan.
  await field.blur();
  await page.getByText('Visitors who are checked in and still inside the community.').click();
  await expect(field).toBeFocused();
  await scan(page, ann!.qrCodeToken);
  await expect(page.getByText(/^Ann Tap checked in: house/)).toBeVisible();
  await screenshot(page, 'gate-field-02-after-tap');

  // 2. The focus on a button (Sara's Check Out): the scan's Enter runs the scan, not the button.
  const saraCheckOut = page.getByRole('button', { name: 'Check out Sara Quick' });
  await saraCheckOut.focus();
  await expect(saraCheckOut).toBeFocused();
  await scan(page, ben!.qrCodeToken);
  await expect(page.getByText(/^Ben Button checked in: house/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(saraCheckOut).toBeVisible();
  await expect(page).toHaveURL(/\/guard$/);

  // 3. A dialog opened and closed with Not Yet: the next scan's Enter does not open it again.
  await page.getByRole('button', { name: 'Check out Sara Quick' }).click();
  const dialog = page.getByRole('dialog', { name: 'Check out Sara Quick?' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'gate-field-03-dialog');
  await dialog.getByRole('button', { name: 'Not Yet' }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toBeFocused();
  await scan(page, cat!.qrCodeToken);
  await expect(page.getByText(/^Cat Dialog checked in: house/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // 4. CR+LF ends one scan; a stray Enter keeps the last result.
  await scan(page, dan!.qrCodeToken, { crlf: true });
  await expect(page.getByText(/^Dan Crlf checked in: house/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please enter a token')).toHaveCount(0);
  await expect(page.getByText(/^Dan Crlf checked in: house/)).toBeVisible();

  // 5. A code typed wrong: said plainly, kept selected; the guard types it again.
  await page.keyboard.type('000 001');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('No open pass has the code 000 001 — check the digits');
  await expect(field).toHaveValue('000 001');
  await screenshot(page, 'gate-field-04-code-not-found');

  // Everyone scanned is on the list, with Check Out.
  for (const name of ['Ann Tap', 'Ben Button', 'Cat Dialog', 'Dan Crlf', 'Sara Quick']) {
    await expect(page.getByRole('button', { name: `Check out ${name}` })).toBeVisible();
  }
  await screenshot(page, 'gate-field-05-inside');

  // Nobody of this test left inside (the gate lists stay short).
  for (const pass of [ann, ben, cat, dan, sara]) await api(request, 'POST', '/api/visitors/checkout-qr', guard, { visitorId: pass!.id });
});

test('a check-out from the list while offline survives a reload and reaches the server once; the gate screen opens offline', { lock: SERVICE_WORKER_LOCK }, async ({ page, context, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const guard = (await tokenOf(request, GUARD.email)).token;
  const [olga, pete] = await Promise.all([invite(request, 'Olga Offline'), invite(request, 'Pete Present')]);
  for (const pass of [olga, pete]) await api(request, 'POST', '/api/visitors/checkin-qr', guard, { visitorId: pass!.id });

  await signIn(page, GUARD);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  // The list as the tablet keeps it (the gate sync stores it for the roll call offline).
  await expect(page.getByRole('button', { name: 'Check out Olga Offline' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('gatehouse-gate');
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('gate')) return resolve(0);
              const read = db.transaction('gate').objectStore('gate').get('inside');
              read.onsuccess = () => resolve((read.result as { items?: unknown[] } | undefined)?.items?.length ?? 0);
            };
          }),
      ),
    )
    .toBeGreaterThanOrEqual(2);

  await context.setOffline(true);
  await expect(page.getByText(GATE_OFFLINE_BANNER)).toBeVisible();
  await page.getByRole('button', { name: 'Check out Olga Offline' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Check Out' }).click();
  // Within a second: done, on the tablet; no spinner waiting on the network.
  await expect(page.getByText('Visitor checked out — saved on this tablet')).toBeVisible({ timeout: 1_500 });
  await expect(page.getByRole('button', { name: 'Check out Olga Offline' })).toBeHidden();
  await expect(page.getByText('1 entry waiting')).toBeVisible();
  const [queued] = await queuedMoves(page);
  expect(queued).toMatchObject({ visitorId: olga!.id, action: 'check-out' });
  await screenshot(page, 'gate-field-06-offline-check-out');

  // The tab reloaded with no network: the gate screen, the banner, the people inside (without
  // Olga, whose check-out waits on the tablet), the field ready for the scanner.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
  await expect(page.getByText(GATE_OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check out Pete Present' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check out Olga Offline' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByLabel('Pass token or code')).toBeFocused();
  await expect(page.getByText('1 entry waiting')).toBeVisible();
  await screenshot(page, 'gate-field-07-reloaded-offline');

  // The link returns: the check-out reaches the server, once, at the instant it was made.
  await context.setOffline(false);
  await expect(page.getByText(/\d+ (entry|entries) waiting/)).toBeHidden({ timeout: 45_000 });
  expect(await queuedMoves(page)).toEqual([]);
  const admin = (await tokenOf(request, ADMIN.email)).token;
  const stored = await api<Pass>(request, 'GET', `/api/visitors/${olga!.id}`, admin);
  expect(stored.status).toBe('checked-out');
  expect(Math.abs(Date.parse(stored.check_out_time!) - Date.parse(queued!.occurredAt))).toBeLessThanOrEqual(1_000);
  const checkOuts = await api<unknown[]>(request, 'GET', `/api/audit?action=visitor.checked-out&targetId=${olga!.id}&limit=100`, admin);
  expect(checkOuts).toHaveLength(1);
  await screenshot(page, 'gate-field-08-back-online');

  await api(request, 'POST', '/api/visitors/checkout-qr', guard, { visitorId: pete!.id });
});
