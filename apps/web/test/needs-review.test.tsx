/**
 * Needs review in the reader's language: a refused entry's refusal is worded from the code
 * and details the gate filed with it (a status, a date and times in the language), and a
 * review filed before details existed is read back from its English words; English keeps
 * the server's words. On the admin's dashboard, where the list shows.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { chooseLanguage } from '../src/lib/i18n';
import { admin } from './fixtures';
import { renderApp } from './render-app';
import { mockTrpc } from './trpc-mock';

const base = {
  target: 'visitor',
  action: 'check-in',
  occurredAt: '2026-11-22T09:05:00.000Z',
  status: 'open',
  idempotencyKey: null,
  createdBy: { id: 'g1', name: 'Gus Guard' },
  createdAt: '2026-11-22T09:06:00.000Z',
  closedBy: null,
  closedAt: null,
  note: null,
};

/** A refusal filed with its code and details. */
const withDetails = {
  ...base,
  id: 'eeeeeeee-0000-4000-8000-000000000011',
  visitor: { id: 'dddddddd-0000-4000-8000-000000000011', name: 'Olga Out', house: { id: 'h1', houseNumber: '101', block: 'A' } },
  message: 'Visitor cannot be checked in: status is checked-out',
  code: 'INVALID_TRANSITION',
  details: { reason: 'visitor-status', move: 'check-in', status: 'checked-out' },
};

/** A check-in too early, filed by a tablet that sent the English words only. */
const wordsOnly = {
  ...base,
  id: 'eeeeeeee-0000-4000-8000-000000000012',
  visitor: { id: 'dddddddd-0000-4000-8000-000000000012', name: 'Tess Tomorrow', house: { id: 'h1', houseNumber: '101', block: 'A' } },
  message: 'This invitation is valid on Nov 23, 2026 from 9:00 AM to 5:00 PM',
  code: null,
  details: null,
};

function showReviews() {
  mockTrpc({
    'auth.me': () => ({ user: admin }),
    'gate.listReviews': () => ({ items: [withDetails, wordsOnly], total: 2 }),
    'houses.list': () => ({ items: [], total: 0 }),
    'vehicles.list': () => ({ items: [], total: 0 }),
    'visitors.listSummaries': () => ({ items: [], total: 0 }),
  });
  renderApp('/dashboard', { user: admin });
}

/** The review item of `name` in the list called `listName`. */
async function reviewOf(listName: string, name: string) {
  const list = await screen.findByRole('list', { name: listName });
  return within(list).getByRole('heading', { name }).closest('li')!;
}

describe('Needs review in the reader’s language', () => {
  it('in Spanish: the refusal worded from its details, the status and the date and times in Spanish', { timeout: 15_000 }, async () => {
    await chooseLanguage('es', { remember: false });
    showReviews();

    const out = await reviewOf('Registros por revisar', 'Olga Out');
    expect(out).toHaveTextContent('No se puede registrar la entrada del visitante: su estado es salida registrada');
    expect(out).not.toHaveTextContent(/status is|checked-out/);
    const early = await reviewOf('Registros por revisar', 'Tess Tomorrow');
    expect(early).toHaveTextContent('Esta invitación es válida el 23 nov 2026 de 9:00 a 17:00');
    expect(early).not.toHaveTextContent(/valid on|AM|PM/);
  });

  it('in Hindi: the too-early refusal keeps its date and times', { timeout: 15_000 }, async () => {
    await chooseLanguage('hi', { remember: false });
    showReviews();

    const list = await screen.findByRole('list', { name: 'समीक्षा वाली एंट्री' });
    const early = within(list).getByRole('heading', { name: 'Tess Tomorrow' }).closest('li')!;
    expect(early).toHaveTextContent('यह निमंत्रण 23 नव॰ 2026 को 9:00 am से 5:00 pm तक मान्य है');
    const out = within(list).getByRole('heading', { name: 'Olga Out' }).closest('li')!;
    expect(out).toHaveTextContent('विज़िटर का चेक इन नहीं हो सकता: स्थिति चेक आउट हुआ है');
    expect(list).not.toHaveTextContent(/status is|checked-out|valid on/);
  });

  it('in English: the server’s words', async () => {
    showReviews();

    const out = await reviewOf('Entries needing review', 'Olga Out');
    expect(out).toHaveTextContent(withDetails.message);
    expect(await reviewOf('Entries needing review', 'Tess Tomorrow')).toHaveTextContent(wordsOnly.message);
  });
});
