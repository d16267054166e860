import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createMemoryAuthRateLimits, restRoutes } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { ERROR_CODE_STATUS, isErrorCode, type ErrorCode } from '@gatehouse/shared';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';
import { withResponseValidation } from './support/openapi-validation';

const legs = await databaseLegs();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(legs)('REST mapping on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gatehouse-web-'));
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const tokens: Record<'admin' | 'guard' | 'resident' | 'neighbour', string> = { admin: '', guard: '', resident: '', neighbour: '' };
  const ids = { resident: '', neighbour: '', house: '', otherHouse: '' };

  const call = (method: Method, url: string, options: { token?: string; body?: unknown; headers?: Record<string, string>; payload?: string } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined || options.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });

  const json = (response: LightMyRequestResponse) =>
    response.json() as { success: boolean; data: any; error: string | null; code?: ErrorCode; details?: Array<{ path: string; message: string }> };

  /**
   * Checks the envelope of docs/api.md#the-envelope: on an error, `error` is the text (matching
   * `error` when given) and `code` a code of docs/api.md#error-codes whose status is the answer's
   * (`code` when given); VALIDATION_FAILED always has details.
   */
  const expectEnvelope = (response: LightMyRequestResponse, status: number, error?: string | RegExp, code?: ErrorCode) => {
    const body = json(response);
    expect(response.statusCode, `${response.statusCode} ${response.body.slice(0, 200)}`).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    if (status < 400) {
      expect(body).toMatchObject({ success: true, error: null });
      expect(body).not.toHaveProperty('code');
    } else {
      expect(body).toMatchObject({ success: false, data: null });
      expect(typeof body.error).toBe('string');
      if (typeof error === 'string') expect(body.error).toBe(error);
      else if (error) expect(body.error).toMatch(error);
      expect(isErrorCode(body.code), `code ${body.code}`).toBe(true);
      expect(ERROR_CODE_STATUS[body.code!], `${body.code} for ${status}`).toBe(status);
      if (code) expect(body.code).toBe(code);
      if (body.code === 'VALIDATION_FAILED') expect(body.details?.length).toBeGreaterThan(0);
    }
    return body;
  };

  const signup = async (name: string, email: string, role = 'resident') => {
    const body = expectEnvelope(await call('POST', '/api/auth/signup', { body: { name, email, phone: '+15551234567', password: 'secret123', role } }), 201);
    return body.data as { token: string; user: { id: string } };
  };

  beforeAll(async () => {
    test = await leg.create();
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title><div id="root"></div>');
    // Every answer of this file is checked against the OpenAPI document
    // (docs/api.md#openapi-and-the-api-reference).
    app = withResponseValidation(
      await buildApp({
        db: test.db,
        service: { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        clock: () => now,
        webRoot,
      }),
    );
    const admin = await signup('Ada Admin', 'admin@rest.example', 'admin');
    tokens.admin = admin.token;
    const guard = await signup('Gus Guard', 'guard@rest.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@rest.example');
    tokens.resident = resident.token;
    ids.resident = resident.user.id;
    const neighbour = await signup('Ned Neighbour', 'ned@rest.example');
    tokens.neighbour = neighbour.token;
    ids.neighbour = neighbour.user.id;
    const house = expectEnvelope(await call('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '101', block: 'A', street: 'Maple', ownerId: resident.user.id } }), 201);
    ids.house = house.data.id;
    const other = expectEnvelope(await call('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '202', block: 'B', street: 'Cedar', ownerId: neighbour.user.id } }), 201);
    ids.otherHouse = other.data.id;
    expectEnvelope(await call('POST', `/api/houses/${ids.house}/residents`, { token: tokens.admin, body: { userId: resident.user.id } }), 200);
    expectEnvelope(await call('POST', `/api/houses/${ids.otherHouse}/residents`, { token: tokens.admin, body: { userId: neighbour.user.id } }), 200);
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const invitation = (houseId: string, extra: Record<string, unknown> = {}) => ({
    name: 'Vera Visitor',
    phone: '+15557654321',
    houseId,
    visitDate: '2026-11-22',
    visitTimeFrom: '10:00',
    visitTimeTo: '17:00',
    ...extra,
  });

  it('mounts every row of the mapping table (none answers the unknown-path 404)', async () => {
    for (const route of restRoutes) {
      const url = route.path.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':residentId', '00000000-0000-4000-8000-000000000001');
      const response = await call(route.method, url, route.takesBody ? { body: {} } : {});
      expect(json(response).error, `${route.method} ${route.path}`).not.toBe('Not found');
    }
  });

  it('signs up with 201 and the envelope, logs in, answers me and logs out', async () => {
    const login = expectEnvelope(await call('POST', '/api/auth/login', { body: { email: 'RITA@rest.example', password: 'secret123' } }), 200);
    expect(login.data.user).toMatchObject({ email: 'rita@rest.example', role: 'resident', houseId: { id: ids.house, houseNumber: '101', block: 'A' } });
    const me = expectEnvelope(await call('GET', '/api/auth/me', { token: login.data.token }), 200);
    expect(me.data.user.id).toBe(ids.resident);
    expectEnvelope(await call('POST', '/api/auth/logout', { token: login.data.token }), 200);
    expectEnvelope(await call('GET', '/api/auth/me', { token: login.data.token }), 401, 'Authentication required', 'UNAUTHENTICATED');
    expectEnvelope(await call('POST', '/api/auth/logout', { token: login.data.token }), 200);
    expectEnvelope(await call('POST', '/api/auth/login', { body: { email: 'rita@rest.example', password: 'wrong-one' } }), 401, 'Invalid email or password', 'INVALID_CREDENTIALS');
    expectEnvelope(await call('POST', '/api/auth/signup', { body: { name: 'Gina', email: 'gina@rest.example', phone: '+15551234567', password: 'secret123', role: 'guard' } }), 403, 'Only an admin can create guard or admin accounts', 'FORBIDDEN');
    expectEnvelope(await call('POST', '/api/auth/signup', { body: { name: 'Rita', email: 'rita@rest.example', phone: '+15551234567', password: 'secret123' } }), 409, 'Email is already registered', 'CONFLICT');
  });

  it('answers bad input with 400 and the first client message, never 500', async () => {
    const body = expectEnvelope(await call('POST', '/api/auth/signup', { body: { name: 'A', email: 'x', phone: '1', password: '1' } }), 400, 'Name must be at least 2 characters', 'VALIDATION_FAILED');
    expect((body as unknown as { details: unknown[] }).details.length).toBeGreaterThan(1);
    expectEnvelope(await call('POST', '/api/auth/login', { payload: '{"email": "a@b.co", ' }), 400, 'Malformed JSON in request body', 'BAD_REQUEST');
    expectEnvelope(await call('POST', '/api/auth/login', { body: ['a@b.co'] }), 400, 'Request body must be a JSON object', 'BAD_REQUEST');
    expectEnvelope(await call('POST', '/api/auth/login', { body: 'a@b.co' }), 400);
    expectEnvelope(await call('POST', '/api/auth/login', { payload: 'email=a', headers: { 'content-type': 'text/plain' } }), 400, 'Request body must be a JSON object');
    expectEnvelope(await call('POST', '/api/auth/login', { payload: '<email/>', headers: { 'content-type': 'application/xml' } }), 415, 'Unsupported content type: send JSON (application/json)', 'UNSUPPORTED_MEDIA_TYPE');
    expectEnvelope(await call('POST', '/api/auth/login', { body: { email: null, password: 12 } }), 400, 'Email is required', 'VALIDATION_FAILED');
    // An empty JSON body is no body: the path names what it needs.
    expectEnvelope(await call('POST', '/api/auth/login', { payload: '' }), 400, 'Email is required', 'VALIDATION_FAILED');
    expectEnvelope(await call('POST', '/api/auth/login', { payload: '{"__proto__": {"admin": true}}' }), 400, 'Malformed JSON in request body', 'BAD_REQUEST');
    expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house, { name: '' }) }), 400, 'Visitor name is required', 'VALIDATION_FAILED');
    expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house, { visitTimeTo: '08:00' }) }), 400, 'End time must be after start time');
    expectEnvelope(await call('GET', '/api/visitors?limit=abc', { token: tokens.guard }), 400, 'limit must be a number', 'VALIDATION_FAILED');
  });

  it('refuses a body over 100 KB with 413', async () => {
    expectEnvelope(await call('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x'.repeat(110 * 1024) } }), 413, 'Request body too large', 'PAYLOAD_TOO_LARGE');
  });

  it('answers unknown /api paths and malformed ids with 404 in the envelope', async () => {
    expectEnvelope(await call('GET', '/api/nothing-here'), 404, 'Not found', 'NOT_FOUND');
    expectEnvelope(await call('PUT', '/api/auth/me', { token: tokens.admin }), 404);
    expectEnvelope(await call('GET', '/api/visitors/not-a-uuid', { token: tokens.admin }), 404, 'Visitor not found', 'NOT_FOUND');
    expectEnvelope(await call('GET', '/api/houses/12', { token: tokens.admin }), 404, 'House not found', 'NOT_FOUND');
  });

  it('walks the gate loop over REST: invite 201, scan, check-in, active list with X-Total-Count, check-out', async () => {
    const created = expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house, { vehicleLicensePlate: 'xyz 9' }) }), 201);
    expect(created.data).toMatchObject({ status: 'approved', vehicleLicensePlate: 'XYZ 9', houseId: { id: ids.house } });
    const scanned = expectEnvelope(await call('POST', '/api/visitors/scan', { token: tokens.guard, body: { token: ` ${created.data.qrCodeToken} ` } }), 200);
    expect(scanned.data.id).toBe(created.data.id);
    expectEnvelope(await call('POST', '/api/visitors/scan', { token: tokens.guard, body: { token: '' } }), 400, 'Please enter a token', 'VALIDATION_FAILED');
    expectEnvelope(await call('POST', '/api/visitors/scan', { token: tokens.guard, body: { token: 'unknown-token' } }), 404, 'Invalid or expired QR code', 'NOT_FOUND');
    const inside = expectEnvelope(await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: created.data.id } }), 200);
    expect(inside.data.status).toBe('checked-in');
    expectEnvelope(await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: created.data.id } }), 409, 'Visitor cannot be checked in: status is checked-in', 'INVALID_TRANSITION');
    const active = await call('GET', '/api/visitors?status=checked-in&limit=100', { token: tokens.guard });
    const activeBody = expectEnvelope(active, 200);
    expect(Array.isArray(activeBody.data)).toBe(true);
    expect(active.headers['x-total-count']).toBe(String(activeBody.data.length));
    expect(activeBody.data.map((visitor: { id: string }) => visitor.id)).toContain(created.data.id);
    const out = expectEnvelope(await call('POST', '/api/visitors/checkout-qr', { token: tokens.guard, body: { visitorId: created.data.id } }), 200);
    expect(out.data.status).toBe('checked-out');
  });

  it('cancels through DELETE /api/visitors/{id}/cancel', async () => {
    const created = expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house) }), 201);
    expectEnvelope(await call('DELETE', `/api/visitors/${created.data.id}/cancel`, { token: tokens.guard }), 403, undefined, 'FORBIDDEN');
    expectEnvelope(await call('DELETE', `/api/visitors/${created.data.id}/cancel`, { token: tokens.neighbour }), 404, 'Visitor not found');
    // Labelled JSON with nothing in it (many clients do) is no body at all, not a refusal.
    const cancelled = expectEnvelope(await call('DELETE', `/api/visitors/${created.data.id}/cancel`, { token: tokens.resident, payload: '' }), 200);
    expect(cancelled.data.status).toBe('cancelled');
    expectEnvelope(await call('DELETE', `/api/visitors/${created.data.id}/cancel`, { token: tokens.resident }), 409, 'Visitor cannot be cancelled: status is cancelled', 'INVALID_TRANSITION');
  });

  it('enforces the permission rules of docs/security.md#who-may-do-what for the paths of this issue', async () => {
    const neighbourVisit = expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.neighbour, body: invitation(ids.otherHouse) }), 201).data;
    const residentVisit = expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house) }), 201).data;
    const cases: Array<[Method, string, keyof typeof tokens | null, number, unknown?]> = [
      ['GET', '/api/auth/me', null, 401],
      ['GET', '/api/houses', null, 401],
      ['GET', '/api/visitors', null, 401],
      ['POST', '/api/visitors/scan', null, 401, { token: 'x' }],
      ['GET', '/api/houses', 'resident', 200],
      ['GET', '/api/houses', 'guard', 200],
      ['POST', '/api/houses', 'resident', 403, { houseNumber: '1', block: 'C', street: 'S', ownerId: 'x' }],
      ['POST', '/api/houses', 'guard', 403, { houseNumber: '1', block: 'C', street: 'S', ownerId: 'x' }],
      ['POST', `/api/houses/${'{house}'}/residents`, 'resident', 403, { userId: 'x' }],
      ['DELETE', `/api/houses/${'{house}'}/residents/${'{resident}'}`, 'guard', 403],
      ['POST', '/api/visitors/invite', 'guard', 403, invitation('{house}')],
      ['POST', '/api/visitors/invite', 'resident', 403, invitation('{otherHouse}')],
      ['GET', `/api/visitors/${neighbourVisit.id}`, 'resident', 404],
      ['GET', `/api/visitors/${neighbourVisit.id}`, 'neighbour', 200],
      ['GET', `/api/visitors/${neighbourVisit.id}`, 'guard', 200],
      ['GET', `/api/visitors/${neighbourVisit.id}`, 'admin', 200],
      ['POST', '/api/visitors/scan', 'resident', 403, { token: neighbourVisit.qrCodeToken }],
      ['POST', '/api/visitors/scan', 'guard', 200, { token: neighbourVisit.qrCodeToken }],
      ['POST', '/api/visitors/scan', 'admin', 200, { token: neighbourVisit.qrCodeToken }],
      ['POST', '/api/visitors/checkin-qr', 'resident', 403, { visitorId: neighbourVisit.id }],
      ['POST', '/api/visitors/checkout-qr', 'neighbour', 403, { visitorId: neighbourVisit.id }],
      ['GET', '/api/visitors/my-invitations', 'guard', 200],
    ];
    const fill = (text: string) => text.replace('{house}', ids.house).replace('{otherHouse}', ids.otherHouse).replace('{resident}', ids.resident);
    for (const [method, url, who, status, body] of cases) {
      const payload = body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body)));
      const response = await call(method, fill(url), { ...(who ? { token: tokens[who] } : {}), ...(payload !== undefined ? { body: payload } : {}) });
      expect(response.statusCode, `${who ?? 'anonymous'} ${method} ${url}: ${response.body.slice(0, 160)}`).toBe(status);
      expect(json(response).success).toBe(status < 400);
    }
    const residentList = json(await call('GET', '/api/visitors?limit=100', { token: tokens.resident })).data as { id: string; houseId: { id: string } }[];
    expect(residentList.map((visitor) => visitor.id)).toContain(residentVisit.id);
    expect(residentList.map((visitor) => visitor.id)).not.toContain(neighbourVisit.id);
    expect(residentList.filter((visitor) => visitor.houseId.id !== ids.house)).toEqual([]);
    const otherHouse = json(await call('GET', `/api/houses/${ids.house}`, { token: tokens.neighbour }));
    expect(otherHouse.data).toMatchObject({ residents: [], vehicles: [] });
  });

  it('names the specific code of docs/api.md#error-codes: inactive account, business-rule refusals with details, transitions, rate limit', async () => {
    // ACCOUNT_INACTIVE: the right password of a deactivated account.
    const user = expectEnvelope(await call('POST', '/api/users', { token: tokens.admin, body: { name: 'Ida Inactive', email: 'ida@rest.example', phone: '+15551234567', password: 'secret123', role: 'resident' } }), 201);
    expectEnvelope(await call('DELETE', `/api/users/${user.data.id}`, { token: tokens.admin }), 200);
    expectEnvelope(await call('POST', '/api/auth/login', { body: { email: 'ida@rest.example', password: 'secret123' } }), 403, 'Account is inactive', 'ACCOUNT_INACTIVE');

    // VALIDATION_FAILED for a field a business rule refuses, with details naming it.
    const refusedField = (response: LightMyRequestResponse, path: string, message: string) => {
      const body = expectEnvelope(response, 400, message, 'VALIDATION_FAILED');
      expect(body.details).toEqual([{ path, message }]);
    };
    const invite = (extra: Record<string, unknown>) => call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house, extra) });
    refusedField(await invite({ visitDate: '2026-11-21' }), 'visitDate', 'Visit date cannot be in the past');
    refusedField(await invite({ visitDate: '2027-12-01' }), 'visitDate', 'Visit date can be at most one year ahead');
    refusedField(await invite({ visitTimeFrom: '07:00', visitTimeTo: '08:00' }), 'visitTimeTo', 'End time has already passed');
    const walkIn = expectEnvelope(await call('POST', '/api/visitors/walk-in', { token: tokens.guard, body: { name: 'Wes Walker', phone: '+15557654321', houseId: ids.house, purpose: 'Delivery' } }), 201);
    refusedField(await call('POST', `/api/visitors/${walkIn.data.id}/approve`, { token: tokens.guard, body: {} }), 'reason', 'A reason is required when the gate approves a walk-in');

    // INVALID_TRANSITION: a check-in outside the visit window, a payment no longer pending.
    const tomorrow = expectEnvelope(await invite({ visitDate: '2026-11-23' }), 201);
    expectEnvelope(
      await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: tomorrow.data.id } }),
      409,
      /^This invitation is valid on .+ from .+ to .+$/,
      'INVALID_TRANSITION',
    );
    const payment = expectEnvelope(await call('POST', '/api/payments', { token: tokens.admin, body: { houseId: ids.house, amount: 12.5, type: 'other' } }), 201);
    expectEnvelope(await call('POST', `/api/payments/${payment.data.id}/complete`, { token: tokens.admin }), 200);
    expectEnvelope(await call('POST', `/api/payments/${payment.data.id}/fail`, { token: tokens.admin }), 409, 'Payment cannot be failed: status is completed', 'INVALID_TRANSITION');

    // RATE_LIMITED: the 11th failed sign-in for one email in 15 minutes, with Retry-After.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expectEnvelope(await call('POST', '/api/auth/login', { body: { email: 'nobody@rest.example', password: 'wrong-one' } }), 401, 'Invalid email or password', 'INVALID_CREDENTIALS');
    }
    const limited = await call('POST', '/api/auth/login', { body: { email: 'nobody@rest.example', password: 'wrong-one' } });
    expectEnvelope(limited, 429, /^Too many attempts, try again in \d+ s$/, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives tRPC errors the same code as data.errorCode, next to tRPC’s own data.code', async () => {
    const trpc = async (method: 'GET' | 'POST', procedure: string, input: unknown, token?: string) => {
      const response = await call(method, method === 'GET' ? `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}` : `/trpc/${procedure}`, {
        ...(token ? { token } : {}),
        ...(method === 'POST' ? { body: input } : {}),
      });
      return { status: response.statusCode, error: (response.json() as { error: { message: string; data: Record<string, unknown> } }).error };
    };
    expect(await trpc('POST', 'auth.login', { email: 'rita@rest.example', password: 'wrong-one' })).toMatchObject({
      status: 401,
      error: { message: 'Invalid email or password', data: { code: 'UNAUTHORIZED', errorCode: 'INVALID_CREDENTIALS', httpStatus: 401 } },
    });
    const invalid = await trpc('POST', 'visitors.invite', invitation(ids.house, { visitDate: '2026-11-21' }), tokens.resident);
    expect(invalid).toMatchObject({
      status: 400,
      error: {
        message: 'Visit date cannot be in the past',
        data: { code: 'BAD_REQUEST', errorCode: 'VALIDATION_FAILED', details: [{ path: 'visitDate', message: 'Visit date cannot be in the past' }] },
      },
    });
    expect(await trpc('POST', 'visitors.invite', invitation(ids.house, { name: '' }), tokens.resident)).toMatchObject({
      status: 400,
      error: { message: 'Visitor name is required', data: { errorCode: 'VALIDATION_FAILED', details: expect.arrayContaining([{ path: 'name', message: 'Visitor name is required' }]) } },
    });
    const created = expectEnvelope(await call('POST', '/api/visitors/invite', { token: tokens.resident, body: invitation(ids.house) }), 201);
    expectEnvelope(await call('DELETE', `/api/visitors/${created.data.id}/cancel`, { token: tokens.resident }), 200);
    expect(await trpc('POST', 'visitors.checkIn', { visitorId: created.data.id }, tokens.guard)).toMatchObject({
      status: 409,
      error: { message: 'Visitor cannot be checked in: status is cancelled', data: { code: 'CONFLICT', errorCode: 'INVALID_TRANSITION' } },
    });
    expect(await trpc('GET', 'houses.create', {}, tokens.resident)).toMatchObject({
      status: 405,
      error: { message: 'Method not allowed', data: { code: 'METHOD_NOT_SUPPORTED', errorCode: 'METHOD_NOT_ALLOWED', httpStatus: 405 } },
    });
    expect(await trpc('GET', 'nothing.here', {})).toMatchObject({ status: 404, error: { data: { errorCode: 'NOT_FOUND' } } });
  });

  it('serves health, the web app with history fallback, and tRPC on the same port', async () => {
    expect(json(await call('GET', '/api/health'))).toEqual({ success: true, data: { status: 'ok', database: 'ok' }, error: null });
    const page = await call('GET', '/visitors/some-id');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    const trpc = await call('GET', '/trpc/auth.me', { token: tokens.guard });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json()).toMatchObject({ result: { data: { user: { email: 'guard@rest.example' } } } });
    const trpcError = await call('GET', '/trpc/auth.me');
    expect(trpcError.statusCode).toBe(401);
    expect(trpcError.json()).toMatchObject({ error: { message: 'Authentication required', data: { code: 'UNAUTHORIZED', errorCode: 'UNAUTHENTICATED', httpStatus: 401 } } });
  });
});

describe('rate limits across tRPC batching', () => {
  it('counts each call of a batch against the per-address limit', async () => {
    const [leg] = legs;
    const test = await leg!.create();
    const app = await buildApp({
      db: test.db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 5, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
    });
    try {
      const batchSize = 8;
      const body = Object.fromEntries(Array.from({ length: batchSize }, (_, index) => [String(index), { email: `b${index}@x.co`, password: 'secret123' }]));
      const response = await app.inject({
        method: 'POST',
        url: `/trpc/${Array.from({ length: batchSize }, () => 'auth.login').join(',')}?batch=1`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      const results = response.json() as Array<{ error?: { data: { httpStatus: number } } }>;
      const statuses = results.map((result) => result.error?.data.httpStatus);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await app.close();
      await test.drop();
    }
  });
});
