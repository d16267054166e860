/**
 * audit: the append-only log of sign-ins, account changes and gate events, for admins.
 */
import { ZAuditExportRequest, ZAuditListRequest, ZAuditListResponse } from '@gatehouse/shared';

import { ACCESS } from '../access';
import { listAuditEvents } from '../services/audit';
import { auditExport, ZCsvExport } from '../services/exports';
import { createTRPCRouter, procedureFor } from '../trpc';

export const auditRouter = createTRPCRouter({
  /** Admin. Input: limit, offset, action, targetId, actorId. Output: `{items, total}`, newest first. */
  list: procedureFor(ACCESS.audit.list)
    .input(ZAuditListRequest)
    .output(ZAuditListResponse)
    .query(({ ctx, input }) => listAuditEvents(ctx.em, input)),

  /**
   * Admin (operations §4): the audit log as a CSV export, over REST `GET /api/audit/export.csv`.
   * Input: `from`, `to` (the events' days in the community's zone; default the last 30 days).
   * Output: `{filename, columns, rows}`, the rows read lazily in pages. Errors: 400, 403.
   */
  exportCsv: procedureFor(ACCESS.audit.exportCsv)
    .input(ZAuditExportRequest)
    .output(ZCsvExport)
    .query(({ ctx, input }) => auditExport(ctx.em, input, { now: ctx.clock(), timeZone: ctx.config.timeZone })),
});
