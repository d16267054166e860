/**
 * The reports page's figures over REST (operations §4), on both databases, every answer
 * checked against the OpenAPI document: `GET /api/reports/summary?from&to` answers the
 * figures in `data` (the last 30 days by default); a reversed range, one over 366 days and
 * a date that is not one are 400 in the envelope; guards and residents 403.
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

describe.each(legs)('Reports over REST on $name', (leg) => {
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
    tokens.admin = (await signup('Ada Admin', 'admin@reports.example', 'admin')).token;
    const guard = await signup('Gus Guard', 'guard@reports.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@reports.example');
    tokens.resident = resident.token;
    houseId = answer(await call('POST', '/api/houses', tokens.admin, { houseNumber: '101', block: 'A', street: 'Maple', ownerId: resident.user.id }), 201).data.id;
    answer(await call('POST', `/api/houses/${houseId}/residents`, tokens.admin, { userId: resident.user.id }), 200);
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  it('answers the figures of the range in the envelope, the last 30 days by default', async () => {
    const first = await invite('Ivy Invited');
    const second = await invite('Walter Visitor');
    for (const visitor of [first, second]) answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 200);
    answer(await call('POST', '/api/visitors/checkout-qr', tokens.guard, { visitorId: first.id }), 200);

    const summary = answer(await call('GET', '/api/reports/summary?from=2026-11-20&to=2026-11-22', tokens.admin), 200);
    expect(summary).toMatchObject({ success: true, error: null });
    expect(summary.data).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-22',
      timeZone: 'America/New_York',
      totalEntries: 2,
      visitsPerDay: [
        { date: '2026-11-20', visits: 0 },
        { date: '2026-11-21', visits: 0 },
        { date: '2026-11-22', visits: 2 },
      ],
      busiestHouses: [{ houseId, houseNumber: '101', block: 'A', visits: 2 }],
      byKind: [
        { kind: 'invitation', entries: 2 },
        { kind: 'walk-in', entries: 0 },
        { kind: 'recurring', entries: 0 },
      ],
      // Checked in and out at the same instant of this test's clock.
      averageStay: { stays: 1, averageMinutes: 0 },
      gateOverrides: { entries: 2, overrides: 0, share: 0 },
      lateCheckIns: { checkIns: 0, late: 0, share: null },
    });
    // 09:00 in New York, a Sunday.
    expect(summary.data.entriesByHour[9]).toEqual({ hour: 9, entries: 2 });
    expect(summary.data.entriesByWeekday[6]).toEqual({ weekday: 7, entries: 2 });

    const byDefault = answer(await call('GET', '/api/reports/summary', tokens.admin), 200).data;
    expect(byDefault).toMatchObject({ from: '2026-10-24', to: '2026-11-22', totalEntries: 2 });
    expect(byDefault.visitsPerDay).toHaveLength(30);
  });

  it('refuses bad ranges with 400 and anyone but an admin with 403', async () => {
    expect(answer(await call('GET', '/api/reports/summary?from=2026-11-22&to=2026-11-01', tokens.admin), 400)).toMatchObject({
      success: false,
      data: null,
      error: 'The start date must not be after the end date',
    });
    expect(answer(await call('GET', '/api/reports/summary?from=2025-01-01&to=2026-11-22', tokens.admin), 400)).toMatchObject({
      success: false,
      error: 'A report covers at most 366 days',
    });
    expect(answer(await call('GET', '/api/reports/summary?from=yesterday', tokens.admin), 400).error).toMatch(/From must be a date/);
    expect(answer(await call('GET', '/api/reports/summary', tokens.guard), 403)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(answer(await call('GET', '/api/reports/summary', tokens.resident), 403)).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});
