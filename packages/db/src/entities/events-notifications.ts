/**
 * What is told about visitors: the visitor events (docs/gate.md#live-updates), notifications and
 * Web Push subscriptions (docs/gate.md#notifications).
 */
import { defineEntity, p } from '@mikro-orm/core';

import { createdAt, id, updatedAt } from './common';
import { RecurringPass } from './passes';
import { User } from './users-sessions';
import { VisitorInvitation } from './visitors';
import { community, tenantFilters } from './tenancy';
import { VISITOR_EVENT_WEBHOOK_DELIVERIES } from '../sql/visitor-events';

/** The kinds of visitor event a live subscriber receives (docs/gate.md#live-updates). */
export const VISITOR_EVENT_TYPES = ['visitor.created', 'visitor.updated'] as const;
export type VisitorEventType = (typeof VISITOR_EVENT_TYPES)[number];

/**
 * A visitor event (docs/gate.md#live-updates), written by the triggers on `visitor_invitation`:
 * which
 * visitor, whose house, and the columns a move changes as they were after it (`state`),
 * so that a replay shows each visitor as it was at that event. Ids increase; rows older
 * than a day are pruned.
 */
export const VisitorEventSchema = defineEntity({
  name: 'VisitorEvent',
  tableName: 'visitor_event',
  filters: tenantFilters,
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    community,
    type: p.enum(VISITOR_EVENT_TYPES),
    visitor: () => p.manyToOne(VisitorInvitation).deleteRule('cascade').index(),
    /**
     * The visitor's house and host at the event: who may receive it
     * (docs/security.md#who-may-do-what).
     */
    houseId: p.uuid(),
    hostId: p.uuid().nullable(),
    state: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('current_timestamp').index(),
  },
  triggers: [
    // docs/api.md#webhooks: each event becomes one delivery per active webhook subscribed to its
    // type, written with the event (so exactly once, whatever the number of server
    // processes); the NOTIFY (at commit) carries the event id and wakes the senders.
    {
      name: 'visitor_event_webhook_deliveries',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: VISITOR_EVENT_WEBHOOK_DELIVERIES,
    },
  ],
});
export class VisitorEvent extends VisitorEventSchema.class {}
VisitorEventSchema.setClass(VisitorEvent);

/**
 * The kinds of notification a resident gets (docs/gate.md#notifications), each of which they can
 * turn off.
 */
/**
 * `visitor.blocklist-refused`: written for the admins by the gate's refused check-in
 * (docs/operations.md#blocklist), not by a trigger.
 */
export const NOTIFICATION_KINDS = ['walk-in.waiting', 'visitor.checked-in', 'visitor.checked-out', 'visitor.blocklist-refused'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A resident's notification (docs/gate.md#notifications): a walk-in waits for their house, or their
 * own
 * visitor checked in or out. Written by the triggers on `visitor_invitation` in the same
 * transaction as the move (every path, one place), for each resident who has not turned
 * that kind off; the host of a recurring pass that asks for it, each check-in and
 * check-out of its holder (the triggers on `pass_entry`); and for the admins, a check-in
 * of a visitor or recurring pass the blocklist refused (docs/operations.md#blocklist,
 * services/blocklist.ts); `NOTIFY notification, '<id>'` lets a server with Web Push send it, and
 * `pushed_at` makes exactly one process send it.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notification',
  filters: tenantFilters,
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    community,
    user: () => p.manyToOne(User).deleteRule('cascade'),
    kind: p.enum(NOTIFICATION_KINDS),
    /**
     * Who it is about: a visitor, or (docs/operations.md#blocklist, a refused pass) a recurring
     * pass; exactly one of the two.
     */
    visitor: () => p.manyToOne(VisitorInvitation).deleteRule('cascade').nullable().index(),
    pass: () => p.manyToOne(RecurringPass).deleteRule('cascade').nullable().index(),
    createdAt: p.datetime().defaultRaw('current_timestamp'),
    readAt: p.datetime().nullable(),
    pushedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'notification_user_created_at_index', properties: ['user', 'createdAt'] }],
  checks: [{ name: 'notification_subject_check', expression: 'num_nonnulls(visitor_id, pass_id) = 1' }],
});
export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);

/** Which notifications a user wants (docs/gate.md#notifications); no row: all of them. */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preference',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    walkIns: p.boolean().default(true),
    checkIns: p.boolean().default(true),
    checkOuts: p.boolean().default(true),
    updatedAt: updatedAt(),
  },
});
export class NotificationPreference extends NotificationPreferenceSchema.class {}
NotificationPreferenceSchema.setClass(NotificationPreference);

/**
 * A browser's Web Push subscription (docs/gate.md#notifications); deleted when the push service
 * answers 404 or 410.
 */
export const PushSubscriptionSchema = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscription',
  properties: {
    id: id(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    endpoint: p.string().length(1000).unique(),
    p256dh: p.string().length(200),
    auth: p.string().length(100),
    createdAt: createdAt(),
  },
});
export class PushSubscription extends PushSubscriptionSchema.class {}
PushSubscriptionSchema.setClass(PushSubscription);
