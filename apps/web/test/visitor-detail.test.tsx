import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { answerConfirmation, makeVisitor, PASS_TOKEN, resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

describe('/visitors/{id} (docs/product.md#screens-and-routes, docs/product.md#statuses-and-their-badges)', () => {
  it('shows the pass, the truncated token and the sections', async () => {
    const visitor = makeVisitor({
      email: 'jane@example.com',
      purpose: 'Family visit',
      vehicleLicensePlate: 'KA01AB1234',
    });
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    renderApp(`/visitors/${visitor.id}`, { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for Jane Doe' })).toHaveAttribute(
      'src',
      visitor.qrCodeDataUrl,
    );
    expect(
      screen.getByText(`${PASS_TOKEN.slice(0, 8)}...${PASS_TOKEN.slice(-8)}`),
    ).toBeInTheDocument();
    expect(screen.queryByText(PASS_TOKEN)).not.toBeInTheDocument();

    const information = screen
      .getByRole('heading', { name: 'Visitor Information' })
      .closest('section') as HTMLElement;
    for (const text of [
      'Jane Doe',
      '+15550100200',
      'jane@example.com',
      'Family visit',
      'KA01AB1234',
    ]) {
      expect(within(information).getByText(text)).toBeInTheDocument();
    }
    const details = screen
      .getByRole('heading', { name: 'Visit Details' })
      .closest('section') as HTMLElement;
    for (const text of ['Nov 22, 2026', '9:00 AM - 5:00 PM', 'A-101, Block A', 'Priya Sharma']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'Activity Log' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Invitation' })).toBeInTheDocument();
  });

  it('shows the activity log when there is one, and no cancel after check-in', async () => {
    const visitor = makeVisitor({
      status: 'checked-in',
      check_in_time: '2026-11-22T09:05:00.000Z',
      notes: 'Parcel for A-101',
    });
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    renderApp(`/visitors/${visitor.id}`, { user: resident });

    const log = (await screen.findByRole('heading', { name: 'Activity Log' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(log).getByText('Parcel for A-101')).toBeInTheDocument();
    expect(within(log).getByText(/Nov 22, 2026 at \d{1,2}:\d{2} (AM|PM)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Invitation' })).not.toBeInTheDocument();
  });

  it('lists the gate events of the audit log in the Activity Log, with who did them', async () => {
    const visitor = makeVisitor({
      status: 'checked-out',
      check_in_time: '2026-11-22T09:05:00.000Z',
      check_out_time: '2026-11-22T11:30:00.000Z',
    });
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.byId': () => visitor,
      'visitors.activity': () => ({
        items: [
          { at: '2026-11-21T18:00:00.000Z', action: 'invited', by: 'Priya Sharma', notes: null },
          {
            at: '2026-11-22T09:05:00.000Z',
            action: 'checked-in',
            by: 'Gus Guard',
            notes: 'Blue sedan',
          },
          { at: '2026-11-22T11:30:00.000Z', action: 'checked-out', by: 'Gus Guard', notes: null },
        ],
      }),
    });
    renderApp(`/visitors/${visitor.id}`, { user: resident });

    const history = await screen.findByRole('list', { name: 'Visitor history' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Invited by Priya Sharma',
      'Checked in by Gus Guard',
      'Checked out by Gus Guard',
    ]);
    expect(within(items[1]!).getByText('Blue sedan')).toBeInTheDocument();
  });

  it('cancels only after the confirmation, then goes to /visitors', async () => {
    const visitor = makeVisitor({ status: 'pending' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.byId': () => visitor,
      'visitors.cancel': () => ({ ...visitor, status: 'cancelled' }),
      'visitors.myInvitationSummaries': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: resident });

    const cancel = await screen.findByRole('button', { name: 'Cancel Invitation' });
    await user.click(cancel);
    expect(await answerConfirmation(user, false)).toBe(
      'Are you sure you want to cancel this invitation?',
    );
    expect(callsTo(calls, 'visitors.cancel')).toHaveLength(0);

    await user.click(cancel);
    await answerConfirmation(user, true);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Invitations' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.cancel')[0]?.input).toEqual({ id: visitor.id });
    expect(currentPath()).toBe('/visitors');
  });

  it("shows a refused cancel, or 'Failed to cancel invitation'", async () => {
    const visitor = makeVisitor();
    let message = 'Visitor cannot be cancelled: status is checked-in';
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.byId': () => visitor,
      'visitors.cancel': () => {
        throw trpcError(409, message);
      },
    });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: resident });

    await user.click(await screen.findByRole('button', { name: 'Cancel Invitation' }));
    await answerConfirmation(user, true);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    message = '';
    await user.click(screen.getByRole('button', { name: 'Cancel Invitation' }));
    await answerConfirmation(user, true);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to cancel invitation'),
    );
    expect(currentPath()).toBe(`/visitors/${visitor.id}`);
  });

  it("shows the load failure with Retry ('Failed to load visitor' when there is no text)", async () => {
    const visitor = makeVisitor();
    let fail = true;
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.byId': () => {
        if (fail) throw trpcError(500, '');
        return visitor;
      },
    });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: resident });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load visitor');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
  });

  it('shows the pass code large, grouped for reading out (docs/gate.md#verifying-a-pass)', async () => {
    const visitor = makeVisitor();
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    renderApp(`/visitors/${visitor.id}`, { user: resident });
    expect(await screen.findByText('048 213')).toBeInTheDocument();
    expect(screen.getByText('Pass code')).toBeInTheDocument();
  });

  it('prints the pass alone: QR, code, name, date and window, house (docs/product.md#paper)', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const visitor = makeVisitor();
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: resident });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    // The print area holds the pass and, for paper, whose it is and when.
    const area = document.querySelector<HTMLElement>('.print-area')!;
    expect(within(area).getByRole('img', { name: `QR code for ${visitor.name}` })).toBeInTheDocument();
    expect(within(area).getByText('048 213')).toBeInTheDocument();
    expect(within(area).getByText(visitor.name)).toBeInTheDocument();
    expect(within(area).getByText(/Nov 22, 2026 · 9:00 AM - 5:00 PM/)).toBeInTheDocument();
    expect(within(area).getByText('A-101 · Block A')).toBeInTheDocument();
  });

  it("copies the whole token and says 'Copied!' for 2 s", async () => {
    const visitor = makeVisitor();
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    renderApp(`/visitors/${visitor.id}`, { user: resident });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    const copy = await screen.findByRole('button', { name: 'Copy Token' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copy);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(writeText).toHaveBeenCalledWith(PASS_TOKEN);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Copy Token' })).toBeInTheDocument();
  });

  it('shares through the share sheet when the browser has one, else copies', async () => {
    const visitor = makeVisitor();
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: resident });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    // No share sheet: the pass's short text (with its code) is copied.
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Pass code: 048 213')));
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    // The pass code is in the shared message, for a visitor without a smartphone.
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ text: expect.stringContaining('Pass code: 048 213') }),
      ),
    );
    Reflect.deleteProperty(navigator, 'share');
  });

  it('downloads the QR image under the name made from the visitor and the date where the card cannot be drawn', async () => {
    const visitor = makeVisitor();
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.byId': () => visitor });
    const { user } = renderApp(`/visitors/${visitor.id}`, { user: resident });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(clicked[0]?.download).toBe('qr-jane-doe-2026-11-22.png');
    expect(clicked[0]?.getAttribute('href')).toBe(visitor.qrCodeDataUrl);
  });
});
