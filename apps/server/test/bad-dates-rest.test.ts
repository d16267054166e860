/**
 * Dates the server cannot compute with are refused as input, on both databases
 * (docs/security.md#input): a date field takes real days from 1900-01-01 to 2999-12-31 (9999-12-31
 * is a
 * real day, but the day after it, which a range's end or a month's next month needs, has no
 * YYYY-MM-DD), a month the same months, an instant (a review's `occurredAt`, a payment's
 * `paidAt`) the same years, a gate pack cursor only real days and instants. Each
 * answers 400 VALIDATION_FAILED in the JSON envelope naming the field (never a 500, never a
 * gzip header around a plain body), and the dates a community uses, next year's included,
 * still work. Every answer is checked against the OpenAPI document.
 */
import { gunzipSync } from 'node:zlib';

import { databaseLegs } from '@gatehouse/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

const OUT_OF_RANGE = 'Dates must be from 1900-01-01 to 2999-12-31';

describe.each(legs)('bad dates over REST on $name', (leg) => {
  const now = new Date('2026-11-23T14:00:00.000Z');
  const harness = restHarness(leg, { domain: 'dates.example', clock: () => now, house: { houseNumber: '101', block: 'A', street: 'Maple' } });
  const { tokens, call, answer } = harness;
  let passId = '';

  /** GET `url` (`gzip`: accepting it, as a browser does); the body as text, unzipped when it says so. */
  const get = async (url: string, token: string, gzip = false) => {
    const response = await harness.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...(gzip ? { 'accept-encoding': 'gzip' } : {}) } });
    const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload).toString('utf8') : response.body;
    return { response, body };
  };
  /** Expects 400 VALIDATION_FAILED in the envelope with `message` on `path` (or on each of `path`). */
  const expectRefused = ({ response, body }: { response: LightMyRequestResponse; body: string }, path: string | string[], message: string) => {
    expect(response.statusCode, body.slice(0, 300)).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBeUndefined();
    const details = [path].flat().map((field) => ({ path: field, message }));
    expect(JSON.parse(body)).toEqual({ success: false, data: null, error: message, code: 'VALIDATION_FAILED', details });
  };

  beforeAll(async () => {
    passId = answer(
      await call('POST', '/api/passes', tokens.resident, {
        name: 'Dora Driver',
        phone: '+15550009999',
        houseId: harness.houseId,
        weekdays: ['mon'],
        timeFrom: '08:00',
        timeTo: '18:00',
        startDate: '2026-11-23',
        endDate: '2027-11-23',
      }),
      201,
    ).data.id;
  });

  it('refuses export ranges past 2999 as 400 in the envelope, residents and admins alike, and exports next year', async () => {
    const cases: Array<[string, string | string[], string]> = [
      // The day after 9999-12-31 has no YYYY-MM-DD (this one was a 500 under gzip headers).
      ['from=9998-12-31&to=9999-12-31', ['from', 'to'], OUT_OF_RANGE],
      ['from=2999-12-31&to=3000-01-01', 'to', OUT_OF_RANGE],
      ['from=9999-12-31&to=9999-12-31', ['from', 'to'], OUT_OF_RANGE],
      ['from=9999-12-31', 'from', OUT_OF_RANGE],
      ['to=9999-12-31', 'to', OUT_OF_RANGE],
      ['from=1899-12-31&to=1900-01-01', 'from', OUT_OF_RANGE],
      // A year past 9999, and a day that does not exist.
      ['from=10000-01-01', 'from', 'From must be a date (YYYY-MM-DD)'],
      ['from=2026-02-30&to=2026-03-01', 'from', 'From must be a date (YYYY-MM-DD)'],
    ];
    for (const [query, path, message] of cases) {
      expectRefused(await get(`/api/visitors/export.csv?${query}`, tokens.resident, true), path, message);
      expectRefused(await get(`/api/visitors/export.csv?${query}`, tokens.admin, true), path, message);
      expectRefused(await get(`/api/audit/export.csv?${query}`, tokens.admin, true), path, message);
    }
    // The lists and the reports take the same dates.
    expectRefused(await get('/api/visitors?from=9999-12-31', tokens.admin), 'from', OUT_OF_RANGE);
    expectRefused(await get('/api/audit?to=9999-12-31', tokens.admin), 'to', OUT_OF_RANGE);
    expectRefused(await get('/api/reports/summary?from=2999-12-01&to=3000-01-01', tokens.admin), 'to', OUT_OF_RANGE);
    // The days a community uses: next year, and the last one allowed.
    const nextYear = await get('/api/visitors/export.csv?from=2027-01-01&to=2027-12-31', tokens.resident, true);
    expect(nextYear.response.statusCode).toBe(200);
    expect(nextYear.response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(nextYear.body.startsWith('id,kind,name')).toBe(true);
    expect((await get('/api/audit/export.csv?from=2999-12-31&to=2999-12-31', tokens.admin)).response.statusCode).toBe(200);
  });

  it('refuses a pass month past 2999 or before 1900 (9999-12 was a 500), and reads next year', async () => {
    expectRefused(await get(`/api/passes/${passId}?month=9999-12`, tokens.resident), 'month', OUT_OF_RANGE);
    expectRefused(await get(`/api/passes/${passId}?month=0000-01`, tokens.resident), 'month', OUT_OF_RANGE);
    expectRefused(await get(`/api/passes/${passId}?month=10000-01`, tokens.resident), 'month', 'Month must be YYYY-MM');
    const nextYear = await get(`/api/passes/${passId}?month=2027-11`, tokens.resident);
    expect(nextYear.response.statusCode).toBe(200);
    expect(JSON.parse(nextYear.body).data).toMatchObject({ id: passId, month: '2027-11', entries: [] });
    // A pass's dates, and a payment's due date, keep to the same days.
    const farEnd = await call('PUT', `/api/passes/${passId}`, tokens.resident, { endDate: '9999-12-31' });
    expectRefused({ response: farEnd, body: farEnd.body }, 'endDate', OUT_OF_RANGE);
    const farDue = await call('POST', '/api/payments', tokens.admin, { houseId: harness.houseId, amount: 10, type: 'maintenance', dueDate: '9999-12-31' });
    expectRefused({ response: farDue, body: farDue.body }, 'dueDate', OUT_OF_RANGE);
  });

  it('refuses instants in year 0 (a 500 on PostgreSQL and the embedded database) and before 1900', async () => {
    for (const at of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z']) {
      const review = await call('POST', '/api/gate/reviews', tokens.guard, { action: 'check-in', occurredAt: at, message: 'Let in while offline' });
      expectRefused({ response: review, body: review.body }, 'occurredAt', 'occurredAt must be an ISO 8601 instant');
      const payment = answer(await call('POST', '/api/payments', tokens.admin, { houseId: harness.houseId, amount: 10, type: 'maintenance', dueDate: '2026-12-01' }), 201).data;
      const paid = await call('POST', `/api/payments/${payment.id}/complete`, tokens.admin, { method: 'cash', paidAt: at });
      expectRefused({ response: paid, body: paid.body }, 'paidAt', 'Paid at must be a date and time with a time zone (ISO 8601)');
    }
    // A review of an entry made a moment ago is filed.
    expect((await call('POST', '/api/gate/reviews', tokens.guard, { action: 'check-in', occurredAt: '2026-11-23T13:59:00Z', message: 'Let in while offline' })).statusCode).toBe(201);
  });

  it('refuses a gate pack cursor naming a day or instant that does not exist or is out of range (2026-02-30 and year 0 were 500s)', async () => {
    const pack = answer(await call('GET', '/api/gate/pack', tokens.guard), 200).data as { cursor: string };
    const cursor = JSON.parse(Buffer.from(pack.cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = (changes: Record<string, unknown>) => Buffer.from(JSON.stringify({ ...cursor, ...changes }), 'utf8').toString('base64url');
    const message = 'since must be a cursor from the gate pack';
    for (const changes of [{ d: '2026-02-30' }, { d: '9999-12-31' }, { t: '2026-02-30T10:00:00.000Z' }, { h: '2026-13-01T00:00:00.000Z' }, { t: '+275760-09-13T00:00:00.000Z' }, { t: '0000-01-01T00:00:00.000Z' }, { h: '9999-12-31T23:59:59.999Z' }]) {
      expectRefused(await get(`/api/gate/pack?since=${forged(changes)}`, tokens.guard), 'since', message);
    }
    // The cursor as it was given still works.
    expect((await get(`/api/gate/pack?since=${pack.cursor}`, tokens.guard)).response.statusCode).toBe(200);
  });
});
