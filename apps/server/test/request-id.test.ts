/**
 * X-Request-Id (docs/api.md#openapi-and-the-api-reference): every answer carries one (the caller's
 * own when it is
 * valid, else a new one), and every log line of a request names it. And the log format:
 * pretty only in development on a terminal, never when pino-pretty is not installed.
 */
import { Writable } from 'node:stream';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { migrateDatabase, openDatabase, type Database } from '@gatehouse/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { loggerOptions } from '../src/logging';
import { UNLIMITED_API } from './support/limits';

const service = { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  let db: Database;
  let app: FastifyInstance;
  let logs = '';

  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    app = await buildApp({
      db,
      service,
      rateLimits: createMemoryAuthRateLimits(),
      apiRateLimits: UNLIMITED_API,
      loggerInstance: pino({ level: 'info' }, sink),
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** The parsed log lines that name `requestId`. */
  const linesOf = (requestId: string) =>
    logs
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.requestId === requestId);

  it.each([
    ['the health check', 'GET', '/api/health', undefined, 200],
    ['a REST refusal', 'GET', '/api/auth/me', undefined, 401],
    ['an unknown path', 'GET', '/api/nothing', undefined, 404],
    ['malformed JSON', 'POST', '/api/auth/login', '{"email":', 400],
    ['a tRPC call', 'GET', '/trpc/auth.me', undefined, 401],
  ] as const)('gives %s a new id when the caller sent none, and logs it', async (_name, method, url, payload, status) => {
    const response = await app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/json' } } : {}),
    });
    expect(response.statusCode).toBe(status);
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(UUID);
    // Fastify's own lines ("incoming request", "request completed") carry it.
    expect(linesOf(id).map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it("keeps the caller's valid id", async () => {
    const id = 'gate-1.scan_42:retry-3';
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
    expect(linesOf(id).length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['a space', 'gate 1'],
    ['a slash', 'gate/1'],
    ['empty', ''],
  ])('replaces an id that is %s with a new one', async (_name, id) => {
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).not.toBe(id);
    expect(String(response.headers['x-request-id'])).toMatch(UUID);
  });

  it('keeps an id of exactly 128 characters', async () => {
    const id = 'A'.repeat(128);
    const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it('gives two requests two different ids', async () => {
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});

describe('log format', () => {
  it('is pretty in development on a terminal', () => {
    expect(loggerOptions({ NODE_ENV: 'development' }, true, true).transport?.target).toBe('pino-pretty');
    expect(loggerOptions({}, true, true).transport?.target).toBe('pino-pretty');
  });

  it('is JSON when not on a terminal, in production, when turned off, or without pino-pretty', () => {
    expect(loggerOptions({}, false, true)).toEqual({ level: 'info' });
    expect(loggerOptions({ NODE_ENV: 'production' }, true, true)).toEqual({ level: 'info' });
    expect(loggerOptions({ LOG_PRETTY: 'false' }, true, true)).toEqual({ level: 'info' });
    expect(loggerOptions({ LOG_PRETTY: 'true' }, true, false)).toEqual({ level: 'info' });
  });

  it('can be asked for pretty lines off a terminal, and keeps LOG_LEVEL', () => {
    const options = loggerOptions({ LOG_PRETTY: 'true', LOG_LEVEL: 'debug' }, false, true);
    expect(options.level).toBe('debug');
    expect(options.transport?.target).toBe('pino-pretty');
  });
});
