/**
 * Erasing a visitor's personal data in the web app (docs/privacy.md#retention-and-erasure): admins
 * alone get
 * "Erase personal data" on the visitor's page; it asks first, saying what is removed; the
 * page then shows the erased visitor with "Personal data erased on …", and no phone.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, answerConfirmation, guard, makeVisitor, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

describe('erasing a visitor’s personal data (docs/privacy.md#retention-and-erasure)', () => {
  it('asks first, saying what goes, then shows the erased visitor', async () => {
    const visitor = makeVisitor({ name: 'Priscilla Private', email: 'p@example.com', purpose: 'Tea', vehicleLicensePlate: 'PRV 1' });
    const erased = {
      ...visitor,
      name: 'Visitor',
      phone: null,
      email: null,
      purpose: null,
      vehicleLicensePlate: null,
      anonymisedAt: '2026-11-22T14:00:00.000Z',
    };
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.byId': () => (callsTo(calls, 'visitors.erase').length > 0 ? erased : visitor),
      'visitors.erase': () => erased,
    });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: admin });

    const erase = await screen.findByRole('button', { name: 'Erase personal data' });
    await user.click(erase);
    const question = await answerConfirmation(user, false);
    expect(question).toContain('The name becomes “Visitor”');
    expect(question).toContain('phone, email, vehicle plate, purpose, notes and photo are removed');
    expect(question).toContain('cannot be undone');
    expect(callsTo(calls, 'visitors.erase')).toHaveLength(0);

    await user.click(erase);
    await answerConfirmation(user, true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Visitor' })).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.erase')[0]?.input).toEqual({ id: visitor.id });
    expect(screen.getByRole('note')).toHaveTextContent(/Personal data erased on Nov 22, 2026 at 2:00 PM\./);
    const information = screen.getByRole('heading', { name: 'Visitor Information' }).closest('section') as HTMLElement;
    expect(within(information).queryByText('+15550100200')).not.toBeInTheDocument();
    expect(within(information).queryByText('Priscilla Private')).not.toBeInTheDocument();
    // Nothing left to erase: no button.
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('shows a refused erase', async () => {
    const visitor = makeVisitor();
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.byId': () => visitor,
      'visitors.erase': () => {
        throw trpcError(404, 'Visitor not found');
      },
    });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Erase personal data' }));
    await answerConfirmation(user, true);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Visitor not found'));
  });

  it.each([
    ['a resident', resident],
    ['a guard', guard],
  ])('offers no erase to %s', async (_who, signedIn) => {
    const visitor = makeVisitor();
    mockTrpc({ 'auth.me': () => ({ user: signedIn }), 'visitors.byId': () => visitor });
    renderApp(`/visitors/${visitor.id}`, { user: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase personal data' })).not.toBeInTheDocument();
  });

  it('marks a visitor the retention job anonymised, and still lets an admin erase the purpose', async () => {
    const visitor = makeVisitor({ name: 'Visitor', phone: null, purpose: 'Delivery', anonymisedAt: '2026-06-01T07:15:00.000Z' });
    mockTrpc({ 'auth.me': () => ({ user: admin }), 'visitors.byId': () => visitor });
    renderApp(`/visitors/${visitor.id}`, { user: admin });
    expect(await screen.findByRole('note')).toHaveTextContent(/Personal data erased on Jun 01, 2026 at 7:15 AM\./);
    expect(screen.getByRole('button', { name: 'Erase personal data' })).toBeInTheDocument();
  });
});
