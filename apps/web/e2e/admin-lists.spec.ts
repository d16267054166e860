/**
 * The admin's lists, in Chromium at a laptop's size (1280 × 800) against the real built
 * server and the demo community: the admin filters the visitors list (status, visit dates and
 * the search for a house, `L-<number>`), which keeps the filters in the address through a
 * reload, and exports it (the file is named by the range and holds exactly the visitors the
 * list shows); then opens the audit log from the user menu, filters it, and follows a row's
 * link to the visitor; the blocklist then refuses that visitor at the gate, and the visitor's
 * page lists the refusal, reached from the dashboard's alert. Its own house and visitors are
 * made through the API (no other test's visitor is in that house), and the alert, the entry
 * and the invitations are cleared at the end. Screenshots land in
 * test-results/screens/admin-lists-*.png.
 */
import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, apiSession, newResident, screenshot, signIn, startClearOfMidnight, uniqueDigits, violations, type Envelope } from './support';

test.use({ viewport: { width: 1280, height: 800 } });

/** The rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Today in the server's zone (it runs on this machine: COMMUNITY_TIMEZONE, else the machine's), moved by `days`. */
function communityDay(days = 0): string {
  const timeZone = process.env.COMMUNITY_TIMEZONE?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

async function signedIn(request: APIRequestContext, email: string) {
  const session = await apiSession(request, email);
  return { headers: session.headers, userId: session.user.id };
}

test('an admin filters the visitors, exports them, and follows the audit log to a visitor', async ({ page, request }, testInfo) => {
  // Today's visit below must not end while the test runs (the time limit set first: the wait counts on it).
  testInfo.setTimeout(testInfo.timeout + 60_000);
  await startClearOfMidnight(testInfo);
  const admin = await signedIn(request, ADMIN.email);
  // Two houses of this test's own, in block L: the list searched is this test's rows alone.
  const [here, there] = await Promise.all([newResident(request, 'Lars Lister', 'L'), newResident(request, 'Lotta Lister', 'L')]);
  const search = `L-${here.house.houseNumber}`;
  const run = Date.now() % 100_000;
  // A phone of this run alone: the blocklist entry below refuses no other test's visitor.
  const phone = `+1557${uniqueDigits()}`;
  const invite = async (name: string, house: string, visitDate: string, visitTimeFrom: string, visitTimeTo: string) => {
    const response = await request.post('/api/visitors/invite', {
      ...admin,
      data: { name, phone, houseId: house, visitDate, visitTimeFrom, visitTimeTo, purpose: 'Admin lists e2e' },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as Envelope<{ id: string; name: string }>).data;
  };
  const from = communityDay();
  const to = communityDay(14);
  const allDay = await invite(`Ines Allday ${run}`, here.house.id, from, '00:00', '23:59');
  const tonight = await invite(`Lena Tonight ${run}`, here.house.id, from, '23:00', '23:59');
  const nextWeek = await invite(`Marco Nextweek ${run}`, here.house.id, communityDay(5), '10:00', '12:00');
  const later = await invite(`Olive Later ${run}`, here.house.id, communityDay(40), '10:00', '12:00');
  const elsewhere = await invite(`Pia Elsewhere ${run}`, there.house.id, communityDay(5), '10:00', '12:00');

  // The list, filtered on screen: status, the visit dates, the search.
  await signIn(page, ADMIN);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Visitors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Visitors' })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Approved' });
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByLabel('Search visitors').fill(search);
  await expect(page).toHaveURL(new RegExp(`q=${search}`));
  const list = page.getByRole('list', { name: 'All Visitors' });
  await expect(list.getByRole('heading', { name: tonight.name })).toBeVisible();
  await expect(list.getByRole('heading', { name: nextWeek.name })).toBeVisible();
  await expect(list.getByRole('heading', { name: later.name })).toHaveCount(0);
  await expect(list.getByRole('heading', { name: elsewhere.name })).toHaveCount(0);
  // Nearest visit first: today's (the all-day one, then tonight's), then the week ahead.
  const names = await list.getByRole('heading', { level: 2 }).allTextContents();
  expect(names.indexOf(tonight.name)).toBeLessThan(names.indexOf(nextWeek.name));
  expect(names.indexOf(allDay.name)).toBeGreaterThanOrEqual(0);
  expect(names.indexOf(allDay.name)).toBeLessThan(names.indexOf(tonight.name));
  await screenshot(page, 'admin-lists-visitors-filtered');
  expect(await violations(page, 'main')).toEqual([]);

  // The address keeps the filters: a reload shows the same list.
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'approved', from, to, q: search });
  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');
  await expect(page.getByLabel('Search visitors')).toHaveValue(search);
  await expect(list.getByRole('heading', { name: tonight.name })).toBeVisible();
  const shownIds = (await list.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).map((href) => href!.split('/').at(-1));
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(`Showing ${shownIds.length} of ${shownIds.length} visitors`);

  // Export CSV: exactly the rows the list shows, the range in the file's name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`visitors-${from}-to-${to}.csv`);
  const rows = parseCsv((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')).filter((row) => row.length > 1);
  const header = rows[0]!;
  const data = rows.slice(1);
  expect(data.map((row) => row[header.indexOf('id')]).sort()).toEqual([...shownIds].sort());
  expect(new Set(data.map((row) => row[header.indexOf('status')]))).toEqual(new Set(['approved']));
  expect(new Set(data.map((row) => `${row[header.indexOf('block')]}-${row[header.indexOf('houseNumber')]}`))).toEqual(new Set([search]));
  await testInfo.attach(download.suggestedFilename(), { path: await download.path(), contentType: 'text/csv' });

  // The audit log, from the user menu: filtered to the invitations the admin made today.
  await page.getByRole('button', { name: /user menu$/i }).click();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Visitor invited' });
  await page.getByLabel('By', { exact: true }).selectOption(admin.userId);
  await page.getByLabel('From', { exact: true }).fill(from);
  await expect(page).toHaveURL(new RegExp(`action=visitor.invited.*actor=${admin.userId}.*from=${from}`));
  const table = page.getByRole('table', { name: 'Audit events, newest first' });
  // Once the filtered page has replaced the whole log (other tests act meanwhile): only invitations.
  await expect.poll(async () => new Set(await table.locator('tbody tr td:nth-child(2)').allTextContents())).toEqual(new Set(['Visitor invited']));
  for (const visitor of [allDay, tonight, nextWeek, later, elsewhere]) await expect(table.getByRole('link', { name: visitor.name })).toBeVisible();
  await screenshot(page, 'admin-lists-audit');
  expect(await violations(page, 'main')).toEqual([]);

  // A row's link opens its target.
  await table.getByRole('link', { name: tonight.name }).click();
  await expect(page).toHaveURL(new RegExp(`/visitors/${tonight.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: tonight.name })).toBeVisible();
  await screenshot(page, 'admin-lists-visitor');

  // Back returns to the filtered log.
  await page.goBack();
  await expect(page.getByLabel('Action', { exact: true })).toHaveValue('visitor.invited');

  // Once the blocklist has refused the visitor at the gate, the visitor's page lists it, and
  // the dashboard's alert links to the visitor.
  const entry = await request.post('/api/blocklist', { ...admin, data: { name: tonight.name, phone, reason: 'Damaged the barrier' } });
  expect(entry.status(), await entry.text()).toBe(201);
  const refused = await request.post('/api/visitors/checkin-qr', { ...admin, data: { visitorId: tonight.id } });
  expect(refused.status(), await refused.text()).toBe(409);
  await page.goto('/dashboard');
  const alerts = page.getByRole('list', { name: 'Refused check-ins' });
  await alerts.getByRole('link', { name: new RegExp(tonight.name) }).click();
  await expect(page).toHaveURL(new RegExp(`/visitors/${tonight.id}$`));
  const refusals = page.getByRole('list', { name: 'Refused check-ins' });
  await expect(refusals.getByRole('listitem')).toHaveCount(1);
  await expect(refusals).toContainText('Damaged the barrier');
  await expect(refusals).toContainText('Alex Morgan');
  await screenshot(page, 'admin-lists-visitor-refused');
  expect(await violations(page, 'main')).toEqual([]);
  // The alert seen (with any other test's shown beside it) and the entry removed.
  await page.goto('/dashboard');
  await expect(alerts.getByRole('link', { name: new RegExp(tonight.name) })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Seen' }).click();
  await expect(alerts.getByRole('link', { name: new RegExp(tonight.name) })).toHaveCount(0);
  const { data: listed } = (await entry.json()) as Envelope<{ id: string }>;
  expect((await request.delete(`/api/blocklist/${listed.id}`, admin)).status()).toBe(200);

  // Leave no open invitation of this test.
  for (const visitor of [allDay, tonight, nextWeek, later, elsewhere]) {
    const cancelled = await request.delete(`/api/visitors/${visitor.id}/cancel`, admin);
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  }
});

test('the filtered list and the audit log fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto('/visitors?status=approved&q=A-101');
  await expect(page.getByRole('heading', { level: 1, name: 'All Visitors' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'All Visitors' }).getByRole('heading', { name: 'Jordan Lee' })).toBeVisible();
  await screenshot(page, 'admin-lists-visitors-phone');
  expect(await violations(page, 'main')).toEqual([]);
  await page.goto('/audit?action=visitor.invited');
  // A phone gets one card per event instead of the table.
  await expect(page.getByRole('list', { name: 'Audit events, newest first' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Audit events, newest first' })).toBeHidden();
  await screenshot(page, 'admin-lists-audit-phone');
  expect(await violations(page, 'main')).toEqual([]);
});
