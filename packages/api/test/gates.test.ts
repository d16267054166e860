/**
 * Gates (docs/operations.md#gates) on both databases: admins add, rename and switch gates on and
 * off
 * (names unique whatever their case, every change in the audit log); everyone signed in
 * lists them; a check-in or check-out records the gate it names, or the only active gate,
 * or none when several are active; an unknown or inactive gate is 400 `Unknown gate` and
 * changes nothing; offline replays carry their gate; the visitor JSON, the Activity Log,
 * Inside now and the summaries show (or leave out) the gates as docs/operations.md#gates says.
 */
import { AuditEvent, VisitorInvitation } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import type { GateTransitionRequest, Visitor } from '@gatehouse/shared';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // Sunday 09:00 in New York

describe.each(legs)('Gates on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const admin = () => h.caller(c.admin.token);
  const guard = () => h.caller(c.guard.token);
  // A move of an invitation answers the visitor (a recurring pass's answers the pass).
  const checkIn = (input: GateTransitionRequest) => guard().visitors.checkIn(input) as Promise<Visitor>;
  const checkOut = (input: GateTransitionRequest) => guard().visitors.checkOut(input) as Promise<Visitor>;
  const invite = (name: string) =>
    h.caller(c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
  /** Switches every gate off, so that each test starts with the gates it adds. */
  const noActiveGates = async () => {
    await h.em().getConnection().execute('update gate set is_active = false');
  };
  /** The 400's field details, as the envelope carries them. */
  const details = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(TRPCError);
      const described = describeError(error);
      return { status: described.status, code: described.code, message: described.message, details: described.details };
    }
    throw new Error('expected the call to fail');
  };

  beforeAll(async () => {
    h = await createHarness(leg, { now: START });
    c = await h.community();
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    h.now = START;
    await noActiveGates();
  });

  it('adds, lists by name, renames and switches gates on and off, with audit rows', async () => {
    const north = await admin().gates.create({ name: '  North Gate ' });
    expect(north).toMatchObject({ name: 'North Gate', isActive: true, createdAt: START.toISOString() });
    const east = await admin().gates.create({ name: 'east gate' });

    // Every signed-in user lists every gate, active and inactive, by name (whatever the case).
    const listed = await h.caller(c.resident.token).gates.list();
    const names = listed.items.map((gate) => gate.name);
    expect(names.indexOf('east gate')).toBeLessThan(names.indexOf('North Gate'));
    expect(listed.total).toBe(listed.items.length);
    expect(listed.items.find((gate) => gate.id === north.id)).toEqual(north);

    // The same name in another case is taken.
    expect(await failure(admin().gates.create({ name: 'NORTH gate' }))).toEqual({ status: 409, message: 'A gate with this name already exists' });
    expect(await failure(admin().gates.update({ id: east.id, name: 'north GATE' }))).toEqual({ status: 409, message: 'A gate with this name already exists' });

    h.now = new Date(START.getTime() + 60_000);
    const renamed = await admin().gates.update({ id: east.id, name: 'East Gate' });
    expect(renamed).toMatchObject({ id: east.id, name: 'East Gate', isActive: true, updatedAt: h.now.toISOString() });
    const off = await admin().gates.update({ id: east.id, isActive: false });
    expect(off.isActive).toBe(false);
    // Nothing to change: no audit row.
    await admin().gates.update({ id: east.id, isActive: false });

    const audit = await h.em().find(AuditEvent, { targetType: 'gate', targetId: east.id }, { orderBy: { sequence: 'asc' } });
    expect(audit.map((event) => [event.action, event.details])).toEqual([
      ['gate.created', { name: 'east gate' }],
      ['gate.updated', { name: { from: 'east gate', to: 'East Gate' } }],
      ['gate.updated', { isActive: false }],
    ]);
    expect(audit.every((event) => (event.actor as { id: string }).id === c.admin.id)).toBe(true);
  });

  it('refuses bad input, strangers and non-admins', async () => {
    expect(await failure(admin().gates.create({ name: '   ' }))).toEqual({ status: 400, message: 'Gate name is required' });
    expect(await failure(admin().gates.create({ name: 'x'.repeat(61) }))).toEqual({ status: 400, message: 'Gate name must be at most 60 characters' });
    expect(await failure(admin().gates.update({ id: '00000000-0000-4000-8000-000000000000', name: 'Nowhere' }))).toEqual({ status: 404, message: 'Gate not found' });
    expect(await failure(admin().gates.update({ id: 'not-a-uuid', isActive: true }))).toEqual({ status: 404, message: 'Gate not found' });
    expect((await failure(guard().gates.create({ name: 'Guard Gate' }))).status).toBe(403);
    expect((await failure(h.caller(c.resident.token).gates.create({ name: 'Resident Gate' }))).status).toBe(403);
    const gate = await admin().gates.create({ name: 'Locked Gate' });
    expect((await failure(guard().gates.update({ id: gate.id, isActive: false }))).status).toBe(403);
    expect((await failure(h.caller(null).gates.list())).status).toBe(401);
  });

  it('records the named gate on check-in and check-out, in the visitor and in its audit rows', async () => {
    const main = await admin().gates.create({ name: 'Main Gate A' });
    const back = await admin().gates.create({ name: 'Back Gate A' });
    const visitor = await invite('Gina Gated');

    const inside = await checkIn({ visitorId: visitor.id, gateId: main.id.toUpperCase(), notes: 'Blue car' });
    expect(inside.checkInGate).toEqual({ id: main.id, name: 'Main Gate A' });
    expect(inside.checkOutGate).toBeNull();
    const out = await checkOut({ visitorId: visitor.id, gateId: back.id });
    expect(out.checkInGate).toEqual({ id: main.id, name: 'Main Gate A' });
    expect(out.checkOutGate).toEqual({ id: back.id, name: 'Back Gate A' });
    expect(await admin().visitors.byId({ id: visitor.id })).toMatchObject({ checkInGate: { id: main.id }, checkOutGate: { id: back.id } });

    const rows = await h.em().find(AuditEvent, { targetType: 'visitor', targetId: visitor.id, action: { $in: ['visitor.checked-in', 'visitor.checked-out'] } }, { orderBy: { sequence: 'asc' } });
    expect(rows.map((row) => row.details)).toEqual([{ notes: 'Blue car', gateId: main.id }, { gateId: back.id }]);

    // The Activity Log shows the gate and the guard of each move.
    const activity = await h.caller(c.resident.token).visitors.activity({ id: visitor.id });
    expect(activity.items.filter((item) => item.action === 'checked-in' || item.action === 'checked-out')).toEqual([
      { at: START.toISOString(), action: 'checked-in', by: 'Gus Guard', notes: 'Blue car', gate: { id: main.id, name: 'Main Gate A' } },
      { at: START.toISOString(), action: 'checked-out', by: 'Gus Guard', notes: null, gate: { id: back.id, name: 'Back Gate A' } },
    ]);
    expect(activity.items.find((item) => item.action === 'invited')?.gate).toBeNull();

    // A renamed gate reads with its new name.
    await admin().gates.update({ id: main.id, name: 'Main Gate Renamed' });
    expect((await admin().visitors.byId({ id: visitor.id })).checkInGate).toEqual({ id: main.id, name: 'Main Gate Renamed' });
  });

  it('uses the only active gate when none is named, and none when several are active', async () => {
    // No gate at all: none recorded, and no gateId in the audit row.
    const first = await invite('No Gate Yet');
    const noGate = await checkIn({ visitorId: first.id });
    expect(noGate.checkInGate).toBeNull();
    const [noGateAudit] = await h.em().find(AuditEvent, { targetId: first.id, action: 'visitor.checked-in' });
    expect(noGateAudit?.details).toBeNull();

    const only = await admin().gates.create({ name: 'Only Gate' });
    // An inactive gate does not count.
    const spare = await admin().gates.create({ name: 'Spare Gate' });
    await admin().gates.update({ id: spare.id, isActive: false });
    const second = await invite('One Gate');
    expect((await checkIn({ visitorId: second.id })).checkInGate).toEqual({ id: only.id, name: 'Only Gate' });
    expect((await checkOut({ visitorId: first.id })).checkOutGate).toEqual({ id: only.id, name: 'Only Gate' });
    const [defaulted] = await h.em().find(AuditEvent, { targetId: second.id, action: 'visitor.checked-in' });
    expect(defaulted?.details).toEqual({ gateId: only.id });

    await admin().gates.update({ id: spare.id, isActive: true });
    const third = await invite('Two Gates');
    const ambiguous = await checkIn({ visitorId: third.id, gateId: null });
    expect(ambiguous.checkInGate).toBeNull();
  });

  it('answers 400 Unknown gate for an unknown, inactive or malformed gate, and changes nothing', async () => {
    const closed = await admin().gates.create({ name: 'Closed Gate' });
    await admin().gates.update({ id: closed.id, isActive: false });
    await admin().gates.create({ name: 'Open Gate' });
    const visitor = await invite('Refused Gate');
    for (const gateId of [closed.id, '00000000-0000-4000-8000-000000000000', 'main-gate']) {
      expect(await details(checkIn({ visitorId: visitor.id, gateId }))).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Unknown gate',
        details: [{ path: 'gateId', message: 'Unknown gate' }],
      });
    }
    const stored = await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id });
    expect(stored.status).toBe('approved');
    expect(await h.em().count(AuditEvent, { targetId: visitor.id, action: 'visitor.checked-in' })).toBe(0);

    // A good gate still checks in; then a check-out at the closed gate is refused too.
    await checkIn({ visitorId: visitor.id });
    expect((await failure(checkOut({ visitorId: visitor.id, gateId: closed.id }))).message).toBe('Unknown gate');
    // Other refusals keep their own words when the gate is fine.
    expect(await failure(checkIn({ visitorId: visitor.id }))).toEqual({ status: 409, message: 'Visitor cannot be checked in: status is checked-in' });
  });

  it('records the gate of a move replayed from the offline queue', async () => {
    const gate = await admin().gates.create({ name: 'Offline Gate' });
    await admin().gates.create({ name: 'Other Offline Gate' });
    const visitor = await invite('Olga Offline');
    h.now = new Date(START.getTime() + 30 * 60_000);
    const occurredAt = new Date(START.getTime() + 5 * 60_000).toISOString();
    const moved = await checkIn({ visitorId: visitor.id, occurredAt, gateId: gate.id });
    expect(moved).toMatchObject({ check_in_time: occurredAt, checkInGate: { id: gate.id, name: 'Offline Gate' } });
    const [row] = await h.em().find(AuditEvent, { targetId: visitor.id, action: 'visitor.checked-in' });
    expect(row?.details).toMatchObject({ gateId: gate.id, occurredAt });
  });

  it('shows the gate in Inside now, grouped by gate then house, and leaves it out of the summaries', async () => {
    const west = await admin().gates.create({ name: 'West Gate' });
    const alpha = await admin().gates.create({ name: 'Alpha Gate' });
    const one = await invite('Inside West');
    const two = await invite('Inside Alpha');
    await checkIn({ visitorId: one.id, gateId: west.id });
    await checkIn({ visitorId: two.id, gateId: alpha.id });

    const inside = await guard().gate.inside({});
    const mine = inside.items.filter((item) => item.id === one.id || item.id === two.id);
    expect(mine.map((item) => [item.name, item.gate])).toEqual([
      ['Inside Alpha', { id: alpha.id, name: 'Alpha Gate' }],
      ['Inside West', { id: west.id, name: 'West Gate' }],
    ]);
    // Gates first (by name), those without a gate last.
    const gateNames = inside.items.map((item) => item.gate?.name ?? '~');
    expect(gateNames).toEqual([...gateNames].sort());

    const summaries = await admin().visitors.listSummaries({ status: 'checked-in' });
    const summary = summaries.items.find((item) => item.id === one.id);
    expect(summary).toBeDefined();
    expect(summary).not.toHaveProperty('checkInGate');
    expect(summary).not.toHaveProperty('checkOutGate');
    const full = await admin().visitors.list({ status: 'checked-in' });
    expect(full.items.find((item) => item.id === one.id)?.checkInGate).toEqual({ id: west.id, name: 'West Gate' });
  });
});
