/**
 * notifications: the signed-in user's own notifications (docs/gate.md#notifications): the bell's
 * list
 * and count, marking read, each kind's opt-out, and the Web Push subscriptions of their
 * devices. No REST paths: the web app's own.
 */
import {
  ZMarkReadRequest,
  ZNotificationListRequest,
  ZNotificationListResponse,
  ZNotificationSettings,
  ZNotificationSettingsResponse,
  ZPushSubscriptionRequest,
  ZPushUnsubscribeRequest,
} from '@gatehouse/shared';
import { z } from 'zod';

import { ACCESS } from '../access';
import {
  countNotifications,
  deletePushSubscription,
  getNotificationSettings,
  listNotifications,
  markNotificationsRead,
  savePushSubscription,
  updateNotificationSettings,
} from '../services/notifications';
import { createTRPCRouter, procedureFor, type Context } from '../trpc';

const webPushOf = (ctx: Context) => ({
  available: Boolean(ctx.config.webPushPublicKey),
  publicKey: ctx.config.webPushPublicKey ?? null,
});

export const notificationsRouter = createTRPCRouter({
  /** Input: limit, offset. Output: `{items, total, unread}`, newest first. */
  list: procedureFor(ACCESS.notifications.list)
    .input(ZNotificationListRequest)
    .output(ZNotificationListResponse)
    .query(({ ctx, input }) => listNotifications(ctx.em, ctx.user, input)),

  /** Output: `{total, unread}`: the bell's count. */
  count: procedureFor(ACCESS.notifications.count)
    .output(z.object({ total: z.number().int(), unread: z.number().int() }))
    .query(({ ctx }) => countNotifications(ctx.em, ctx.user)),

  /** Input: `{ids?}` (all unread when absent). Output: `{unread}` after. */
  markRead: procedureFor(ACCESS.notifications.markRead)
    .input(ZMarkReadRequest)
    .output(z.object({ unread: z.number().int() }))
    .mutation(({ ctx, input }) => markNotificationsRead(ctx.em, ctx.user, input.ids, ctx.clock())),

  /** Output: which kinds the user gets, and whether this server sends Web Push (with its VAPID public key). */
  settings: procedureFor(ACCESS.notifications.settings)
    .output(ZNotificationSettingsResponse)
    .query(async ({ ctx }) => ({ ...(await getNotificationSettings(ctx.em, ctx.user)), webPush: webPushOf(ctx) })),

  /** Input: `{walkIns, checkIns, checkOuts}`. Output: the settings, as `settings`. Errors: 400. */
  updateSettings: procedureFor(ACCESS.notifications.updateSettings)
    .input(ZNotificationSettings)
    .output(ZNotificationSettingsResponse)
    .mutation(async ({ ctx, input }) => ({ ...(await updateNotificationSettings(ctx.em, ctx.user, input, ctx.clock())), webPush: webPushOf(ctx) })),

  /** Input: a browser PushSubscription (`{endpoint, keys: {p256dh, auth}}`, https only). Errors: 400. */
  subscribePush: procedureFor(ACCESS.notifications.subscribePush)
    .input(ZPushSubscriptionRequest)
    .output(z.object({ subscribed: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await savePushSubscription(ctx.em, ctx.user, input);
      return { subscribed: true as const };
    }),

  /** Input: `{endpoint}`. Forgets that device (the caller's own only). */
  unsubscribePush: procedureFor(ACCESS.notifications.unsubscribePush)
    .input(ZPushUnsubscribeRequest)
    .output(z.object({ subscribed: z.literal(false) }))
    .mutation(async ({ ctx, input }) => {
      await deletePushSubscription(ctx.em, ctx.user, input.endpoint);
      return { subscribed: false as const };
    }),
});
