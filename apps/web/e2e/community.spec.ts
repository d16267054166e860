/**
 * Community administration (docs/product.md#admins) in Chromium against the real server: an admin
 * creates a house with an owner and assigns a resident; the resident adds a vehicle and
 * sees it on the house; the admin records a payment for the house and marks it
 * completed; the resident sees it as completed; a guard sees no Vehicles or Payments
 * links and is sent to /dashboard when typing /users.
 */
import { expect, test, type Page } from '@playwright/test';

import { ADMIN, DEMO_PASSWORD, GUARD, screenshot, signIn } from './support';

const acceptDialogs = (page: Page) => page.on('dialog', (dialog) => void dialog.accept());

test('admin, resident and guard run the community', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  acceptDialogs(admin);
  await signIn(admin, ADMIN);

  // A new resident account, made by the admin.
  await admin.goto('/users');
  await expect(admin.getByRole('heading', { level: 1, name: /Users/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Add User' }).click();
  const addUser = admin.getByRole('dialog');
  await addUser.getByLabel('Name').fill('Rosa Newcomer');
  await addUser.getByLabel('Email').fill('rosa@gatehouse.test');
  await addUser.getByLabel('Phone Number').fill('+1 555 010 4242');
  await addUser.getByLabel('Password').fill(DEMO_PASSWORD);
  await addUser.getByLabel('Role').selectOption('resident');
  await addUser.getByRole('button', { name: 'Create User' }).click();
  await expect(admin.getByText('rosa@gatehouse.test')).toBeVisible();
  await screenshot(admin, '20-users');

  // A house with Rosa as owner.
  await admin.goto('/houses');
  await admin.getByRole('link', { name: 'Add House' }).click();
  await expect(admin).toHaveURL(/\/houses\/create$/);
  await admin.getByRole('button', { name: 'Create House' }).click();
  await expect(admin.getByText('House number is required')).toBeVisible();
  await admin.getByLabel('House Number').fill('301');
  await admin.getByLabel('Block').fill('C');
  await admin.getByLabel('Street').fill('Birch Road');
  await admin.getByLabel('Owner').selectOption({ label: 'Rosa Newcomer (rosa@gatehouse.test)' });
  await screenshot(admin, '21-house-create');
  await admin.getByRole('button', { name: 'Create House' }).click();
  await expect(admin).toHaveURL(/\/houses\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'House 301' })).toBeVisible();
  const houseUrl = admin.url();

  // Rosa becomes its resident.
  await admin.getByLabel('New resident').selectOption({ label: 'Rosa Newcomer (rosa@gatehouse.test)' });
  await admin.getByRole('button', { name: 'Add Resident' }).click();
  await expect(admin.getByRole('tabpanel').getByText('rosa@gatehouse.test')).toBeVisible();
  await screenshot(admin, '22-house-residents');

  // Rosa adds a vehicle and sees it on her house.
  const residentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const resident = await residentContext.newPage();
  await signIn(resident, { email: 'rosa@gatehouse.test', firstName: 'Rosa' });
  await resident.goto('/vehicles');
  await resident.getByRole('link', { name: 'Add Vehicle' }).click();
  await expect(resident).toHaveURL(/\/vehicles\/add$/);
  await resident.getByLabel('License Plate').fill('ros 301');
  await expect(resident.getByLabel('License Plate')).toHaveValue('ROS 301');
  await resident.getByLabel('Make').fill('Mazda');
  await resident.getByLabel('Model').fill('CX-5');
  await resident.getByLabel('Color').fill('Green');
  await screenshot(resident, '23-vehicle-add-phone');
  await resident.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(resident).toHaveURL(/\/vehicles$/);
  await expect(resident.getByText('ROS 301')).toBeVisible();
  await screenshot(resident, '24-vehicles-phone');
  await resident.goto(houseUrl);
  await resident.getByRole('tab', { name: 'Vehicles' }).click();
  await expect(resident.getByRole('tabpanel').getByText('ROS 301')).toBeVisible();
  await screenshot(resident, '25-house-vehicles-phone');

  // The admin records dues for house 301 and marks them completed.
  await admin.goto('/payments');
  await admin.getByRole('button', { name: 'Record Payment' }).click();
  const record = admin.getByRole('dialog');
  await record.getByLabel('House').selectOption({ label: '301 · Block C' });
  await record.getByLabel('Amount (USD)').fill('1234.5');
  await record.getByLabel('Type').selectOption('maintenance');
  await record.getByLabel('Description').fill('Birch Road dues, November');
  await record.getByRole('button', { name: 'Save Payment' }).click();
  const row = admin.getByRole('listitem').filter({ hasText: 'Birch Road dues, November' });
  await expect(row.getByText('$1,234.50').first()).toBeVisible();
  await expect(row.getByText('Pending').first()).toBeVisible();
  await row.getByRole('button', { name: 'Complete' }).click();
  // docs/operations.md#dues-ledger: completing asks how it was paid.
  const complete = admin.getByRole('dialog', { name: 'Complete Payment' });
  await complete.getByLabel('Method').selectOption('cheque');
  await complete.getByLabel('Reference').fill('CHQ 000417');
  await complete.getByRole('button', { name: 'Mark Completed' }).click();
  await expect(row.getByText('Completed').first()).toBeVisible();
  await screenshot(admin, '26-payments-admin');

  // Rosa sees it completed.
  await resident.goto('/payments');
  const rosasRow = resident.getByRole('listitem').filter({ hasText: 'Birch Road dues, November' });
  await expect(rosasRow.getByText('Completed').first()).toBeVisible();
  await expect(rosasRow.getByText('$1,234.50').first()).toBeVisible();
  await expect(resident.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
  await screenshot(resident, '27-payments-resident-phone');

  // The guard: no Vehicles or Payments links, and no way into /users.
  const guardContext = await browser.newContext();
  const guard = await guardContext.newPage();
  await signIn(guard, GUARD);
  await expect(guard.getByRole('link', { name: 'Vehicles' })).toHaveCount(0);
  await expect(guard.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await guard.goto('/users');
  // Sent to /dashboard, and on to the gate screen: a guard's home.
  await expect(guard).toHaveURL(/\/guard$/);
  await guard.goto('/houses');
  await expect(guard.getByRole('link', { name: 'Add House' })).toHaveCount(0);
  await screenshot(guard, '28-houses-guard');

  await Promise.all([adminContext.close(), residentContext.close(), guardContext.close()]);
});
