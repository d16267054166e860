/**
 * visitors: invitations and the gate (server-contract §5, §6).
 */
import {
  ZByIdRequest,
  ZDecisionRequest,
  ZWalkInRequest,
  ZGateTransitionRequest,
  ZInviteVisitorRequest,
  ZScanRequest,
  ZVisitor,
  ZVisitorActivityResponse,
  ZVisitorListRequest,
  ZVisitorListResponse,
  ZVisitorSummaryListResponse,
} from '@gatehouse/shared';

import {
  cancelVisitor,
  checkInVisitor,
  checkOutVisitor,
  decideWalkIn,
  registerWalkIn,
  getVisitor,
  getVisitorActivity,
  inviteVisitor,
  listVisitors,
  scanPass,
} from '../services/visitors';
import { ACCESS } from '../access';
import { createTRPCRouter, procedureFor, type Context } from '../trpc';

const clockOf = (ctx: Context) => ({
  now: ctx.clock(),
  timeZone: ctx.config.timeZone,
  earlyCheckinMinutes: ctx.config.earlyCheckinMinutes,
  walkinApprovalMinutes: ctx.config.walkinApprovalMinutes,
});

export const visitorsRouter = createTRPCRouter({
  /**
   * Resident (own house) or admin (any house). Input: ZInviteVisitorRequest. Output: the
   * visitor, status approved, with its pass. Errors: 400, 403, 404 house.
   */
  invite: procedureFor(ACCESS.visitors.invite)
    .input(ZInviteVisitorRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => inviteVisitor(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx))),

  /** Staff: all; residents: their house's. Input: limit, offset, status. Output: `{items, total}`. */
  list: procedureFor(ACCESS.visitors.list)
    .input(ZVisitorListRequest)
    .output(ZVisitorListResponse)
    .query(({ ctx, input }) => listVisitors(ctx.em, ctx.user, input, 'visible', clockOf(ctx))),

  /** The invitations the caller hosts. Input: limit, offset, status. Output: `{items, total}`. */
  myInvitations: procedureFor(ACCESS.visitors.myInvitations)
    .input(ZVisitorListRequest)
    .output(ZVisitorListResponse)
    .query(({ ctx, input }) => listVisitors(ctx.em, ctx.user, input, 'hosted', clockOf(ctx))),

  /**
   * The web app's list: as `list`, without each visitor's pass (QR image and token).
   * Output: `{items, total}` of visitor summaries.
   */
  listSummaries: procedureFor(ACCESS.visitors.list)
    .input(ZVisitorListRequest)
    .output(ZVisitorSummaryListResponse)
    .query(({ ctx, input }) => listVisitors(ctx.em, ctx.user, input, 'visible', clockOf(ctx), 'summary')),

  /** The web app's my-invitations list: as `myInvitations`, without the passes. */
  myInvitationSummaries: procedureFor(ACCESS.visitors.myInvitations)
    .input(ZVisitorListRequest)
    .output(ZVisitorSummaryListResponse)
    .query(({ ctx, input }) => listVisitors(ctx.em, ctx.user, input, 'hosted', clockOf(ctx), 'summary')),

  /** One invitation. Errors: 404 'Visitor not found' (also for a resident outside their house). */
  byId: procedureFor(ACCESS.visitors.byId)
    .input(ZByIdRequest)
    .output(ZVisitor)
    .query(({ ctx, input }) => getVisitor(ctx.em, ctx.user, input.id, clockOf(ctx))),

  /** The visitor's Activity Log, oldest first. Same visibility as byId (else 404). */
  activity: procedureFor(ACCESS.visitors.activity)
    .input(ZByIdRequest)
    .output(ZVisitorActivityResponse)
    .query(({ ctx, input }) => getVisitorActivity(ctx.em, ctx.user, input.id)),

  /** Resident (host or same house) or admin. Output: the cancelled visitor. Errors: 403 guard, 404, 409. */
  cancel: procedureFor(ACCESS.visitors.cancel)
    .input(ZByIdRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => cancelVisitor(ctx.em, ctx.user, ctx.actor, input.id, clockOf(ctx))),

  /** Guard or admin. Input: `{token}`. Output: the visitor, any status. Errors: 400 empty, 404 unknown. */
  scan: procedureFor(ACCESS.visitors.scan)
    .input(ZScanRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => scanPass(ctx.em, ctx.actor, input.token, clockOf(ctx), ctx.failedScans)),

  /** Guard or admin. Input: `{visitorId, notes?}`. Output: the checked-in visitor. Errors: 404, 409. */
  checkIn: procedureFor(ACCESS.visitors.checkIn)
    .input(ZGateTransitionRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => checkInVisitor(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx))),

  /** Guard or admin. Input: `{visitorId, notes?}`. Output: the checked-out visitor. Errors: 404, 409. */
  checkOut: procedureFor(ACCESS.visitors.checkOut)
    .input(ZGateTransitionRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => checkOutVisitor(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx))),

  /**
   * Guard or admin (live-gate §2). Input: `{name, phone, houseId, purpose?, vehicleLicensePlate?}`.
   * Output: the walk-in, status pending, no host, with its pass. Errors: 400, 404 house.
   */
  walkIn: procedureFor(ACCESS.visitors.walkIn)
    .input(ZWalkInRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => registerWalkIn(ctx.em, ctx.actor, input, clockOf(ctx))),

  /**
   * A resident of the visitor's house, an admin, or a guard with a reason (live-gate §2).
   * Input: `{id, reason?}`. Output: the visitor, approved. Errors: 400 reason, 404, 409.
   */
  approve: procedureFor(ACCESS.visitors.approve)
    .input(ZDecisionRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => decideWalkIn(ctx.em, ctx.user, ctx.actor, input, 'approve', clockOf(ctx))),

  /** A resident of the visitor's house or an admin (live-gate §2). Input: `{id, reason?}`. Output: the visitor, rejected. Errors: 404, 409. */
  reject: procedureFor(ACCESS.visitors.reject)
    .input(ZDecisionRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => decideWalkIn(ctx.em, ctx.user, ctx.actor, input, 'reject', clockOf(ctx))),
});
