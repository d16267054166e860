import { act, screen, waitFor, within } from '@testing-library/react';
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

describe('/visitors (product-spec §2)', () => {
  it('lists a resident’s own invitations as My Invitations, with a New Invitation button', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitations': () => page([jane, omar]),
    });
    renderApp('/visitors', { user: resident });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Invitations' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(calls, 'visitors.myInvitations')[0]?.input).toEqual({ limit: 50 }),
    );
    expect(callsTo(calls, 'visitors.list')).toHaveLength(0);
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
      'visitors.list': () => page([jane]),
    });
    renderApp('/visitors', { user: guard });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Visitors' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Jane Doe' });
    await waitFor(() => expect(callsTo(calls, 'visitors.list')[0]?.input).toEqual({ limit: 50 }));
    expect(screen.queryByRole('link', { name: 'New Invitation' })).not.toBeInTheDocument();
  });

  it('searches by name or phone 300 ms after the last keystroke, with an empty state', async () => {
    mockTrpc({ 'auth.me': () => ({ user: admin }), 'visitors.list': () => page([jane, omar]) });
    const { user } = renderApp('/visitors', { user: admin });
    await screen.findByRole('heading', { name: 'Omar Khan' });
    const search = screen.getByLabelText('Search visitors');

    await user.type(search, 'oMaR');
    // Not yet: the search waits for the typing to pause.
    expect(screen.getByRole('heading', { name: 'Jane Doe' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(screen.queryByRole('heading', { name: 'Jane Doe' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Omar Khan' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '5550100200');
    expect(
      await screen.findByRole('heading', { name: 'Jane Doe' }, { timeout: 1000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Omar Khan' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No visitors found', {}, { timeout: 1000 })).toBeInTheDocument();
  });
});
