/**
 * A recurring pass's host told when its holder arrives and leaves, on both databases: off by
 * default (no notification on a check-in or check-out); turned on at creation or by an
 * update, each check-in and check-out writes one notification for the host alone, about
 * the pass (its page), also for moves replayed from a tablet's queue; a refused check-in
 * writes none (the notification belongs to the entry's transaction); turned off, none
 * again. With Web Push, the host's device gets it, opening the pass. And the community's
 * name the pass card prints comes with the settings the web app reads.
 */
import { createECDH, randomBytes } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

import { databaseLegs } from '@gatehouse/db/testing';
import type { CreatePassRequest } from '@gatehouse/shared';
import ece from 'http_ece';
import { generate } from 'selfsigned';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PushDispatcher } from '../src/services/web-push';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
// Sunday 2026-11-22 09:00 in New York.
const START = new Date('2026-11-22T14:00:00.000Z');
/** The instant of a New York wall-clock time in November 2026 (UTC−5). */
const nyc = (date: string, time: string) => new Date(`${date}T${time}:00.000-05:00`);

describe.each(legs)('arrival notifications of recurring passes on $name', (leg) => {
  let h: Harness;
  let c: Community;
  let housemate: { token: string; id: string };

  beforeAll(async () => {
    h = await createHarness(leg, { now: START });
    c = await h.community();
    housemate = await h.signup('resident', 'Hana Housemate', 'hana@test.example');
    await h.caller(c.admin.token).houses.addResident({ id: c.houseId, userId: housemate.id });
  });
  afterAll(() => h?.close());

  const at = (instant: Date) => {
    h.now = instant;
  };
  /** Every day 08:00-18:00 from Monday 2026-11-23, hosted by Rita (the house's resident). */
  const create = (extra: Partial<CreatePassRequest> = {}) =>
    h.caller(c.resident.token).passes.create({
      name: 'Maria Helper',
      phone: '+15550001234',
      houseId: c.houseId,
      weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      timeFrom: '08:00',
      timeTo: '18:00',
      startDate: '2026-11-23',
      endDate: '2026-12-31',
      ...extra,
    });
  const guard = () => h.caller(c.guard.token);
  /** The host's notifications about `passId`, oldest first. */
  const aboutPass = async (token: string, passId: string) =>
    (await h.caller(token).notifications.list({ limit: 100 })).items.filter((item) => item.visitor.id === passId).reverse();

  it('gives the community’s name with the settings (the pass card prints it)', async () => {
    expect((await h.caller(c.resident.token).visitors.settings()).communityName).toBe('My Community');
    const config = h.config;
    h.config = { ...config, communityName: 'Palm Grove Residency' };
    try {
      expect(await h.caller(c.guard.token).visitors.settings()).toMatchObject({ communityName: 'Palm Grove Residency', timeZone: 'America/New_York' });
    } finally {
      h.config = config;
    }
    expect((await failure(h.caller().visitors.settings())).status).toBe(401);
  });

  it('is off by default: a check-in and a check-out tell nobody', async () => {
    at(START);
    const pass = await create({ name: 'Quiet Quentin' });
    expect(pass.notifyOnArrival).toBe(false);
    expect((await h.caller(c.resident.token).passes.byId({ id: pass.id })).notifyOnArrival).toBe(false);
    at(nyc('2026-11-23', '09:00'));
    await guard().visitors.checkIn({ visitorId: pass.id });
    await guard().visitors.checkOut({ visitorId: pass.id });
    for (const token of [c.resident.token, housemate.token, c.admin.token, c.guard.token]) {
      expect(await aboutPass(token, pass.id)).toEqual([]);
    }
  });

  it('tells the host alone of each arrival and departure, about the pass', async () => {
    at(START);
    const pass = await create({ name: 'Arriving Ana', notifyOnArrival: true });
    expect(pass.notifyOnArrival).toBe(true);
    at(nyc('2026-11-23', '09:05'));
    await guard().visitors.checkIn({ visitorId: pass.id });
    const afterIn = await aboutPass(c.resident.token, pass.id);
    expect(afterIn).toEqual([
      {
        id: expect.any(String),
        kind: 'visitor.checked-in',
        target: 'pass',
        createdAt: expect.any(String),
        readAt: null,
        visitor: { id: pass.id, name: 'Arriving Ana', status: 'active', house: { id: c.houseId, houseNumber: '101', block: 'A' } },
      },
    ]);
    at(nyc('2026-11-23', '12:30'));
    await guard().visitors.checkOut({ visitorId: pass.id });
    // A second visit the same day: in and out again, two more.
    at(nyc('2026-11-23', '15:00'));
    await guard().visitors.checkIn({ visitorId: pass.id });
    await guard().visitors.checkOut({ visitorId: pass.id });
    expect((await aboutPass(c.resident.token, pass.id)).map((item) => item.kind)).toEqual([
      'visitor.checked-in',
      'visitor.checked-out',
      'visitor.checked-in',
      'visitor.checked-out',
    ]);
    expect((await h.caller(c.resident.token).notifications.count()).unread).toBeGreaterThanOrEqual(4);
    // Not the housemate (who did not ask), nor staff, nor another house.
    for (const token of [housemate.token, c.neighbour.token, c.admin.token, c.guard.token]) {
      expect(await aboutPass(token, pass.id)).toEqual([]);
    }
  });

  it('writes nothing for a refused check-in, and follows moves replayed from a tablet', async () => {
    at(START);
    const pass = await create({ name: 'Replayed Rosa', notifyOnArrival: true });
    // 19:00: after the daily window, refused (409); no notification outlives the refusal.
    at(nyc('2026-11-23', '19:00'));
    expect((await failure(guard().visitors.checkIn({ visitorId: pass.id }))).status).toBe(409);
    expect(await aboutPass(c.resident.token, pass.id)).toEqual([]);
    // Recorded offline at 17:30 and 17:50, uploaded at 19:00.
    await guard().visitors.checkIn({ visitorId: pass.id, occurredAt: '2026-11-23T17:30:00-05:00' });
    await guard().visitors.checkOut({ visitorId: pass.id, occurredAt: '2026-11-23T17:50:00-05:00' });
    expect((await aboutPass(c.resident.token, pass.id)).map((item) => item.kind)).toEqual(['visitor.checked-in', 'visitor.checked-out']);
  });

  it('is turned on and off on the pass (an update), by the host or an admin', async () => {
    at(START);
    const pass = await create({ name: 'Toggled Tomas' });
    const on = await h.caller(c.resident.token).passes.update({ id: pass.id, notifyOnArrival: true });
    expect(on).toMatchObject({ id: pass.id, notifyOnArrival: true, name: 'Toggled Tomas', timeFrom: '08:00' });
    at(nyc('2026-11-24', '10:00'));
    await guard().visitors.checkIn({ visitorId: pass.id });
    expect((await aboutPass(c.resident.token, pass.id)).map((item) => item.kind)).toEqual(['visitor.checked-in']);
    // Off again: the departure tells nobody.
    expect((await h.caller(c.admin.token).passes.update({ id: pass.id, notifyOnArrival: false })).notifyOnArrival).toBe(false);
    await guard().visitors.checkOut({ visitorId: pass.id });
    expect((await aboutPass(c.resident.token, pass.id)).map((item) => item.kind)).toEqual(['visitor.checked-in']);
    // The audit row names the field changed; a value that is not true or false is a 400.
    const actions = (await h.caller(c.admin.token).audit.list({ targetId: pass.id, limit: 100 })).items;
    expect(actions.filter((item) => item.action === 'pass.updated')).toHaveLength(2);
    expect(
      (await failure(h.caller(c.resident.token).passes.update({ id: pass.id, notifyOnArrival: 'yes' } as never))).status,
    ).toBe(400);
    // Guards may not change a pass; another house's resident does not find it.
    expect((await failure(guard().passes.update({ id: pass.id, notifyOnArrival: true }))).status).toBe(403);
    expect((await failure(h.caller(c.neighbour.token).passes.update({ id: pass.id, notifyOnArrival: true }))).status).toBe(404);
  });

  it('pushes the arrival to the host’s device, opening the pass', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      curve: 'P-256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    const received: Buffer[] = [];
    const server = https.createServer({ cert: pems.cert, key: pems.private }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(Buffer.concat(chunks));
        response.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const dispatcher = new PushDispatcher(h.test.db, { ...webpush.generateVAPIDKeys(), subject: 'mailto:gate@test.example' }, { agent: new https.Agent({ ca: pems.cert }) });
    try {
      await dispatcher.start();
      await dispatcher.idle();
      received.length = 0;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      await h.caller(c.resident.token).notifications.subscribePush({
        endpoint: `https://127.0.0.1:${port}/push/phone`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      });
      at(START);
      const pass = await create({ name: 'Pushed Paula Longname', notifyOnArrival: true });
      at(nyc('2026-11-25', '08:30'));
      await guard().visitors.checkIn({ visitorId: pass.id });
      await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      await dispatcher.idle();
      const payload = JSON.parse(ece.decrypt(received[0]!, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8'));
      expect(payload).toEqual({
        title: 'Your visitor has arrived',
        body: 'Pushed checked in for House 101 · Block A.',
        url: `/passes/${pass.id}`,
        tag: `visitor.checked-in:${pass.id}`,
      });
    } finally {
      await dispatcher.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
