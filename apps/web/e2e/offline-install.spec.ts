/**
 * The installable app (docs/gate.md#installing-the-app, docs/gate.md#logging-out-of-a-gate-tablet):
 * Chromium reports it installable (the manifest
 * with its icons, a service worker controlling the page), the app shell and the scanner's
 * WASM are precached, the app opens with no network after one online visit, API answers are
 * never cached, and a new version is offered ("A new version is available — Reload"), not
 * forced. The other suites block service workers (playwright.config.ts); this one allows them,
 * so its tests hold SERVICE_WORKER_LOCK.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { GUARD, SERVICE_WORKER_LOCK, signIn } from './support';

test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page (the first one takes it at once: clientsClaim). */
async function waitForController(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

/** Every URL in the page's Cache Storage, by cache name. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

test('Chromium reports the app installable: manifest and icons, a service worker in control', { lock: SERVICE_WORKER_LOCK }, async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Chromium never offers to install from an incognito profile, which every Playwright
  // context is (installability error "in-incognito"): this test runs in a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'gatehouse-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await checkInstallable(page, baseURL ?? '');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function checkInstallable(page: Page, baseURL: string) {
  await signIn(page, GUARD);
  expect(await waitForController(page)).toBe(`${baseURL}/sw.js`);

  // The manifest the page links to, as the browser parsed it.
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // Its content (docs/gate.md#installing-the-app), and every icon served as a PNG of its stated
  // size.
  const json = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const response = await fetch(link?.href ?? '');
    return { type: response.headers.get('content-type'), body: await response.json() };
  });
  expect(json.type).toBe('application/manifest+json');
  expect(json.body).toMatchObject({
    name: 'Gatehouse',
    short_name: 'Gatehouse',
    display: 'standalone',
    start_url: '/dashboard',
    scope: '/',
    theme_color: '#0f3d3e',
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const icons = json.body.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const size = await page.evaluate(async (src) => {
      const response = await fetch(src);
      const bitmap = await createImageBitmap(await response.blob());
      return {
        type: response.headers.get('content-type'),
        size: `${bitmap.width}x${bitmap.height}`,
      };
    }, icon.src);
    expect(size, icon.src).toEqual({ type: 'image/png', size: icon.sizes });
  }

  // The worker and the manifest are asked for again on every check (no stale worker).
  for (const file of ['/sw.js', '/manifest.webmanifest']) {
    const response = await page.request.get(file);
    expect(response.headers()['cache-control'], file).toBe('no-cache');
  }
  expect((await page.request.get('/sw.js')).headers()['content-type']).toMatch(
    /^(application|text)\/javascript/,
  );
}

test('the app opens offline after one online visit; API answers are never cached', { lock: SERVICE_WORKER_LOCK }, async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, GUARD);
  await waitForController(page);

  // Precached: the shell, the scanner's WASM (from our own origin); never an API answer.
  const cached = await cachedUrls(page);
  expect(cached.some((url) => url.startsWith(`${baseURL}/index.html`))).toBe(true);
  const wasm = cached.find((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url));
  expect(wasm, 'the scanner WASM is precached').toBeDefined();
  expect(wasm?.startsWith(`${baseURL}/assets/`)).toBe(true);
  expect(cached.filter((url) => /\/(api|trpc)\//.test(new URL(url).pathname))).toEqual([]);

  // A page load of the API is the server's, not the app shell.
  const health = await page.request.get('/api/health');
  expect(health.headers()['content-type']).toMatch(/application\/json/);
  await page.goto('/api/health');
  expect(await page.evaluate(() => document.body.innerText)).toMatch(/"status"/);
  await page.goto('/dashboard');
  await waitForController(page);

  await context.setOffline(true);
  try {
    await page.reload();
    // The signed-in shell, from the precache, with no network at all (a guard's home: the gate screen).
    await expect(page).toHaveURL(/\/guard$/);
    await expect(page.getByRole('link', { name: 'Gatehouse home' })).toBeVisible();
    await expect(page.getByRole('button', { name: /user menu$/i })).toBeVisible();
    await expect(
      page.getByRole('navigation').first().getByRole('link', { name: 'Scan QR' }),
    ).toBeVisible();

    // Another route's code, loaded for the first time offline.
    await page.goto('/guard/scan');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The scanner's WASM from the precache.
    const offlineWasm = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: (await response.arrayBuffer()).byteLength,
      };
    }, wasm ?? '');
    expect(offlineWasm.status).toBe(200);
    expect(offlineWasm.type).toBe('application/wasm');
    expect(offlineWasm.bytes).toBeGreaterThan(500_000);

    // The API is never answered from a cache: offline, it is not answered at all.
    const api = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/health');
        return `answered ${response.status}`;
      } catch {
        return 'no answer';
      }
    });
    expect(api).toBe('no answer');
    await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await context.setOffline(false);
  }
});

test('a new version is offered, not forced; Reload activates it and reloads', { lock: SERVICE_WORKER_LOCK }, async ({ page }) => {
  // This test rewrites /sw.js: the lock keeps every other page that lets the worker in away meanwhile.
  await signIn(page, GUARD);
  const scriptUrl = await waitForController(page);
  await page.evaluate(() => navigator.serviceWorker.ready);

  // A new release: the server's /sw.js changes while the page is open.
  const swFile = path.join(import.meta.dirname, '..', 'dist', 'sw.js');
  const released = readFileSync(swFile, 'utf8');
  writeFileSync(swFile, `${released}\n// a new release (e2e)\n`);
  try {
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const offer = page.getByRole('status').filter({ hasText: 'A new version is available' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await expect(offer).toContainText('A new version is available — Reload');
    // Never forced: the page stays as it is, under the old worker, while the user works:
    // for 1.5 s the waiting worker stays waiting and no worker takes control of the page.
    expect(
      await page.evaluate(
        () =>
          new Promise<string | null>((resolve) => {
            void navigator.serviceWorker.getRegistration().then((registration) =>
              registration?.waiting?.addEventListener('statechange', (event) =>
                resolve(`the new worker went ${(event.target as ServiceWorker).state}`),
              ),
            );
            navigator.serviceWorker.addEventListener('controllerchange', () =>
              resolve('another worker took control of the page'),
            );
            setTimeout(() => resolve(null), 1_500);
          }),
      ),
    ).toBeNull();
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBe(true);
    expect(
      await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      ),
    ).toBe(true);

    await offer.getByRole('button', { name: 'Reload' }).click();
    // The page reloaded, under the new worker, with nothing waiting and no offer left.
    await page.waitForFunction(
      () => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate,
      undefined,
      { timeout: 30_000 },
    );
    await expect(page.getByRole('link', { name: 'Gatehouse home' })).toBeVisible();
    expect(await waitForController(page)).toBe(scriptUrl);
    expect(
      await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      ),
    ).toBe(false);
    await expect(page.getByText('A new version is available')).toHaveCount(0);
  } finally {
    writeFileSync(swFile, released);
  }
});

test('Web Push still reaches the same worker: a push message shows as a notification', { lock: SERVICE_WORKER_LOCK }, async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signIn(page, GUARD);
  await waitForController(page);

  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
      if (list.some((registration) => !registration.isDeleted))
        resolve(list.filter((registration) => !registration.isDeleted));
    });
  });
  await cdp.send('ServiceWorker.enable');
  const [registration] = await registrations;
  expect(registration?.scopeURL).toBe(`${baseURL}/`);
  // A push that reaches the worker while it is still starting up can be dropped by the
  // browser (seen under load in CI): deliver again until the notification shows; the tag
  // makes a repeat replace the first one rather than add a second.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL ?? '',
      registrationId: registration?.registrationId ?? '',
      data: JSON.stringify({
        title: 'Visitor at the gate',
        body: 'Ravi for A-101',
        url: '/notifications',
        tag: 'e2e-push',
      }),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'e2e-push' })).map(
              (notification) => `${notification.title}: ${notification.body}`,
            ),
          ),
        { timeout: 5_000 },
      )
      .toEqual(['Visitor at the gate: Ravi for A-101']);
  }).toPass({ timeout: 30_000 });
});
