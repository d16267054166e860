/**
 * Integrations: API tokens (docs/api.md#api-tokens), webhooks and their deliveries
 * (docs/api.md#webhooks).
 */
import { defineEntity, p } from '@mikro-orm/core';
import { API_TOKEN_NAME_MAX, API_TOKEN_PREFIX_LENGTH, API_TOKEN_ROLES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { User } from './users-sessions';
import { community, tenantFilters } from './tenancy';
import { API_TOKEN_ACCESS_CHANGED } from '../sql/access-changed';

/**
 * An API token an admin made for an integration (docs/api.md#api-tokens). Like a session, only
 * the token's SHA-256 hash is stored: the token is `gh_` and 32 random bytes, so a fast
 * hash cannot be brute-forced and a slow one (argon2) would only slow every call down.
 * A call made with it acts as its creator with the token's role; it stops working when
 * revoked, expired, or its creator is deactivated or no longer an admin.
 */
export const ApiTokenSchema = defineEntity({
  name: 'ApiToken',
  tableName: 'api_token',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    name: p.string().length(API_TOKEN_NAME_MAX),
    role: p.enum(API_TOKEN_ROLES),
    /** SHA-256 of the whole token, lowercase hex; the unique index is the look-up's. */
    tokenHash: p.string().length(64).unique(),
    /** `gh_` and the next 8 characters of the token, to tell tokens apart in the list. */
    prefix: p.string().length(API_TOKEN_PREFIX_LENGTH),
    /** The admin who made it; a call with the token acts as this user. */
    createdBy: () => p.manyToOne(User).deleteRule('restrict').index(),
    createdAt: createdAt(),
    expiresAt: p.datetime().nullable(),
    /** Written at most once a minute. */
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
  checks: [{ name: 'api_token_name_check', expression: 'char_length(btrim(name)) >= 1' }],
  // A revoked token's live streams end at once, in every server process (the NOTIFY, at commit).
  triggers: [
    {
      name: 'api_token_access_changed',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: API_TOKEN_ACCESS_CHANGED,
    },
  ],
});
export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);

/**
 * A webhook endpoint (docs/api.md#webhooks, admin): where visitor events are POSTed, which
 * types (`events`: known types or `*`), and the signing secret (`whsec_` + base64 of 24
 * random bytes). The secret is a signing key the server needs in clear to sign each
 * delivery (Standard Webhooks), not a password: kept lazy and hidden, answered only by
 * the create.
 */
export const WebhookSchema = defineEntity({
  name: 'Webhook',
  tableName: 'webhook',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    url: p.string().length(WEBHOOK_URL_MAX),
    events: p.array(),
    description: p.string().length(WEBHOOK_DESCRIPTION_MAX).nullable(),
    isActive: p.boolean().default(true),
    secret: p.string().length(64).hidden().lazy(),
    createdBy: () => p.manyToOne(User).deleteRule('restrict'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [{ name: 'webhook_created_at_index', properties: ['createdAt', 'id'] }],
  checks: [{ name: 'webhook_events_check', expression: 'cardinality(events) > 0' }],
});
export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);

/**
 * One event sent to one webhook (docs/api.md#webhooks), written by the trigger on
 * `visitor_event`. `id` is the Standard Webhooks message id (`webhook-id` and the body's
 * `id`), kept by retries and resends. `payload` is `{id, type, occurredAt, data}` exactly
 * as sent, built at the first attempt from the event (`eventId`; events are pruned after a
 * day, deliveries are not). Pending until a 2xx (delivered) or the last retry (failed);
 * `nextAttemptAt` is when the next attempt is due (also the lease of one in flight);
 * `leasedUntil` is set while an attempt is in flight (until its lease ends), so that
 * neither another worker nor a resend starts a second attempt meanwhile.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    webhook: () => p.manyToOne(Webhook).deleteRule('cascade'),
    eventType: p.string().length(64),
    /** The `visitor_event` it was made from (no foreign key: events are pruned after a day). */
    eventId: p.bigint('string').index(),
    payload: p.json<Record<string, unknown>>().nullable(),
    status: p.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: p.integer().default(0),
    lastStatusCode: p.smallint().nullable(),
    lastError: p.string().length(500).nullable(),
    nextAttemptAt: p.datetime().nullable(),
    leasedUntil: p.datetime().nullable(),
    createdAt: createdAt(),
    deliveredAt: p.datetime().nullable(),
  },
  indexes: [
    // A webhook's deliveries, newest first.
    { name: 'webhook_delivery_webhook_created_at_index', properties: ['webhook', 'createdAt', 'id'] },
    // The due ones, for the sweep that re-queues what a stopped server left behind.
    { name: 'webhook_delivery_status_next_attempt_at_index', properties: ['status', 'nextAttemptAt'] },
  ],
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);
