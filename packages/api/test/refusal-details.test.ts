/**
 * Refusals carry their values (so that a client can word them in its own language), on
 * both databases: each refusal whose English text names values keeps that text exactly and
 * gives `{reason, …values}` raw (statuses, YYYY-MM-DD dates, HH:MM times, numbers) beside
 * it; validation failures keep their `[{path, message}]`; fixed texts carry nothing.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { ZRefusalDetails, type RefusalDetails } from '@gatehouse/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { answeredDetails, describeError, type ErrorDescription } from '../src/errors';
import { FailedScanLog } from '../src/services/audit';
import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // Sunday 09:00 in New York

async function refusal(promise: Promise<unknown>): Promise<ErrorDescription> {
  try {
    await promise;
  } catch (error) {
    return describeError(error);
  }
  throw new Error('expected a refusal');
}

/** Expects `described` to be `message` with `details` (checked against the shared schema too). */
function expectRefusal(described: ErrorDescription, expected: { status: number; code: string; message: string; details: RefusalDetails }) {
  expect(described).toMatchObject({ status: expected.status, code: expected.code, message: expected.message });
  expect(described.details).toBeUndefined();
  expect(answeredDetails(described)).toEqual(expected.details);
  expect(ZRefusalDetails.parse(answeredDetails(described))).toEqual(expected.details);
}

describe('a refusal’s details, without a database', () => {
  it('gives too many failed scans with the seconds to wait', () => {
    const log = new FailedScanLog(2, 60_000);
    const actor = { userId: '00000000-0000-4000-8000-000000000001', ipAddress: '10.0.0.1' };
    log.record(actor, new Date(START.getTime()));
    log.record(actor, new Date(START.getTime() + 10_000));
    let thrown: unknown;
    try {
      log.assertMayScan(actor, new Date(START.getTime() + 18_000));
    } catch (error) {
      thrown = error;
    }
    expectRefusal(describeError(thrown), {
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many failed scans, try again in 42 s',
      details: { reason: 'failed-scans', seconds: 42 },
    });
    expect(describeError(thrown).retryAfterSeconds).toBe(42);
  });
});

describe.each(legs)('refusals carry their values on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const resident = () => h.caller(c.resident.token);
  const guard = () => h.caller(c.guard.token);
  const admin = () => h.caller(c.admin.token);
  const invite = (name: string, visitDate = '2026-11-22') =>
    resident().visitors.invite({ name, phone: '+15557654321', houseId: c.houseId, visitDate, visitTimeFrom: '09:00', visitTimeTo: '17:00' });

  beforeAll(async () => {
    h = await createHarness(leg, { rateLimits: { failedSignInsPerEmail: 2 } });
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('a visitor move its status forbids: the move and the status', async () => {
    const visitor = await invite('Cancelled Carla');
    await resident().visitors.cancel({ id: visitor.id });
    expectRefusal(await refusal(guard().visitors.checkIn({ visitorId: visitor.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Visitor cannot be checked in: status is cancelled',
      details: { reason: 'visitor-status', move: 'check-in', status: 'cancelled' },
    });
    expectRefusal(await refusal(guard().visitors.checkOut({ visitorId: visitor.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Visitor cannot be checked out: status is cancelled',
      details: { reason: 'visitor-status', move: 'check-out', status: 'cancelled' },
    });
  });

  it('a check-in too early: the visit date and window, raw', async () => {
    const visitor = await invite('Tomorrow Tom', '2026-11-23');
    expectRefusal(await refusal(guard().visitors.checkIn({ visitorId: visitor.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'This invitation is valid on Nov 23, 2026 from 9:00 AM to 5:00 PM',
      details: { reason: 'visit-window', date: '2026-11-23', from: '09:00', to: '17:00' },
    });
  });

  it('a recurring pass: its status, and its days and hours outside them', async () => {
    const pass = await resident().passes.create({
      name: 'Tuesday Tara',
      phone: '+15550001234',
      houseId: c.houseId,
      weekdays: ['tue', 'thu'],
      timeFrom: '08:30',
      timeTo: '16:45',
      startDate: '2026-11-22',
      endDate: '2027-05-31',
    });
    // A Sunday: not one of its days.
    expectRefusal(await refusal(guard().visitors.checkIn({ visitorId: pass.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'This pass is valid on Tue, Thu from 8:30 AM to 4:45 PM, Nov 22, 2026 to May 31, 2027',
      details: { reason: 'pass-window', weekdays: ['tue', 'thu'], from: '08:30', to: '16:45', startDate: '2026-11-22', endDate: '2027-05-31' },
    });
    await resident().passes.pause({ id: pass.id });
    expectRefusal(await refusal(resident().passes.pause({ id: pass.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Pass cannot be paused: status is paused',
      details: { reason: 'pass-status', move: 'pause', status: 'paused' },
    });
    expectRefusal(await refusal(guard().visitors.checkIn({ visitorId: pass.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Pass cannot be checked in: status is paused',
      details: { reason: 'pass-status', move: 'check-in', status: 'paused' },
    });
  });

  it('a payment no longer pending: the move and the status', async () => {
    const payment = await admin().payments.create({ houseId: c.houseId, amount: 20, type: 'fine' });
    await admin().payments.complete({ id: payment.id });
    expectRefusal(await refusal(admin().payments.complete({ id: payment.id })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Payment cannot be completed: status is completed',
      details: { reason: 'payment-status', move: 'complete', status: 'completed' },
    });
    expectRefusal(await refusal(admin().payments.update({ id: payment.id, amount: 30 })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'Payment cannot be edited: status is completed',
      details: { reason: 'payment-status', move: 'edit', status: 'completed' },
    });
  });

  it('a photo of a visitor who can no longer enter: the status', async () => {
    const visitor = await invite('Photo Pia');
    await resident().visitors.cancel({ id: visitor.id });
    expectRefusal(await refusal(guard().visitors.putPhoto({ id: visitor.id, jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]) })), {
      status: 409,
      code: 'INVALID_TRANSITION',
      message: 'A photo can be added only while the visitor is pending or approved: status is cancelled',
      details: { reason: 'photo-status', status: 'cancelled' },
    });
  });

  it('a taken plate and a taken house: the plate, the number and the block', async () => {
    const vehicle = { licensePlate: ' xyz   789 ', make: 'Kia', model: 'Rio', color: 'Red', houseId: c.houseId };
    await resident().vehicles.create(vehicle);
    expectRefusal(await refusal(admin().vehicles.create(vehicle)), {
      status: 409,
      code: 'CONFLICT',
      message: 'License plate XYZ 789 is already registered',
      details: { reason: 'plate-taken', plate: 'XYZ 789' },
    });
    expectRefusal(await refusal(admin().houses.create({ houseNumber: '101', block: 'A', street: 'Maple Avenue', ownerId: c.resident.id })), {
      status: 409,
      code: 'CONFLICT',
      message: 'House 101 already exists in block A',
      details: { reason: 'house-taken', houseNumber: '101', block: 'A' },
    });
    expectRefusal(await refusal(admin().houses.update({ id: c.otherHouseId, houseNumber: '101', block: 'A' })), {
      status: 409,
      code: 'CONFLICT',
      message: 'House 101 already exists in block A',
      details: { reason: 'house-taken', houseNumber: '101', block: 'A' },
    });
  });

  it('a role refusal: the roles that may', async () => {
    expectRefusal(await refusal(guard().payments.create({ houseId: c.houseId, amount: 20, type: 'fine' })), {
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only admins can do this',
      details: { reason: 'role', roles: ['admin'] },
    });
    expectRefusal(await refusal(resident().gate.listReviews({})), {
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only guards and admins can do this',
      details: { reason: 'role', roles: ['guard', 'admin'] },
    });
  });

  it('too many sign-in attempts: the seconds to wait', async () => {
    await h.signup('resident', 'Lou Locked', 'lou@test.example');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await refusal(h.caller(null, `10.9.0.${attempt}`).auth.login({ email: 'lou@test.example', password: 'wrong-pass' }))).status).toBe(401);
    }
    const limited = await refusal(h.caller(null, '10.9.1.1').auth.login({ email: 'lou@test.example', password: 'secret123' }));
    const seconds = limited.retryAfterSeconds!;
    expect(seconds).toBeGreaterThan(0);
    expectRefusal(limited, {
      status: 429,
      code: 'RATE_LIMITED',
      message: `Too many attempts, try again in ${seconds} s`,
      details: { reason: 'too-many-attempts', seconds },
    });
  });

  it('keeps validation failures as fields, and fixed texts without details', async () => {
    const invalid = await refusal(resident().visitors.invite({ name: '', phone: '+15557654321', houseId: c.houseId, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' }));
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(invalid.refusal).toBeUndefined();
    expect(answeredDetails(invalid)).toEqual(invalid.details);
    expect(invalid.details?.[0]).toMatchObject({ path: 'name' });
    const missing = await refusal(guard().visitors.checkIn({ visitorId: '00000000-0000-4000-8000-000000000000' }));
    expect(missing).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Visitor not found' });
    expect(answeredDetails(missing)).toBeUndefined();
  });
});
