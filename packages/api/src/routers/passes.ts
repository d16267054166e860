/**
 * passes: recurring passes for frequent visitors (docs/operations.md#frequent-visitors). Who may
 * call what is the
 * access matrix's (`ACCESS.passes`: as visitors); which passes a resident reaches, and the
 * pass rules, are the service's (`services/passes.ts`) and the state machine's.
 */
import {
  ZByIdRequest,
  ZCreatePassRequest,
  ZPassByIdRequest,
  ZPassListRequest,
  ZPassListResponse,
  ZRecurringPass,
  ZRecurringPassWithEntries,
  ZUpdatePassRequest,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { createPass, getPass, listPasses, movePass, updatePass } from '../services/passes';
import { newPassToken, passQrDataUrl } from '../services/visitors';
import { createTRPCRouter, procedureFor, type Context } from '../trpc';

const clockOf = (ctx: Context) => ({ now: ctx.clock(), timeZone: ctx.config.timeZone, earlyCheckinMinutes: ctx.config.earlyCheckinMinutes });

export const passesRouter = createTRPCRouter({
  /**
   * Resident (own house) or admin (any house); `POST /api/passes`, 201. Input:
   * ZCreatePassRequest `{name, phone, email?, purpose?, vehicleLicensePlate?, houseId,
   * weekdays: ['mon', …], timeFrom, timeTo, startDate, endDate}`. Output: the pass, active,
   * with its QR token, 7-digit code and PNG QR. Errors: 400 (`Choose at least one day`, `A
   * pass can last at most 12 months`, the invitation's field messages), 403, 404 house.
   */
  create: procedureFor(ACCESS.passes.create)
    .input(ZCreatePassRequest)
    .output(ZRecurringPass)
    .mutation(({ ctx, input }) => createPass(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx), passQrDataUrl, newPassToken)),

  /** Signed in (`GET /api/passes`): staff all, residents their house's and hosted ones. Input: limit, offset, status. Output: `{items, total}`. */
  list: procedureFor(ACCESS.passes.list)
    .input(ZPassListRequest)
    .output(ZPassListResponse)
    .query(({ ctx, input }) => listPasses(ctx.em, ctx.user, input, clockOf(ctx))),

  /**
   * Signed in (`GET /api/passes/{id}?month=YYYY-MM`): the pass with its entries of the
   * month (default the current one, community zone), newest first. Errors: 400 month, 404.
   */
  byId: procedureFor(ACCESS.passes.byId)
    .input(ZPassByIdRequest)
    .output(ZRecurringPassWithEntries)
    .query(({ ctx, input }) => getPass(ctx.em, ctx.user, input, clockOf(ctx))),

  /** Host, residents of the house, admin (`PUT /api/passes/{id}`). Input: ZUpdatePassRequest. Output: the pass. Errors: 400, 403 guard, 404, 409 cancelled/ended. */
  update: procedureFor(ACCESS.passes.update)
    .input(ZUpdatePassRequest)
    .output(ZRecurringPass)
    .mutation(({ ctx, input }) => updatePass(ctx.em, ctx.user, ctx.actor, input, clockOf(ctx))),

  /** Host, residents of the house, admin (`POST /api/passes/{id}/pause`): active → paused. Errors: 403 guard, 404, 409. */
  pause: procedureFor(ACCESS.passes.pause)
    .input(ZByIdRequest)
    .output(ZRecurringPass)
    .mutation(({ ctx, input }) => movePass(ctx.em, ctx.user, ctx.actor, input.id, 'pause', clockOf(ctx))),

  /** Host, residents of the house, admin (`POST /api/passes/{id}/resume`): paused → active. Errors: 403 guard, 404, 409. */
  resume: procedureFor(ACCESS.passes.resume)
    .input(ZByIdRequest)
    .output(ZRecurringPass)
    .mutation(({ ctx, input }) => movePass(ctx.em, ctx.user, ctx.actor, input.id, 'resume', clockOf(ctx))),

  /** Host, residents of the house, admin (`DELETE /api/passes/{id}`): active or paused → cancelled. Errors: 403 guard, 404, 409. */
  cancel: procedureFor(ACCESS.passes.cancel)
    .input(ZByIdRequest)
    .output(ZRecurringPass)
    .mutation(({ ctx, input }) => movePass(ctx.em, ctx.user, ctx.actor, input.id, 'cancel', clockOf(ctx))),
});
