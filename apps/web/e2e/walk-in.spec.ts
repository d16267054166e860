/**
 * Walk-ins with live updates (docs/gate.md#walk-ins, docs/gate.md#live-updates), in two browsers at
 * once against the real
 * server, for a resident the test makes in a house of their own: the guard registers a
 * walk-in with a photo; the resident's page shows the request without a reload and
 * approves it; the guard's waiting card turns to Check In without a reload, and the guard
 * checks the visitor in. Then a walk-in nobody answers: after WALKIN_ESCALATE_SECONDS the
 * card offers the resident's phone and the gate's own approval with a reason.
 */
import { expect, test, type Page } from '@playwright/test';

import { GUARD, newResident, screenshot, signIn, startClearOfMidnight, type OwnResident } from './support';

/** A real JPEG of a face-sized picture, drawn by the browser (the camera's stand-in). */
async function cameraPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 960;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0f766e';
    context.fillRect(0, 0, 1280, 960);
    context.fillStyle = '#fde68a';
    context.beginPath();
    context.arc(640, 420, 260, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/jpeg', 0.95);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function registerWalkIn(guard: Page, host: OwnResident, name: string, purpose: string) {
  await guard.goto('/guard/scan');
  await guard.getByRole('link', { name: 'New Walk-in' }).click();
  await expect(guard.getByRole('heading', { level: 1, name: 'New Walk-in' })).toBeVisible();
  await guard.getByRole('searchbox', { name: 'Find the house' }).fill(host.house.houseNumber);
  await guard.getByRole('radio', { name: `${host.house.houseNumber} · Block ${host.house.block}` }).check();
  await guard.getByLabel('Visitor Name').fill(name);
  await guard.getByLabel('Phone Number').fill('+1 555-010-4242');
  await guard.getByRole('button', { name: purpose }).click();
  await expect(guard.getByRole('textbox', { name: 'Purpose' })).toHaveValue(purpose);
}

test('a walk-in is approved live by the resident and checked in by the guard', async ({ browser, request: api }, testInfo) => {
  // A walk-in's pass lasts until 23:59 of the day it is registered.
  await startClearOfMidnight(testInfo);
  // A resident of this test's own, in a house of their own: the bell's count and the
  // requests are this test's alone.
  const host = await newResident(api, 'Wren Walker', 'W');
  const residentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const resident = await residentContext.newPage();
  await signIn(resident, host);

  // The bell's count before (docs/gate.md#notifications): it grows with the request and with the
  // arrival.
  const bell = resident.getByRole('link', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

  const guardContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const guard = await guardContext.newPage();
  await signIn(guard, GUARD);

  await registerWalkIn(guard, host, 'Walter Walkin', 'Delivery');
  await guard.getByLabel('Take Photo').setInputFiles({ name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await cameraPicture(guard) });
  await expect(guard.getByRole('img', { name: 'The visitor at the gate, as just taken' })).toBeVisible();
  await screenshot(guard, '40-walk-in-form-tablet');
  const noSidewaysScroll = async (page: Page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await noSidewaysScroll(guard, 1024);
  await guard.getByRole('button', { name: 'Ask the Residents' }).click();

  await expect(guard).toHaveURL(/\/guard\/walk-in\/[0-9a-f-]{36}$/);
  await expect(guard.getByRole('heading', { name: 'Waiting for a resident' })).toBeVisible();
  await expect(guard.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
  await expect(guard.getByRole('img', { name: 'Walter Walkin at the gate' })).toBeVisible();
  await screenshot(guard, '41-walk-in-waiting-tablet');
  await noSidewaysScroll(guard, 1024);

  // The resident did not reload: the request arrives by the live update.
  // It opens as a dialog over whatever screen the resident has open.
  const request = resident.getByRole('dialog', { name: 'A visitor is waiting at the gate' });
  await expect(request.getByText('Walter Walkin', { exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(request.getByRole('img', { name: 'Walter Walkin at the gate' })).toBeVisible();
  await expect(request.getByText(/Delivery/)).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${unreadBefore + 1} unread`);
  await screenshot(resident, '42-walk-in-request-phone');
  await noSidewaysScroll(resident, 390);
  await request.getByRole('button', { name: 'Approve Walter Walkin' }).click();
  await expect(resident.getByRole('status').filter({ hasText: 'Walter Walkin may come in' })).toBeVisible();
  await expect(request.getByText('Walter Walkin', { exact: true })).toBeHidden();

  // The guard's card turns without a reload.
  await expect(guard.getByRole('heading', { name: 'Approved: let the visitor in' })).toBeVisible({ timeout: 5_000 });
  await expect(guard.getByText(`By ${host.name}`)).toBeVisible();
  await screenshot(guard, '43-walk-in-approved-tablet');
  await guard.getByRole('button', { name: 'Check In Visitor' }).click();
  await expect(guard).toHaveURL(/\/guard$/);
  await expect(guard.getByRole('status').filter({ hasText: 'Visitor checked in successfully!' })).toBeVisible();
  await expect(guard.getByRole('list', { name: 'Checked-in visitors' }).getByText('Walter Walkin')).toBeVisible();
  // The resident, who approved and so hosts the visit, is told of the arrival without a reload.
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${unreadBefore + 2} unread`, { timeout: 5_000 });
  await bell.click();
  await expect(resident.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(resident.getByRole('link', { name: 'Walter Walkin checked in' })).toBeVisible();
  await expect(resident.getByRole('link', { name: /Walter Walkin is waiting at the gate/ })).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', 'Notifications');
  await screenshot(resident, '47-notifications-phone');

  // Nobody answers the next one: after the escalation the gate may call, or approve with a reason.
  await registerWalkIn(guard, host, 'Una Answered', 'Cab');
  await guard.getByRole('button', { name: 'Ask the Residents' }).click();
  await expect(guard.getByRole('heading', { name: 'Waiting for a resident' })).toBeVisible();
  await expect(guard.getByRole('heading', { name: 'No answer yet' })).toBeVisible({ timeout: 15_000 });
  await expect(guard.getByRole('link', { name: `Call ${host.name}` })).toHaveAttribute('href', /^tel:\+?\d+$/);
  await screenshot(guard, '44-walk-in-escalated-tablet');
  await guard.getByRole('button', { name: 'Approve at the Gate' }).click();
  await expect(guard.getByText('A reason is required when the gate approves a walk-in')).toBeVisible();
  await guard.getByLabel('Reason for approving at the gate').fill('Resident confirmed on the intercom');
  await guard.getByRole('button', { name: 'Approve at the Gate' }).click();
  await expect(guard.getByRole('heading', { name: 'Approved: let the visitor in' })).toBeVisible();
  await expect(guard.getByText('Resident confirmed on the intercom')).toBeVisible();

  // The guard dashboard lists what waits and who is inside; the resident's list filters the waiting.
  await resident.goto('/visitors');
  await resident.getByRole('button', { name: 'Waiting for you' }).click();
  await expect(resident.getByText('Nobody is waiting for you')).toBeVisible();
  await screenshot(resident, '45-visitors-waiting-phone');

  await residentContext.close();
  await guardContext.close();
});
