/**
 * Moves the gate recorded offline (docs/gate.md#recording-moves-offline), on both databases:
 * `occurredAt` on
 * check-in and check-out: any ISO 8601 instant with an offset, at most 24 h before now and
 * 2 minutes after; the check-in and check-out times come from it; the window is judged at
 * it (to the end of the `visitTimeTo` minute), so that a pass whose window ended, or which
 * expired, after the entry still checks in; a check-out before its check-in is 409; the
 * audit row keeps both instants.
 */
import { AuditEvent, VisitorInvitation } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
const minutes = (count: number) => count * 60_000;
const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);

/** What a refused call answers: status, code, text and details. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return describeError(error);
  }
  throw new Error('expected the call to fail, it succeeded');
}

describe.each(legs)('moves recorded offline on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const invite = (name: string, visitTimeFrom = '09:00', visitTimeTo = '09:30', visitDate = '2026-11-22') =>
    h.caller(c.resident.token).visitors.invite({ name, phone: '+15557654321', houseId: c.houseId, visitDate, visitTimeFrom, visitTimeTo });
  const guard = () => h.caller(c.guard.token);

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('accepts occurredAt as any ISO 8601 instant with an offset and sets the check-in time from it', async () => {
    const forms: Array<[string, string]> = [
      ['2026-11-22T08:50:00-05:00', '2026-11-22T13:50:00.000Z'],
      ['2026-11-22T13:51Z', '2026-11-22T13:51:00.000Z'],
      ['2026-11-22T13:52:30.123456Z', '2026-11-22T13:52:30.123Z'],
      ['20261122T135300Z', '2026-11-22T13:53:00.000Z'],
      ['2026-11-22T19:24:00+0530', '2026-11-22T13:54:00.000Z'],
      ['2026-11-22t13:55:00,5z', '2026-11-22T13:55:00.500Z'],
      ['2026-11-22T08:56:00-05', '2026-11-22T13:56:00.000Z'],
    ];
    for (const [occurredAt, stored] of forms) {
      // Made before the instant the gate sends (a check-in cannot be dated before its invitation was made).
      h.now = at(START, -minutes(30));
      const visitor = await invite(`Offline ${occurredAt.slice(11, 16)}`);
      h.now = START;
      const moved = await guard().visitors.checkIn({ visitorId: visitor.id, occurredAt });
      expect(moved).toMatchObject({ status: 'checked-in', check_in_time: stored });
    }
  });

  it('refuses occurredAt that is not an ISO 8601 instant: 400 VALIDATION_FAILED on occurredAt', async () => {
    const visitor = await invite('Not An Instant');
    for (const occurredAt of ['2026-11-22T09:00:00', '2026-11-22', 'yesterday', '2026-02-30T10:00:00Z', '2026-11-22T24:00:00Z', '2026-11-22T13:00:60Z', '', 1_763_820_000_000, {}]) {
      const refused = await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: occurredAt as string }));
      expect(refused, JSON.stringify(occurredAt)).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'occurredAt must be an ISO 8601 instant',
        details: [{ path: 'occurredAt', message: 'occurredAt must be an ISO 8601 instant' }],
      });
    }
    expect((await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id })).status).toBe('approved');
  });

  it('takes occurredAt from 24 h before now to 2 minutes after, else 400 occurredAt is out of range', async () => {
    const outOfRange = { status: 400, code: 'VALIDATION_FAILED', message: 'occurredAt is out of range', details: [{ path: 'occurredAt', message: 'occurredAt is out of range' }] };
    // Made the day before, so that the earliest instant in range is after it was made.
    h.now = at(START, -minutes(25 * 60));
    const visitor = await invite('Range Check', '09:00', '17:00');
    h.now = START;
    expect(await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, -minutes(24 * 60) - 1).toISOString() }))).toMatchObject(outOfRange);
    expect(await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, minutes(2) + 1).toISOString() }))).toMatchObject(outOfRange);
    expect(await refusal(guard().visitors.checkOut({ visitorId: visitor.id, occurredAt: '2026-11-20T09:00:00-05:00' }))).toMatchObject(outOfRange);
    // The bounds themselves are in range (the day before is outside the window: 409, not 400).
    expect((await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, -minutes(24 * 60)).toISOString() }))).status).toBe(409);
    await expect(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, minutes(2)).toISOString() })).resolves.toMatchObject({
      check_in_time: at(START, minutes(2)).toISOString(),
    });
    // Null is no occurredAt: the move happens now.
    const now = await invite('Null Instant', '09:00', '17:00');
    await expect(guard().visitors.checkIn({ visitorId: now.id, occurredAt: null })).resolves.toMatchObject({ check_in_time: START.toISOString() });
  });

  it('judges the window at occurredAt: a pass whose window ended after the offline check-in still checks in', async () => {
    const visitor = await invite('Late Upload', '09:00', '09:30');
    const online = await invite('Online Too Late', '09:00', '09:30');
    h.now = at(START, minutes(45)); // 09:45: the window ended at 09:31
    // Made now, the check-in is refused (and the pass expires on the way)…
    expect(await failure(guard().visitors.checkIn({ visitorId: online.id }))).toEqual({ status: 409, message: 'Visitor cannot be checked in: status is expired' });
    // …recorded offline at 09:20, inside the window, it goes through.
    const moved = await guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T09:20:00-05:00', notes: 'Offline' });
    expect(moved).toMatchObject({ status: 'checked-in', check_in_time: '2026-11-22T14:20:00.000Z', notes: 'Offline' });
    const stored = await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id }, { populate: ['checkedInBy'] });
    expect(stored.checkedInBy?.id).toBe(c.guard.id);
  });

  it('checks in a pass that expired after the offline entry, and never one outside its window', async () => {
    // Made at 07:00, before every instant the gate sends below.
    h.now = at(START, -minutes(120));
    const visitor = await invite('Expired Meanwhile', '09:00', '09:30');
    const outside = await invite('Outside Window', '09:00', '09:30');
    h.now = at(START, minutes(40)); // 09:40
    // A read expires it (as the sweep would) before the gate's queue arrives.
    await expect(h.caller(c.resident.token).visitors.byId({ id: visitor.id })).resolves.toMatchObject({ status: 'expired' });
    // The window runs to the end of its 09:30 minute.
    expect(await failure(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T09:31:00-05:00' }))).toEqual({
      status: 409,
      message: 'This invitation is valid on Nov 22, 2026 from 9:00 AM to 9:30 AM',
    });
    expect(await failure(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T07:59:59-05:00' }))).toEqual({
      status: 409,
      message: 'This invitation is valid on Nov 22, 2026 from 9:00 AM to 9:30 AM',
    });
    await expect(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T09:30:59.999-05:00' })).resolves.toMatchObject({
      status: 'checked-in',
      check_in_time: '2026-11-22T14:30:59.999Z',
    });
    // An approved pass whose offline check-in was outside its window: refused by the window, and expired.
    expect((await failure(guard().visitors.checkIn({ visitorId: outside.id, occurredAt: '2026-11-22T09:35:00-05:00' }))).message).toBe(
      'This invitation is valid on Nov 22, 2026 from 9:00 AM to 9:30 AM',
    );
    expect((await h.em().findOneOrFail(VisitorInvitation, { id: outside.id })).status).toBe('expired');
  });

  it('never checks in late a walk-in that expired undecided, nor a cancelled pass', async () => {
    const walkIn = await guard().visitors.walkIn({ name: 'Never Decided', phone: '+15557654321', houseId: c.houseId });
    h.now = at(START, minutes(11)); // past its 10 minutes to be decided
    await expect(h.caller(c.admin.token).visitors.byId({ id: walkIn.id })).resolves.toMatchObject({ status: 'expired' });
    expect(await failure(guard().visitors.checkIn({ visitorId: walkIn.id, occurredAt: at(START, minutes(5)).toISOString() }))).toEqual({
      status: 409,
      message: 'Visitor cannot be checked in: status is expired',
    });
    const cancelled = await invite('Cancelled Meanwhile', '09:00', '17:00');
    await h.caller(c.resident.token).visitors.cancel({ id: cancelled.id });
    expect(await refusal(guard().visitors.checkIn({ visitorId: cancelled.id, occurredAt: at(START, minutes(1)).toISOString() }))).toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Visitor cannot be checked in: status is cancelled',
    });
  });

  it('refuses a check-out before its check-in: 409 INVALID_TRANSITION', async () => {
    const visitor = await invite('Out Before In', '09:00', '17:00');
    h.now = at(START, minutes(60));
    await guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, minutes(30)).toISOString() });
    expect(await refusal(guard().visitors.checkOut({ visitorId: visitor.id, occurredAt: at(START, minutes(29)).toISOString() }))).toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Check-out cannot be before check-in',
    });
    expect((await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id })).status).toBe('checked-in');
    const out = await guard().visitors.checkOut({ visitorId: visitor.id, occurredAt: at(START, minutes(30)).toISOString() });
    expect(out).toMatchObject({ status: 'checked-out', check_out_time: at(START, minutes(30)).toISOString() });
    // A check-out of a visitor not checked in still names the status.
    const approved = await invite('Never In', '09:00', '17:00');
    expect(await failure(guard().visitors.checkOut({ visitorId: approved.id, occurredAt: at(START, minutes(30)).toISOString() }))).toEqual({
      status: 409,
      message: 'Visitor cannot be checked out: status is approved',
    });
  });

  it('records both instants in the audit row, and the Activity Log shows when the move happened', async () => {
    const visitor = await invite('Audited Offline', '09:00', '17:00');
    const recordedAt = at(START, minutes(90));
    h.now = recordedAt;
    await guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T09:10:00-05:00', notes: 'Blue van' });
    await guard().visitors.checkOut({ visitorId: visitor.id, occurredAt: '2026-11-22T09:40:00-05:00' });
    const rows = await h.em().find(AuditEvent, { targetId: visitor.id, action: { $in: ['visitor.checked-in', 'visitor.checked-out'] } }, { orderBy: { sequence: 'asc' } });
    expect(rows.map((row) => [row.action, row.occurredAt.toISOString(), row.details])).toEqual([
      ['visitor.checked-in', recordedAt.toISOString(), { notes: 'Blue van', occurredAt: '2026-11-22T14:10:00.000Z', recordedAt: recordedAt.toISOString() }],
      ['visitor.checked-out', recordedAt.toISOString(), { occurredAt: '2026-11-22T14:40:00.000Z', recordedAt: recordedAt.toISOString() }],
    ]);
    const activity = await h.caller(c.resident.token).visitors.activity({ id: visitor.id });
    expect(activity.items.filter((entry) => entry.action.startsWith('checked')).map((entry) => [entry.action, entry.at])).toEqual([
      ['checked-in', '2026-11-22T14:10:00.000Z'],
      ['checked-out', '2026-11-22T14:40:00.000Z'],
    ]);
    // A move made now keeps its audit row as before: no instants in the details.
    const online = await invite('Audited Online', '09:00', '17:00');
    await guard().visitors.checkIn({ visitorId: online.id });
    const [row] = await h.em().find(AuditEvent, { targetId: online.id, action: 'visitor.checked-in' });
    expect(row?.details).toBeNull();
  });

  it('keeps a check-in made now open to the end of its last minute', async () => {
    h.now = at(START, -minutes(30));
    const visitor = await invite('Last Minute', '08:00', '09:00');
    h.now = new Date('2026-11-22T14:00:59.000Z'); // 09:00:59
    await expect(guard().visitors.checkIn({ visitorId: visitor.id })).resolves.toMatchObject({ status: 'checked-in' });
  });
});
