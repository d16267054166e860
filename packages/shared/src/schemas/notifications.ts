/**
 * Notifications (docs/gate.md#notifications): the in-app bell and list, each kind's opt-out, and
 * the
 * Web Push subscriptions of a user's devices.
 */
import { z } from 'zod';

import { paginationFields, uuidField } from './fields';

/**
 * `visitor.blocklist-refused`: an admin's, when the gate was refused a blocklisted visitor
 * (docs/operations.md#blocklist).
 */
export const NOTIFICATION_KIND_NAMES = ['walk-in.waiting', 'visitor.checked-in', 'visitor.checked-out', 'visitor.blocklist-refused'] as const;
export type NotificationKindName = (typeof NOTIFICATION_KIND_NAMES)[number];

/** `notifications.list` input: a page. */
export const ZNotificationListRequest = z.object({ ...paginationFields });
export type NotificationListRequest = z.input<typeof ZNotificationListRequest>;

/**
 * What a notification is about: a visitor, or a recurring pass (docs/operations.md#blocklist: a
 * refused pass check-in).
 */
export const NOTIFICATION_TARGETS = ['visitor', 'pass'] as const;

/**
 * A notification as its user sees it: what happened, to whom, when, and whether it was seen.
 * `visitor` is the person: the visitor, or for `target: "pass"` the pass holder (its id the pass id).
 */
export const ZNotification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KIND_NAMES),
  target: z.enum(NOTIFICATION_TARGETS),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  visitor: z.object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    house: z.object({ id: z.string(), houseNumber: z.string(), block: z.string() }),
  }),
});
export type NotificationJson = z.infer<typeof ZNotification>;

export const ZNotificationListResponse = z.object({
  items: z.array(ZNotification),
  total: z.number().int(),
  unread: z.number().int(),
});

/** `notifications.markRead` input: these ids, or every unread one when absent. */
export const ZMarkReadRequest = z.object({
  ids: z.array(uuidField('Notification not found')).max(100).optional(),
});

/** Which kinds a user is notified of (docs/gate.md#notifications: each can be turned off). */
export const ZNotificationSettings = z.object({
  walkIns: z.boolean({ error: 'walkIns must be true or false' }),
  checkIns: z.boolean({ error: 'checkIns must be true or false' }),
  checkOuts: z.boolean({ error: 'checkOuts must be true or false' }),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

/** The settings and whether this server sends Web Push (VAPID keys configured), with its public key. */
export const ZNotificationSettingsResponse = ZNotificationSettings.extend({
  webPush: z.object({ available: z.boolean(), publicKey: z.string().nullable() }),
});

/** A browser's PushSubscription, as `subscription.toJSON()` gives it. */
export const ZPushSubscriptionRequest = z.object({
  endpoint: z.url({ error: 'Invalid push endpoint', protocol: /^https$/ }).max(1000, 'Invalid push endpoint'),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZPushUnsubscribeRequest = z.object({ endpoint: z.string().max(1000) });
