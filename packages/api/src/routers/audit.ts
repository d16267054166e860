/**
 * audit: the append-only log of sign-ins, account changes and gate events, for admins.
 */
import { ZAuditListRequest, ZAuditListResponse } from '@gatehouse/shared';

import { ACCESS } from '../access';
import { listAuditEvents } from '../services/audit';
import { createTRPCRouter, procedureFor } from '../trpc';

export const auditRouter = createTRPCRouter({
  /** Admin. Input: limit, offset, action, targetId, actorId. Output: `{items, total}`, newest first. */
  list: procedureFor(ACCESS.audit.list)
    .input(ZAuditListRequest)
    .output(ZAuditListResponse)
    .query(({ ctx, input }) => listAuditEvents(ctx.em, input)),
});
