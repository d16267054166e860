/**
 * The CSV exports of docs/operations.md#reports-exports-and-inside-now: their query parameters
 * (with the documented messages) and
 * their columns, in order. The server streams the rows; the web app sends the same filters.
 */
import { z } from 'zod';

import { ZAuditFilterFields } from './audit';
import { DATE_RANGE_ORDER_MESSAGE, dateRangeFields, isOrderedRange, visitorFilterFields } from './visitors';

/**
 * Days an export covers when `from` and `to` are not given: the last 30, today included
 * (docs/operations.md#reports-exports-and-inside-now).
 */
export const EXPORT_DEFAULT_DAYS = 30;

/** The longest range an export covers, in days (a year, a leap year included). */
export const EXPORT_MAX_DAYS = 366;

/** `from` after `to` (the lists' message: one text for every date range). */
export { DATE_RANGE_ORDER_MESSAGE as EXPORT_RANGE_MESSAGE } from './visitors';

/** A range longer than EXPORT_MAX_DAYS. */
export const EXPORT_RANGE_TOO_LONG_MESSAGE = 'An export covers at most 366 days';

/** A `true`/`false` query parameter (or a JSON boolean). */
const booleanFlag = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: message }).transform((value) => value === true || value === 'true');

/**
 * `GET /api/visitors/export.csv` (docs/operations.md#reports-exports-and-inside-now): what the
 * visitor list shows under the same
 * filters (`status`, `from`, `to` on the visit date, `houseId`, `gateId`, `q`), over a range
 * of at most EXPORT_MAX_DAYS days; `mine=true` keeps the invitations the caller hosts (a
 * resident's My Invitations). Admins export every house; a resident only their own.
 */
export const ZVisitorExportRequest = z
  .object({
    ...visitorFilterFields,
    mine: booleanFlag('mine must be true or false').optional(),
  })
  .refine(isOrderedRange, { message: DATE_RANGE_ORDER_MESSAGE, path: ['from'] });
export type VisitorExportRequest = z.input<typeof ZVisitorExportRequest>;

/**
 * `GET /api/audit/export.csv` (docs/operations.md#reports-exports-and-inside-now, admins): `from`,
 * `to` on the event's day in the
 * community's zone, and the audit list's filters (`action`, `actorId`, `targetType`, `targetId`).
 */
export const ZAuditExportRequest = z
  .object({ ...dateRangeFields, ...ZAuditFilterFields })
  .refine(isOrderedRange, { message: DATE_RANGE_ORDER_MESSAGE, path: ['from'] });
export type AuditExportRequest = z.input<typeof ZAuditExportRequest>;

/**
 * The visitor export's columns, in order, as its header row names them
 * (docs/operations.md#reports-exports-and-inside-now).
 */
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

/**
 * The audit export's columns, in order (docs/operations.md#csv-exports: the actor's name and email,
 * the token's name, details as JSON).
 */
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
