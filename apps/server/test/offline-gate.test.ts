/**
 * The server side of the offline gate (docs/gate.md#the-gate-offline) over REST, on both
 * databases: `occurredAt` on `POST /api/visitors/checkin-qr` and `/checkout-qr`
 * (docs/gate.md#recording-moves-offline); the `Idempotency-Key` header on every
 * state-changing POST that needs a sign-in (docs/api.md#idempotency); the gate pack
 * (docs/gate.md#the-gate-pack); the Needs review list (docs/gate.md#needs-review).
 */
import { createHash, pbkdf2Sync } from 'node:crypto';

import { createMemoryAuthRateLimits, warmGatePackCodeHashes } from '@gatehouse/api';
import { AuditEvent, IdempotencyKey, User } from '@gatehouse/db';
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

  describe('occurredAt (docs/gate.md#recording-moves-offline)', () => {
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
      // Made before the instants sent below (a check-in cannot be dated before its invitation was made).
      now = new Date(START.getTime() - 30 * 60_000);
      const visitor = await invite('Rest Refusals');
      now = START;
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
  describe('Idempotency-Key (docs/gate.md#recording-moves-offline)', () => {
    const checkIn = (visitorId: string, key: string | undefined, token = tokens.guard, extra: Record<string, unknown> = {}) =>
      call('POST', '/api/visitors/checkin-qr', { token, body: { visitorId, ...extra }, ...(key !== undefined ? { headers: { 'idempotency-key': key } } : {}) });
    const auditCount = (visitorId: string, action: 'visitor.checked-in' | 'visitor.checked-out' = 'visitor.checked-in') => test.db.fork().count(AuditEvent, { targetId: visitorId, action });
    const keyRows = () => test.db.fork().count(IdempotencyKey, {});

    it('answers a repeat with the first response, same status and body, without doing the work again', async () => {
      now = new Date(START.getTime() - 30 * 60_000);
      const visitor = await invite('Sent Twice');
      now = START;
      const first = await checkIn(visitor.id, 'b0c4f9de-2f57-4f43-9d1e-4b1f3f0c0001', tokens.guard, { notes: 'Red car', occurredAt: '2026-11-22T13:55:00Z' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      now = new Date(START.getTime() + 60_000);
      // The same body as parsed JSON: another key order, other spacing.
      const repeat = await app.inject({
        method: 'POST',
        url: '/api/visitors/checkin-qr',
        headers: { authorization: `Bearer ${tokens.guard}`, 'content-type': 'application/json', 'idempotency-key': 'b0c4f9de-2f57-4f43-9d1e-4b1f3f0c0001' },
        payload: `{ "occurredAt": "2026-11-22T13:55:00Z",  "notes": "Red car", "visitorId": "${visitor.id}" }`,
      });
      expect(repeat.statusCode).toBe(200);
      expect(repeat.headers['idempotency-replayed']).toBe('true');
      expect(repeat.headers['content-type']).toMatch(/application\/json/);
      expect(repeat.body).toBe(first.body);
      expect(await auditCount(visitor.id)).toBe(1);
      expect((await test.db.fork().findOneOrFail(AuditEvent, { targetId: visitor.id, action: 'visitor.checked-in' })).details).toMatchObject({ notes: 'Red car' });
    });

    it('keeps a 4xx answer: the repeat gets it even when the work would now succeed', async () => {
      const visitor = await invite('Refused First');
      const first = await call('POST', '/api/visitors/checkout-qr', { token: tokens.guard, body: { visitorId: visitor.id }, headers: { 'idempotency-key': 'out-before-in' } });
      expect(first.statusCode).toBe(409);
      await ok('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id });
      const repeat = await call('POST', '/api/visitors/checkout-qr', { token: tokens.guard, body: { visitorId: visitor.id }, headers: { 'idempotency-key': 'out-before-in' } });
      expect(repeat.statusCode).toBe(409);
      expect(repeat.body).toBe(first.body);
      expect(json(repeat)).toMatchObject({ error: 'Visitor cannot be checked out: status is approved', code: 'INVALID_TRANSITION' });
      expect(await auditCount(visitor.id, 'visitor.checked-out')).toBe(0);
    });

    it('does the work once for concurrent repeats of one key', async () => {
      const visitor = await invite('Sent At Once');
      const answers = await Promise.all(Array.from({ length: 8 }, () => checkIn(visitor.id, 'concurrent-key-1')));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotency-replayed'] === 'true')).toHaveLength(7);
      expect(await auditCount(visitor.id)).toBe(1);
      // Without a key the same burst is one success and 409s: the key is what made them one.
      const other = await invite('Sent At Once Without Key');
      const plain = await Promise.all(Array.from({ length: 4 }, () => checkIn(other.id, undefined)));
      expect(plain.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    });

    it('refuses the same key with a different body: 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const visitor = await invite('Reused Key');
      const other = await invite('Reused Key Other');
      expect((await checkIn(visitor.id, 'reused-key')).statusCode).toBe(200);
      const reused = await checkIn(other.id, 'reused-key');
      expect(reused.statusCode).toBe(422);
      expect(json(reused)).toEqual({ success: false, data: null, error: 'Idempotency-Key reused with a different request', code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await auditCount(other.id)).toBe(0);
    });

    it('refuses a malformed key with 400, and does nothing', async () => {
      const visitor = await invite('Bad Key');
      for (const key of ['', 'k'.repeat(101), 'clé-ключ']) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/visitors/checkin-qr',
          headers: { authorization: `Bearer ${tokens.guard}`, 'content-type': 'application/json', 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
          payload: JSON.stringify({ visitorId: visitor.id }),
        });
        expect(response.statusCode, JSON.stringify(key)).toBe(400);
        expect(json(response)).toMatchObject({ error: 'Idempotency-Key must be 1 to 100 printable characters', code: 'BAD_REQUEST' });
      }
      expect(await auditCount(visitor.id)).toBe(0);
      expect((await checkIn(visitor.id, 'k'.repeat(100))).statusCode).toBe(200);
    });

    it('keeps another user’s same key apart, and the same key on another path', async () => {
      const first = await invite('Guard Uses Key');
      const second = await invite('Admin Uses Key');
      expect(json(await checkIn(first.id, 'shared-key', tokens.guard)).data).toMatchObject({ id: first.id, status: 'checked-in' });
      const admin = await checkIn(second.id, 'shared-key', tokens.admin);
      expect(admin.statusCode).toBe(200);
      expect(admin.headers['idempotency-replayed']).toBeUndefined();
      expect(json(admin).data).toMatchObject({ id: second.id, status: 'checked-in' });
      const out = await call('POST', '/api/visitors/checkout-qr', { token: tokens.guard, body: { visitorId: first.id }, headers: { 'idempotency-key': 'shared-key' } });
      expect(json(out).data).toMatchObject({ id: first.id, status: 'checked-out' });
    });

    it('keeps no 5xx: the repeat does the work', async () => {
      const visitor = await invite('Server Failed');
      await test.db.fork().execute(`create or replace function sabotage_offline_audit() returns trigger as $$ begin
        if new.action = 'visitor.checked-in' then raise exception 'audit insert sabotaged'; end if; return new; end; $$ language plpgsql`);
      await test.db.fork().execute('create trigger sabotage_offline_audit before insert on audit_event for each row execute function sabotage_offline_audit()');
      let failed: LightMyRequestResponse;
      try {
        failed = await checkIn(visitor.id, 'after-a-500');
      } finally {
        await test.db.fork().execute('drop trigger if exists sabotage_offline_audit on audit_event');
      }
      expect(failed.statusCode).toBe(500);
      expect(json(failed)).toMatchObject({ error: 'Internal server error', code: 'INTERNAL' });
      const retried = await checkIn(visitor.id, 'after-a-500');
      expect(retried.statusCode).toBe(200);
      expect(retried.headers['idempotency-replayed']).toBeUndefined();
      expect(await auditCount(visitor.id)).toBe(1);
    });

    it('gives a kept answer only to a caller who may make the request now: demoted (403, the role) or moved house (403, access changed), both recorded', async () => {
      const house = { houseNumber: '303', block: 'C', street: 'Key Lane', ownerId: ids.admin };
      const demi = await ok('POST', '/api/users', tokens.admin, { name: 'Demi Admin', email: 'demi@offline.example', phone: '+15551234567', password: 'secret123', role: 'admin' });
      const demiToken = (await ok('POST', '/api/auth/login', '', { email: 'demi@offline.example', password: 'secret123' })).token as string;
      const makeHouse = () => call('POST', '/api/houses', { token: demiToken, body: house, headers: { 'idempotency-key': 'demi-house' } });
      const made = await makeHouse();
      expect(made.statusCode).toBe(201);
      expect((await makeHouse()).headers['idempotency-replayed']).toBe('true');
      await ok('PUT', `/api/users/${demi.id}`, tokens.admin, { role: 'guard' });
      const refused = await makeHouse();
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ error: 'Only admins can do this', code: 'FORBIDDEN' });
      expect(refused.body).not.toContain(json(made).data.id);

      const mover = await ok('POST', '/api/users', tokens.admin, { name: 'Mo Mover', email: 'mo@offline.example', phone: '+15551234567', password: 'secret123', role: 'resident' });
      const moverToken = (await ok('POST', '/api/auth/login', '', { email: 'mo@offline.example', password: 'secret123' })).token as string;
      await ok('POST', `/api/houses/${ids.house}/residents`, tokens.admin, { userId: mover.id });
      const body = { name: 'Kept Answer', phone: '+15557654321', houseId: ids.house, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' };
      const inviteOnce = () => call('POST', '/api/visitors/invite', { token: moverToken, body, headers: { 'idempotency-key': 'mover-invite' } });
      expect((await inviteOnce()).statusCode).toBe(201);
      await ok('POST', `/api/houses/${ids.otherHouse}/residents`, tokens.admin, { userId: mover.id });
      const moved = await inviteOnce();
      expect(moved.statusCode).toBe(403);
      expect(json(moved)).toEqual({ success: false, data: null, error: 'Your access has changed since this request was first made', code: 'FORBIDDEN' });
      expect(await test.db.fork().count(AuditEvent, { action: 'visitor.invited', actor: mover.id })).toBe(1);

      const denials = await test.db.fork().find(AuditEvent, { action: 'access.denied', actor: { $in: [demi.id, mover.id] } });
      expect(denials.map((row) => row.details).sort((x, y) => String(x?.procedure).localeCompare(String(y?.procedure)))).toEqual([
        { procedure: 'houses.create', message: 'Only admins can do this' },
        { procedure: 'visitors.invite', message: 'Your access has changed since this request was first made' },
      ]);
    });

    it('stores nothing without the header, without a valid session, or on a path that needs no sign-in or changes nothing', async () => {
      const before = await keyRows();
      const visitor = await invite('No Key');
      expect((await checkIn(visitor.id, undefined)).statusCode).toBe(200);
      const anonymous = await checkIn(visitor.id, 'anonymous-key', '');
      expect(anonymous.statusCode).toBe(401);
      expect((await checkIn(visitor.id, 'revoked-key', 'not-a-token')).statusCode).toBe(401);
      // A malformed key without a session: the sign-in is what is missing.
      expect((await checkIn(visitor.id, '', '')).statusCode).toBe(401);
      const login = await call('POST', '/api/auth/login', { body: { email: 'guard@offline.example', password: 'secret123' }, headers: { 'idempotency-key': 'login-key' } });
      expect(login.statusCode).toBe(200);
      const read = await call('GET', `/api/visitors/${visitor.id}`, { token: tokens.guard, headers: { 'idempotency-key': 'a read' } });
      expect(read.statusCode).toBe(200);
      expect(await keyRows()).toBe(before);
      // Every POST of the table that needs a sign-in honours it; the public ones and the reads do not.
      const { restRoutes } = await import('@gatehouse/api');
      expect(restRoutes.filter((route) => route.idempotent).map((route) => `${route.method} ${route.path}`)).toContain('POST /api/visitors/checkin-qr');
      expect(restRoutes.filter((route) => route.idempotent).every((route) => route.method === 'POST')).toBe(true);
      expect(restRoutes.filter((route) => ['auth.signup', 'auth.login', 'auth.logout'].includes(route.procedure)).some((route) => route.idempotent)).toBe(false);
    });
  });
  describe('the gate pack (docs/gate.md#the-gate-pack)', () => {
    it('answers GET /api/gate/pack and ?since=cursor in the envelope, for guards and admins', async () => {
      const visitor = await invite('Pack Over Rest');
      // The earlier tests made more passes than a pack hashes itself: hash them ahead, as the
      // server's minute sweep does (docs/gate.md#the-gate-pack).
      while ((await warmGatePackCodeHashes(test.db.fork(), { now, timeZone: 'America/New_York' }, 500)) > 0);
      const full = await call('GET', '/api/gate/pack', { token: tokens.guard });
      expect(full.statusCode).toBe(200);
      const body = json(full);
      expect(body.success).toBe(true);
      expect(Object.keys(body.data).sort()).toEqual(['codeHash', 'cursor', 'items', 'removed']);
      expect(body.data.items.map((item: { id: string }) => item.id)).toContain(visitor.id);
      // The code's hash: PBKDF2-HMAC-SHA-256 of its digits with the pack's salt and iterations, not its SHA-256.
      const { codeHash } = body.data as { codeHash: { algorithm: string; salt: string; iterations: number } };
      expect(codeHash).toEqual({ algorithm: 'PBKDF2-SHA-256', salt: expect.stringMatching(/^[0-9a-f]{32}$/), iterations: 100_000 });
      const item = body.data.items.find((entry: { id: string }) => entry.id === visitor.id);
      expect(item.passCodeHash).toBe(pbkdf2Sync(visitor.passCode, Buffer.from(codeHash.salt, 'hex'), codeHash.iterations, 32, 'sha256').toString('hex'));
      expect(full.body).not.toContain(createHash('sha256').update(visitor.passCode).digest('hex'));
      now = new Date(START.getTime() + 60_000);
      await ok('DELETE', `/api/visitors/${visitor.id}/cancel`, tokens.resident);
      now = new Date(START.getTime() + 120_000);
      const delta = json(await call('GET', `/api/gate/pack?since=${encodeURIComponent(body.data.cursor)}`, { token: tokens.admin })).data;
      expect(delta.codeHash).toEqual(codeHash);
      expect(delta.removed).toContain(visitor.id);
      expect(delta.items.map((item: { id: string }) => item.id)).not.toContain(visitor.id);
      const bad = await call('GET', '/api/gate/pack?since=not-a-cursor', { token: tokens.guard });
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toMatchObject({ error: 'since must be a cursor from the gate pack', code: 'VALIDATION_FAILED', details: [{ path: 'since' }] });
      expect((await call('GET', '/api/gate/pack', { token: tokens.resident })).statusCode).toBe(403);
      expect((await call('GET', '/api/gate/pack')).statusCode).toBe(401);
    });

    it('keeps 1,000 passes within 512,000 bytes uncompressed, with no token, code, phone or e-mail', async () => {
      // The size does not depend on the iterations: the day's salt is made here with few, so
      // that hashing 1,000 codes takes a moment (the iterations the server uses are tested above).
      await test.db.fork().execute(`delete from gate_pack_salt where day = '2026-11-22'`);
      await test.db.fork().execute(`insert into gate_pack_salt (day, salt, iterations) values ('2026-11-22', ?, 1000)`, ['5a1f'.repeat(8)]);
      // 1,000 passes for tomorrow, as invitations would make them (names of 34 characters, plates, 8-digit codes).
      await test.db.fork().execute(
        `insert into visitor_invitation (community_id, id, name, phone, email, purpose, vehicle_license_plate, house_id, host_id, visit_date,
           visit_time_from, visit_time_to, status, qr_code_token, qr_code_data_url, pass_code, created_at, updated_at, kind)
         select (select id from community order by created_at, id limit 1), gen_random_uuid(), 'Visitor ' || lpad(i::text, 4, '0') || ' Fitzgerald-Montgomery', '+1555' || lpad(i::text, 7, '0'),
                'visitor' || i || '@size.example', 'Delivery', 'SZ ' || lpad(i::text, 5, '0'), ?, ?, '2026-11-23', '08:00', '20:00',
                'approved', translate(rtrim(encode(sha256(('size token ' || i)::bytea), 'base64'), '='), '+/', '-_'),
                'data:image/png;base64,iVBORw0KGgo=', lpad((90000000 + i)::text, 8, '0'), ?, ?, 'invitation'
           from generate_series(1, 1000) i`,
        [ids.house, ids.resident, now, now],
      );
      const response = await call('GET', '/api/gate/pack', { token: tokens.guard });
      expect(response.statusCode).toBe(200);
      const pack = json(response).data as { items: Array<{ id: string; name: string }>; removed: string[]; cursor: string };
      const sized = pack.items.filter((item) => item.name.endsWith('Fitzgerald-Montgomery'));
      expect(sized).toHaveLength(1000);
      // The pack of exactly these 1,000 passes, as JSON, and the whole answer (a few more passes and the envelope).
      const thousand = Buffer.byteLength(JSON.stringify({ items: sized, removed: pack.removed, cursor: pack.cursor }), 'utf8');
      expect(thousand).toBeLessThanOrEqual(512_000);
      expect(response.rawPayload.length).toBeLessThanOrEqual(512_000);
      // Nothing personal and no pass in clear.
      const [sample] = await test.db.fork().execute<{ qr_code_token: string; pass_code: string }[]>(
        `select qr_code_token, pass_code from visitor_invitation where name like 'Visitor 0500 %'`,
      );
      expect(response.body).not.toContain(sample!.qr_code_token);
      expect(response.body).not.toContain(`"${sample!.pass_code}"`);
      expect(response.body).not.toContain(createHash('sha256').update(sample!.pass_code).digest('hex'));
      expect(response.body).not.toMatch(/@|\+1555|data:image|"phone"|"email"|"qrCodeToken"|"passCode"/);
    });
  });
  describe('Needs review (docs/gate.md#recording-moves-offline)', () => {
    it('files, lists, dismisses and records reviews over REST', async () => {
      const visitor = await invite('Review Over Rest');
      await ok('DELETE', `/api/visitors/${visitor.id}/cancel`, tokens.resident);
      const body = { visitorId: visitor.id, action: 'check-in', occurredAt: '2026-11-22T13:58:00Z', message: 'Visitor cannot be checked in: status is cancelled' };
      const created = await call('POST', '/api/gate/reviews', { token: tokens.guard, body, headers: { 'idempotency-key': 'review-key-1' } });
      expect(created.statusCode).toBe(201);
      const review = json(created).data;
      expect(review).toMatchObject({ status: 'open', visitor: { id: visitor.id, name: 'Review Over Rest' }, createdBy: { id: ids.guard } });
      // The header is honoured here too: the repeat is the first answer.
      const repeat = await call('POST', '/api/gate/reviews', { token: tokens.guard, body, headers: { 'idempotency-key': 'review-key-1' } });
      expect(repeat.statusCode).toBe(201);
      expect(repeat.body).toBe(created.body);

      const other = json(await call('POST', '/api/gate/reviews', { token: tokens.admin, body: { action: 'check-out', occurredAt: '2026-11-22T13:59:00Z', message: 'Invalid or expired QR code' } })).data;
      const list = await call('GET', '/api/gate/reviews', { token: tokens.guard });
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-total-count']).toBe(String(json(list).data.length));
      expect(json(list).data.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([review.id, other.id]));

      const dismissed = await call('POST', `/api/gate/reviews/${other.id}/dismiss`, { token: tokens.guard });
      expect(dismissed.statusCode).toBe(200);
      expect(json(dismissed).data).toMatchObject({ status: 'dismissed', closedBy: { id: ids.guard } });
      const refused = await call('POST', `/api/gate/reviews/${review.id}/record`, { token: tokens.guard, body: { note: 'Guard tries' } });
      expect(refused.statusCode).toBe(403);
      const noNote = await call('POST', `/api/gate/reviews/${review.id}/record`, { token: tokens.admin, body: {} });
      expect(noNote.statusCode).toBe(400);
      expect(json(noNote)).toMatchObject({ error: 'Note is required', code: 'VALIDATION_FAILED', details: [{ path: 'note' }] });
      const recorded = await call('POST', `/api/gate/reviews/${review.id}/record`, { token: tokens.admin, body: { note: 'The host met them at the gate' } });
      expect(recorded.statusCode).toBe(200);
      expect(json(recorded).data).toMatchObject({ status: 'recorded', note: 'The host met them at the gate', closedBy: { id: ids.admin } });
      const again = await call('POST', `/api/gate/reviews/${review.id}/dismiss`, { token: tokens.admin });
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ error: 'Review cannot be dismissed: status is recorded', code: 'INVALID_TRANSITION' });
      const open = json(await call('GET', '/api/gate/reviews', { token: tokens.admin })).data.map((item: { id: string }) => item.id);
      expect(open).not.toContain(review.id);
      expect(open).not.toContain(other.id);
      expect((await call('GET', '/api/gate/reviews', { token: tokens.resident })).statusCode).toBe(403);
    });
  });
});
