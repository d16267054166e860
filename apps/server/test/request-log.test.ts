/**
 * The request log never records a secret or a search sent in a query string: Fastify's
 * request lines show the URL with every query value redacted but those of a few harmless
 * parameters (pages, statuses, dates, ids), whatever the answer (a refusal, an unknown
 * path, a tRPC call).
 */
import { Writable } from 'node:stream';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { migrateDatabase, openDatabase, type Database } from '@gatehouse/db';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { redactedUrl } from '../src/logging';
import { UNLIMITED_API } from './support/limits';

const service = { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 };

describe('the request log', () => {
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

  it('redacts a token, a search and a tRPC input sent in the query, and keeps the harmless parameters', async () => {
    const secret = 'Tok3n-in-the-url-9f8e7d';
    const requests = [
      `/api/events?token=${secret}`,
      `/api/visitors?q=Zelda%20Quarry&limit=5&status=approved&access_token=${secret}`,
      `/api/nothing/here?api_key=${secret}`,
      `/trpc/visitors.list?input=${encodeURIComponent(JSON.stringify({ q: 'Zelda Quarry', token: secret }))}`,
    ];
    for (const url of requests) await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });
    expect(logs).toContain('incoming request');
    for (const leaked of [secret, 'Zelda', encodeURIComponent('Zelda')]) expect(logs, leaked).not.toContain(leaked);
    const urls = logs
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { req?: { url?: string } })
      .flatMap((line) => (line.req?.url ? [line.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/events?token=[redacted]',
        '/api/visitors?q=[redacted]&limit=5&status=approved&access_token=[redacted]',
        '/api/nothing/here?api_key=[redacted]',
        '/trpc/visitors.list?input=[redacted]',
      ]),
    );
  });

  it('redactedUrl keeps paths and value-less parameters, and known names only when spelled as such', () => {
    expect(redactedUrl('/api/visitors')).toBe('/api/visitors');
    expect(redactedUrl('/api/visitors?')).toBe('/api/visitors?');
    expect(redactedUrl('/api/audit?targetId=abc&flag&from=2026-11-01')).toBe('/api/audit?targetId=abc&flag&from=2026-11-01');
    expect(redactedUrl('/api/x?%6Cimit=3&limit%00=4&secret=a=b')).toBe('/api/x?%6Cimit=3&limit%00=[redacted]&secret=[redacted]');
  });
});
