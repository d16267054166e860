/** The authenticated shell: redirects, role guards, menus, sign-up, profile and logout. */
import { expect, test } from '@playwright/test';

import { ADMIN, GUARD, RESIDENT, screenshot, signIn } from './support';

test('unknown paths and / go to the dashboard; a wrong role is sent to the dashboard', async ({ page }) => {
  await page.goto('/guard/scan');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, RESIDENT);
  await page.goto('/guard/scan');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the sign-up form shows the product’s validation messages', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone Number').fill('0123');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByLabel('Confirm Password').fill('1234');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Invalid phone number format')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await screenshot(page, '12-signup-errors');
});

test('a guard sees the gate menu; the profile shows the account and logs out', async ({ page }) => {
  await signIn(page, GUARD);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Scan QR' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vehicles' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await page.getByRole('button', { name: /user menu$/i }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('guard@gatehouse.test')).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await screenshot(page, '13-profile-guard');
  await page.getByRole('button', { name: /Log ?out/i }).last().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('current_user')])).toEqual([null, null]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('the admin dashboard and the phone layout', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page.getByRole('link', { name: /Manage Users/ })).toBeVisible();
  const bottomBar = page.getByRole('navigation', { name: 'Mobile' });
  await expect(bottomBar).toBeVisible();
  expect(await bottomBar.getByRole('link').count()).toBeLessThanOrEqual(5);
  await screenshot(page, '14-dashboard-admin-phone');
  await context.close();
});

test('shows a loading shell before the app’s code arrives (docs/product.md#the-loading-shell)', async ({ page }) => {
  // The app's scripts are held back, as on a very slow network.
  await page.route('**/*.js', () => {});
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toContainText('Loading…');
  await expect(page.getByText('Gatehouse', { exact: true })).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
