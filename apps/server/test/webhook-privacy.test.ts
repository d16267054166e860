/**
 * What webhooks give away, end to end on both databases (the real app and its job queue
 * POST to a receiver on 127.0.0.1):
 * - a delivery's body carries the visitor without the pass (no `qrCodeToken`, `passCode`,
 *   `qrCodeDataUrl`): a receiver cannot walk in with what it was sent; a body kept with
 *   the pass before is resent without it;
 * - a URL's user name, password, query values and fragment are masked wherever the API
 *   shows it (create, list, update), the deliveries still go to the real URL, and an update
 *   sending the masked URL back keeps the stored secrets;
 * - after an erase, a resend of an earlier delivery carries none of the visitor's personal
 *   data (name, phone, plate, purpose, the gate's reason).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { createMemoryAuthRateLimits } from '@gatehouse/api';
import { User } from '@gatehouse/db';
import { databaseLegs, type TestDatabase } from '@gatehouse/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../src/app';
import { UNLIMITED_API } from './support/limits';

const legs = await databaseLegs();

/** Noon in the community's zone (UTC). */
const NOW = new Date('2026-11-22T12:00:00.000Z');

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.each(legs)('webhook privacy on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base = '';
  let receiverUrl = '';
  const received: Received[] = [];
  const tokens = { admin: '', guard: '' };
  let houseId = '';

  const receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });

  const call = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, text: await response.text() };
  };
  const ok = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await call(method, path, options);
    expect(response.status, response.text).toBeLessThan(300);
    return (JSON.parse(response.text) as { data: any }).data;
  };
  const signup = async (name: string, email: string) =>
    ok('POST', '/api/auth/signup', { body: { name, email, phone: '+15551234567', password: 'secret123' } }) as Promise<{ token: string; user: { id: string } }>;
  /** Waits until `count` messages reached a path starting with `prefix`; returns them. */
  const messagesAt = async (prefix: string, count: number, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = received.filter((message) => message.path.startsWith(prefix));
      if (messages.length >= count) return messages;
      if (Date.now() > deadline) throw new Error(`expected ${count} messages at ${prefix}, got ${messages.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    test = await leg.create();
    app = await buildApp({
      db: test.db,
      service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7, webhookAllowPrivate: true },
      rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
      apiRateLimits: UNLIMITED_API,
      clock: () => NOW,
      webhooks: { retryDelaysMs: [300], jitter: 0, pollIntervalSeconds: 1 },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signup('Ada Admin', 'admin@hook-privacy.example');
    await test.db.fork().nativeUpdate(User, { id: admin.user.id }, { role: 'admin' });
    tokens.admin = admin.token;
    const guard = await signup('Gus Guard', 'guard@hook-privacy.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@hook-privacy.example');
    houseId = (await ok('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '3', block: 'P', street: 'Private Lane', ownerId: resident.user.id } })).id;
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('sends the visitor without the pass: no token, code or QR image in the body', async () => {
    await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `${receiverUrl}/passes`, events: ['visitor.created'] } });
    const invited = await ok('POST', '/api/visitors/walk-in', {
      token: tokens.guard,
      body: { name: 'Paula Pass', phone: '+15550007777', houseId, purpose: 'Delivery' },
    });
    const [message] = await messagesAt('/passes', 1);
    const body = JSON.parse(message!.body) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ id: invited.id, name: 'Paula Pass', status: 'pending' });
    for (const field of ['qrCodeToken', 'passCode', 'qrCodeDataUrl']) expect(body.data, field).not.toHaveProperty(field);
    for (const secret of [invited.qrCodeToken, invited.passCode, invited.qrCodeDataUrl]) expect(message!.body).not.toContain(secret);
    // The kept body too (resends send it again).
    const kept = JSON.stringify(await test.db.fork().execute('select payload from webhook_delivery'));
    expect(kept).not.toContain(invited.qrCodeToken);
    expect(kept).not.toContain('qrCodeDataUrl');
  });

  it('resends a body kept with the pass (before deliveries left it out) without it', async () => {
    const webhook = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `${receiverUrl}/legacy`, events: ['visitor.updated'] } });
    const deliveryId = '0b6a4d52-4f4e-4a4e-9d8e-0c3f6f0a1b2c';
    const legacy = { id: deliveryId, type: 'visitor.updated', occurredAt: NOW.toISOString(), data: { id: 'v-1', name: 'Old Body', qrCodeToken: 'legacy-token-value', passCode: '918273', qrCodeDataUrl: 'data:image/png;base64,legacy' } };
    await test.db.fork().execute(
      `insert into webhook_delivery (community_id, id, webhook_id, event_type, event_id, payload, status, attempts, created_at)
       values ((select id from community order by created_at, id limit 1), ?, ?, 'visitor.updated', 1, ?::jsonb, 'delivered', 1, now())`,
      [deliveryId, webhook.id, JSON.stringify(legacy)],
    );
    await ok('POST', `/api/webhooks/${webhook.id}/deliveries/${deliveryId}/resend`, { token: tokens.admin });
    const [message] = await messagesAt('/legacy', 1);
    expect(JSON.parse(message!.body)).toEqual({ ...legacy, data: { id: 'v-1', name: 'Old Body' } });
  });

  it('masks the URL’s user name, password, query values and fragment for every admin, and still delivers to the real URL', async () => {
    const url = `${receiverUrl.replace('http://', 'http://hook-user:hook-pass@')}/masked?token=s3cret-value&channel=gate#frag`;
    const created = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url, events: ['visitor.created'], description: 'Masked' } });
    const masked = `${receiverUrl.replace('http://', 'http://***:***@')}/masked?token=***&channel=***#***`;
    expect(created.url).toBe(masked);
    const listed = await call('GET', '/api/webhooks', { token: tokens.admin });
    expect(listed.text).not.toContain('s3cret-value');
    expect(listed.text).not.toContain('hook-pass');
    expect((JSON.parse(listed.text) as { data: Array<{ id: string; url: string }> }).data.find((item) => item.id === created.id)?.url).toBe(masked);

    // The edit form sends the masked URL back with another change: the secrets stay.
    const updated = await ok('PUT', `/api/webhooks/${created.id}`, { token: tokens.admin, body: { url: masked, description: 'Renamed' } });
    expect(updated).toMatchObject({ url: masked, description: 'Renamed' });
    const [stored] = await test.db.fork().execute<{ url: string }[]>('select url from webhook where id = ?', [created.id]);
    expect(stored!.url).toBe(url);
    // A new path keeps the masked parts too; a new host does not get them.
    await ok('PUT', `/api/webhooks/${created.id}`, { token: tokens.admin, body: { url: masked.replace('/masked?', '/masked-2?') } });
    const [moved] = await test.db.fork().execute<{ url: string }[]>('select url from webhook where id = ?', [created.id]);
    expect(moved!.url).toBe(url.replace('/masked?', '/masked-2?'));

    await ok('POST', '/api/visitors/walk-in', { token: tokens.guard, body: { name: 'Mask Tester', phone: '+15550008888', houseId } });
    const [message] = await messagesAt('/masked-2', 1);
    expect(message!.path).toBe('/masked-2?token=s3cret-value&channel=gate');
    expect(message!.headers.authorization).toBe(`Basic ${Buffer.from('hook-user:hook-pass').toString('base64')}`);
  });

  it('resends an erased visitor’s earlier delivery without their personal data', async () => {
    const webhook = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `${receiverUrl}/erased`, events: ['visitor.updated'] } });
    const visitor = await ok('POST', '/api/visitors/walk-in', {
      token: tokens.guard,
      body: { name: 'Erin Erasable', phone: '+15550009999', houseId, purpose: 'Erin’s parcel', vehicleLicensePlate: 'ERA 5E' },
    });
    await ok('POST', `/api/visitors/${visitor.id}/approve`, { token: tokens.guard, body: { reason: 'Erin’s sister confirmed on the intercom' } });
    const [approval] = await messagesAt('/erased', 1);
    expect(approval!.body).toContain('Erin');
    const deliveries = (await ok('GET', `/api/webhooks/${webhook.id}/deliveries`, { token: tokens.admin })) as Array<{ id: string }>;
    const first = deliveries.at(-1)!;

    await ok('POST', `/api/visitors/${visitor.id}/erase`, { token: tokens.admin });
    await messagesAt('/erased', 2);
    await ok('POST', `/api/webhooks/${webhook.id}/deliveries/${first.id}/resend`, { token: tokens.admin });
    const messages = await messagesAt('/erased', 3);
    const resent = messages.find((message, index) => index > 0 && message.headers['webhook-id'] === first.id);
    expect(resent, 'the resent delivery').toBeDefined();
    for (const removed of ['Erin', 'Erasable', '5550009999', 'ERA 5E', 'parcel', 'intercom']) expect(resent!.body, removed).not.toContain(removed);
    expect(JSON.parse(resent!.body)).toMatchObject({ data: { id: visitor.id, name: 'Visitor', phone: null, vehicleLicensePlate: null, decisionReason: null } });
  });
});
