/**
 * Needs review (docs/gate.md#recording-moves-offline, last bullet), on both databases: the gate
 * files an entry
 * the server refused on replay; guards and admins list the open ones, newest first; a
 * guard or an admin dismisses one; an admin records, with a note, that the person did pass
 * the gate; each change writes its audit row; residents may do none of it. A recurring
 * pass's refused replay (docs/operations.md#frequent-visitors) is reviewed with the pass and its
 * holder named.
 */
import { AuditEvent, GateReview as GateReviewEntity } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return describeError(error);
  }
  throw new Error('expected a refusal');
}

describe.each(legs)('Needs review on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const guard = () => h.caller(c.guard.token);
  const admin = () => h.caller(c.admin.token);
  const cancelledVisitor = async (name: string) => {
    const visitor = await h.caller(c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
    await h.caller(c.resident.token).visitors.cancel({ id: visitor.id });
    return visitor;
  };
  const auditOf = (id: string) =>
    h.em().find(AuditEvent, { targetType: 'gate-review', targetId: id }, { orderBy: { sequence: 'asc' } });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('files a refused entry as an open review with the server’s message, and its audit row', async () => {
    const visitor = await cancelledVisitor('Cancelled While Offline');
    // The replay the tablet made, refused:
    const refused = await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T08:55:00-05:00' }));
    expect(refused.message).toBe('Visitor cannot be checked in: status is cancelled');
    const review = await guard().gate.createReview({
      visitorId: visitor.id,
      action: 'check-in',
      occurredAt: '2026-11-22T08:55:00-05:00',
      message: refused.message,
      idempotencyKey: 'a3a4c1f0-1111-4222-8333-944455556666',
    });
    expect(review).toEqual({
      id: expect.any(String),
      visitor: { id: visitor.id, name: 'Cancelled While Offline', house: { id: c.houseId, houseNumber: '101', block: 'A' } },
      target: 'visitor',
      action: 'check-in',
      occurredAt: '2026-11-22T13:55:00.000Z',
      message: 'Visitor cannot be checked in: status is cancelled',
      code: null,
      details: null,
      status: 'open',
      idempotencyKey: 'a3a4c1f0-1111-4222-8333-944455556666',
      createdBy: { id: c.guard.id, name: 'Gus Guard' },
      createdAt: START.toISOString(),
      closedBy: null,
      closedAt: null,
      note: null,
    });
    const audit = await auditOf(review.id);
    expect(audit.map((event) => [event.action, (event.actor as { id: string } | null)?.id])).toEqual([['gate.review-opened', c.guard.id]]);
    expect(audit[0]!.details).toMatchObject({ visitorId: visitor.id, action: 'check-in', occurredAt: '2026-11-22T13:55:00.000Z' });

    // Sent again with the same key (the tablet retried): the same review, no second row.
    const again = await guard().gate.createReview({
      visitorId: visitor.id,
      action: 'check-in',
      occurredAt: '2026-11-22T08:55:00-05:00',
      message: refused.message,
      idempotencyKey: 'a3a4c1f0-1111-4222-8333-944455556666',
    });
    expect(again).toEqual(review);
    expect(await h.em().count(GateReviewEntity, { idempotencyKey: 'a3a4c1f0-1111-4222-8333-944455556666' })).toBe(1);
    expect(await auditOf(review.id)).toHaveLength(1);
  });

  it('files a refused replay of a recurring pass naming the pass and its holder', async () => {
    const pass = await h.caller(c.resident.token).passes.create({
      name: 'Maria Helper',
      phone: '+15550001234',
      houseId: c.houseId,
      weekdays: ['sun', 'mon'],
      timeFrom: '08:00',
      timeTo: '17:00',
      startDate: '2026-11-22',
      endDate: '2026-12-31',
    });
    // Paused while the tablet was offline; its check-in made then is refused on replay.
    await h.caller(c.resident.token).passes.pause({ id: pass.id });
    const refused = await refusal(guard().visitors.checkIn({ visitorId: pass.id, occurredAt: '2026-11-22T08:55:00-05:00' }));
    expect(refused).toMatchObject({ status: 409, message: 'Pass cannot be checked in: status is paused' });
    const input = {
      visitorId: pass.id,
      action: 'check-in',
      occurredAt: '2026-11-22T08:55:00-05:00',
      message: refused.message,
      idempotencyKey: 'b1b2c3d4-2222-4333-8444-955566667777',
    } as const;
    const review = await guard().gate.createReview(input);
    expect(review).toMatchObject({
      visitor: { id: pass.id, name: 'Maria Helper', house: { id: c.houseId, houseNumber: '101', block: 'A' } },
      target: 'pass',
      action: 'check-in',
      occurredAt: '2026-11-22T13:55:00.000Z',
      message: 'Pass cannot be checked in: status is paused',
      status: 'open',
    });
    const [row] = await h.em().execute<{ visitor_id: string | null; pass_id: string | null }[]>('select visitor_id, pass_id from gate_review where id = ?', [review.id]);
    expect(row).toEqual({ visitor_id: null, pass_id: pass.id });
    expect((await auditOf(review.id))[0]!.details).toMatchObject({ visitorId: null, passId: pass.id, action: 'check-in' });
    // The same key again: the same review; the open list and the admin's record name the pass too.
    expect(await guard().gate.createReview(input)).toEqual(review);
    expect((await admin().gate.listReviews({ limit: 100 })).items.find((item) => item.id === review.id)).toEqual(review);
    await expect(admin().gate.recordReview({ id: review.id, note: 'Resumed by the house' })).resolves.toMatchObject({
      status: 'recorded',
      visitor: { id: pass.id, name: 'Maria Helper' },
      target: 'pass',
    });
    // A review names a visitor or a pass, never both.
    const visitor = await cancelledVisitor('Not Both');
    await expect(
      h.em().execute(`update gate_review set visitor_id = ? where id = ?`, [visitor.id, review.id]),
    ).rejects.toThrow(/gate_review_subject_check/);
    // The pass gone, its reviews go with it (as a visitor's do).
    await h.em().execute('delete from recurring_pass where id = ?', [pass.id]);
    expect(await h.em().count(GateReviewEntity, { id: review.id })).toBe(0);
  });

  it('files one without a visitor, and checks what it is given', async () => {
    const review = await admin().gate.createReview({ action: 'check-out', occurredAt: '2026-11-22T13:30:00Z', message: 'Invalid or expired QR code' });
    expect(review).toMatchObject({ visitor: null, target: null, action: 'check-out', idempotencyKey: null, createdBy: { id: c.admin.id } });
    const bad = [
      [{ action: 'enter', occurredAt: '2026-11-22T13:30:00Z', message: 'x' }, 'action', 'Action must be check-in or check-out'],
      [{ action: 'check-in', occurredAt: '2026-11-22 13:30', message: 'x' }, 'occurredAt', 'occurredAt must be an ISO 8601 instant'],
      [{ action: 'check-in', occurredAt: '2026-11-22T13:30:00Z', message: '  ' }, 'message', 'Message is required'],
      [{ action: 'check-in', occurredAt: '2026-11-22T13:30:00Z', message: 'm'.repeat(501) }, 'message', 'Message must be at most 500 characters'],
      [{ action: 'check-in', occurredAt: '2026-11-22T13:30:00Z', message: 'x', idempotencyKey: 'k'.repeat(101) }, 'idempotencyKey', 'Idempotency-Key must be 1 to 100 printable characters'],
    ] as const;
    for (const [input, path, message] of bad) {
      expect(await refusal(guard().gate.createReview(input as never)), path).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message, details: [{ path, message }] });
    }
    expect(await failure(guard().gate.createReview({ visitorId: '00000000-0000-4000-8000-000000000000', action: 'check-in', occurredAt: '2026-11-22T13:30:00Z', message: 'x' }))).toEqual({
      status: 404,
      message: 'Visitor not found',
    });
    expect((await failure(guard().gate.createReview({ visitorId: 'not-an-id', action: 'check-in', occurredAt: '2026-11-22T13:30:00Z', message: 'x' }))).status).toBe(404);
  });

  it('keeps the refusal’s code and details, lists them, and checks them', async () => {
    const visitor = await cancelledVisitor('Refused With Details');
    const refused = await refusal(guard().visitors.checkIn({ visitorId: visitor.id, occurredAt: '2026-11-22T08:55:00-05:00' }));
    expect(refused.refusal).toEqual({ reason: 'visitor-status', move: 'check-in', status: 'cancelled' });
    const review = await guard().gate.createReview({
      visitorId: visitor.id,
      action: 'check-in',
      occurredAt: '2026-11-22T08:55:00-05:00',
      message: refused.message,
      code: refused.code,
      details: refused.refusal,
    });
    expect(review).toMatchObject({ code: 'INVALID_TRANSITION', details: { reason: 'visitor-status', move: 'check-in', status: 'cancelled' } });
    expect((await admin().gate.listReviews({ limit: 100 })).items.find((item) => item.id === review.id)).toEqual(review);
    expect((await auditOf(review.id))[0]!.details).toMatchObject({ code: 'INVALID_TRANSITION' });
    const [row] = await h.em().execute<{ code: string; details: unknown }[]>('select code, details from gate_review where id = ?', [review.id]);
    expect(row).toEqual({ code: 'INVALID_TRANSITION', details: { reason: 'visitor-status', move: 'check-in', status: 'cancelled' } });

    // A window refusal keeps its date and times; a validation failure its fields.
    const window = { reason: 'visit-window', date: '2026-11-23', from: '09:00', to: '17:00' } as const;
    const base = { action: 'check-in', occurredAt: '2026-11-22T13:30:00Z', message: 'This invitation is valid on Nov 23, 2026 from 9:00 AM to 5:00 PM' } as const;
    expect(await guard().gate.createReview({ ...base, code: 'INVALID_TRANSITION', details: window })).toMatchObject({ details: window });
    const fields = [{ path: 'gateId', message: 'Unknown gate' }];
    expect(await guard().gate.createReview({ ...base, message: 'Unknown gate', code: 'VALIDATION_FAILED', details: fields })).toMatchObject({ code: 'VALIDATION_FAILED', details: fields });
    // Null is none, as a tablet that got no details sends them.
    expect(await guard().gate.createReview({ ...base, code: null, details: null })).toMatchObject({ code: null, details: null });

    const bad = [
      [{ ...base, code: 'NOT_A_CODE' }, 'code', 'Code must be an error code'],
      [{ ...base, details: { reason: 'visit-window', date: 'Nov 23', from: '09:00', to: '17:00' } }, 'details.date', 'Details must be the fields at fault or a refusal’s values'],
      [{ ...base, details: { reason: 'unknown-reason' } }, 'details', 'Details must be the fields at fault or a refusal’s values'],
      [{ ...base, details: 'status is cancelled' }, 'details', 'Details must be the fields at fault or a refusal’s values'],
    ] as const;
    for (const [input, path, message] of bad) {
      expect(await refusal(guard().gate.createReview(input as never)), JSON.stringify(input)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message, details: [{ path, message }] });
    }
  });

  it('lists the open reviews, newest first, for guards and admins', async () => {
    const first = await guard().gate.createReview({ action: 'check-in', occurredAt: '2026-11-22T13:00:00Z', message: 'First refused' });
    h.now = new Date(START.getTime() + 60_000);
    const second = await guard().gate.createReview({ action: 'check-in', occurredAt: '2026-11-22T13:01:00Z', message: 'Second refused' });
    const list = await admin().gate.listReviews({});
    expect(list.items[0]!.id).toBe(second.id);
    expect(list.items.map((review) => review.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(list.items.every((review) => review.status === 'open')).toBe(true);
    expect(list.total).toBe(list.items.length);
    const page = await guard().gate.listReviews({ limit: 1, offset: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(list.total);
  });

  it('closes a review when a guard or an admin dismisses it, once', async () => {
    const review = await guard().gate.createReview({ action: 'check-in', occurredAt: '2026-11-22T13:00:00Z', message: 'To dismiss' });
    h.now = new Date(START.getTime() + 120_000);
    const dismissed = await guard().gate.dismissReview({ id: review.id });
    expect(dismissed).toMatchObject({ id: review.id, status: 'dismissed', closedBy: { id: c.guard.id, name: 'Gus Guard' }, closedAt: h.now.toISOString(), note: null });
    expect((await guard().gate.listReviews({ limit: 100 })).items.map((item) => item.id)).not.toContain(review.id);
    expect((await auditOf(review.id)).map((event) => event.action)).toEqual(['gate.review-opened', 'gate.review-dismissed']);
    expect(await refusal(admin().gate.dismissReview({ id: review.id }))).toMatchObject({
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Review cannot be dismissed: status is dismissed',
      refusal: { reason: 'review-status', move: 'dismiss', status: 'dismissed' },
    });
    expect(await refusal(admin().gate.recordReview({ id: review.id, note: 'Too late' }))).toMatchObject({ status: 409, message: 'Review cannot be recorded: status is dismissed' });
    const admins = await admin().gate.createReview({ action: 'check-out', occurredAt: '2026-11-22T13:00:00Z', message: 'Admin dismisses' });
    await expect(admin().gate.dismissReview({ id: admins.id })).resolves.toMatchObject({ status: 'dismissed', closedBy: { id: c.admin.id } });
    expect(await failure(guard().gate.dismissReview({ id: '00000000-0000-4000-8000-000000000000' }))).toEqual({ status: 404, message: 'Review not found' });
    expect(await failure(guard().gate.dismissReview({ id: 'nope' }))).toEqual({ status: 404, message: 'Review not found' });
  });

  it('lets an admin record, with a note, that the person did pass the gate', async () => {
    const visitor = await cancelledVisitor('Passed Anyway');
    const review = await guard().gate.createReview({ visitorId: visitor.id, action: 'check-in', occurredAt: '2026-11-22T13:50:00Z', message: 'Visitor cannot be checked in: status is cancelled' });
    expect(await refusal(admin().gate.recordReview({ id: review.id, note: ' ' }))).toMatchObject({ status: 400, message: 'Note is required', details: [{ path: 'note' }] });
    expect(await refusal(admin().gate.recordReview({ id: review.id, note: 'n'.repeat(501) }))).toMatchObject({ status: 400, message: 'Note must be at most 500 characters' });
    expect(await failure(guard().gate.recordReview({ id: review.id, note: 'Guard tries' }))).toEqual({ status: 403, message: 'Only admins can do this' });
    const recorded = await admin().gate.recordReview({ id: review.id, note: '  Host confirmed by phone: the visit was moved, not cancelled  ' });
    expect(recorded).toMatchObject({
      status: 'recorded',
      note: 'Host confirmed by phone: the visit was moved, not cancelled',
      closedBy: { id: c.admin.id, name: 'Ada Admin' },
      visitor: { id: visitor.id },
    });
    const audit = await auditOf(review.id);
    expect(audit.map((event) => event.action)).toEqual(['gate.review-opened', 'gate.review-recorded']);
    expect(audit[1]!.details).toEqual({ note: 'Host confirmed by phone: the visit was moved, not cancelled' });
    expect(await refusal(admin().gate.recordReview({ id: review.id, note: 'Again' }))).toMatchObject({ status: 409, message: 'Review cannot be recorded: status is recorded' });
  });

  it('is closed to residents', async () => {
    const resident = h.caller(c.resident.token);
    const review = await guard().gate.createReview({ action: 'check-in', occurredAt: '2026-11-22T13:00:00Z', message: 'Resident cannot see' });
    expect((await failure(resident.gate.listReviews({}))).status).toBe(403);
    expect((await failure(resident.gate.createReview({ action: 'check-in', occurredAt: '2026-11-22T13:00:00Z', message: 'x' }))).status).toBe(403);
    expect((await failure(resident.gate.dismissReview({ id: review.id }))).status).toBe(403);
    expect((await failure(resident.gate.recordReview({ id: review.id, note: 'x' }))).status).toBe(403);
    expect((await failure(h.caller(null).gate.listReviews({}))).status).toBe(401);
  });
});
