/**
 * The blocklist in the web app (docs/operations.md#blocklist): the admins' /blocklist (list, add
 * with the
 * shared schema's messages, remove after a confirmation); at the gate, a red warning with
 * the reason on a scanned pass, the server's refusal of a guard's check-in shown, and an
 * admin's "Override and check in" asking for notes first.
 */
import type { BlocklistEntry } from '@gatehouse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, answerConfirmation, guard, listOf, makeVisitor, PASS_TOKEN } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const ENTRY: BlocklistEntry = {
  id: '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
  name: 'Mallory Banned',
  phone: '+15550007777',
  licensePlate: null,
  reason: 'Threatened a guard',
  addedBy: { id: admin.id, name: admin.name },
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('/blocklist (docs/operations.md#blocklist)', () => {
  it('lists the entries, adds one checked by the shared schema, and removes one after a confirmation', async () => {
    let entries = [ENTRY];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'blocklist.list': () => listOf(entries),
      'blocklist.create': (input: { name: string; licensePlate: string; reason: string }) => {
        const created = { ...ENTRY, id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: input.name, phone: null, licensePlate: 'AB 12', reason: input.reason };
        entries = [created, ...entries];
        return created;
      },
      'blocklist.remove': (input: { id: string }) => {
        entries = entries.filter((entry) => entry.id !== input.id);
        return { id: input.id };
      },
    });
    const { user } = renderApp('/blocklist', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blocklist' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Blocklist entries' });
    expect(within(list).getByRole('heading', { name: 'Mallory Banned' })).toBeInTheDocument();
    expect(within(list).getByText('Threatened a guard')).toBeInTheDocument();
    expect(within(list).getByText('+15550007777')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to Blocklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Blocklist' });
    await user.type(within(dialog).getByLabelText('Name'), 'Van Driver');
    await user.type(within(dialog).getByLabelText('Reason'), 'Stolen car');
    await user.click(within(dialog).getByRole('button', { name: 'Add Entry' }));
    // Neither phone nor plate: the documented message, and nothing sent.
    expect(await within(dialog).findByText('Give a phone number or a licence plate')).toBeInTheDocument();
    expect(callsTo(calls, 'blocklist.create')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Licence plate'), 'ab 12');
    await user.click(within(dialog).getByRole('button', { name: 'Add Entry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'blocklist.create')[0]?.input).toMatchObject({ name: 'Van Driver', licensePlate: 'ab 12', reason: 'Stolen car' });
    expect(await screen.findByRole('heading', { name: 'Van Driver' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Mallory Banned from the blocklist' }));
    expect(await answerConfirmation(user, true)).toContain('Mallory Banned');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Mallory Banned' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'blocklist.remove')[0]?.input).toEqual({ id: ENTRY.id });
  });
});

describe('the gate and the blocklist (docs/operations.md#blocklist)', () => {
  const banned = { ...makeVisitor({ status: 'approved' }), blocklisted: { reason: 'Trespassing' } };

  it('warns the guard with the reason, offers no override, and shows the refused check-in', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.scan': () => banned,
      'visitors.checkIn': () => {
        throw trpcError(409, 'This visitor is on the community blocklist');
      },
    });
    const { user } = renderApp('/guard/scan', { user: guard });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    const warning = (await screen.findAllByRole('alert')).find((alert) => alert.textContent?.includes('On the community blocklist'));
    expect(warning).toHaveTextContent('Reason: Trespassing');
    expect(screen.getByRole('heading', { name: 'Pass refused' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Override and check in' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check In Visitor' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('This visitor is on the community blocklist'))).toBe(true),
    );
  });

  it('lets an admin override with notes, which it asks for first', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.scan': () => banned,
      'visitors.checkIn': () => ({ ...banned, status: 'checked-in' }),
      'visitors.listSummaries': () => listOf([]),
    });
    const { user } = renderApp('/guard/scan', { user: admin });

    await user.type(await screen.findByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    await user.click(await screen.findByRole('button', { name: 'Override and check in' }));
    await user.click(screen.getByRole('button', { name: 'Check In Anyway' }));
    expect(await screen.findByText('Notes are required to override the blocklist')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(0);

    await user.type(screen.getByLabelText('Why are you letting them in?'), 'Court order, escorted');
    await user.click(screen.getByRole('button', { name: 'Check In Anyway' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.checkIn')).toHaveLength(1));
    expect(callsTo(calls, 'visitors.checkIn')[0]?.input).toMatchObject({ visitorId: banned.id, override: true, notes: 'Court order, escorted' });
  });
});

describe('the admin dashboard’s blocklist alerts (docs/operations.md#blocklist)', () => {
  it('lists the unread refused check-ins and marks them seen', async () => {
    const refusedAt = '2026-11-22T14:05:00.000Z';
    let readAt: string | null = null;
    const visitorId = makeVisitor().id;
    const passId = 'c0ffee00-0000-4000-8000-0000000000aa';
    const notifications = () => [
      {
        id: 'c0ffee00-0000-4000-8000-000000000001',
        kind: 'visitor.blocklist-refused',
        target: 'visitor',
        createdAt: refusedAt,
        readAt,
        visitor: { id: visitorId, name: 'Bad Actor', status: 'approved', house: { id: 'h1', houseNumber: 'A-101', block: 'A' } },
      },
      {
        id: 'c0ffee00-0000-4000-8000-000000000002',
        kind: 'visitor.blocklist-refused',
        target: 'pass',
        createdAt: refusedAt,
        readAt,
        visitor: { id: passId, name: 'Daily Driver', status: 'active', house: { id: 'h1', houseNumber: 'A-101', block: 'A' } },
      },
    ];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.listSummaries': () => listOf([]),
      'houses.list': () => ({ items: [], total: 0 }),
      'vehicles.list': () => ({ items: [], total: 0 }),
      'notifications.count': () => ({ total: 2, unread: readAt ? 0 : 2 }),
      'notifications.list': () => ({ items: notifications(), total: 2, unread: readAt ? 0 : 2 }),
      'notifications.markRead': () => {
        readAt = '2026-11-22T14:06:00.000Z';
        return { unread: 0 };
      },
    });
    const { user } = renderApp('/dashboard', { user: admin });

    const alerts = await screen.findByRole('list', { name: 'Refused check-ins' });
    expect(within(alerts).getByRole('link', { name: /Bad Actor for House A-101/ })).toHaveAttribute('href', `/visitors/${visitorId}`);
    // A refused recurring pass opens the pass.
    expect(within(alerts).getByRole('link', { name: /Daily Driver for House A-101/ })).toHaveAttribute('href', `/passes/${passId}`);
    await user.click(screen.getByRole('button', { name: 'Mark as Seen' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Refused check-ins' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'notifications.markRead')[0]?.input).toEqual({
      ids: ['c0ffee00-0000-4000-8000-000000000001', 'c0ffee00-0000-4000-8000-000000000002'],
    });
  });
});
