/**
 * Every screen of every role at a phone, a tablet in both orientations and a desktop
 * (docs/product.md#layout-and-menus): no screen scrolls sideways, and every screen
 * a role may open is reachable from that size's menus (the bars and the user menu). At
 * the phone and the portrait tablet each screen, and the opened user menu, passes axe-core
 * (no serious or critical WCAG 2.2 AA violation; the main guard and resident screens at the
 * landscape tablet: accessibility.spec.ts, languages.spec.ts). One test per role, signed in
 * without the form (signedInContext): its first screen is loaded, every next one opened as
 * the app moves between screens, and each is checked at the four sizes in turn on the same
 * page (setSize; the layout follows the size in CSS alone, so a screen resized is the screen
 * opened at that size). A screen that fails leaves its screenshot in
 * test-results/screens/layout-*, and with E2E_SCREENSHOTS=all every screen at every size does
 * (the pictures people look at).
 */
import { expect, test, type Page } from '@playwright/test';

import { ADMIN, checkScreen, GUARD, openScreen, RESIDENT, screenReady, setSize, signedInContext, violations } from './support';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet-portrait', width: 768, height: 1024 },
  { name: 'tablet-landscape', width: 1024, height: 768 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** The sizes at which axe checks every screen: a phone and a tablet. */
const AXE_SIZES: readonly string[] = ['phone', 'tablet-portrait'];

const ROLES = [
  {
    name: 'resident',
    account: RESIDENT,
    screens: ['/dashboard', '/visitors', '/visitors/create', '/houses', '/vehicles', '/vehicles/add', '/payments', '/passes', '/passes/create', '/notifications', '/profile'],
    reachable: ['/dashboard', '/visitors', '/houses', '/vehicles', '/payments', '/passes', '/notifications', '/profile'],
  },
  {
    name: 'guard',
    account: GUARD,
    screens: ['/guard', '/guard/scan', '/guard/walk-in', '/guard/inside', '/visitors', '/houses', '/notifications', '/profile'],
    reachable: ['/guard', '/guard/scan', '/guard/inside', '/visitors', '/houses', '/notifications', '/profile'],
  },
  {
    name: 'admin',
    account: ADMIN,
    screens: ['/dashboard', '/visitors', '/houses', '/houses/create', '/users', '/vehicles', '/payments', '/guard/scan', '/notifications', '/profile', '/api-tokens', '/webhooks', '/reports', '/blocklist', '/gates', '/passes', '/audit'],
    reachable: ['/dashboard', '/visitors', '/houses', '/users', '/vehicles', '/payments', '/guard/scan', '/guard', '/notifications', '/profile', '/api-tokens', '/webhooks', '/reports', '/blocklist', '/gates', '/passes', '/audit'],
  },
] as const;

/** The hrefs of the links a user can see in the bars and in the opened user menu (checked by axe at `axeAs`). */
async function reachableHrefs(page: Page, axeAs?: string): Promise<string[]> {
  await page.getByRole('button', { name: /user menu$/i }).click();
  // The open menu covers the page under it: axe looks at the bar and the menu.
  if (axeAs) expect(await violations(page, 'header'), `${axeAs}: the user menu`).toEqual([]);
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('header a[href], nav a[href]')]
      .filter((link) => link.getClientRects().length > 0 && getComputedStyle(link).visibility !== 'hidden')
      .map((link) => new URL(link.href).pathname),
  );
  await page.keyboard.press('Escape');
  return [...new Set(hrefs)];
}

for (const role of ROLES) {
  test(`every ${role.name} screen fits a phone, a tablet both ways and a desktop, and every one is reachable at each`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const context = await signedInContext(browser, request, role.account, { viewport: { width: SIZES[0].width, height: SIZES[0].height } });
    const page = await context.newPage();
    for (const [index, screen] of role.screens.entries()) {
      // The first screen (the role's home) loaded, every next one opened as the app moves
      // between screens.
      if (index > 0) await openScreen(page, screen);
      else {
        await page.goto(screen);
        await screenReady(page);
      }
      for (const size of SIZES) {
        await setSize(page, size);
        const axe = AXE_SIZES.includes(size.name);
        await checkScreen(page, `layout-${role.name}-${size.name}${screen.replaceAll('/', '-')}`, async () => {
          // The screen drawn (its heading, no busy button), then measured.
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${role.name} ${screen} at ${size.name} (${size.width} px) is ${width} px wide`).toBeLessThanOrEqual(size.width);
          if (axe) expect(await violations(page), `${role.name} ${screen} at ${size.name}`).toEqual([]);
        });
        // From the home screen, every screen of the role is reachable at this size.
        if (index === 0) expect(await reachableHrefs(page, axe ? `${role.name} at ${size.name}` : undefined), `${role.name} at ${size.name}`).toEqual(expect.arrayContaining([...role.reachable]));
      }
    }
    await context.close();
  });
}
