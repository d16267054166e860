/**
 * The gate screen (`/guard`, also `/guard/dashboard`): a guard's home; everyone inside
 * (visitors and recurring passes) with Check Out; the quick scan, whose field owns the
 * screen's keys and focus so that a scanner's input is never lost.
 */
import type { GateInsideItem } from '@gatehouse/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { IDLE_RETURN_MS } from '../src/features/guard/scanner-capture';
import { answerConfirmation, guard, HOUSE_A101, makeVisitor, PASS_TOKEN } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

/** The community's zone: the browser's, so that times read without a zone's name. */
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const SETTINGS = { timeZone: ZONE, earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 };

/** Today at `hours:minutes` on this machine's clock (ISO). */
function todayAt(hours: number, minutes: number): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes).toISOString();
}

let counter = 0;
function insideItem(overrides: Partial<GateInsideItem> & Pick<GateInsideItem, 'name'>): GateInsideItem {
  counter += 1;
  return {
    id: `eeeeeeee-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind: 'invitation',
    phone: '+15550001111',
    houseId: HOUSE_A101,
    hostName: 'Priya Sharma',
    vehicleLicensePlate: null,
    checkInTime: todayAt(0, 5),
    gate: null,
    dueOutAt: null,
    ...overrides,
  };
}
const roll = (items: GateInsideItem[]) => ({ items, total: items.length });

describe('the gate screen: a guard’s home', () => {
  it('is where a guard lands from /dashboard, and where Home leads', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => roll([]), 'visitors.settings': () => SETTINGS });
    const { user } = renderApp('/dashboard', { user: guard });
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guard');
    expect(screen.getByLabelText('Pass token or code')).toBeInTheDocument();

    await user.click(screen.getAllByRole('link', { name: 'Scan QR' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan QR' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Home' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guard');
  });

  it('is where a guard lands on a reload of /', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => roll([]), 'visitors.settings': () => SETTINGS });
    renderApp('/', { user: guard });
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guard');
    expect(screen.getByLabelText('Pass token or code')).toBeInTheDocument();
  });

  it('keeps /guard/dashboard as the same screen', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => roll([]), 'visitors.settings': () => SETTINGS });
    renderApp('/guard/dashboard', { user: guard });
    expect(await screen.findByText('No active visitors')).toBeInTheDocument();
    expect(screen.getByText('All visitors have been checked out')).toBeInTheDocument();
    expect(currentPath()).toBe('/guard/dashboard');
  });
});

describe('everyone inside, on the gate screen', () => {
  it('lists visitors and recurring passes, counts them all, and checks one out from its row', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const ravi = insideItem({ name: 'Ravi Driver', kind: 'recurring', phone: null, hostName: 'Priya Sharma', checkInTime: todayAt(0, 7) });
    let inside = [insideItem({ name: 'Jane Doe', checkInTime: todayAt(0, 5) }), ravi, insideItem({ name: 'Omar Khan', checkInTime: todayAt(0, 6) })];
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => roll([]),
      'visitors.settings': () => SETTINGS,
      'gate.inside': () => roll(inside),
      'visitors.checkOut': ({ visitorId }: { visitorId: string }) => {
        inside = inside.filter((row) => row.id !== visitorId);
        return makeVisitor({ id: visitorId, status: 'checked-out' });
      },
    });
    const { user } = renderApp('/guard', { user: guard });

    expect(await screen.findByLabelText('3 inside')).toHaveTextContent('3');
    const list = screen.getByRole('list', { name: 'Checked-in visitors' });
    // Newest check-in first; the recurring pass is marked as such.
    expect([...list.querySelectorAll('li')].map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Ravi Driver.*Frequent visitor/),
      expect.stringContaining('Omar Khan'),
      expect.stringContaining('Jane Doe'),
    ]);
    expect(screen.getByText('In since 12:07 AM')).toBeInTheDocument();

    // One extra tap: dismissed, nothing happens; confirmed, the pass holder is checked out.
    await user.click(screen.getByRole('button', { name: 'Check out Ravi Driver' }));
    expect(await answerConfirmation(user, false)).toMatch(/^Ravi Driver leaves House/);
    expect(callsTo(calls, 'visitors.checkOut')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Check out Ravi Driver' }));
    await answerConfirmation(user, true);

    expect(await screen.findByText('Visitor checked out successfully!')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    const [checkOut] = callsTo(calls, 'visitors.checkOut');
    expect(checkOut?.input).toEqual({ visitorId: ravi.id, occurredAt: expect.any(String) });
    expect(checkOut?.idempotencyKey).toBeTruthy();
    expect(await screen.findByLabelText('2 inside')).toHaveTextContent('2');
    expect(screen.queryByText('Ravi Driver')).not.toBeInTheDocument();
  });

  it('marks whoever is past the end of their window plus the grace as overstaying', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => roll([]),
      'visitors.settings': () => SETTINGS,
      'gate.inside': () =>
        roll([
          insideItem({ name: 'Late Larry', dueOutAt: new Date(Date.now() - 31 * 60_000).toISOString() }),
          insideItem({ name: 'On Time Tina', dueOutAt: new Date(Date.now() - 29 * 60_000).toISOString() }),
          insideItem({ name: 'Unknown Una', dueOutAt: null }),
        ]),
    });
    renderApp('/guard', { user: guard });
    expect(await screen.findByText('1 visitor is overstaying')).toBeInTheDocument();
    expect(screen.getAllByText(/^Overstaying: due out by/)).toHaveLength(1);
  });
});

describe('the quick scan: scanner input is never lost', () => {
  const field = () => screen.getByLabelText<HTMLInputElement>('Pass token or code');

  /** A scanner: the characters, then CR (and LF, as Ctrl+J, when asked; LF alone with `lf`), typed wherever the focus is. */
  const scanTyped = (user: { keyboard: (text: string) => Promise<void> }, text: string, options: { crlf?: boolean; lf?: boolean } = {}) =>
    user.keyboard(`${text}${options.lf ? '' : '{Enter}'}${options.crlf || options.lf ? '{Control>}j{/Control}' : ''}`);

  function gateMocks(overrides: Record<string, (input: any) => unknown> = {}) {
    return mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => roll([]),
      'visitors.settings': () => SETTINGS,
      ...overrides,
    });
  }

  it('is focused on arrival and checks an approved pass in on Enter, then waits for the next', async () => {
    const visitor = makeVisitor({ status: 'approved', purpose: 'Delivery' });
    const calls = gateMocks({
      'visitors.scan': () => visitor,
      'visitors.checkIn': () => ({ ...visitor, status: 'checked-in', check_in_time: todayAt(0, 9) }),
    });
    const { user } = renderApp('/guard', { user: guard });

    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard(`${PASS_TOKEN}{Enter}`);

    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.scan')[0]?.input).toEqual({ token: PASS_TOKEN });
    expect(callsTo(calls, 'visitors.checkIn')[0]?.input).toEqual({ visitorId: visitor.id, occurredAt: expect.any(String) });
    expect(screen.getByText(/Jane Doe checked in: house A-101/)).toHaveTextContent('Delivery');
    // The field is empty and focused: the next scan does not append to this one.
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
  });

  it('takes a scan typed while the focus is on the page, a button or after a tap on empty space, and runs the scan, not the button', async () => {
    const visitor = makeVisitor({ status: 'cancelled' });
    const calls = gateMocks({
      'gate.inside': () => roll([insideItem({ name: 'Sara Quick' })]),
      'visitors.scan': () => visitor,
    });
    const { user } = renderApp('/guard', { user: guard });
    const checkOutButton = await screen.findByRole('button', { name: 'Check out Sara Quick' });
    expect(checkOutButton.tagName).toBe('BUTTON');
    await waitFor(() => expect(field()).toHaveFocus());

    // A tap on empty space brings the focus straight back.
    field().blur();
    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(field()).toHaveFocus());

    // Focus on a real button (a row's Check Out): the scan's keys go to the field, and its
    // Enter runs the scan; the button is not pressed (no confirmation, no check-out).
    checkOutButton.focus();
    expect(checkOutButton).toHaveFocus();
    await scanTyped(user, PASS_TOKEN);
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(1));
    expect(callsTo(calls, 'visitors.scan')[0]?.input).toEqual({ token: PASS_TOKEN });
    expect(await screen.findByText(/this pass is cancelled/i)).toBeInTheDocument();
    // A pressed button's confirmation opens a moment later: none does.
    await expect(screen.findByRole('dialog', undefined, { timeout: 300 })).rejects.toThrow();
    expect(callsTo(calls, 'visitors.checkOut')).toHaveLength(0);
    expect(field()).toHaveFocus();

    // Focus on a link: the same, no navigation.
    const scanLink = screen.getAllByRole('link', { name: 'Scan QR' })[0]!;
    scanLink.focus();
    await scanTyped(user, PASS_TOKEN);
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(2));
    expect(currentPath()).toBe('/guard');

    // Focus on the page body: the same.
    (document.activeElement as HTMLElement | null)?.blur();
    await scanTyped(user, PASS_TOKEN);
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(3));
    expect(screen.getByRole('link', { name: /Inside Now/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ends a scan once on CR+LF, and does nothing on an Enter in an empty field', async () => {
    const visitor = makeVisitor({ status: 'expired' });
    const calls = gateMocks({ 'visitors.scan': () => visitor });
    const { user } = renderApp('/guard', { user: guard });
    await waitFor(() => expect(field()).toHaveFocus());

    await scanTyped(user, PASS_TOKEN, { crlf: true });
    expect(await screen.findByText(/this pass is expired/i)).toBeInTheDocument();
    await scanTyped(user, PASS_TOKEN);
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(2));
    // A stray Enter: no "Please enter a token", the last result stays.
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(2);
    expect(screen.queryByText('Please enter a token')).not.toBeInTheDocument();
    expect(screen.getByText(/this pass is expired/i)).toBeInTheDocument();
  });

  it('ends a scan on LF alone (Ctrl+J, no CR), once, as on CR', async () => {
    const visitor = makeVisitor({ status: 'expired' });
    const calls = gateMocks({ 'visitors.scan': () => visitor });
    const { user } = renderApp('/guard', { user: guard });
    await waitFor(() => expect(field()).toHaveFocus());

    await scanTyped(user, PASS_TOKEN, { lf: true });
    expect(await screen.findByText(/this pass is expired/i)).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(1);
    expect(callsTo(calls, 'visitors.scan')[0]?.input).toEqual({ token: PASS_TOKEN });
    // The next scan, also LF-ended, is a scan of its own (not appended to the last one).
    await scanTyped(user, PASS_TOKEN, { lf: true });
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(2));
    expect(callsTo(calls, 'visitors.scan')[1]?.input).toEqual({ token: PASS_TOKEN });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'visitors.scan')).toHaveLength(2);
  });

  it('gives the focus back to the field after a dialog closes, so the next scan’s Enter does not open it again', async () => {
    const visitor = makeVisitor({ status: 'cancelled' });
    const calls = gateMocks({
      'gate.inside': () => roll([insideItem({ name: 'Sara Quick' })]),
      'visitors.scan': () => visitor,
    });
    const { user } = renderApp('/guard', { user: guard });
    await user.click(await screen.findByRole('button', { name: 'Check out Sara Quick' }));
    await answerConfirmation(user, false);
    await waitFor(() => expect(field()).toHaveFocus());

    await scanTyped(user, PASS_TOKEN);
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkOut')).toHaveLength(0);
  });

  it('takes the focus back at most 2 s after another interaction ends, but never from another text field', async () => {
    gateMocks();
    renderApp('/guard', { user: guard });
    await waitFor(() => expect(field()).toHaveFocus());
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const scanLink = screen.getAllByRole('link', { name: 'Scan QR' })[0]!;
    scanLink.focus();
    fireEvent.keyUp(scanLink, { key: 'Tab' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_RETURN_MS - 100));
    expect(scanLink).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(field()).toHaveFocus();

    // Another text field keeps its focus and its keys.
    const other = document.createElement('input');
    other.setAttribute('aria-label', 'Notes');
    document.querySelector('main')!.append(other);
    other.focus();
    fireEvent.keyDown(other, { key: 'a' });
    fireEvent.keyUp(other, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(IDLE_RETURN_MS + 100));
    expect(other).toHaveFocus();
    expect(field()).toHaveValue('');
    other.remove();
    vi.useRealTimers();
  });

  it('says plainly that a typed code found nothing, the code kept selected to correct one digit', async () => {
    const calls = gateMocks({
      'visitors.scan': () => {
        throw trpcError(404, 'Invalid or expired QR code');
      },
    });
    const { user } = renderApp('/guard', { user: guard });
    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard('551225{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('No open pass has the code 551 225 — check the digits');
    expect(field()).toHaveValue('551225');
    expect(field()).toHaveFocus();
    expect(field().selectionStart).toBe(0);
    expect(field().selectionEnd).toBe(6);
    // The guard types over it.
    await user.keyboard('551226{Enter}');
    await waitFor(() => expect(callsTo(calls, 'visitors.scan')).toHaveLength(2));
    expect(callsTo(calls, 'visitors.scan')[1]?.input).toEqual({ token: '551226' });

    // A code one digit short is still a code: said so, not 'Invalid or expired QR code'.
    await user.keyboard('55122{Enter}');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No open pass has the code 551 22 — check the digits'));
    expect(field()).toHaveValue('55122');

    // A token found nothing: the server's words, the field emptied for the next scan.
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid or expired QR code'));
    expect(field()).toHaveValue('');
  });

  it('says when someone inside came in, offers Check Out, and nothing meant for entry', async () => {
    const visitor = makeVisitor({ status: 'checked-in', check_in_time: todayAt(0, 9) });
    const calls = gateMocks({
      'visitors.scan': () => visitor,
      'visitors.checkOut': () => ({ ...visitor, status: 'checked-out' }),
    });
    const { user } = renderApp('/guard', { user: guard });
    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard(`${PASS_TOKEN}{Enter}`);

    expect(await screen.findByText('Inside since 12:09 AM')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visitor Inside' })).toBeInTheDocument();
    expect(screen.queryByText(/before letting them in/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check Out Visitor' }));
    expect(await screen.findByText('Visitor checked out successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkOut')).toHaveLength(1);
    expect(field()).toHaveFocus();
  });

  it('shows other passes refused without checking in, and the server’s refusal of a check-in outside its window', async () => {
    let visitor = makeVisitor({ status: 'cancelled' });
    const calls = gateMocks({
      'visitors.scan': () => visitor,
      'visitors.checkIn': () => {
        throw trpcError(409, 'This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM');
      },
    });
    const { user } = renderApp('/guard', { user: guard });
    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('Pass refused');
    expect(refused).toHaveTextContent(/this pass is cancelled/i);
    expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(0);

    visitor = makeVisitor({ status: 'approved' });
    await user.keyboard(`${PASS_TOKEN}{Enter}`);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This invitation is valid on Nov 22, 2026 from 9:00 AM to 5:00 PM'),
    );
    expect(screen.queryByRole('button', { name: 'Check In Visitor' })).not.toBeInTheDocument();
    expect(field()).toHaveFocus();
  });
});
