/**
 * Photos and live updates (docs/gate.md#walk-ins, docs/gate.md#live-updates) over real HTTP on both
 * database legs: the
 * photo routes' limits and types, and the event stream: who receives what, ids that
 * increase, replay with Last-Event-ID, reset for an unknown id, 401 without a token.
 */
import { applyExpiry, createMemoryAuthRateLimits, pruneVisitorEvents } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { jpegMarkers, jpegOfSize, jpegSize, SMALL_JPEG } from './support/jpeg';
import { UNLIMITED_API } from './support/limits';
import { openSse, type SseStream } from './support/sse';

const legs = await databaseLegs();

/** A real JPEG of `size` bytes (an 8×8 image padded with comments; the server keeps its own encoding). */
const jpeg = (size = SMALL_JPEG.length) => jpegOfSize(size, { filler: 'camera-comment' });

/**
 * The app's clock: a fixed instant at noon in the community's zone (UTC), so that a walk-in
 * (a pass for today, from now to 23:59) never meets the end of the day mid-test and waits
 * for a decision until the test says otherwise. The events' own times are the database's.
 */
const NOW = new Date('2026-11-22T12:00:00.000Z');

describe.each(legs)('photos and live updates on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base = '';
  const tokens = { admin: '', guard: '', resident: '', neighbour: '' };
  const ids = { house: '', otherHouse: '', resident: '' };
  const streams: SseStream[] = [];

  const call = async (method: string, path: string, options: { token?: string; body?: unknown; raw?: Buffer; type?: string } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.raw !== undefined ? { 'content-type': options.type ?? 'image/jpeg' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.raw !== undefined ? { body: options.raw } : {}),
    });
    const type = response.headers.get('content-type') ?? '';
    const body = type.startsWith('application/json') ? ((await response.json()) as { success: boolean; data: any; error: string | null }) : null;
    return { status: response.status, type, body, bytes: body ? null : Buffer.from(await response.arrayBuffer()) };
  };
  const ok = async (method: string, path: string, options: Parameters<typeof call>[2] = {}) => {
    const response = await call(method, path, options);
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body!.data;
  };
  const signup = async (name: string, email: string) =>
    ok('POST', '/api/auth/signup', { body: { name, email, phone: '+15551234567', password: 'secret123' } }) as Promise<{ token: string; user: { id: string } }>;
  const walkIn = (houseId = ids.house, name = 'Walker Inn') =>
    ok('POST', '/api/visitors/walk-in', { token: tokens.guard, body: { name, phone: '+15557654321', houseId, purpose: 'Delivery' } });
  const stream = async (token: string, lastEventId?: string) => {
    const opened = await openSse(`${base}/api/events`, { token, ...(lastEventId ? { lastEventId } : {}) });
    streams.push(opened);
    return opened;
  };

  beforeAll(async () => {
    test = await leg.create();
    app = await buildApp({
      db: test.db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
      clock: () => NOW,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signup('Ada Admin', 'admin@live.example');
    await test.db.fork().nativeUpdate(User, { id: admin.user.id }, { role: 'admin' });
    tokens.admin = admin.token;
    const guard = await signup('Gus Guard', 'guard@live.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@live.example');
    tokens.resident = resident.token;
    ids.resident = resident.user.id;
    const neighbour = await signup('Ned Neighbour', 'ned@live.example');
    tokens.neighbour = neighbour.token;
    ids.house = (await ok('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '1', block: 'L', street: 'Live Street', ownerId: resident.user.id } })).id;
    ids.otherHouse = (await ok('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '2', block: 'L', street: 'Live Street', ownerId: neighbour.user.id } })).id;
    await ok('POST', `/api/houses/${ids.house}/residents`, { token: tokens.admin, body: { userId: resident.user.id } });
    await ok('POST', `/api/houses/${ids.otherHouse}/residents`, { token: tokens.admin, body: { userId: neighbour.user.id } });
  });
  afterAll(async () => {
    streams.forEach((opened) => opened.close());
    await app?.close();
    await test?.drop();
  });

  describe('photos (docs/gate.md#walk-ins)', () => {
    it('stores a JPEG of up to 200 KB, encoded again without its metadata, and gives it to whoever may read the visitor', async () => {
      const visitor = await walkIn();
      expect(visitor.hasPhoto).toBe(false);
      expect(await call('GET', `/api/visitors/${visitor.id}/photo`, { token: tokens.admin })).toMatchObject({ status: 404, body: { error: 'Photo not found' } });
      const photo = jpeg(204_800);
      expect(jpegMarkers(photo)).toContain(0xfe);
      const stored = await ok('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: photo });
      expect(stored).toMatchObject({ id: visitor.id, hasPhoto: true, status: 'pending' });
      const kept = (await call('GET', `/api/visitors/${visitor.id}/photo`, { token: tokens.admin })).bytes!;
      // The server's own encoding: the same picture, none of the upload's comments.
      expect(jpegSize(kept)).toEqual({ width: 8, height: 8 });
      expect(jpegMarkers(kept)).not.toContain(0xfe);
      expect(kept.includes('camera-comment')).toBe(false);
      expect(kept.length).toBeLessThan(photo.length);
      for (const token of [tokens.resident, tokens.guard, tokens.admin]) {
        const got = await call('GET', `/api/visitors/${visitor.id}/photo`, { token });
        expect(got.status).toBe(200);
        expect(got.type).toBe('image/jpeg');
        expect(got.bytes!.equals(kept)).toBe(true);
      }
      expect(await call('GET', `/api/visitors/${visitor.id}/photo`, { token: tokens.neighbour })).toMatchObject({ status: 404, body: { error: 'Visitor not found' } });
      expect((await ok('GET', `/api/visitors/${visitor.id}`, { token: tokens.resident })).hasPhoto).toBe(true);
      // A second photo replaces the first.
      await ok('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.admin, raw: jpegOfSize(300, { wide: true }) });
      expect(jpegSize((await call('GET', `/api/visitors/${visitor.id}/photo`, { token: tokens.admin })).bytes!)).toEqual({ width: 16, height: 8 });
      const audit = await ok('GET', `/api/audit?targetId=${visitor.id}&action=visitor.photo-added`, { token: tokens.admin });
      expect(audit).toHaveLength(2);
    });

    it('refuses other types (415), non-JPEG bytes and more than 204,800 bytes (400), in the photo’s words', async () => {
      const visitor = await walkIn();
      const message = 'Photo must be a JPEG of at most 200 KB';
      // 400 VALIDATION_FAILED naming the photo (docs/api.md#error-codes), whether the server's body
      // limit or the procedure refuses it.
      const refusedPhoto = { status: 400, body: { error: message, code: 'VALIDATION_FAILED', details: [{ path: 'jpeg', message }] } };
      expect(await call('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: jpeg(204_801) })).toMatchObject(refusedPhoto);
      expect(await call('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: Buffer.from('GIF89a not a jpeg') })).toMatchObject(refusedPhoto);
      const wrongType = { status: 415, body: { error: message, code: 'UNSUPPORTED_MEDIA_TYPE' } };
      expect(await call('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: jpeg(), type: 'image/png' })).toMatchObject(wrongType);
      expect(await call('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, body: { jpeg: 'x' } })).toMatchObject(wrongType);
      expect(await call('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard })).toMatchObject(wrongType);
      expect(await call('PUT', '/api/visitors/00000000-0000-4000-8000-000000000000/photo', { token: tokens.guard, raw: jpeg() })).toMatchObject({ status: 404, body: { error: 'Visitor not found' } });
      expect((await ok('GET', `/api/visitors/${visitor.id}`, { token: tokens.admin })).hasPhoto).toBe(false);
      // The 100 KB limit still holds for JSON.
      expect((await call('POST', '/api/visitors/walk-in', { token: tokens.guard, body: { name: 'x'.repeat(110_000) } })).status).toBe(413);
    });

    it('takes a photo only while the visitor is pending or approved (409 naming the status)', async () => {
      const visitor = await walkIn();
      await ok('POST', `/api/visitors/${visitor.id}/approve`, { token: tokens.resident });
      await ok('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: jpeg() });
      await ok('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id } });
      expect(await call('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: jpeg() })).toMatchObject({
        status: 409,
        body: { error: 'A photo can be added only while the visitor is pending or approved: status is checked-in', code: 'INVALID_TRANSITION' },
      });
    });
  });

  describe('the event stream (docs/gate.md#live-updates)', () => {
    it('answers 401 in the JSON envelope without a valid token', async () => {
      const refused = await openSse(`${base}/api/events`, { token: 'not-a-token' });
      expect(refused.status).toBe(401);
      expect(refused.error).toMatchObject({ success: false, data: null, error: 'Authentication required', code: 'UNAUTHENTICATED' });
      expect((await openSse(`${base}/api/events`)).status).toBe(401);
    });

    it('sends each reader the events of the visitors they may read, as they happen, with increasing ids', async () => {
      const [resident, neighbour, guard] = [await stream(tokens.resident), await stream(tokens.neighbour), await stream(tokens.guard)];
      expect(resident.status).toBe(200);
      expect(resident.contentType).toMatch(/^text\/event-stream/);
      const visitor = await walkIn(ids.house, 'Stream Walker');
      const [created] = await resident.waitFor(1);
      expect(created).toMatchObject({ event: 'visitor.created' });
      expect(JSON.parse(created!.data)).toMatchObject({ id: visitor.id, status: 'pending', kind: 'walk-in', hostId: null });
      await ok('PUT', `/api/visitors/${visitor.id}/photo`, { token: tokens.guard, raw: jpeg() });
      await ok('POST', `/api/visitors/${visitor.id}/approve`, { token: tokens.resident });
      const events = await resident.waitFor(3);
      expect(events.map((event) => event.event)).toEqual(['visitor.created', 'visitor.updated', 'visitor.updated']);
      expect(JSON.parse(events[1]!.data)).toMatchObject({ status: 'pending', hasPhoto: true });
      expect(JSON.parse(events[2]!.data)).toMatchObject({ status: 'approved', hostId: { id: ids.resident, name: 'Rita Resident' }, decidedBy: { id: ids.resident } });
      const numbers = events.map((event) => BigInt(event.id!));
      expect(numbers[1]! > numbers[0]! && numbers[2]! > numbers[1]!).toBe(true);
      // The guard sees the same; another house's resident sees nothing of it.
      expect((await guard.waitFor(3)).map((event) => event.id)).toEqual(events.map((event) => event.id));
      await walkIn(ids.otherHouse, 'Other Walker');
      const [neighbourEvent] = await neighbour.waitFor(1);
      expect(JSON.parse(neighbourEvent!.data).name).toBe('Other Walker');
      // Nothing more reached the resident; the neighbour got that one event only.
      expect(await resident.quiet(300)).toHaveLength(3);
      expect(neighbour.events.map((event) => JSON.parse(event.data).name)).toEqual(['Other Walker']);
      expect(resident.comments).toContain('connected');
    });

    it('replays what a reconnect missed, each visitor as it was at that event, and resets an unknown id', async () => {
      const first = await stream(tokens.admin);
      const visitor = await walkIn(ids.house, 'Replay Walker');
      const [seen] = await first.waitFor(1);
      first.close();
      await ok('POST', `/api/visitors/${visitor.id}/approve`, { token: tokens.admin });
      await ok('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id } });
      await ok('POST', '/api/visitors/checkout-qr', { token: tokens.guard, body: { visitorId: visitor.id } });

      const resumed = await stream(tokens.admin, seen!.id!);
      const missed = await resumed.waitFor(3);
      expect(missed.map((event) => JSON.parse(event.data).status)).toEqual(['approved', 'checked-in', 'checked-out']);
      expect(missed.every((event) => BigInt(event.id!) > BigInt(seen!.id!))).toBe(true);
      expect(await resumed.quiet(300)).toHaveLength(3);
      // A resident's replay holds only their house's visitors.
      const residentResumed = await stream(tokens.neighbour, seen!.id!);
      expect(await residentResumed.quiet(300)).toEqual([]);

      for (const unknown of ['999999999', 'garbage']) {
        const reset = await stream(tokens.admin, unknown);
        const [event] = await reset.waitFor(1);
        expect(event).toMatchObject({ event: 'reset', id: null });
      }
      // Live events still follow a replay.
      await walkIn(ids.house, 'After Replay');
      expect(JSON.parse((await resumed.waitFor(4))[3]!.data).name).toBe('After Replay');
    });

    it('tells subscribers when an undecided walk-in expires (the sweep)', async () => {
      const admin = await stream(tokens.admin);
      const visitor = await walkIn(ids.house, 'Timed Out');
      await admin.waitFor(1);
      // Its time to decide has passed (as if ten minutes went by); the sweep expires it, and
      // nothing else (every other walk-in may still be decided at NOW).
      await test.db.fork().execute(`update visitor_invitation set decide_by = ? where id = ?`, [new Date(NOW.getTime() - 60_000), visitor.id]);
      expect(await applyExpiry(test.db.fork(), { now: NOW, timeZone: 'UTC' })).toBe(1);
      await expect
        .poll(() => admin.events.map((event) => JSON.parse(event.data) as { id: string; status: string }).filter((seen) => seen.id === visitor.id).at(-1)?.status)
        .toBe('expired');
    });

    it('tells the admins at once when the gate refuses a blocklisted visitor (docs/operations.md#blocklist), and no one else', async () => {
      const [admin, guard, resident] = [await stream(tokens.admin), await stream(tokens.guard), await stream(tokens.resident)];
      const visitor = await ok('POST', '/api/visitors/invite', {
        token: tokens.resident,
        body: { name: 'Barred Barry', phone: '+15550009999', houseId: ids.house, visitDate: '2026-11-22', visitTimeFrom: '11:00', visitTimeTo: '18:00' },
      });
      await ok('POST', '/api/blocklist', { token: tokens.admin, body: { name: 'Barry', phone: '+1 555 000 9999', reason: 'Threatened a guard' } });
      const adminBefore = (await admin.waitFor(1)).length;
      const guardBefore = (await guard.waitFor(1)).length;
      expect(await call('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id } })).toMatchObject({ status: 409 });
      const events = await admin.waitFor(adminBefore + 1);
      expect(events.at(-1)).toMatchObject({ event: 'blocklist.refused', id: null });
      // Who it was is in the admins' notifications, not on the stream.
      expect(events.at(-1)!.data).toBe('{}');
      expect((await guard.quiet(300)).slice(guardBefore).map((event) => event.event)).toEqual([]);
      expect(resident.events.map((event) => event.event)).not.toContain('blocklist.refused');
    });

    it('prunes events older than a day', async () => {
      await walkIn(ids.house, 'Old News');
      const em = test.db.fork();
      await em.execute(`update visitor_event set created_at = now() - interval '25 hours' where id in (select id from visitor_event order by id desc limit 1)`);
      const before = Number((await em.execute<{ n: string }[]>('select count(*) as n from visitor_event'))[0]!.n);
      expect(await pruneVisitorEvents(em)).toBe(1);
      expect(Number((await em.execute<{ n: string }[]>('select count(*) as n from visitor_event'))[0]!.n)).toBe(before - 1);
    });
  });
});
