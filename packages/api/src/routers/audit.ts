/**
 * audit: the append-only log of sign-ins, account changes and gate events, for admins.
 */
import { ZAuditExportRequest, ZAuditListRequest, ZAuditListResponse } from '@gatehouse/shared';

import { ACCESS } from '../access';
import { listAuditEvents } from '../services/audit';
import { auditExport, ZCsvExport } from '../services/exports';
import { createTRPCRouter, procedureFor } from '../trpc';

export const auditRouter = createTRPCRouter({
  /**
   * Admin. Input: limit, offset, action, actorId, targetType, targetId, apiTokenId, from, to
   * (the events' days in the community's zone). Output: `{items, total}`, newest first, each
   * with its target's label. Errors: 400 input, 403.
   */
  list: procedureFor(ACCESS.audit.list)
    .input(ZAuditListRequest)
    .output(ZAuditListResponse)
    .query(({ ctx, input }) => listAuditEvents(ctx.em, input, ctx.config.timeZone)),

  /**
   * Admin (docs/operations.md#reports-exports-and-inside-now): the audit log as a CSV export, over
   * REST `GET /api/audit/export.csv`.
   * Input: `from`, `to` (the events' days in the community's zone; default the last 30 days;
   * at most 366 days) and the list's filters (action, actorId, targetType, targetId,
   * apiTokenId). Output: `{filename, columns, rows}`, the rows read lazily in pages, within
   * the process's export limit (`ctx.exports`, as the visitor export).
   * Errors: 400, 403; at the first row, 429 while two exports run.
   */
  exportCsv: procedureFor(ACCESS.audit.exportCsv)
    .input(ZAuditExportRequest)
    .output(ZCsvExport)
    .query(async ({ ctx, input }) =>
      ctx.exports.limit(await auditExport(ctx.em, input, { now: ctx.clock(), timeZone: ctx.config.timeZone }), ctx.cutConnection),
    ),
});
