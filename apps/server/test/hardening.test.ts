/**
 * Hardening at the HTTP layer (docs/security.md#flooding, docs/security.md#sign-in-and-sessions,
 * docs/security.md#http), on both
 * databases: batch limits, one session look-up per request, the general API rate limit
 * (per address, per user, every call of a batch, shared by processes on PostgreSQL),
 * `Cache-Control: no-store`, clean 415/404/400 answers for bad tRPC requests, and the
 * REST password change. Each test fails when its protection is taken out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { createPgPool, User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApiRateLimitCounter, type ApiRateLimitOptions, type WindowCounter } from '../src/api-rate-limits';
import { buildApp, MAX_BATCH_SIZE } from '../src/app';
import { UNLIMITED_API } from './support/limits';

const legs = await databaseLegs();

const service = { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 };
const PASSWORD = 'secret123';

describe.each(legs)('HTTP hardening on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let logs = '';
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gatehouse-web-'));
  const tokens = { admin: '', resident: '' };

  // A fixed instant: no one-minute window of the rate limit ends in the middle of a test.
  const fixedClock = () => Date.parse('2026-11-24T10:00:30.000Z');
  const build = async (limits: ApiRateLimitOptions) => {
    const apiRateLimits = { counter: await createApiRateLimitCounter(undefined, fixedClock), ...limits };
    return buildApp({
      db: test.db,
      service,
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 100_000 }),
      apiRateLimits,
      webRoot,
      loggerInstance: pino(
        { level: 'info' },
        new Writable({
          write(chunk, _encoding, done) {
            logs += chunk.toString();
            done();
          },
        }),
      ),
    });
  };

  const inject = (target: FastifyInstance, options: InjectOptions & { token?: string }) => {
    const { token, ...rest } = options;
    return target.inject({ ...rest, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...rest.headers } });
  };

  /** `/trpc/auth.me,auth.me,…?batch=1` with `calls` calls. */
  const meBatch = (calls: number) =>
    `/trpc/${Array.from({ length: calls }, () => 'auth.me').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;

  beforeAll(async () => {
    test = await leg.create();
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title>');
    app = await build(UNLIMITED_API);
    const signup = async (name: string, email: string, role: string) => {
      const response = await inject(app, {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name, email, phone: '+15551234567', password: PASSWORD, role },
      });
      return (response.json() as { data: { token: string; user: { id: string } } }).data;
    };
    tokens.admin = (await signup('Ada Admin', 'admin@hard.example', 'admin')).token;
    tokens.resident = (await signup('Rita Resident', 'rita@hard.example', 'resident')).token;
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it(`refuses a tRPC batch of more than ${MAX_BATCH_SIZE} calls with 400, and answers one of ${MAX_BATCH_SIZE}`, async () => {
    const tooMany = await inject(app, { method: 'GET', url: meBatch(MAX_BATCH_SIZE + 1), token: tokens.resident });
    expect(tooMany.statusCode).toBe(400);
    const ok = await inject(app, { method: 'GET', url: meBatch(MAX_BATCH_SIZE), token: tokens.resident });
    expect(ok.statusCode).toBe(200);
    const results = ok.json() as { result: { data: { user: { email: string } } } }[];
    expect(results.map((result) => result.result.data.user.email)).toEqual(Array<string>(MAX_BATCH_SIZE).fill('rita@hard.example'));
  });

  it('looks the session up once per HTTP request, for a whole batch, with the membership where it acts in the same statement', async () => {
    // Every query, through MikroORM's slow-query log with a threshold of 0 ms.
    const config = test.db.orm.config as unknown as {
      getSlowQueryLogger(): unknown;
      set(key: 'slowQueryThreshold', value: number | undefined): void;
    };
    const logger = config.getSlowQueryLogger() as { writer: (message: string) => void };
    const writer = logger.writer;
    const queries: string[] = [];
    Object.defineProperty(logger, 'writer', { value: (message: string) => queries.push(message), configurable: true, writable: true });
    config.set('slowQueryThreshold', 0);
    try {
      const response = await inject(app, { method: 'GET', url: meBatch(MAX_BATCH_SIZE), token: tokens.resident });
      expect(response.statusCode).toBe(200);
      // Naming the community (docs/api.md#communities) costs no statement either.
      const communityId = (response.json() as { result: { data: { community: { id: string } } } }[])[0]!.result.data.community.id;
      const named = await inject(app, { method: 'GET', url: meBatch(2), token: tokens.resident, headers: { 'x-community-id': communityId } });
      expect(named.statusCode).toBe(200);
    } finally {
      config.set('slowQueryThreshold', undefined);
      Object.defineProperty(logger, 'writer', { value: writer, configurable: true, writable: true });
    }
    const sessionLookups = queries.filter((query) => /from "?session"?[\s"]/.test(query));
    expect(queries.length).toBeGreaterThan(0);
    expect(sessionLookups).toHaveLength(2);
    expect(sessionLookups.every((query) => /from membership m/.test(query))).toBe(true);
    // No statement of its own reads the caller's membership.
    expect(queries.filter((query) => /from "?membership"?[\s"]/.test(query) && !/from "?session"?[\s"]/.test(query))).toEqual([]);
  });

  it('limits requests per address: 429 in the envelope with Retry-After; health is exempt; every batch call counts', async () => {
    const limited = await build({ perAddressPerMinute: 5, perUserPerMinute: 1_000 });
    try {
      const from = (remoteAddress: string, url: string, token?: string) =>
        inject(limited, { method: 'GET', url, remoteAddress, ...(token ? { token } : {}) });
      // A batch of 3 uses 3 of the 5.
      expect((await from('10.20.0.1', meBatch(3), tokens.resident)).statusCode).toBe(200);
      expect((await from('10.20.0.1', '/api/auth/me', tokens.resident)).statusCode).toBe(200);
      expect((await from('10.20.0.1', '/api/houses', tokens.resident)).statusCode).toBe(200);
      const refused = await from('10.20.0.1', '/api/auth/me', tokens.resident);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      // The seconds named by the text come as a value too, to be worded in any language.
      expect(refused.json()).toEqual({
        success: false,
        data: null,
        error: `Too many requests, try again in ${seconds} s`,
        code: 'RATE_LIMITED',
        details: { reason: 'too-many-requests', seconds },
      });
      const refusedCall = await from('10.20.0.1', '/trpc/auth.me', tokens.resident);
      expect(refusedCall.statusCode).toBe(429);
      expect(refusedCall.json()).toMatchObject({ success: false, data: null, code: 'RATE_LIMITED' });
      // Anonymous requests count too, and the health check stays open.
      expect((await from('10.20.0.1', '/api/auth/me')).statusCode).toBe(429);
      expect((await from('10.20.0.1', '/api/health')).statusCode).toBe(200);
      // Another address is unaffected.
      expect((await from('10.20.0.2', '/api/auth/me', tokens.resident)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits requests per user, whichever address they come from', async () => {
    const limited = await build({ perAddressPerMinute: 1_000, perUserPerMinute: 4 });
    try {
      const from = (remoteAddress: string, token: string) => inject(limited, { method: 'GET', url: '/api/auth/me', remoteAddress, token });
      for (const address of ['10.30.0.1', '10.30.0.2', '10.30.0.3', '10.30.0.4']) {
        expect((await from(address, tokens.resident)).statusCode).toBe(200);
      }
      expect((await from('10.30.0.5', tokens.resident)).statusCode).toBe(429);
      // Another user from the same addresses is unaffected.
      expect((await from('10.30.0.5', tokens.admin)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers every /api and /trpc response with Cache-Control: no-store, and leaves the web app cacheable', async () => {
    for (const [url, token] of [
      ['/api/health', undefined],
      ['/api/auth/me', tokens.resident],
      ['/api/auth/me', undefined],
      ['/api/no-such-path', undefined],
      ['/trpc/auth.me', tokens.resident],
      ['/trpc/auth.me', undefined],
    ] as const) {
      const response = await inject(app, { method: 'GET', url, ...(token ? { token } : {}) });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const page = await inject(app, { method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers bad tRPC requests with 415 or 404, and logs them without a stack trace', async () => {
    logs = '';
    const body = JSON.stringify({ email: 'rita@hard.example', password: PASSWORD });
    const textPlain = await inject(app, { method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': 'text/plain' }, payload: body });
    expect(textPlain.statusCode).toBe(415);
    expect(textPlain.body).toContain('Unsupported content type');
    expect(textPlain.json()).toMatchObject({ error: { data: { errorCode: 'UNSUPPORTED_MEDIA_TYPE', httpStatus: 415 } } });
    const noType = await inject(app, { method: 'POST', url: '/trpc/auth.login', payload: body, headers: { 'content-type': '' } });
    expect([400, 415]).toContain(noType.statusCode);
    const options = await inject(app, { method: 'OPTIONS', url: '/trpc/auth.login' });
    expect(options.statusCode).toBe(404);
    expect(options.json()).toEqual({ success: false, data: null, error: 'Not found', code: 'NOT_FOUND' });
    expect(logs).not.toMatch(/"stack"|\n\s+at /);
    expect(logs).not.toMatch(/"level":50/);
  });

  it('answers a malformed audit filter with 400, not 500', async () => {
    for (const [query, message] of [
      ['targetId=foo', 'Invalid target'],
      ['actorId=foo', 'Invalid actor'],
    ] as const) {
      const response = await inject(app, { method: 'GET', url: `/api/audit?${query}`, token: tokens.admin });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: null, error: message, code: 'VALIDATION_FAILED' });
    }
  });

  it('changes the own password over REST: 400 for a wrong current one, 200 and other sessions signed out', async () => {
    const email = 'pat@hard.example';
    const signup = await inject(app, { method: 'POST', url: '/api/auth/signup', payload: { name: 'Pat Password', email, phone: '+15551234567', password: PASSWORD } });
    const token = (signup.json() as { data: { token: string } }).data.token;
    const login = await inject(app, { method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    const other = (login.json() as { data: { token: string } }).data.token;
    const wrong = await inject(app, { method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword: 'nope-nope', newPassword: 'changed-pass' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      data: null,
      error: 'Current password is incorrect',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    const changed = await inject(app, { method: 'POST', url: '/api/auth/change-password', token, payload: { currentPassword: PASSWORD, newPassword: 'changed-pass' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true, data: { revoked: 1 }, error: null });
    expect((await inject(app, { method: 'GET', url: '/api/auth/me', token: other })).statusCode).toBe(401);
    expect((await inject(app, { method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    expect(await test.db.fork().count(User, { email })).toBe(1);
  });
});

describe.each(legs.filter((leg) => leg.name === 'postgresql'))('the API rate limit shared by two processes on $name', (leg) => {
  it('counts requests to two server processes on one PostgreSQL together', async () => {
    const test = await leg.create();
    const pools = [createPgPool(test.url!), createPgPool(test.url!)];
    const apps: FastifyInstance[] = [];
    const counters: WindowCounter[] = [];
    const fixedClock = () => Date.parse('2026-11-24T10:00:30.000Z');
    try {
      for (const pool of pools) {
        const counter = await createApiRateLimitCounter(pool, fixedClock);
        counters.push(counter);
        apps.push(
          await buildApp({
            db: test.db,
            service,
            rateLimits: createMemoryAuthRateLimits(),
            apiRateLimits: { perAddressPerMinute: 4, perUserPerMinute: 1_000, counter },
          }),
        );
      }
      const statuses: number[] = [];
      for (let request = 0; request < 6; request += 1) {
        const response = await apps[request % 2]!.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: '10.40.0.1' });
        statuses.push(response.statusCode);
        // As the background flushes do every 250 ms: each process adds its counts and reads
        // the total (twice, so that each has read what the other added).
        for (const counter of [...counters, ...counters]) await counter.flush();
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      for (const app of apps) await app.close();
      await Promise.all(pools.map((pool) => pool.end()));
      await test.drop();
    }
  });
});
