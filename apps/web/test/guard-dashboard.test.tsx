import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { guard, makeVisitor, page, PASS_TOKEN, answerConfirmation } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

describe('/guard/dashboard (product-spec §2)', () => {
  it('shows the empty state when nobody is inside', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => page([]),
    });
    renderApp('/guard/dashboard', { user: guard });

    expect(await screen.findByText('No active visitors')).toBeInTheDocument();
    expect(screen.getByText('All visitors have been checked out')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.listSummaries')[0]?.input).toEqual({
      status: 'checked-in',
      limit: 100,
    });
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
    // One extra tap: dismissed, nothing happens; confirmed, the visitor is checked out.
    await user.click(screen.getByRole('button', { name: 'Check out Jane Doe' }));
    expect(await answerConfirmation(user, false)).toMatch(/^Jane Doe leaves House/);
    expect(callsTo(calls, 'visitors.checkOut')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Check out Jane Doe' }));
    await answerConfirmation(user, true);

    expect(await screen.findByText('Visitor checked out successfully!')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(callsTo(calls, 'visitors.checkOut')[0]?.input).toEqual({
      visitorId: expect.any(String),
    });
    expect(await screen.findByLabelText('1 inside')).toHaveTextContent('1');
    expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument();
  });
});

describe('the guard dashboard’s quick scan (live-gate §1)', () => {
  const field = () => screen.getByLabelText<HTMLInputElement>('Pass token or code');

  it('is focused on arrival and checks an approved pass in on Enter, then waits for the next', async () => {
    const visitor = makeVisitor({ status: 'approved', purpose: 'Delivery' });
    let inside: ReturnType<typeof makeVisitor>[] = [];
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => page(inside),
      'visitors.scan': () => visitor,
      'visitors.checkIn': () => {
        inside = [{ ...visitor, status: 'checked-in', check_in_time: '2026-11-22T09:05:00.000Z' }];
        return inside[0];
      },
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });

    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard(`${PASS_TOKEN}{Enter}`);

    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.scan')[0]?.input).toEqual({ token: PASS_TOKEN });
    expect(callsTo(calls, 'visitors.checkIn')[0]?.input).toEqual({ visitorId: visitor.id });
    expect(screen.getByText(/Jane Doe checked in: house A-101/)).toHaveTextContent('Delivery');
    expect(await screen.findByLabelText('1 inside')).toBeInTheDocument();
    // The field is empty and focused: the next scan does not append to this one.
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
  });

  it('offers Check Out for a visitor inside, and shows other passes refused without checking in', async () => {
    let visitor = makeVisitor({ status: 'checked-in', check_in_time: '2026-11-22T09:05:00.000Z' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => page([]),
      'visitors.scan': () => visitor,
      'visitors.checkOut': () => ({ ...visitor, status: 'checked-out' }),
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });

    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Check Out Visitor' }));
    expect(await screen.findByText('Visitor checked out successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkOut')).toHaveLength(1);
    expect(field()).toHaveFocus();

    visitor = makeVisitor({ status: 'cancelled' });
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Pass refused');
    expect(refused).toHaveTextContent(/this pass is cancelled/i);
    expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(0);
  });

  it('shows the server’s refusal of an unknown pass or a check-in outside its window', async () => {
    const visitor = makeVisitor({ status: 'approved' });
    let known = false;
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => page([]),
      'visitors.scan': () => {
        if (!known) throw trpcError(404, 'Invalid or expired QR code');
        return visitor;
      },
      'visitors.checkIn': () => {
        throw trpcError(409, 'This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM');
      },
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });

    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard(`nope{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired QR code');

    known = true;
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Pass refused'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM',
    );
    expect(screen.queryByRole('button', { name: 'Check In Visitor' })).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
  });
});
