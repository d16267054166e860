/**
 * The admin's lists on screen: the visitor list's filters and search kept in the address and
 * sent to the server (Waiting for you still works), Export CSV of what the list shows, the
 * audit log screen (/audit: admins only, in the user menu, filters in the address, rows
 * linked to their targets, its export), and a visitor's refused check-ins.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { menuEntries } from '../src/features/shell/navigation';
import { admin, guard, makeVisitor, page, resident } from './fixtures';
import { server } from './msw-server';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

const HOUSE = { id: '11111111-1111-4111-8111-111111111111', houseNumber: '101', block: 'A', street: 'Maple Avenue', ownerId: null, residents: [], createdAt: '2026-01-01T00:00:00.000Z' };
const GATE = { id: '22222222-2222-4222-8222-222222222222', name: 'North Gate', isActive: true, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const SETTINGS = { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 };

/** What an admin's list screen reads besides the list. */
const adminReads = {
  'auth.me': () => ({ user: admin }),
  'visitors.settings': () => SETTINGS,
  'houses.list': () => ({ items: [HOUSE], total: 1 }),
  'gates.list': () => ({ items: [GATE], total: 1 }),
};

const search = () => Object.fromEntries(new URLSearchParams(window.location.search));

// Each test walks a screen through several server round trips: room for a busy machine.
const SLOW = 20_000;

describe('the visitor list’s filters', () => {
  it('reads the filters from the address, sends them to the server, and writes each change back', async () => {
    const calls = mockTrpc({ ...adminReads, 'visitors.listSummaries': () => page([makeVisitor({ name: 'Tara Today' })]) });
    const { user } = renderApp(`/visitors?status=approved&from=2026-11-01&to=2026-11-30&q=A-101&house=${HOUSE.id}`, { user: admin });
    await screen.findByRole('heading', { name: 'Tara Today' });
    expect(callsTo(calls, 'visitors.listSummaries')[0]?.input).toEqual({
      limit: 50,
      q: 'A-101',
      status: 'approved',
      from: '2026-11-01',
      to: '2026-11-30',
      houseId: HOUSE.id,
    });
    // The controls show the address's filters, each with its label.
    expect(screen.getByLabelText('Search visitors')).toHaveValue('A-101');
    expect(screen.getByLabelText('Status')).toHaveValue('approved');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    await waitFor(() => expect(screen.getByLabelText('House')).toHaveValue(HOUSE.id));

    await user.selectOptions(screen.getByLabelText('Gate'), 'North Gate');
    await waitFor(() => expect(callsTo(calls, 'visitors.listSummaries').at(-1)?.input).toMatchObject({ gateId: GATE.id, houseId: HOUSE.id }));
    expect(search()).toMatchObject({ gate: GATE.id, status: 'approved', q: 'A-101' });

    // Back restores the filters of the previous address.
    window.history.back();
    await waitFor(() => expect(search().gate).toBeUndefined());
    await waitFor(() => expect(screen.getByLabelText('Gate')).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(callsTo(calls, 'visitors.listSummaries').at(-1)?.input).toEqual({ limit: 50 }));
    expect(window.location.search).toBe('');
    expect(screen.getByLabelText('Search visitors')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  }, SLOW);

  it('writes a settled search to the address, and shows no house or gate filter to a guard', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS, 'visitors.listSummaries': () => page([]) });
    const { user } = renderApp('/visitors', { user: guard });
    await screen.findByRole('heading', { level: 1, name: 'All Visitors' });
    expect(screen.queryByLabelText('House')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Gate')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search visitors'), 'KA01');
    await waitFor(() => expect(search()).toEqual({ q: 'KA01' }));
    expect(callsTo(calls, 'visitors.listSummaries').at(-1)?.input).toEqual({ limit: 50, q: 'KA01' });
    await user.selectOptions(screen.getByLabelText('Status'), 'Checked In');
    await waitFor(() => expect(search()).toEqual({ q: 'KA01', status: 'checked-in' }));
    expect(await screen.findByText('Try other filters, or another name, phone, plate or house.')).toBeInTheDocument();
  }, SLOW);

  it('keeps a resident’s Waiting for you in the address, with the house’s pending walk-ins', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => SETTINGS,
      'visitors.myInvitationSummaries': () => page([]),
      'visitors.listSummaries': () => page([]),
    });
    const { user } = renderApp('/visitors', { user: resident });
    await screen.findByRole('heading', { level: 1, name: 'My Invitations' });
    await user.click(screen.getByRole('button', { name: 'Waiting for you' }));
    expect(await screen.findByText('Nobody is waiting for you')).toBeInTheDocument();
    expect(search()).toEqual({ view: 'waiting' });
    expect(callsTo(calls, 'visitors.listSummaries').map((call) => call.input)).toContainEqual({ limit: 50, status: 'pending' });
    // The status is the view's: no status filter meanwhile.
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'My Invitations' }));
    await waitFor(() => expect(search()).toEqual({}));
  }, SLOW);
});

describe('Export CSV of what the list shows', () => {
  const saved: string[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T14:00:00.000Z'));
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  const answerCsv = (urls: URL[]) =>
    server.use(
      http.get('*/api/*/export.csv', ({ request }) => {
        const url = new URL(request.url);
        urls.push(url);
        return new HttpResponse('id\n', {
          headers: { 'Content-Disposition': `attachment; filename="visitors-${url.searchParams.get('from')}-to-${url.searchParams.get('to')}.csv"` },
        });
      }),
    );

  it('sends the list’s filters and dates, or the last 30 days and the upcoming visits, and names the range', async () => {
    mockTrpc({ ...adminReads, 'visitors.listSummaries': () => page([]) });
    const urls: URL[] = [];
    answerCsv(urls);
    const { user } = renderApp(`/visitors?status=checked-in&q=A-101&gate=${GATE.id}`, { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'All Visitors' });
    // No dates chosen: 30 days back and the rest of 366 ahead, said under the button.
    expect(await screen.findByText('Visits from Oct 24, 2026 to Oct 24, 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['visitors-2026-10-24-to-2027-10-24.csv']));
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ status: 'checked-in', q: 'A-101', gateId: GATE.id, from: '2026-10-24', to: '2027-10-24' });

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-12-31');
    expect(await screen.findByText('Visits from Nov 01, 2026 to Dec 31, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.at(-1)).toBe('visitors-2026-11-01-to-2026-12-31.csv'));
    expect(urls.at(-1)!.searchParams.get('from')).toBe('2026-11-01');
  }, SLOW);

  it('shows the server’s refusal of a range over 366 days', async () => {
    mockTrpc({ ...adminReads, 'visitors.listSummaries': () => page([]) });
    server.use(
      http.get('*/api/visitors/export.csv', () =>
        HttpResponse.json(
          { success: false, data: null, error: 'An export covers at most 366 days', code: 'VALIDATION_FAILED', details: [{ path: 'to', message: 'An export covers at most 366 days' }] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/visitors?from=2025-01-01&to=2026-11-22', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'All Visitors' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An export covers at most 366 days');
  }, SLOW);

  it('exports a resident’s own invitations as their list shows them (mine)', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.settings': () => SETTINGS, 'visitors.myInvitationSummaries': () => page([]), 'visitors.listSummaries': () => page([]) });
    const urls: URL[] = [];
    answerCsv(urls);
    const { user } = renderApp('/visitors?from=2026-11-22', { user: resident });
    await screen.findByRole('heading', { level: 1, name: 'My Invitations' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ from: '2026-11-22', to: '2027-11-22', mine: 'true' });
  }, SLOW);
});

describe('the audit log (/audit)', () => {
  const visitorId = '33333333-3333-4333-8333-333333333333';
  const events = [
    {
      id: 'e1',
      occurredAt: '2026-11-22T14:05:00.000Z',
      action: 'visitor.checked-in',
      actor: { id: guard.id, name: 'Gary Guard' },
      actorEmail: null,
      apiToken: null,
      ipAddress: '10.0.0.1',
      targetType: 'visitor',
      targetId: visitorId,
      targetLabel: 'Tara Today',
      details: null,
    },
    {
      id: 'e2',
      occurredAt: '2026-11-22T13:00:00.000Z',
      action: 'auth.sign-in-failed',
      actor: null,
      actorEmail: 'ghost@example.com',
      apiToken: null,
      ipAddress: '10.0.0.2',
      targetType: null,
      targetId: null,
      targetLabel: null,
      details: { reason: 'unknown-email' },
    },
    {
      id: 'e3',
      occurredAt: '2026-11-21T13:00:00.000Z',
      action: 'house.deleted',
      actor: { id: admin.id, name: 'Ada Admin' },
      actorEmail: null,
      apiToken: { id: 't1', name: 'Committee sync' },
      ipAddress: '10.0.0.3',
      targetType: 'house',
      targetId: '44444444-4444-4444-8444-444444444444',
      targetLabel: null,
      details: null,
    },
  ];

  it('is in an admin’s user menu only, and guarded like the other admin pages', async () => {
    expect(menuEntries('admin').wide.map((entry) => entry.href)).toContain('/audit');
    expect(menuEntries('guard').wide.map((entry) => entry.href)).not.toContain('/audit');
    expect(menuEntries('resident').narrow.map((entry) => entry.href)).not.toContain('/audit');
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS, 'visitors.listSummaries': () => page([]) });
    renderApp('/audit', { user: guard });
    await waitFor(() => expect(currentPath()).not.toBe('/audit'));
  }, SLOW);

  it('lists the events newest first, filters them in the address, links each to its target, and exports with the filters', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T14:00:00.000Z'));
    const calls = mockTrpc({
      ...adminReads,
      'users.list': () => ({ items: [guard, admin], total: 2 }),
      'audit.list': () => ({ items: events, total: 3 }),
      'visitors.byId': () => makeVisitor({ id: visitorId, name: 'Tara Today' }),
      'visitors.blocklistRefusals': () => ({ items: [] }),
      'visitors.activity': () => ({ items: [] }),
    });
    const urls: URL[] = [];
    server.use(http.get('*/api/audit/export.csv', ({ request }) => (urls.push(new URL(request.url)), new HttpResponse('id\n'))));
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/audit?from=2026-11-21', { user: admin });

    const table = await screen.findByRole('table', { name: 'Audit events, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Visitor checked in', 'Sign-in failed', 'House deleted']);
    expect(within(rows[0]!).getByText(/Nov 22, 2026 at 9:05 AM/)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('ghost@example.com')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('with the API token Committee sync')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/no longer exists/)).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(callsTo(calls, 'audit.list')[0]?.input).toEqual({ limit: 50, from: '2026-11-21' });

    await user.selectOptions(screen.getByLabelText('Action'), 'Visitor checked in');
    await user.selectOptions(screen.getByLabelText('By'), 'Gary Guard (guard@gatehouse.test)');
    await waitFor(() =>
      expect(callsTo(calls, 'audit.list').at(-1)?.input).toEqual({ limit: 50, action: 'visitor.checked-in', actorId: guard.id, from: '2026-11-21' }),
    );
    expect(search()).toEqual({ from: '2026-11-21', action: 'visitor.checked-in', actor: guard.id });

    // One target only, from its row.
    await user.click(within(rows[0]!).getByRole('button', { name: 'Show only events about Tara Today' }));
    await waitFor(() => expect(callsTo(calls, 'audit.list').at(-1)?.input).toMatchObject({ targetType: 'visitor', targetId: visitorId }));
    expect(await screen.findByText('Only: Tara Today')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      from: '2026-11-21',
      to: '2026-11-22',
      action: 'visitor.checked-in',
      actorId: guard.id,
      targetType: 'visitor',
      targetId: visitorId,
    });

    await user.click(within(screen.getByRole('table')).getByRole('link', { name: 'Tara Today' }));
    await waitFor(() => expect(currentPath()).toBe(`/visitors/${visitorId}`));
    vi.useRealTimers();
  }, SLOW);
});

describe('a visitor’s refused check-ins', () => {
  const visitor = makeVisitor({ name: 'Bo Blocked' });
  const refusals = {
    items: [
      { at: '2026-11-22T14:30:00.000Z', gate: { id: GATE.id, name: 'North Gate' }, by: { id: guard.id, name: 'Gary Guard' }, reason: 'Threatened staff' },
      { at: '2026-11-20T14:30:00.000Z', gate: null, by: null, reason: 'Threatened staff' },
    ],
  };

  it('lists each with date, gate, guard and reason for the gate staff and admins', async () => {
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.settings': () => SETTINGS,
      'visitors.byId': () => visitor,
      'visitors.activity': () => ({ items: [] }),
      'visitors.blocklistRefusals': () => refusals,
    });
    renderApp(`/visitors/${visitor.id}`, { user: admin });
    const list = await screen.findByRole('list', { name: 'Refused check-ins' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Nov 22, 2026 at 9:30 AM');
    expect(items[0]).toHaveTextContent('North Gate');
    expect(items[0]).toHaveTextContent('Gary Guard');
    expect(items[0]).toHaveTextContent('Threatened staff');
    expect(items[1]).toHaveTextContent('Not recorded');
    expect(screen.getByRole('heading', { name: 'Refused at the gate' })).toBeInTheDocument();
  }, SLOW);

  it('asks nothing and shows nothing to a resident', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => SETTINGS,
      'visitors.byId': () => visitor,
      'visitors.activity': () => ({ items: [] }),
      'visitors.blocklistRefusals': () => refusals,
    });
    renderApp(`/visitors/${visitor.id}`, { user: resident });
    await screen.findByRole('heading', { level: 1, name: 'Bo Blocked' });
    expect(screen.queryByRole('list', { name: 'Refused check-ins' })).not.toBeInTheDocument();
    expect(callsTo(calls, 'visitors.blocklistRefusals')).toEqual([]);
  }, SLOW);
});
