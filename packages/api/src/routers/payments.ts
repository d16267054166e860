/**
 * payments: community dues (server-contract §5, §7).
 */
import {
  ZByIdRequest,
  ZCreatePaymentRequest,
  ZPayment,
  ZPaymentListRequest,
  ZPaymentListResponse,
  ZUpdatePaymentRequest,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { createPayment, getPayment, listPayments, settlePayment, updatePayment } from '../services/payments';
import { createTRPCRouter, procedureFor } from '../trpc';

export const paymentsRouter = createTRPCRouter({
  /** Admin: all; resident: their house's. Input: limit, offset, status, houseId. Output: `{items, total}`. */
  list: procedureFor(ACCESS.payments.list)
    .input(ZPaymentListRequest)
    .output(ZPaymentListResponse)
    .query(({ ctx, input }) => listPayments(ctx.em, ctx.user, input)),

  /** One payment; another house's, for a resident: 404. */
  byId: procedureFor(ACCESS.payments.byId)
    .input(ZByIdRequest)
    .output(ZPayment)
    .query(({ ctx, input }) => getPayment(ctx.em, ctx.user, input.id)),

  /** Admin. Input: houseId, amount (USD), type, description?, dueDate?. Output: the payment, pending. */
  create: procedureFor(ACCESS.payments.create)
    .input(ZCreatePaymentRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => createPayment(ctx.em, ctx.actor, input, ctx.clock())),

  /** Admin; pending payments only (409 otherwise); partial. */
  update: procedureFor(ACCESS.payments.update)
    .input(ZUpdatePaymentRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => updatePayment(ctx.em, ctx.user, ctx.actor, input, ctx.clock())),

  /** Admin; from pending only (409 otherwise); sets paidAt. */
  complete: procedureFor(ACCESS.payments.complete)
    .input(ZByIdRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => settlePayment(ctx.em, ctx.user, ctx.actor, input.id, 'complete', ctx.clock())),

  /** Admin; from pending only (409 otherwise). */
  fail: procedureFor(ACCESS.payments.fail)
    .input(ZByIdRequest)
    .output(ZPayment)
    .mutation(({ ctx, input }) => settlePayment(ctx.em, ctx.user, ctx.actor, input.id, 'fail', ctx.clock())),
});
