/**
 * Webhooks (docs/api.md#webhooks), the admin's calls on both databases: the secret's shape and
 * that it is shown once; lists without secrets; the URL rules (http or https, public
 * addresses only unless WEBHOOK_ALLOW_PRIVATE, IPv4 and IPv6, mapped addresses included);
 * events (known types or *); deliveries written by the database with each visitor event,
 * newest first; resend; delete; audit rows; admins only. The signature and address rules
 * are also checked as functions.
 */
import { AuditEvent, WebhookDelivery } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { isNonPublicAddress, resolveWebhookUrl } from '../src/services/webhook-addresses';
import { nextRetryDelayMs, signWebhook, WebhookDispatcher } from '../src/services/webhook-dispatcher';
import { maskedWebhookUrl, unmaskedWebhookUrl } from '../src/services/webhooks';
import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return describeError(error);
  }
  throw new Error('expected a refusal');
}

describe('webhook signatures and addresses', () => {
  it('signs the Standard Webhooks way (its published test vector)', () => {
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('knows the IPv4 ranges that are not public', () => {
    const notPublic = {
      'this network (0/8)': ['0.0.0.0', '0.255.1.2'],
      'private (10/8)': ['10.0.0.1', '10.255.255.255'],
      'carrier-grade NAT (100.64/10)': ['100.64.0.1', '100.127.255.254'],
      'loopback (127/8)': ['127.0.0.1', '127.9.9.9'],
      'link-local (169.254/16)': ['169.254.169.254'],
      'private (172.16/12)': ['172.16.5.4', '172.31.255.255'],
      'IETF (192.0.0/24)': ['192.0.0.8'],
      'private (192.168/16)': ['192.168.1.20'],
      'benchmarking (198.18/15)': ['198.18.0.1', '198.19.255.255'],
      'multicast (224/4)': ['224.0.0.1', '239.255.255.250'],
      'reserved (240/4)': ['240.0.0.1'],
      broadcast: ['255.255.255.255'],
    };
    for (const [range, addresses] of Object.entries(notPublic)) {
      for (const address of addresses) expect(isNonPublicAddress(address), `${address}: ${range}`).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '198.20.0.1', '223.255.255.255']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
    expect(isNonPublicAddress('not-an-address')).toBe(true);
  });

  it('knows the IPv6 ranges that are not public, and judges an embedded IPv4 address by itself', () => {
    const notPublic = {
      unspecified: ['::'],
      loopback: ['::1', '[::1]', '::1%lo'],
      'IPv4-compatible (::/96)': ['::7f00:1', '::127.0.0.1', '::8.8.8.8', '::a00:1'],
      'IPv4-mapped (::ffff:0:0/96), private inside': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::FFFF:192.168.0.1'],
      'IPv4-translated (::ffff:0:0:0/96)': ['::ffff:0:7f00:1', '::ffff:0:808:808', '::ffff:0:8.8.8.8'],
      'NAT64 (64:ff9b::/96), private inside': ['64:ff9b::a00:1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe'],
      'NAT64, local use (64:ff9b:1::/48)': ['64:ff9b:1::808:808', '64:ff9b:1:ffff::1'],
      '6to4 (2002::/16), private inside': ['2002:7f00:1::1', '2002:a00:1::', '2002:c0a8:101::1'],
      'Teredo (2001::/32)': ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
      'documentation (2001:db8::/32)': ['2001:db8::1'],
      'unique-local (fc00::/7)': ['fc00::1', 'fd12:3456::1'],
      'link-local (fe80::/10)': ['fe80::1', 'febf::1'],
      'multicast (ff00::/8)': ['ff02::1', 'ff0e::1'],
    };
    for (const [range, addresses] of Object.entries(notPublic)) {
      for (const address of addresses) expect(isNonPublicAddress(address), `${address}: ${range}`).toBe(true);
    }
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::808:808', '64:ff9b::8.8.8.8', '2002:808:808::1']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a host when any of its addresses is not public, and one that does not resolve', async () => {
    const resolver = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '::1', family: 6 as const },
    ];
    await expect(resolveWebhookUrl('https://hooks.example/x', { allowPrivate: false, resolver })).rejects.toThrow('Webhook URL must be a public address');
    await expect(resolveWebhookUrl('https://hooks.example/x', { allowPrivate: true, resolver })).resolves.toHaveLength(2);
    const nowhere = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(resolveWebhookUrl('https://nowhere.example/', { allowPrivate: false, resolver: nowhere })).rejects.toThrow(
      'Webhook URL host could not be resolved',
    );
  });

  it('retries on the documented schedule (5 s, 1 min, 5 min, 30 min, 2 h, 6 h, 15 h) with jitter, then stops', () => {
    const hours = 3_600_000;
    const schedule = [5_000, 60_000, 300_000, 1_800_000, 2 * hours, 6 * hours, 15 * hours];
    schedule.forEach((base, index) => {
      const delay = nextRetryDelayMs(index + 1)!;
      expect(delay).toBeGreaterThanOrEqual(base * 0.9);
      expect(delay).toBeLessThanOrEqual(base * 1.1);
    });
    expect(nextRetryDelayMs(8)).toBeNull();
  });
});

describe('webhook URLs as admins see them', () => {
  const stored = 'https://user:p%40ss@Hooks.example.com/in?token=abc%20d&flag&channel=gate#frag';

  it('masks the user name, password, every query value and the fragment', () => {
    expect(maskedWebhookUrl(stored)).toBe('https://***:***@hooks.example.com/in?token=***&flag=***&channel=***#***');
    expect(maskedWebhookUrl('https://hooks.example.com/plain')).toBe('https://hooks.example.com/plain');
    expect(maskedWebhookUrl('not a url')).toBe('');
  });

  it('gives a masked URL sent back its stored parts, for the same scheme, host and port only', () => {
    // Unchanged: the stored text itself.
    expect(unmaskedWebhookUrl(maskedWebhookUrl(stored), stored)).toBe(stored);
    // Another path, a part typed anew: the masked parts keep their values.
    expect(unmaskedWebhookUrl('https://***:***@hooks.example.com/v2?token=***&channel=lobby', stored)).toBe(
      'https://user:p%40ss@hooks.example.com/v2?token=abc%20d&channel=lobby',
    );
    // Another host (or scheme, or port) never gets them.
    for (const elsewhere of ['https://***:***@evil.example.com/in?token=***', 'http://***:***@hooks.example.com/in?token=***', 'https://***:***@hooks.example.com:8443/in?token=***']) {
      expect(unmaskedWebhookUrl(elsewhere, stored)).toBe(elsewhere);
    }
  });
});

describe.each(legs)('webhooks on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const admin = () => h.caller(c.admin.token);
  const PUBLIC_URL = 'http://93.184.216.34/hooks/gatehouse';
  const invite = (name: string) =>
    h.caller(c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
    });
  const auditOf = (id: string) => h.em().find(AuditEvent, { targetType: 'webhook', targetId: id }, { orderBy: { sequence: 'asc' } });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.config = { ...h.config, webhookAllowPrivate: false };
  });
  afterAll(() => h?.close());

  it('creates a webhook with a whsec_ secret of 24 random bytes, shown only by the create', async () => {
    const created = await admin().webhooks.create({ url: PUBLIC_URL, events: ['visitor.created'], description: '  Gate log  ' });
    expect(created).toMatchObject({ url: PUBLIC_URL, events: ['visitor.created'], description: 'Gate log', isActive: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);
    const other = await admin().webhooks.create({ url: PUBLIC_URL, events: ['*'] });
    expect(other.secret).not.toBe(created.secret);
    expect(other.description).toBeNull();

    // The first webhooks of this database: exactly these two.
    const list = await admin().webhooks.list({});
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.id).sort()).toEqual([created.id, other.id].sort());
    for (const item of list.items) {
      expect(Object.keys(item).sort()).toEqual(['createdAt', 'description', 'events', 'id', 'isActive', 'url']);
      expect(JSON.stringify(item)).not.toContain('whsec_');
    }
    expect((await auditOf(created.id)).map((event) => event.action)).toEqual(['webhook.created']);
  });

  it('takes known event types or ["*"]; an unknown type or none is 400 VALIDATION_FAILED', async () => {
    const all = await admin().webhooks.create({ url: PUBLIC_URL, events: ['visitor.updated', '*'] });
    expect(all.events).toEqual(['*']);
    // An unknown type, as a client that is not type-checked would send it.
    const unknown = await refusal(admin().webhooks.create({ url: PUBLIC_URL, events: ['visitor.deleted' as 'visitor.created'] }));
    expect(unknown).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Unknown event type' });
    expect(await refusal(admin().webhooks.create({ url: PUBLIC_URL, events: [] }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Choose at least one event' });
    expect(await refusal(admin().webhooks.create({ url: 'ftp://93.184.216.34/x', events: ['*'] }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Webhook URL must use http or https',
    });
    // No scheme at all is not http(s) either (docs/api.md#webhooks), whatever else is wrong with
    // it.
    for (const url of ['hooks.example.com/x', 'localhost:8080/hook', '//hooks.example.com/x', 'not a url']) {
      expect(await refusal(admin().webhooks.create({ url, events: ['*'] })), url).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Webhook URL must use http or https',
        details: [{ path: 'url', message: 'Webhook URL must use http or https' }],
      });
    }
    // http(s), but not a URL.
    for (const url of ['https://exa mple.com/x', 'http://[::1/x']) {
      expect(await refusal(admin().webhooks.create({ url, events: ['*'] })), url).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Webhook URL must be a valid URL',
      });
    }
  });

  it('refuses URLs of loopback, private, link-local and unique-local addresses unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const privateUrls = [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'https://192.168.0.5/hook',
      'http://172.16.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::1]/hook',
      'http://[::]/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      // IPv4-compatible: the URL parser writes it as [::7f00:1].
      'http://[::127.0.0.1]/',
      'http://[::ffff:0:127.0.0.1]/hook',
      'http://[64:ff9b::10.0.0.1]/hook',
      'http://[2002:7f00:1::1]/hook',
    ];
    for (const url of privateUrls) {
      expect(await refusal(admin().webhooks.create({ url, events: ['*'] })), url).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Webhook URL must be a public address',
        details: [{ path: 'url', message: 'Webhook URL must be a public address' }],
      });
    }
    // PUT checks again.
    const webhook = await admin().webhooks.create({ url: PUBLIC_URL, events: ['*'] });
    expect(await refusal(admin().webhooks.update({ id: webhook.id, url: 'http://127.0.0.1/hook' }))).toMatchObject({
      status: 400,
      message: 'Webhook URL must be a public address',
    });
    expect((await admin().webhooks.list({})).items.find((item) => item.id === webhook.id)?.url).toBe(PUBLIC_URL);

    h.config = { ...h.config, webhookAllowPrivate: true };
    const local = await admin().webhooks.create({ url: 'http://127.0.0.1:8080/hook', events: ['*'] });
    expect(local.url).toBe('http://127.0.0.1:8080/hook');
    await admin().webhooks.delete({ id: local.id });
  });

  it('records a webhook URL in the audit log without its query or user info (they may hold secrets)', async () => {
    const webhook = await admin().webhooks.create({ url: 'http://93.184.216.34/hooks/in?token=abc', events: ['*'] });
    // Shown masked (the create's answer too); kept whole.
    expect(webhook.url).toBe('http://93.184.216.34/hooks/in?token=***');
    await admin().webhooks.update({ id: webhook.id, url: 'https://hooker:pa55@93.184.216.34:8443/v2/hooks?token=def#frag' });
    await admin().webhooks.delete({ id: webhook.id });
    const audit = await auditOf(webhook.id);
    expect(audit.map((event) => [event.action, event.details?.url])).toEqual([
      ['webhook.created', 'http://93.184.216.34/hooks/in'],
      ['webhook.updated', 'https://93.184.216.34:8443/v2/hooks'],
      ['webhook.deleted', 'https://93.184.216.34:8443/v2/hooks'],
    ]);
    const stored = await h.em().getConnection().execute<{ details: unknown }[]>(`select details from audit_event where target_id = ?`, [webhook.id]);
    expect(stored).toHaveLength(3);
    for (const secret of ['token', 'abc', 'def', 'hooker', 'pa55', 'frag']) expect(JSON.stringify(stored), secret).not.toContain(secret);
  });

  it('updates only what is sent, writes an audit row, and is for admins only', async () => {
    const webhook = await admin().webhooks.create({ url: PUBLIC_URL, events: ['*'], description: 'Before' });
    const updated = await admin().webhooks.update({ id: webhook.id, isActive: false, events: ['visitor.updated'] });
    expect(updated).toMatchObject({ id: webhook.id, url: PUBLIC_URL, isActive: false, events: ['visitor.updated'], description: 'Before' });
    expect((await admin().webhooks.update({ id: webhook.id, description: null })).description).toBeNull();
    const actions = (await auditOf(webhook.id)).map((event) => event.action);
    expect(actions).toEqual(['webhook.created', 'webhook.updated', 'webhook.updated']);
    expect(await refusal(admin().webhooks.update({ id: '00000000-0000-4000-8000-000000000000', isActive: true }))).toMatchObject({ status: 404, message: 'Webhook not found' });
    expect(await refusal(admin().webhooks.update({ id: 'nope', isActive: true }))).toMatchObject({ status: 404 });
    for (const token of [c.guard.token, c.resident.token]) {
      expect((await refusal(h.caller(token).webhooks.list({}))).status).toBe(403);
      expect((await refusal(h.caller(token).webhooks.create({ url: PUBLIC_URL, events: ['*'] }))).status).toBe(403);
    }
    expect((await refusal(h.caller().webhooks.list({}))).status).toBe(401);
  });

  it('gets one delivery per visitor event it subscribes to, written with the event, listed newest first', async () => {
    const everything = await admin().webhooks.create({ url: PUBLIC_URL, events: ['*'] });
    const updatesOnly = await admin().webhooks.create({ url: PUBLIC_URL, events: ['visitor.updated'] });
    const paused = await admin().webhooks.create({ url: PUBLIC_URL, events: ['*'] });
    await admin().webhooks.update({ id: paused.id, isActive: false });

    const visitor = await invite('Delivery Dora');
    await h.caller(c.resident.token).visitors.cancel({ id: visitor.id });

    const all = await admin().webhooks.deliveries({ id: everything.id });
    expect(all.total).toBe(2);
    expect(all.items.map((item) => item.event)).toEqual(['visitor.updated', 'visitor.created']);
    expect(all.items[1]).toMatchObject({ status: 'pending', attempts: 0, lastStatusCode: null, lastError: null });
    expect(Object.keys(all.items[0]!).sort()).toEqual(['attempts', 'createdAt', 'event', 'id', 'lastError', 'lastStatusCode', 'nextAttemptAt', 'status']);
    expect((await admin().webhooks.deliveries({ id: updatesOnly.id })).items.map((item) => item.event)).toEqual(['visitor.updated']);
    expect((await admin().webhooks.deliveries({ id: paused.id })).total).toBe(0);
    expect(await refusal(admin().webhooks.deliveries({ id: '00000000-0000-4000-8000-000000000000' }))).toMatchObject({ status: 404, message: 'Webhook not found' });
    // Page by page, newest first.
    expect((await admin().webhooks.deliveries({ id: everything.id, limit: 1, offset: 1 })).items.map((item) => item.event)).toEqual(['visitor.created']);
  });

  it('stops its job queue (pg-boss) again when a later step of starting fails, and says why', async () => {
    let stopped = false;
    const dispatcher = new WebhookDispatcher(h.test.db, {
      allowPrivate: false,
      pollIntervalSeconds: 1,
      // The last step of start(): the other work on the queue (e.g. the retention job).
      jobs: async (boss) => {
        boss.on('stopped', () => (stopped = true));
        throw new Error('the other work could not start');
      },
    });
    await expect(dispatcher.start()).rejects.toThrow('the other work could not start');
    expect(stopped).toBe(true);
    expect(dispatcher.jobQueue).toBeNull();
  });

  it('resends a delivery (due again now, audited), and deletes a webhook with its deliveries', async () => {
    const webhook = await admin().webhooks.create({ url: PUBLIC_URL, events: ['visitor.created'] });
    const other = await admin().webhooks.create({ url: PUBLIC_URL, events: ['visitor.created'] });
    await invite('Resend Rosa');
    const [delivery] = (await admin().webhooks.deliveries({ id: webhook.id })).items;
    const [othersDelivery] = (await admin().webhooks.deliveries({ id: other.id })).items;
    await h.em().nativeUpdate(WebhookDelivery, { id: delivery!.id }, { status: 'failed', attempts: 8, nextAttemptAt: null, lastStatusCode: 500 });

    expect(await admin().webhooks.resend({ id: webhook.id, deliveryId: delivery!.id })).toEqual({ id: delivery!.id });
    const [resent] = (await admin().webhooks.deliveries({ id: webhook.id })).items;
    expect(resent).toMatchObject({ id: delivery!.id, status: 'pending', attempts: 8 });
    expect(resent!.nextAttemptAt).not.toBeNull();
    const audit = await auditOf(webhook.id);
    expect(audit.at(-1)).toMatchObject({ action: 'webhook.delivery-resent', details: { deliveryId: delivery!.id, previousStatus: 'failed' } });

    // Waiting for a retry in 2 h: a resend makes it due now.
    const dueOf = async (id: string) => {
      const [found] = await h.em().getConnection().execute<{ due_now: boolean }[]>(`select next_attempt_at <= now() as due_now from webhook_delivery where id = ?`, [id]);
      return found!.due_now;
    };
    await h.em().getConnection().execute(
      `update webhook_delivery set status = 'pending', attempts = 3, next_attempt_at = now() + interval '2 hours', leased_until = null where id = ?`,
      [delivery!.id],
    );
    await admin().webhooks.resend({ id: webhook.id, deliveryId: delivery!.id });
    expect(await dueOf(delivery!.id)).toBe(true);
    // Being attempted right now (a worker's lease): the resend leaves it to that attempt,
    // so that no second worker can claim it and send the same message at the same time.
    await h.em().getConnection().execute(
      `update webhook_delivery set status = 'pending', attempts = 4, next_attempt_at = now() + interval '70 seconds', leased_until = now() + interval '70 seconds' where id = ?`,
      [delivery!.id],
    );
    expect(await admin().webhooks.resend({ id: webhook.id, deliveryId: delivery!.id })).toEqual({ id: delivery!.id });
    expect(await dueOf(delivery!.id)).toBe(false);
    expect((await admin().webhooks.deliveries({ id: webhook.id })).items[0]).toMatchObject({ status: 'pending', attempts: 4 });

    expect(await refusal(admin().webhooks.resend({ id: webhook.id, deliveryId: othersDelivery!.id }))).toMatchObject({ status: 404, message: 'Delivery not found' });
    expect(await refusal(admin().webhooks.resend({ id: webhook.id, deliveryId: 'x' }))).toMatchObject({ status: 404, message: 'Delivery not found' });
    expect((await refusal(h.caller(c.guard.token).webhooks.resend({ id: webhook.id, deliveryId: delivery!.id }))).status).toBe(403);

    expect(await admin().webhooks.delete({ id: webhook.id })).toEqual({ id: webhook.id });
    expect(await h.em().count(WebhookDelivery, { webhook: webhook.id })).toBe(0);
    expect(await refusal(admin().webhooks.delete({ id: webhook.id }))).toMatchObject({ status: 404, message: 'Webhook not found' });
    expect((await auditOf(webhook.id)).at(-1)?.action).toBe('webhook.deleted');
  });
});
