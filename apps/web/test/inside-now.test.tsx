/**
 * Inside now (docs/operations.md#reports-exports-and-inside-now): /guard/inside lists who is inside
 * by house, one table each,
 * with Print; each answer is kept on the device, and with no network the device's copy is
 * shown under "Offline — as of …", changed by the moves queued offline since (a check-in
 * adds the person from the pack, a check-out removes them), without phone numbers; logout
 * forgets it.
 */
import type { GateInsideItem, GatePackItem } from '@gatehouse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { performGateMove, type GateMoveRequest } from '../src/lib/gate-moves';
import { clearGateData, gateGeneration, mergePack, readInside, storeInside, storeSettings } from '../src/lib/gate-store';
import { createTransportClient } from '../src/lib/trpc';
import { guard, HOUSE_A101, HOUSE_B204 } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, PACK_CODE_HASH } from './trpc-mock';
import { installFakeIndexedDB } from './fake-indexeddb';

installFakeIndexedDB();

const SETTINGS = { timeZone: 'UTC', earlyCheckinMinutes: 0, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 };

/** An instant today (UTC, the community's zone here) at `hours`:`minutes`. */
function todayAt(hours: number, minutes: number): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
}

function insideItem(overrides: Partial<GateInsideItem> & Pick<GateInsideItem, 'id' | 'name'>): GateInsideItem {
  return {
    kind: 'invitation',
    phone: '+15550001111',
    houseId: HOUSE_A101,
    hostName: 'Priya Sharma',
    vehicleLicensePlate: null,
    checkInTime: new Date(todayAt(0, 1)).toISOString(),
    gate: null,
    dueOutAt: null,
    ...overrides,
  };
}

const ANN = insideItem({ id: 'dddddddd-0000-4000-8000-000000000001', name: 'Ann Arrived', vehicleLicensePlate: 'KA01AB1234' });
const ZOE = insideItem({ id: 'dddddddd-0000-4000-8000-000000000002', name: 'Zoe Zed', phone: '+15550002222' });
const WALT = insideItem({ id: 'dddddddd-0000-4000-8000-000000000003', name: 'Walt Walker', kind: 'walk-in', hostName: null, houseId: HOUSE_B204 });

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A move made at the gate while the tablet is offline (the one gate path): saved on the tablet. */
async function moveOffline(request: GateMoveRequest): Promise<void> {
  setBrowserOnline(false);
  const outcome = await performGateMove(createTransportClient({ url: 'http://localhost/trpc' }), request);
  expect(outcome.kind).toBe('saved');
}

beforeEach(async () => {
  await clearGateData();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('Inside now', () => {
  it('lists who is inside by house, one table each, with Print, and keeps the answer on the device', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.settings': () => SETTINGS,
      // Out of order on purpose: the page groups by house and sorts by name.
      'gate.inside': () => ({ items: [WALT, ZOE, ANN], total: 3 }),
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderApp('/guard/inside', { user: guard });

    expect(await screen.findByRole('heading', { level: 1, name: 'Inside now' })).toBeInTheDocument();
    expect(await screen.findByText('3 people inside')).toBeInTheDocument();

    const houses = screen.getAllByRole('heading', { level: 2 });
    expect(houses.map((heading) => heading.textContent)).toEqual(['House A-101 · Block A', 'House B-204 · Block B']);
    const [first, second] = screen.getAllByRole('table');
    expect(within(first!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Phone', 'Checked in', 'Kind', 'Vehicle']);
    const rows = within(first!).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Ann ArrivedHost: Priya Sharma', 'Zoe ZedHost: Priya Sharma']);
    expect(within(rows[0]!).getByRole('link', { name: '+15550001111' })).toHaveAttribute('href', 'tel:+15550001111');
    expect(within(rows[0]!).getByText(/^12:01 AM/)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Invitation')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('KA01AB1234')).toBeInTheDocument();
    expect(within(second!).getByRole('rowheader', { name: 'Walt Walker' })).toBeInTheDocument();
    expect(within(second!).getByText('Walk-in')).toBeInTheDocument();
    expect(screen.queryByText(/^Offline — as of/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    // Kept for the roll call offline, without phone numbers.
    await waitFor(async () => expect((await readInside())?.items.map((item) => item.id)).toEqual([WALT.id, ZOE.id, ANN.id]));
    // Asked once by the page, once by the gate sync, which keeps the same answer for offline use.
    await waitFor(() => expect(callsTo(calls, 'gate.inside')).toHaveLength(2));
    expect((await readInside())?.items.every((item) => item.phone === null)).toBe(true);
  });

  it('offline, shows the device copy as of its sync, with the moves queued offline since', async () => {
    const since = gateGeneration();
    await storeSettings({ timeZone: 'UTC', earlyCheckinMinutes: 0 }, since);
    await storeInside([ANN, ZOE], { since, now: todayAt(0, 5) });
    const newcomer: GatePackItem = {
      id: 'dddddddd-0000-4000-8000-000000000009',
      tokenHash: 'a'.repeat(64),
      passCodeHash: 'b'.repeat(64),
      name: 'Nina Newcomer',
      house: { houseNumber: HOUSE_B204.houseNumber, block: HOUSE_B204.block },
      kind: 'walk-in',
      visitDate: '2026-11-22',
      visitTimeFrom: '00:00',
      visitTimeTo: '23:59',
      status: 'approved',
      vehicleLicensePlate: 'MH12XY9876',
      updatedAt: '2026-11-22T08:00:00.000Z',
      blocklisted: null,
    };
    await mergePack({ items: [newcomer], removed: [], cursor: 'c1', codeHash: PACK_CODE_HASH }, { full: true, since });
    await moveOffline({ action: 'check-out', subject: { id: ZOE.id, name: ZOE.name, houseNumber: ZOE.houseId.houseNumber } });
    await moveOffline({ action: 'check-in', subject: { id: newcomer.id, name: newcomer.name, houseNumber: newcomer.house.houseNumber } });

    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS, 'gate.inside': () => ({ items: [], total: 0 }) });
    renderApp('/guard/inside', { user: guard });

    expect(await screen.findByText(/^Offline — as of 12:05 AM/)).toBeInTheDocument();
    expect(screen.getByText('2 people inside')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Ann Arrived/ })).toBeInTheDocument();
    expect(screen.queryByText('Zoe Zed')).not.toBeInTheDocument();
    const newcomerRow = screen.getByRole('rowheader', { name: 'Nina Newcomer' }).closest('tr')!;
    expect(within(newcomerRow).getByText('Walk-in')).toBeInTheDocument();
    expect(within(newcomerRow).getByText('MH12XY9876')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'House B-204 · Block B' })).toBeInTheDocument();
    // No phone numbers are kept on the device.
    expect(screen.queryByRole('link', { name: /^\+1555/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'gate.inside')).toHaveLength(0);

    // Logout forgets it with the pack (docs/gate.md#logging-out-of-a-gate-tablet).
    await clearGateData();
    expect(await readInside()).toBeNull();
  });

  it('offline, lists the recurring pass holders inside, with the pass moves queued offline since (docs/operations.md#frequent-visitors)', async () => {
    const since = gateGeneration();
    await storeSettings({ timeZone: 'UTC', earlyCheckinMinutes: 0 }, since);
    // The server's roll call lists a pass holder inside by the pass's id, kind recurring.
    const GARDENER = insideItem({ id: 'eeeeeeee-0000-4000-8000-000000000001', name: 'Gus Gardener', kind: 'recurring', hostName: 'Priya Sharma' });
    const DRIVER = insideItem({ id: 'eeeeeeee-0000-4000-8000-000000000002', name: 'Dev Driver', kind: 'recurring' });
    await storeInside([ANN, GARDENER, DRIVER], { since, now: todayAt(0, 5) });
    const helper: GatePackItem = {
      id: 'eeeeeeee-0000-4000-8000-000000000003',
      tokenHash: 'c'.repeat(64),
      passCodeHash: 'd'.repeat(64),
      name: 'Maria Helper',
      house: { houseNumber: HOUSE_B204.houseNumber, block: HOUSE_B204.block },
      kind: 'recurring',
      visitDate: '2026-11-22',
      visitTimeFrom: '08:00',
      visitTimeTo: '17:00',
      status: 'approved',
      vehicleLicensePlate: null,
      updatedAt: '2026-11-22T08:00:00.000Z',
      blocklisted: null,
    };
    await mergePack({ items: [helper], removed: [], cursor: 'c1', codeHash: PACK_CODE_HASH }, { full: true, since });
    await moveOffline({ action: 'check-out', subject: { id: DRIVER.id, name: DRIVER.name, houseNumber: DRIVER.houseId.houseNumber } });
    await moveOffline({ action: 'check-in', subject: { id: helper.id, name: helper.name, houseNumber: helper.house.houseNumber } });

    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.settings': () => SETTINGS, 'gate.inside': () => ({ items: [], total: 0 }) });
    renderApp('/guard/inside', { user: guard });

    expect(await screen.findByText(/^Offline — as of 12:05 AM/)).toBeInTheDocument();
    expect(screen.getByText('3 people inside')).toBeInTheDocument();
    const gardenerRow = screen.getByRole('rowheader', { name: /Gus Gardener/ }).closest('tr')!;
    expect(within(gardenerRow).getByText('Recurring pass')).toBeInTheDocument();
    expect(screen.queryByText('Dev Driver')).not.toBeInTheDocument();
    const helperRow = screen.getByRole('rowheader', { name: 'Maria Helper' }).closest('tr')!;
    expect(within(helperRow).getByText('Recurring pass')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'House B-204 · Block B' })).toBeInTheDocument();
    expect((await readInside())?.items.find((item) => item.id === helper.id)).toMatchObject({ kind: 'recurring', gate: null });
  });
});
