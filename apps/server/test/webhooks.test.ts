/**
 * Webhooks end to end (docs/api.md#webhooks) on both database legs: the real app with its job
 * queue (pg-boss) POSTs visitor events to a receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE),
 * signed the Standard Webhooks way (checked here with node:crypto alone); a 500 is retried
 * with the same webhook-id; a resend sends the same message again; a receiver that is not
 * there is recorded as a network error; pg-boss's schema stays out of the ORM's.
 */
import { createHmac } from 'node:crypto';
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

/** Noon in the community's zone (UTC): a walk-in can be checked in until 23:59. */
const NOW = new Date('2026-11-22T12:00:00.000Z');

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Verifies a Standard Webhooks signature independently of the server's code. */
function expectSignedBy(secret: string, message: Received) {
  const id = String(message.headers['webhook-id']);
  const timestamp = String(message.headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  expect(key).toHaveLength(24);
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest('base64');
  expect(String(message.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
}

describe.each(legs)('webhooks on $name', (leg) => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let base = '';
  let receiverUrl = '';
  const received: Received[] = [];
  /** Statuses the receiver answers next, per path (then 200). */
  const plan = new Map<string, number[]>();
  const tokens = { admin: '', guard: '' };
  let houseId = '';

  const receiver = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      const status = plan.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
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
    return { status: response.status, body: (await response.json()) as { success: boolean; data: any; error: string | null } };
  };
  const ok = async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await call(method, path, options);
    expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    return response.body.data;
  };
  const signup = async (name: string, email: string) =>
    ok('POST', '/api/auth/signup', { body: { name, email, phone: '+15551234567', password: 'secret123' } }) as Promise<{ token: string; user: { id: string } }>;
  const walkIn = (name: string) =>
    ok('POST', '/api/visitors/walk-in', { token: tokens.guard, body: { name, phone: '+15557654321', houseId, purpose: 'Delivery' } });
  // The waits below have generous time-outs: they end as soon as what they wait for is
  // there, and only a broken sender waits them out (tests never time things:
  // docs/performance.md#the-targets).
  /** Waits until `count` messages reached `path`; returns them. */
  const messagesAt = async (path: string, count: number, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const messages = received.filter((message) => message.path === path);
      if (messages.length >= count) return messages;
      if (Date.now() > deadline) throw new Error(`expected ${count} messages at ${path}, got ${messages.length}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Waits until the webhook's newest delivery satisfies `done`; returns the list. */
  const deliveriesUntil = async (webhookId: string, done: (items: any[]) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const items = (await ok('GET', `/api/webhooks/${webhookId}/deliveries`, { token: tokens.admin })) as any[];
      if (done(items)) return items;
      if (Date.now() > deadline) throw new Error(`deliveries never settled: ${JSON.stringify(items)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
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
      // The documented schedule, shortened: retries after 0.3 s, twice.
      webhooks: { retryDelaysMs: [300, 300], jitter: 0, pollIntervalSeconds: 1 },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signup('Ada Admin', 'admin@hooks.example');
    await test.db.fork().nativeUpdate(User, { id: admin.user.id }, { role: 'admin' });
    tokens.admin = admin.token;
    const guard = await signup('Gus Guard', 'guard@hooks.example');
    await test.db.fork().nativeUpdate(User, { id: guard.user.id }, { role: 'guard' });
    tokens.guard = guard.token;
    const resident = await signup('Rita Resident', 'rita@hooks.example');
    houseId = (await ok('POST', '/api/houses', { token: tokens.admin, body: { houseNumber: '1', block: 'W', street: 'Hook Street', ownerId: resident.user.id } })).id;
  });
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('POSTs a signed check-in event (visitor.updated) with the visitor as a guard reads it', async () => {
    const created = await call('POST', '/api/webhooks', {
      token: tokens.admin,
      body: { url: `${receiverUrl}/check-ins`, events: ['visitor.updated'], description: 'Gate log' },
    });
    expect(created.status).toBe(201);
    const secret = created.body.data.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const visitor = await walkIn('Walker Inn');
    await ok('POST', `/api/visitors/${visitor.id}/approve`, { token: tokens.admin, body: {} });
    const checkedIn = await ok('POST', '/api/visitors/checkin-qr', { token: tokens.guard, body: { visitorId: visitor.id } });
    expect(checkedIn.status).toBe('checked-in');

    // visitor.created is not subscribed: the approval and the check-in arrive, in any order.
    const messages = await messagesAt('/check-ins', 2);
    const checkIn = messages.find((message) => (JSON.parse(message.body) as { data: { status: string } }).data.status === 'checked-in');
    expect(checkIn, 'the check-in event').toBeDefined();
    expect(checkIn!.headers['content-type']).toBe('application/json');
    expectSignedBy(secret, checkIn!);
    const body = JSON.parse(checkIn!.body) as { id: string; type: string; occurredAt: string; data: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['data', 'id', 'occurredAt', 'type']);
    expect(body.id).toBe(checkIn!.headers['webhook-id']);
    expect(body.type).toBe('visitor.updated');
    expect(Number.isNaN(Date.parse(body.occurredAt))).toBe(false);
    // The visitor JSON a guard gets (GET /api/visitors/{id}), less the pass itself.
    const { qrCodeToken, passCode, qrCodeDataUrl, ...asGuard } = await ok('GET', `/api/visitors/${visitor.id}`, { token: tokens.guard });
    expect(body.data).toEqual(asGuard);
    for (const secret of [qrCodeToken, passCode, qrCodeDataUrl]) expect(checkIn!.body).not.toContain(secret);
    expect(messages.every((message) => (JSON.parse(message.body) as { type: string }).type === 'visitor.updated')).toBe(true);

    const deliveries = await deliveriesUntil(created.body.data.id, (items) => items.length === 2 && items.every((item) => item.status === 'delivered'));
    expect(deliveries[0]).toMatchObject({ event: 'visitor.updated', status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
  });

  it('retries a delivery the receiver refused (500) with the same webhook-id, and a resend sends it again', async () => {
    plan.set('/flaky', [500]);
    const webhook = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `${receiverUrl}/flaky`, events: ['*'] } });
    await walkIn('Flaky Fred');
    const [first, second] = await messagesAt('/flaky', 2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    expect((JSON.parse(second!.body) as { type: string }).type).toBe('visitor.created');
    expectSignedBy(webhook.secret, second!);
    const [delivered] = await deliveriesUntil(webhook.id, (items) => items[0]?.status === 'delivered');
    expect(delivered).toMatchObject({ id: first!.headers['webhook-id'], status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });

    const resent = await call('POST', `/api/webhooks/${webhook.id}/deliveries/${delivered.id}/resend`, { token: tokens.admin });
    expect(resent).toMatchObject({ status: 202, body: { success: true, data: { id: delivered.id } } });
    const again = await messagesAt('/flaky', 3);
    expect(again[2]!.headers['webhook-id']).toBe(delivered.id);
    expect(again[2]!.body).toBe(first!.body);
    const [afterResend] = await deliveriesUntil(webhook.id, (items) => items[0]?.attempts === 3 && items[0]?.status === 'delivered');
    expect(afterResend).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
  });

  it('records a receiver that cannot be reached: no status code, the error in words, failed after the last retry', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const webhook = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `http://127.0.0.1:${port}/gone`, events: ['visitor.created'] } });
    await walkIn('Nobody Home');
    const [failed] = await deliveriesUntil(webhook.id, (items) => items[0]?.status === 'failed');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: null, nextAttemptAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
  });

  it('sends nothing to an inactive webhook, and keeps pg-boss out of the ORM schema', async () => {
    const webhook = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `${receiverUrl}/paused`, events: ['*'] } });
    await ok('PUT', `/api/webhooks/${webhook.id}`, { token: tokens.admin, body: { isActive: false } });
    const awake = await ok('POST', '/api/webhooks', { token: tokens.admin, body: { url: `${receiverUrl}/awake`, events: ['visitor.created'] } });
    const visitor = await walkIn('Quiet Quinn');
    // The active webhook's delivery of the same event has arrived. Deliveries are written
    // with their event, in its transaction: the inactive webhook has none now, so none ever.
    const [message] = await messagesAt('/awake', 1);
    expect((JSON.parse(message!.body) as { data: { id: string } }).data.id).toBe(visitor.id);
    const [awakeDelivery] = await deliveriesUntil(awake.id, (items) => items[0]?.status === 'delivered');
    const sameEvent = await test.db
      .fork()
      .execute<{ webhook_id: string }[]>(`select webhook_id from webhook_delivery where event_id = (select event_id from webhook_delivery where id = ?)`, [
        awakeDelivery.id,
      ]);
    expect(sameEvent.map((row) => row.webhook_id)).toContain(awake.id);
    expect(sameEvent.map((row) => row.webhook_id)).not.toContain(webhook.id);
    const [paused] = await test.db.fork().execute<{ n: number }[]>(`select count(*)::int as n from webhook_delivery where webhook_id = ?`, [webhook.id]);
    expect(paused?.n).toBe(0);
    expect(received.filter((item) => item.path === '/paused')).toHaveLength(0);
    expect(await ok('GET', `/api/webhooks/${webhook.id}/deliveries`, { token: tokens.admin })).toEqual([]);
    await expect(test.db.orm.migrator.checkSchema()).resolves.toBe(false);
  });

  it('starts the job queue only when the app is made ready, and a start that fails fails ready() and leaves no job queue running', async () => {
    const build = (cron: string) =>
      buildApp({
        db: test.db,
        service: { timeZone: 'UTC', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, sessionTtlDays: 30, sessionIdleDays: 7 },
        rateLimits: createMemoryAuthRateLimits({ requestsPerAddressPerMinute: 1_000, failedSignInsPerEmail: 10, failedSignInWindowSeconds: 900 }),
        apiRateLimits: UNLIMITED_API,
        webhooks: { pollIntervalSeconds: 1 },
        retention: { cron },
      });
    const broken = await build('not a schedule');
    // buildApp itself starts nothing: a step of it that throws can leak no pg-boss.
    expect(broken.webhookDispatcher?.jobQueue).toBeNull();
    await expect(broken.ready()).rejects.toThrow();
    // The failed start stopped the pg-boss it had started.
    expect(broken.webhookDispatcher?.jobQueue).toBeNull();
    await broken.close().catch(() => {});
  });
});
