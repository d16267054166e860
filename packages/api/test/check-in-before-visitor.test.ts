/**
 * A check-in the gate dates (`occurredAt`) before its visitor could enter is refused, on both
 * databases (docs/gate.md#recording-moves-offline): before the invitation was made, before a
 * walk-in was
 * approved, before a recurring pass was made. 400 with a text naming that first instant in
 * the community's time and the refusal's values (`check-in-before-invitation`, `-approval`,
 * `-pass`: date and time), nothing recorded. A gate clock running up to two minutes slow is
 * forgiven: such a check-in is recorded at that first instant, in the visitor (or entry) and
 * in the audit row, so the Activity Log never shows a check-in before 'invited' or 'approved'.
 */
import { AuditEvent, PassEntry, VisitorInvitation, type AuditAction } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { CHECK_IN_CLOCK_SLACK_MS } from '../src/services/visitor-state-machine';
import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // Sun 09:00 in New York
const minutes = (count: number) => count * 60_000;
const at = (base: Date, offsetMs: number) => new Date(base.getTime() + offsetMs);

/** What a refused call answers: status, code, text and details. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const described = describeError(error);
    return { status: described.status, code: described.code, message: described.message, details: described.refusal ?? described.details };
  }
  throw new Error('expected the call to fail, it succeeded');
}

describe.each(legs)('check-ins dated before the visitor could enter on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const guard = () => h.caller(c.guard.token);
  /** An invitation for today 08:00 to 17:00, made now. */
  const invite = (name: string) =>
    h.caller(c.resident.token).visitors.invite({ name, phone: '+15557654321', houseId: c.houseId, visitDate: '2026-11-22', visitTimeFrom: '08:00', visitTimeTo: '17:00' });
  const auditRows = (targetId: string, action: AuditAction) => h.em().find(AuditEvent, { targetId, action }, { orderBy: { sequence: 'asc' } });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('refuses a check-in dated before the invitation was made, naming when it was', async () => {
    expect(CHECK_IN_CLOCK_SLACK_MS).toBe(minutes(2));
    const visitor = await invite('Too Early Ted');
    h.now = at(START, minutes(30));
    // 08:50, inside the window (with the early allowance), but ten minutes before the invitation existed.
    expect(await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, -minutes(10)).toISOString() }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Check-in cannot be before Nov 22, 2026 at 9:00 AM, when the invitation was created',
      details: { reason: 'check-in-before-invitation', date: '2026-11-22', time: '09:00' },
    });
    // Nothing was recorded: still approved, no check-in in the audit log.
    expect((await h.em().findOneOrFail(VisitorInvitation, { id: visitor.id })).status).toBe('approved');
    expect(await auditRows(visitor.id, 'visitor.checked-in')).toEqual([]);
    // Dated after it was made: checked in at that instant.
    await expect(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, minutes(5)).toISOString() })).resolves.toMatchObject({
      status: 'checked-in',
      check_in_time: at(START, minutes(5)).toISOString(),
    });
  });

  it('takes a check-in from a clock up to two minutes slow at the instant the invitation was made, and the Activity Log keeps the order', async () => {
    const visitor = await invite('Slow Clock Sam');
    h.now = at(START, minutes(1));
    const moved = await guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: at(START, -minutes(2)).toISOString(), notes: 'Tablet clock behind' });
    expect(moved).toMatchObject({ status: 'checked-in', check_in_time: START.toISOString() });
    const [row] = await auditRows(visitor.id, 'visitor.checked-in');
    expect(row?.details).toEqual({ notes: 'Tablet clock behind', occurredAt: START.toISOString(), recordedAt: at(START, minutes(1)).toISOString() });
    const activity = await h.caller(c.resident.token).visitors.activity({ id: visitor.id });
    expect(activity.items.map((entry) => [entry.action, entry.at])).toEqual([
      ['invited', START.toISOString()],
      ['checked-in', START.toISOString()],
    ]);
    // One millisecond more than the slack is refused.
    const other = await invite('Slower Clock Sue');
    expect((await refusal(guard().visitors.checkIn({ visitorId: other.id, occurredAt: at(START, -minutes(2) - 1).toISOString() }))).status).toBe(400);
  });

  it('refuses a walk-in checked in before it was approved, and records one within the slack at its approval', async () => {
    const walkIn = await guard().visitors.walkIn({ name: 'Walk In Wendy', phone: '+15557654321', houseId: c.houseId });
    h.now = at(START, minutes(5));
    await h.caller(c.resident.token).visitors.approve({ id: walkIn.id });
    h.now = at(START, minutes(20));
    // Registered at 09:00, approved at 09:05: a check-in dated 09:02 is before the approval.
    expect(await refusal(guard().visitors.checkIn({ visitorId: walkIn.id, occurredAt: at(START, minutes(2)).toISOString() }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Check-in cannot be before Nov 22, 2026 at 9:05 AM, when the walk-in was approved',
      details: { reason: 'check-in-before-approval', date: '2026-11-22', time: '09:05' },
    });
    // 09:04, a minute before the approval by the tablet's clock: recorded at the approval.
    await expect(guard().visitors.checkIn({ visitorId: walkIn.id, occurredAt: at(START, minutes(4)).toISOString() })).resolves.toMatchObject({
      status: 'checked-in',
      check_in_time: at(START, minutes(5)).toISOString(),
    });
    const activity = await h.caller(c.resident.token).visitors.activity({ id: walkIn.id });
    expect(activity.items.map((entry) => entry.action)).toEqual(['walked-in', 'approved', 'checked-in']);
    const times = activity.items.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a recurring pass checked in before the pass was made, and records one within the slack at its making', async () => {
    const pass = await h.caller(c.resident.token).passes.create({
      name: 'Pass Made Now',
      phone: '+15550001234',
      houseId: c.houseId,
      weekdays: ['sun', 'mon'],
      timeFrom: '08:00',
      timeTo: '17:00',
      startDate: '2026-11-22',
      endDate: '2026-12-31',
    });
    h.now = at(START, minutes(30));
    expect(await refusal(guard().visitors.checkIn({ visitorId: pass.id, occurredAt: at(START, -minutes(30)).toISOString() }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Check-in cannot be before Nov 22, 2026 at 9:00 AM, when the pass was created',
      details: { reason: 'check-in-before-pass', date: '2026-11-22', time: '09:00' },
    });
    expect(await h.em().find(PassEntry, { pass: pass.id })).toEqual([]);
    const moved = await guard().visitors.checkIn({ visitorId: pass.id, occurredAt: at(START, -minutes(1)).toISOString() });
    expect(moved).toMatchObject({ kind: 'recurring', entries: [expect.objectContaining({ checkInTime: START.toISOString() })] });
    const [row] = await auditRows(pass.id, 'pass.checked-in');
    expect(row?.details).toMatchObject({ occurredAt: START.toISOString(), recordedAt: at(START, minutes(30)).toISOString() });
  });

  it('still refuses by status first, and judges an old invitation by its window as before', async () => {
    const cancelled = await invite('Cancelled Carl');
    await h.caller(c.resident.token).visitors.cancel({ id: cancelled.id });
    expect(await refusal(guard().visitors.checkIn({ visitorId: cancelled.id, occurredAt: at(START, -minutes(30)).toISOString() }))).toMatchObject({
      status: 409,
      message: 'Visitor cannot be checked in: status is cancelled',
    });
    // Made yesterday for today: a check-in dated before today's window is the window's 409.
    h.now = at(START, -minutes(24 * 60));
    const early = await invite('Made Yesterday');
    h.now = START;
    expect(await refusal(guard().visitors.checkIn({ visitorId: early.id, occurredAt: at(START, -minutes(3 * 60)).toISOString() }))).toMatchObject({
      status: 409,
      message: 'This invitation is valid on Nov 22, 2026 from 8:00 AM to 5:00 PM',
    });
  });
});
