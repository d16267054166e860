/**
 * visitors: invitations and the gate (docs/security.md#who-may-do-what,
 * docs/api.md#visitors-and-their-statuses).
 */
import { tracked } from '@trpc/server';
import { z } from 'zod';
import {
  ZBlocklistRefusalListResponse,
  ZByIdRequest,
  ZDecisionRequest,
  ZPutPhotoRequest,
  ZVisitorEventsRequest,
  ZGateSettings,
  DEFAULT_OVERSTAY_GRACE_MINUTES,
  DEFAULT_WALKIN_ESCALATE_SECONDS,
  DEFAULT_COMMUNITY_NAME,
  ZWalkInRequest,
  ZGateTransitionRequest,
  ZInviteVisitorRequest,
  ZScanRequest,
  ZGateVisitor,
  ZGateSubject,
  ZScannedRecurringPass,
  ZVisitor,
  ZVisitorActivityResponse,
  ZVisitorExportRequest,
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
import { getVisitorPhoto, putVisitorPhoto } from '../services/visitor-photos';
import { eraseVisitor } from '../services/visitor-privacy';
import { visitorExport, ZCsvExport } from '../services/exports';
import { listBlocklistRefusals } from '../services/blocklist';
import { sameStreamAccess, sessionResolver } from '../services/sessions';
import { StreamEndedError, streamEndedError } from '../services/visitor-events';
import { houseIdOf } from '../lib/serialize';
import { httpError } from '../errors';
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

  /**
   * Staff: all; residents: their house's. Input: ZVisitorListRequest (limit, offset, status,
   * from, to, houseId, gateId, q). Output: `{items, total}`, nearest visit first (checked-in:
   * latest check-in first). Errors: 400 input.
   */
  list: procedureFor(ACCESS.visitors.list)
    .input(ZVisitorListRequest)
    .output(ZVisitorListResponse)
    .query(({ ctx, input }) => listVisitors(ctx.em, ctx.user, input, 'visible', clockOf(ctx))),

  /** The invitations the caller hosts. Input and order as `list`. Output: `{items, total}`. */
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

  /**
   * Guard or admin: every check-in of the visitor the blocklist refused
   * (docs/operations.md#blocklist),
   * newest first: when, gate, who, reason. Input: `{id}`. Output: `{items}`. Errors: 403
   * residents, 404 'Visitor not found'.
   */
  blocklistRefusals: procedureFor(ACCESS.visitors.blocklistRefusals)
    .input(ZByIdRequest)
    .output(ZBlocklistRefusalListResponse)
    .query(({ ctx, input }) => listBlocklistRefusals(ctx.em, input.id)),

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

  /**
   * Guard or admin. Input: `{token}`. Output: the visitor, any status, plus `blocklisted:
   * {reason} | null` (docs/operations.md#blocklist). Errors: 400 empty, 404 unknown.
   */
  scan: procedureFor(ACCESS.visitors.scan)
    // A user over the failed-scan limit gets 429 for every scan, a malformed one included
    // (docs/gate.md#verifying-a-pass): checked before the input is validated.
    .use(({ ctx, next }) => {
      ctx.failedScans.assertMayScan(ctx.actor, ctx.clock());
      return next();
    })
    .input(ZScanRequest)
    // docs/operations.md#frequent-visitors: or a recurring pass (`kind: 'recurring'`, with this
    // month's entries).
    .output(z.union([ZGateVisitor, ZScannedRecurringPass]))
    .mutation(({ ctx, input }) => scanPass(ctx.em, ctx.actor, input.token, clockOf(ctx), ctx.failedScans)),

  /**
   * Guard or admin. Input: `{visitorId, notes?, occurredAt?, override?}` (`occurredAt`: a
   * check-in the gate recorded offline, docs/gate.md#recording-moves-offline; `override`: an admin
   * checks in a
   * blocklisted visitor, with notes, docs/operations.md#blocklist). Output: the checked-in visitor.
   * Errors: 400 occurredAt (also one more than 2 minutes before the visitor could enter:
   * `check-in-before-invitation`, `-approval`, `-pass`), notes of an override; 403 a guard's
   * override; 404; 409 (INVALID_TRANSITION; BLOCKLISTED 'This visitor is on the community blocklist').
   */
  checkIn: procedureFor(ACCESS.visitors.checkIn)
    .input(ZGateTransitionRequest)
    // docs/operations.md#frequent-visitors: `visitorId` may name a recurring pass: the pass with
    // this month's entries.
    .output(ZGateSubject)
    .mutation(({ ctx, input }) => checkInVisitor(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx))),

  /**
   * Guard or admin. Input: `{visitorId, notes?, occurredAt?}`
   * (docs/gate.md#recording-moves-offline). Output: the
   * checked-out visitor. Errors: 400 occurredAt, 404, 409 (status; 'Check-out cannot be
   * before check-in').
   */
  checkOut: procedureFor(ACCESS.visitors.checkOut)
    .input(ZGateTransitionRequest)
    // docs/operations.md#frequent-visitors: `visitorId` may name a recurring pass: the pass with
    // this month's entries.
    .output(ZGateSubject)
    .mutation(({ ctx, input }) => checkOutVisitor(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx))),

  /**
   * Guard or admin (docs/gate.md#walk-ins). Input: `{name, phone, houseId, purpose?,
   * vehicleLicensePlate?}`.
   * Output: the walk-in, status pending, no host, with its pass, plus `blocklisted: {reason} |
   * null` (docs/operations.md#blocklist). Errors: 400, 404 house.
   */
  walkIn: procedureFor(ACCESS.visitors.walkIn)
    .input(ZWalkInRequest)
    .output(ZGateVisitor)
    .mutation(({ ctx, input }) => registerWalkIn(ctx.em, ctx.actor, input, clockOf(ctx))),

  /**
   * A resident of the visitor's house, an admin, or a guard with a reason (docs/gate.md#walk-ins).
   * Input: `{id, reason?}`. Output: the visitor, approved. Errors: 400 reason, 404, 409.
   */
  approve: procedureFor(ACCESS.visitors.approve)
    .input(ZDecisionRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => decideWalkIn(ctx.em, ctx.user, ctx.actor, input, 'approve', clockOf(ctx))),

  /**
   * A resident of the visitor's house or an admin (docs/gate.md#walk-ins). Input: `{id, reason?}`.
   * Output: the visitor, rejected. Errors: 404, 409.
   */
  reject: procedureFor(ACCESS.visitors.reject)
    .input(ZDecisionRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => decideWalkIn(ctx.em, ctx.user, ctx.actor, input, 'reject', clockOf(ctx))),

  /**
   * Guard or admin (docs/gate.md#walk-ins): stores the visitor's photo. Input: `{id, jpeg}` (bytes;
   * over REST the request body of `PUT /api/visitors/{id}/photo`). Output: the visitor,
   * `hasPhoto` true. Errors: 400 not a JPEG or over 200 KB, 404, 409 not pending/approved.
   */
  putPhoto: procedureFor(ACCESS.visitors.putPhoto)
    .input(ZPutPhotoRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => putVisitorPhoto(ctx.em, ctx.actor, input, ctx.clock())),

  /**
   * Whoever may read the visitor (docs/gate.md#walk-ins). Input: `{id}`. Output: the JPEG's bytes
   * (over REST `GET /api/visitors/{id}/photo`, `image/jpeg`). Errors: 404 visitor or photo.
   */
  photo: procedureFor(ACCESS.visitors.photo)
    .input(ZByIdRequest)
    .output(z.instanceof(Uint8Array))
    .query(({ ctx, input }) => getVisitorPhoto(ctx.em, ctx.user, input.id)),

  /**
   * Signed in (docs/gate.md#live-updates): a subscription (server-sent events; over REST `GET
   * /api/events`) of `visitor.created` and `visitor.updated` events, each `{type, visitor}`
   * with the visitor JSON, for the visitors the caller may read (residents: their house's
   * and the ones they host). Input: `{lastEventId?}` to resume: the missed events of the
   * last 15 minutes first, else one `{type: 'reset'}`. Each event is tracked by its id
   * (the SSE `id`). Admins also get `{type: 'blocklist.refused'}` (docs/operations.md#blocklist)
   * when the
   * gate is refused a blocklisted visitor or pass (untracked; the notifications say who).
   * A session or API token holds at most 3 streams, a user 5 (in each server process):
   * one more ends the oldest with 429 (Retry-After 60 s). A stream ends at once when its
   * session or token is revoked or its user deactivated (401), or the user's role or house
   * changes (503: the client reconnects with its new rights); expiry is checked every minute.
   * Errors: 401; 503 'Live updates are not available' when the server runs without them.
   */
  events: procedureFor(ACCESS.visitors.events)
    .input(ZVisitorEventsRequest)
    .subscription(async function* ({ ctx, input, signal }) {
      if (!ctx.events) throw httpError(503, 'Live updates are not available');
      const { id, role } = ctx.user;
      const houseId = houseIdOf(ctx.user);
      // The caller again, in the stream's community: the role and house there (docs/api.md#communities).
      const sessionNow = () => sessionResolver(ctx.db, ctx.bearerToken, ctx.clock, ctx.config.sessionIdleDays, ctx.community.id)();
      const stillAllowed = async () => sameStreamAccess(await sessionNow(), { userId: id, role, houseId, communityId: ctx.community.id });
      const owner = { userId: id, sessionId: ctx.sessionId, apiTokenId: ctx.apiToken?.id ?? null };
      try {
        // docs/api.md#communities: the events of the call's community only.
        const reader = { id, role, house: ctx.user.house, communityId: ctx.community.id };
        for await (const item of ctx.events.stream(reader, { owner, lastEventId: input.lastEventId, signal, stillAllowed })) {
          if (item.type === 'reset' || item.type === 'blocklist.refused') yield { type: item.type };
          else yield tracked(item.id, { type: item.type, visitor: item.visitor });
        }
      } catch (error) {
        if (error instanceof StreamEndedError) throw await streamEndedError(error.reason, async () => (await sessionNow()) !== null);
        throw error;
      }
    }),

  /**
   * Admin (docs/privacy.md#retention-and-erasure): erases the visitor's personal data at once (name
   * "Visitor";
   * phone, e-mail, plate, purpose, notes and photo removed; `anonymisedAt` set), whatever
   * its status; audit `visitor.erased` with who asked. Input: `{id}`. Output: the erased
   * visitor. Errors: 403 not an admin, 404 'Visitor not found'.
   */
  erase: procedureFor(ACCESS.visitors.erase)
    .input(ZByIdRequest)
    .output(ZVisitor)
    .mutation(({ ctx, input }) => eraseVisitor(ctx.em, ctx.actor, input.id, ctx.clock())),

  /**
   * Resident (their house's) or admin (docs/operations.md#reports-exports-and-inside-now): the
   * visitors as a CSV export, over
   * REST `GET /api/visitors/export.csv`: what the list shows under the same filters.
   * Input: ZVisitorExportRequest (`from`, `to`, `status`, `houseId`, `gateId`, `q`, `mine`).
   * Output: `{filename, columns, rows}`, the rows read lazily in pages (services/exports.ts),
   * over REST or a tRPC stream (`trpc-accept: application/jsonl`), within the process's
   * export limit (`ctx.exports`). Errors: 400 input or range (over 366 days), 403 guards;
   * at the first row, 429 while two exports run; a reader that stops for a minute is cut.
   */
  exportCsv: procedureFor(ACCESS.visitors.exportCsv)
    .input(ZVisitorExportRequest)
    .output(ZCsvExport)
    .query(async ({ ctx, input }) => ctx.exports.limit(await visitorExport(ctx.em, ctx.user, input, clockOf(ctx)), ctx.cutConnection)),

  /**
   * Signed in: the community's name (for the passes residents share) and its gate settings
   * (docs/configuration.md#environment-variables): time zone, early check-in, the time a resident
   * has to decide a walk-in,
   * when the gate is offered the phones, and the overstay grace. Output: ZGateSettings. No
   * REST path: the web app's own.
   */
  settings: procedureFor(ACCESS.visitors.settings)
    .output(ZGateSettings)
    .query(({ ctx }) => ({
      communityName: ctx.config.communityName ?? DEFAULT_COMMUNITY_NAME,
      timeZone: ctx.config.timeZone,
      earlyCheckinMinutes: ctx.config.earlyCheckinMinutes,
      walkinApprovalMinutes: ctx.config.walkinApprovalMinutes,
      walkinEscalateSeconds: ctx.config.walkinEscalateSeconds ?? DEFAULT_WALKIN_ESCALATE_SECONDS,
      overstayGraceMinutes: ctx.config.overstayGraceMinutes ?? DEFAULT_OVERSTAY_GRACE_MINUTES,
    })),
});
