/**
 * Notifications (docs/gate.md#notifications), on both databases: a walk-in waiting for a house
 * notifies
 * each of its active residents; a host is notified when their visitor checks in and out;
 * each kind can be turned off; everyone sees and marks only their own. Web Push: with
 * VAPID keys, the dispatcher sends each notification once to each of the user's devices,
 * at a local push service over HTTPS, with only the first name and the house in the
 * (encrypted) payload; a device the service answers 410 for is forgotten.
 */
import { createECDH, randomBytes } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

import { databaseLegs } from '@gatehouse/db/testing';
import ece from 'http_ece';
import { generate } from 'selfsigned';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PushDispatcher } from '../src/services/web-push';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** A push service on loopback over HTTPS: records each message and answers `status`. */
async function fakePushService() {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const received: { path: string; headers: Record<string, unknown>; body: Buffer }[] = [];
  let status = 201;
  const server = https.createServer({ cert: pems.cert, key: pems.private }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `https://127.0.0.1:${port}${path}`,
    agent: new https.Agent({ ca: pems.cert }),
    received,
    answer: (next: number) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: the keys it would send, and how to read what arrives. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    read: (body: Buffer) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8')) as Record<string, string>,
  };
}

describe.each(legs)('notifications on $name', (leg) => {
  let h: Harness;
  let c: Community;
  let housemate: { token: string; id: string };

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    housemate = await h.signup('resident', 'Hana Housemate', 'hana@test.example');
    await h.caller(c.admin.token).houses.addResident({ id: c.houseId, userId: housemate.id });
  });
  afterAll(() => h?.close());

  const walkIn = (name: string, houseId = c.houseId) =>
    h.caller(c.guard.token).visitors.walkIn({ name, phone: '+15557654321', houseId, purpose: 'Delivery' });

  /** A house of its own with two residents who have no notifications yet (the other tests' walk-ins go to house 101). */
  const household = async (houseNumber: string, [first, second]: [string, string]) => {
    const residents = [
      await h.signup('resident', `${first} Resident`, `${first.toLowerCase()}@test.example`),
      await h.signup('resident', `${second} Resident`, `${second.toLowerCase()}@test.example`),
    ] as const;
    const house = await h.caller(c.admin.token).houses.create({ houseNumber, block: 'N', street: 'Notice Lane', ownerId: residents[0].id });
    for (const user of residents) await h.caller(c.admin.token).houses.addResident({ id: house.id, userId: user.id });
    return { house, residents };
  };

  it('asks every active resident of the house about a walk-in, and nobody else', async () => {
    const { house, residents } = await household('303', ['Wes', 'Willa']);
    const elsewhere = (await h.caller(c.resident.token).notifications.count()).total;
    const visitor = await walkIn('Wanda Waiting', house.id);
    for (const { token } of residents) {
      const list = await h.caller(token).notifications.list({});
      expect(list.unread).toBe(1);
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({
        kind: 'walk-in.waiting',
        readAt: null,
        visitor: { id: visitor.id, name: 'Wanda Waiting', status: 'pending', house: { id: house.id, houseNumber: '303' } },
      });
    }
    expect((await h.caller(c.resident.token).notifications.count()).total).toBe(elsewhere);
    for (const token of [c.neighbour.token, c.guard.token, c.admin.token]) {
      expect((await h.caller(token).notifications.count()).total).toBe(0);
    }
  });

  it('tells the host when their visitor checks in and out, and marks read only the caller’s own', async () => {
    const {
      house,
      residents: [host, mate],
    } = await household('404', ['Hugo', 'Mia']);
    // One notification for both (a walk-in waiting), then the host's visitor comes and goes.
    await walkIn('Walter Waiting', house.id);
    const invitation = await h.caller(host.token).visitors.invite({
      name: 'Ivan Invited', phone: '+15557654321', houseId: house.id, visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00',
    });
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: invitation.id });
    await h.caller(c.guard.token).visitors.checkOut({ visitorId: invitation.id });
    const mine = await h.caller(host.token).notifications.list({});
    expect(mine.items.map((item) => item.kind).sort()).toEqual(['visitor.checked-in', 'visitor.checked-out', 'walk-in.waiting']);
    expect(mine.items.slice(0, 2).map((item) => item.kind).sort()).toEqual(['visitor.checked-in', 'visitor.checked-out']);
    expect(mine.unread).toBe(3);
    // The housemate did not host it.
    const theirs = await h.caller(mate.token).notifications.list({});
    expect(theirs.items.map((item) => item.kind)).toEqual(['walk-in.waiting']);
    // Another user's ids are ignored; the caller's own are marked.
    expect(await h.caller(host.token).notifications.markRead({ ids: [theirs.items[0]!.id] })).toEqual({ unread: 3 });
    expect(await h.caller(host.token).notifications.markRead({ ids: [mine.items[0]!.id] })).toEqual({ unread: 2 });
    expect(await h.caller(host.token).notifications.markRead({})).toEqual({ unread: 0 });
    expect((await h.caller(mate.token).notifications.count()).unread).toBe(1);
    expect((await failure(h.caller().notifications.count())).status).toBe(401);
  });

  it('lets each kind be turned off, per user', async () => {
    const settings = await h.caller(housemate.token).notifications.settings();
    expect(settings).toEqual({ walkIns: true, checkIns: true, checkOuts: true, webPush: { available: false, publicKey: null } });
    expect(await h.caller(housemate.token).notifications.updateSettings({ walkIns: false, checkIns: true, checkOuts: true })).toMatchObject({ walkIns: false });
    const before = (await h.caller(housemate.token).notifications.count()).total;
    await walkIn('Quiet Walker');
    expect((await h.caller(housemate.token).notifications.count()).total).toBe(before);
    expect((await h.caller(c.resident.token).notifications.list({})).items[0]).toMatchObject({ kind: 'walk-in.waiting', visitor: { name: 'Quiet Walker' } });
    expect((await failure(h.caller(housemate.token).notifications.updateSettings({ walkIns: 'no' } as never))).status).toBe(400);
  });

  it('pushes each notification once to each of the user’s devices, with the first name and the house only', async () => {
    const service = await fakePushService();
    const vapid = webpush.generateVAPIDKeys();
    const dispatchers = [0, 1].map(
      () => new PushDispatcher(h.test.db, { ...vapid, subject: 'mailto:gate@test.example' }, { agent: service.agent }),
    );
    try {
      // Two dispatchers, as two server processes: each message is sent once.
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.start()));
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.idle()));
      service.received.length = 0;
      const phone = device();
      const tablet = device();
      await h.caller(c.resident.token).notifications.subscribePush({ endpoint: service.url('/push/phone'), keys: phone.keys });
      await h.caller(c.resident.token).notifications.subscribePush({ endpoint: service.url('/push/tablet'), keys: tablet.keys });
      expect((await failure(h.caller(c.resident.token).notifications.subscribePush({ endpoint: 'http://127.0.0.1/x', keys: phone.keys }))).status).toBe(400);

      const visitor = await walkIn('Pushkin Alexander Sergeyevich');
      await expect.poll(() => service.received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.idle()));
      const paths = service.received.map((message) => message.path).sort();
      expect(paths).toEqual(['/push/phone', '/push/tablet']);
      const message = service.received.find((entry) => entry.path === '/push/phone')!;
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(String(message.headers.authorization)).toMatch(/^vapid t=/);
      const payload = phone.read(message.body);
      expect(payload).toEqual({
        title: 'A visitor is waiting at the gate',
        body: 'Pushkin at the gate for House 101 · Block A: approve or deny.',
        url: `/visitors/${visitor.id}`,
        tag: `walk-in.waiting:${visitor.id}`,
      });
      expect(JSON.stringify(payload)).not.toMatch(/Sergeyevich|5557654321/);

      // A device the push service no longer knows is forgotten.
      service.answer(410);
      service.received.length = 0;
      await walkIn('Gone Device');
      await expect.poll(() => service.received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.idle()));
      const left = await h.em().execute<{ n: string }[]>('select count(*) as n from push_subscription');
      expect(Number(left[0]!.n)).toBe(0);
    } finally {
      await Promise.all(dispatchers.map((dispatcher) => dispatcher.close()));
      await service.close();
    }
  });
});
