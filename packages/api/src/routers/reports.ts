/**
 * reports: the committee's figures of docs/operations.md#reports-exports-and-inside-now, for admins
 * (`/reports` in the web app).
 */
import { ZReportSummary, ZReportSummaryRequest } from '@gatehouse/shared';

import { ACCESS } from '../access';
import { reportSummary } from '../services/reports';
import { createTRPCRouter, procedureFor } from '../trpc';

export const reportsRouter = createTRPCRouter({
  /**
   * Admin (docs/operations.md#reports-exports-and-inside-now; `GET
   * /api/reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD`). Input:
   * `from`, `to`, inclusive community dates (default the last 30 days). Output: the range's
   * figures (`ZReportSummary`): entries per day, hour and weekday, busiest houses, per kind,
   * walk-in approval times, average stay, per gate, gate overrides and late check-ins.
   * Errors: 400 a date that is not one, `from` after `to`, a range over 366 days; 401; 403.
   */
  summary: procedureFor(ACCESS.reports.summary)
    .input(ZReportSummaryRequest)
    .output(ZReportSummary)
    .query(({ ctx, input }) => reportSummary(ctx.em, input, { now: ctx.clock(), timeZone: ctx.config.timeZone })),
});
