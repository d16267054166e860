/**
 * Reports and exports (docs/operations.md#reports-exports-and-inside-now), in Chromium against the
 * real built server and the
 * demo community: an admin opens Reports from the user menu and sees the figures drawn as
 * charts (canvases with pixels on them) beside their tables (a screenshot of the page lands
 * in test-results/screens/reports.png and in the test's attachments); then on the visitors
 * list the admin chooses "Waiting for you" and clicks Export CSV: the downloaded file has
 * the header row and only pending visitors, the walk-in this test registered among them,
 * while the same export without the filter holds other statuses too.
 */
import { readFile } from 'node:fs/promises';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN, apiSession, GUARD, newResident, screenshot, signIn, startClearOfMidnight, type Envelope } from './support';

/**
 * The visitor export's header row (docs/operations.md#reports-exports-and-inside-now), in order.
 */
const HEADER = 'id,kind,name,phone,email,purpose,houseNumber,block,host,visitDate,visitTimeFrom,visitTimeTo,status,checkInTime,checkOutTime,checkInGate,checkOutGate';

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

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  return (await apiSession(request, email)).token;
}

test('an admin reads the reports, then exports the visitors waiting for a decision as CSV', async ({ page, request }, testInfo) => {
  // The walk-in registered below is today's: keep the test clear of the community's midnight.
  await startClearOfMidnight(testInfo);
  const guardToken = await tokenOf(request, GUARD.email);
  // A house of this test's own: its walk-in asks no other test's resident (the demo's Priya
  // would see it as a dialog over whatever screen another test has open).
  const houseId = (await newResident(request, 'Reva Reports')).house.id;
  // A walk-in waiting at the gate now (the demo's pending one is tomorrow's, outside the export's default range).
  const name = `Wanda Waiting ${Date.now() % 100_000}`;
  const walkIn = await request.post('/api/visitors/walk-in', {
    headers: { Authorization: `Bearer ${guardToken}` },
    data: { name, phone: '+15550209911', houseId, purpose: 'Reports e2e' },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);

  await signIn(page, ADMIN);
  await page.getByRole('button', { name: /user menu$/i }).click();
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel('To')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

  // The demo has entries today and yesterday: every figure is a chart beside its table.
  for (const figure of ['Visits per day', 'Entries by hour of the day', 'Entries by weekday', 'Busiest houses', 'Walk-ins, invitations and recurring passes', 'Key figures', 'Entries by gate']) {
    await expect(page.getByRole('table', { name: figure })).toBeAttached();
    await expect(page.getByRole('img', { name: figure })).toBeVisible();
  }
  expect(await page.locator('canvas').count()).toBeGreaterThanOrEqual(7);
  const perDay = page.getByRole('table', { name: 'Visits per day' });
  await expect(perDay.getByRole('row')).toHaveCount(31);
  // Chart.js has drawn: the per-day canvas has painted pixels (the first frame of an animation counts).
  await expect
    .poll(() =>
      page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('canvas[aria-label="Visits per day"]');
        const context = canvas?.getContext('2d');
        if (!canvas || !context || canvas.width === 0) return 0;
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        let painted = 0;
        for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) painted += 1;
        return painted;
      }),
    )
    .toBeGreaterThan(100);
  // The charts' animations have settled before the picture: no canvas changes between two looks 100 ms apart.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const look = () => [...document.querySelectorAll('canvas')].map((canvas) => canvas.toDataURL()).join();
        const before = look();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return look() === before;
      }),
      { intervals: [0] },
    )
    .toBe(true);
  await screenshot(page, 'reports');
  await testInfo.attach('reports', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  // The visitors list, filtered to the walk-ins waiting for a decision, as CSV.
  await page.goto('/visitors');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Waiting for you' }).click();
  await expect(page.getByRole('button', { name: 'Waiting for you' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(name)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^visitors-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const rows = parseCsv((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
  expect(rows[0]?.join(',')).toBe(HEADER);
  const statusColumn = rows[0]!.indexOf('status');
  const nameColumn = rows[0]!.indexOf('name');
  const data = rows.slice(1).filter((row) => row.length > 1);
  expect(data.length).toBeGreaterThanOrEqual(1);
  expect(data.map((row) => row[statusColumn])).toEqual(data.map(() => 'pending'));
  expect(data.map((row) => row[nameColumn])).toContain(name);
  await testInfo.attach('visitors-waiting.csv', { path: file, contentType: 'text/csv' });

  // The same export without the filter has other statuses: the filter is what kept them out.
  const adminToken = await tokenOf(request, ADMIN.email);
  const everything = await request.get('/api/visitors/export.csv', { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(everything.status()).toBe(200);
  const allRows = parseCsv((await everything.text()).replace(/^\uFEFF/, '')).slice(1).filter((row) => row.length > 1);
  expect(new Set(allRows.map((row) => row[statusColumn])).size).toBeGreaterThan(1);

  // Leave nobody waiting at the gate.
  const { data: waiting } = (await walkIn.json()) as Envelope<{ id: string }>;
  const rejected = await request.post(`/api/visitors/${waiting.id}/reject`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { reason: 'Reports e2e done' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
});
