/**
 * The gate loop (docs/product.md#a-tour-of-the-demo), in a real Chromium against the real built
 * server on a fresh
 * embedded database: a resident invites a visitor and gets a QR pass; a guard, in
 * another browser, enters the pass, checks the visitor in, sees them under Active
 * Visitors and checks them out; the resident sees the visit in the Activity Log.
 */
import { expect, test, type Dialog } from '@playwright/test';

import { communityClock, GUARD, RESIDENT, screenshot, signIn, startClearOfMidnight } from './support';

test('a resident invites a visitor; a guard checks them in and out', async ({ browser }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const residentContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const resident = await residentContext.newPage();

  await resident.goto('/');
  await expect(resident).toHaveURL(/\/login$/);
  await expect(resident.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await screenshot(resident, '01-login');

  await signIn(resident, RESIDENT);
  await screenshot(resident, '02-dashboard-resident');

  await resident.getByRole('link', { name: /New Invitation/ }).first().click();
  await expect(resident).toHaveURL(/\/visitors\/create$/);
  await expect(resident.getByRole('heading', { level: 1, name: 'New Invitation' })).toBeVisible();
  // Defaults of docs/product.md#constants-and-formats: today, 09:00 to 17:00; from 17:00 in the
  // community, from now (rounded up to the quarter hour) to 23:59.
  if (communityClock().seconds < 17 * 3_600 - 60) {
    await expect(resident.getByLabel('Start Time')).toHaveValue('09:00');
    await expect(resident.getByLabel('End Time')).toHaveValue('17:00');
  } else if (communityClock().seconds >= 17 * 3_600) {
    const start = await resident.getByLabel('Start Time').inputValue();
    const startSeconds = Number(start.slice(0, 2)) * 3_600 + Number(start.slice(3)) * 60;
    expect(startSeconds).toBeGreaterThanOrEqual(Math.min(communityClock().seconds - 60, 23 * 3_600 + 45 * 60));
    expect(startSeconds % 900).toBe(0);
    await expect(resident.getByLabel('End Time')).toHaveValue('23:59');
  }
  await resident.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(resident.getByText('Visitor name is required')).toBeVisible();
  await screenshot(resident, '03-invitation-errors');

  await resident.getByLabel('Visitor Name').fill('Erin Example');
  await resident.getByLabel('Phone Number').fill('+1 555-010-9999');
  await resident.getByLabel('Vehicle License Plate').fill('e2e 123');
  await expect(resident.getByLabel('Vehicle License Plate')).toHaveValue('E2E 123');
  await resident.getByLabel('Purpose').fill('Browser test visit');
  // A window around now, whatever time the test runs (and not in the day's last minutes).
  await resident.getByLabel('Start Time').fill('00:00');
  await resident.getByLabel('End Time').fill('23:59');
  await screenshot(resident, '04-invitation-form');
  await resident.getByRole('button', { name: 'Create Invitation' }).click();

  await expect(resident).toHaveURL(/\/visitors\/[0-9a-f-]{36}$/);
  await expect(resident.getByRole('heading', { level: 1, name: 'Erin Example' })).toBeVisible();
  await expect(resident.getByRole('img', { name: /QR/i })).toBeVisible();
  await resident.getByRole('button', { name: /Copy Token/ }).click();
  await expect(resident.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const token = await resident.evaluate(() => navigator.clipboard.readText());
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The token is shown as its first and last 8 characters.
  await expect(resident.getByText(`${token.slice(0, 8)}...${token.slice(-8)}`)).toBeVisible();
  await screenshot(resident, '05-visitor-pass');
  // Copied! lasts 2 s (docs/product.md#constants-and-formats).
  await expect(resident.getByRole('button', { name: /Copy Token/ })).toBeVisible({ timeout: 4_000 });
  const visitorUrl = resident.url();

  await resident.goto('/visitors');
  await expect(resident.getByRole('heading', { level: 1, name: 'My Invitations' })).toBeVisible();
  await expect(resident.getByText('Erin Example')).toBeVisible();
  await screenshot(resident, '06-my-invitations');

  // The guard, on the gate tablet.
  const guardContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const guard = await guardContext.newPage();
  // The gate never answers with a browser dialog (docs/gate.md#the-gate): none may open.
  const dialogs: string[] = [];
  guard.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(guard, GUARD);
  await screenshot(guard, '07-dashboard-guard');

  await guard.getByRole('link', { name: 'Scan QR' }).first().click();
  await expect(guard).toHaveURL(/\/guard\/scan$/);
  await expect(guard.getByLabel('Pass token or code')).toBeFocused();
  await guard.getByRole('button', { name: 'Verify' }).click();
  await expect(guard.getByText('Please enter a token')).toBeVisible();
  await guard.getByLabel('Pass token or code').fill(`  ${token}  `);
  await guard.getByLabel('Pass token or code').press('Enter');
  await expect(guard.getByRole('heading', { name: 'Visitor Verified' })).toBeVisible();
  await expect(guard.getByText('Erin Example')).toBeVisible();
  await expect(guard.getByText('E2E 123')).toBeVisible();
  await expect(guard.getByLabel('Pass token or code')).toBeFocused();
  await screenshot(guard, '08-scan-verified');

  await guard.getByRole('button', { name: 'Check In Visitor' }).click();
  await expect(guard).toHaveURL(/\/guard$/);
  await expect(guard.getByText('Visitor checked in successfully!')).toBeVisible();
  await expect(guard.getByRole('heading', { level: 1, name: /Active Visitors/ })).toBeVisible();
  await expect(guard.getByRole('list', { name: 'Checked-in visitors' }).getByText('Erin Example')).toBeVisible();
  await screenshot(guard, '09-active-visitors');

  // Out through the dashboard's quick scan, as a hardware scanner would type it.
  await expect(guard.getByLabel('Pass token or code')).toBeFocused();
  await guard.keyboard.type(token);
  await guard.keyboard.press('Enter');
  await guard.getByRole('button', { name: 'Check Out Visitor' }).click();
  await expect(guard.getByText('Visitor checked out successfully!')).toBeVisible();
  await expect(guard.getByLabel('Pass token or code')).toHaveValue('');
  await expect(guard.getByLabel('Pass token or code')).toBeFocused();
  await screenshot(guard, '10-checked-out');
  expect(dialogs).toEqual([]);

  // Back with the resident: the visit is in the Activity Log.
  await resident.goto(visitorUrl);
  await expect(resident.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  await expect(resident.getByText('Checked Out', { exact: true }).first()).toBeVisible();
  await expect(resident.getByRole('button', { name: /Cancel Invitation/ })).toHaveCount(0);
  // The history comes from the audit log: who scanned, checked in and out.
  const history = resident.getByRole('list', { name: 'Visitor history' });
  await expect(history.getByText('Checked in by Sam Rivera')).toBeVisible();
  await expect(history.getByText('Checked out by Sam Rivera')).toBeVisible();
  await screenshot(resident, '11-visitor-activity');

  await residentContext.close();
  await guardContext.close();
});

test('an invitation can be cancelled by its host after confirming', async ({ page }, testInfo) => {
  await startClearOfMidnight(testInfo);
  await signIn(page, RESIDENT);
  await page.goto('/visitors/create');
  await page.getByLabel('Visitor Name').fill('Carl Cancelled');
  await page.getByLabel('Phone Number').fill('+15550107777');
  await page.getByLabel('Start Time').fill('00:00');
  await page.getByLabel('End Time').fill('23:59');
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carl Cancelled' })).toBeVisible();
  // The app's own confirmation, not a browser dialog (none may open).
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: /Cancel Invitation/ }).click();
  const confirmation = page.getByRole('dialog', { name: 'Cancel invitation?' });
  await expect(confirmation.getByText('Are you sure you want to cancel this invitation?')).toBeVisible();
  await expect(confirmation.getByRole('button', { name: 'Keep Invitation' })).toBeFocused();
  await screenshot(page, '48-confirm-cancel');
  await confirmation.getByRole('button', { name: 'Cancel Invitation' }).click();
  await expect(page).toHaveURL(/\/visitors$/);
  expect(browserDialogs).toEqual([]);
  await page.getByLabel('Search visitors').fill('Carl');
  // The card's status badge (the status filter offers a "Cancelled" option too).
  await expect(page.getByRole('listitem').filter({ hasText: 'Carl Cancelled' }).getByText('Cancelled', { exact: true }).first()).toBeVisible();
});
