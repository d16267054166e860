/**
 * What docs/performance.md#http-caching-and-compression asks of HTTP: hashed assets served
 * precompressed (brotli,
 * gzip) with a year of immutable caching, index.html with no-cache, and API JSON over
 * 1 KB compressed when the client accepts it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { migrateDatabase, openDatabase, type Database } from '@gatehouse/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

describe('compression and caching', () => {
  let db: Database;
  let app: FastifyInstance;
  const webRoot = mkdtempSync(path.join(tmpdir(), 'gatehouse-web-'));
  const script = `console.log(${JSON.stringify('gatehouse '.repeat(400))});`;

  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    mkdirSync(path.join(webRoot, 'assets'));
    const html = '<!doctype html><title>Gatehouse</title><script type="module" src="/assets/index-abc123.js"></script>';
    for (const [file, content] of [
      ['index.html', html],
      ['assets/index-abc123.js', script],
    ] as const) {
      writeFileSync(path.join(webRoot, file), content);
      // Marked, so the test can tell the build's file from one compressed on the fly.
      writeFileSync(path.join(webRoot, `${file}.br`), brotliCompressSync(`${content}/*br*/`));
      writeFileSync(path.join(webRoot, `${file}.gz`), gzipSync(`${content}/*gz*/`));
    }
    app = await buildApp({
      db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits(),
      apiRateLimits: UNLIMITED_API,
      webRoot,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves hashed assets precompressed, by Accept-Encoding, cached for a year', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${script}/*br*/`);

    const gzip = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}/*gz*/`);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves index.html with no-cache, precompressed, also for client routes', async () => {
    // /api-tokens and /apiary start like /api but are screens of the web app, not API paths.
    for (const url of ['/', '/login', '/guard/scan', '/api-tokens', '/apiary', '/trpcx']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
    }
    for (const url of ['/api', '/api/nothing', '/api?x=1', '/trpc']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('compresses API JSON over 1 KB when the client accepts it, and leaves small answers alone', async () => {
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Ada Admin', email: 'ada@compress.example', phone: '+15551234567', password: 'secret123', role: 'admin' },
    });
    const token = (signup.json() as { data: { token: string } }).data.token;
    for (let index = 0; index < 20; index += 1) {
      await app.inject({
        method: 'POST',
        url: '/api/houses',
        headers: { authorization: `Bearer ${token}` },
        payload: { houseNumber: `${100 + index}`, block: 'C', street: 'Compression Street', ownerId: (signup.json() as { data: { user: { id: string } } }).data.user.id },
      });
    }
    const big = await app.inject({ method: 'GET', url: '/api/houses', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(gunzipSync(big.rawPayload).toString()) as { data: unknown[] };
    expect(body.data).toHaveLength(20);

    const small = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
