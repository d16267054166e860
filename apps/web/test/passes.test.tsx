/**
 * Frequent visitors in the web app (docs/operations.md#frequent-visitors): the resident's list, the
 * create form
 * (the shared schema's messages: no day chosen; the weekdays sent in week order), the pass
 * page with its code, Pause after the confirmation and a month's attendance, and a
 * recurring pass on the guard's scan screen with Check In.
 */
import type { RecurringPass, RecurringPassWithEntries } from '@gatehouse/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { guard, HOUSE_A101, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

const SETTINGS = { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30, webPushPublicKey: null };
const PASS: RecurringPass = {
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  kind: 'recurring',
  name: 'Maria Helper',
  phone: '+15550001234',
  email: null,
  purpose: 'Cleaning',
  vehicleLicensePlate: null,
  houseId: HOUSE_A101,
  hostId: { id: resident.id, name: resident.name },
  weekdays: ['mon', 'wed', 'fri'],
  timeFrom: '08:00',
  timeTo: '12:00',
  startDate: '2026-11-23',
  endDate: '2027-05-31',
  status: 'active',
  qrCodeToken: 'q'.repeat(43),
  passCode: '1234567',
  qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
  inside: false,
  notifyOnArrival: false,
  createdAt: '2026-11-22T14:00:00.000Z',
};
const withEntries = (pass: RecurringPass, month = '2026-11'): RecurringPassWithEntries => ({
  ...pass,
  month,
  entries:
    month === '2026-11'
      ? [
          {
            id: 'ffffffff-0000-4000-8000-000000000001',
            checkInTime: '2026-11-23T13:05:00.000Z',
            checkOutTime: '2026-11-23T16:40:00.000Z',
            gate: null,
            checkOutGate: null,
            checkedInBy: { id: guard.id, name: guard.name },
            checkedOutBy: { id: guard.id, name: guard.name },
          },
        ]
      : [],
});

describe('Frequent visitors (docs/operations.md#frequent-visitors)', () => {
  it('lists the passes and creates one with the shared schema', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => SETTINGS,
      'passes.list': () => ({ items: [PASS], total: 1 }),
      'passes.create': (input: Record<string, unknown>) => ({ ...PASS, id: 'eeeeeeee-0000-4000-8000-000000000002', name: input.name as string }),
      'passes.byId': () => withEntries(PASS),
    });
    const { user } = renderApp('/passes', { user: resident });
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequent visitors' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Recurring passes' });
    expect(within(list).getByText('Maria Helper')).toBeInTheDocument();
    expect(within(list).getByText('Mon, Wed, Fri · 8:00 AM - 12:00 PM')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'New pass' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New frequent visitor' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Tom Tutor');
    await user.type(screen.getByLabelText('Phone Number'), '+15550009876');
    await user.click(screen.getByRole('button', { name: 'Create Pass' }));
    expect(await screen.findByText('Choose at least one day')).toBeInTheDocument();
    expect(callsTo(calls, 'passes.create')).toHaveLength(0);

    const days = screen.getByRole('group', { name: 'Days' });
    await user.click(within(days).getByRole('checkbox', { name: 'Thursday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Tuesday' }));
    await user.clear(screen.getByLabelText('End Date'));
    await user.type(screen.getByLabelText('End Date'), '2027-01-31');
    await user.click(screen.getByRole('button', { name: 'Create Pass' }));
    await waitFor(() => expect(callsTo(calls, 'passes.create')).toHaveLength(1));
    expect(callsTo(calls, 'passes.create')[0]?.input).toMatchObject({
      name: 'Tom Tutor',
      houseId: HOUSE_A101.id,
      weekdays: ['tue', 'thu'],
      timeFrom: '08:00',
      timeTo: '17:00',
      endDate: '2027-01-31',
    });
  });

  it('an empty form sent: every error shown, the focus on the first of them (Name), not on a day', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.settings': () => SETTINGS });
    const { user } = renderApp('/passes/create', { user: resident });
    expect(await screen.findByRole('heading', { level: 1, name: 'New frequent visitor' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Pass' }));
    expect(await screen.findByText('Choose at least one day')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'passes.create')).toHaveLength(0);
  });

  it('shows the pass with its code, pauses it after the confirmation and reads a chosen month', async () => {
    let current = PASS;
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => SETTINGS,
      'passes.byId': ({ month }: { month?: string }) => withEntries(current, month ?? '2026-11'),
      'passes.list': () => ({ items: [current], total: 1 }),
      'passes.pause': () => {
        current = { ...current, status: 'paused' };
        return current;
      },
    });
    const { user } = renderApp(`/passes/${PASS.id}`, { user: resident });
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Helper' })).toBeInTheDocument();
    expect(screen.getByText('123 4567')).toBeInTheDocument();
    // The month in words, never as YYYY-MM.
    const table = await screen.findByRole('table', { name: /Visits in November 2026/ });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('8:05 AM')).toBeInTheDocument();
    expect(within(table).getByText('11:40 AM')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(callsTo(calls, 'passes.pause')[0]?.input).toEqual({ id: PASS.id }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();

    // A month field: jsdom types no month, so the value is set as a browser would.
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    expect(await screen.findByText('No visits this month')).toBeInTheDocument();
  });

  it('on the guard dashboard’s quick scan, checks a recurring pass in at once, and offers Check Out when inside', async () => {
    let inside = false;
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.settings': () => SETTINGS,
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
      'visitors.scan': () => ({ ...withEntries({ ...PASS, inside }), blocklisted: null }),
      'visitors.checkIn': () => {
        inside = true;
        return withEntries({ ...PASS, inside });
      },
      'visitors.checkOut': () => {
        inside = false;
        return withEntries({ ...PASS, inside });
      },
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });
    const field = () => screen.getByLabelText<HTMLInputElement>('Pass token or code');
    await waitFor(() => expect(field()).toHaveFocus());
    await user.keyboard('1234567{Enter}');
    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkIn')[0]?.input).toEqual({ visitorId: PASS.id, occurredAt: expect.any(String) });
    expect(await screen.findByText(new RegExp(`^${PASS.name} checked in: house`))).toBeInTheDocument();

    // Scanned again while inside: when they came in, and Check Out; nothing meant for entry.
    await user.keyboard('1234567{Enter}');
    expect(await screen.findByRole('heading', { name: 'Recurring pass inside' })).toBeInTheDocument();
    // (This pass's month shows no open entry: the time is not known here.)
    expect(screen.getByText(/^Inside (since .+|now)$/)).toBeInTheDocument();
    expect(screen.queryByText(/before letting them in/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Check Out' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.checkOut')[0]?.input).toEqual({ visitorId: PASS.id, occurredAt: expect.any(String) }));
  });

  it('shows a recurring pass on the scan screen and checks it in', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.settings': () => SETTINGS,
      'visitors.scan': () => ({ ...withEntries(PASS), blocklisted: null }),
      'visitors.checkIn': () => ({ ...withEntries({ ...PASS, inside: true }) }),
      'visitors.list': () => ({ items: [], total: 0 }),
      'visitors.listSummaries': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp('/guard/scan', { user: guard });
    await user.type(await screen.findByLabelText('Pass token or code'), '123 4567');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Recurring pass verified' })).toBeInTheDocument();
    expect(screen.getByText('Mon, Wed, Fri · 8:00 AM - 12:00 PM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.checkIn')[0]?.input).toMatchObject({ visitorId: PASS.id }));
  });
});
