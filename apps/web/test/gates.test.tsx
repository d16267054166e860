/**
 * Gates in the web app (docs/operations.md#gates): the admins' /gates page (list, add with the
 * shared
 * schema's message and the server's refusal, rename, deactivate), the guard dashboard's
 * choice of the tablet's gate (asked when several gates are active, remembered on the
 * device, changeable), the chosen gate sent with every check-in, and the gates on the
 * visitor's page and in its Activity Log.
 */
import type { Gate } from '@gatehouse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { GATE_CHOICE_KEY } from '../src/lib/gate-choice';
import { admin, guard, listOf, makeVisitor, page, PASS_TOKEN, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const gate = (name: string, overrides: Partial<Gate> = {}): Gate => ({
  id: `c0ffee00-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  isActive: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const NORTH = gate('North Gate', { id: 'c0ffee00-0000-4000-8000-000000000001' });
const SOUTH = gate('South Gate', { id: 'c0ffee00-0000-4000-8000-000000000002' });
const OLD = gate('Old Gate', { id: 'c0ffee00-0000-4000-8000-000000000003', isActive: false });

describe('/gates (docs/operations.md#gates, admin)', () => {
  it('lists the gates, adds one, shows a taken name and switches one off', async () => {
    let gates = [NORTH, OLD];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'gates.list': () => listOf(gates),
      'gates.create': ({ name }: { name: string }) => {
        if (name.toLowerCase() === 'north gate') throw trpcError(409, 'A gate with this name already exists');
        const created = gate(name, { id: 'c0ffee00-0000-4000-8000-000000000009' });
        gates = [...gates, created];
        return created;
      },
      'gates.update': ({ id, isActive }: { id: string; isActive?: boolean }) => {
        gates = gates.map((row) => (row.id === id ? { ...row, isActive: isActive ?? row.isActive } : row));
        return gates.find((row) => row.id === id);
      },
    });
    const { user } = renderApp('/gates', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Gates' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Gates' });
    expect(within(list).getByRole('heading', { name: 'North Gate' })).toBeInTheDocument();
    expect(within(list).getByText('Inactive')).toBeInTheDocument();

    // Blank: the shared schema's message, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Add Gate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gate name is required');
    expect(callsTo(calls, 'gates.create')).toHaveLength(0);

    await user.type(screen.getByLabelText('Gate name'), 'north gate');
    await user.click(screen.getByRole('button', { name: 'Add Gate' }));
    expect(await screen.findByText('A gate with this name already exists')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Gate name'));
    await user.type(screen.getByLabelText('Gate name'), 'East Gate');
    await user.click(screen.getByRole('button', { name: 'Add Gate' }));
    expect(await within(list).findByRole('heading', { name: 'East Gate' })).toBeInTheDocument();
    expect(callsTo(calls, 'gates.create').at(-1)?.input).toEqual({ name: 'East Gate' });

    await user.click(screen.getByRole('button', { name: 'Deactivate North Gate' }));
    await waitFor(() => expect(callsTo(calls, 'gates.update')[0]?.input).toEqual({ id: NORTH.id, isActive: false }));
    expect(await screen.findByRole('button', { name: 'Activate North Gate' })).toBeInTheDocument();
  });

  it('renames a gate', async () => {
    let gates = [NORTH];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'gates.list': () => listOf(gates),
      'gates.update': ({ id, name }: { id: string; name?: string }) => {
        gates = gates.map((row) => (row.id === id ? { ...row, name: name ?? row.name } : row));
        return gates[0];
      },
    });
    const { user } = renderApp('/gates', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Rename North Gate' }));
    const field = screen.getByLabelText('New name for North Gate');
    await user.clear(field);
    await user.type(field, 'Main Gate');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Main Gate' })).toBeInTheDocument();
    expect(callsTo(calls, 'gates.update')[0]?.input).toEqual({ id: NORTH.id, name: 'Main Gate' });
  });

  it('is in the admin’s menu only', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.listSummaries': () => page([]) });
    renderApp('/gates', { user: resident });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Gates');
    expect(screen.queryByRole('link', { name: 'Gates' })).not.toBeInTheDocument();
  });
});

describe('the tablet’s gate on the guard dashboard (docs/operations.md#gates)', () => {
  it('asks which gate when several are active, remembers it, and sends it with each check-in', async () => {
    const visitor = makeVisitor({ status: 'approved' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'gates.list': () => listOf([NORTH, SOUTH, OLD]),
      'visitors.listSummaries': () => page([]),
      'visitors.scan': () => visitor,
      'visitors.checkIn': () => ({ ...visitor, status: 'checked-in', check_in_time: '2026-11-22T14:05:00.000Z', checkInGate: { id: SOUTH.id, name: SOUTH.name } }),
    });
    const { user } = renderApp('/guard/dashboard', { user: guard });

    const prompt = await screen.findByRole('region', { name: 'Which gate is this tablet at?' });
    // Only the active gates are offered.
    expect(within(prompt).getAllByRole('button').map((button) => button.textContent)).toEqual(['North Gate', 'South Gate']);
    await user.click(within(prompt).getByRole('button', { name: 'This tablet is at South Gate' }));

    expect(await screen.findByText('Gate: South Gate')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Which gate is this tablet at?' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(GATE_CHOICE_KEY) ?? 'null')).toEqual({ id: SOUTH.id, name: 'South Gate' });

    await user.type(screen.getByLabelText('Pass token or code'), `${PASS_TOKEN}{Enter}`);
    expect(await screen.findByText('Visitor checked in successfully!')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.checkIn')[0]?.input).toEqual({ visitorId: visitor.id, gateId: SOUTH.id, occurredAt: expect.any(String) });

    // Changeable from the dashboard.
    await user.click(screen.getByRole('button', { name: 'Change gate (now South Gate)' }));
    await user.click(await screen.findByRole('button', { name: 'This tablet is at North Gate' }));
    expect(await screen.findByText('Gate: North Gate')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(GATE_CHOICE_KEY) ?? 'null')).toEqual({ id: NORTH.id, name: 'North Gate' });
  });

  it('asks again when the remembered gate was switched off, and names the only gate without asking', async () => {
    localStorage.setItem(GATE_CHOICE_KEY, JSON.stringify({ id: OLD.id, name: OLD.name }));
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'gates.list': () => listOf([NORTH, OLD]),
      'visitors.listSummaries': () => page([]),
    });
    renderApp('/guard/dashboard', { user: guard });
    expect(await screen.findByText('Gate: North Gate (the only gate)')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Which gate is this tablet at?' })).not.toBeInTheDocument();
  });
});

describe('the gates on the visitor’s page (docs/operations.md#gates)', () => {
  it('shows the check-in and check-out gates and the gate of each move in the Activity Log', async () => {
    const visitor = makeVisitor({
      status: 'checked-out',
      check_in_time: '2026-11-22T14:05:00.000Z',
      check_out_time: '2026-11-22T15:05:00.000Z',
      checkInGate: { id: NORTH.id, name: 'North Gate' },
      checkOutGate: { id: SOUTH.id, name: 'South Gate' },
    });
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.byId': () => visitor,
      'visitors.activity': () => ({
        items: [
          { at: '2026-11-22T14:05:00.000Z', action: 'checked-in', by: 'Gary Guard', notes: null, gate: { id: NORTH.id, name: 'North Gate' } },
          { at: '2026-11-22T15:05:00.000Z', action: 'checked-out', by: 'Gary Guard', notes: null, gate: { id: SOUTH.id, name: 'South Gate' } },
        ],
      }),
    });
    renderApp(`/visitors/${visitor.id}`, { user: resident });

    const log = (await screen.findByRole('heading', { name: 'Activity Log' })).closest('section')!;
    expect(within(log).getByText('Check-in gate').nextSibling).toHaveTextContent('North Gate');
    expect(within(log).getByText('Check-out gate').nextSibling).toHaveTextContent('South Gate');
    const history = await within(log).findByRole('list', { name: 'Visitor history' });
    expect(within(history).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Checked in by Gary Guard at North Gate',
      'Checked out by Gary Guard at South Gate',
    ]);
  });
});
