/**
 * Walk-in visitors (docs/gate.md#walk-ins), on both databases: the gate registers a walk-in
 * (pending, no host, a pass for today until 23:59); a resident of its house approves or
 * rejects it and becomes its host; an admin decides anything; a guard approves only with
 * a reason and never rejects; other houses' residents get 404; one of two concurrent
 * decisions wins; an undecided walk-in expires after WALKIN_APPROVAL_MINUTES.
 */
import { AuditEvent } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York

describe.each(legs)('walk-ins on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const walkIn = (name = 'Dora Delivery') =>
    h.caller(c.guard.token).visitors.walkIn({ name, phone: '+15557654321', houseId: c.houseId, purpose: 'Delivery', vehicleLicensePlate: 'ab 12' });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('registers a pending walk-in for today, from now to 23:59, with a pass and no host', async () => {
    const visitor = await walkIn();
    expect(visitor).toMatchObject({
      kind: 'walk-in',
      status: 'pending',
      hostId: null,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '23:59',
      purpose: 'Delivery',
      vehicleLicensePlate: 'AB 12',
      hasPhoto: false,
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
    });
    expect(visitor.passCode).toMatch(/^\d{6}$/);
    const audit = await h.em().find(AuditEvent, { targetId: visitor.id });
    expect(audit.map((event) => event.action)).toEqual(['visitor.walked-in']);
    // Invitations carry the new fields too.
    const invitation = await h.caller(c.resident.token).visitors.invite({
      name: 'Ivy Invited', phone: '+15557654321', houseId: c.houseId, visitDate: '2026-11-22', visitTimeFrom: '10:00', visitTimeTo: '12:00',
    });
    expect(invitation).toMatchObject({ kind: 'invitation', hasPhoto: false, decidedBy: null, hostId: { id: c.resident.id } });
  });

  it('lets only the gate register one, with an invitation’s validation', async () => {
    expect(await failure(h.caller(c.resident.token).visitors.walkIn({ name: 'X', phone: '+15557654321', houseId: c.houseId }))).toEqual({
      status: 403,
      message: 'Only guards and admins can do this',
    });
    expect((await failure(h.caller(c.guard.token).visitors.walkIn({ name: ' ', phone: '+15557654321', houseId: c.houseId }))).message).toBe(
      'Visitor name is required',
    );
    expect(
      await failure(h.caller(c.admin.token).visitors.walkIn({ name: 'Ann', phone: '+15557654321', houseId: '00000000-0000-4000-8000-000000000000' })),
    ).toEqual({ status: 404, message: 'House not found' });
  });

  it('is approved by a resident of the house, who becomes its host, and can then be checked in', async () => {
    const visitor = await walkIn();
    expect(await failure(h.caller(c.neighbour.token).visitors.approve({ id: visitor.id }))).toEqual({ status: 404, message: 'Visitor not found' });
    h.now = new Date(START.getTime() + 60_000);
    const approved = await h.caller(c.resident.token).visitors.approve({ id: visitor.id, reason: '  Expected it  ' });
    expect(approved).toMatchObject({
      status: 'approved',
      hostId: { id: c.resident.id, name: 'Rita Resident' },
      decidedBy: { id: c.resident.id, name: 'Rita Resident' },
      decidedAt: '2026-11-22T14:01:00.000Z',
      decisionReason: 'Expected it',
    });
    expect(await failure(h.caller(c.resident.token).visitors.reject({ id: visitor.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be rejected: status is approved',
    });
    expect((await h.caller(c.guard.token).visitors.checkIn({ visitorId: visitor.id })).status).toBe('checked-in');
    const audit = await h.em().find(AuditEvent, { targetId: visitor.id }, { orderBy: { occurredAt: 'asc' } });
    expect(audit.map((event) => event.action)).toContain('visitor.approved');
  });

  it('is rejected by a resident or an admin; a guard may not reject and approves only with a reason', async () => {
    const first = await walkIn();
    const guard = h.caller(c.guard.token);
    expect(await failure(guard.visitors.reject({ id: first.id }))).toEqual({ status: 403, message: 'Only residents and admins can do this' });
    expect(await failure(guard.visitors.approve({ id: first.id }))).toEqual({
      status: 400,
      message: 'A reason is required when the gate approves a walk-in',
    });
    expect((await failure(guard.visitors.approve({ id: first.id, reason: ' ok  ' }))).status).toBe(400);
    expect(await failure(guard.visitors.approve({ id: first.id, reason: 'x'.repeat(201) }))).toEqual({
      status: 400,
      message: 'Reason must be at most 200 characters',
    });
    const rejected = await h.caller(c.resident.token).visitors.reject({ id: first.id });
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: null, decidedBy: { id: c.resident.id } });

    const second = await walkIn();
    const overridden = await guard.visitors.approve({ id: second.id, reason: 'Resident confirmed on the intercom' });
    expect(overridden).toMatchObject({ status: 'approved', hostId: null, decidedBy: { id: c.guard.id }, decisionReason: 'Resident confirmed on the intercom' });
    const [event] = await h.em().find(AuditEvent, { targetId: second.id, action: 'visitor.approved' });
    expect(event?.details).toMatchObject({ gateOverride: true, reason: 'Resident confirmed on the intercom' });

    const third = await walkIn();
    expect(await h.caller(c.admin.token).visitors.reject({ id: third.id, reason: 'Not expected' })).toMatchObject({ status: 'rejected', hostId: null });
  });

  it('refuses a decision on an invitation (approved from the start), and of two concurrent decisions one wins', async () => {
    const invitation = await h.caller(c.resident.token).visitors.invite({
      name: 'Ivy Invited', phone: '+15557654321', houseId: c.houseId, visitDate: '2026-11-22', visitTimeFrom: '10:00', visitTimeTo: '12:00',
    });
    expect(await failure(h.caller(c.admin.token).visitors.approve({ id: invitation.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be approved: status is approved',
    });
    const visitor = await walkIn();
    const results = await Promise.allSettled([
      h.caller(c.resident.token).visitors.approve({ id: visitor.id }),
      h.caller(c.admin.token).visitors.reject({ id: visitor.id }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect(String((refused as PromiseRejectedResult).reason.message)).toMatch(/^Visitor cannot be (approved|rejected): status is (approved|rejected)$/);
  });

  it('expires when nobody decides within WALKIN_APPROVAL_MINUTES, on read and on a late decision', async () => {
    const read = await walkIn('Read Later');
    const decided = await walkIn('Decided Late');
    h.now = new Date(START.getTime() + 10 * 60_000 - 1_000);
    expect((await h.caller(c.admin.token).visitors.byId({ id: read.id })).status).toBe('pending');
    h.now = new Date(START.getTime() + 10 * 60_000);
    expect((await h.caller(c.admin.token).visitors.byId({ id: read.id })).status).toBe('expired');
    expect(await failure(h.caller(c.resident.token).visitors.approve({ id: decided.id }))).toEqual({
      status: 409,
      message: 'Visitor cannot be approved: status is expired',
    });
    expect((await h.caller(c.guard.token).visitors.scan({ token: decided.qrCodeToken })).status).toBe('expired');
  });
});
