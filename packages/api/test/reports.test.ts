/**
 * The reports page's figures (docs/operations.md#reports-exports-and-inside-now), on both
 * databases: a week of entries seeded
 * through the procedures (and moved in time by SQL where a check-in must fall at a given
 * instant), each figure asserted; days, hours and weekdays are the community's (New York:
 * a check-in at 23:30 local, 04:30 UTC the next day, belongs to the local day and hour 23);
 * an erased visitor still counts; a recurring pass's entries count as kind `recurring`; entries per gate by the gate each check-in recorded; the
 * range's rules and who may read it.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
/** Sunday 2026-11-22, 09:00 in New York (UTC−5). */
const SUNDAY_9AM = new Date('2026-11-22T14:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe.each(legs)('Reports on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const ids: Record<string, string> = {};

  const invite = async (name: string, houseId: string, visitDate: string) => {
    const token = houseId === c.otherHouseId ? c.neighbour.token : c.resident.token;
    const visitor = await h.caller(token).visitors.invite({ name, phone: '+15557654321', houseId, visitDate, visitTimeFrom: '08:00', visitTimeTo: '20:00' });
    return visitor.id;
  };
  const gates: Record<'north' | 'south', string> = { north: '', south: '' };
  const checkIn = (visitorId: string, when: Date, gateId?: string) => {
    h.now = when;
    return h.caller(c.guard.token).visitors.checkIn({ visitorId, ...(gateId ? { gateId } : {}) });
  };
  const checkOut = (visitorId: string, when: Date) => {
    h.now = when;
    return h.caller(c.guard.token).visitors.checkOut({ visitorId });
  };
  const walkIn = async (name: string, houseId: string, when: Date) => {
    h.now = when;
    return (await h.caller(c.guard.token).visitors.walkIn({ name, phone: '+15550001111', houseId })).id;
  };
  /** Moves a visitor's check-in to `when` (a real gate could not record it at this test's clock). */
  const moveCheckIn = (visitorId: string, when: Date) =>
    h.em().execute('update visitor_invitation set check_in_time = ? where id = ?', [when, visitorId]);
  const report = (input: { from?: string; to?: string }, token = c.admin.token) => h.caller(token).reports.summary(input);

  beforeAll(async () => {
    h = await createHarness(leg, { now: at('2026-11-20T14:00:00.000Z') });
    c = await h.community();
    // Two gates: a check-in that names none records none (docs/operations.md#gates).
    gates.north = (await h.caller(c.admin.token).gates.create({ name: 'North Gate' })).id;
    gates.south = (await h.caller(c.admin.token).gates.create({ name: 'South Gate' })).id;

    // A recurring pass of house 202 (docs/operations.md#frequent-visitors), valid on Sundays from
    // the 22nd.
    ids.pass = (
      await h.caller(c.neighbour.token).passes.create({
        name: 'Paula Pass',
        phone: '+15550002222',
        houseId: c.otherHouseId,
        weekdays: ['sun'],
        timeFrom: '08:00',
        timeTo: '20:00',
        startDate: '2026-11-22',
        endDate: '2026-12-31',
      })
    ).id;

    // Friday 2026-11-20: one invitation at house 101, in at 10:00 local.
    ids.friday = await invite('Fred Friday', c.houseId, '2026-11-20');
    await checkIn(ids.friday, at('2026-11-20T15:00:00.000Z'));

    // A visit of October, outside every range asked below.
    h.now = at('2026-10-01T14:00:00.000Z');
    ids.october = await invite('Olga October', c.houseId, '2026-10-01');
    await checkIn(ids.october, at('2026-10-01T15:00:00.000Z'));

    // Sunday 2026-11-22.
    h.now = SUNDAY_9AM;
    ids.amy = await invite('Amy Stays', c.houseId, '2026-11-22');
    ids.bob = await invite('Bob Inside', c.houseId, '2026-11-22');
    ids.carl = await invite('Carl Late Night', c.otherHouseId, '2026-11-22');
    ids.saturdayNight = await invite('Sam Saturday Night', c.otherHouseId, '2026-11-22');
    ids.mondayMorning = await invite('Mo Monday', c.otherHouseId, '2026-11-22');

    // Walk-ins: approved by the gate itself (2 min), by the house's resident (6 min, in 24 min
    // after: a late check-in), by an admin (9 min, never came in), and one rejected.
    ids.gateApproved = await walkIn('Walt Gate', c.otherHouseId, at('2026-11-22T14:00:00.000Z'));
    h.now = at('2026-11-22T14:02:00.000Z');
    await h.caller(c.guard.token).visitors.approve({ id: ids.gateApproved, reason: 'Resident said so on the phone' });
    await checkIn(ids.gateApproved, at('2026-11-22T14:03:00.000Z'), gates.south);

    ids.residentApproved = await walkIn('Ronnie Resident', c.houseId, at('2026-11-22T14:10:00.000Z'));
    h.now = at('2026-11-22T14:16:00.000Z');
    await h.caller(c.resident.token).visitors.approve({ id: ids.residentApproved });
    await checkIn(ids.residentApproved, at('2026-11-22T14:40:00.000Z'));

    ids.adminApproved = await walkIn('Adam Never Came', c.houseId, at('2026-11-22T14:20:00.000Z'));
    h.now = at('2026-11-22T14:29:00.000Z');
    await h.caller(c.admin.token).visitors.approve({ id: ids.adminApproved });

    ids.rejected = await walkIn('Rex Rejected', c.houseId, at('2026-11-22T14:21:00.000Z'));
    h.now = at('2026-11-22T14:25:00.000Z');
    await h.caller(c.resident.token).visitors.reject({ id: ids.rejected });

    // Invitations: Amy 09:05–10:35 local (a 90-minute stay), Bob in at 10:00, Carl at 23:30
    // local (04:30 UTC on Monday), Sam at 23:30 local on Saturday (04:30 UTC on Sunday), Mo
    // at 00:30 local on Monday (05:30 UTC): each checked in, then moved to that instant.
    await checkIn(ids.amy, at('2026-11-22T14:05:00.000Z'), gates.north);
    await checkIn(ids.bob, at('2026-11-22T15:00:00.000Z'), gates.north);
    await checkIn(ids.carl, at('2026-11-22T15:01:00.000Z'));
    await checkIn(ids.saturdayNight, at('2026-11-22T15:02:00.000Z'));
    await checkIn(ids.mondayMorning, at('2026-11-22T15:03:00.000Z'));
    await checkOut(ids.amy, at('2026-11-22T15:35:00.000Z'));
    await checkOut(ids.gateApproved, at('2026-11-22T14:33:00.000Z'));
    // The pass: in at 11:00 local by the North gate, out at 12:00.
    await checkIn(ids.pass, at('2026-11-22T16:00:00.000Z'), gates.north);
    await checkOut(ids.pass, at('2026-11-22T17:00:00.000Z'));
    await moveCheckIn(ids.carl, at('2026-11-23T04:30:00.000Z'));
    await moveCheckIn(ids.saturdayNight, at('2026-11-22T04:30:00.000Z'));
    await moveCheckIn(ids.mondayMorning, at('2026-11-23T05:30:00.000Z'));

    // Amy's personal data is erased on request (docs/privacy.md#retention-and-erasure): her visit
    // still counts.
    h.now = at('2026-11-22T16:00:00.000Z');
    await h.caller(c.admin.token).visitors.erase({ id: ids.amy });
    h.now = SUNDAY_9AM;
  });
  afterAll(() => h?.close());

  it('counts the entries of Monday 16 to Sunday 22 November per community day, hour and weekday', async () => {
    const summary = await report({ from: '2026-11-16', to: '2026-11-22' });
    expect(summary).toMatchObject({ from: '2026-11-16', to: '2026-11-22', timeZone: 'America/New_York' });
    // Friday; Saturday night's 23:30; Sunday's Amy (erased), Bob, Carl at 23:30, two walk-ins
    // and the recurring pass's entry. Mo's 00:30 on Monday the 23rd and October's visit are outside.
    expect(summary.totalEntries).toBe(8);
    expect(summary.visitsPerDay).toEqual([
      { date: '2026-11-16', visits: 0 },
      { date: '2026-11-17', visits: 0 },
      { date: '2026-11-18', visits: 0 },
      { date: '2026-11-19', visits: 0 },
      { date: '2026-11-20', visits: 1 },
      { date: '2026-11-21', visits: 1 },
      { date: '2026-11-22', visits: 6 },
    ]);
    const hours = Object.fromEntries(summary.entriesByHour.map((row) => [row.hour, row.entries]));
    expect(summary.entriesByHour.map((row) => row.hour)).toEqual([...Array(24).keys()]);
    // 09:03 Walt, 09:05 Amy, 09:40 Ronnie; 10:00 Fred and Bob; 11:00 the pass; 23:30 Sam and Carl.
    expect(hours).toEqual({ ...Object.fromEntries([...Array(24).keys()].map((hour) => [hour, 0])), 9: 3, 10: 2, 11: 1, 23: 2 });
    expect(summary.entriesByWeekday).toEqual([
      { weekday: 1, entries: 0 },
      { weekday: 2, entries: 0 },
      { weekday: 3, entries: 0 },
      { weekday: 4, entries: 0 },
      { weekday: 5, entries: 1 },
      { weekday: 6, entries: 1 },
      { weekday: 7, entries: 6 },
    ]);
  });

  it('ranks the busiest houses and tells the kinds apart', async () => {
    const summary = await report({ from: '2026-11-16', to: '2026-11-22' });
    expect(summary.busiestHouses).toEqual([
      // Fred, Amy, Bob, Ronnie.
      { houseId: c.houseId, houseNumber: '101', block: 'A', visits: 4 },
      // Carl, Sam, Walt and the pass: a tie, in house number order.
      { houseId: c.otherHouseId, houseNumber: '202', block: 'B', visits: 4 },
    ]);
    expect(summary.byKind).toEqual([
      { kind: 'invitation', entries: 5 },
      { kind: 'walk-in', entries: 2 },
      { kind: 'recurring', entries: 1 },
    ]);
  });

  it('measures walk-in approval times, stays, gate overrides and late check-ins', async () => {
    const summary = await report({ from: '2026-11-16', to: '2026-11-22' });
    // Approved after 2, 6 and 9 minutes (the rejected one is not an approval): the median 6,
    // p90 6 + 0.8 × (9 − 6) = 8.4 (percentile_cont interpolates).
    expect(summary.walkInApproval).toEqual({ approved: 3, medianMinutes: 6, p90Minutes: 8.4 });
    // Amy 90 minutes, Walt 30, the pass 60.
    expect(summary.averageStay).toEqual({ stays: 3, averageMinutes: 60 });
    // Walt, approved by the guard: one of the eight entries.
    expect(summary.gateOverrides).toEqual({ entries: 8, overrides: 1, share: 0.125 });
    // Ronnie came in 24 minutes after the approval; Walt 1 minute after.
    expect(summary.lateCheckIns).toEqual({ checkIns: 2, late: 1, share: 0.5 });
    // Amy, Bob and the pass by the North gate, Walt by the South one; the others named no gate.
    expect(summary.byGate).toEqual([
      { gate: null, entries: 4 },
      { gate: { id: gates.north, name: 'North Gate' }, entries: 3 },
      { gate: { id: gates.south, name: 'South Gate' }, entries: 1 },
    ]);
  });

  it('puts check-ins near midnight on their community day at the range edges', async () => {
    // Sunday alone: Saturday night's 23:30 (04:30 UTC on Sunday) is not Sunday's.
    const sunday = await report({ from: '2026-11-22', to: '2026-11-22' });
    expect(sunday.visitsPerDay).toEqual([{ date: '2026-11-22', visits: 6 }]);
    expect(sunday.totalEntries).toBe(6);
    // Monday alone: Mo's 00:30.
    const monday = await report({ from: '2026-11-23', to: '2026-11-23' });
    expect(monday.visitsPerDay).toEqual([{ date: '2026-11-23', visits: 1 }]);
    expect(monday.entriesByHour.find((row) => row.hour === 0)).toEqual({ hour: 0, entries: 1 });
    expect(monday.entriesByWeekday[0]).toEqual({ weekday: 1, entries: 1 });
    expect(monday.busiestHouses).toEqual([{ houseId: c.otherHouseId, houseNumber: '202', block: 'B', visits: 1 }]);
    // Nothing measured: shares and averages are null, never a made-up zero.
    const empty = await report({ from: '2026-11-01', to: '2026-11-02' });
    expect(empty).toMatchObject({
      totalEntries: 0,
      busiestHouses: [],
      byGate: [],
      averageStay: { stays: 0, averageMinutes: null },
      gateOverrides: { entries: 0, overrides: 0, share: null },
      lateCheckIns: { checkIns: 0, late: 0, share: null },
      walkInApproval: { approved: 0, medianMinutes: null, p90Minutes: null },
    });
  });

  it('covers the last 30 days by default, in the community zone', async () => {
    // 2026-11-23 03:00 UTC is still Sunday the 22nd (22:00) in New York.
    h.now = at('2026-11-23T03:00:00.000Z');
    const summary = await report({});
    expect(summary).toMatchObject({ from: '2026-10-24', to: '2026-11-22' });
    expect(summary.visitsPerDay).toHaveLength(30);
    expect(summary.visitsPerDay.at(-1)).toEqual({ date: '2026-11-22', visits: 6 });
    // Only the end: the 30 days up to it (October's visit included).
    const october = await report({ to: '2026-10-20' });
    expect(october).toMatchObject({ from: '2026-09-21', to: '2026-10-20', totalEntries: 1 });
    expect(october.visitsPerDay.find((day) => day.date === '2026-10-01')).toEqual({ date: '2026-10-01', visits: 1 });
    h.now = SUNDAY_9AM;
  });

  it('refuses a reversed range, one over 366 days and a date that is not one', async () => {
    expect(await failure(report({ from: '2026-11-22', to: '2026-11-21' }))).toEqual({
      status: 400,
      message: 'The start date must not be after the end date',
    });
    expect(await failure(report({ from: '2025-11-21', to: '2026-11-22' }))).toEqual({ status: 400, message: 'A report covers at most 366 days' });
    // 366 days, a year with a 29 February inside: allowed.
    const leapYear = await report({ from: '2027-03-01', to: '2028-02-29' });
    expect(leapYear.visitsPerDay).toHaveLength(366);
    expect((await failure(report({ from: '2026-02-30' }))).status).toBe(400);
    expect((await failure(report({ from: '2026-02-30' }))).message).toMatch(/From must be a date \(YYYY-MM-DD\)/);
  });

  it('is for admins only', async () => {
    expect(await failure(report({}, c.guard.token))).toEqual({ status: 403, message: 'Only admins can do this' });
    expect(await failure(report({}, c.resident.token))).toEqual({ status: 403, message: 'Only admins can do this' });
    expect((await failure(h.caller(null).reports.summary({}))).status).toBe(401);
  });
});
