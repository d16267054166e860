/**
 * WCAG 2.2 AA, enforced (docs/product.md#for-everyone-at-every-screen): axe-core on the sign-in
 * screens, on
 * dialogs and form errors, and on the main guard and resident screens in the dark theme
 * (every screen of every role at a phone and a tablet is checked by layout.spec.ts as it
 * walks them), failing on any serious or critical violation; the keyboard alone through
 * the guard's verify and check-in and the resident's new invitation; touch targets on the
 * guard screens.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

import { ADMIN, checkScreen, GUARD, openScreen, RESIDENT, screenReady, screenshot, setSize, signedInContext, signIn, startClearOfMidnight, violations } from './support';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
] as const;

const ACCOUNTS = { resident: RESIDENT, guard: GUARD, admin: ADMIN } as const;

/** Waits until the screen has settled (its heading shown, no spinner left). */
async function settled(page: Page): Promise<void> {
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('the sign-in and sign-up screens pass axe, also with their errors shown', async ({ page }) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await settled(page);
    expect(await violations(page), `/login at ${size.name}`).toEqual([]);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required').first()).toBeVisible();
    expect(await violations(page), `/login errors at ${size.name}`).toEqual([]);
    await page.goto('/signup');
    await settled(page);
    expect(await violations(page), `/signup at ${size.name}`).toEqual([]);
  }
});

test('forms with their errors and the confirmation dialog pass axe', async ({ browser, request }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const context = await signedInContext(browser, request, RESIDENT, { viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/visitors/create');
  await settled(page);
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(page.getByText('Visitor name is required')).toBeVisible();
  expect(await violations(page), 'invitation form errors').toEqual([]);

  // The next forms opened as the app moves between screens (openScreen).
  await openScreen(page, '/vehicles/add');
  await settled(page);
  await page.getByRole('button', { name: /add vehicle/i }).click();
  await expect(page.getByText('License plate is required')).toBeVisible();
  expect(await violations(page), 'vehicle form errors').toEqual([]);

  // A new invitation, then the cancel confirmation.
  await openScreen(page, '/visitors/create');
  await page.getByLabel('Visitor Name').fill('Axe Visitor');
  await page.getByLabel('Phone Number').fill('+15550100999');
  // A window of the whole day: the default one (09:00-17:00) cannot be made after 17:00.
  await page.getByLabel('Start Time').fill('00:00');
  await page.getByLabel('End Time').fill('23:59');
  await page.getByRole('button', { name: 'Create Invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Axe Visitor' })).toBeVisible();
  expect(await violations(page), 'visitor detail with the pass').toEqual([]);
  await page.getByRole('button', { name: 'Cancel Invitation' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page), 'cancel confirmation dialog').toEqual([]);
  await screenshot(page, 'a11y-confirm-dialog-phone');
  await page.getByRole('dialog').getByRole('button', { name: /keep/i }).click();
  await context.close();
});

for (const [role, screens] of [
  ['guard', ['/guard/dashboard', '/guard/scan', '/guard/walk-in', '/profile']],
  ['resident', ['/dashboard', '/visitors', '/visitors/create', '/profile']],
] as const) {
  test(`the main ${role} screens pass axe in the dark theme`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    // Signed in without the form (signedInContext); each screen opened once and checked at the
    // phone, then the landscape tablet, on the same page (setSize).
    const context = await signedInContext(browser, request, ACCOUNTS[role], { viewport: { width: SIZES[0].width, height: SIZES[0].height }, colorScheme: 'dark' });
    const page = await context.newPage();
    for (const [index, screen] of screens.entries()) {
      if (index === 0) await page.goto(screen);
      else await openScreen(page, screen);
      for (const size of [SIZES[0], SIZES[2]]) {
        await setSize(page, size);
        await checkScreen(page, `a11y-dark-${role}-${size.name}${screen.replaceAll('/', '-')}`, async () => {
          await settled(page);
          expect(await violations(page), `${role} ${screen} at ${size.name}, dark`).toEqual([]);
        });
      }
    }
    await context.close();
  });
}

test('the profile switches the theme, and the choice outlasts a reload', async ({ page }) => {
  await signIn(page, RESIDENT);
  await page.goto('/profile');
  // The cards above the theme load their settings and grow: a click during that shift can
  // land beside the radio. Wait for the page to be whole first.
  const profileReady = async () => {
    await settled(page);
    await expect(page.getByRole('button', { name: 'Save Notification Settings' })).toBeVisible();
  };
  await profileReady();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/dark/);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await background();
  await page.reload();
  await profileReady();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  expect(await background()).toBe(dark);
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect(page.locator('html')).toHaveClass(/light/);
  expect(await background()).not.toBe(dark);
  await page.getByRole('radio', { name: 'As the device is set' }).check();
});

test('the guard screens have touch targets of at least 44 × 44 px', async ({ browser, request }) => {
  const context = await signedInContext(browser, request, GUARD, { viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  for (const [index, screen] of ['/guard/dashboard', '/guard/scan', '/guard/walk-in'].entries()) {
    if (index === 0) await page.goto(screen);
    else await openScreen(page, screen);
    await settled(page);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main button, main a[href], main input:not([type=hidden]), main select')]
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        // A radio, a checkbox or a visually hidden input (a styled file picker) counts by its
        // label, which is what a finger presses.
        .map(({ element, box }) => {
          const input = element as HTMLInputElement;
          const byLabel = input.type === 'radio' || input.type === 'checkbox' || (box.width <= 1 && box.height <= 1);
          const label = input.labels?.[0] ?? element.closest('label');
          const target = byLabel && label ? label.getBoundingClientRect() : box;
          return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName, width: target.width, height: target.height };
        })
        .filter(({ width, height }) => width < 44 || height < 44)
        .map(({ name, width, height }) => `${name}: ${Math.round(width)}×${Math.round(height)}`),
    );
    expect(small, screen).toEqual([]);
  }
  await context.close();
});

/** Presses Tab (at most 40 times) until `target` has focus. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let step = 0; step < 40; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a guard verifies and checks a visitor in with the keyboard alone', async ({ browser }, testInfo) => {
  await startClearOfMidnight(testInfo);
  const resident = await browser.newPage();
  await signIn(resident, RESIDENT);
  // The resident makes the invitation with the keyboard alone too.
  await resident.goto('/visitors/create');
  await settled(resident);
  await tabTo(resident, resident.getByLabel('Visitor Name'));
  await resident.keyboard.type('Keyboard Visitor');
  await resident.keyboard.press('Tab');
  await expect(resident.getByLabel('Phone Number')).toBeFocused();
  await resident.keyboard.type('+15550100777');
  // A window of the whole day, typed into the time fields' segments (hour, minute, AM/PM):
  // the default one (09:00-17:00) can be neither made nor checked into after 17:00.
  await tabTo(resident, resident.getByLabel('Start Time'));
  await resident.keyboard.type('1200AM');
  await tabTo(resident, resident.getByLabel('End Time'));
  await resident.keyboard.type('1159PM');
  await expect(resident.getByLabel('Start Time')).toHaveValue('00:00');
  await expect(resident.getByLabel('End Time')).toHaveValue('23:59');
  await resident.keyboard.press('Enter');
  await expect(resident.getByRole('heading', { level: 1, name: 'Keyboard Visitor' })).toBeVisible();
  const code = (await resident.getByText(/^(\d{3} \d{3}|\d{4} \d{4})$/).first().textContent())!.replace(' ', '');

  const guard = await browser.newPage();
  await signIn(guard, GUARD);
  await guard.goto('/guard/scan');
  await settled(guard);
  // The token field has focus on arrival.
  await expect(guard.getByLabel('Pass token or code')).toBeFocused();
  await guard.keyboard.type(code);
  await guard.keyboard.press('Enter');
  await expect(guard.getByRole('heading', { name: 'Visitor Verified' })).toBeVisible();
  await tabTo(guard, guard.getByRole('button', { name: 'Check In Visitor' }));
  await guard.keyboard.press('Enter');
  await expect(guard.getByRole('status').filter({ hasText: 'Visitor checked in successfully!' })).toBeVisible();
  await expect(guard).toHaveURL(/\/guard$/);
});
