/**
 * The server side of offline-gate.md over REST, on both databases: `occurredAt` on
 * `POST /api/visitors/checkin-qr` and `/checkout-qr` (§3).
 */
import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { AuditEvent, User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { ErrorCode } from '@gatehouse/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Envelope {
  success: boolean;
  data: any;
  error: string | null;
  code?: ErrorCode;
  details?: Array<{ path: string; message: string }>;
}

describe.each(legs)('offline gate over REST on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let now = START;
  const tokens = { admin: '', guard: '', resident: '', neighbour: '' };
  const ids = { admin: '', guard: '', resident: '', neighbour: '', house: '', otherHouse: '' };

  const call = (method: Method, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
  const json = (response: LightMyRequestResponse) => response.json() as Envelope;
  const ok = async (method: Method, url: string, token: string, body?: unknown) => {
    const response = await call(method, url, { token, ...(body !== undefined ? { body } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return json(response).data;
  };
  const invite = (name: string, extra: Record<string, unknown> = {}) =>
    ok('POST', '/api/visitors/invite', tokens.resident, {
      name,
      phone: '+15557654321',
      houseId: ids.house,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      ...extra,
    });

  beforeAll(async () => {
    test = await leg.create();
    app = await buildApp({
      db: test.db,
      service: { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 100_000, failedSignInsPerEmail: 100, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
      clock: () => now,
    });
    const signup = async (name: string, email: string, role = 'resident') => {
      const response = await call('POST', '/api/auth/signup', { body: { name, email, phone: '+15551234567', password: 'secret123', role } });
      return json(response).data as { token: string; user: { id: string } };
    };
    const admin = await signup('Ada Admin', 'admin@offline.example', 'admin');
    const guard = await signup('Gus Guard', 'guard@offline.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    const resident = await signup('Rita Resident', 'rita@offline.example');
    const neighbour = await signup('Ned Neighbour', 'ned@offline.example');
    Object.assign(tokens, { admin: admin.token, guard: guard.token, resident: resident.token, neighbour: neighbour.token });
    Object.assign(ids, { admin: admin.user.id, guard: guard.user.id, resident: resident.user.id, neighbour: neighbour.user.id });
    ids.house = (await ok('POST', '/api/houses', tokens.admin, { houseNumber: '101', block: 'A', street: 'Maple', ownerId: ids.resident })).id;
    ids.otherHouse = (await ok('POST', '/api/houses', tokens.admin, { houseNumber: '202', block: 'B', street: 'Cedar', ownerId: ids.neighbour })).id;
    await ok('POST', `/api/houses/${ids.house}/residents`, tokens.admin, { userId: ids.resident });
    await ok('POST', `/api/houses/${ids.otherHouse}/residents`, tokens.admin, { userId: ids.neighbour });
  });
  beforeEach(() => {
    now = START;
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  describe('occurredAt (offline-gate §3)', () => {
    it('sets check_in_time and check_out_time from occurredAt and keeps both instants in the audit log', async () => {
      const visitor = await invite('Rest Offline', { visitTimeTo: '09:30' });
      now = new Date('2026-11-22T15:00:00.000Z'); // 10:00: the window ended at 09:31
      const checkIn = await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id, occurredAt: '2026-11-22T09:15:00-05:00' } });
      expect(checkIn.statusCode).toBe(200);
      expect(json(checkIn).data).toMatchObject({ status: 'checked-in', check_in_time: '2026-11-22T14:15:00.000Z' });
      const checkOut = await call('POST', '/api/visitors/checkout-qr', { token: tokens.admin, body: { visitorId: visitor.id, occurredAt: '2026-11-22T14:45:00Z' } });
      expect(json(checkOut).data).toMatchObject({ status: 'checked-out', check_out_time: '2026-11-22T14:45:00.000Z' });
      const rows = await test.db.fork().find(AuditEvent, { targetId: visitor.id, action: { $in: ['visitor.checked-in', 'visitor.checked-out'] } }, { orderBy: { sequence: 'asc' } });
      expect(rows.map((row) => row.details)).toEqual([
        { occurredAt: '2026-11-22T14:15:00.000Z', recordedAt: now.toISOString() },
        { occurredAt: '2026-11-22T14:45:00.000Z', recordedAt: now.toISOString() },
      ]);
    });

    it('answers a bad or out-of-range occurredAt with 400 VALIDATION_FAILED, a check-out before the check-in with 409', async () => {
      const visitor = await invite('Rest Refusals');
      const bad = await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id, occurredAt: '2026-11-22 09:00' } });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({
        error: 'occurredAt must be an ISO 8601 instant',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'occurredAt', message: 'occurredAt must be an ISO 8601 instant' }],
      });
      const far = await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id, occurredAt: '2026-11-22T14:03:00Z' } });
      expect(far.statusCode).toBe(400);
      expect(json(far)).toMatchObject({ error: 'occurredAt is out of range', code: 'VALIDATION_FAILED', details: [{ path: 'occurredAt' }] });
      await ok('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id, occurredAt: '2026-11-22T13:50:00Z' });
      const before = await call('POST', '/api/visitors/checkout-qr', { token: tokens.guard, body: { visitorId: visitor.id, occurredAt: '2026-11-22T13:49:59Z' } });
      expect(before.statusCode).toBe(409);
      expect(json(before)).toMatchObject({ error: 'Check-out cannot be before check-in', code: 'INVALID_TRANSITION' });
    });
  });
});
