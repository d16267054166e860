/**
 * A refusal whose text names values carries them, on the wire, on both databases: the REST
 * envelope's `details` and tRPC's `data.details` are `{reason, …values}` (raw: statuses,
 * YYYY-MM-DD dates, HH:MM times) beside the unchanged English `error`, every answer checked
 * against the OpenAPI document; a repeat under the same Idempotency-Key gives them again;
 * Needs review keeps a refusal's code and details and lists them.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();
const NOW = new Date('2026-11-22T15:00:00.000Z'); // 10:00 in New York

/** tRPC's error shape as the server formats it. */
interface TrpcError {
  error: { message: string; data: { httpStatus: number; errorCode: string; details: unknown } };
}

describe.each(legs)('refusal details over REST and tRPC on $name', (leg) => {
  const harness = restHarness(leg, {
    domain: 'refusals.example',
    clock: () => NOW,
    house: { houseNumber: '12', block: 'R', street: 'Refusal Road' },
  });
  const { tokens, call, answer } = harness;

  const trpc = (procedure: string, input: unknown, token: string, key?: string) =>
    harness.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(input),
    });
  const trpcError = (response: LightMyRequestResponse) => (response.json() as TrpcError).error;

  it('a check-in too early: the visit date and window in `details`, REST and tRPC alike', async () => {
    const tomorrow = await harness.invite('Tomorrow Tess', { visitDate: '2026-11-23', visitTimeFrom: '09:00', visitTimeTo: '17:00' });
    const window = { reason: 'visit-window', date: '2026-11-23', from: '09:00', to: '17:00' };
    const refused = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: tomorrow.id }), 409);
    expect(refused).toEqual({
      success: false,
      data: null,
      error: 'This invitation is valid on Nov 23, 2026 from 9:00 AM to 5:00 PM',
      code: 'INVALID_TRANSITION',
      details: window,
    });
    const overTrpc = await trpc('visitors.checkIn', { visitorId: tomorrow.id }, tokens.guard);
    expect(overTrpc.statusCode).toBe(409);
    expect(trpcError(overTrpc)).toMatchObject({
      message: 'This invitation is valid on Nov 23, 2026 from 9:00 AM to 5:00 PM',
      data: { httpStatus: 409, errorCode: 'INVALID_TRANSITION', details: window },
    });
    // The gate tablet repeats a move under its key: the kept refusal keeps its details.
    for (const attempt of [1, 2]) {
      const keyed = await trpc('visitors.checkIn', { visitorId: tomorrow.id }, tokens.guard, 'early-move-1');
      expect(trpcError(keyed).data, `tRPC attempt ${attempt}`).toMatchObject({ errorCode: 'INVALID_TRANSITION', details: window });
      const rest = answer(
        await harness.app.inject({
          method: 'POST',
          url: '/api/visitors/checkin-qr',
          headers: { authorization: `Bearer ${tokens.guard}`, 'content-type': 'application/json', 'idempotency-key': 'early-move-1' },
          payload: JSON.stringify({ visitorId: tomorrow.id }),
        }),
        409,
      );
      expect(rest.details, `REST attempt ${attempt}`).toEqual(window);
    }
  });

  it('a status, a role, a taken plate and house: each with its values', async () => {
    const visitor = await harness.invite('Cancelled Cleo');
    answer(await call('DELETE', `/api/visitors/${visitor.id}/cancel`, tokens.resident), 200);
    expect(answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 409)).toMatchObject({
      error: 'Visitor cannot be checked in: status is cancelled',
      details: { reason: 'visitor-status', move: 'check-in', status: 'cancelled' },
    });
    expect(answer(await call('GET', '/api/payments', tokens.guard), 403)).toEqual({
      success: false,
      data: null,
      error: 'Only residents and admins can do this',
      code: 'FORBIDDEN',
      details: { reason: 'role', roles: ['resident', 'admin'] },
    });
    const payment = answer(await call('POST', '/api/payments', tokens.admin, { houseId: harness.houseId, amount: 12, type: 'fine' }), 201).data;
    answer(await call('POST', `/api/payments/${payment.id}/fail`, tokens.admin), 200);
    expect(answer(await call('PUT', `/api/payments/${payment.id}`, tokens.admin, { amount: 13 }), 409)).toMatchObject({
      error: 'Payment cannot be edited: status is failed',
      code: 'INVALID_TRANSITION',
      details: { reason: 'payment-status', move: 'edit', status: 'failed' },
    });
    const vehicle = { licensePlate: 'rr 42', make: 'Fiat', model: 'Uno', color: 'Blue', houseId: harness.houseId };
    answer(await call('POST', '/api/vehicles', tokens.resident, vehicle), 201);
    expect(answer(await call('POST', '/api/vehicles', tokens.admin, vehicle), 409)).toEqual({
      success: false,
      data: null,
      error: 'License plate RR 42 is already registered',
      code: 'CONFLICT',
      details: { reason: 'plate-taken', plate: 'RR 42' },
    });
    expect(answer(await call('POST', '/api/houses', tokens.admin, { houseNumber: '12', block: 'R', street: 'Elsewhere', ownerId: harness.residentId }), 409)).toMatchObject({
      error: 'House 12 already exists in block R',
      code: 'CONFLICT',
      details: { reason: 'house-taken', houseNumber: '12', block: 'R' },
    });
  });

  it('Needs review keeps a refusal’s code and details and lists them', async () => {
    const details = { reason: 'pass-status', move: 'check-in', status: 'paused' };
    const created = answer(
      await call('POST', '/api/gate/reviews', tokens.guard, {
        action: 'check-in',
        occurredAt: '2026-11-22T14:30:00Z',
        message: 'Pass cannot be checked in: status is paused',
        code: 'INVALID_TRANSITION',
        details,
      }),
      201,
    );
    expect(created.data).toMatchObject({ code: 'INVALID_TRANSITION', details, message: 'Pass cannot be checked in: status is paused' });
    const listed = answer(await call('GET', '/api/gate/reviews', tokens.admin), 200).data as Array<{ id: string }>;
    expect(listed.find((review) => review.id === created.data.id)).toEqual(created.data);
    const bad = answer(
      await call('POST', '/api/gate/reviews', tokens.guard, { action: 'check-in', occurredAt: '2026-11-22T14:30:00Z', message: 'x', details: { reason: 'visit-window', date: 'tomorrow' } }),
      400,
    );
    expect(bad).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Details must be the fields at fault or a refusal’s values' });
    expect(answer(await call('POST', `/api/gate/reviews/${created.data.id}/dismiss`, tokens.guard, {}), 200).data.status).toBe('dismissed');
    expect(answer(await call('POST', `/api/gate/reviews/${created.data.id}/dismiss`, tokens.guard, {}), 409)).toMatchObject({
      error: 'Review cannot be dismissed: status is dismissed',
      details: { reason: 'review-status', move: 'dismiss', status: 'dismissed' },
    });
  });
});
