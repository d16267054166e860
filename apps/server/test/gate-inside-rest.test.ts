/**
 * Inside now over REST (operations §4), on both databases, every answer checked against the
 * OpenAPI document: `GET /api/gate/inside` answers the people checked in now in `data`,
 * ordered by house then name, with `X-Total-Count`; a resident gets 403.
 */
import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';
import { withResponseValidation } from './support/openapi-validation';

const legs = await databaseLegs();

describe.each(legs)('Inside now over REST on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const tokens = { admin: '', guard: '', resident: '' };
  let houseId = '';

  const call = (method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const answer = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    return response.json() as { success: boolean; data: any; error: string | null; code?: string };
  };
  const signup = async (name: string, email: string, role = 'resident') => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name, email, phone: '+15551234567', password: 'secret123', role }),
    });
    return answer(response, 201).data as { token: string; user: { id: string } };
  };
  const invite = async (name: string) =>
    answer(
      await call('POST', '/api/visitors/invite', tokens.resident, {
        name,
        phone: '+15559998888',
        houseId,
        visitDate: '2026-11-22',
        visitTimeFrom: '09:00',
        visitTimeTo: '17:00',
      }),
      201,
    ).data as { id: string };

  beforeAll(async () => {
    test = await leg.create();
    app = withResponseValidation(
      await buildApp({
        db: test.db,
        service: { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        clock: () => now,
      }),
    );
    tokens.admin = (await signup('Ada Admin', 'admin@inside.example', 'admin')).token;
    const guard = await signup('Gus Guard', 'guard@inside.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@inside.example');
    tokens.resident = resident.token;
    houseId = answer(await call('POST', '/api/houses', tokens.admin, { houseNumber: '101', block: 'A', street: 'Maple', ownerId: resident.user.id }), 201).data.id;
    answer(await call('POST', `/api/houses/${houseId}/residents`, tokens.admin, { userId: resident.user.id }), 200);
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  it('lists who is inside with X-Total-Count, for guards and admins; 403 for a resident', async () => {
    const empty = await call('GET', '/api/gate/inside', tokens.guard);
    expect(answer(empty, 200).data).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');

    const zoe = await invite('Zoe Inside');
    const abe = await invite('Abe Inside');
    await invite('Not Yet Arrived');
    for (const visitor of [zoe, abe]) answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 200);

    const inside = await call('GET', '/api/gate/inside', tokens.guard);
    const body = answer(inside, 200);
    expect(inside.headers['x-total-count']).toBe('2');
    expect(body.data.map((item: { name: string }) => item.name)).toEqual(['Abe Inside', 'Zoe Inside']);
    expect(body.data[0]).toEqual({
      id: abe.id,
      kind: 'invitation',
      name: 'Abe Inside',
      phone: '+15559998888',
      houseId: { id: houseId, houseNumber: '101', block: 'A' },
      hostName: 'Rita Resident',
      vehicleLicensePlate: null,
      checkInTime: now.toISOString(),
      gate: null,
    });
    expect(answer(await call('GET', '/api/gate/inside', tokens.admin), 200).data).toHaveLength(2);

    const refused = answer(await call('GET', '/api/gate/inside', tokens.resident), 403);
    expect(refused).toMatchObject({ success: false, data: null, code: 'FORBIDDEN' });
  });
});
