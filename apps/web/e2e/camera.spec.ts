/**
 * Camera scanning (docs/gate.md#verifying-a-pass) in Chromium with a fake camera: the test makes a
 * real
 * pass, draws its QR code into a video file (.y4m) and starts Chromium with that file as
 * its camera. The guard opens /guard/scan and the pass verifies with no typing; the
 * decoder is the WebAssembly one our own server serves (Chromium on Linux has no native
 * BarcodeDetector).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';

import { ADMIN, DEMO_PASSWORD, GUARD, screenshot, SERVICE_WORKER_LOCK, signIn, startClearOfMidnight } from './support';

/** A 640×480 YUV 4:2:0 video of `frames` identical frames showing `text` as a QR code. */
function qrVideo(text: string, frames = 20): Buffer {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor((height * 0.8) / (size + 8));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size * scale; y += 1) {
    for (let x = 0; x < size * scale; x += 1) {
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), ...Array.from({ length: frames }, () => frame)]);
}

// Its own browser lets the service worker in (a test of offline-install.spec.ts rewrites /sw.js).
test('the camera reads a pass and verifies it with no typing', { lock: SERVICE_WORKER_LOCK }, async ({ playwright, baseURL }, testInfo) => {
  // A walk-in's pass lasts until 23:59 of the day it is registered.
  await startClearOfMidnight(testInfo);
  // A real pass: a walk-in the admin approves, through the REST API.
  const call = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${baseURL}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return ((await response.json()) as { data: any }).data;
  };
  const admin = await call('POST', '/api/auth/login', undefined, { email: ADMIN.email, password: DEMO_PASSWORD });
  const houses = await call('GET', '/api/houses?limit=100', admin.token);
  const house = houses.find((candidate: { houseNumber: string; block: string }) => candidate.houseNumber === '102' && candidate.block === 'A');
  const walkIn = await call('POST', '/api/visitors/walk-in', admin.token, { name: 'Camilla Camera', phone: '+15550104343', houseId: house.id, purpose: 'Guest' });
  await call('POST', `/api/visitors/${walkIn.id}/approve`, admin.token, {});

  mkdirSync(testInfo.outputDir, { recursive: true });
  const video = path.join(testInfo.outputDir, 'pass.y4m');
  writeFileSync(video, qrVideo(walkIn.qrCodeToken));
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, permissions: ['camera'] });
    const page = await context.newPage();
    const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'));
    await signIn(page, GUARD);
    await page.goto('/guard/scan');
    // Served by our server, not a CDN.
    expect(new URL((await wasm).url()).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('heading', { name: 'Visitor Verified' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Camilla Camera')).toBeVisible();
    // The field is empty again, ready for the next pass.
    await expect(page.getByLabel('Pass token or code')).toHaveValue('');
    await expect(page.getByLabel('Pass token or code')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Check In Visitor' })).toBeVisible();
    await screenshot(page, '46-camera-scan-tablet');
    // Leaving the screen stops the camera.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  } finally {
    await browser.close();
  }
});
