/**
 * Languages (docs/product.md#for-everyone-at-every-screen): the browser's language by default, a
 * picker in the
 * profile that outlasts a reload, dates and money through Intl in the chosen language,
 * server errors in it by their code, and axe with no serious or critical violation on the
 * main guard and resident screens in Spanish and Hindi (a screen that fails leaves its
 * screenshot in test-results/screens/language-*; with E2E_SCREENSHOTS=all every one does).
 */
import { expect, test, type Page } from '@playwright/test';

import { checkScreen, GUARD, openScreen, RESIDENT, screenReady, screenshot, setSize, signedInContext, signIn, violations } from './support';

/** Spanish texts the tests look for (apps/web/src/locales/es). */
const SPANISH = {
  signInHeading: 'Iniciar sesión',
  emailLabel: 'Correo electrónico',
  passwordLabel: 'Contraseña',
  signInButton: 'Iniciar sesión',
  invalidCredentials: 'Correo electrónico o contraseña no válidos',
};

/** Each screen's English heading, which must not be left on the translated screen. */
const ENGLISH_HEADINGS: Record<string, RegExp> = {
  '/guard/dashboard': /^Active Visitors$/,
  '/guard/scan': /^Scan QR$/,
  '/guard/walk-in': /^New Walk-in$/,
  '/visitors': /^(All Visitors|My Invitations)$/,
  '/dashboard': /^Welcome back/,
  '/visitors/create': /^New Invitation$/,
  '/payments': /^Payments$/,
  '/profile': /^My Profile$/,
};

/** Waits until the screen has settled (its heading shown, no spinner left). */
async function settled(page: Page): Promise<void> {
  await screenReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a browser set to Spanish gets the sign-in screen in Spanish, and a refused sign-in says why in Spanish', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: SPANISH.signInHeading })).toBeVisible();
  await page.getByLabel(SPANISH.emailLabel).fill(RESIDENT.email);
  await page.getByLabel(SPANISH.passwordLabel).fill('not-the-password');
  await page.getByRole('button', { name: SPANISH.signInButton }).click();
  await expect(page.getByRole('alert')).toContainText(SPANISH.invalidCredentials);
  await screenshot(page, 'language-es-login-error');
  await context.close();
});

test('the profile picker switches to Hindi and back, and the choice outlasts a reload', async ({ page }) => {
  await signIn(page, RESIDENT);
  await page.goto('/profile');
  await page.getByRole('radio', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.reload();
  await expect(page.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
  await expect(page.getByRole('button', { name: /निवासी/ })).toBeVisible();
  await page.getByRole('radio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
});

for (const language of ['es', 'hi'] as const) {
  for (const [account, screens] of [
    [GUARD, ['/guard/dashboard', '/guard/scan', '/guard/walk-in', '/visitors']],
    [RESIDENT, ['/dashboard', '/visitors', '/visitors/create', '/payments', '/profile']],
  ] as const) {
    const role = account === GUARD ? 'guard' : 'resident';
    test(`the main ${role} screens pass axe in ${language === 'es' ? 'Spanish' : 'Hindi'}`, async ({ browser, request }) => {
      test.setTimeout(120_000);
      const sizes = [
        { name: 'phone', width: 390, height: 844 },
        { name: 'tablet-landscape', width: 1024, height: 768 },
      ] as const;
      // Signed in without the form (signedInContext), with the language as the profile's
      // picker keeps it; each screen opened once and checked at both sizes on the same page
      // (setSize).
      const context = await signedInContext(browser, request, account, { viewport: { width: sizes[0].width, height: sizes[0].height } }, { language });
      const page = await context.newPage();
      for (const [index, screen] of screens.entries()) {
        if (index === 0) {
          await page.goto(screen);
          await expect(page.locator('html')).toHaveAttribute('lang', language);
        } else await openScreen(page, screen);
        for (const size of sizes) {
          await setSize(page, size);
          await checkScreen(page, `language-${language}-${account.firstName.toLowerCase()}-${size.name}${screen.replaceAll('/', '-')}`, async () => {
            await settled(page);
            // Nothing of the screen is left in English: its main heading is translated.
            await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(ENGLISH_HEADINGS[screen] ?? /^\s*$/);
            expect(await violations(page), `${screen} at ${size.name} in ${language}`).toEqual([]);
          });
        }
      }
      await context.close();
    });
  }
}
