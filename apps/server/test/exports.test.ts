/**
 * The CSV exports of docs/operations.md#reports-exports-and-inside-now over REST, on both
 * databases: GET /api/visitors/export.csv
 * (admins all; a resident their house's; guards 403) and GET /api/audit/export.csv (admins):
 * the header row and column order, times ISO 8601 in a non-UTC community zone with the
 * offset, formula escaping (phone numbers too), the filters and the default 30-day range,
 * bad input as 400 in the JSON envelope before any CSV. The errors are checked against the
 * OpenAPI document. The 100,000-row export (bounded memory, first bytes early, the cap on
 * concurrent exports, a client going away) is in exports-stream.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import { VISITOR_EXPORT_COLUMNS } from '@gatehouse/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';
import { withResponseValidation } from './support/openapi-validation';

const legs = await databaseLegs();

/** The visitor export's header row, written out here (not taken from the code). */
const VISITOR_HEADER =
  'id,kind,name,phone,email,purpose,houseNumber,block,host,visitDate,visitTimeFrom,visitTimeTo,status,checkInTime,checkOutTime,checkInGate,checkOutGate';
const AUDIT_HEADER = 'id,occurredAt,action,actor,actorEmail,apiToken,targetType,targetId,ipAddress,details';

describe.each(legs)('CSV exports over REST on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  // 11:30 in Kolkata (+05:30): "today" is 2026-11-23 there.
  const now = new Date('2026-11-23T06:00:00.000Z');
  const tokens = { admin: '', guard: '', resident: '', otherResident: '' };
  const ids = { resident: '', otherResident: '', house: '', otherHouse: '' };

  const get = (url: string, token?: string) =>
    app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const json = (response: LightMyRequestResponse, status: number) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    return response.json() as { success: boolean; data: unknown; error: string | null; code?: string; details?: unknown };
  };
  /** The CSV's lines (the body ends with a line break). */
  const csvLines = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.endsWith('\n')).toBe(true);
    return response.body.slice(0, -1).split('\n');
  };
  const signup = async (name: string, email: string, role = 'resident') => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name, email, phone: '+15551234567', password: 'secret123', role }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { token: string; user: { id: string } };
  };
  const asAdmin = async (method: 'POST', url: string, body: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data as { id: string };
  };

  /** A visitor written straight into the table (past visit dates cannot be invited). */
  const insertVisitor = async (fields: {
    name: string;
    phone?: string;
    email?: string | null;
    purpose?: string | null;
    houseId: string;
    hostId: string | null;
    visitDate: string;
    status?: string;
    kind?: 'invitation' | 'walk-in';
    checkInTime?: string | null;
    checkOutTime?: string | null;
    anonymisedAt?: string | null;
    checkInGateId?: string | null;
    checkOutGateId?: string | null;
  }) => {
    const id = randomUUID();
    await test.db.fork().execute(
      `insert into visitor_invitation (community_id, id, name, phone, email, purpose, house_id, host_id, visit_date, visit_time_from, visit_time_to,
         status, qr_code_token, pass_code, qr_code_data_url, check_in_time, check_out_time, kind, decide_by, has_photo, anonymised_at,
         check_in_gate_id, check_out_gate_id, created_at, updated_at)
       values ((select id from community order by created_at, id limit 1), ?, ?, ?, ?, ?, ?, ?, ?, '09:00', '17:00', ?, ?, ?, 'data:,', ?, ?, ?, ?, false, ?, ?, ?, ?, ?)`,
      [
        id,
        fields.name,
        fields.phone ?? '+15550001111',
        fields.email ?? null,
        fields.purpose ?? null,
        fields.houseId,
        fields.hostId,
        fields.visitDate,
        fields.status ?? 'checked-out',
        randomBytes(32).toString('hex'),
        String(100000 + Math.floor(Math.random() * 899999)),
        fields.checkInTime ?? (['checked-in', 'checked-out'].includes(fields.status ?? 'checked-out') ? '2026-11-01T04:00:00Z' : null),
        fields.checkOutTime ?? ((fields.status ?? 'checked-out') === 'checked-out' ? '2026-11-01T05:00:00Z' : null),
        fields.kind ?? 'invitation',
        fields.kind === 'walk-in' ? '2026-11-01T04:10:00Z' : null,
        fields.anonymisedAt ?? null,
        fields.checkInGateId ?? null,
        fields.checkOutGateId ?? null,
        now,
        now,
      ],
    );
    return id;
  };

  const visitors = {} as Record<'formula' | 'old' | 'edge' | 'tooOld' | 'other' | 'walkIn' | 'anonymised' | 'tomorrow', string>;

  beforeAll(async () => {
    test = await leg.create();
    app = withResponseValidation(
      await buildApp({
        db: test.db,
        service: { timeZone: 'Asia/Kolkata', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000, failedSignInsPerEmail: 100, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        clock: () => now,
      }),
    );
    tokens.admin = (await signup('Ada Admin', 'admin@export.example', 'admin')).token;
    const guard = await signup('Gus Guard', 'guard@export.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@export.example');
    const other = await signup('Olga Other', 'olga@export.example');
    tokens.resident = resident.token;
    tokens.otherResident = other.token;
    ids.resident = resident.user.id;
    ids.otherResident = other.user.id;
    ids.house = (await asAdmin('POST', '/api/houses', { houseNumber: '12', block: 'A', street: 'Maple Avenue', ownerId: ids.resident })).id;
    ids.otherHouse = (await asAdmin('POST', '/api/houses', { houseNumber: '7', block: 'B', street: 'Cedar Lane', ownerId: ids.otherResident })).id;
    await asAdmin('POST', `/api/houses/${ids.house}/residents`, { userId: ids.resident });
    await asAdmin('POST', `/api/houses/${ids.otherHouse}/residents`, { userId: ids.otherResident });

    visitors.formula = await insertVisitor({
      name: '=cmd|calc',
      phone: '+15551230000',
      email: '@evil.example',
      purpose: '-2+3',
      houseId: ids.house,
      hostId: ids.resident,
      visitDate: '2026-11-23',
      // 09:15 and 10:02:41 in Kolkata.
      checkInTime: '2026-11-23T03:45:00.123Z',
      checkOutTime: '2026-11-23T04:32:41Z',
    });
    // 29 days before today: the first day of the default range; 30 days before: outside it.
    visitors.edge = await insertVisitor({ name: 'Edge Day', houseId: ids.house, hostId: ids.resident, visitDate: '2026-10-25' });
    visitors.tooOld = await insertVisitor({ name: 'Too Old', houseId: ids.house, hostId: ids.resident, visitDate: '2026-10-24' });
    visitors.old = await insertVisitor({ name: 'Earlier Visit', houseId: ids.house, hostId: ids.resident, visitDate: '2026-09-01' });
    visitors.other = await insertVisitor({ name: 'Other House Guest', houseId: ids.otherHouse, hostId: ids.otherResident, visitDate: '2026-11-20' });
    // An approved invitation whose day is over reads expired, as in the list.
    visitors.walkIn = await insertVisitor({ name: 'Walk In', houseId: ids.house, hostId: null, kind: 'walk-in', status: 'approved', visitDate: '2026-11-10' });
    visitors.anonymised = await insertVisitor({
      name: 'Visitor',
      phone: '',
      houseId: ids.house,
      hostId: ids.resident,
      visitDate: '2026-11-05',
      anonymisedAt: '2026-11-20T00:00:00Z',
    });
    visitors.tomorrow = await insertVisitor({ name: 'Tomorrow Guest', houseId: ids.house, hostId: ids.resident, visitDate: '2026-11-24', status: 'approved' });
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
  });

  /** The export's data lines, by visitor id. */
  const rowsById = (lines: string[]) => new Map(lines.slice(1).map((line) => [line.slice(0, 36), line]));

  it('has the header row in the documented order, times in the community zone with the offset, and escapes formulas (phone numbers too)', async () => {
    expect(VISITOR_EXPORT_COLUMNS.join(',')).toBe(VISITOR_HEADER);
    const response = await get('/api/visitors/export.csv', tokens.admin);
    expect(response.headers['content-disposition']).toBe('attachment; filename="visitors-2026-10-25-to-2026-11-23.csv"');
    const lines = csvLines(response);
    expect(lines[0]).toBe(VISITOR_HEADER);
    expect(rowsById(lines).get(visitors.formula)).toBe(
      `${visitors.formula},invitation,'=cmd|calc,'+15551230000,'@evil.example,'-2+3,12,A,Rita Resident,2026-11-23,09:00,17:00,checked-out,` +
        '2026-11-23T09:15:00+05:30,2026-11-23T10:02:41+05:30,,',
    );
    // Oldest visit first.
    const order = lines.slice(1).map((line) => line.slice(0, 36));
    expect(order.indexOf(visitors.edge)).toBeLessThan(order.indexOf(visitors.formula));
  });

  it('defaults to the last 30 days in the community zone, today included; from and to are inclusive', async () => {
    const defaults = rowsById(csvLines(await get('/api/visitors/export.csv', tokens.admin)));
    expect([...defaults.keys()].sort()).toEqual(
      [visitors.formula, visitors.edge, visitors.other, visitors.walkIn, visitors.anonymised].sort(),
    );
    const ranged = rowsById(csvLines(await get('/api/visitors/export.csv?from=2026-09-01&to=2026-10-24', tokens.admin)));
    expect([...ranged.keys()].sort()).toEqual([visitors.old, visitors.tooOld].sort());
    // Only `from`: 30 days from it. Only `to`: the 30 days up to it.
    const fromOnly = await get('/api/visitors/export.csv?from=2026-09-01', tokens.admin);
    expect(fromOnly.headers['content-disposition']).toBe('attachment; filename="visitors-2026-09-01-to-2026-09-30.csv"');
    expect([...rowsById(csvLines(fromOnly)).keys()]).toEqual([visitors.old]);
    const toOnly = await get('/api/visitors/export.csv?to=2026-11-24', tokens.admin);
    expect(toOnly.headers['content-disposition']).toBe('attachment; filename="visitors-2026-10-26-to-2026-11-24.csv"');
    expect(rowsById(csvLines(toOnly)).has(visitors.tomorrow)).toBe(true);
    expect(rowsById(csvLines(toOnly)).has(visitors.edge)).toBe(false);
  });

  it('filters by status, house and gate (a visit is at a gate when its check-in or its check-out was there; an unknown gate matches nothing)', async () => {
    const expired = rowsById(csvLines(await get('/api/visitors/export.csv?status=expired', tokens.admin)));
    expect([...expired.keys()]).toEqual([visitors.walkIn]);
    expect(expired.get(visitors.walkIn)).toBe(`${visitors.walkIn},walk-in,Walk In,'+15550001111,,,12,A,,2026-11-10,09:00,17:00,expired,,,,`);
    const house = rowsById(csvLines(await get(`/api/visitors/export.csv?houseId=${ids.otherHouse}`, tokens.admin)));
    expect([...house.keys()]).toEqual([visitors.other]);

    // Visits with recorded gates, on a day of their own (no other test's range holds it).
    const north = (await asAdmin('POST', '/api/gates', { name: 'North Gate' })).id;
    const south = (await asAdmin('POST', '/api/gates', { name: 'South Gate' })).id;
    const day = '2026-07-01';
    const gated = { houseId: ids.house, hostId: ids.resident, visitDate: day };
    const inNorth = await insertVisitor({ ...gated, name: 'In North', checkInGateId: north, checkOutGateId: south });
    const outNorth = await insertVisitor({ ...gated, name: 'Out North', checkInGateId: south, checkOutGateId: north });
    const southOnly = await insertVisitor({ ...gated, name: 'South Only', checkInGateId: south, checkOutGateId: south });
    const noGate = await insertVisitor({ ...gated, name: 'No Gate' });
    const allOfDay = rowsById(csvLines(await get(`/api/visitors/export.csv?from=${day}&to=${day}`, tokens.admin)));
    expect([...allOfDay.keys()].sort()).toEqual([inNorth, outNorth, southOnly, noGate].sort());
    // The gates' names in the last two columns, empty when none was recorded.
    expect(allOfDay.get(inNorth)).toMatch(/,checked-out,[^,]+,[^,]+,North Gate,South Gate$/);
    expect(allOfDay.get(noGate)).toMatch(/,checked-out,[^,]+,[^,]+,,$/);
    const atNorth = rowsById(csvLines(await get(`/api/visitors/export.csv?from=${day}&to=${day}&gateId=${north}`, tokens.admin)));
    expect([...atNorth.keys()].sort()).toEqual([inNorth, outNorth].sort());
    const atSouth = rowsById(csvLines(await get(`/api/visitors/export.csv?from=${day}&to=${day}&gateId=${south}`, tokens.admin)));
    expect([...atSouth.keys()].sort()).toEqual([inNorth, outNorth, southOnly].sort());
    const unknown = csvLines(await get(`/api/visitors/export.csv?from=${day}&to=${day}&gateId=${randomUUID()}`, tokens.admin));
    expect(unknown).toEqual([VISITOR_HEADER]);
  });

  it('exports an anonymised visitor as stored: "Visitor" and empty personal cells', async () => {
    const rows = rowsById(csvLines(await get('/api/visitors/export.csv', tokens.admin)));
    expect(rows.get(visitors.anonymised)).toBe(`${visitors.anonymised},invitation,Visitor,,,,12,A,Rita Resident,2026-11-05,09:00,17:00,checked-out,2026-11-01T09:30:00+05:30,2026-11-01T10:30:00+05:30,,`);
  });

  it('gives a resident only their house’s visitors, even when asking for another house', async () => {
    const own = rowsById(csvLines(await get('/api/visitors/export.csv?from=2026-09-01&to=2026-11-30', tokens.resident)));
    expect(own.has(visitors.formula)).toBe(true);
    expect(own.has(visitors.other)).toBe(false);
    const others = rowsById(csvLines(await get('/api/visitors/export.csv?from=2026-09-01&to=2026-11-30', tokens.otherResident)));
    expect([...others.keys()]).toEqual([visitors.other]);
    const asked = csvLines(await get(`/api/visitors/export.csv?houseId=${ids.otherHouse}`, tokens.resident));
    expect(asked).toEqual([VISITOR_HEADER]);
  });

  it('refuses guards (403) and anonymous callers (401) in the JSON envelope', async () => {
    expect(json(await get('/api/visitors/export.csv', tokens.guard), 403)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(json(await get('/api/visitors/export.csv'), 401)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('answers bad input with 400 in the JSON envelope, before any CSV', async () => {
    const cases: Array<[string, string]> = [
      ['from=2026-13-01', 'From must be a date (YYYY-MM-DD)'],
      ['to=23-11-2026', 'To must be a date (YYYY-MM-DD)'],
      ['from=2026-11-20&to=2026-11-01', 'The start date must not be after the end date'],
      // Only `from`, after today: the default `to` (today) is before it.
      ['from=2026-12-01', 'The start date must not be after the end date'],
      ['status=inside', 'Invalid status'],
      ['houseId=12', 'Invalid house'],
      ['gateId=main-gate', 'Invalid gate'],
    ];
    for (const [query, message] of cases) {
      const body = json(await get(`/api/visitors/export.csv?${query}`, tokens.admin), 400);
      expect(body, query).toMatchObject({ success: false, data: null, error: message, code: 'VALIDATION_FAILED' });
    }
    expect(json(await get('/api/audit/export.csv?from=2026-02-30', tokens.admin), 400)).toMatchObject({ error: 'From must be a date (YYYY-MM-DD)' });
  });

  it('reads page after page (1,000 rows each) without losing or repeating a row, ties included', async () => {
    const count = 2_345;
    // One visit date for all, and audit events at one instant (to the microsecond): the
    // pages' cursor must order by id within them.
    await test.db.fork().execute(
      `insert into visitor_invitation (community_id, id, name, phone, house_id, host_id, visit_date, visit_time_from, visit_time_to, status,
         qr_code_token, pass_code, qr_code_data_url, kind, has_photo, created_at, updated_at)
       select (select id from community order by created_at, id limit 1), gen_random_uuid(), 'Paged Visitor ' || i, '+1555' || lpad(i::text, 7, '0'), ?, ?, date '2026-08-15', '09:00', '17:00',
              'cancelled', md5(i::text) || md5((i + 1)::text), lpad(i::text, 6, '0'), 'data:,', 'invitation', false, now(), now()
         from generate_series(1, ?) i`,
      [ids.house, ids.resident, count],
    );
    await test.db.fork().execute(
      `insert into audit_event (community_id, id, occurred_at, action, actor_id, target_type, target_id, details)
       select (select id from community order by created_at, id limit 1), gen_random_uuid(), timestamptz '2026-08-15 10:00:00.123456+00', 'visitor.cancelled', ?, 'visitor', gen_random_uuid(), jsonb_build_object('n', i)
         from generate_series(1, ?) i`,
      [ids.resident, count],
    );
    const visitorLines = csvLines(await get('/api/visitors/export.csv?from=2026-08-15&to=2026-08-15', tokens.admin)).slice(1);
    expect(visitorLines).toHaveLength(count);
    expect(new Set(visitorLines.map((line) => line.slice(0, 36))).size).toBe(count);
    const visitorIds = visitorLines.map((line) => line.slice(0, 36));
    expect(visitorIds).toEqual([...visitorIds].sort());
    const auditLines = csvLines(await get('/api/audit/export.csv?from=2026-08-15&to=2026-08-15', tokens.admin)).slice(1);
    expect(auditLines).toHaveLength(count);
    expect(new Set(auditLines.map((line) => line.slice(0, 36))).size).toBe(count);
    // 10:00:00.123 UTC is 15:30:00 in Kolkata (to the second).
    expect(auditLines[0]).toMatch(/^[0-9a-f-]{36},2026-08-15T15:30:00\+05:30,visitor\.cancelled,Rita Resident,rita@export\.example,,visitor,/);
  });

  it('exports the audit log for admins only, times in the community zone, details as JSON', async () => {
    expect(json(await get('/api/audit/export.csv', tokens.resident), 403)).toMatchObject({ code: 'FORBIDDEN' });
    expect(json(await get('/api/audit/export.csv', tokens.guard), 403)).toMatchObject({ code: 'FORBIDDEN' });
    expect(json(await get('/api/audit/export.csv'), 401)).toMatchObject({ code: 'UNAUTHENTICATED' });
    const response = await get('/api/audit/export.csv', tokens.admin);
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-2026-10-25-to-2026-11-23.csv"');
    const lines = csvLines(response);
    expect(lines[0]).toBe(AUDIT_HEADER);
    // The sign-ups and house changes of the set-up happened "now" (11:30 in Kolkata).
    const added = lines.find((line) => line.includes(',house.resident-added,') && line.includes(ids.house));
    expect(added).toMatch(
      new RegExp(`^[0-9a-f-]{36},2026-11-23T11:30:00\\+05:30,house\\.resident-added,Ada Admin,admin@export\\.example,,house,${ids.house},[^,]*,"\\{""userId"":""${ids.resident}""`),
    );
    // A day with no events: only the header. The range is inclusive of the whole day in the zone.
    expect(csvLines(await get('/api/audit/export.csv?from=2026-11-22&to=2026-11-22', tokens.admin))).toEqual([AUDIT_HEADER]);
    expect(csvLines(await get('/api/audit/export.csv?from=2026-11-23&to=2026-11-23', tokens.admin)).length).toBe(lines.length);
  });
});
