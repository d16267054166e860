import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { guard, makeVisitor, PASS_TOKEN } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const emptyPage = () => ({ items: [], total: 0 });

describe('/guard/scan (docs/product.md#screens-and-routes, docs/product.md#statuses-and-their-badges, docs/product.md#forms-and-their-messages)', () => {
  it('asks for a token when it is empty and calls nothing', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }) });
    const { user } = renderApp('/guard/scan', { user: guard });

    expect(await screen.findByText(/Hold the QR code to the camera/)).toBeInTheDocument();
    // jsdom has no camera: the page says so, and typing keeps working.
    expect(await screen.findByText(/No camera is available here/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Camera' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pass token or code'), '   ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a token');
    await user.type(screen.getByLabelText('Pass token or code'), 'x');
    expect(screen.queryByText('Please enter a token')).not.toBeInTheDocument();
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(0);
  });

  it('verifies on Enter with the trimmed token, checks in under an Idempotency-Key, says so in the page and goes to the gate screen', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const visitor = makeVisitor({ status: 'approved', vehicleLicensePlate: 'KA01AB1234' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.checkIn': () => ({ ...visitor, status: 'checked-in' }),
      'visitors.listSummaries': emptyPage,
    });
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `  ${PASS_TOKEN}  {Enter}`);

    expect(await screen.findByText('Jane Doe')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.scan')[0]?.input).toEqual({ token: PASS_TOKEN });
    expect(screen.getByText('+15550100200')).toBeInTheDocument();
    expect(screen.getByText('A-101, Block A')).toBeInTheDocument();
    expect(screen.getByText('Nov 22, 2026')).toBeInTheDocument();
    expect(screen.getByText('9:00 AM - 5:00 PM')).toBeInTheDocument();
    expect(screen.getByText('KA01AB1234')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visitor Verified' })).toBeInTheDocument();
    expect(screen.getByText(visitor.hostId!.name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check Out Visitor' })).not.toBeInTheDocument();
    // Ready for the next scan: the field has focus, empty for the next pass.
    const field = screen.getByLabelText<HTMLInputElement>('Pass token or code');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Check In Visitor' }));

    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    // The move carries the instant it was made, sent alone under its own key (sent again, done once).
    const [checkIn] = callsTo(calls, 'visitors.checkIn');
    expect(checkIn?.input).toEqual({ visitorId: visitor.id, occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(checkIn?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Active Visitors' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/guard');
  });

  it('checks a checked-in visitor out, says so in the page, clears the form and focuses the field', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const visitor = makeVisitor({
      status: 'checked-in',
      check_in_time: '2026-11-22T09:05:00.000Z',
    });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.checkOut': () => ({ ...visitor, status: 'checked-out' }),
    });
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), PASS_TOKEN);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Check Out Visitor' }));

    expect(await screen.findByText('Visitor checked out successfully!')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(callsTo(calls, 'visitors.checkOut')[0]?.input).toEqual({ visitorId: visitor.id, occurredAt: expect.any(String) });
    expect(screen.getByLabelText('Pass token or code')).toHaveValue('');
    expect(screen.getByLabelText('Pass token or code')).toHaveFocus();
    expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/guard/scan');
  });

  it('has the token field focused on arrival, so a hardware scanner can type into it', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }) });
    renderApp('/guard/scan', { user: guard });
    expect(await screen.findByLabelText('Pass token or code')).toHaveFocus();
  });

  it('shows a pass in another status refused, announced, with neither action', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => makeVisitor({ status: 'expired' }),
    });
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Pass refused');
    expect(refused).toHaveTextContent(/this pass is expired/i);
    expect(screen.queryByRole('heading', { name: 'Visitor Verified' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /check (in|out) visitor/i }),
    ).not.toBeInTheDocument();
  });

  it('shows the server’s message for an unknown token, and the fallback when there is none', async () => {
    let message = 'Invalid or expired QR code';
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => {
        throw trpcError(404, message);
      },
    });
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `nope{Enter}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired QR code');

    // The field is empty again for the next scan.
    expect(screen.getByLabelText('Pass token or code')).toHaveValue('');
    message = '';
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.type(screen.getByLabelText('Pass token or code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired QR code');
  });

  it('shows why a check-in was refused, or the fallback', async () => {
    const visitor = makeVisitor({ status: 'approved' });
    let message = 'This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM';
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => visitor,
      'visitors.checkIn': () => {
        throw trpcError(409, message);
      },
    });
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Check In Visitor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);

    message = '';
    await user.click(screen.getByRole('button', { name: 'Check In Visitor' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to check in visitor'),
    );
    expect(currentPath()).toBe('/guard/scan');
  });
});
