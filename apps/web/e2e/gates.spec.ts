/**
 * Gates (docs/operations.md#gates) in a real Chromium against the real built server: an admin adds
 * two
 * gates on /gates; a guard's tablet is asked which gate it is at, picks one (remembered after
 * a reload), checks a visitor in with the quick scan; the visitor's page shows the gate of
 * the check-in, and its Activity Log the gate of the move. The question fits layout.spec's
 * four sizes without sideways scroll and passes axe at a phone and a tablet. The gates are
 * switched off at the end: every guard tablet of the tests running beside this one would be
 * asked the question while they are on.
 */
import { expect, test } from '@playwright/test';

import { ADMIN, apiSession, communityToday, GUARD, RESIDENT, screenshot, signIn, startClearOfMidnight, violations, type Envelope } from './support';

/** Today in the community's zone (the server's: COMMUNITY_TIMEZONE, else this machine's), YYYY-MM-DD. */
const GATES = ['North Gate', 'Service Gate'];

// Switched off after the test, passed or not: no other test's tablet is asked which gate it is at.
test.afterEach(async ({ request }) => {
  const admin = await apiSession(request, ADMIN.email);
  const gates = (await (await request.get('/api/gates', { headers: admin.headers })).json()) as Envelope<Array<{ id: string; name: string }>>;
  for (const gate of gates.data.filter((candidate) => GATES.includes(candidate.name))) {
    const off = await request.put(`/api/gates/${gate.id}`, { headers: admin.headers, data: { isActive: false } });
    expect(off.status(), await off.text()).toBe(200);
  }
});

test('an admin adds gates; a guard picks one and the check-in records it', async ({ browser, request }, testInfo) => {
  await startClearOfMidnight(testInfo);

  // The admin adds two gates.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.getByRole('button', { name: /user menu$/i }).click();
  await admin.getByRole('link', { name: 'Gates' }).first().click();
  await expect(admin).toHaveURL(/\/gates$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Gates' })).toBeVisible();
  for (const name of GATES) {
    await admin.getByLabel('Gate name').fill(name);
    await admin.getByRole('button', { name: 'Add Gate' }).click();
    await expect(admin.getByRole('list', { name: 'Gates' }).getByRole('heading', { name })).toBeVisible();
  }
  // The same name again, in another case: the server's refusal.
  await admin.getByLabel('Gate name').fill('service gate');
  await admin.getByRole('button', { name: 'Add Gate' }).click();
  await expect(admin.getByText('A gate with this name already exists')).toBeVisible();
  await screenshot(admin, 'gates-01-admin');

  // A resident's invitation for today (through the API, as the gate loop covers the form).
  const { token, user } = await apiSession(request, RESIDENT.email);
  const invited = await request.post('/api/visitors/invite', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Gita Gatewalker', phone: '+15550104242', houseId: user.houseId!.id, visitDate: communityToday(), visitTimeFrom: '00:00', visitTimeTo: '23:59' },
  });
  expect(invited.status()).toBe(201);
  const visitor = (await invited.json()).data as { id: string; qrCodeToken: string };

  // The guard's tablet is asked which gate it stands at, and remembers the answer.
  const guardContext = await browser.newContext();
  const guard = await guardContext.newPage();
  await signIn(guard, GUARD);
  await guard.goto('/guard/dashboard');
  const prompt = guard.getByRole('region', { name: 'Which gate is this tablet at?' });
  await expect(prompt).toBeVisible();
  await screenshot(guard, 'gates-02-guard-prompt');
  // The question at layout.spec's four sizes: no sideways scroll; axe at the phone and the tablet.
  for (const size of [
    { width: 390, height: 844, axe: true },
    { width: 768, height: 1024, axe: true },
    { width: 1024, height: 768, axe: false },
    { width: 1440, height: 900, axe: false },
  ]) {
    await guard.setViewportSize({ width: size.width, height: size.height });
    await expect(prompt).toBeVisible();
    const width = await guard.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `the gate question at ${size.width} × ${size.height} is ${width} px wide`).toBeLessThanOrEqual(size.width);
    if (size.axe) expect(await violations(guard), `the gate question at ${size.width} × ${size.height}`).toEqual([]);
  }
  await guard.setViewportSize({ width: 1280, height: 720 });
  await prompt.getByRole('button', { name: 'This tablet is at Service Gate' }).click();
  await expect(guard.getByText('Gate: Service Gate')).toBeVisible();
  await guard.reload();
  await expect(guard.getByText('Gate: Service Gate')).toBeVisible();
  await expect(guard.getByRole('region', { name: 'Which gate is this tablet at?' })).toHaveCount(0);

  // The quick scan checks the visitor in at that gate.
  await guard.getByLabel('Pass token or code').fill(visitor.qrCodeToken);
  await guard.getByLabel('Pass token or code').press('Enter');
  await expect(guard.getByText('Visitor checked in successfully!')).toBeVisible();
  await screenshot(guard, 'gates-03-guard-checked-in');

  // The visitor's page shows the gate, and the Activity Log the gate of the move.
  await guard.goto(`/visitors/${visitor.id}`);
  await expect(guard.getByRole('heading', { level: 1, name: 'Gita Gatewalker' })).toBeVisible();
  const log = guard.locator('section', { has: guard.getByRole('heading', { name: 'Activity Log' }) });
  await expect(log.getByText('Check-in gate')).toBeVisible();
  await expect(log.getByRole('definition').filter({ hasText: 'Service Gate' })).toBeVisible();
  await expect(log.getByRole('list', { name: 'Visitor history' })).toContainText('Checked in by Sam');
  await expect(log.getByRole('list', { name: 'Visitor history' })).toContainText('at Service Gate');
  await screenshot(guard, 'gates-04-visitor');

  await adminContext.close();
  await guardContext.close();
});
