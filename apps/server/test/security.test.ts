/**
 * HTTP hardening: security headers, closed CORS, no internals in error bodies, and no
 * bearer token in the logs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { migrateDatabase, openDatabase, type Database } from '@gatehouse/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

const service = { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 };

describe('HTTP hardening', () => {
  let db: Database;
  let app: FastifyInstance;
  let logs = '';
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gatehouse-web-'));

  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Gatehouse</title>');
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
      webRoot,
      loggerInstance: pino({ level: 'trace' }, sink),
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['/api/health', '/login', '/api/nothing'])('sends the security headers on %s', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // WebAssembly may be compiled (the QR decoder, docs/gate.md#verifying-a-pass); JavaScript may
    // never be eval'd.
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/(^|[\s;])'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('keeps CORS closed: other origins get no Access-Control-* headers', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
    const simple = await app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('never puts a bearer token in the logs', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Log Watcher', email: 'logs@example.com', phone: '+15551234567', password: 'secret123' }),
    });
    const token = signup.json().data.token as string;
    await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('secret123');
  });
});

describe('errors that reach the caller', () => {
  it('say "Internal server error" and never show a stack trace, SQL or a path', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    const failing: Database = {
      ...db,
      fork: () => {
        throw new Error('select * from "app_user" where password_hash = $1 at /work/main/packages/db/src/orm.ts:42');
      },
    };
    const app = await buildApp({ db: failing, service, rateLimits: createMemoryAuthRateLimits() });
    try {
      for (const [method, url] of [['GET', '/api/auth/me'], ['GET', '/trpc/auth.me'], ['GET', '/api/houses']] as const) {
        const response = await app.inject({ method, url, headers: { authorization: 'Bearer x' } });
        expect(response.statusCode).toBe(500);
        expect(response.body).toContain('Internal server error');
        const body = response.json() as { code?: string; error?: { data: { errorCode: string } } };
        expect(url.startsWith('/trpc') ? body.error?.data.errorCode : body.code).toBe('INTERNAL');
        expect(response.body).not.toMatch(/select|app_user|password_hash|\/work\/|orm\.ts|at .*:\d+/);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('say "Service temporarily unavailable" with code UNAVAILABLE and Retry-After while the database cannot be reached', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const unreachable: Database = {
      ...db,
      fork: () => {
        throw refused();
      },
      ping: () => Promise.reject(refused()),
    };
    const app = await buildApp({ db: unreachable, service, rateLimits: createMemoryAuthRateLimits() });
    try {
      for (const url of ['/api/health', '/api/houses', '/trpc/houses.list']) {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer x' } });
        expect(response.statusCode, url).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        const body = response.json() as { error: string | { message: string; data: { errorCode: string } }; code?: string };
        if (url.startsWith('/trpc')) {
          expect(body.error).toMatchObject({ message: 'Service temporarily unavailable', data: { errorCode: 'UNAVAILABLE' } });
        } else {
          expect(body).toEqual({ success: false, data: null, error: 'Service temporarily unavailable', code: 'UNAVAILABLE' });
        }
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});
