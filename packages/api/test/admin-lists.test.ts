/**
 * The admin's lists: visitor lists nearest visit first with their filters (status, dates,
 * house, gate, a search of name, phone, plate or house), the visitor export of exactly what
 * the list shows (any range up to 366 days), the audit log's filters and target labels, and a
 * visitor's refused check-ins, on both databases.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import type { VisitorListRequest } from '@gatehouse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** h.now: 2026-11-22 09:00 in New York. */
const TODAY = '2026-11-22';

/** Reads an export's rows (an async iterable) into an array. */
async function rowsOf(rows: AsyncIterable<Record<string, string | null>>): Promise<Record<string, string | null>[]> {
  const all: Record<string, string | null>[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe.each(legs)('admin lists on $name', (leg) => {
  let h: Harness;
  let c: Community;
  let northGate: string;
  let southGate: string;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    const admin = h.caller(c.admin.token);
    northGate = (await admin.gates.create({ name: 'North Gate' })).id;
    southGate = (await admin.gates.create({ name: 'South Gate' })).id;
    const invite = async (key: string, token: string, houseId: string, visitDate: string, visitTimeFrom: string, extra: { vehicleLicensePlate?: string } = {}) => {
      const visitor = await h.caller(token).visitors.invite({
        name: key,
        phone: `+1555010${String(Object.keys(id).length).padStart(4, '0')}`,
        houseId,
        visitDate,
        visitTimeFrom,
        visitTimeTo: '23:00',
        ...extra,
      });
      id[key] = visitor.id;
    };
    // Past visits are invited on their own day, then the clock comes back to today.
    const today = h.now;
    h.now = new Date('2026-11-10T12:00:00.000Z');
    await invite('Past One', c.resident.token, c.houseId, '2026-11-10', '16:00');
    h.now = new Date('2026-11-20T12:00:00.000Z');
    await invite('Past Two', c.neighbour.token, c.otherHouseId, '2026-11-20', '12:00');
    await invite('Past Three', c.admin.token, c.houseId, '2026-11-20', '13:00');
    h.now = today;
    await invite('Tara Today', c.resident.token, c.houseId, TODAY, '14:00', { vehicleLicensePlate: 'KA01 AB 1234' });
    await invite('Tie Break', c.neighbour.token, c.otherHouseId, TODAY, '14:00');
    await invite('Early Bird', c.neighbour.token, c.otherHouseId, TODAY, '08:00');
    await invite('Tom Tomorrow', c.resident.token, c.houseId, '2026-11-23', '09:00');
    await invite('Nov Guest', c.admin.token, c.houseId, '2026-11-25', '11:00');
    await invite('Dec Guest', c.neighbour.token, c.otherHouseId, '2026-12-15', '10:00');
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: id['Early Bird']!, gateId: northGate });
  });
  afterAll(() => h?.close());

  const names = (items: { name: string }[]) => items.map((item) => item.name);
  /** The two 14:00 visits of today, in id order. */
  const ties = () => [['Tara Today', id['Tara Today']!] as const, ['Tie Break', id['Tie Break']!] as const].sort((a, b) => a[1].localeCompare(b[1])).map(([name]) => name);

  it('orders every list nearest visit first: today by start time, then upcoming soonest first, then past latest first', async () => {
    const admin = h.caller(c.admin.token);
    const expected = ['Early Bird', ...ties(), 'Tom Tomorrow', 'Nov Guest', 'Dec Guest', 'Past Three', 'Past Two', 'Past One'];
    const all = await admin.visitors.listSummaries({ limit: 100 });
    expect(names(all.items)).toEqual(expected);
    expect(all.total).toBe(9);
    expect(names((await admin.visitors.list({ limit: 100 })).items)).toEqual(expected);
    // Pages of any size add up to the same order, across the parts of the order.
    for (const limit of [1, 2, 4]) {
      const pages: string[] = [];
      for (let offset = 0; offset < 9; offset += limit) pages.push(...names((await admin.visitors.listSummaries({ limit, offset })).items));
      expect(pages, `limit ${limit}`).toEqual(expected);
    }
    // A resident's My Invitations and their house's list keep the same order.
    const resident = h.caller(c.resident.token);
    expect(names((await resident.visitors.myInvitationSummaries({ limit: 100 })).items)).toEqual(['Tara Today', 'Tom Tomorrow', 'Past One']);
    expect(names((await resident.visitors.listSummaries({ limit: 100 })).items)).toEqual(['Tara Today', 'Tom Tomorrow', 'Nov Guest', 'Past Three', 'Past One']);
    // A status keeps the order; checked-in visitors stay latest check-in first.
    expect(names((await admin.visitors.listSummaries({ status: 'expired' })).items)).toEqual(['Past Three', 'Past Two', 'Past One']);
    expect(names((await admin.visitors.listSummaries({ status: 'checked-in' })).items)).toEqual(['Early Bird']);
  });

  it('filters by visit dates, house and gate on the server, counting what it filters', async () => {
    const admin = h.caller(c.admin.token);
    const list = (input: VisitorListRequest) => admin.visitors.listSummaries({ limit: 100, ...input });
    const range = await list({ from: '2026-11-20', to: '2026-11-25' });
    expect(names(range.items)).toEqual(['Early Bird', ...ties(), 'Tom Tomorrow', 'Nov Guest', 'Past Three', 'Past Two']);
    expect(range.total).toBe(7);
    expect(names((await list({ from: '2026-11-23' })).items)).toEqual(['Tom Tomorrow', 'Nov Guest', 'Dec Guest']);
    expect(names((await list({ to: '2026-11-21' })).items)).toEqual(['Past Three', 'Past Two', 'Past One']);
    const house = await list({ houseId: c.otherHouseId });
    expect(names(house.items)).toEqual(['Early Bird', 'Tie Break', 'Dec Guest', 'Past Two']);
    expect(house.total).toBe(4);
    expect(await list({ gateId: northGate })).toMatchObject({ items: [{ name: 'Early Bird' }], total: 1 });
    expect(await list({ gateId: southGate })).toEqual({ items: [], total: 0 });
    expect(await list({ houseId: c.otherHouseId, status: 'approved', from: TODAY, to: TODAY })).toMatchObject({ items: [{ name: 'Tie Break' }], total: 1 });
    // A resident's filters narrow their own reach, never widen it.
    expect(await h.caller(c.resident.token).visitors.listSummaries({ houseId: c.otherHouseId })).toEqual({ items: [], total: 0 });
    // The documented messages for bad filters.
    expect(await failure(list({ from: '2026-11-25', to: '2026-11-20' }))).toMatchObject({ status: 400, message: 'The start date must not be after the end date' });
    expect(await failure(list({ from: '2026-02-30' }))).toMatchObject({ status: 400, message: 'From must be a date (YYYY-MM-DD)' });
    expect(await failure(list({ gateId: 'north' }))).toMatchObject({ status: 400, message: 'Invalid gate' });
  });

  it('searches name, phone, plate, and the house by number or block-number', async () => {
    const admin = h.caller(c.admin.token);
    const search = async (q: string, more: VisitorListRequest = {}) => names((await admin.visitors.listSummaries({ limit: 100, q, ...more })).items);
    const houseA = ['Tara Today', 'Tom Tomorrow', 'Nov Guest', 'Past Three', 'Past One'];
    expect(await search('tomor')).toEqual(['Tom Tomorrow']);
    expect(await search('ab 12')).toEqual(['Tara Today']);
    expect(await search('ka01')).toEqual(['Tara Today']);
    for (const q of ['A-101', 'a101', 'A 101', '101']) expect(await search(q), q).toEqual(houseA);
    expect(await search('B-202')).toEqual(['Early Bird', 'Tie Break', 'Dec Guest', 'Past Two']);
    expect(await search('A-101', { status: 'expired' })).toEqual(['Past Three', 'Past One']);
    expect(await search('A-101', { from: TODAY, to: '2026-11-30' })).toEqual(['Tara Today', 'Tom Tomorrow', 'Nov Guest']);
    expect((await admin.visitors.listSummaries({ q: 'A-101', limit: 2, offset: 4 })).total).toBe(5);
    // The phone: a fragment of Dec Guest's number.
    const dec = await admin.visitors.byId({ id: id['Dec Guest']! });
    expect(await search(dec.phone!.slice(-5))).toEqual(['Dec Guest']);
    expect(await search('C-303')).toEqual([]);
  });

  it('exports exactly what the list shows, future visits included, over any range up to 366 days', async () => {
    const admin = h.caller(c.admin.token);
    const clock = { from: '2026-11-20', to: '2026-12-31' };
    const shown = await admin.visitors.listSummaries({ ...clock, q: 'A-101', limit: 100 });
    const exported = await admin.visitors.exportCsv({ ...clock, q: 'A-101' });
    expect(exported.filename).toBe('visitors-2026-11-20-to-2026-12-31.csv');
    const rows = await rowsOf(exported.rows);
    expect(rows.map((row) => row.id).sort()).toEqual(shown.items.map((item) => item.id).sort());
    expect(rows.map((row) => row.name)).toEqual(['Past Three', 'Tara Today', 'Tom Tomorrow', 'Nov Guest']);
    // The house, gate and status filters as in the list; Dec Guest is weeks ahead.
    // (Oldest visit first, then by id: today's two are in id order.)
    expect((await rowsOf((await admin.visitors.exportCsv({ ...clock, houseId: c.otherHouseId })).rows)).map((row) => row.name).sort()).toEqual([
      'Dec Guest',
      'Early Bird',
      'Past Two',
      'Tie Break',
    ]);
    expect((await rowsOf((await admin.visitors.exportCsv({ ...clock, gateId: northGate })).rows)).map((row) => row.name)).toEqual(['Early Bird']);
    // A resident's My Invitations: `mine`.
    const mine = await h.caller(c.resident.token).visitors.exportCsv({ from: '2026-11-01', to: '2026-11-30', mine: true });
    expect((await rowsOf(mine.rows)).map((row) => row.name)).toEqual(['Past One', 'Tara Today', 'Tom Tomorrow']);
    // 366 days is the most: a leap year's worth, from either end.
    expect((await admin.visitors.exportCsv({ from: '2026-11-22', to: '2027-11-22' })).filename).toBe('visitors-2026-11-22-to-2027-11-22.csv');
    expect(await failure(admin.visitors.exportCsv({ from: '2026-11-22', to: '2027-11-23' }))).toEqual({ status: 400, message: 'An export covers at most 366 days' });
    expect(await failure(admin.visitors.exportCsv({ to: '2027-11-23', from: '2026-01-01' }))).toEqual({ status: 400, message: 'An export covers at most 366 days' });
    expect(await failure(admin.audit.exportCsv({ from: '2025-11-01', to: '2026-11-22' }))).toEqual({ status: 400, message: 'An export covers at most 366 days' });
  });

  it('lists the audit log newest first, filtered by action, actor, target and days, each row naming its target', async () => {
    const admin = h.caller(c.admin.token);
    const visitorRows = await admin.audit.list({ targetType: 'visitor', targetId: id['Early Bird']!, limit: 100 });
    expect(visitorRows.items.map((row) => row.action)).toEqual(['visitor.checked-in', 'visitor.invited']);
    expect(visitorRows.items.every((row) => row.targetLabel === 'Early Bird')).toBe(true);
    const byGuard = await admin.audit.list({ actorId: c.guard.id, limit: 100 });
    expect(byGuard.items.map((row) => row.action)).toContain('visitor.checked-in');
    expect(byGuard.items.every((row) => row.actor?.id === c.guard.id)).toBe(true);
    const gates = await admin.audit.list({ action: 'gate.created', limit: 100 });
    expect(gates.items.map((row) => row.targetLabel)).toEqual(['South Gate', 'North Gate']);
    const houses = await admin.audit.list({ targetType: 'house', action: 'house.created', limit: 100 });
    expect(houses.items.map((row) => row.targetLabel).sort()).toEqual(['A-101', 'B-202']);
    // Days in the community's zone: the past invitations were made on Nov 10 and Nov 20.
    const nov20 = await admin.audit.list({ action: 'visitor.invited', from: '2026-11-20', to: '2026-11-20', limit: 100 });
    expect(nov20.items.map((row) => row.targetLabel)).toEqual(['Past Three', 'Past Two']);
    expect(nov20.total).toBe(2);
    const early = await admin.audit.list({ action: 'visitor.invited', to: '2026-11-19', limit: 100 });
    expect(early.items.map((row) => row.targetLabel)).toEqual(['Past One']);
    // The export takes the same filters.
    const exported = await admin.audit.exportCsv({ action: 'visitor.invited', from: '2026-11-20', to: '2026-11-20' });
    expect(exported.filename).toBe('audit-2026-11-20-to-2026-11-20.csv');
    // (Both at one instant: by id.)
    expect((await rowsOf(exported.rows)).map((row) => row.targetId).sort()).toEqual([id['Past Two'], id['Past Three']].sort());
    const forTarget = await rowsOf((await admin.audit.exportCsv({ targetType: 'visitor', targetId: id['Early Bird']!, from: TODAY })).rows);
    expect(forTarget.map((row) => row.action).sort()).toEqual(['visitor.checked-in', 'visitor.invited']);
    expect(await failure(admin.audit.list({ targetType: 'planet' as never }))).toMatchObject({ status: 400, message: 'Invalid target type' });
    expect((await failure(h.caller(c.guard.token).audit.list({}))).status).toBe(403);
  });

  it('lists a visitor’s refused check-ins with date, gate, guard and reason, for the gate and the admins', async () => {
    const admin = h.caller(c.admin.token);
    const guard = h.caller(c.guard.token);
    const tara = await admin.visitors.byId({ id: id['Tara Today']! });
    expect(await admin.visitors.blocklistRefusals({ id: tara.id })).toEqual({ items: [] });
    const entry = await admin.blocklist.create({ name: 'Tara Today', licensePlate: 'KA01 AB 1234', reason: 'Damaged the barrier' });
    // Within the early allowance of her 14:00 visit.
    h.now = new Date('2026-11-22T18:30:00.000Z');
    try {
      expect((await failure(guard.visitors.checkIn({ visitorId: tara.id, gateId: southGate }))).status).toBe(409);
      h.now = new Date('2026-11-22T18:40:00.000Z');
      expect((await failure(admin.visitors.checkIn({ visitorId: tara.id, gateId: northGate }))).status).toBe(409);
    } finally {
      h.now = new Date('2026-11-22T14:00:00.000Z');
    }
    const refusals = await guard.visitors.blocklistRefusals({ id: tara.id });
    expect(refusals.items).toEqual([
      { at: '2026-11-22T18:40:00.000Z', gate: { id: northGate, name: 'North Gate' }, by: { id: c.admin.id, name: 'Ada Admin' }, reason: 'Damaged the barrier' },
      { at: '2026-11-22T18:30:00.000Z', gate: { id: southGate, name: 'South Gate' }, by: { id: c.guard.id, name: 'Gus Guard' }, reason: 'Damaged the barrier' },
    ]);
    // Residents never see the blocklist's reasons; an unknown visitor is 404.
    expect((await failure(h.caller(c.resident.token).visitors.blocklistRefusals({ id: tara.id }))).status).toBe(403);
    expect(await failure(admin.visitors.blocklistRefusals({ id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, message: 'Visitor not found' });
    await admin.blocklist.remove({ id: entry.id });
  });
});
