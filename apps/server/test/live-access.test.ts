/**
 * Who keeps an event stream open, over real HTTP on both database legs, for `GET /api/events`
 * and the tRPC subscription alike:
 * - a session (or API token) holds at most 3 streams and a user 5, in each process: one
 *   more closes the oldest, which ends with a 429 (`closed` event over REST, a tRPC error);
 * - a stream ends at once (well within a second, not at the minute's re-check) when its
 *   access goes: logout, a password change elsewhere, token revocation, deactivation (401),
 *   or changes: a move to another house, a demotion (503, reconnect); no event after the
 *   change reaches it, and a reconnect gets what the new rights allow.
 */
import { createMemoryAuthRateLimits, STREAM_ACCESS_CHANGED_MESSAGE, TOO_MANY_STREAMS_MESSAGE } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';
import { openSse, type SseStream } from './support/sse';

const legs = await databaseLegs();

/** Noon in the community's zone (UTC), so a walk-in never meets the end of the day. */
const NOW = new Date('2026-11-22T12:00:00.000Z');

/** How soon a stream must end after the change's answer: "at once", far from the 60 s re-check. */
const AT_ONCE_MS = 1_000;

describe.each(legs)('event streams and their owners on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base = '';
  let counter = 0;
  const tokens = { admin: '', guard: '' };
  const ids = { house: '', otherHouse: '' };
  const open: SseStream[] = [];

  const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as { data: any; error: string | null } };
  };
  const ok = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await call(method, path, options);
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body.data;
  };
  /** A new resident of `houseId` (when given), signed in once: their id, token and email. */
  const resident = async (houseId?: string) => {
    counter += 1;
    const email = `person${counter}@streams.example`;
    const made = await ok('POST', '/api/auth/signup', { body: { name: `Person ${counter}`, email, phone: '+15551234567', password: 'secret123' } });
    if (houseId) {
      await ok('POST', `/api/houses/${houseId}/residents`, { token: tokens.admin, body: { userId: made.user.id } });
      await accessChangesHandled();
    }
    return { id: made.user.id as string, token: made.token as string, email };
  };
  /**
   * Waits until the server has handled the access changes committed so far (a move into a
   * house ends the person's streams): on PostgreSQL they arrive a moment after the commit, and
   * one arriving late would end a stream the test opens next. The database announces them in
   * commit order, so once a change announced after them for a stream of our own has ended it,
   * they are handled.
   */
  const accessChangesHandled = async () => {
    const probe = await rest(sentinel.token);
    // The stream is the hub's once its first answer is out; wait for it to be counted.
    for (let waited = 0; app.visitorEvents.streamsOf(sentinel.id) === 0 && waited < AT_ONCE_MS; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await test.db.fork().getConnection().execute(`select pg_notify('visitor_event', ?)`, [`access-changed:user:${sentinel.id}`]);
    expect(await endsWithin(probe)).toBe(true);
  };
  let sentinel: { id: string; token: string };
  let keeperStream: SseStream | undefined;
  const login = async (email: string) => (await ok('POST', '/api/auth/login', { body: { email, password: 'secret123' } })).token as string;
  const rest = async (token: string, lastEventId?: string) => {
    const stream = await openSse(`${base}/api/events`, { token, ...(lastEventId ? { lastEventId } : {}) });
    open.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const trpc = async (token: string) => {
    const stream = await openSse(`${base}/trpc/visitors.events?input=${encodeURIComponent('{}')}`, { token });
    open.push(stream);
    await stream.waitFor(1); // tRPC's `connected`
    return stream;
  };
  /** Whether `stream` ends within `ms`. */
  const endsWithin = (stream: SseStream, ms = AT_ONCE_MS) =>
    Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
  /** The envelope of a REST stream's `closed` event. */
  const closedWith = (stream: SseStream) => {
    const last = stream.events.at(-1);
    expect(last?.event).toBe('closed');
    return JSON.parse(last!.data) as { success: boolean; error: string; code: string; details?: unknown };
  };
  /** The error a tRPC stream ended with. */
  const trpcError = (stream: SseStream) => {
    const last = stream.events.at(-1);
    expect(last?.event).toBe('serialized-error');
    return JSON.parse(last!.data) as { message: string; data: { httpStatus: number; errorCode: string } };
  };
  const visitorEvents = (stream: SseStream) => stream.events.filter((event) => event.event.startsWith('visitor.') || /"type":"visitor\./.test(event.data));
  const walkIn = (houseId: string, name: string) =>
    ok('POST', '/api/visitors/walk-in', { token: tokens.guard, body: { name, phone: '+15557654321', houseId, purpose: 'Delivery' } });

  beforeAll(async () => {
    test = await leg.create();
    app = await buildApp({
      db: test.db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 10_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
      clock: () => NOW,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await ok('POST', '/api/auth/signup', { body: { name: 'Ada Admin', email: 'admin@streams.example', phone: '+15551234567', password: 'secret123' } });
    await test.db.fork().nativeUpdate(User, { id: admin.user.id }, { role: 'admin' });
    tokens.admin = admin.token;
    const guard = await ok('POST', '/api/auth/signup', { body: { name: 'Gus Guard', email: 'guard@streams.example', phone: '+15551234567', password: 'secret123' } });
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const watcher = await ok('POST', '/api/auth/signup', { body: { name: 'Sam Sentinel', email: 'sentinel@streams.example', phone: '+15551234567', password: 'secret123' } });
    sentinel = { id: watcher.user.id, token: watcher.token };
    // A stream kept open for the whole file, so that the server listens to the database's
    // announcements all along (accessChangesHandled's own would be missed while it starts).
    const keeper = await ok('POST', '/api/auth/signup', { body: { name: 'Kim Keeper', email: 'keeper@streams.example', phone: '+15551234567', password: 'secret123' } });
    keeperStream = await openSse(`${base}/api/events`, { token: keeper.token });
    expect(keeperStream.status).toBe(200);
    ids.house = (await ok('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '1', block: 'S', street: 'Stream Street', ownerId: admin.user.id } })).id;
    ids.otherHouse = (await ok('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '2', block: 'S', street: 'Stream Street', ownerId: admin.user.id } })).id;
  });
  afterEach(() => {
    open.splice(0).forEach((stream) => stream.close());
  });
  afterAll(async () => {
    keeperStream?.close();
    await app?.close();
    await test?.drop();
  });

  describe('how many streams one caller keeps open', () => {
    it('keeps 3 per session: a fourth closes the oldest, which ends with 429 and a Retry-After; the others go on', async () => {
      const person = await resident(ids.house);
      const streams = [await rest(person.token), await rest(person.token), await rest(person.token)];
      const fourth = await rest(person.token);
      expect(await endsWithin(streams[0]!)).toBe(true);
      expect(closedWith(streams[0]!)).toEqual({
        success: false,
        data: null,
        error: TOO_MANY_STREAMS_MESSAGE,
        code: 'RATE_LIMITED',
        details: { reason: 'too-many-requests', seconds: 60 },
      });
      expect(app.visitorEvents.streamsOf(person.id)).toBe(3);
      const visitor = await walkIn(ids.house, 'Still Streaming');
      for (const stream of [streams[1]!, streams[2]!, fourth]) {
        const [event] = await stream.waitFor(1);
        expect(JSON.parse(event!.data)).toMatchObject({ id: visitor.id });
      }
    });

    it('counts tRPC subscriptions and REST streams together, and closes the oldest of either', async () => {
      const person = await resident(ids.house);
      const subscription = await trpc(person.token);
      await rest(person.token);
      await rest(person.token);
      const last = await rest(person.token);
      expect(await endsWithin(subscription)).toBe(true);
      expect(trpcError(subscription)).toMatchObject({ message: TOO_MANY_STREAMS_MESSAGE, data: { httpStatus: 429, errorCode: 'RATE_LIMITED' } });
      // And a subscription takes a REST stream's place the same way.
      const another = await trpc(person.token);
      expect(await endsWithin(last, 300)).toBe(false);
      expect(app.visitorEvents.streamsOf(person.id)).toBe(3);
      await walkIn(ids.house, 'Both Transports');
      expect((await another.waitFor(2)).at(-1)!.data).toContain('Both Transports');
    });

    it('keeps 5 per user over all their sessions, and no more than that from a burst of 30', async () => {
      const person = await resident(ids.house);
      const second = await login(person.email);
      const first = [await rest(person.token), await rest(person.token), await rest(person.token)];
      await rest(second);
      await rest(second);
      expect(app.visitorEvents.streamsOf(person.id)).toBe(5);
      await rest(second);
      expect(await endsWithin(first[0]!)).toBe(true);
      expect(closedWith(first[0]!).code).toBe('RATE_LIMITED');
      expect(app.visitorEvents.streamsOf(person.id)).toBe(5);

      const burst = await Promise.all(Array.from({ length: 30 }, () => openSse(`${base}/api/events`, { token: person.token })));
      open.push(...burst);
      expect(burst.every((stream) => stream.status === 200)).toBe(true);
      await expect.poll(() => app.visitorEvents.streamsOf(person.id)).toBe(5);
      // Of the burst, the session's last three are left; the rest ended.
      await expect.poll(async () => (await Promise.all(burst.map((stream) => endsWithin(stream, 50)))).filter((ended) => !ended).length).toBe(3);
    });
  });

  describe('a stream ends at once when its access goes or changes', () => {
    it('at logout: 401 over REST and tRPC; the user’s other session keeps its stream', async () => {
      const person = await resident(ids.house);
      const other = await login(person.email);
      const [restStream, subscription, otherStream] = [await rest(person.token), await trpc(person.token), await rest(other)];
      await ok('POST', '/api/auth/logout', { token: person.token });
      expect(await endsWithin(restStream)).toBe(true);
      expect(await endsWithin(subscription)).toBe(true);
      expect(closedWith(restStream)).toMatchObject({ error: 'Authentication required', code: 'UNAUTHENTICATED' });
      expect(trpcError(subscription)).toMatchObject({ data: { httpStatus: 401 } });
      expect(await endsWithin(otherStream, 300)).toBe(false);
      await walkIn(ids.house, 'After Logout');
      await otherStream.waitFor(1);
      expect(visitorEvents(restStream)).toEqual([]);
    });

    it('when the password changes: the other sessions’ streams end (401), the one that changed it goes on', async () => {
      const person = await resident(ids.house);
      const other = await login(person.email);
      const [mine, theirs] = [await rest(person.token), await rest(other)];
      await ok('POST', '/api/auth/change-password', { token: person.token, body: { currentPassword: 'secret123', newPassword: 'secret456' } });
      expect(await endsWithin(theirs)).toBe(true);
      expect(closedWith(theirs).code).toBe('UNAUTHENTICATED');
      expect(await endsWithin(mine, 300)).toBe(false);
    });

    it('when its API token is revoked (401)', async () => {
      const token = await ok('POST', '/api/api-tokens', { token: tokens.admin, body: { name: 'Lobby Screen', role: 'guard' } });
      const stream = await rest(token.token);
      const admins = await rest(tokens.admin);
      await ok('DELETE', `/api/api-tokens/${token.id}`, { token: tokens.admin });
      expect(await endsWithin(stream)).toBe(true);
      expect(closedWith(stream).code).toBe('UNAUTHENTICATED');
      // The creator's own stream is theirs, not the token's.
      expect(await endsWithin(admins, 300)).toBe(false);
    });

    it('when the user is deactivated (401), every session and token of theirs', async () => {
      const person = await resident(ids.house);
      const second = await login(person.email);
      const streams = [await rest(person.token), await trpc(second)];
      await ok('DELETE', `/api/users/${person.id}`, { token: tokens.admin });
      for (const stream of streams) expect(await endsWithin(stream)).toBe(true);
      expect(closedWith(streams[0]!).code).toBe('UNAUTHENTICATED');
      expect(trpcError(streams[1]!).data.httpStatus).toBe(401);
    });

    it('when a resident moves to another house (503: reconnect); the new stream carries the new house only', async () => {
      const person = await resident(ids.house);
      const stream = await rest(person.token);
      await ok('POST', `/api/houses/${ids.otherHouse}/residents`, { token: tokens.admin, body: { userId: person.id } });
      expect(await endsWithin(stream)).toBe(true);
      expect(closedWith(stream)).toMatchObject({ error: STREAM_ACCESS_CHANGED_MESSAGE, code: 'UNAVAILABLE' });
      const again = await rest(person.token);
      await walkIn(ids.house, 'Old House Visitor');
      await walkIn(ids.otherHouse, 'New House Visitor');
      const [event] = await again.waitFor(1);
      expect(JSON.parse(event!.data).name).toBe('New House Visitor');
      expect((await again.quiet(300)).map((seen) => JSON.parse(seen.data).name)).toEqual(['New House Visitor']);
      expect(visitorEvents(stream)).toEqual([]);
    });

    it('when an admin is demoted (503), with their API token’s (401): no other house’s visitors and no blocklist.refused after it', async () => {
      const demi = await resident();
      await ok('PUT', `/api/users/${demi.id}`, { token: tokens.admin, body: { role: 'admin' } });
      const demiToken = await ok('POST', '/api/api-tokens', { token: demi.token, body: { name: 'Demi Integration', role: 'admin' } });
      const [stream, subscription, tokenStream, control] = [await rest(demi.token), await trpc(demi.token), await rest(demiToken.token), await rest(tokens.admin)];
      await ok('PUT', `/api/users/${demi.id}`, { token: tokens.admin, body: { role: 'resident' } });
      for (const ended of [stream, subscription, tokenStream]) expect(await endsWithin(ended)).toBe(true);
      expect(closedWith(stream).error).toBe(STREAM_ACCESS_CHANGED_MESSAGE);
      expect(trpcError(subscription)).toMatchObject({ message: STREAM_ACCESS_CHANGED_MESSAGE, data: { httpStatus: 503 } });
      // The token was revoked with the demotion: no reconnecting with it.
      expect(closedWith(tokenStream).code).toBe('UNAUTHENTICATED');

      const again = await rest(demi.token);
      const visitor = await ok('POST', '/api/visitors/invite', {
        token: tokens.admin,
        body: { name: 'Barred Barry', phone: '+15550009999', houseId: ids.house, visitDate: '2026-11-22', visitTimeFrom: '11:00', visitTimeTo: '18:00' },
      });
      await ok('POST', '/api/blocklist', { token: tokens.admin, body: { name: 'Barry', phone: '+1 555 000 9999', reason: 'Threatened a guard' } });
      expect((await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id } })).status).toBe(409);
      await expect.poll(() => control.events.map((event) => event.event)).toContain('blocklist.refused');
      await again.quiet(300);
      for (const seen of [stream, subscription, tokenStream, again]) {
        expect(seen.events.map((event) => event.event)).not.toContain('blocklist.refused');
        expect(visitorEvents(seen).filter((event) => event.data.includes('Barred Barry'))).toEqual([]);
      }
    });
  });
});
