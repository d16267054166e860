/**
 * An Idempotency-Key on a tRPC mutation (the gate tablet sends its check-ins and check-outs
 * over the typed client, each under a key of its own, and repeats it until it gets an
 * answer): the work is done once per key, a repeat gets the first outcome (the procedure's
 * output, or its refusal with the same status, code and text), another input under the
 * same key is 422, a malformed key is 400, a kept outcome is refused to a caller whose
 * access changed, and a query or a procedure that does not honour keys is unaffected. On
 * both databases.
 */
import { AuditEvent } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();
const NOW = new Date('2026-11-22T15:00:00.000Z'); // 10:00 in New York

/** tRPC's error shape as the server formats it. */
interface TrpcError {
  error: { message: string; data: { httpStatus: number; errorCode: string } };
}

describe.each(legs)('Idempotency-Key on tRPC mutations on $name', (leg) => {
  const harness = restHarness(leg, {
    domain: 'trpc-keys.example',
    clock: () => NOW,
    house: { houseNumber: '7', block: 'K', street: 'Key Street' },
  });

  const mutate = (procedure: string, input: unknown, key?: string, token = harness.tokens.guard) =>
    harness.app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(key !== undefined ? { 'idempotency-key': key } : {}),
      },
      payload: JSON.stringify(input),
    });
  const result = (response: LightMyRequestResponse) => (response.json() as { result: { data: any } }).result.data;
  const failure = (response: LightMyRequestResponse) => (response.json() as TrpcError).error;
  const checkIns = async (visitorId: string) =>
    (await harness.test.db.fork().find(AuditEvent, { action: 'visitor.checked-in' })).filter(
      (row) => (row.targetId as string | null) === visitorId,
    ).length;

  it('checks a visitor in once however often the same move is sent', async () => {
    const visitor = await harness.invite('Kay Once');
    // (Not before the invitation was made, at NOW: a check-in cannot be dated before it.)
    const input = { visitorId: visitor.id, occurredAt: '2026-11-22T15:00:30.000Z' };
    const first = await mutate('visitors.checkIn', input, 'move-1');
    expect(first.statusCode).toBe(200);
    expect(result(first)).toMatchObject({ id: visitor.id, status: 'checked-in', check_in_time: '2026-11-22T15:00:30.000Z' });
    const again = await mutate('visitors.checkIn', input, 'move-1');
    expect(again.statusCode).toBe(200);
    expect(result(again)).toEqual(result(first));
    expect(await checkIns(visitor.id)).toBe(1);
    // Without the key the same move is a new request: refused, the visitor is inside.
    const unkeyed = await mutate('visitors.checkIn', input);
    expect(unkeyed.statusCode).toBe(409);
  });

  it('gives a refusal again, with its status, code and text', async () => {
    const visitor = await harness.invite('Kay Refused');
    await harness.call('DELETE', `/api/visitors/${visitor.id}/cancel`, harness.tokens.resident);
    const first = await mutate('visitors.checkIn', { visitorId: visitor.id }, 'move-2');
    expect(first.statusCode).toBe(409);
    const again = await mutate('visitors.checkIn', { visitorId: visitor.id }, 'move-2');
    expect(again.statusCode).toBe(409);
    expect(failure(again).message).toBe(failure(first).message);
    expect(failure(again).message).toBe('Visitor cannot be checked in: status is cancelled');
    expect(failure(again).data).toMatchObject({ httpStatus: 409, errorCode: 'INVALID_TRANSITION' });
  });

  it('refuses the same key with another input (422), a malformed key (400), and keeps keys per user', async () => {
    const one = await harness.invite('Kay First');
    const two = await harness.invite('Kay Second');
    expect((await mutate('visitors.checkIn', { visitorId: one.id }, 'move-3')).statusCode).toBe(200);
    const reused = await mutate('visitors.checkIn', { visitorId: two.id }, 'move-3');
    expect(reused.statusCode).toBe(422);
    expect(failure(reused).data.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await checkIns(two.id)).toBe(0);

    const malformed = await mutate('visitors.checkIn', { visitorId: two.id }, 'bad\u0007key');
    expect(malformed.statusCode).toBe(400);
    expect(await checkIns(two.id)).toBe(0);

    // The admin's key of the same name is the admin's own: the move is done.
    const admin = await mutate('visitors.checkIn', { visitorId: two.id }, 'move-3', harness.tokens.admin);
    expect(admin.statusCode).toBe(200);
    expect(await checkIns(two.id)).toBe(1);
  });

  it('gives a kept outcome only to a caller who may make the call now: demoted (403, the role) or moved house (403, access changed), both recorded', async () => {
    const { answer, call } = harness;
    const user = async (name: string, email: string, role: string) => {
      const made = answer(await call('POST', '/api/users', harness.tokens.admin, { name, email, phone: '+15551234567', password: 'secret123', role }), 201).data as { id: string };
      const login = await harness.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email, password: 'secret123' }) });
      return { id: made.id, token: answer(login, 200).data.token as string };
    };
    const demi = await user('Demi Admin', 'demi@trpc-keys.example', 'admin');
    const house = { houseNumber: '8', block: 'K', street: 'Key Street', ownerId: demi.id };
    expect((await mutate('houses.create', house, 'demi-house', demi.token)).statusCode).toBe(200);
    answer(await call('PUT', `/api/users/${demi.id}`, harness.tokens.admin, { role: 'guard' }), 200);
    const demoted = await mutate('houses.create', house, 'demi-house', demi.token);
    expect(demoted.statusCode).toBe(403);
    expect(failure(demoted).message).toBe('Only admins can do this');

    const mover = await user('Mo Mover', 'mo@trpc-keys.example', 'resident');
    answer(await call('POST', `/api/houses/${harness.houseId}/residents`, harness.tokens.admin, { userId: mover.id }), 200);
    const invitation = { name: 'Kept Outcome', phone: '+15557654321', houseId: harness.houseId, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' };
    expect((await mutate('visitors.invite', invitation, 'mover-invite', mover.token)).statusCode).toBe(200);
    const elsewhere = answer(await call('POST', '/api/houses', harness.tokens.admin, { houseNumber: '9', block: 'K', street: 'Key Street', ownerId: mover.id }), 201).data.id as string;
    answer(await call('POST', `/api/houses/${elsewhere}/residents`, harness.tokens.admin, { userId: mover.id }), 200);
    const moved = await mutate('visitors.invite', invitation, 'mover-invite', mover.token);
    expect(moved.statusCode).toBe(403);
    expect(failure(moved)).toMatchObject({ message: 'Your access has changed since this request was first made', data: { httpStatus: 403, errorCode: 'FORBIDDEN' } });

    const denials = await harness.test.db.fork().find(AuditEvent, { action: 'access.denied', actor: { $in: [demi.id, mover.id] } });
    expect(denials.map((row) => row.details).sort((x, y) => String(x?.procedure).localeCompare(String(y?.procedure)))).toEqual([
      { procedure: 'houses.create', message: 'Only admins can do this' },
      { procedure: 'visitors.invite', message: 'Your access has changed since this request was first made' },
    ]);
  });

  it('leaves queries and unsigned procedures alone', async () => {
    const visitor = await harness.invite('Kay Query');
    const read = await harness.app.inject({
      method: 'GET',
      url: `/trpc/visitors.byId?input=${encodeURIComponent(JSON.stringify({ id: visitor.id }))}`,
      headers: { authorization: `Bearer ${harness.tokens.guard}`, 'idempotency-key': 'not\u0007checked' },
    });
    expect(read.statusCode).toBe(200);
  });
});
