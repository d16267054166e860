/**
 * The CSV exports of operations §4: their query parameters (with the spec's messages) and
 * their columns, in order. The server streams the rows; the web app sends the same filters.
 */
import { z } from 'zod';

import { uuidField } from './fields';
import { isCalendarDate, ZVisitorStatus } from './visitors';

/** Days an export covers when `from` and `to` are not given: the last 30, today included (operations §4). */
export const EXPORT_DEFAULT_DAYS = 30;

/** `from` after `to`. */
export const EXPORT_RANGE_MESSAGE = 'The start date must not be after the end date';

/** A `from`/`to` query parameter: YYYY-MM-DD, a real day; empty means the default. */
const exportDateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || isCalendarDate(value), message)
    .optional()
    .transform((value) => (value ? value : undefined));

/** The date range shared by both exports, inclusive, in the community's calendar. */
const rangeFields = {
  from: exportDateField('From must be a date (YYYY-MM-DD)'),
  to: exportDateField('To must be a date (YYYY-MM-DD)'),
};

/** Both dates given: `from` must not be after `to` (one default alone is checked by the server). */
const orderedRange = (range: { from?: string | undefined; to?: string | undefined }) => !range.from || !range.to || range.from <= range.to;

/**
 * `GET /api/visitors/export.csv` (operations §4): `from`, `to` (on the visit date), `status`,
 * `houseId`, `gateId`. Admins export every house; a resident only their own.
 */
export const ZVisitorExportRequest = z
  .object({
    ...rangeFields,
    status: ZVisitorStatus.optional(),
    houseId: uuidField('Invalid house').optional(),
    // operations §2: the visits with their check-in or check-out at this gate.
    gateId: uuidField('Invalid gate').optional(),
  })
  .refine(orderedRange, { message: EXPORT_RANGE_MESSAGE, path: ['from'] });
export type VisitorExportRequest = z.input<typeof ZVisitorExportRequest>;

/** `GET /api/audit/export.csv` (operations §4, admins): `from`, `to` on the event's day in the community's zone. */
export const ZAuditExportRequest = z.object(rangeFields).refine(orderedRange, { message: EXPORT_RANGE_MESSAGE, path: ['from'] });
export type AuditExportRequest = z.input<typeof ZAuditExportRequest>;

/** The visitor export's columns, in order, as its header row names them (operations §4). */
export const VISITOR_EXPORT_COLUMNS = [
  'id',
  'kind',
  'name',
  'phone',
  'email',
  'purpose',
  'houseNumber',
  'block',
  'host',
  'visitDate',
  'visitTimeFrom',
  'visitTimeTo',
  'status',
  'checkInTime',
  'checkOutTime',
  'checkInGate',
  'checkOutGate',
] as const;

/** The audit export's columns, in order (README: the actor's name and email, the token's name, details as JSON). */
export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'occurredAt',
  'action',
  'actor',
  'actorEmail',
  'apiToken',
  'targetType',
  'targetId',
  'ipAddress',
  'details',
] as const;

/** One row of a CSV export: a cell per column, null for an empty cell. */
export type ExportRow<Column extends string> = Record<Column, string | null>;
