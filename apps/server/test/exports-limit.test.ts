/**
 * One export limit for both transports (docs/operations.md#reports-exports-and-inside-now), over
 * real sockets on both
 * databases: the visitor and audit exports over REST (`GET /api/…/export.csv`) and over a
 * tRPC stream (`trpc-accept: application/jsonl`, as httpBatchStreamLink asks) take places
 * from the same two of the server process, whichever way they came: two downloads that
 * stopped reading hold both, and a third is refused over either transport (REST: 429 in the
 * envelope with Retry-After; tRPC: the rows end with the same 429); a client that goes away
 * frees its place. A download that asks for nothing during the stall time is cut, the tRPC
 * stream as the REST one, and its place given back. An error before the first row answers
 * in the JSON envelope, also when the client accepts gzip.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

import { createMemoryAuthRateLimits, ExportLimiter } from '@gatehouse/api';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

const legs = await databaseLegs();

// Enough rows that a download which stops reading cannot end by filling the sockets'
// buffers (loopback buffers grow to a few MB): about 25 MB of tRPC lines, 13 MB of CSV.
const ROWS = 60_000;
const RANGE = { from: '2026-10-01', to: '2026-11-23' };
const SERVICE = { timeZone: 'Asia/Kolkata', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 };

/** A download opened over a socket of its own, paused after its first bytes (a client that stopped reading). */
interface HeldDownload {
  response: IncomingMessage;
  /** Reads on to the end of the connection; resolves with whether the body was complete. */
  drain(): Promise<{ complete: boolean }>;
  destroy(): void;
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(legs)('one export limit for REST and tRPC on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let quick: FastifyInstance;
  let base = '';
  let quickBase = '';
  let token = '';
  const limiter = new ExportLimiter();
  // A second server on the same database whose downloads stall after a second.
  const quickLimiter = new ExportLimiter({ stallTimeoutMs: 1_000 });
  const now = new Date('2026-11-23T06:00:00.000Z');
  const held: HeldDownload[] = [];

  const restPath = (kind: 'visitors' | 'audit', range = RANGE) => `/api/${kind}/export.csv?from=${range.from}&to=${range.to}`;
  const trpcPath = (kind: 'visitors' | 'audit', range = RANGE) =>
    `/trpc/${kind}.exportCsv?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: range }))}`;
  const trpcHeaders = { 'trpc-accept': 'application/jsonl' };

  /** Opens `path` on the server at `at` and pauses once the first bytes arrived. */
  const hold = (at: string, path: string, headers: Record<string, string> = {}) =>
    new Promise<HeldDownload>((resolve, reject) => {
      const outgoing = httpRequest(`${at}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers }, agent: false }, (response) => {
        // A paused socket does not see the server close it: reading on does.
        const drain = () =>
          new Promise<{ complete: boolean }>((done) => {
            response.once('close', () => done({ complete: response.complete }));
            response.on('data', () => {});
            response.resume();
          });
        response.once('data', () => {
          response.pause();
          const download = { response, drain, destroy: () => outgoing.destroy() };
          held.push(download);
          resolve(download);
        });
      });
      outgoing.once('error', () => {});
      outgoing.once('error', reject);
      outgoing.end();
    });
  const inject = (path: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}`, ...headers } });
  /** The lines of a tRPC stream's body, parsed. */
  const jsonLines = (body: string) => body.trim().split('\n').map((line) => JSON.parse(line) as unknown);
  /** The refusals a tRPC stream's body carries (an error chunk's `message` and `data`). */
  const streamErrors = (body: string) =>
    JSON.stringify(jsonLines(body)).match(/"message":"[^"]*","code":-?\d+,"data":\{[^}]*\}/g) ?? [];

  beforeAll(async () => {
    test = await leg.create();
    const options = {
      db: test.db,
      service: SERVICE,
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000, failedSignInsPerEmail: 100, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
      clock: () => now,
    };
    app = await buildApp({ ...options, exports: limiter });
    quick = await buildApp({ ...options, exports: quickLimiter });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    quickBase = await quick.listen({ port: 0, host: '127.0.0.1' });
    const post = async (url: string, body: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json().data;
    };
    const admin = await post('/api/auth/signup', { name: 'Ada Admin', email: 'admin@limit.example', phone: '+15551234567', password: 'secret123', role: 'admin' });
    token = admin.token;
    const house = await post('/api/houses', { houseNumber: '1', block: 'A', street: 'Maple Avenue', ownerId: admin.user.id });
    // Triggers off for the seed (the search grams and live events of the rows are not what is tested).
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
      // And as many audit rows, for the audit export.
      await em.execute(
        `insert into audit_event (community_id, id, occurred_at, action, actor_id, target_type, target_id, details)
         select (select id from community order by created_at, id limit 1), gen_random_uuid(), timestamptz '2026-11-01 04:00:00+00' + make_interval(secs => i), 'visitor.invited', ?, 'visitor', gen_random_uuid(),
                jsonb_build_object('note', repeat('x', 200))
           from generate_series(1, ?) i`,
        [admin.user.id, ROWS],
      );
    });
  }, 120_000);
  afterAll(async () => {
    for (const download of held) download.destroy();
    app?.server.closeAllConnections();
    quick?.server.closeAllConnections();
    await app?.close();
    await quick?.close();
    await test?.drop();
  });

  it('refuses a tRPC export while two REST downloads run, and a REST one while two tRPC streams run', async () => {
    // Two REST downloads that stopped reading hold both places.
    const rest = [await hold(base, restPath('visitors')), await hold(base, restPath('audit'))];
    expect(rest.map((download) => download.response.statusCode)).toEqual([200, 200]);
    await until(() => limiter.running === 2, 'two running exports');
    // The same exports over tRPC's stream: their rows end with the 429.
    for (const kind of ['visitors', 'audit'] as const) {
      const refused = await inject(trpcPath(kind), trpcHeaders);
      expect(refused.statusCode).toBe(200);
      const errors = streamErrors(refused.body);
      expect(errors, refused.body.slice(0, 500)).toHaveLength(1);
      expect(errors[0]).toContain('"message":"Too many exports are running, try again in a minute"');
      expect(errors[0]).toContain('"errorCode":"RATE_LIMITED"');
      expect(errors[0]).toContain('"httpStatus":429');
      expect(errors[0]).toContain('"retryAfterSeconds":60');
      // No row was sent: the lines are the head, the result, the file and the error.
      expect(refused.body).not.toContain('Bulk Visitor');
    }
    // And over REST, as before.
    const refusedRest = await inject(restPath('visitors'));
    expect(refusedRest.statusCode).toBe(429);
    expect(refusedRest.headers['retry-after']).toBe('60');
    expect(refusedRest.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', error: 'Too many exports are running, try again in a minute' });

    // The clients go away: their places are free again.
    for (const download of rest) download.destroy();
    await until(() => limiter.running === 0, 'the places given back');

    // Two tRPC streams that stopped reading hold both places now.
    const streams = [await hold(base, trpcPath('visitors'), trpcHeaders), await hold(base, trpcPath('audit'), trpcHeaders)];
    await until(() => limiter.running === 2, 'two running tRPC exports');
    const refusedByStreams = await inject(restPath('audit'));
    expect(refusedByStreams.statusCode).toBe(429);
    expect(refusedByStreams.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refusedByStreams.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    for (const download of streams) download.destroy();
    await until(() => limiter.running === 0, 'the tRPC places given back');
    const served = await inject(restPath('visitors', { from: '2026-11-20', to: '2026-11-20' }));
    expect(served.statusCode).toBe(200);
    expect(served.body.trim().split('\n')).toHaveLength(ROWS / 40 + 1);
  }, 60_000);

  it('cuts a tRPC stream, as a REST download, that reads nothing during the stall time, and frees its place', async () => {
    // The quick server's open connections, sampled (only the held download's).
    let openConnections = -1;
    const connections = () => new Promise<number>((resolve) => quick.server.getConnections((_error, count) => resolve(count)));
    const sampler = setInterval(() => void connections().then((count) => (openConnections = count)), 20);
    onTestFinished(() => clearInterval(sampler));
    for (const [path, headers] of [
      [trpcPath('visitors'), trpcHeaders],
      [restPath('visitors'), {}],
    ] as const) {
      const download = await hold(quickBase, path, headers);
      expect(download.response.statusCode).toBe(200);
      expect(await connections()).toBe(1);
      await until(() => quickLimiter.running === 1, `${path} running`);
      // Once the buffers are full nothing more is read, and a second later the server closes
      // the connection and gives the place back.
      await until(() => quickLimiter.running === 0, `${path} given back`, 30_000);
      await until(() => openConnections === 0, `${path} cut`, 5_000);
      // The body ends unfinished: never a file that looks whole.
      expect(await download.drain()).toEqual({ complete: false });
    }
  }, 60_000);

  it('answers an error before the first row in the JSON envelope, never a CSV or gzip header around it', async () => {
    // The first page cannot be read (the gate names it joins are gone for a moment).
    await test.db.fork().execute('alter table gate rename to gate_hidden');
    try {
      for (const encoding of ['gzip', 'identity']) {
        const failed = await inject(restPath('visitors', { from: '2026-11-20', to: '2026-11-20' }), { 'accept-encoding': encoding });
        expect(failed.statusCode).toBe(500);
        expect(failed.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(failed.headers['content-disposition']).toBeUndefined();
        const body = failed.headers['content-encoding'] === 'gzip' ? gunzipSync(failed.rawPayload).toString('utf8') : failed.body;
        expect(JSON.parse(body)).toEqual({ success: false, data: null, error: 'Internal server error', code: 'INTERNAL' });
      }
    } finally {
      await test.db.fork().execute('alter table gate_hidden rename to gate');
    }
    // Its place was given back.
    expect(limiter.running).toBe(0);
  });
});
