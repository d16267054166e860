/**
 * Writes the installable app's icons (docs/gate.md#installing-the-app) into apps/web/public/icons:
 * the
 * favicon's house mark drawn by Chromium at 192 and 512 px, a maskable 512 px one (full-bleed
 * background, the mark inside the central safe circle, 80 % of the size) and a 180 px
 * apple-touch-icon for iPads. The PNGs are committed: run
 * `node tooling/scripts/pwa-icons.mjs` again only after changing the mark or its colours.
 * Uses playwright-core with Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { chromium } from 'playwright-core';

const root = path.join(import.meta.dirname, '..', '..');
const out = path.join(root, 'apps', 'web', 'public', 'icons');

// apps/web/public/favicon.svg's colour and house, on a 32-unit grid.
const BRAND = '#0f766e';
const HOUSE = 'M8 25V13l8-5 8 5v12h-5v-7h-6v7z';

/** The mark on a rounded square with transparent corners, as the favicon. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="${HOUSE}" fill="#fff"/></svg>`;
/** Full bleed (the platform cuts its own shape); the house scaled to 70 % around the centre, well inside the safe circle. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16.5) scale(0.7) translate(-16 -16.5)"><path d="${HOUSE}" fill="#fff"/></g></svg>`;
/** iOS rounds the corners itself and shows transparency as black: full bleed too. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16.5) scale(0.85) translate(-16 -16.5)"><path d="${HOUSE}" fill="#fff"/></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: rounded },
  { file: 'icon-512.png', size: 512, svg: rounded },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180.png', size: 180, svg: apple },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" style="display:block" `)}</body></html>`,
    );
    await page.screenshot({
      path: path.join(out, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    console.log(`wrote apps/web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
