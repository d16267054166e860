/**
 * The blocklist over REST (operations §3), on both databases, every answer checked against
 * the OpenAPI document: `GET/POST /api/blocklist`, `DELETE /api/blocklist/{id}` for admins
 * (403 otherwise, 201 on a creation, the spec's 400s), the scan's `blocklisted`, the
 * check-in's 409 BLOCKLISTED, a guard's override 403 and an admin's override.
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

describe.each(legs)('Blocklist over REST on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const tokens = { admin: '', guard: '', resident: '' };
  let houseId = '';

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
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
  const invite = async (name: string, phone: string) =>
    answer(
      await call('POST', '/api/visitors/invite', tokens.resident, {
        name,
        phone,
        houseId,
        visitDate: '2026-11-22',
        visitTimeFrom: '09:00',
        visitTimeTo: '17:00',
      }),
      201,
    ).data as { id: string; qrCodeToken: string };

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
    tokens.admin = (await signup('Ada Admin', 'admin@blocklist.example', 'admin')).token;
    const guard = await signup('Gus Guard', 'guard@blocklist.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@blocklist.example');
    tokens.resident = resident.token;
    houseId = answer(await call('POST', '/api/houses', tokens.admin, { houseNumber: '101', block: 'A', street: 'Maple', ownerId: resident.user.id }), 201).data.id;
    answer(await call('POST', `/api/houses/${houseId}/residents`, tokens.admin, { userId: resident.user.id }), 200);
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  it('lets admins add, list and remove entries; 400s in the spec’s words; 403 for others', async () => {
    const created = answer(
      await call('POST', '/api/blocklist', tokens.admin, { name: 'Mallory', phone: '+15550007777', reason: 'Threatened a guard' }),
      201,
    ).data;
    expect(created).toMatchObject({ name: 'Mallory', phone: '+15550007777', licensePlate: null, reason: 'Threatened a guard' });

    const list = await call('GET', '/api/blocklist', tokens.admin);
    expect(answer(list, 200).data).toEqual([created]);
    expect(list.headers['x-total-count']).toBe('1');

    const neither = answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Nobody', reason: 'No match' }), 400);
    expect(neither).toMatchObject({ error: 'Give a phone number or a licence plate', code: 'VALIDATION_FAILED' });
    expect(answer(await call('POST', '/api/blocklist', tokens.admin, { phone: '+15550001111', reason: 'x' }), 400).error).toBe('Name is required');
    expect(answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Some One', licensePlate: 'AB 1' }), 400).error).toBe(
      'Reason is required',
    );

    for (const token of [tokens.guard, tokens.resident]) {
      expect(answer(await call('GET', '/api/blocklist', token), 403).code).toBe('FORBIDDEN');
      answer(await call('POST', '/api/blocklist', token, { name: 'X Y', phone: '+15550001111', reason: 'x' }), 403);
      answer(await call('DELETE', `/api/blocklist/${created.id}`, token), 403);
    }

    expect(answer(await call('DELETE', `/api/blocklist/${created.id}`, tokens.admin), 200).data).toEqual({ id: created.id });
    expect(answer(await call('DELETE', `/api/blocklist/${created.id}`, tokens.admin), 404).error).toBe('Blocklist entry not found');
  });

  it('warns at the scan, refuses the check-in with 409 BLOCKLISTED, and lets only an admin override', async () => {
    const visitor = await invite('Bad Actor', '+15551230000');
    const entry = answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Bad Actor', phone: '+1 555 123 0000', reason: 'Trespassing' }), 201).data;

    const scanned = answer(await call('POST', '/api/visitors/scan', tokens.guard, { token: visitor.qrCodeToken }), 200).data;
    expect(scanned.blocklisted).toEqual({ reason: 'Trespassing' });

    const refused = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 409);
    expect(refused).toMatchObject({ success: false, error: 'This visitor is on the community blocklist', code: 'BLOCKLISTED' });

    const guardOverride = answer(
      await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id, override: true, notes: 'Please' }),
      403,
    );
    expect(guardOverride.error).toBe('Only an admin can override the blocklist');
    expect(answer(await call('POST', '/api/visitors/checkin-qr', tokens.admin, { visitorId: visitor.id, override: true }), 400).error).toBe(
      'Notes are required to override the blocklist',
    );
    const checkedIn = answer(
      await call('POST', '/api/visitors/checkin-qr', tokens.admin, { visitorId: visitor.id, override: true, notes: 'Court order' }),
      200,
    ).data;
    expect(checkedIn).toMatchObject({ id: visitor.id, status: 'checked-in' });

    // The refused attempt is in the audit log (admins read it over REST).
    const audit = answer(await call('GET', `/api/audit?action=visitor.blocklist-refused&targetId=${visitor.id}`, tokens.admin), 200).data;
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ blocklistEntryId: entry.id, reason: 'Trespassing' });
  });
});
