/**
 * Webhooks (docs/api.md#webhooks, admin): the endpoints and their deliveries. Deliveries are
 * written by the database with each visitor event (the trigger on `visitor_event`) and sent
 * by the `WebhookDispatcher`; here are the admin's calls. Every change writes its audit row
 * (`webhook.created`, `-updated`, `-deleted`, `-delivery-resent`, target `webhook`) in the
 * same transaction (a URL recorded without its query: `auditedWebhookUrl`). A URL is checked (scheme, public address) before the transaction, since
 * it waits for DNS.
 */
import { randomBytes } from 'node:crypto';

import { communityIdOf, Webhook, WebhookDelivery, type EntityManager } from '@gatehouse/db';
import {
  isUuid,
  tooLongMessage,
  WEBHOOK_URL_MAX,
  type CreatedWebhook,
  type Webhook as WebhookJson,
  type WebhookDelivery as WebhookDeliveryJson,
  type WebhookDeliveryListResponse,
  type WebhookListResponse,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { recordAudit, type Actor } from './audit';
import { assertWebhookUrlAllowed, type HostResolver } from './webhook-addresses';

/** How the URL rule is applied: `WEBHOOK_ALLOW_PRIVATE`, and a resolver for tests. */
export interface WebhookUrlPolicy {
  allowPrivate: boolean;
  resolver?: HostResolver;
}

/**
 * A new signing secret: `whsec_` + base64 of 24 random bytes (docs/api.md#webhooks, Standard
 * Webhooks).
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A webhook as JSON, never with its secret, its URL masked (`maskedWebhookUrl`). */
export function serializeWebhook(webhook: Webhook): WebhookJson {
  return {
    id: webhook.id,
    url: maskedWebhookUrl(webhook.url),
    events: [...webhook.events],
    description: webhook.description ?? null,
    isActive: webhook.isActive,
    createdAt: webhook.createdAt.toISOString(),
  };
}

/**
 * A delivery as JSON (docs/api.md#webhooks: `{id, event, status, attempts, lastStatusCode,
 * lastError, nextAttemptAt, createdAt}`).
 */
export function serializeWebhookDelivery(
  delivery: Pick<WebhookDelivery, 'id' | 'eventType' | 'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'nextAttemptAt' | 'createdAt'>,
): WebhookDeliveryJson {
  return {
    id: delivery.id,
    event: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode ?? null,
    lastError: delivery.lastError ?? null,
    nextAttemptAt: delivery.status === 'pending' && delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
    createdAt: delivery.createdAt.toISOString(),
  };
}

const notFound = () => httpError(404, 'Webhook not found');

/**
 * A webhook URL as the audit log records it: origin and path only. A receiver's URL often
 * carries a secret in its query (`?token=…`) or user info (`https://user:pass@…`), and the
 * audit log is read by every admin and kept for good; the fragment is never sent anyway.
 */
export function auditedWebhookUrl(url: string): string {
  if (!URL.canParse(url)) return '';
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** What stands in for each masked part of a webhook URL (`maskedWebhookUrl`). */
export const WEBHOOK_URL_MASK = '***';

/** The `&`-separated parts of a URL's query (without `?`), each as its raw name and raw value (null: no `=`). */
function queryParts(search: string): Array<{ name: string; value: string | null }> {
  if (search === '' || search === '?') return [];
  return search
    .slice(1)
    .split('&')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? { name: part, value: null } : { name: part.slice(0, at), value: part.slice(at + 1) };
    });
}

/**
 * A webhook URL as the API shows it to admins: the user name and password, every query
 * value and the fragment replaced by `***` (`https://***:***@hooks.example.com/in?token=***`).
 * A receiver's URL often carries its own secret there, and every admin may list webhooks:
 * the one who registered it knows it, the others need not. Scheme, host, port, path and the
 * query's names stay, so the endpoint is still recognisable. A URL that does not parse is ''.
 */
export function maskedWebhookUrl(url: string): string {
  if (!URL.canParse(url)) return '';
  const parsed = new URL(url);
  if (parsed.username) parsed.username = WEBHOOK_URL_MASK;
  if (parsed.password) parsed.password = WEBHOOK_URL_MASK;
  const parts = queryParts(parsed.search);
  if (parts.length > 0) parsed.search = parts.map((part) => `${part.name}=${WEBHOOK_URL_MASK}`).join('&');
  if (parsed.hash) parsed.hash = WEBHOOK_URL_MASK;
  return parsed.href;
}

/**
 * The URL an update means when it sends back a masked URL (an edit form shows the masked
 * one): each part still `***` takes the stored URL's value (user name, password, the query
 * value of the same name, in order, and the fragment), so that changing the description or
 * the path does not wipe the receiver's secret. Only for the same scheme, host and port: a
 * URL pointing elsewhere keeps its `***` as typed, so nobody can send the stored secret to
 * another host without knowing it.
 */
export function unmaskedWebhookUrl(input: string, stored: string): string {
  if (!input.includes(WEBHOOK_URL_MASK) || !URL.canParse(input) || !URL.canParse(stored)) return input;
  const next = new URL(input);
  const before = new URL(stored);
  if (next.origin !== before.origin) return input;
  if (next.username === WEBHOOK_URL_MASK) next.username = before.username;
  if (next.password === WEBHOOK_URL_MASK) next.password = before.password;
  const storedValues = new Map<string, Array<string | null>>();
  for (const part of queryParts(before.search)) storedValues.set(part.name, [...(storedValues.get(part.name) ?? []), part.value]);
  const parts = queryParts(next.search).map((part) => {
    const value = part.value === WEBHOOK_URL_MASK && storedValues.get(part.name)?.length ? storedValues.get(part.name)!.shift()! : part.value;
    return value === null ? part.name : `${part.name}=${value}`;
  });
  if (parts.length > 0) next.search = parts.join('&');
  if (next.hash === `#${WEBHOOK_URL_MASK}`) next.hash = before.hash;
  // The stored text itself when nothing else changed (no rewrite, no audit row).
  return next.href === before.href ? stored : next.href;
}

/** The webhook `id`, or 404 'Webhook not found' (unknown or malformed id). */
async function findWebhook(em: EntityManager, id: string): Promise<Webhook> {
  const webhook = isUuid(id) ? await em.findOne(Webhook, { id: id.toLowerCase() }) : null;
  if (!webhook) throw notFound();
  return webhook;
}

/**
 * The webhooks, newest first, without secrets (`GET /api/webhooks`). Output `{items, total}`.
 */
export async function listWebhooks(em: EntityManager, input: { limit: number; offset: number }): Promise<WebhookListResponse> {
  const [rows, total] = await em.findAndCount(Webhook, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: input.limit, offset: input.offset });
  return { items: rows.map(serializeWebhook), total };
}

/**
 * Creates a webhook (`POST /api/webhooks`, 201) with a new secret, returned this once.
 * Input as shaped by `ZCreateWebhookRequest` (events non-empty, known types or `*`).
 * Errors: 400 VALIDATION_FAILED on `url`: 'Webhook URL must use http or https', 'Webhook
 * URL must be a public address' (unless `policy.allowPrivate`), 'Webhook URL host could not
 * be resolved'.
 */
export async function createWebhook(
  em: EntityManager,
  actor: Actor & { userId: string },
  input: { url: string; events: string[]; description: string | null },
  policy: WebhookUrlPolicy,
  now: Date,
): Promise<CreatedWebhook> {
  await assertWebhookUrlAllowed(input.url, policy);
  const secret = newWebhookSecret();
  const webhook = await em.transactional(async (tx) => {
    const row = tx.create(Webhook, {
      url: input.url,
      events: input.events,
      description: input.description,
      isActive: true,
      secret,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await tx.flush();
    await recordAudit(tx, actor, { action: 'webhook.created', targetType: 'webhook', targetId: row.id, details: { url: auditedWebhookUrl(row.url), events: input.events } }, now);
    return row;
  });
  return { ...serializeWebhook(webhook), secret };
}

/**
 * Changes a webhook (`PUT /api/webhooks/{id}`): only the fields present (docs/api.md#the-envelope);
 * a URL with masked parts keeps the stored ones (`unmaskedWebhookUrl`); a new URL is
 * checked again. Output: the webhook, without its secret, its URL masked. Errors: 404
 * 'Webhook not found'; 400 on `url` as for a create, or when the URL with its stored parts
 * is over 2000 characters.
 */
export async function updateWebhook(
  em: EntityManager,
  actor: Actor,
  input: { id: string; url?: string | undefined; events?: string[] | undefined; description?: string | null | undefined; isActive?: boolean | undefined },
  policy: WebhookUrlPolicy,
  now: Date,
): Promise<WebhookJson> {
  const current = await findWebhook(em, input.id);
  const url = input.url === undefined ? undefined : unmaskedWebhookUrl(input.url, current.url);
  if (url !== undefined && url.length > WEBHOOK_URL_MAX) {
    throw httpError(400, tooLongMessage('Webhook URL', WEBHOOK_URL_MAX), { field: 'url' });
  }
  if (url !== undefined) await assertWebhookUrlAllowed(url, policy);
  return em.transactional(async (tx) => {
    const webhook = await findWebhook(tx, input.id);
    const changed: Record<string, unknown> = {};
    if (url !== undefined && url !== webhook.url) {
      webhook.url = url;
      changed.url = auditedWebhookUrl(url);
    }
    if (input.events !== undefined && input.events.join(',') !== webhook.events.join(',')) changed.events = webhook.events = input.events;
    if (input.description !== undefined && input.description !== (webhook.description ?? null)) changed.description = webhook.description = input.description;
    if (input.isActive !== undefined && input.isActive !== webhook.isActive) changed.isActive = webhook.isActive = input.isActive;
    if (Object.keys(changed).length > 0) {
      webhook.updatedAt = now;
      await tx.flush();
      await recordAudit(tx, actor, { action: 'webhook.updated', targetType: 'webhook', targetId: webhook.id, details: changed }, now);
    }
    return serializeWebhook(webhook);
  });
}

/**
 * Deletes a webhook and its deliveries (`DELETE /api/webhooks/{id}`). Output `{id}`.
 * Errors: 404 'Webhook not found'.
 */
export async function deleteWebhook(em: EntityManager, actor: Actor, id: string, now: Date): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const normalized = id.toLowerCase();
  return em.transactional(async (tx) => {
    // docs/security.md#communities: a webhook of another community is not found.
    const [deleted] = await tx.execute<{ url: string }[]>('delete from webhook where community_id = ? and id = ? returning url', [communityIdOf(tx), normalized]);
    if (!deleted) throw notFound();
    await recordAudit(tx, actor, { action: 'webhook.deleted', targetType: 'webhook', targetId: normalized, details: { url: auditedWebhookUrl(deleted.url) } }, now);
    return { id: normalized };
  });
}

/**
 * A webhook's deliveries, newest first (`GET /api/webhooks/{id}/deliveries`). Output
 * `{items, total}`. Errors: 404 'Webhook not found'.
 */
export async function listWebhookDeliveries(
  em: EntityManager,
  input: { id: string; limit: number; offset: number },
): Promise<WebhookDeliveryListResponse> {
  const webhook = await findWebhook(em, input.id);
  const [rows, total] = await em.findAndCount(
    WebhookDelivery,
    { webhook },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: input.limit, offset: input.offset, exclude: ['payload'] },
  );
  return { items: rows.map(serializeWebhookDelivery), total };
}

/**
 * Sends a delivery again now (`POST /api/webhooks/{id}/deliveries/{deliveryId}/resend`,
 * 202), with the same `webhook-id` and body: it becomes pending and due at once; the
 * dispatcher sends it (the caller wakes it after the commit). Its attempts count on (a
 * resend is an attempt), so a failed resend is retried only while the schedule has
 * attempts left. A delivery being attempted right now (leased by a worker) is left to that
 * attempt: one attempt at a time, never the same message twice at once. Output `{id}` of
 * the delivery. Errors: 404 'Webhook not found', 404 'Delivery not found' (unknown,
 * malformed, or another webhook's).
 */
export async function resendWebhookDelivery(
  em: EntityManager,
  actor: Actor,
  input: { id: string; deliveryId: string },
  now: Date,
): Promise<{ id: string }> {
  const webhook = await findWebhook(em, input.id);
  if (!isUuid(input.deliveryId)) throw httpError(404, 'Delivery not found');
  const deliveryId = input.deliveryId.toLowerCase();
  return em.transactional(async (tx) => {
    const [resent] = await tx.execute<{ id: string; status: string }[]>(
      `update webhook_delivery d
          set status = 'pending',
              next_attempt_at = case when d.leased_until > now() then d.next_attempt_at else now() end
         from webhook_delivery before where d.id = before.id and d.community_id = ? and d.id = ? and d.webhook_id = ?
       returning d.id, before.status`,
      [communityIdOf(tx), deliveryId, webhook.id],
    );
    if (!resent) throw httpError(404, 'Delivery not found');
    await recordAudit(
      tx,
      actor,
      { action: 'webhook.delivery-resent', targetType: 'webhook', targetId: webhook.id, details: { deliveryId, previousStatus: resent.status } },
      now,
    );
    return { id: deliveryId };
  });
}
