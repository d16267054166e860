/**
 * The reports page of docs/operations.md#reports-exports-and-inside-now (`GET
 * /api/reports/summary?from&to`, admins): its query
 * (with the documented messages) and its figures. The server computes every figure with SQL
 * aggregates in the community's time zone; the web app draws them and shows each as a table.
 */
import { z } from 'zod';

import { EXPORT_RANGE_MESSAGE } from './exports';
import { DATE_OUT_OF_RANGE_MESSAGE, isDateInRange } from './fields';
import { isCalendarDate } from './visitors';

/** The longest range a report covers, in days (a year, a leap year included). */
export const REPORT_MAX_DAYS = 366;

/** A range longer than REPORT_MAX_DAYS. */
export const REPORT_RANGE_TOO_LONG_MESSAGE = 'A report covers at most 366 days';

/**
 * Minutes after its approval from which a check-in counts as late
 * (docs/operations.md#reports-exports-and-inside-now: "more than 15 minutes").
 */
export const REPORT_LATE_CHECK_IN_MINUTES = 15;

/** How many houses the busiest-houses figure lists. */
export const REPORT_BUSIEST_HOUSES = 10;

/** A `from`/`to` query parameter: YYYY-MM-DD, a real day from EARLIEST_DATE to LATEST_DATE; empty means the default. */
const reportDateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), message)
    .refine((value) => !isCalendarDate(value) || isDateInRange(value), DATE_OUT_OF_RANGE_MESSAGE)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * `reports.summary` input (`GET /api/reports/summary?from=YYYY-MM-DD&to=YYYY-MM-DD`): an
 * inclusive range of community dates; a missing end is today, a missing start the end − 29
 * days (the last 30 days by default). `from` after `to` is refused here; a range over
 * REPORT_MAX_DAYS by the server (which knows today, for a range given by one end).
 */
export const ZReportSummaryRequest = z
  .object({
    from: reportDateField('From must be a date (YYYY-MM-DD)'),
    to: reportDateField('To must be a date (YYYY-MM-DD)'),
  })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { message: EXPORT_RANGE_MESSAGE, path: ['from'] });
export type ReportSummaryRequest = z.input<typeof ZReportSummaryRequest>;

/** The kinds of entry a report tells apart: a visitor invited ahead, one registered at the gate, a recurring pass's entry. */
export const REPORT_ENTRY_KINDS = ['invitation', 'walk-in', 'recurring'] as const;
export type ReportEntryKind = (typeof REPORT_ENTRY_KINDS)[number];

const count = z.number().int().nonnegative();
/** A share from 0 to 1, or null when there is nothing to share (no entries). */
const share = z.number().min(0).max(1).nullable();
/** Minutes, rounded to one decimal, or null when nothing was measured. */
const minutes = z.number().nonnegative().nullable();

/**
 * `reports.summary` output (docs/operations.md#reports-exports-and-inside-now). An *entry* is a
 * check-in (a visitor's, or a
 * recurring pass's entry) whose instant falls on a day of the range in the community's zone;
 * anonymised visitors (docs/privacy.md#retention-and-erasure) count like the others.
 */
export const ZReportSummary = z.object({
  /** The range covered, YYYY-MM-DD, inclusive, and the zone its days are in. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** All entries in the range. */
  totalEntries: count,
  /** Entries per community day, every day of the range in order (zeros included). */
  visitsPerDay: z.array(z.object({ date: z.string(), visits: count })),
  /** Entries per hour of the community's clock, 0 to 23, all 24 in order. */
  entriesByHour: z.array(z.object({ hour: z.number().int().min(0).max(23), entries: count })),
  /** Entries per weekday, ISO numbering (1 Monday … 7 Sunday), all 7 in order. */
  entriesByWeekday: z.array(z.object({ weekday: z.number().int().min(1).max(7), entries: count })),
  /** The houses with the most entries, at most REPORT_BUSIEST_HOUSES, most first (ties by house number, block). */
  busiestHouses: z.array(z.object({ houseId: z.string(), houseNumber: z.string(), block: z.string(), visits: count })),
  /** Entries per kind, every kind in REPORT_ENTRY_KINDS order (zeros included). */
  byKind: z.array(z.object({ kind: z.enum(REPORT_ENTRY_KINDS), entries: count })),
  /**
   * Approval times of the walk-ins registered in the range and approved: minutes from the
   * registration to the decision; `approved` how many were measured.
   */
  walkInApproval: z.object({ approved: count, medianMinutes: minutes, p90Minutes: minutes }),
  /** Check-in to check-out of the entries that have left (`stays` of them), average minutes. */
  averageStay: z.object({ stays: count, averageMinutes: minutes }),
  /** Entries per gate of entry, most first; `gate` null for entries with no gate recorded. */
  byGate: z.array(z.object({ gate: z.object({ id: z.string(), name: z.string() }).nullable(), entries: count })),
  /** Entries of walk-ins that the gate approved itself (a guard's approval, recorded as a gate override in its audit row). */
  gateOverrides: z.object({ entries: count, overrides: count, share }),
  /**
   * Walk-in entries made more than REPORT_LATE_CHECK_IN_MINUTES after their approval (`late`),
   * out of the approved walk-ins' entries (`checkIns`).
   */
  lateCheckIns: z.object({ checkIns: count, late: count, share }),
});
export type ReportSummary = z.infer<typeof ZReportSummary>;
