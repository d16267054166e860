/**
 * Webhooks (docs/api.md#webhooks, admin): endpoints that receive the visitor events of
 * docs/gate.md#live-updates as signed HTTP POSTs (the Standard Webhooks scheme), and their
 * deliveries.
 * The form and the procedures share these schemas and their messages.
 */
import { z } from 'zod';

import { idField, isStorableText, paginationFields, tooLongMessage, unstorableMessage } from './fields';

/**
 * The event types a webhook can subscribe to (docs/gate.md#live-updates); `*` means all of them.
 */
export const WEBHOOK_EVENT_TYPES = ['visitor.created', 'visitor.updated'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The subscription to every event type, present and future. */
export const WEBHOOK_ALL_EVENTS = '*';

/** Where a delivery stands: waiting for its (next) attempt, accepted with a 2xx, or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The longest URL accepted (browsers and proxies handle this much safely). */
export const WEBHOOK_URL_MAX = 2000;
/** The longest description (docs/api.md#input-limits: description 500). */
export const WEBHOOK_DESCRIPTION_MAX = 500;

/** docs/api.md#webhooks: the exact words of the spec. */
export const WEBHOOK_URL_SCHEME_MESSAGE = 'Webhook URL must use http or https';
export const WEBHOOK_URL_PUBLIC_MESSAGE = 'Webhook URL must be a public address';
export const WEBHOOK_URL_REQUIRED_MESSAGE = 'Webhook URL is required';
export const WEBHOOK_URL_INVALID_MESSAGE = 'Webhook URL must be a valid URL';
/** A host name that does not resolve: it cannot be shown to be public. */
export const WEBHOOK_URL_UNRESOLVED_MESSAGE = 'Webhook URL host could not be resolved';
export const WEBHOOK_EVENTS_REQUIRED_MESSAGE = 'Choose at least one event';
export const WEBHOOK_EVENT_UNKNOWN_MESSAGE = 'Unknown event type';

/** The scheme a URL starts with (`https` of `https://…`, lower case), or null when it names none (`hooks.example.com/x`). */
function schemeOf(value: string): string | null {
  return /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase() ?? null;
}

/** Whether `value` starts with http: or https: (whether the rest parses is another rule). */
function hasWebScheme(value: string): boolean {
  const scheme = schemeOf(value);
  return scheme === 'http' || scheme === 'https';
}

/**
 * A webhook URL: trimmed, at most 2000 characters, with the scheme http or https (400
 * `Webhook URL must use http or https`, also for a URL without a scheme, such as
 * `hooks.example.com/x`: docs/api.md#webhooks), then a URL that parses (`Webhook URL must be a
 * valid URL`, e.g. `https://exa mple.com`). Whether it points at a public address is
 * checked by the server (it needs DNS).
 */
export const webhookUrlField = z
  .string({ error: WEBHOOK_URL_REQUIRED_MESSAGE })
  .trim()
  .min(1, WEBHOOK_URL_REQUIRED_MESSAGE)
  .max(WEBHOOK_URL_MAX, tooLongMessage('Webhook URL', WEBHOOK_URL_MAX))
  .refine(isStorableText, unstorableMessage('Webhook URL'))
  .refine(hasWebScheme, WEBHOOK_URL_SCHEME_MESSAGE)
  .refine((value) => !hasWebScheme(value) || URL.canParse(value), WEBHOOK_URL_INVALID_MESSAGE);

/**
 * The events of a subscription: a non-empty list of known types, or `["*"]` (all). Unknown
 * types are 400 VALIDATION_FAILED (docs/api.md#webhooks); duplicates are dropped, and `*` with
 * other types is just `["*"]`.
 */
export const webhookEventsField = z
  .array(z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_ALL_EVENTS], { error: WEBHOOK_EVENT_UNKNOWN_MESSAGE }), {
    error: WEBHOOK_EVENTS_REQUIRED_MESSAGE,
  })
  .min(1, WEBHOOK_EVENTS_REQUIRED_MESSAGE)
  .max(WEBHOOK_EVENT_TYPES.length + 1, WEBHOOK_EVENTS_REQUIRED_MESSAGE)
  .transform((events) => (events.includes(WEBHOOK_ALL_EVENTS) ? [WEBHOOK_ALL_EVENTS] : [...new Set(events)]));

/** A description on create: optional, trimmed, at most 500 characters; empty is none. */
const descriptionField = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, tooLongMessage('Description', WEBHOOK_DESCRIPTION_MAX))
  .refine(isStorableText, unstorableMessage('Description'))
  .nullish();

/** `webhooks.create` input (`POST /api/webhooks`): `{url, events, description?}`. */
export const ZCreateWebhookRequest = z.object({
  url: webhookUrlField,
  events: webhookEventsField,
  description: descriptionField.transform((value) => (value ? value : null)),
});
export type CreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

/**
 * `webhooks.update` input (`PUT /api/webhooks/{id}`): partial (docs/api.md#the-envelope); a
 * description of `null` or `""` clears it.
 */
export const ZUpdateWebhookRequest = z.object({
  id: idField('Webhook not found'),
  url: webhookUrlField.optional(),
  events: webhookEventsField.optional(),
  description: descriptionField.transform((value) => (value === undefined ? undefined : value ? value : null)),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type UpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

/** `webhooks.list` input (`GET /api/webhooks`): a page, newest first. */
export const ZWebhookListRequest = z.object({ ...paginationFields });

/** A webhook by id (path parameter). */
export const ZWebhookByIdRequest = z.object({ id: idField('Webhook not found') });

/** `webhooks.deliveries` input: the webhook, and a page (newest first). */
export const ZWebhookDeliveriesRequest = z.object({ id: idField('Webhook not found'), ...paginationFields });

/** `webhooks.resend` input: the webhook and one of its deliveries. */
export const ZResendWebhookDeliveryRequest = z.object({
  id: idField('Webhook not found'),
  deliveryId: idField('Delivery not found'),
});

/** A webhook as listed: never its secret. */
export const ZWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof ZWebhook>;

/** The answer to a create: the webhook and its signing secret (`whsec_…`), shown this once. */
export const ZCreatedWebhook = ZWebhook.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookListResponse = z.object({ items: z.array(ZWebhook), total: z.number().int() });
export type WebhookListResponse = z.infer<typeof ZWebhookListResponse>;

/**
 * One delivery of an event to a webhook (docs/api.md#webhooks). `id` is the `webhook-id` header it
 * is sent with.
 */
export const ZWebhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryListResponse = z.object({ items: z.array(ZWebhookDelivery), total: z.number().int() });
export type WebhookDeliveryListResponse = z.infer<typeof ZWebhookDeliveryListResponse>;

/** A resend's answer (202): the delivery's id, sent again now with the same `webhook-id`. */
export const ZResendWebhookDeliveryResponse = z.object({ id: z.string() });
