/**
 * blocklist: the community blocklist (docs/operations.md#blocklist), admins only. How the gate uses
 * it
 * (the scan's `blocklisted`, the refused check-in, the admin's override) is in
 * services/visitors.ts and the state machine; the matching SQL in services/blocklist.ts.
 */
import {
  ZBlocklistByIdRequest,
  ZBlocklistEntry,
  ZBlocklistListRequest,
  ZBlocklistListResponse,
  ZBlocklistRemoveResponse,
  ZCreateBlocklistEntryRequest,
} from '@gatehouse/shared';

import { ACCESS } from '../access';
import { addBlocklistEntry, listBlocklist, removeBlocklistEntry } from '../services/blocklist';
import { createTRPCRouter, procedureFor } from '../trpc';

export const blocklistRouter = createTRPCRouter({
  /**
   * Admin (`GET /api/blocklist`). Input: limit, offset. Output: `{items, total}`, newest
   * first, each `{id, name, phone, licensePlate, reason, addedBy: {id, name}, createdAt}`.
   * Errors: 401, 403.
   */
  list: procedureFor(ACCESS.blocklist.list)
    .input(ZBlocklistListRequest)
    .output(ZBlocklistListResponse)
    .query(({ ctx, input }) => listBlocklist(ctx.em, input)),

  /**
   * Admin (`POST /api/blocklist`, 201). Input: `{name, phone?, licensePlate?, reason}`.
   * Output: the entry. Errors: 400 VALIDATION_FAILED ('Name is required', 'Reason is
   * required', 'Give a phone number or a licence plate', 'Invalid phone number format',
   * lengths), 401, 403.
   */
  create: procedureFor(ACCESS.blocklist.create)
    .input(ZCreateBlocklistEntryRequest)
    .output(ZBlocklistEntry)
    .mutation(({ ctx, input }) => addBlocklistEntry(ctx.em, { ...ctx.actor, userId: ctx.user.id }, input, ctx.clock())),

  /**
   * Admin (`DELETE /api/blocklist/{id}`): removes the entry. Input: `{id}`. Output: `{id}`.
   * Errors: 401, 403, 404 'Blocklist entry not found'.
   */
  remove: procedureFor(ACCESS.blocklist.remove)
    .input(ZBlocklistByIdRequest)
    .output(ZBlocklistRemoveResponse)
    .mutation(({ ctx, input }) => removeBlocklistEntry(ctx.em, ctx.actor, input.id, ctx.clock())),
});
