/**
 * Two server processes on one PostgreSQL: transitions stay atomic, one email makes one
 * account, the sign-in rate limits are shared (counted in PostgreSQL), and an access change
 * made through one process ends the streams held by the other at once.
 */
import { createPostgresDatabase, databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, startServer, type ServerProcess } from './support/server-process';
import { openSse, type SseStream } from './support/sse';

const legs = await databaseLegs();
const postgres = legs.some((leg) => leg.name === 'postgresql');

/**
 * The server processes keep real time, so the community's zone is chosen for it to be
 * 12:00–12:59 there now: a visit window of the whole day (00:00–23:59) and a walk-in's
 * (now to 23:59) are then hours from either end whenever the file runs.
 */
function zoneAtNoon(now = new Date()): { timeZone: string; today: string } {
  const hoursAhead = 12 - now.getUTCHours(); // -11 … 12
  // Etc/GMT-N is N hours ahead of UTC (the sign is POSIX's).
  const timeZone = hoursAhead === 0 ? 'Etc/UTC' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${Math.abs(hoursAhead)}`;
  return { timeZone, today: new Intl.DateTimeFormat('en-CA', { timeZone }).format(now) };
}
const community = zoneAtNoon();

describe.runIf(postgres)('two server processes on one PostgreSQL', () => {
  let servers: ServerProcess[] = [];
  let drop: () => Promise<void> = async () => {};
  let adminToken = '';
  let residentToken = '';
  let houseId = '';

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const env = {
      DATABASE_URL: database.url,
      COMMUNITY_TIMEZONE: community.timeZone,
      ADMIN_EMAIL: 'admin@multi.example',
      ADMIN_PASSWORD: 'secret123',
      ADMIN_NAME: 'Multi Admin',
    };
    // Both start at once: the migrations must not race.
    servers = await Promise.all([startServer(env), startServer(env)]);
    const [a] = servers;
    adminToken = (await api(a!.url, 'POST', '/api/auth/login', { body: { email: 'admin@multi.example', password: 'secret123' } })).body.data.token;
    const resident = await api(a!.url, 'POST', '/api/auth/signup', {
      body: { name: 'Multi Resident', email: 'resident@multi.example', phone: '+15551234567', password: 'secret123' },
    });
    residentToken = resident.body.data.token;
    houseId = (await api(a!.url, 'POST', '/api/houses', { token: adminToken, body: { houseNumber: '1', block: 'M', street: 'Main', ownerId: resident.body.data.user.id } })).body.data.id;
    await api(a!.url, 'POST', `/api/houses/${houseId}/residents`, { token: adminToken, body: { userId: resident.body.data.user.id } });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await drop();
  });

  it('lets exactly one of 50 concurrent check-ins, spread over both processes, succeed', async () => {
    const visitor = await api(servers[1]!.url, 'POST', '/api/visitors/invite', {
      token: residentToken,
      body: { name: 'Raced Visitor', phone: '+15557654321', houseId, visitDate: community.today, visitTimeFrom: '00:00', visitTimeTo: '23:59' },
    });
    expect(visitor.status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        api(servers[index % 2]!.url, 'POST', '/api/visitors/checkin-qr', { token: adminToken, body: { visitorId: visitor.body.data.id } }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
  });

  it('delivers an approval made through one process to a subscriber of the other within 1 s, replays it in order, and keeps houses apart', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const streams: SseStream[] = [];
    try {
      // A resident of another house, on process B too.
      const other = await api(a.url, 'POST', '/api/auth/signup', {
        body: { name: 'Other Resident', email: 'other@multi.example', phone: '+15551234567', password: 'secret123' },
      });
      expect(other.status, JSON.stringify(other.body)).toBe(201);
      const otherHouse = (await api(a.url, 'POST', '/api/houses', { token: adminToken, body: { houseNumber: '2', block: 'M', street: 'Main', ownerId: other.body.data.user.id } })).body.data.id;
      await api(a.url, 'POST', `/api/houses/${otherHouse}/residents`, { token: adminToken, body: { userId: other.body.data.user.id } });

      const adminOnB = await openSse(`${b.url}/api/events`, { token: adminToken });
      const residentOnB = await openSse(`${b.url}/api/events`, { token: residentToken });
      const otherOnB = await openSse(`${b.url}/api/events`, { token: other.body.data.token });
      streams.push(adminOnB, residentOnB, otherOnB);
      expect([adminOnB.status, residentOnB.status, otherOnB.status]).toEqual([200, 200, 200]);

      const walkIn = await api(a.url, 'POST', '/api/visitors/walk-in', {
        token: adminToken,
        body: { name: 'Cross Process', phone: '+15557654321', houseId, purpose: 'Cab' },
      });
      expect(walkIn.status).toBe(201);
      const [created] = await adminOnB.waitFor(1, 1_000);
      expect(created).toMatchObject({ event: 'visitor.created' });

      const approvedAt = Date.now();
      const approval = await api(a.url, 'POST', `/api/visitors/${walkIn.body.data.id}/approve`, { token: residentToken });
      expect(approval.status).toBe(200);
      const events = await adminOnB.waitFor(2, 1_000);
      expect(Date.now() - approvedAt).toBeLessThan(1_000);
      expect(events[1]).toMatchObject({ event: 'visitor.updated' });
      expect(JSON.parse(events[1]!.data)).toMatchObject({ id: walkIn.body.data.id, status: 'approved' });
      expect((await residentOnB.waitFor(2, 1_000)).map((event) => event.id)).toEqual(events.map((event) => event.id));

      // Missed while away: check-in and check-out through A, replayed by B in order.
      adminOnB.close();
      await api(a.url, 'POST', '/api/visitors/checkin-qr', { token: adminToken, body: { visitorId: walkIn.body.data.id } });
      await api(a.url, 'POST', '/api/visitors/checkout-qr', { token: adminToken, body: { visitorId: walkIn.body.data.id } });
      const resumed = await openSse(`${b.url}/api/events`, { token: adminToken, lastEventId: events[1]!.id! });
      streams.push(resumed);
      const missed = await resumed.waitFor(2, 2_000);
      expect(missed.map((event) => JSON.parse(event.data).status)).toEqual(['checked-in', 'checked-out']);
      expect(await resumed.quiet(300)).toHaveLength(2);

      // The other house's resident received none of it.
      expect(await otherOnB.quiet(300)).toEqual([]);
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });

  it('ends a stream on one process at once when the access changes through the other (logout: 401; a move to another house: 503)', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const streams: SseStream[] = [];
    const endsWithin = (stream: SseStream, ms: number) =>
      Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
    const closedCode = (stream: SseStream) => (JSON.parse(stream.events.at(-1)!.data) as { code: string }).code;
    try {
      const signup = await api(a.url, 'POST', '/api/auth/signup', {
        body: { name: 'Leaving Resident', email: 'leaving@multi.example', phone: '+15551234567', password: 'secret123' },
      });
      expect(signup.status).toBe(201);
      const { token, user } = signup.body.data as { token: string; user: { id: string } };
      const login = await api(a.url, 'POST', '/api/auth/login', { body: { email: 'leaving@multi.example', password: 'secret123' } });
      const onB = await openSse(`${b.url}/api/events`, { token });
      const otherOnB = await openSse(`${b.url}/api/events`, { token: login.body.data.token });
      streams.push(onB, otherOnB);
      expect([onB.status, otherOnB.status]).toEqual([200, 200]);

      expect((await api(a.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      expect(await endsWithin(onB, 1_000)).toBe(true);
      expect(onB.events.at(-1)?.event).toBe('closed');
      expect(closedCode(onB)).toBe('UNAUTHENTICATED');

      expect((await api(a.url, 'POST', `/api/houses/${houseId}/residents`, { token: adminToken, body: { userId: user.id } })).status).toBe(200);
      expect(await endsWithin(otherOnB, 1_000)).toBe(true);
      expect(closedCode(otherOnB)).toBe('UNAVAILABLE');
    } finally {
      streams.forEach((stream) => stream.close());
    }
  });

  it('creates one account from 20 concurrent sign-ups with one email', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api(servers[index % 2]!.url, 'POST', '/api/auth/signup', {
          body: { name: 'Twin Person', email: index % 3 === 0 ? 'TWIN@multi.example' : 'twin@multi.example', phone: '+15551234567', password: 'secret123' },
        }),
      ),
    );
    expect(results.filter((result) => result.status === 201)).toHaveLength(1);
    const taken = results.filter((result) => result.status === 409).map((result) => result.body.error);
    expect(taken.length).toBeGreaterThan(0);
    expect(taken).toEqual(Array<string>(taken.length).fill('Email is already registered'));
    // One address may be told "taken" at most 10 times in 15 minutes, by both processes together.
    expect(taken.length).toBeLessThanOrEqual(10);
    expect(results.every((result) => [201, 409, 429].includes(result.status))).toBe(true);
    const users = await api(servers[0]!.url, 'GET', '/api/users?q=twin', { token: adminToken });
    expect(users.body.data).toHaveLength(1);
  });

  it('shares the per-address sign-in limit between the processes', async () => {
    const results = await Promise.all(
      Array.from({ length: 130 }, (_, index) =>
        api(servers[index % 2]!.url, 'POST', '/api/auth/login', { body: { email: `nobody${index}@multi.example`, password: 'secret123' } }),
      ),
    );
    const limited = results.filter((result) => result.status === 429);
    // 60 per address per minute in all: counted per process, up to 120 would get through.
    expect(results.length - limited.length).toBeLessThanOrEqual(60);
    expect(limited.length).toBeGreaterThanOrEqual(70);
    expect(limited[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

});
