/**
 * The resident's pass on a phone (390 × 844) against the real server: an invitation created
 * at 19:00 in the community (the clock set by Playwright, the phone in another time zone)
 * with the form's defaults alone; its page says so above the pass, never over the code;
 * Share with file sharing (the card as a PNG, looked at), with text only, and with no share
 * sheet (copied, `Copied` beside Share); Download of the same card; Print of the card alone.
 * Then a walk-in request, registered by the guard through the API while the resident is on
 * another screen, opens as a dialog; the resident denies it with a reason, which the
 * guard's waiting card shows. Screenshots in test-results/screens (resident-pass-*).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { communityToday, DEMO_PASSWORD, GUARD, newResident, RESIDENT, screenshot, signIn, startClearOfMidnight } from './support';

const PHONE = { width: 390, height: 844 };
/** The community's zone is the server's (this machine's, UTC); the phone is elsewhere. */
const PHONE_ZONE = 'Asia/Kolkata';
const screensDir = path.join(import.meta.dirname, '..', 'test-results', 'screens');

/** A REST call to the server, answering the envelope's data. */
async function call(baseURL: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseURL}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { data: any; error?: string };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.error}`);
  return json.data;
}

/** Today in the community's zone (the server's: this machine's, unless COMMUNITY_TIMEZONE). */
/** A phone with the resident (`account`, the demo's Priya unless given) signed in; `share` stubs the Web Share API as a phone browser has it. */
async function residentPhone(browser: Browser, share: 'files' | 'text' | 'none', account: { email: string; firstName: string } = RESIDENT): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: PHONE_ZONE, hasTouch: true, isMobile: true });
  if (share !== 'none') {
    await context.addInitScript((canShareFiles: boolean) => {
      // What was shared, for the test to read: the text, the title, and each file's bytes.
      const shared: { title?: string; text?: string; files: { name: string; type: string; base64: string }[] }[] = [];
      Object.assign(window, { sharedPasses: shared });
      const toBase64 = async (file: File) => {
        const bytes = new Uint8Array(await file.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      };
      Object.defineProperty(navigator, 'canShare', {
        configurable: true,
        value: (data: ShareData) => !data.files?.length || canShareFiles,
      });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          if (data.files?.length && !canShareFiles) throw new TypeError('Files cannot be shared');
          shared.push({
            title: data.title,
            text: data.text,
            files: await Promise.all((data.files ?? []).map(async (file) => ({ name: file.name, type: file.type, base64: await toBase64(file) }))),
          });
        },
      });
    }, share === 'files');
  }
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

/** The rectangles of two elements do not overlap. */
async function apart(page: Page, first: ReturnType<Page['locator']>, second: ReturnType<Page['locator']>) {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlap = a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}

test.describe.configure({ mode: 'serial' });

let invitationUrl = '';

test('an invitation created at 19:00 with the form’s defaults, and its pass shared as a card', async ({ browser }, testInfo) => {
  // The invitation is for today, until 23:59 (the time limit set first: the wait counts on it).
  testInfo.setTimeout(testInfo.timeout + 30_000);
  await startClearOfMidnight(testInfo);
  const today = communityToday();
  const { context, page } = await residentPhone(browser, 'files');
  // 19:00 in the community (UTC here): 00:30 the next day on the phone's own clock.
  await page.clock.setFixedTime(new Date(`${today}T19:00:00Z`));

  await page.goto('/visitors/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New Invitation' })).toBeVisible();
  await expect(page.getByLabel('Visit Date')).toHaveValue(today);
  await expect(page.getByLabel('Start Time')).toHaveValue('19:00');
  await expect(page.getByLabel('End Time')).toHaveValue('23:59');

  // A refused form: focus goes to the first error, in view, announced.
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  const name = page.getByLabel('Visitor Name');
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
  await expect(page.getByRole('alert').filter({ hasText: 'Visitor name is required' })).toBeVisible();
  await screenshot(page, 'resident-pass-01-refused-form');

  await name.fill('Evening Eva');
  await page.getByLabel('Phone Number').fill('+1 555 010 1919');
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(page).toHaveURL(/\/visitors\/[0-9a-f-]{36}$/);
  invitationUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Evening Eva' })).toBeVisible();
  await expect(page.getByText(/7:00 PM - 11:59 PM/).first()).toBeVisible();

  // The success notice is in the page above the pass, and has focus (it is read out); the
  // pass comes to the top of the screen: the code in view, covered by neither the notice
  // nor the bars, and no notice floats over the page.
  const notice = page.getByRole('status').filter({ hasText: "Invitation created: Evening Eva's pass is ready to share" });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  const code = page.getByTestId('pass-code');
  await expect(code).toBeInViewport({ ratio: 1 });
  await apart(page, notice, code);
  await apart(page, notice, page.getByRole('img', { name: 'QR code for Evening Eva' }));
  await apart(page, code, page.getByRole('navigation', { name: 'Mobile' }));
  await apart(page, code, page.getByRole('banner'));
  await expect(page.locator('[role="status"][aria-live="polite"] > *')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeInViewport();
  await page.screenshot({ path: path.join(screensDir, 'resident-pass-02-created-phone-screen.png') });
  await screenshot(page, 'resident-pass-02-created');

  // Share: the card as a PNG, and a short text with the code.
  const digits = (await code.innerText()).replace(/\s/g, '');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { sharedPasses: unknown[] }).sharedPasses.length)).toBe(1);
  const [shared] = await page.evaluate(() => (window as unknown as { sharedPasses: { title: string; text: string; files: { name: string; type: string; base64: string }[] }[] }).sharedPasses);
  expect(shared!.title).toBe('Gate pass: Evening Eva');
  expect(shared!.text).toContain(`Pass code: ${digits.slice(0, 3)} ${digits.slice(3)}`);
  expect(shared!.text).toContain('7:00 PM - 11:59 PM');
  expect(shared!.files).toHaveLength(1);
  expect(shared!.files[0]).toMatchObject({ name: `pass-evening-eva-${today}.png`, type: 'image/png' });
  const png = Buffer.from(shared!.files[0]!.base64, 'base64');
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  // 1080 × 1560.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1560]);
  mkdirSync(screensDir, { recursive: true });
  writeFileSync(path.join(screensDir, 'resident-pass-03-shared-card.png'), png);

  // Download saves that same card.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(`pass-evening-eva-${today}.png`);
  const saved = path.join(testInfo.outputDir, download.suggestedFilename());
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(png)).toBe(true);

  // Print: the card alone on the page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(page.getByTestId('pass-print').locator('img')).toBeVisible();
  await screenshot(page, 'resident-pass-04-print');
  await page.emulateMedia({ media: 'screen' });
  await context.close();
});

test('sharing where files cannot be shared, and where nothing can be', async ({ browser }) => {
  // The file runs in order (serial): the test before made this invitation, or this one did not run.
  expect(invitationUrl, 'the invitation made by the test before').not.toBe('');
  // Text only: the share sheet gets the text with the code.
  const textOnly = await residentPhone(browser, 'text');
  await textOnly.page.goto(invitationUrl);
  await expect(textOnly.page.getByRole('heading', { level: 1, name: 'Evening Eva' })).toBeVisible();
  await textOnly.page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => textOnly.page.evaluate(() => (window as unknown as { sharedPasses: unknown[] }).sharedPasses.length)).toBe(1);
  const [shared] = await textOnly.page.evaluate(() => (window as unknown as { sharedPasses: { text: string; files: unknown[] }[] }).sharedPasses);
  expect(shared!.files).toEqual([]);
  expect(shared!.text).toMatch(/^Gate pass for Evening Eva: .*Pass code: \d{3} \d{3}$/);
  await textOnly.context.close();

  // No share sheet (this desktop Chromium has none): the text is copied, `Copied` beside Share.
  const none = await residentPhone(browser, 'none');
  await none.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await none.page.goto(invitationUrl);
  await expect(none.page.getByRole('heading', { level: 1, name: 'Evening Eva' })).toBeVisible();
  expect(await none.page.evaluate(() => typeof navigator.share)).toBe('undefined');
  const share = none.page.getByRole('button', { name: 'Share' });
  await share.click();
  const copied = none.page.getByRole('status').filter({ hasText: /^Copied$/ });
  await expect(copied).toBeVisible();
  // Beside Share: the same row, to its right.
  const [button, note] = [await share.boundingBox(), await copied.boundingBox()];
  expect(Math.abs(button!.y + button!.height / 2 - (note!.y + note!.height / 2))).toBeLessThan(8);
  expect(note!.x).toBeGreaterThanOrEqual(button!.x + button!.width);
  expect(await none.page.evaluate(() => navigator.clipboard.readText())).toMatch(/Pass code: \d{3} \d{3}$/);
  await screenshot(none.page, 'resident-pass-05-copied');
  await none.context.close();
});

test('a walk-in request reaches the resident on another screen; denied with a reason, the guard’s card shows it', async ({ browser, baseURL, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  // A resident in a house of this test's own: no other test's walk-in opens its dialog, nor
  // this one over another test's screens.
  const host = await newResident(request, 'Dara Denier', 'D');
  const { context, page } = await residentPhone(browser, 'none', host);
  // Somewhere else in the app: the frequent visitors.
  await page.goto('/passes');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequent visitors' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The guard registers a walk-in for the resident's house through the API.
  const guard = await call(baseURL!, 'POST', '/api/auth/login', undefined, { email: GUARD.email, password: DEMO_PASSWORD });
  const walkIn = await call(baseURL!, 'POST', '/api/visitors/walk-in', guard.token, {
    name: 'Dennis Deny',
    phone: '+15550107070',
    houseId: host.house.id,
    purpose: 'Sales',
  });

  // It opens as a dialog over the screen, focus in it, with the name, purpose, Approve and Deny.
  const dialog = page.getByRole('dialog', { name: 'A visitor is waiting at the gate' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByText('Dennis Deny', { exact: true })).toBeFocused();
  await expect(dialog.getByText(/Sales · at the gate since/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve Dennis Deny' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Frequent visitors' })).toBeAttached();
  await screenshot(page, 'resident-pass-06-walk-in-dialog');

  await dialog.getByRole('button', { name: 'Deny Dennis Deny' }).click();
  await expect(dialog.getByText('Deny Dennis Deny?')).toBeVisible();
  const reason = dialog.getByLabel('Reason for the guard');
  await expect(reason).toBeFocused();
  await reason.fill('Not expecting anyone today');
  await screenshot(page, 'resident-pass-07-deny-reason');
  await dialog.getByRole('button', { name: 'Deny Dennis Deny' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dennis Deny was turned away' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await context.close();

  // The guard's waiting card (the tablet, 768 × 1024) shows the denial and its reason.
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  await tablet.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('current_user', JSON.stringify(user));
    },
    { token: guard.token as string, user: guard.user as unknown },
  );
  const gate = await tablet.newPage();
  await gate.goto(`/guard/walk-in/${walkIn.id}`);
  await expect(gate.getByRole('heading', { name: 'Denied by the resident' })).toBeVisible();
  await expect(gate.getByText('Reason: Not expecting anyone today')).toBeVisible();
  await expect(gate.getByText(`By ${host.name}`)).toBeVisible();
  await screenshot(gate, 'resident-pass-08-guard-denied');
  await tablet.close();
});

test('a recurring pass shares the same card, and tells its host of arrivals when asked', async ({ browser, baseURL }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const { context, page } = await residentPhone(browser, 'files');
  await page.goto('/passes/create');
  await expect(page.getByRole('heading', { level: 1, name: 'New frequent visitor' })).toBeVisible();
  await page.getByLabel('Name').fill('Rosa Regular');
  await page.getByLabel('Phone Number').fill('+1 555-010-6161');
  const days = page.getByRole('group', { name: 'Days' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await days.getByLabel(day).check();
  await page.getByLabel('From').fill('00:00');
  await page.getByLabel('To', { exact: true }).fill('23:59');
  // The latest end date in words (never YYYY-MM-DD).
  await expect(page.getByText(/^At most 12 months: until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)).toBeVisible();
  const start = await page.getByLabel('Start Date').inputValue();
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  await page.getByLabel('End Date').fill(new Date(Date.UTC(year, month, Math.min(day, 28))).toISOString().slice(0, 10));
  const notify = page.getByRole('checkbox', { name: 'Tell me when they arrive and leave' });
  await expect(notify).not.toBeChecked();
  await notify.check();
  await page.getByRole('button', { name: 'Create Pass' }).click();

  await expect(page).toHaveURL(/\/passes\/[0-9a-f-]{36}$/);
  const passId = page.url().split('/').pop()!;
  await expect(page.getByRole('status').filter({ hasText: 'Pass created for Rosa Regular' })).toBeFocused();
  await expect(page.getByTestId('pass-code')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('checkbox', { name: 'Tell me when Rosa Regular arrives and leaves' })).toBeChecked();
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { sharedPasses: unknown[] }).sharedPasses.length)).toBe(1);
  const [shared] = await page.evaluate(() => (window as unknown as { sharedPasses: { text: string; files: { name: string; base64: string }[] }[] }).sharedPasses);
  expect(shared!.text).toMatch(/^Gate pass for Rosa Regular: Every day, 12:00 AM - 11:59 PM, .* to .*, House 101 · Block A\. Pass code: \d{3} \d{4}$/);
  expect(shared!.files[0]!.name).toBe(`pass-rosa-regular-${start}.png`);
  writeFileSync(path.join(screensDir, 'resident-pass-10-recurring-card.png'), Buffer.from(shared!.files[0]!.base64, 'base64'));
  await expect(page.getByRole('table', { name: /^Visits in [A-Z][a-z]+ \d{4}, newest first$/ }).or(page.getByText('No visits this month'))).toBeVisible();
  await screenshot(page, 'resident-pass-09-recurring-pass');

  // The holder arrives and leaves (the guard through the API): the host is told, and each
  // notification opens the pass.
  const guard = await call(baseURL!, 'POST', '/api/auth/login', undefined, { email: GUARD.email, password: DEMO_PASSWORD });
  await call(baseURL!, 'POST', '/api/visitors/checkin-qr', guard.token, { visitorId: passId });
  await call(baseURL!, 'POST', '/api/visitors/checkout-qr', guard.token, { visitorId: passId });
  await page.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rosa Regular checked in' })).toBeVisible();
  await screenshot(page, 'resident-pass-11-notifications');
  await page.getByRole('link', { name: 'Rosa Regular checked out' }).click();
  await expect(page).toHaveURL(new RegExp(`/passes/${passId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Rosa Regular' })).toBeVisible();
  await context.close();
});
