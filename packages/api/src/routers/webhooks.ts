/**
 * webhooks: the endpoints that receive visitor events, and their deliveries (docs/api.md#webhooks).
 * Admins only, never with an API token (access.ts). The deliveries themselves are
 * written by the database and sent by the `WebhookDispatcher`.
 */
import {
  ZCreatedWebhook,
  ZCreateWebhookRequest,
  ZDeletedResponse,
  ZResendWebhookDeliveryRequest,
  ZResendWebhookDeliveryResponse,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookByIdRequest,
  ZWebhookDeliveriesRequest,
  ZWebhookDeliveryListResponse,
  ZWebhookListRequest,
  ZWebhookListResponse,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  resendWebhookDelivery,
  updateWebhook,
  type WebhookUrlPolicy,
} from '../services/webhooks';
import { createTRPCRouter, procedureFor, type Context } from '../trpc';

/** The signed-in actor, whose user id is always known here. */
const actorOf = (ctx: { actor: { userId: string | null; ipAddress: string }; user: { id: string } }) => ({ ...ctx.actor, userId: ctx.user.id });

/** The URL rule of this server (WEBHOOK_ALLOW_PRIVATE). */
const policyOf = (ctx: Context): WebhookUrlPolicy => ({ allowPrivate: ctx.config.webhookAllowPrivate ?? false });

export const webhooksRouter = createTRPCRouter({
  /**
   * Admin (`GET /api/webhooks`). Input: limit, offset. Output: `{items, total}`, newest
   * first, never a secret. Errors: 401, 403.
   */
  list: procedureFor(ACCESS.webhooks.list)
    .input(ZWebhookListRequest)
    .output(ZWebhookListResponse)
    .query(({ ctx, input }) => listWebhooks(ctx.em, input)),

  /**
   * Admin (`POST /api/webhooks`, 201). Input: `{url, events, description?}`. Output: the
   * webhook with its `secret` (`whsec_…`), shown this once. Errors: 400 VALIDATION_FAILED
   * (`Webhook URL must use http or https`, `Webhook URL must be a public address`, an
   * unknown event type, no event), 401, 403.
   */
  create: procedureFor(ACCESS.webhooks.create)
    .input(ZCreateWebhookRequest)
    .output(ZCreatedWebhook)
    .mutation(({ ctx, input }) => createWebhook(ctx.em, actorOf(ctx), input, policyOf(ctx), ctx.clock())),

  /**
   * Admin (`PUT /api/webhooks/{id}`): partial; a new URL is checked again. Input: `{id,
   * url?, events?, description?, isActive?}`. Output: the webhook. Errors: 400 as for
   * create, 404 'Webhook not found'.
   */
  update: procedureFor(ACCESS.webhooks.update)
    .input(ZUpdateWebhookRequest)
    .output(ZWebhook)
    .mutation(({ ctx, input }) => updateWebhook(ctx.em, ctx.actor, input, policyOf(ctx), ctx.clock())),

  /**
   * Admin (`DELETE /api/webhooks/{id}`): removes it and its deliveries. Output `{id}`.
   * Errors: 404 'Webhook not found'.
   */
  delete: procedureFor(ACCESS.webhooks.delete)
    .input(ZWebhookByIdRequest)
    .output(ZDeletedResponse)
    .mutation(({ ctx, input }) => deleteWebhook(ctx.em, ctx.actor, input.id, ctx.clock())),

  /**
   * Admin (`GET /api/webhooks/{id}/deliveries`). Input: `{id, limit?, offset?}`. Output:
   * `{items, total}`, newest first: `{id, event, status, attempts, lastStatusCode,
   * lastError, nextAttemptAt, createdAt}`. Errors: 404 'Webhook not found'.
   */
  deliveries: procedureFor(ACCESS.webhooks.deliveries)
    .input(ZWebhookDeliveriesRequest)
    .output(ZWebhookDeliveryListResponse)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.em, input)),

  /**
   * Admin (`POST /api/webhooks/{id}/deliveries/{deliveryId}/resend`, 202): sends the
   * delivery again now, with the same `webhook-id` and body, from the job queue (the answer
   * does not wait for the receiver). Output `{id}` of the delivery. Errors: 404 'Webhook
   * not found', 404 'Delivery not found'.
   */
  resend: procedureFor(ACCESS.webhooks.resend)
    .input(ZResendWebhookDeliveryRequest)
    .output(ZResendWebhookDeliveryResponse)
    .mutation(async ({ ctx, input }) => {
      const resent = await resendWebhookDelivery(ctx.em, ctx.actor, input, ctx.clock());
      // After the commit, never inside it (on PGlite the queue shares the one connection).
      await ctx.webhooks?.enqueue(resent.id).catch(() => {});
      return resent;
    }),
});
