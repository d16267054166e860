/**
 * gate: the gate tablet working offline (docs/gate.md#the-gate-offline): the pack it verifies
 * passes with (docs/gate.md#the-gate-pack), and the Needs review list of entries the server
 * refused on replay (docs/gate.md#needs-review).
 */
import {
  ZCreateGateReviewRequest,
  ZGateInsideRequest,
  ZGateInsideResponse,
  ZGatePack,
  ZGatePackRequest,
  ZGateReview,
  ZGateReviewByIdRequest,
  ZGateReviewListRequest,
  ZGateReviewListResponse,
  ZRecordGateReviewRequest,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { listInside } from '../services/gate-inside';
import { gatePack } from '../services/gate-pack';
import { closeGateReview, createGateReview, listOpenGateReviews } from '../services/gate-reviews';
import { createTRPCRouter, procedureFor } from '../trpc';

/** The signed-in actor, whose user id is always known here. */
const actorOf = (ctx: { actor: { userId: string | null; ipAddress: string }; user: { id: string } }) => ({ ...ctx.actor, userId: ctx.user.id });

export const gateRouter = createTRPCRouter({
  /**
   * Guard or admin (docs/gate.md#the-gate-pack; `GET /api/gate/pack?since=cursor`). Input:
   * `{since?}`.
   * Output: `{items, removed, cursor, codeHash}`: the passes of today and tomorrow that
   * can still enter (approved) or leave (checked-in), with the SHA-256 of the token and a
   * PBKDF2 hash of the code (the day's salt and iterations in `codeHash`) instead of them;
   * with `since` of today, only what changed, and in `removed` the ids that can no longer
   * enter (of an earlier day: the whole pack under the new salt). Errors: 400 since, 401, 403.
   */
  pack: procedureFor(ACCESS.gate.pack)
    .input(ZGatePackRequest)
    .output(ZGatePack)
    .query(({ ctx, input }) => gatePack(ctx.em, input, { now: ctx.clock(), timeZone: ctx.config.timeZone })),

  /**
   * Guard or admin (docs/gate.md#recording-moves-offline; `GET /api/gate/reviews`). Input: limit,
   * offset.
   * Output: `{items, total}`, the open reviews, newest first.
   */
  listReviews: procedureFor(ACCESS.gate.listReviews)
    .input(ZGateReviewListRequest)
    .output(ZGateReviewListResponse)
    .query(({ ctx, input }) => listOpenGateReviews(ctx.em, input)),

  /**
   * Guard or admin (docs/gate.md#recording-moves-offline; `POST /api/gate/reviews`, 201). Input:
   * `{visitorId?,
   * action: 'check-in' | 'check-out', occurredAt, message, code?, details?, idempotencyKey?}`
   * (`visitorId` a visitor's or a recurring pass's id; `code` and `details` the refusal's, as
   * the server answered them). Output: the review, open. Errors: 400, 404 visitor.
   */
  createReview: procedureFor(ACCESS.gate.createReview)
    .input(ZCreateGateReviewRequest)
    .output(ZGateReview)
    .mutation(({ ctx, input }) => createGateReview(ctx.em, actorOf(ctx), input, ctx.clock())),

  /**
   * Guard or admin (docs/gate.md#recording-moves-offline; `POST /api/gate/reviews/{id}/dismiss`).
   * Input: `{id}`.
   * Output: the review, dismissed. Errors: 404, 409 not open.
   */
  dismissReview: procedureFor(ACCESS.gate.dismissReview)
    .input(ZGateReviewByIdRequest)
    .output(ZGateReview)
    .mutation(({ ctx, input }) => closeGateReview(ctx.em, actorOf(ctx), input, 'dismiss', ctx.clock())),

  /**
   * Admin (docs/gate.md#recording-moves-offline; `POST /api/gate/reviews/{id}/record`): records
   * that the person
   * did pass the gate, with a note of 1 to 500 characters, closing the review. Input:
   * `{id, note}`. Output: the review, recorded. Errors: 400 note, 403, 404, 409 not open.
   */
  recordReview: procedureFor(ACCESS.gate.recordReview)
    .input(ZRecordGateReviewRequest)
    .output(ZGateReview)
    .mutation(({ ctx, input }) => closeGateReview(ctx.em, actorOf(ctx), input, 'record', ctx.clock())),

  /**
   * Guard or admin (docs/operations.md#reports-exports-and-inside-now; `GET /api/gate/inside`):
   * Inside now, for an evacuation
   * roll call. Input: nothing. Output: `{items, total}`, everyone checked in now, each
   * `{id, kind, name, phone, houseId: {id, houseNumber, block}, hostName,
   * vehicleLicensePlate, checkInTime, gate}` (gate: where they came in, or null), ordered by
   * gate, house and name, at most 5,000. Errors: 401, 403.
   */
  inside: procedureFor(ACCESS.gate.inside)
    .input(ZGateInsideRequest)
    .output(ZGateInsideResponse)
    .query(({ ctx }) => listInside(ctx.em, ctx.config.timeZone)),
});
