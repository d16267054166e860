/**
 * Recurring passes (docs/operations.md#frequent-visitors), on both databases: valid on listed
 * weekdays inside the
 * daily window only (with the early allowance), in and out twice a day and on two days,
 * never inside twice at once (concurrent check-ins: exactly one wins), attendance by month,
 * pause/resume/cancel by the house's residents and admins (guards 403), `ended` after the
 * end date, the 12-month limit (Jan 31 → Jan 31 ok, Feb 1 not; month ends), the scan by
 * token and by 7-digit code, and the entries in Inside now and the audit log.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { isRecurringPass, passLatestEndDate, ZCreatePassRequest, type CreatePassRequest, type GateSubject } from '@gatehouse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
// Sunday 2026-11-22 09:00 in New York.
const START = new Date('2026-11-22T14:00:00.000Z');
/** The instant of a New York wall-clock time in November 2026 (UTC−5). */
const nyc = (date: string, time: string) => new Date(`${date}T${time}:00.000-05:00`);

/** The pass of a gate answer (fails the test for a visitor). */
function passOf(subject: GateSubject) {
  if (!isRecurringPass(subject)) throw new Error('expected a recurring pass');
  return subject;
}

describe('the 12-month limit (docs/operations.md#frequent-visitors)', () => {
  const body = (startDate: string, endDate: string): CreatePassRequest => ({
    name: 'Maria Helper',
    phone: '+15550001234',
    houseId: 'x',
    weekdays: ['mon'],
    timeFrom: '08:00',
    timeTo: '12:00',
    startDate,
    endDate,
  });
  const message = (startDate: string, endDate: string) => {
    const result = ZCreatePassRequest.safeParse(body(startDate, endDate));
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('allows the same day of the month a year later, not a day more', () => {
    expect(passLatestEndDate('2027-01-31')).toBe('2028-01-31');
    expect(message('2027-01-31', '2028-01-31')).toBeNull();
    expect(message('2027-01-31', '2028-02-01')).toBe('A pass can last at most 12 months');
  });

  it('uses the month’s last day when the day does not exist', () => {
    expect(passLatestEndDate('2028-02-29')).toBe('2029-02-28');
    expect(message('2028-02-29', '2029-02-28')).toBeNull();
    expect(message('2028-02-29', '2029-03-01')).toBe('A pass can last at most 12 months');
    expect(passLatestEndDate('2026-12-31')).toBe('2027-12-31');
    expect(passLatestEndDate('2026-04-30')).toBe('2027-04-30');
  });

  it('needs a day, a window in order and an end after the start', () => {
    expect(ZCreatePassRequest.safeParse({ ...body('2027-01-01', '2027-02-01'), weekdays: [] }).error?.issues[0]?.message).toBe('Choose at least one day');
    expect(ZCreatePassRequest.safeParse({ ...body('2027-01-01', '2027-02-01'), weekdays: ['xyz'] }).error?.issues[0]?.message).toBe('Invalid weekday');
    expect(ZCreatePassRequest.safeParse({ ...body('2027-01-01', '2027-02-01'), timeTo: '07:00' }).error?.issues[0]?.message).toBe('End time must be after start time');
    expect(message('2027-02-01', '2027-01-31')).toBe('End date must be on or after start date');
    // Weekdays come back once each, in week order.
    expect(ZCreatePassRequest.parse({ ...body('2027-01-01', '2027-02-01'), weekdays: ['fri', 'mon', 'fri'] }).weekdays).toEqual(['mon', 'fri']);
  });
});

describe.each(legs)('Recurring passes on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const at = (instant: Date) => {
    h.now = instant;
  };
  const create = (extra: Partial<CreatePassRequest> = {}, token = c.resident.token) =>
    h.caller(token).passes.create({
      name: 'Maria Helper',
      phone: '+15550001234',
      houseId: c.houseId,
      purpose: 'Cleaning',
      // Mon, Wed, Fri 08:00-12:00 from Mon 2026-11-23 to 2026-12-31.
      weekdays: ['mon', 'wed', 'fri'],
      timeFrom: '08:00',
      timeTo: '12:00',
      startDate: '2026-11-23',
      endDate: '2026-12-31',
      ...extra,
    });
  const guard = () => h.caller(c.guard.token);

  beforeAll(async () => {
    h = await createHarness(leg, { now: START });
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('creates a pass with the documented JSON, a 7-digit code and a QR of its token', async () => {
    at(START);
    const pass = await create({ vehicleLicensePlate: 'ab 123' });
    expect(pass).toMatchObject({
      kind: 'recurring',
      name: 'Maria Helper',
      phone: '+15550001234',
      email: null,
      purpose: 'Cleaning',
      vehicleLicensePlate: 'AB 123',
      houseId: { id: c.houseId, houseNumber: '101', block: 'A' },
      hostId: { id: c.resident.id, name: 'Rita Resident' },
      weekdays: ['mon', 'wed', 'fri'],
      timeFrom: '08:00',
      timeTo: '12:00',
      startDate: '2026-11-23',
      endDate: '2026-12-31',
      status: 'active',
      inside: false,
      createdAt: START.toISOString(),
    });
    expect(pass.passCode).toMatch(/^\d{7}$/);
    expect(pass.qrCodeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pass.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Listed for the house's residents and staff, not for another house.
    expect((await h.caller(c.resident.token).passes.list({})).items.map((item) => item.id)).toContain(pass.id);
    expect((await h.caller(c.admin.token).passes.list({})).items.map((item) => item.id)).toContain(pass.id);
    expect((await h.caller(c.neighbour.token).passes.list({})).items.map((item) => item.id)).not.toContain(pass.id);
    expect(await failure(h.caller(c.neighbour.token).passes.byId({ id: pass.id }))).toEqual({ status: 404, message: 'Pass not found' });
    const [audit] = (await h.caller(c.admin.token).audit.list({ targetId: pass.id })).items;
    expect(audit).toMatchObject({ action: 'pass.created', targetType: 'pass', actor: { id: c.resident.id } });
  });

  it('refuses another house, guards, a past start, and a pass over 12 months', async () => {
    at(START);
    expect(await failure(create({ houseId: c.otherHouseId }))).toEqual({ status: 403, message: 'You can only create passes for your own house' });
    expect((await failure(create({}, c.guard.token))).status).toBe(403);
    expect(await failure(create({ startDate: '2026-11-21' }))).toEqual({ status: 400, message: 'Start date cannot be in the past' });
    expect(await failure(create({ startDate: '2026-11-23', endDate: '2027-11-24' }))).toEqual({ status: 400, message: 'A pass can last at most 12 months' });
    expect(await failure(create({ weekdays: [] }))).toEqual({ status: 400, message: 'Choose at least one day' });
    // An admin may create one for any house.
    expect((await create({ houseId: c.otherHouseId }, c.admin.token)).houseId.id).toBe(c.otherHouseId);
  });

  it('checks in only on listed weekdays inside the window (early allowance included)', async () => {
    at(START);
    const pass = await create({ name: 'Window Walker' });
    const checkIn = () => guard().visitors.checkIn({ visitorId: pass.id });
    const window = 'This pass is valid on Mon, Wed, Fri from 8:00 AM to 12:00 PM, Nov 23, 2026 to Dec 31, 2026';
    // Sunday: not before the start date, and not a listed day.
    expect(await failure(checkIn())).toEqual({ status: 409, message: window });
    // Tuesday inside the hours: not a listed day.
    at(nyc('2026-11-24', '09:00'));
    expect(await failure(checkIn())).toEqual({ status: 409, message: window });
    // Monday 06:59: before the early allowance (60 minutes in tests).
    at(nyc('2026-11-23', '06:59'));
    expect(await failure(checkIn())).toEqual({ status: 409, message: window });
    // Monday 12:01: after the window.
    at(nyc('2026-11-23', '12:01'));
    expect(await failure(checkIn())).toEqual({ status: 409, message: window });
    // Monday 07:00: the early allowance lets in.
    at(nyc('2026-11-23', '07:00'));
    const inside = passOf(await checkIn());
    expect(inside).toMatchObject({ kind: 'recurring', id: pass.id, inside: true, month: '2026-11' });
    expect(inside.entries).toEqual([
      {
        id: expect.any(String),
        checkInTime: nyc('2026-11-23', '07:00').toISOString(),
        checkOutTime: null,
        gate: null,
        checkOutGate: null,
        checkedInBy: { id: c.guard.id, name: 'Gus Guard' },
        checkedOutBy: null,
      },
    ]);
    // Never inside twice at once.
    expect(await failure(checkIn())).toEqual({ status: 409, message: 'Pass cannot be checked in: already inside' });
    at(nyc('2026-11-23', '10:00'));
    const out = passOf(await h.caller(c.admin.token).visitors.checkOut({ visitorId: pass.id, notes: 'Left early' }));
    expect(out.inside).toBe(false);
    expect(out.entries[0]).toMatchObject({ checkOutTime: nyc('2026-11-23', '10:00').toISOString(), checkedOutBy: { id: c.admin.id, name: 'Ada Admin' } });
    expect(await failure(guard().visitors.checkOut({ visitorId: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be checked out: not inside' });
    // Back the same day while the window allows, out again; and on Wednesday.
    at(nyc('2026-11-23', '11:30'));
    await checkIn();
    at(nyc('2026-11-23', '11:45'));
    await guard().visitors.checkOut({ visitorId: pass.id });
    at(nyc('2026-11-25', '12:00'));
    await checkIn();
    at(nyc('2026-11-25', '13:30'));
    const wednesday = passOf(await guard().visitors.checkOut({ visitorId: pass.id }));
    expect(wednesday.entries.map((entry) => [entry.checkInTime, entry.checkOutTime])).toEqual([
      [nyc('2026-11-25', '12:00').toISOString(), nyc('2026-11-25', '13:30').toISOString()],
      [nyc('2026-11-23', '11:30').toISOString(), nyc('2026-11-23', '11:45').toISOString()],
      [nyc('2026-11-23', '07:00').toISOString(), nyc('2026-11-23', '10:00').toISOString()],
    ]);
    // Each move wrote its audit row naming the pass.
    const actions = (await h.caller(c.admin.token).audit.list({ targetId: pass.id, limit: 100 })).items.map((item) => item.action);
    expect(actions.filter((action) => action === 'pass.checked-in')).toHaveLength(3);
    expect(actions.filter((action) => action === 'pass.checked-out')).toHaveLength(3);
  });

  it('lets exactly one of concurrent check-ins win', async () => {
    at(START);
    const pass = await create({ name: 'Race Runner' });
    at(nyc('2026-11-27', '09:00')); // Friday
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => h.caller(c.guard.token).visitors.checkIn({ visitorId: pass.id })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((await failure(Promise.reject(result.reason))).status).toBe(409);
    }
    const read = await h.caller(c.resident.token).passes.byId({ id: pass.id, month: '2026-11' });
    expect(read.entries).toHaveLength(1);
    expect(read.inside).toBe(true);
    // Inside now lists the pass's open entry with the visitors.
    const roll = await guard().gate.inside({});
    // Due out at the pass's daily end (12:00) on the day it came in.
    expect(roll.items.find((item) => item.id === pass.id)).toMatchObject({
      kind: 'recurring',
      name: 'Race Runner',
      hostName: 'Rita Resident',
      dueOutAt: nyc('2026-11-27', '12:00').toISOString(),
    });
    at(nyc('2026-11-27', '10:00'));
    await guard().visitors.checkOut({ visitorId: pass.id });
    expect((await guard().gate.inside({})).items.some((item) => item.id === pass.id)).toBe(false);
  });

  it('shows attendance by month, newest first, in the community zone', async () => {
    at(START);
    const pass = await create({ name: 'Month Keeper', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], timeFrom: '00:00', timeTo: '23:59' });
    // 2026-11-30 23:30 in New York is already December in UTC: it belongs to November.
    for (const [date, time] of [
      ['2026-11-29', '10:00'],
      ['2026-11-30', '23:30'],
      ['2026-12-01', '00:15'],
      ['2026-12-02', '09:00'],
    ] as const) {
      at(nyc(date, time));
      await guard().visitors.checkIn({ visitorId: pass.id });
      at(new Date(nyc(date, time).getTime() + 10 * 60_000));
      await guard().visitors.checkOut({ visitorId: pass.id });
    }
    const november = await h.caller(c.resident.token).passes.byId({ id: pass.id, month: '2026-11' });
    expect(november.entries.map((entry) => entry.checkInTime)).toEqual([nyc('2026-11-30', '23:30').toISOString(), nyc('2026-11-29', '10:00').toISOString()]);
    // Default: the current month (it is December 2 now).
    const current = await h.caller(c.resident.token).passes.byId({ id: pass.id });
    expect(current.month).toBe('2026-12');
    expect(current.entries.map((entry) => entry.checkInTime)).toEqual([nyc('2026-12-02', '09:00').toISOString(), nyc('2026-12-01', '00:15').toISOString()]);
    expect((await h.caller(c.resident.token).passes.byId({ id: pass.id, month: '2026-10' })).entries).toEqual([]);
    expect(await failure(h.caller(c.resident.token).passes.byId({ id: pass.id, month: '2026-13' }))).toEqual({ status: 400, message: 'Month must be YYYY-MM' });
  });

  it('pauses, resumes and cancels for the house and admins; guards get 403', async () => {
    at(START);
    const pass = await create({ name: 'Pause Person' });
    expect(await failure(guard().passes.pause({ id: pass.id }))).toEqual({ status: 403, message: expect.any(String) });
    expect(await failure(guard().passes.cancel({ id: pass.id }))).toMatchObject({ status: 403 });
    expect(await failure(h.caller(c.neighbour.token).passes.pause({ id: pass.id }))).toEqual({ status: 404, message: 'Pass not found' });
    expect((await h.caller(c.resident.token).passes.pause({ id: pass.id })).status).toBe('paused');
    expect(await failure(h.caller(c.resident.token).passes.pause({ id: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be paused: status is paused' });
    // A paused pass does not enter.
    at(nyc('2026-11-23', '09:00'));
    expect(await failure(guard().visitors.checkIn({ visitorId: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be checked in: status is paused' });
    expect((await h.caller(c.admin.token).passes.resume({ id: pass.id })).status).toBe('active');
    passOf(await guard().visitors.checkIn({ visitorId: pass.id }));
    // Cancelled while inside: it can still leave, never enter again.
    expect((await h.caller(c.resident.token).passes.cancel({ id: pass.id })).status).toBe('cancelled');
    await guard().visitors.checkOut({ visitorId: pass.id });
    expect(await failure(guard().visitors.checkIn({ visitorId: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be checked in: status is cancelled' });
    expect(await failure(h.caller(c.resident.token).passes.resume({ id: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be resumed: status is cancelled' });
    const actions = (await h.caller(c.admin.token).audit.list({ targetId: pass.id, limit: 100 })).items.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['pass.paused', 'pass.resumed', 'pass.cancelled']));
  });

  it('reads ended after its end date and no longer enters', async () => {
    at(START);
    const pass = await create({ name: 'Short Stay', startDate: '2026-11-23', endDate: '2026-11-23' });
    at(nyc('2026-11-23', '23:59'));
    expect((await h.caller(c.resident.token).passes.byId({ id: pass.id })).status).toBe('active');
    at(nyc('2026-11-24', '00:00'));
    expect((await h.caller(c.resident.token).passes.byId({ id: pass.id })).status).toBe('ended');
    expect((await h.caller(c.resident.token).passes.list({ status: 'ended' })).items.map((item) => item.id)).toContain(pass.id);
    expect((await h.caller(c.resident.token).passes.list({ status: 'active' })).items.map((item) => item.id)).not.toContain(pass.id);
    expect(await failure(h.caller(c.resident.token).passes.pause({ id: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be paused: status is ended' });
    at(nyc('2026-11-30', '09:00'));
    expect(await failure(guard().visitors.checkIn({ visitorId: pass.id }))).toEqual({ status: 409, message: 'Pass cannot be checked in: status is ended' });
  });

  it('updates fields with the same rules', async () => {
    at(START);
    const pass = await create({ name: 'Edit Me', email: 'edit@example.com' });
    const changed = await h.caller(c.resident.token).passes.update({ id: pass.id, name: 'Edited', weekdays: ['sat'], timeTo: '13:00' });
    expect(changed).toMatchObject({ name: 'Edited', weekdays: ['sat'], timeFrom: '08:00', timeTo: '13:00', email: 'edit@example.com', purpose: 'Cleaning' });
    expect(await failure(h.caller(c.resident.token).passes.update({ id: pass.id, endDate: '2027-11-24' }))).toEqual({ status: 400, message: 'A pass can last at most 12 months' });
    expect(await failure(h.caller(c.resident.token).passes.update({ id: pass.id, timeFrom: '14:00' }))).toEqual({ status: 400, message: 'End time must be after start time' });
    expect((await failure(guard().passes.update({ id: pass.id, name: 'Guarded' }))).status).toBe(403);
  });

  it('exports one CSV row per entry, dated by the entry, filtered like visitors', async () => {
    at(START);
    const pass = await create({ name: 'Export Emma', weekdays: ['sat', 'mon'], timeFrom: '09:00', timeTo: '17:00' });
    at(nyc('2026-11-28', '09:15'));
    await guard().visitors.checkIn({ visitorId: pass.id });
    at(nyc('2026-11-28', '10:00'));
    await guard().visitors.checkOut({ visitorId: pass.id });
    at(nyc('2026-11-30', '09:30'));
    await guard().visitors.checkIn({ visitorId: pass.id });
    // Read back within a week of the neighbour's sign-in (sessions end after 7 idle days).
    at(nyc('2026-11-28', '12:00'));
    const rowsOf = async (token: string, input: Record<string, string>) => {
      const file = await h.caller(token).visitors.exportCsv({ from: '2026-11-01', to: '2026-12-31', ...input });
      const rows: Record<string, string | null>[] = [];
      for await (const row of file.rows) if (row.name === 'Export Emma') rows.push(row);
      return rows;
    };
    const rows = await rowsOf(c.admin.token, {});
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'recurring',
        houseNumber: '101',
        host: 'Rita Resident',
        visitDate: '2026-11-28',
        visitTimeFrom: '09:00',
        visitTimeTo: '17:00',
        status: 'checked-out',
        checkInTime: '2026-11-28T09:15:00-05:00',
        checkOutTime: '2026-11-28T10:00:00-05:00',
      }),
      expect.objectContaining({ kind: 'recurring', visitDate: '2026-11-30', status: 'checked-in', checkOutTime: null }),
    ]);
    expect((await rowsOf(c.admin.token, { status: 'checked-in' })).map((row) => row.visitDate)).toEqual(['2026-11-30']);
    expect(await rowsOf(c.admin.token, { status: 'approved' })).toEqual([]);
    expect((await rowsOf(c.admin.token, { from: '2026-11-29' })).map((row) => row.visitDate)).toEqual(['2026-11-30']);
    expect(await rowsOf(c.admin.token, { houseId: c.otherHouseId })).toEqual([]);
    expect(await rowsOf(c.resident.token, {})).toHaveLength(2);
    expect(await rowsOf(c.neighbour.token, {})).toEqual([]);
    at(nyc('2026-11-30', '11:00'));
    await guard().visitors.checkOut({ visitorId: pass.id });
  });

  it('replays moves the gate recorded offline at their own instants', async () => {
    at(START);
    const pass = await create({ name: 'Offline Olga' });
    // Recorded at 11:50 on Monday, uploaded at 12:30 (after the window): judged at 11:50.
    at(nyc('2026-11-23', '12:30'));
    const replayed = passOf(await guard().visitors.checkIn({ visitorId: pass.id, occurredAt: '2026-11-23T11:50:00-05:00' }));
    expect(replayed.entries[0]?.checkInTime).toBe(nyc('2026-11-23', '11:50').toISOString());
    expect(await failure(guard().visitors.checkOut({ visitorId: pass.id, occurredAt: '2026-11-23T11:40:00-05:00' }))).toEqual({
      status: 409,
      message: 'Check-out cannot be before check-in',
    });
    const out = passOf(await guard().visitors.checkOut({ visitorId: pass.id, occurredAt: '2026-11-23T12:10:00-05:00' }));
    expect(out.entries[0]?.checkOutTime).toBe(nyc('2026-11-23', '12:10').toISOString());
    // Outside the window at its own instant: refused.
    expect((await failure(guard().visitors.checkIn({ visitorId: pass.id, occurredAt: '2026-11-23T12:20:00-05:00' }))).status).toBe(409);
  });

  it('is found by the scan, by token and by code, after the invitations', async () => {
    at(START);
    const pass = await create({ name: 'Scan Sam' });
    const byToken = passOf(await guard().visitors.scan({ token: pass.qrCodeToken }));
    expect(byToken).toMatchObject({ id: pass.id, kind: 'recurring', name: 'Scan Sam', status: 'active', entries: [] });
    const spaced = `${pass.passCode.slice(0, 3)} ${pass.passCode.slice(3)}`;
    expect(passOf(await guard().visitors.scan({ token: spaced })).id).toBe(pass.id);
    // An invitation still answers the visitor JSON.
    const invitation = await h.caller(c.resident.token).visitors.invite({
      name: 'Ivy Invited',
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    expect(await guard().visitors.scan({ token: invitation.passCode })).toMatchObject({ id: invitation.id, kind: 'invitation' });
    expect(await failure(guard().visitors.scan({ token: '0000000' }))).toMatchObject({ status: 404 });
    const actions = (await h.caller(c.admin.token).audit.list({ targetId: pass.id, limit: 100 })).items.map((item) => item.action);
    expect(actions.filter((action) => action === 'pass.scanned')).toHaveLength(2);
    // An unknown id at the gate is still the visitor's 404.
    expect(await failure(guard().visitors.checkIn({ visitorId: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, message: 'Visitor not found' });
  });
  // Last: the gates it makes would be every later check-in's gate.
  it('records the gates of entries and refuses a blocklisted pass unless an admin overrides', async () => {
    at(START);
    const north = await h.caller(c.admin.token).gates.create({ name: 'North Pass Gate' });
    const south = await h.caller(c.admin.token).gates.create({ name: 'South Pass Gate' });
    const pass = await create({ name: 'Gated Gail', phone: '+15550004444' });
    at(nyc('2026-11-23', '09:00'));
    const inside = passOf(await guard().visitors.checkIn({ visitorId: pass.id, gateId: north.id }));
    expect(inside.entries[0]).toMatchObject({ gate: { id: north.id, name: 'North Pass Gate' }, checkOutGate: null });
    expect((await guard().gate.inside({})).items.find((item) => item.id === pass.id)?.gate).toEqual({ id: north.id, name: 'North Pass Gate' });
    const out = passOf(await guard().visitors.checkOut({ visitorId: pass.id, gateId: south.id }));
    expect(out.entries[0]).toMatchObject({ gate: { id: north.id }, checkOutGate: { id: south.id, name: 'South Pass Gate' } });
    expect(await failure(guard().visitors.checkIn({ visitorId: pass.id, gateId: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ status: 400, message: 'Unknown gate' });

    // docs/operations.md#blocklist: listed by phone.
    await h.caller(c.admin.token).blocklist.create({ name: 'Gail Listed', phone: '+1 555 000 4444', reason: 'Took a parcel' });
    const scanned = await guard().visitors.scan({ token: pass.qrCodeToken });
    expect(scanned).toMatchObject({ kind: 'recurring', blocklisted: { reason: 'Took a parcel' } });
    at(nyc('2026-11-23', '10:00'));
    expect(await failure(guard().visitors.checkIn({ visitorId: pass.id }))).toEqual({ status: 409, message: 'This visitor is on the community blocklist' });
    expect((await failure(guard().visitors.checkIn({ visitorId: pass.id, override: true, notes: 'Known to us' }))).status).toBe(403);
    const overridden = passOf(await h.caller(c.admin.token).visitors.checkIn({ visitorId: pass.id, override: true, notes: 'Resident vouched' }));
    expect(overridden.inside).toBe(true);
    const events = (await h.caller(c.admin.token).audit.list({ targetId: pass.id, limit: 100 })).items;
    expect(events.find((event) => event.action === 'visitor.blocklist-refused')).toMatchObject({
      targetType: 'pass',
      details: { blocklistEntryId: expect.any(String), reason: 'Took a parcel' },
    });
    // The admins are notified of the refused pass, as of a refused visitor; the guard is not.
    const alerts = (await h.caller(c.admin.token).notifications.list({})).items.filter((item) => item.kind === 'visitor.blocklist-refused');
    expect(alerts.filter((item) => item.visitor.id === pass.id)).toEqual([
      expect.objectContaining({ target: 'pass', readAt: null, visitor: expect.objectContaining({ id: pass.id, name: 'Gated Gail' }) }),
    ]);
    expect((await guard().notifications.list({})).items.some((item) => item.kind === 'visitor.blocklist-refused')).toBe(false);
    expect(events.find((event) => event.action === 'pass.checked-in' && event.details?.override === true)).toBeTruthy();
    at(nyc('2026-11-23', '10:30'));
    await guard().visitors.checkOut({ visitorId: pass.id });
  });
});
