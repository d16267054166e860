/**
 * The blocklist (docs/operations.md#blocklist), in Chromium against the real built server and the
 * demo
 * community: a resident invites a visitor; an admin puts the visitor's phone on the
 * blocklist (written another way: spaces and dashes do not matter); the guard's scan shows
 * the red warning with the reason and the check-in is refused with the server's message;
 * the admin is notified of the attempt, then overrides at the gate with notes and the
 * visitor is checked in.
 */
import { expect, test } from '@playwright/test';

import { ADMIN, GUARD, RESIDENT, screenshot, signIn, startClearOfMidnight } from './support';

test('an admin blocklists a phone; the guard’s check-in is refused; the admin overrides with notes', async ({ browser }, testInfo) => {
  await startClearOfMidnight(testInfo);
  // A phone of this run only (the demo database lives as long as the server).
  const digits = String(Date.now()).slice(-7);
  const phone = `+1555${digits}`;

  // The resident invites the visitor for today.
  const residentContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const resident = await residentContext.newPage();
  await signIn(resident, RESIDENT);
  await resident.goto('/visitors/create');
  await resident.getByLabel('Visitor Name').fill('Bella Blocked');
  await resident.getByLabel('Phone Number').fill(phone);
  await resident.getByLabel('Start Time').fill('00:00');
  await resident.getByLabel('End Time').fill('23:59');
  await resident.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(resident.getByRole('heading', { level: 1, name: 'Bella Blocked' })).toBeVisible();
  await resident.getByRole('button', { name: /Copy Token/ }).click();
  await expect(resident.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const token = await resident.evaluate(() => navigator.clipboard.readText());
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await residentContext.close();

  // The admin adds the phone, spelled with spaces and dashes, from the menu's Blocklist.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto('/blocklist');
  await expect(admin.getByRole('heading', { level: 1, name: 'Blocklist' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add to Blocklist' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add to Blocklist' });
  await dialog.getByLabel('Name').fill('Bella Blocked');
  await dialog.getByLabel('Reason').fill('Trespassed after dark');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog.getByText('Give a phone number or a licence plate')).toBeVisible();
  await dialog.getByLabel('Phone').fill(`+1 555-${digits.slice(0, 3)}-${digits.slice(3)}`);
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog).toBeHidden();
  const entries = admin.getByRole('list', { name: 'Blocklist entries' });
  await expect(entries.getByRole('heading', { name: 'Bella Blocked' })).toBeVisible();
  await expect(entries.getByText('Trespassed after dark')).toBeVisible();
  await screenshot(admin, 'blocklist-01-admin-list');

  // The guard scans the pass: a red warning with the reason; the check-in is refused.
  const guardContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const guard = await guardContext.newPage();
  await signIn(guard, GUARD);
  await guard.goto('/guard/scan');
  await guard.getByLabel('Pass token or code').fill(token);
  await guard.getByLabel('Pass token or code').press('Enter');
  const warning = guard.getByRole('alert').filter({ hasText: 'On the community blocklist' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Reason: Trespassed after dark');
  await expect(guard.getByRole('heading', { name: 'Pass refused' })).toBeVisible();
  await expect(guard.getByRole('button', { name: 'Override and check in' })).toHaveCount(0);
  await screenshot(guard, 'blocklist-02-guard-warning');
  await guard.getByRole('button', { name: 'Check In Visitor' }).click();
  await expect(guard.getByText('This visitor is on the community blocklist')).toBeVisible();
  await expect(guard).toHaveURL(/\/guard\/scan$/);
  await screenshot(guard, 'blocklist-03-guard-refused');
  await guardContext.close();

  // The admin was notified of the refused attempt.
  await admin.goto('/notifications');
  await expect(admin.getByText('Bella Blocked is on the blocklist: their check-in was refused at the gate')).toBeVisible();

  // The admin at the gate overrides, giving notes first.
  await admin.goto('/guard/scan');
  await admin.getByLabel('Pass token or code').fill(token);
  await admin.getByLabel('Pass token or code').press('Enter');
  await expect(admin.getByRole('alert').filter({ hasText: 'Reason: Trespassed after dark' })).toBeVisible();
  await admin.getByRole('button', { name: 'Override and check in' }).click();
  await admin.getByRole('button', { name: 'Check In Anyway' }).click();
  await expect(admin.getByText('Notes are required to override the blocklist')).toBeVisible();
  await admin.getByLabel('Why are you letting them in?').fill('Escorted by the committee chair');
  await screenshot(admin, 'blocklist-04-admin-override');
  await admin.getByRole('button', { name: 'Check In Anyway' }).click();
  await expect(admin).toHaveURL(/\/guard$/);
  await expect(admin.getByText('Visitor checked in successfully!')).toBeVisible();
  await adminContext.close();
});
