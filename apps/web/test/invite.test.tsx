import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { admin, HOUSE_A101, makeVisitor, resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const OTHER_HOUSE = {
  id: '22222222-2222-4222-8222-222222222222',
  houseNumber: 'B-204',
  block: 'B',
  street: 'Oak Lane',
  owner: null,
  createdAt: '',
};

/**
 * Sets the clock (Date only: timers stay real, and time goes on from there) to `instant`,
 * so that "today" is one known date for the form and the test, however near midnight the
 * test runs. The setup file puts the real clock back after each test.
 */
const clockAt = (instant: Date) => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(instant);
};

describe('/visitors/create (docs/product.md#forms-and-their-messages)', () => {
  // Noon on 2026-11-22 in this machine's zone (the browser's).
  beforeEach(() => clockAt(new Date(2026, 10, 22, 12, 0)));

  it('starts with today 09:00-17:00 and the resident’s own house', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }) });
    renderApp('/visitors/create', { user: resident });

    const date = await screen.findByLabelText('Visit Date');
    expect(date).toHaveValue('2026-11-22');
    expect(date).toHaveAttribute('min', '2026-11-22');
    expect(screen.getByLabelText('Start Time')).toHaveValue('09:00');
    expect(screen.getByLabelText('End Time')).toHaveValue('17:00');
    expect(screen.getByLabelText('House')).toHaveValue(HOUSE_A101.id);
  });

  it('starts on the community’s today and names its time zone when the browser is elsewhere (docs/product.md#time-zone)', async () => {
    // UTC+14: never the zone of this machine, and a day ahead of most.
    const community = 'Pacific/Kiritimati';
    // 20:00 UTC: already the next day there, still the same day from UTC-12 to UTC+3.
    clockAt(new Date('2026-11-22T20:00:00Z'));
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => ({ timeZone: community, earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 }),
    });
    renderApp('/visitors/create', { user: resident });

    expect(await screen.findByText("In the community's time zone (GMT+14), as are the times.")).toBeInTheDocument();
    const date = screen.getByLabelText('Visit Date');
    await waitFor(() => expect(date).toHaveValue('2026-11-23'));
    expect(date).toHaveAttribute('min', '2026-11-23');
    expect(date).toHaveAccessibleDescription("In the community's time zone (GMT+14), as are the times.");
  });

  it('shows the documented messages and sends nothing while the form is invalid', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.list': () => ({ items: [OTHER_HOUSE], total: 1 }),
    });
    const { user } = renderApp('/visitors/create', { user: admin });

    await screen.findByRole('option', { name: /B-204/ });
    expect(callsTo(calls, 'houses.list')[0]?.input).toEqual({ limit: 100 });
    const start = screen.getByLabelText('Start Time');
    const end = screen.getByLabelText('End Time');
    await user.clear(start);
    await user.type(start, '17:00');
    await user.clear(end);
    await user.type(end, '09:00');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));

    expect(await screen.findByText('Visitor name is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a house')).toBeInTheDocument();
    expect(screen.getByText('End time must be after start time')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone Number'), 'abc');
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    expect(await screen.findByText('Invalid phone number format')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Visit Date'));
    await user.clear(start);
    await user.clear(end);
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));
    expect(await screen.findByText('Visit date is required')).toBeInTheDocument();
    expect(screen.getByText('Start time is required')).toBeInTheDocument();
    expect(screen.getByText('End time is required')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.invite')).toHaveLength(0);
  });

  it('upper-cases the plate, leaves empty optional fields out, and opens the new invitation', async () => {
    const created = makeVisitor({ vehicleLicensePlate: 'KA 01 AB 1234' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.invite': () => created,
      'visitors.byId': () => created,
    });
    const { user } = renderApp('/visitors/create', { user: resident });

    await user.type(await screen.findByLabelText('Visitor Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Phone Number'), '+1 555 010 0200');
    const plate = screen.getByLabelText('Vehicle License Plate');
    await user.type(plate, 'ka 01 ab 1234');
    expect(plate).toHaveValue('KA 01 AB 1234');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/visitors/${created.id}`);
    // Shown in the page above the pass (never over its code), and announced.
    const notices = await screen.findAllByText("Invitation created: Jane Doe's pass is ready to share");
    expect(notices.some((notice) => !notice.classList.contains('sr-only'))).toBe(true);
    expect(notices.some((notice) => notice.closest('[role="status"]'))).toBe(true);
    const payload = callsTo(calls, 'visitors.invite')[0]?.input;
    expect(payload).toEqual({
      name: 'Jane Doe',
      phone: '+1 555 010 0200',
      vehicleLicensePlate: 'KA 01 AB 1234',
      houseId: HOUSE_A101.id,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    expect(Object.keys(payload)).not.toContain('email');
    expect(Object.keys(payload)).not.toContain('purpose');
  });

  it('lets an admin pick the house and shows the server’s refusal', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.list': () => ({ items: [OTHER_HOUSE], total: 1 }),
      'visitors.invite': () => {
        throw trpcError(400, 'End time has already passed');
      },
    });
    const { user } = renderApp('/visitors/create', { user: admin });

    await user.selectOptions(
      await screen.findByLabelText('House'),
      await screen.findByRole('option', { name: /B-204/ }),
    );
    await user.type(screen.getByLabelText('Visitor Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Phone Number'), '+15550100200');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('End time has already passed');
    expect(callsTo(calls, 'visitors.invite')[0]?.input).toMatchObject({
      houseId: OTHER_HOUSE.id,
      email: 'jane@example.com',
    });
    expect(currentPath()).toBe('/visitors/create');
  });

  it("falls back to 'Failed to create invitation'", async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.invite': () => {
        throw trpcError(500, '');
      },
    });
    const { user } = renderApp('/visitors/create', { user: resident });

    await user.type(await screen.findByLabelText('Visitor Name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Phone Number'), '+15550100200');
    await user.click(screen.getByRole('button', { name: 'Create Invitation' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create invitation'),
    );
  });
});
