/**
 * payments: community dues (docs/security.md#who-may-do-what, docs/api.md#payments;
 * docs/operations.md#dues-ledger, the dues ledger).
 */
import {
  ZBulkPaymentRequest,
  ZBulkPaymentResponse,
  ZByIdRequest,
  ZCompletePaymentRequest,
  ZCreatePaymentRequest,
  ZPayment,
  ZPaymentListRequest,
  ZPaymentListResponse,
  ZUpdatePaymentRequest,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { communityDate } from '../lib/time';
import {
  bulkCreatePayments,
  completePayment,
  createPayment,
  failPayment,
  getPayment,
  listPayments,
  updatePayment,
} from '../services/payments';
import { createTRPCRouter, procedureFor, type Context } from '../trpc';

/** The community's date now (YYYY-MM-DD): what `overdue` is derived against. */
const todayOf = (ctx: Pick<Context, 'clock' | 'config'>) => communityDate(ctx.clock(), ctx.config.timeZone);

export const paymentsRouter = createTRPCRouter({
  /**
   * Admin: all; resident: their house's. Input: limit, offset, status, houseId, overdue
   * (docs/operations.md#dues-ledger). Output: `{items, total}`.
   */
  list: procedureFor(ACCESS.payments.list)
    .input(ZPaymentListRequest)
    .output(ZPaymentListResponse)
    .query(({ ctx, input }) => listPayments(ctx.em, ctx.user, input, todayOf(ctx))),

  /** One payment; another house's, for a resident: 404. */
  byId: procedureFor(ACCESS.payments.byId)
    .input(ZByIdRequest)
    .output(ZPayment)
    .query(({ ctx, input }) => getPayment(ctx.em, ctx.user, input.id, todayOf(ctx))),

  /** Admin. Input: houseId, amount (USD), type, description?, dueDate?. Output: the payment, pending. */
  create: procedureFor(ACCESS.payments.create)
    .input(ZCreatePaymentRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => createPayment(ctx.em, ctx.actor, input, ctx.clock(), todayOf(ctx))),

  /**
   * Admin (docs/operations.md#dues-ledger): raises dues for the houses named, or every house when
   * `houseIds`
   * is omitted; all or nothing. Input: type, amount (USD), description, dueDate, houseIds?.
   * Output: `{count, ids}`. Errors: 400, 403, 404 `House not found`.
   */
  bulk: procedureFor(ACCESS.payments.bulk)
    .input(ZBulkPaymentRequest)
    .output(ZBulkPaymentResponse)
    .mutation(({ ctx, input }) => bulkCreatePayments(ctx.em, ctx.actor, input, ctx.clock())),

  /** Admin; pending payments only (409 otherwise); partial. */
  update: procedureFor(ACCESS.payments.update)
    .input(ZUpdatePaymentRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => updatePayment(ctx.em, ctx.user, ctx.actor, input, ctx.clock(), todayOf(ctx))),

  /**
   * Admin; from pending only (409 otherwise). Input: id, method? (default `other`),
   * reference?, paidAt? (default now, never in the future). Output: the payment, completed.
   */
  complete: procedureFor(ACCESS.payments.complete)
    .input(ZCompletePaymentRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => completePayment(ctx.em, ctx.user, ctx.actor, input, ctx.clock(), todayOf(ctx))),

  /** Admin; from pending only (409 otherwise). */
  fail: procedureFor(ACCESS.payments.fail)
    .input(ZByIdRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => failPayment(ctx.em, ctx.user, ctx.actor, input.id, ctx.clock(), todayOf(ctx))),
});
