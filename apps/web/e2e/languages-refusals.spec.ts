/**
 * A refusal in Spanish and in Hindi with its values, on a portrait tablet (768 × 1024): the
 * guard checks in, on Scan QR, an invitation for tomorrow; the server refuses it outside its
 * window and the screen says so in the chosen language, with tomorrow's date and the window's
 * times as that language writes them (never the server's English words nor an ISO date).
 * The same refusal filed on Needs review reads the same on the admin's dashboard. Its own data
 * through the API (an invitation, a review dismissed at the end); screenshots in
 * test-results/screens/refusal-*.png.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import esErrors from '../src/locales/es/errors';
import esGuard from '../src/locales/es/guard';
import esOffline from '../src/locales/es/offline';
import hiErrors from '../src/locales/hi/errors';
import hiGuard from '../src/locales/hi/guard';
import hiOffline from '../src/locales/hi/offline';
import {
  ADMIN,
  apiSession,
  GUARD,
  RESIDENT,
  screenshot,
  signIn,
  startClearOfMidnight,
} from './support';

test.use({ viewport: { width: 768, height: 1024 } });

interface Envelope<T> {
  success: boolean;
  data: T;
  error: string | null;
  code?: string;
  details?: unknown;
}

type Texts = Record<string, Record<string, string>>;

/** The texts the test looks for, from the app's own catalogs (refusals, Scan QR, Needs review). */
const LANGUAGES = {
  es: { ...esErrors, ...esGuard, ...esOffline } as unknown as Texts,
  hi: { ...hiErrors, ...hiGuard, ...hiOffline } as unknown as Texts,
} as const;

async function tokenOf(
  request: APIRequestContext,
  email: string,
): Promise<{ token: string; houseId: string | null }> {
  const { token, user } = await apiSession(request, email);
  return { token, houseId: user.houseId?.id ?? null };
}

/** The community's date `days` from today (YYYY-MM-DD): its zone is the server's, this machine's unless set. */
function communityDate(days: number): string {
  const timeZone =
    process.env.COMMUNITY_TIMEZONE?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The refusal as `language` words it: the catalog's sentence with the date and times through Intl. */
function windowSentence(language: 'es' | 'hi', date: string, from: string, to: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const time = (value: string) => {
    const [hours, minutes] = value.split(':').map(Number) as [number, number];
    return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(
      new Date(2000, 0, 1, hours, minutes),
    );
  };
  return LANGUAGES[language]
    .refusals!['visit-window']!.replace(
      '{date}',
      new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
        new Date(year, month - 1, day),
      ),
    )
    .replace('{from}', time(from))
    .replace('{to}', time(to));
}

/** Cancels the invitation the test made, so that no other spec finds it open at the gate. */
async function cancel(request: APIRequestContext, token: string, id: string): Promise<void> {
  const cancelled = await request.delete(`/api/visitors/${id}/cancel`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
}

/** Shows the app in `language` as the profile's picker keeps it. */
async function showIn(page: Page, language: 'es' | 'hi'): Promise<void> {
  await page.evaluate((code) => localStorage.setItem('language', code), language);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test('a too-early check-in is refused in Spanish and in Hindi, with its date and times', async ({
  page,
  request,
}, testInfo) => {
  await startClearOfMidnight(testInfo);
  const tomorrow = communityDate(1);
  const resident = await tokenOf(request, RESIDENT.email);
  const invited = await request.post('/api/visitors/invite', {
    headers: { Authorization: `Bearer ${resident.token}` },
    data: {
      name: 'Tomás Mañana',
      phone: '+15550107777',
      houseId: resident.houseId,
      visitDate: tomorrow,
      visitTimeFrom: '10:30',
      visitTimeTo: '18:15',
    },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const visitor = (
    (await invited.json()) as Envelope<{ id: string; qrCodeToken: string; passCode: string }>
  ).data;

  // The server's answer carries the values its English words name.
  const guard = await tokenOf(request, GUARD.email);
  const refused = await request.post('/api/visitors/checkin-qr', {
    headers: { Authorization: `Bearer ${guard.token}` },
    data: { visitorId: visitor.id },
  });
  expect(refused.status()).toBe(409);
  const answer = (await refused.json()) as Envelope<null>;
  expect(answer).toMatchObject({
    code: 'INVALID_TRANSITION',
    details: { reason: 'visit-window', date: tomorrow, from: '10:30', to: '18:15' },
  });
  const english = answer.error!;
  expect(english).toMatch(
    /^This invitation is valid on \w{3} \d{1,2}, \d{4} from 10:30 AM to 6:15 PM$/,
  );

  try {
    await signIn(page, GUARD);
    for (const language of ['es', 'hi'] as const) {
      const texts = LANGUAGES[language];
      await showIn(page, language);
      await page.goto('/guard/scan');
      await expect(
        page.getByRole('heading', { level: 1, name: texts.ScanPage!.title }),
      ).toBeVisible();
      await page.getByLabel(texts.ScanPage!.tokenLabel!).fill(visitor.qrCodeToken);
      await page.getByLabel(texts.ScanPage!.tokenLabel!).press('Enter');
      await expect(page.getByText('Tomás Mañana')).toBeVisible();
      await page.getByRole('button', { name: texts.PassResult!.checkIn }).click();

      const expected = windowSentence(language, tomorrow, '10:30', '18:15');
      const shown = page.getByText(expected);
      await expect(shown).toBeVisible();
      // Neither the server's English words nor an ISO date anywhere on the screen.
      await expect(page.locator('body')).not.toContainText(english);
      await expect(page.locator('body')).not.toContainText(tomorrow);
      await expect(page.locator('body')).not.toContainText(/valid on|AM|PM/);
      // The picture from the top, as the tablet shows the screen (the bars stay in place).
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `refusal-${language}-scan`);
    }
    // Nothing was recorded: the visitor waits for tomorrow.
    const after = await request.get(`/api/visitors/${visitor.id}`, {
      headers: { Authorization: `Bearer ${guard.token}` },
    });
    expect(((await after.json()) as Envelope<{ status: string }>).data.status).toBe('approved');
  } finally {
    await cancel(request, resident.token, visitor.id);
  }
});

test('Needs review shows a refused entry in Spanish and in Hindi, with its date and times', async ({
  page,
  request,
}) => {
  const tomorrow = communityDate(1);
  const guard = await tokenOf(request, GUARD.email);
  const admin = await tokenOf(request, ADMIN.email);
  const resident = await tokenOf(request, RESIDENT.email);
  const invited = await request.post('/api/visitors/invite', {
    headers: { Authorization: `Bearer ${resident.token}` },
    data: {
      name: 'Rehana Revisión',
      phone: '+15550108888',
      houseId: resident.houseId,
      visitDate: tomorrow,
      visitTimeFrom: '07:45',
      visitTimeTo: '12:00',
    },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const visitor = ((await invited.json()) as Envelope<{ id: string }>).data;
  // The refusal a replayed entry got, filed as the gate files it: its words, code and details.
  const filed = await request.post('/api/gate/reviews', {
    headers: { Authorization: `Bearer ${guard.token}` },
    data: {
      visitorId: visitor.id,
      action: 'check-in',
      occurredAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      message: `This invitation is valid on ${new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${tomorrow}T12:00:00Z`))} from 7:45 AM to 12:00 PM`,
      code: 'INVALID_TRANSITION',
      details: { reason: 'visit-window', date: tomorrow, from: '07:45', to: '12:00' },
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const review = ((await filed.json()) as Envelope<{ id: string }>).data;
  try {
    await signIn(page, ADMIN);
    for (const language of ['es', 'hi'] as const) {
      await showIn(page, language);
      const list = page.getByRole('list', { name: LANGUAGES[language].NeedsReview!.list });
      // This test's entry (the list may hold other tests' entries too).
      const item = list.getByRole('listitem').filter({ hasText: 'Rehana Revisión' });
      await expect(item).toContainText(windowSentence(language, tomorrow, '07:45', '12:00'));
      await expect(item).not.toContainText(/valid on|AM|PM/);
      await expect(item).not.toContainText(tomorrow);
      await screenshot(page, `refusal-${language}-needs-review`);
    }
  } finally {
    const dismissed = await request.post(`/api/gate/reviews/${review.id}/dismiss`, {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: {},
    });
    expect(dismissed.status()).toBe(200);
    await cancel(request, resident.token, visitor.id);
  }
});
