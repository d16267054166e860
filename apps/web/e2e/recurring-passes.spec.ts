/**
 * Frequent visitors (docs/operations.md#frequent-visitors) in a real Chromium against the real
 * built server: a
 * resident creates a recurring pass valid today (every day, all day); a guard, in another
 * browser, types its 7-digit code on the scan screen, sees the recurring pass and checks it
 * in; the resident then sees the day in the pass's attendance, still inside.
 */
import { expect, test } from '@playwright/test';

import { GUARD, RESIDENT, screenshot, signIn, startClearOfMidnight, violations } from './support';

test('a resident creates a recurring pass; a guard checks it in; the resident sees the attendance', async ({ browser }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const residentContext = await browser.newContext();
  const resident = await residentContext.newPage();
  await signIn(resident, RESIDENT);

  await resident.goto('/passes');
  await expect(resident.getByRole('heading', { level: 1, name: 'Frequent visitors' })).toBeVisible();
  await resident.getByRole('link', { name: 'New pass' }).click();
  await expect(resident).toHaveURL(/\/passes\/create$/);
  // Nothing chosen: the documented message for the days.
  await resident.getByLabel('Name').fill('Marta Helper');
  await resident.getByLabel('Phone Number').fill('+1 555-010-4242');
  await resident.getByRole('button', { name: 'Create Pass' }).click();
  await expect(resident.getByText('Choose at least one day')).toBeVisible();

  const days = resident.getByRole('group', { name: 'Days' });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) await days.getByLabel(day).check();
  await resident.getByLabel('Purpose').fill('Cleaning');
  await resident.getByLabel('From').fill('00:00');
  await resident.getByLabel('To', { exact: true }).fill('23:59');
  // Start today (the default); end a month later.
  const start = await resident.getByLabel('Start Date').inputValue();
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year, month, Math.min(day, 28))).toISOString().slice(0, 10);
  await resident.getByLabel('End Date').fill(end);
  await screenshot(resident, 'passes-01-form');
  await resident.getByRole('button', { name: 'Create Pass' }).click();

  await expect(resident).toHaveURL(/\/passes\/[0-9a-f-]{36}$/);
  await expect(resident.getByRole('heading', { level: 1, name: 'Marta Helper' })).toBeVisible();
  await expect(resident.getByRole('img', { name: 'QR pass of Marta Helper' })).toBeVisible();
  const code = (await resident.getByTestId('pass-code').innerText()).replace(/\s/g, '');
  expect(code).toMatch(/^\d{7}$/);
  await expect(resident.getByText('No visits this month')).toBeVisible();
  expect(await violations(resident, 'main')).toEqual([]);
  await screenshot(resident, 'passes-02-detail');
  const passUrl = resident.url();

  // The guard types the code the visitor reads out.
  const guardContext = await browser.newContext();
  const guard = await guardContext.newPage();
  await signIn(guard, GUARD);
  await guard.goto('/guard/scan');
  await guard.getByLabel('Pass token or code').fill(code);
  await guard.getByRole('button', { name: 'Verify' }).click();
  await expect(guard.getByRole('heading', { name: 'Recurring pass verified' })).toBeVisible();
  await expect(guard.getByText('Marta Helper')).toBeVisible();
  await expect(guard.getByText('Every day')).toBeVisible();
  await screenshot(guard, 'passes-03-guard-scan');
  await guard.getByRole('button', { name: 'Check In', exact: true }).click();
  await expect(guard).toHaveURL(/\/guard$/);

  // The resident sees today in the attendance, still inside.
  await resident.goto(passUrl);
  const table = resident.getByRole('table', { name: /Visits in/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Still inside' })).toBeVisible();
  await expect(resident.getByText('Inside now')).toBeVisible();
  await expect(resident.getByText('Days present: 1')).toBeVisible();
  await screenshot(resident, 'passes-04-attendance');

  // Pause, after the confirmation.
  await resident.getByRole('button', { name: 'Pause' }).click();
  await resident.getByRole('dialog').getByRole('button', { name: 'Pause' }).click();
  await expect(resident.getByText('Paused', { exact: true })).toBeVisible();
  await expect(resident.getByRole('button', { name: 'Resume' })).toBeVisible();

  await residentContext.close();
  await guardContext.close();
});
