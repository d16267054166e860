/**
 * API tokens over REST (docs/api.md#api-tokens), on both databases, every answer checked against
 * the OpenAPI document: an admin makes a guard token, an integration checks a visitor in
 * with `Authorization: Bearer gh_…` and the audit log names the token; the token cannot
 * sign in, sign out, read `GET /api/auth/me` or the users, nor manage tokens (403); revoked
 * it is 401; each token has its own per-user rate-limit budget.
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(legs)('API tokens over REST on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const tokens = { admin: '', resident: '' };
  const ids = { admin: '', house: '' };

  const call = (method: Method, url: string, options: { token?: string; body?: unknown } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });
  const json = (response: LightMyRequestResponse) => response.json() as { success: boolean; data: any; error: string | null; code?: string };
  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    return json(response).data;
  };
  const refused = (response: LightMyRequestResponse) => ({ status: response.statusCode, error: json(response).error, code: json(response).code });
  const newToken = async (name: string, role: 'guard' | 'admin') =>
    ok(await call('POST', '/api/api-tokens', { token: tokens.admin, body: { name, role } }), 201) as { id: string; token: string; prefix: string };
  const invite = async (name: string) =>
    ok(
      await call('POST', '/api/visitors/invite', {
        token: tokens.resident,
        body: { name, phone: '+15557654321', houseId: ids.house, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' },
      }),
      201,
    ) as { id: string; qrCodeToken: string };

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
    const signup = async (name: string, email: string, role: string) =>
      ok(await call('POST', '/api/auth/signup', { body: { name, email, phone: '+15551234567', password: 'secret123', role } }), 201) as {
        token: string;
        user: { id: string };
      };
    const admin = await signup('Ada Admin', 'admin@tokens.example', 'admin');
    tokens.admin = admin.token;
    ids.admin = admin.user.id;
    const resident = await signup('Rita Resident', 'rita@tokens.example', 'resident');
    tokens.resident = resident.token;
    ids.house = ok(await call('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '101', block: 'A', street: 'Maple', ownerId: resident.user.id } }), 201).id;
    ok(await call('POST', `/api/houses/${ids.house}/residents`, { token: tokens.admin, body: { userId: resident.user.id } }));
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  it('an API token checks a visitor in over REST', async () => {
    const created = await newToken('Barrier at Gate 1', 'guard');
    expect(created.token).toMatch(/^gh_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 11));
    const listed = ok(await call('GET', '/api/api-tokens', { token: tokens.admin }));
    expect(listed.find((item: { id: string }) => item.id === created.id)).toEqual({
      id: created.id,
      name: 'Barrier at Gate 1',
      role: 'guard',
      prefix: created.prefix,
      createdAt: now.toISOString(),
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });

    const visitor = await invite('Vera Visitor');
    expect(ok(await call('POST', '/api/visitors/scan', { token: created.token, body: { token: visitor.qrCodeToken } })).id).toBe(visitor.id);
    expect(ok(await call('POST', '/api/visitors/checkin-qr', { token: created.token, body: { visitorId: visitor.id } })).status).toBe('checked-in');

    const audit = ok(await call('GET', `/api/audit?targetId=${visitor.id}&action=visitor.checked-in`, { token: tokens.admin }));
    expect(audit.map((event: { actor: { id: string }; apiToken: unknown }) => [event.actor.id, event.apiToken])).toEqual([
      [ids.admin, { id: created.id, name: 'Barrier at Gate 1' }],
    ]);
    const used = ok(await call('GET', '/api/api-tokens', { token: tokens.admin })).find((item: { id: string }) => item.id === created.id);
    expect(used.lastUsedAt).toBe(now.toISOString());
    // The creator's own row keeps its role.
    expect((await test.db.fork().findOneOrFail(User, { id: ids.admin })).role).toBe('admin');
  });

  it('never keeps a new token in the idempotency store: its POST does not honour Idempotency-Key', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/api-tokens',
        headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json', 'idempotency-key': 'same-key-twice' },
        payload: JSON.stringify({ name: 'Kept Nowhere', role: 'guard' }),
      });
    const [first, second] = [await send(), await send()];
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    expect(json(first).data.token).not.toBe(json(second).data.token);
    const [kept] = await test.db.fork().getConnection().execute<{ count: string | number }[]>(
      "select count(*) as count from idempotency_key where response_body like '%gh\\_%' or key = 'same-key-twice'",
    );
    expect(Number(kept!.count)).toBe(0);
  });

  it('keeps an API token\'s idempotency keys apart from its creator\'s', async () => {
    const { token } = await newToken('Replayer', 'guard');
    const visitor = await invite('Ida Idempotent');
    const post = (bearer: string) =>
      app.inject({
        method: 'POST',
        url: '/api/visitors/scan',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': 'shared-key-1' },
        payload: JSON.stringify({ token: visitor.qrCodeToken }),
      });
    // The admin's own call, then the token's with the same key, path and body: the token's
    // is answered afresh (its own call), not with the admin's kept answer.
    expect((await post(tokens.admin)).statusCode).toBe(200);
    const byToken = await post(token);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.headers['idempotency-replayed']).toBeUndefined();
    // A repeat by the token is its own replay.
    expect((await post(token)).headers['idempotency-replayed']).toBe('true');
  });

  it('refuses a token what tokens may never do: sign in, sign out, /api/auth/me, users, tokens (403)', async () => {
    const { token } = await newToken('Integration', 'admin');
    const forbidden = { status: 403, error: 'API tokens cannot do this', code: 'FORBIDDEN' };
    expect(refused(await call('POST', '/api/auth/login', { token, body: { email: 'admin@tokens.example', password: 'secret123' } }))).toEqual(forbidden);
    expect(refused(await call('POST', '/api/auth/logout', { token }))).toEqual(forbidden);
    expect(refused(await call('GET', '/api/auth/me', { token }))).toEqual(forbidden);
    expect(refused(await call('POST', '/api/auth/change-password', { token, body: { currentPassword: 'secret123', newPassword: 'secret456' } }))).toEqual(forbidden);
    expect(refused(await call('GET', '/api/users', { token }))).toEqual(forbidden);
    expect(refused(await call('GET', `/api/users/${ids.admin}`, { token }))).toEqual(forbidden);
    expect(refused(await call('GET', '/api/api-tokens', { token }))).toEqual(forbidden);
    expect(refused(await call('POST', '/api/api-tokens', { token, body: { name: 'Child', role: 'admin' } }))).toEqual(forbidden);
    // What an admin may do elsewhere, the admin token may.
    expect(ok(await call('GET', '/api/houses', { token })).length).toBeGreaterThan(0);
  });

  it('answers the create rules with 400 VALIDATION_FAILED, revokes with {id}, and a revoked token is 401', async () => {
    const bad = await call('POST', '/api/api-tokens', { token: tokens.admin, body: { name: 'Bad', role: 'resident' } });
    expect(refused(bad)).toEqual({ status: 400, error: 'Role must be guard or admin', code: 'VALIDATION_FAILED' });
    expect(json(bad)).toMatchObject({ details: [{ path: 'role', message: 'Role must be guard or admin' }] });
    expect(refused(await call('POST', '/api/api-tokens', { token: tokens.admin, body: { name: 'Bad', role: 'guard', expiresAt: '2026-11-22T08:59:00-05:00' } }))).toEqual({
      status: 400,
      error: 'Expiry must be in the future',
      code: 'VALIDATION_FAILED',
    });
    expect(refused(await call('POST', '/api/api-tokens', { token: tokens.admin, body: { name: 'Bad', role: 'guard', expiresAt: '2029-01-01T00:00:00Z' } }))).toEqual({
      status: 400,
      error: 'Expiry must be at most 2 years ahead',
      code: 'VALIDATION_FAILED',
    });

    const created = await newToken('To Revoke', 'guard');
    expect(ok(await call('GET', '/api/visitors', { token: created.token }))).toBeInstanceOf(Array);
    expect(ok(await call('DELETE', `/api/api-tokens/${created.id}`, { token: tokens.admin }))).toEqual({ id: created.id });
    expect(refused(await call('GET', '/api/visitors', { token: created.token }))).toEqual({ status: 401, error: 'Authentication required', code: 'UNAUTHENTICATED' });
    const listed = ok(await call('GET', '/api/api-tokens', { token: tokens.admin })).find((item: { id: string }) => item.id === created.id);
    expect(listed.revokedAt).toBe(now.toISOString());
    expect(refused(await call('DELETE', '/api/api-tokens/00000000-0000-4000-8000-000000000000', { token: tokens.admin }))).toEqual({
      status: 404,
      error: 'API token not found',
      code: 'NOT_FOUND',
    });
  });
});

describe('API token rate limits', () => {
  it('counts a token’s calls against the token, not against its creator', async () => {
    const [leg] = legs;
    const test = await leg!.create();
    const app = await buildApp({
      db: test.db,
      service: { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
      apiRateLimits: { perAddressPerMinute: 1_000, perUserPerMinute: 5 },
    });
    try {
      const inject = (url: string, token: string, method: Method = 'GET', body?: unknown) =>
        app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Ada Admin', email: 'ada@limits.example', phone: '+15551234567', password: 'secret123', role: 'admin' }),
      });
      const session = (signup.json() as { data: { token: string } }).data.token;
      const created = await inject('/api/api-tokens', session, 'POST', { name: 'Busy', role: 'guard' });
      const token = (created.json() as { data: { token: string } }).data.token;
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) statuses.push((await inject('/api/houses', token)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // The creator's own session still has its budget (it used one call above).
      expect((await inject('/api/houses', session)).statusCode).toBe(200);
    } finally {
      await app.close();
      await test.drop();
    }
  });
});
