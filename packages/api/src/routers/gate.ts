/**
 * gate: the gate tablet working offline (offline-gate.md): the pack it verifies passes
 * with (§2), and the Needs review list of entries the server refused on replay (§3).
 */
import { ZGatePack, ZGatePackRequest } from '@gatehouse/shared';

import { ACCESS } from '../access';
import { gatePack } from '../services/gate-pack';
import { createTRPCRouter, procedureFor } from '../trpc';

export const gateRouter = createTRPCRouter({
  /**
   * Guard or admin (offline-gate §2; `GET /api/gate/pack?since=cursor`). Input: `{since?}`.
   * Output: `{items, removed, cursor}`: the passes of today and tomorrow that can still
   * enter (approved) or leave (checked-in), with SHA-256 hashes of token and code instead
   * of them; with `since`, only what changed, and in `removed` the ids that can no longer
   * enter. Errors: 400 since, 401, 403.
   */
  pack: procedureFor(ACCESS.gate.pack)
    .input(ZGatePackRequest)
    .output(ZGatePack)
    .query(({ ctx, input }) => gatePack(ctx.em, input, { now: ctx.clock(), timeZone: ctx.config.timeZone })),
});
