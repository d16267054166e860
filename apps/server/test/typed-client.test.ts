/**
 * The typed client of docs/api.md#the-typed-trpc-client, as a test: an integration calls the
 * server over HTTP with a typed tRPC client (`createTRPCClient<AppRouter>`) and an API token,
 * exactly as that page shows, and checks a visitor in.
 */
import { createMemoryAuthRateLimits, type AppRouter } from '@gatehouse/api';
import { migrateDatabase, openDatabase, type Database } from '@gatehouse/db';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

describe('a typed tRPC client with an API token', () => {
  let db: Database;
  let app: FastifyInstance;
  let url = '';
  let guardToken = '';
  let passToken = '';

  const rest = async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const envelope = (await response.json()) as { success: boolean; data: T; error: string | null };
    if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${envelope.error}`);
    return envelope.data;
  };

  beforeAll(async () => {
    db = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    await migrateDatabase(db);
    app = await buildApp({
      db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits(),
      apiRateLimits: UNLIMITED_API,
      // A fixed clock: the visit's day and window do not depend on when the test runs.
      clock: () => new Date('2026-11-22T14:00:00.000Z'),
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
    const signup = (name: string, email: string, role: string) =>
      rest<{ token: string; user: { id: string } }>('POST', '/api/auth/signup', null, { name, email, phone: '+15551234567', password: 'secret123', role });
    const admin = await signup('Ada Admin', 'ada@client.example', 'admin');
    const resident = await signup('Rita Resident', 'rita@client.example', 'resident');
    const house = await rest<{ id: string }>('POST', '/api/houses', admin.token, { houseNumber: '7', block: 'B', street: 'Elm', ownerId: resident.user.id });
    await rest('POST', `/api/houses/${house.id}/residents`, admin.token, { userId: resident.user.id });
    const visitor = await rest<{ qrCodeToken: string }>('POST', '/api/visitors/invite', resident.token, {
      name: 'Vera Visitor', phone: '+15557654321', houseId: house.id, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00',
    });
    passToken = visitor.qrCodeToken;
    guardToken = (await rest<{ token: string }>('POST', '/api/api-tokens', admin.token, { name: 'Barrier', role: 'guard' })).token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('scans and checks a visitor in, as docs/api.md shows', async () => {
    // The example of docs/api.md#the-typed-trpc-client, with its URL and token.
    const gatehouse = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${url}/trpc`, headers: { authorization: `Bearer ${guardToken}` } })],
    });
    const visitor = await gatehouse.visitors.scan.mutate({ token: passToken });
    const checkedIn = await gatehouse.visitors.checkIn.mutate({ visitorId: visitor.id });
    expect(checkedIn.status).toBe('checked-in');
  });

  it('gets the stable error code of a refusal', async () => {
    const gatehouse = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${url}/trpc`, headers: { authorization: `Bearer ${guardToken}` } })],
    });
    const error = await gatehouse.users.list.query({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.errorCode).toBe('FORBIDDEN');
  });
});
