import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, guard, makeVisitor, page, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

const jane = makeVisitor({ name: 'Jane Doe', phone: '+1 555-010-0200', status: 'approved' });
const omar = makeVisitor({
  name: 'Omar Khan',
  phone: '+44 20 7946 0958',
  status: 'checked-out',
  visitTimeFrom: '13:30',
  visitTimeTo: '15:00',
});

/** The admin's house and gate filters read these. */
const ADMIN_PICKERS = {
  'houses.list': () => ({ items: [], total: 0 }),
  'gates.list': () => ({ items: [], total: 0 }),
};

describe('/visitors (docs/product.md#screens-and-routes)', () => {
  it('lists a resident’s own invitations as My Invitations, with a New Invitation button', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitationSummaries': () => page([jane, omar]),
    });
    renderApp('/visitors', { user: resident });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Invitations' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'visitors.myInvitationSummaries')[0]?.input).toEqual({ limit: 50 }),
    );
    // The house's list is read only for the walk-ins waiting for a decision
    // (docs/gate.md#walk-ins).
    expect(callsTo(calls, 'visitors.listSummaries').map((call) => call.input)).toEqual(
      callsTo(calls, 'visitors.listSummaries').map(() => ({ status: 'pending', limit: 10 })),
    );
    expect(screen.getByRole('link', { name: 'New Invitation' })).toHaveAttribute(
      'href',
      '/visitors/create',
    );

    const card = (await screen.findByRole('heading', { name: 'Omar Khan' })).closest(
      'a',
    ) as HTMLElement;
    expect(card).toHaveAttribute('href', `/visitors/${omar.id}`);
    expect(within(card).getByText('+44 20 7946 0958')).toBeInTheDocument();
    expect(within(card).getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(within(card).getByText('1:30 PM - 3:00 PM')).toBeInTheDocument();
    expect(within(card).getByText('House A-101')).toBeInTheDocument();
    expect(within(card).getByText('Checked Out')).toBeInTheDocument();
  });

  it('shows All Visitors to a guard, without a New Invitation button', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => page([jane]),
    });
    renderApp('/visitors', { user: guard });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Visitors' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Jane Doe' });
    await waitFor(() => expect(callsTo(calls, 'visitors.listSummaries')[0]?.input).toEqual({ limit: 50 }));
    expect(screen.queryByRole('link', { name: 'New Invitation' })).not.toBeInTheDocument();
  });

  it('asks the server to search, 300 ms after the last keystroke, with an empty state', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      ...ADMIN_PICKERS,
      'visitors.listSummaries': (input: { q?: string }) =>
        page([jane, omar].filter((visitor) => !input?.q || `${visitor.name} ${visitor.phone}`.toLowerCase().includes(input.q.toLowerCase()))),
    });
    const { user } = renderApp('/visitors', { user: admin });
    await screen.findByRole('heading', { name: 'Omar Khan' });
    const search = screen.getByLabelText('Search visitors');

    await user.type(search, 'oMaR');
    // Not yet: the search waits for the typing to pause.
    expect(screen.getByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.listSummaries').map((call) => call.input)).toEqual([{ limit: 50 }]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Jane Doe' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Omar Khan' })).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.listSummaries').at(-1)?.input).toEqual({ limit: 50, q: 'oMaR' });
    // One request for the pause, none per keystroke.
    expect(callsTo(calls, 'visitors.listSummaries').filter((call) => call.input?.q)).toHaveLength(1);

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No visitors found', {}, { timeout: 1000 })).toBeInTheDocument();
  });

  it('loads long lists a page at a time', async () => {
    const many = Array.from({ length: 120 }, (_, index) => makeVisitor({ name: `Guest ${index}`, phone: '+15550100000' }));
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      ...ADMIN_PICKERS,
      'visitors.listSummaries': (input: { limit: number; offset?: number }) => ({
        items: many.slice(input.offset ?? 0, (input.offset ?? 0) + input.limit),
        total: many.length,
      }),
    });
    const { user } = renderApp('/visitors', { user: admin });
    await screen.findByRole('heading', { name: 'Guest 49' });
    expect(screen.queryByRole('heading', { name: 'Guest 50' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 50 of 120 visitors')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('heading', { name: 'Guest 99' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('heading', { name: 'Guest 119' });
    expect(screen.getByText('Showing 120 of 120 visitors')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'visitors.listSummaries').map((call) => call.input.offset)).toEqual([undefined, 50, 100]);
    // 120 cards on a busy machine.
  }, 20_000);
});
