import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { guard, makeVisitor, page } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

describe('/guard/dashboard (product-spec §2)', () => {
  it('shows the empty state when nobody is inside', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => page([]) });
    renderApp('/guard/dashboard', { user: guard });

    expect(await screen.findByText('No active visitors')).toBeInTheDocument();
    expect(screen.getByText('All visitors have been checked out')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.listSummaries')[0]?.input).toEqual({ status: 'checked-in', limit: 100 });
  });

  it('counts the visitors inside and checks one out from its row', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    let inside = [
      makeVisitor({
        name: 'Jane Doe',
        status: 'checked-in',
        check_in_time: '2026-11-22T09:05:00.000Z',
      }),
      makeVisitor({
        name: 'Omar Khan',
        status: 'checked-in',
        check_in_time: '2026-11-22T10:00:00.000Z',
      }),
    ];
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => page(inside),
      'visitors.checkOut': ({ visitorId }: { visitorId: string }) => {
        const visitor = inside.find((row) => row.id === visitorId);
        inside = inside.filter((row) => row.id !== visitorId);
        return { ...visitor, status: 'checked-out' };
      },
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });

    expect(await screen.findByLabelText('2 inside')).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Check out Jane Doe' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Visitor checked out successfully!'));
    expect(callsTo(calls, 'visitors.checkOut')[0]?.input).toEqual({
      visitorId: expect.any(String),
    });
    expect(await screen.findByLabelText('1 inside')).toHaveTextContent('1');
    expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument();
  });
});
