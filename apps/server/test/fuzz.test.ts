/**
 * Hostile input, generated: every REST path and the tRPC endpoint get wrong types,
 * missing and extra fields, huge strings, unicode, nulls, SQL and HTML fragments,
 * malformed JSON and wrong content types. Whatever comes in: never a 500, always the
 * envelope; and text that is stored comes back byte for byte.
 */
import { createMemoryAuthRateLimits, restRoutes } from '@gatehouse/api';
import { migrateDatabase, openDatabase, User, type Database } from '@gatehouse/db';
import { ERROR_CODE_STATUS, isErrorCode } from '@gatehouse/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { dateAMonthAhead, UNLIMITED_API } from './support/limits';

const HOSTILE_STRINGS = [
  "'; drop table app_user; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '%_\\%',
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀👩‍👩‍👧‍👦',
  'Ωmega ünïcödé 中文 العربية',
  ' '.repeat(300),
  'x'.repeat(5_000),
  '{"$ne": null}',
  '__proto__',
  'constructor',
  '1e309',
  '-1',
  'NaN',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '%ZZ',
  '%00',
  '%ED%A0%80',
];

const FIELD_NAMES = [
  'name', 'email', 'phone', 'password', 'role', 'houseId', 'userId', 'ownerId', 'visitorId', 'token', 'notes',
  'purpose', 'vehicleLicensePlate', 'visitDate', 'visitTimeFrom', 'visitTimeTo', 'houseNumber', 'block', 'street',
  'licensePlate', 'make', 'model', 'color', 'amount', 'type', 'description', 'dueDate', 'status', 'isActive',
  'limit', 'offset', 'q', 'id', '__proto__', 'constructor',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { maxKeys: 8 }),
  fc.anything({ maxDepth: 2 }),
);
const hostileRaw = fc.oneof(
  fc.constantFrom('{', '{"email": ', '[1, 2', 'null', '"text"', '12', 'true', '{"a":1}{"b":2}', '\u0000', '{"__proto__": {"admin": true}}'),
  fc.string({ maxLength: 60 }),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
);

describe('hostile input over every REST path and tRPC', () => {
  let db: Database;
  let app: FastifyInstance;
  let adminToken = '';
  let residentToken = '';
  let houseId = '';

  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    app = await buildApp({
      db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000_000, failedSignInsPerEmail: 1_000_000, failedSignInWindowSeconds: 60 }),
      apiRateLimits: UNLIMITED_API,
    });
    const signup = async (email: string, role: string) =>
      (await app.inject({ method: 'POST', url: '/api/auth/signup', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Fuzz Person', email, phone: '+15551234567', password: 'secret123', role }) })).json().data;
    const admin = await signup('admin@fuzz.example', 'admin');
    adminToken = admin.token;
    const resident = await signup('resident@fuzz.example', 'resident');
    residentToken = resident.token;
    houseId = (await app.inject({ method: 'POST', url: '/api/houses', headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, payload: JSON.stringify({ houseNumber: '1', block: 'F', street: 'Fuzz Street', ownerId: resident.user.id }) })).json().data.id;
    await app.inject({ method: 'POST', url: `/api/houses/${houseId}/residents`, headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' }, payload: JSON.stringify({ userId: resident.user.id }) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const expectEnvelope = (response: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) => {
    expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
    expect(String(response.headers['content-type'])).toMatch(/application\/json/);
    const body = JSON.parse(response.body) as { success: unknown; data: unknown; error: unknown; code?: unknown; details?: unknown };
    expect(typeof body.success, what).toBe('boolean');
    if (body.success) {
      expect(body.error).toBeNull();
    } else {
      expect(body.data).toBeNull();
      expect(typeof body.error, what).toBe('string');
      expect(body.error as string).not.toMatch(/\bat \S+:\d+|\/work\/|node_modules|\bselect \S+ from\b|\binsert into\b|\bupdate \S+ set\b/i);
      // A code of docs/api.md#error-codes whose status is the answer's; VALIDATION_FAILED names its
      // fields.
      expect(isErrorCode(body.code), `${what}: code ${String(body.code)}`).toBe(true);
      expect(ERROR_CODE_STATUS[body.code as keyof typeof ERROR_CODE_STATUS], what).toBe(response.statusCode);
      if (body.code === 'VALIDATION_FAILED') expect(Array.isArray(body.details) && body.details.length > 0, what).toBe(true);
    }
  };

  // A path parameter as a client would send it; text that is not well-formed UTF-16 goes
  // as the raw bytes of a lone surrogate, which is what a hostile client can send.
  const encodeParam = (param: string) => (param.isWellFormed() ? encodeURIComponent(param) : '%ED%A0%80');
  const fill = (path: string, param: string) => path.replace(/:(id|residentId)/g, () => encodeParam(param));

  // Event streams never end by themselves; their errors are tested with the live updates.
  const finiteRoutes = restRoutes.filter((route) => !route.stream);
  it.each(finiteRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 500, always the envelope',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          fc.oneof(fc.constant(houseId), hostileString),
          fc.dictionary(fc.constantFrom('limit', 'offset', 'q', 'status', 'role', 'houseId', 'x'), hostileString, { maxKeys: 3 }),
          fc.constantFrom(adminToken, residentToken, '', 'garbage'),
          async (body, param, query, chosenToken) => {
            // Logging out would end the session the other cases use.
            const token = route.procedure === 'auth.logout' ? 'garbage' : chosenToken;
            const search = new URLSearchParams(query).toString();
            const url = `${fill(route.path, param)}${search ? `?${search}` : ''}`;
            const response = await app.inject({
              method: route.method,
              url,
              headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
              ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body) ?? 'null' }),
            });
            // A CSV export that accepts the input answers the file itself
            // (docs/operations.md#reports-exports-and-inside-now), header row first.
            if (route.csv && response.statusCode === 200) {
              expect(String(response.headers['content-type'])).toBe('text/csv; charset=utf-8');
              expect(response.body).toMatch(/^id,/);
              return;
            }
            expectEnvelope(response, `${route.method} ${url}`);
          },
        ),
        { numRuns: 30 },
      );
    },
  );

  it('answers dates at the edges of the calendar on every GET path with a 4xx or 2xx, never a 500', async () => {
    // Dates whose arithmetic overflows four-digit years (the day after 9999-12-31), days that
    // do not exist, a month past 9999, and gate pack cursors naming such days and instants.
    const dates = ['9999-12-31', '9998-12-31', '10000-01-01', '0000-01-01', '2026-02-30', '2026-02-29', '9999-12', '0000-01', '275760-09-13'];
    const pack = await app.inject({ method: 'GET', url: '/api/gate/pack', headers: { authorization: `Bearer ${adminToken}` } });
    const cursor = JSON.parse(Buffer.from(pack.json().data.cursor as string, 'base64url').toString('utf8')) as Record<string, unknown>;
    const cursors = dates.flatMap((date) =>
      [{ d: date }, { t: `${date}T00:00:00.000Z` }, { h: `${date}T00:00:00.000Z` }].map((change) =>
        Buffer.from(JSON.stringify({ ...cursor, ...change }), 'utf8').toString('base64url'),
      ),
    );
    const queries: Array<Record<string, string>> = [
      ...dates.flatMap((date): Array<Record<string, string>> => [{ from: date }, { to: date }, { from: date, to: date }, { month: date }]),
      ...cursors.map((since) => ({ since })),
    ];
    const gets = finiteRoutes.filter((route) => route.method === 'GET' && !route.path.includes(':'));
    // And a pass's month (GET /api/passes/{id}?month=).
    const pass = await app.inject({
      method: 'POST',
      url: '/api/passes',
      headers: { authorization: `Bearer ${residentToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Fuzz Pass', phone: '+15551234567', houseId, weekdays: ['mon'], timeFrom: '09:00', timeTo: '17:00', startDate: dateAMonthAhead(), endDate: dateAMonthAhead() }),
    });
    expect(pass.statusCode, pass.body).toBe(201);
    const paths = [...gets.map((route) => route.path), `/api/passes/${pass.json().data.id as string}`];
    for (const path of paths) {
      for (const query of queries) {
        for (const token of [adminToken, residentToken]) {
          const url = `${path}?${new URLSearchParams(query).toString()}`;
          const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
          if (response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/csv')) continue;
          // A body under 1 KB is never compressed: an error answer is plain JSON.
          if (response.statusCode >= 400) expect(response.headers['content-encoding'], url).toBeUndefined();
          expect(response.statusCode, `${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expectEnvelope(response, url);
        }
      }
    }
  });

  it('answers malformed JSON and wrong content types with a 4xx envelope', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...finiteRoutes.filter((route) => route.method !== 'GET')), hostileRaw, contentType, async (route, raw, type) => {
        const response = await app.inject({
          method: route.method,
          url: fill(route.path, houseId),
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': type },
          payload: raw,
        });
        expectEnvelope(response, `${route.method} ${route.path} (${type}) ${JSON.stringify(raw).slice(0, 40)}`);
      }),
      { numRuns: 150 },
    );
  });

  it('answers hostile tRPC calls without a 500', async () => {
    const procedures = [...new Set(finiteRoutes.map((route) => route.procedure))].filter((procedure) => procedure !== 'auth.logout');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...procedures), hostileBody, fc.boolean(), async (procedure, input, batch) => {
        const query = restRoutes.find((route) => route.procedure === procedure)!.method === 'GET';
        const response = query
          ? await app.inject({ method: 'GET', url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input) ?? '')}`, headers: { authorization: `Bearer ${adminToken}` } })
          : await app.inject({
              method: 'POST',
              url: `/trpc/${procedure}${batch ? '?batch=1' : ''}`,
              headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
              payload: JSON.stringify(batch ? { 0: input } : input) ?? 'null',
            });
        expect(response.statusCode, `${procedure} ${response.body.slice(0, 200)}`).toBeLessThan(500);
        expect(response.body).not.toMatch(/node_modules|\/work\/|stack/i);
        // Every error of the answer carries the stable code of its status as data.errorCode.
        const answers = [response.json()].flat() as Array<{ error?: { data: { errorCode: string; httpStatus: number } } }>;
        for (const answer of answers) {
          if (answer.error) expect(ERROR_CODE_STATUS[answer.error.data.errorCode as keyof typeof ERROR_CODE_STATUS], procedure).toBe(answer.error.data.httpStatus);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('stores text and gives it back byte for byte (after trimming)', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'resident@fuzz.example', password: 'secret123' }) });
    residentToken = login.json().data.token;
    const storable = fc
      .string({ unit: 'grapheme', minLength: 2, maxLength: 100 })
      .map((text) => text.trim())
      .filter((text) => text.length >= 2 && text.length <= 100 && text.isWellFormed() && !text.includes('\u0000'));
    const longText = fc
      .string({ unit: 'grapheme', maxLength: 500 })
      .map((text) => text.trim())
      .filter((text) => text.length >= 1 && text.length <= 500 && !text.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(storable, longText, async (name, purpose) => {
        const created = await app.inject({
          method: 'POST',
          url: '/api/visitors/invite',
          headers: { authorization: `Bearer ${residentToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ name: `  ${name}\n`, purpose, phone: '+15551234567', houseId, visitDate: dateAMonthAhead(), visitTimeFrom: '09:00', visitTimeTo: '17:00' }),
        });
        expect(created.statusCode, created.body).toBe(201);
        const read = await app.inject({ method: 'GET', url: `/api/visitors/${created.json().data.id}`, headers: { authorization: `Bearer ${residentToken}` } });
        expect(read.json().data.name).toBe(name);
        expect(read.json().data.purpose).toBe(purpose);
      }),
      { numRuns: 60 },
    );
    // A user's name, through the users API.
    await fc.assert(
      fc.asyncProperty(storable, async (name) => {
        const users = await db.fork().find(User, { email: 'resident@fuzz.example' });
        const updated = await app.inject({
          method: 'PUT',
          url: `/api/users/${users[0]!.id}`,
          headers: { authorization: `Bearer ${residentToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ name }),
        });
        expect(updated.statusCode, updated.body).toBe(200);
        const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${residentToken}` } });
        expect(me.json().data.user.name).toBe(name);
      }),
      { numRuns: 40 },
    );
  });
});
