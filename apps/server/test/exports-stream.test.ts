/**
 * The visitor export streams (docs/operations.md#reports-exports-and-inside-now: a large export
 * starts at once and never holds
 * all rows in memory), over a real socket on PostgreSQL: 100,000 visitors are exported with
 * the server's resident memory growing by less than 50 MB, the first bytes arrive long before
 * the last; at most two exports run at once (the third is 429), and a client that goes away
 * frees its place. The rows are seeded with one set-based INSERT … SELECT generate_series.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

// The embedded database's own heap lives in this process too: its memory would be measured with ours.
const legs = (await databaseLegs()).filter((leg) => leg.name === 'postgresql');

const ROWS = 100_000;

v8.setFlagsFromString('--expose-gc');
/** A full garbage collection (V8's own `gc`, exposed for this test). */
const collectGarbage = runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

describe.each(legs)('a streamed CSV export on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base = '';
  let token = '';
  const now = new Date('2026-11-23T06:00:00.000Z');

  const exportRequest = (signal?: AbortSignal, range = 'from=2026-10-01&to=2026-11-23') =>
    fetch(`${base}/api/visitors/export.csv?${range}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
      ...(signal ? { signal } : {}),
    });

  beforeAll(async () => {
    test = await leg.create();
    app = await buildApp({
      db: test.db,
      service: { timeZone: 'Asia/Kolkata', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000, failedSignInsPerEmail: 100, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
      clock: () => now,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (url: string, body: unknown) => {
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeLessThan(300);
      return ((await response.json()) as { data: any }).data;
    };
    const admin = await post('/api/auth/signup', { name: 'Ada Admin', email: 'admin@stream.example', phone: '+15551234567', password: 'secret123', role: 'admin' });
    token = admin.token;
    const house = await post('/api/houses', { houseNumber: '1', block: 'A', street: 'Maple Avenue', ownerId: admin.user.id });
    // Triggers off for the seed (the search grams and live events of 100,000 rows are not what is tested).
    await test.db.fork().transactional(async (em) => {
      await em.execute('set local session_replication_role = replica');
      await em.execute(
        `insert into visitor_invitation (community_id, id, name, phone, email, purpose, house_id, host_id, visit_date, visit_time_from, visit_time_to, status,
           qr_code_token, pass_code, qr_code_data_url, check_in_time, check_out_time, kind, has_photo, created_at, updated_at)
         select (select id from community order by created_at, id limit 1), gen_random_uuid(), 'Bulk Visitor ' || i, '+1555' || lpad(i::text, 7, '0'), 'bulk' || i || '@example.com', 'Delivery of parcels',
                ?, ?, date '2026-11-20' - (i % 40), '09:00', '17:00', 'checked-out', md5(i::text) || md5((i + 1)::text),
                lpad((i % 1000000)::text, 6, '0'), 'data:,', timestamptz '2026-11-01 04:00:00+00', timestamptz '2026-11-01 05:00:00+00',
                'invitation', false, now(), now()
           from generate_series(1, ?) i`,
        [house.id, admin.user.id, ROWS],
      );
    });
    // As autovacuum would after such a load: the planner's statistics.
    await test.db.fork().execute('analyze visitor_invitation');
  }, 60_000);
  afterAll(async () => {
    // An aborted fetch may leave its socket for undici to close later: close what is left.
    app.server.closeAllConnections();
    await app?.close();
    await test?.drop();
  });

  it('streams 100,000 rows with bounded memory, the first bytes long before the last', async () => {
    // Warm up (code paths, connection pool) with one day's 2,500 rows, then measure from here
    // (RSS seldom shrinks: a large warm-up would hide the growth). The memory is read after a
    // full collection each time: what the export holds, not garbage V8 has yet to collect.
    const warmUp = await exportRequest(undefined, 'from=2026-11-20&to=2026-11-20');
    expect((await warmUp.text()).split('\n')).toHaveLength(ROWS / 40 + 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    collectGarbage();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;

    const started = performance.now();
    const response = await exportRequest();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const reader = response.body!.getReader();
    let firstChunkAt: number | undefined;
    let chunks = 0;
    let lines = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstChunkAt ??= performance.now() - started;
      chunks += 1;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines += 1;
      if (chunks % 25 === 0) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    }
    const total = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(lines).toBe(ROWS + 1);
    expect(bytes).toBeGreaterThan(ROWS * 100);
    expect(chunks).toBeGreaterThan(10);
    // The first bytes within a second, and well before the body's end.
    expect(firstChunkAt!).toBeLessThan(1_000);
    expect(firstChunkAt!).toBeLessThan(total / 4);
    expect((peak - baseline) / MB, `RSS grew by ${((peak - baseline) / MB).toFixed(1)} MB over ${(total / 1000).toFixed(1)} s`).toBeLessThan(50);
  }, 60_000);

  it('runs at most two exports at once (the third is 429) and frees a place when a client goes away', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const running = [await exportRequest(first.signal), await exportRequest(second.signal)];
    for (const response of running) {
      expect(response.status).toBe(200);
      // Read a little, then stop reading: the server waits on the socket (backpressure).
      const reader = response.body!.getReader();
      await reader.read();
      reader.releaseLock();
    }
    const refused = await exportRequest();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toMatchObject({ success: false, error: 'Too many exports are running, try again in a minute', code: 'RATE_LIMITED' });

    first.abort();
    second.abort();
    // The aborted downloads end their exports: a new one is served again.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const stop = new AbortController();
      status = (await exportRequest(stop.signal)).status;
      stop.abort();
    }
    expect(status).toBe(200);
  }, 30_000);
});
