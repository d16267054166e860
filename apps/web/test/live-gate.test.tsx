/**
 * The live gate's rules on the screen (docs/gate.md#walk-ins, docs/gate.md#notifications,
 * docs/configuration.md#environment-variables): the waiting card's count-down,
 * who is overstaying (in the community's time zone), what a notification says, and the
 * guard dashboard's pending walk-ins and overstay flags.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { isOverstaying } from '../src/features/guard/GuardDashboardPage';
import { formatCountdown } from '../src/features/guard/WalkInPage';
import { notificationText } from '../src/features/notifications/NotificationsPage';
import { guard, makeVisitor, page } from './fixtures';
import { renderApp } from './render-app';
import { mockTrpc } from './trpc-mock';

const settings = { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 };

describe('live gate rules', () => {
  it('counts down in m:ss, never below zero', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59.2)).toBe('1:00');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('flags someone inside past the end of their window plus the grace', () => {
    // 17:00 in New York on Nov 22 is 22:00 UTC (the server says when the window ends); the grace runs to 22:30 UTC.
    const item = { dueOutAt: '2026-11-22T22:00:00.000Z' };
    expect(isOverstaying(item, 30, Date.parse('2026-11-22T22:29:00Z'))).toBe(false);
    expect(isOverstaying(item, 30, Date.parse('2026-11-22T22:31:00Z'))).toBe(true);
    expect(isOverstaying({ dueOutAt: null }, 30, Date.parse('2026-11-23T10:00:00Z'))).toBe(false);
    expect(isOverstaying(item, 0, Date.parse('2026-11-22T22:01:00Z'))).toBe(true);
  });

  it('says what each notification is about', () => {
    const visitor = { id: 'v', name: 'Wanda Walker', status: 'pending', house: { id: 'h', houseNumber: '101', block: 'A' } };
    expect(notificationText({ id: '1', kind: 'walk-in.waiting', target: 'visitor', createdAt: '', readAt: null, visitor })).toBe(
      'Wanda Walker is waiting at the gate for House 101 · Block A',
    );
    expect(notificationText({ id: '2', kind: 'visitor.checked-in', target: 'visitor', createdAt: '', readAt: null, visitor })).toBe('Wanda Walker checked in');
    expect(notificationText({ id: '3', kind: 'visitor.checked-out', target: 'visitor', createdAt: '', readAt: null, visitor })).toBe('Wanda Walker checked out');
  });

  it('shows the gate the walk-ins waiting for a resident and the visitors overstaying', async () => {
    const person = (name: string, dueOutAt: string) => ({
      id: `ffffffff-0000-4000-8000-${name.length.toString().padStart(12, '0')}`,
      kind: 'invitation' as const,
      name,
      phone: '+15550001111',
      houseId: { id: 'h', houseNumber: '101', block: 'A' },
      hostName: null,
      vehicleLicensePlate: null,
      checkInTime: '2020-01-01T09:00:00.000Z',
      gate: null,
      dueOutAt,
    });
    const waiting = makeVisitor({ name: 'Walt Waiting', status: 'pending', kind: 'walk-in', purpose: 'Cab', hostId: null });
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.settings': () => settings,
      'visitors.listSummaries': (input: { status?: string }) => (input.status === 'pending' ? page([waiting]) : page([])),
      'gate.inside': () => ({ items: [person('Larry Late', '2020-01-01T15:00:00.000Z'), person('Olive Ontime', '2099-01-02T04:59:00.000Z')], total: 2 }),
    });
    renderApp('/guard/dashboard', { user: guard });
    const pending = await screen.findByRole('list', { name: 'Pending walk-ins' });
    expect(within(pending).getByText('Walt Waiting')).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Open walk-in of Walt Waiting' })).toHaveAttribute('href', `/guard/walk-in/${waiting.id}`);
    expect(await screen.findByText('1 visitor is overstaying')).toBeInTheDocument();
    const inside = screen.getByRole('list', { name: 'Checked-in visitors' });
    // Due out at 10:00 AM in New York (15:00 UTC), on a day that is not today: with its date.
    expect(within(inside).getByText(/Overstaying: due out by Jan 01, 2020 at 10:00 AM/)).toBeInTheDocument();
    expect(within(inside).getAllByText(/Overstaying/)).toHaveLength(1);
  });
});
