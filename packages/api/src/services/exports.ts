/**
 * The CSV exports of docs/operations.md#reports-exports-and-inside-now: the visitors (admins: every
 * house; a resident: their
 * own) and the audit log (admins), as async iterables of rows that the REST adapter streams
 * through csv-stringify. The rows are read in keyset pages of EXPORT_PAGE_SIZE (the same
 * statement on PostgreSQL and PGlite, which cannot stream a cursor), so an export of a
 * million rows holds one page at a time and starts as soon as its first page is read.
 * Nothing here is loaded as an entity: raw rows, no identity map to grow.
 *
 * The caller checks permissions and validates before it starts iterating: `visitorExport`
 * and `auditExport` resolve the range and the caller's reach eagerly (bad input throws
 * there, before any byte is sent); only the pages are read lazily.
 */
import type { EntityManager, User } from '@gatehouse/db';
import {
  AUDIT_EXPORT_COLUMNS,
  EXPORT_DEFAULT_DAYS,
  EXPORT_MAX_DAYS,
  DATE_RANGE_ORDER_MESSAGE,
  EXPORT_RANGE_TOO_LONG_MESSAGE,
  VISITOR_EXPORT_COLUMNS,
  type AuditFilters,
  type ExportRow,
  type VisitorListFilters,
} from '@gatehouse/shared';

import { z } from 'zod';

import { httpError } from '../errors';
import { addCalendarDays, communityDate, communityInstant, communityIsoTime } from '../lib/time';
import { auditFilterSql } from './audit';
import { applyExpiry, visitorListSql } from './visitors';
import { passEntryExportSql } from './passes';

/** Rows per keyset page: one statement per 1,000 rows keeps a page small and the statements few. */
export const EXPORT_PAGE_SIZE = 1_000;

/**
 * Exports one server process streams at once, over REST and tRPC alike (each holds a
 * database connection while it reads a page, and a client for as long as it downloads):
 * the next is refused with 429 EXPORT_BUSY_MESSAGE until one ends. `ExportLimiter` counts them.
 */
export const MAX_CONCURRENT_EXPORTS = 2;

/** The refusal while MAX_CONCURRENT_EXPORTS exports are running. */
export const EXPORT_BUSY_MESSAGE = 'Too many exports are running, try again in a minute';

/**
 * A download that asks for no row for this long is cut (its place given back, its
 * connection closed), so that a client that stopped reading cannot keep one of the
 * MAX_CONCURRENT_EXPORTS places.
 */
export const EXPORT_STALL_TIMEOUT_MS = 60_000;

/** Seconds the refusal asks to wait (`Retry-After`). */
export const EXPORT_BUSY_RETRY_AFTER_SECONDS = 60;

/** What the rows of a cut export end with, for a reader still there (the connection is closed too). */
export const EXPORT_STALLED_MESSAGE = 'The export was stopped: no row was read for a minute';

/**
 * The running exports of one server process, REST and tRPC together: the one place of the
 * MAX_CONCURRENT_EXPORTS limit and of the stalled-download cut-off. The export procedures
 * pass their answer through `limit`; the transports only read the rows.
 */
export class ExportLimiter {
  #running = 0;
  readonly #max: number;
  readonly #stallTimeoutMs: number;

  /** Defaults: MAX_CONCURRENT_EXPORTS places, EXPORT_STALL_TIMEOUT_MS (tests shorten it). */
  constructor(options: { maxConcurrent?: number; stallTimeoutMs?: number } = {}) {
    this.#max = options.maxConcurrent ?? MAX_CONCURRENT_EXPORTS;
    this.#stallTimeoutMs = options.stallTimeoutMs ?? EXPORT_STALL_TIMEOUT_MS;
  }

  /** How many exports hold a place now. */
  get running(): number {
    return this.#running;
  }

  /**
   * `file` with its rows counted against the limit. A place is taken when the first row is
   * asked for (an answer whose rows are never read, such as a tRPC call that cannot stream,
   * takes none): with every place taken, that first `next()` rejects with 429
   * EXPORT_BUSY_MESSAGE (`Retry-After` EXPORT_BUSY_RETRY_AFTER_SECONDS). The place is given
   * back when the rows end, fail, or are closed by their reader (`return()`: a client that
   * went away), or when no row is asked for during the stall time after the last one was
   * handed over: then the rows are closed, `cut()` closes the caller's connection, and a
   * later `next()` rejects with 400 EXPORT_STALLED_MESSAGE (never a silent end, which
   * would read as a complete file).
   */
  limit<Column extends string>(file: CsvExport<Column>, cut?: () => void): CsvExport<Column> {
    const source = file.rows[Symbol.asyncIterator]();
    let state: 'waiting' | 'running' | 'ended' | 'stalled' = 'waiting';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = (next: 'ended' | 'stalled') => {
      clearTimeout(timer);
      if (state === 'running') this.#running -= 1;
      if (state === 'waiting' || state === 'running') state = next;
    };
    const watch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        release('stalled');
        void Promise.resolve(source.return?.()).catch(() => {});
        cut?.();
      }, this.#stallTimeoutMs);
      timer.unref?.();
    };
    const rows: AsyncIterableIterator<ExportRow<Column>> = {
      [Symbol.asyncIterator]() {
        return rows;
      },
      next: async () => {
        if (state === 'stalled') throw httpError(400, EXPORT_STALLED_MESSAGE);
        if (state === 'ended') return { done: true, value: undefined };
        if (state === 'waiting') {
          if (this.#running >= this.#max) {
            state = 'ended';
            throw httpError(429, EXPORT_BUSY_MESSAGE, { retryAfterSeconds: EXPORT_BUSY_RETRY_AFTER_SECONDS });
          }
          this.#running += 1;
          state = 'running';
        }
        clearTimeout(timer);
        let result: IteratorResult<ExportRow<Column>>;
        try {
          result = await source.next();
        } catch (error) {
          release('ended');
          throw error;
        }
        if (result.done) release('ended');
        // Closed by its reader while this row was read: nothing more to watch.
        else if (state === 'running') watch();
        return result;
      },
      return: async (value?: unknown) => {
        release('ended');
        await source.return?.(value);
        return { done: true, value: undefined };
      },
    };
    return { ...file, rows };
  }
}

/** What an export procedure answers: the file's name, its columns in order, and its rows (read lazily). */
export interface CsvExport<Column extends string = string> {
  /** e.g. `visitors-2026-10-25-to-2026-11-23.csv`: the range it covers. */
  filename: string;
  columns: readonly Column[];
  rows: AsyncIterable<ExportRow<Column>>;
}

/** An inclusive range of community dates, YYYY-MM-DD. */
export interface ExportRange {
  from: string;
  to: string;
}

/**
 * The range of an export (docs/operations.md#reports-exports-and-inside-now): both dates as given;
 * a missing `to` is today in the
 * community's zone (or `from` + 29 days when only `from` is given and that is earlier); a
 * missing `from` is `to` − 29 days, so the default is the last 30 days, today included.
 * Errors: 400 DATE_RANGE_ORDER_MESSAGE (field `from`) when `from` is after `to`.
 */
export function exportRange(input: { from?: string | undefined; to?: string | undefined }, now: Date, timeZone: string): ExportRange {
  const span = EXPORT_DEFAULT_DAYS - 1;
  const today = communityDate(now, timeZone);
  const to = input.to ?? (input.from && addCalendarDays(input.from, span) < today ? addCalendarDays(input.from, span) : today);
  const from = input.from ?? addCalendarDays(to, -span);
  if (from > to) throw httpError(400, DATE_RANGE_ORDER_MESSAGE, { field: 'from' });
  return { from, to };
}

/**
 * The range of an export as `exportRange` makes it, refused with 400
 * EXPORT_RANGE_TOO_LONG_MESSAGE (field `to`) when it covers more than EXPORT_MAX_DAYS days.
 */
export function exportRangeWithinLimit(input: { from?: string | undefined; to?: string | undefined }, now: Date, timeZone: string): ExportRange {
  const range = exportRange(input, now, timeZone);
  if (addCalendarDays(range.from, EXPORT_MAX_DAYS - 1) < range.to) throw httpError(400, EXPORT_RANGE_TOO_LONG_MESSAGE, { field: 'to' });
  return range;
}

/** A timestamp column as a driver hands it over (a Date, or text such as `2026-11-22 14:00:00.123+00`). */
function instantOf(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}

/** The community-zone ISO time of a nullable timestamp column, or null. */
const timeCell = (value: string | Date | null, timeZone: string) => (value === null ? null : communityIsoTime(instantOf(value), timeZone));

interface VisitorExportSqlRow {
  id: string;
  kind: string;
  name: string;
  phone: string;
  email: string | null;
  purpose: string | null;
  house_number: string;
  block: string;
  host_name: string | null;
  visit_date: string;
  visit_time_from: string;
  visit_time_to: string;
  status: string;
  check_in_time: string | Date | null;
  check_out_time: string | Date | null;
}

export type VisitorExportColumn = (typeof VISITOR_EXPORT_COLUMNS)[number];
export type AuditExportColumn = (typeof AUDIT_EXPORT_COLUMNS)[number];

/**
 * The visitor export (docs/operations.md#reports-exports-and-inside-now): what the visitor list
 * shows under the same filters
 * (`visitorListSql`: `status`, `houseId`, `gateId`, `q`; `mine`, the list of the invitations
 * the caller hosts), over `from`/`to` on the visit date (default the last 30 days; future
 * visits as any other; at most EXPORT_MAX_DAYS days), oldest visit first (by visit date, then
 * id). Reach: staff every visitor, a resident their house's (and the ones they host), as in
 * the visitor list. Anonymised visitors (docs/privacy.md#retention-and-erasure) are exported as
 * stored: the name
 * "Visitor" and empty personal cells, never a made-up value.
 *
 * Gates (docs/operations.md#gates): `checkInGate`/`checkOutGate` are the names of the gates the
 * visit
 * was checked in and out at (empty when none was recorded), and `gateId` keeps the visits
 * with their check-in or check-out at that gate (`gateColumns`, `gateCondition` below);
 * recurring passes (docs/operations.md#frequent-visitors) join as one row per pass entry in the
 * same statement (a
 * `union all` ordered by the same keys).
 *
 * Errors: 400 (range: reversed, or over EXPORT_MAX_DAYS). Lazily, while iterating: whatever
 * the database throws.
 */
export async function visitorExport(
  em: EntityManager,
  user: User,
  input: VisitorListFilters & { mine?: boolean | undefined },
  clock: { now: Date; timeZone: string },
): Promise<CsvExport<VisitorExportColumn>> {
  const range = exportRangeWithinLimit(input, clock.now, clock.timeZone);
  // Statuses as of now: ended invitations read `expired`, as in the list.
  await applyExpiry(em, clock);
  // The list's own conditions, over the range; a gate (docs/operations.md#gates) is a visit's when
  // its
  // check-in or its check-out was there.
  const list = await visitorListSql(em, user, { ...input, from: range.from, to: range.to }, input.mine ? 'hosted' : 'visible');
  const conditions = list.conditions;
  const params = list.params;
  const gateColumns = '(select g.name from gate g where g.id = v.check_in_gate_id) as check_in_gate, (select g.name from gate g where g.id = v.check_out_gate_id) as check_out_gate';
  const timeZone = clock.timeZone;

  async function* rows(): AsyncGenerator<ExportRow<VisitorExportColumn>> {
    let after: { visitDate: string; id: string } | null = null;
    for (;;) {
      // docs/operations.md#frequent-visitors: the pass entries of the range, one row each, in the
      // same order (each
      // branch reads its own index up to a page; the union keeps the first page of both).
      const entries = passEntryExportSql(
        em,
        user,
        { ...input, searchHouseIds: list.searchHouseIds, hostId: input.mine ? user.id : undefined },
        { ...range, nextDay: addCalendarDays(range.to, 1) },
        timeZone,
        after,
      );
      const page: Array<VisitorExportSqlRow & { check_in_gate: string | null; check_out_gate: string | null }> = await em.execute(
        `select * from ((select v.id, v.kind::text as kind, v.name, v.phone, v.email, v.purpose, h.house_number, h.block, hu.name as host_name,
                to_char(v.visit_date, 'YYYY-MM-DD') as visit_date, v.visit_time_from, v.visit_time_to, v.status::text as status,
                v.check_in_time, v.check_out_time, ${gateColumns}
           from visitor_invitation v join house h on h.id = v.house_id left join app_user hu on hu.id = v.host_id
          where ${conditions.join(' and ')} ${after ? 'and (v.visit_date, v.id) > (?::date, ?::uuid)' : ''}
          order by v.visit_date, v.id
          limit ?)
         union all
         (${entries.sql} order by 10, 1 limit ?)) page
         order by page.visit_date, page.id
         limit ?`,
        [...params, ...(after ? [after.visitDate, after.id] : []), EXPORT_PAGE_SIZE, ...entries.params, EXPORT_PAGE_SIZE, EXPORT_PAGE_SIZE],
      );
      for (const row of page) {
        yield {
          id: row.id,
          kind: row.kind,
          name: row.name,
          // An anonymised visitor's phone is stored as '' (docs/privacy.md#retention-and-erasure):
          // an empty cell.
          phone: row.phone || null,
          email: row.email,
          purpose: row.purpose,
          houseNumber: row.house_number,
          block: row.block,
          host: row.host_name,
          visitDate: row.visit_date,
          visitTimeFrom: row.visit_time_from,
          visitTimeTo: row.visit_time_to,
          status: row.status,
          checkInTime: timeCell(row.check_in_time, timeZone),
          checkOutTime: timeCell(row.check_out_time, timeZone),
          checkInGate: row.check_in_gate,
          checkOutGate: row.check_out_gate,
        };
      }
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_SIZE) return;
      after = { visitDate: last.visit_date, id: last.id };
    }
  }

  return { filename: `visitors-${range.from}-to-${range.to}.csv`, columns: VISITOR_EXPORT_COLUMNS, rows: rows() };
}

interface AuditExportSqlRow {
  id: string;
  occurred_at: string | Date;
  /** The same instant as text, to the microsecond: the keyset cursor (a Date keeps milliseconds only). */
  occurred_at_key: string;
  action: string;
  actor_name: string | null;
  actor_email: string | null;
  api_token_name: string | null;
  target_type: string | null;
  target_id: string | null;
  ip_address: string | null;
  details: Record<string, unknown> | string | null;
}

/**
 * The audit export (docs/operations.md#reports-exports-and-inside-now, admins), oldest event first
 * (by time, then id). Input:
 * `from`/`to`, the events' days in the community's zone (default the last 30 days; at most
 * EXPORT_MAX_DAYS days), and the audit list's filters (`auditFilterSql`: action, actor, target,
 * API token), so that it exports what the audit screen shows.
 * Columns (AUDIT_EXPORT_COLUMNS): id, occurredAt (community time with offset), action, actor
 * (the user's name), actorEmail (the email a sign-in was attempted with, else the actor's),
 * apiToken (the token's name when the call was made with one), targetType, targetId,
 * ipAddress, details (JSON). Errors: 400 (range: reversed, or over EXPORT_MAX_DAYS).
 */
export async function auditExport(
  em: EntityManager,
  input: AuditFilters,
  clock: { now: Date; timeZone: string },
): Promise<CsvExport<AuditExportColumn>> {
  const range = exportRangeWithinLimit(input, clock.now, clock.timeZone);
  const filters = auditFilterSql(em, input);
  const timeZone = clock.timeZone;
  const start = communityInstant(range.from, '00:00', timeZone);
  const end = communityInstant(addCalendarDays(range.to, 1), '00:00', timeZone);

  async function* rows(): AsyncGenerator<ExportRow<AuditExportColumn>> {
    let after: { occurredAt: string; id: string } | null = null;
    for (;;) {
      // The bound on occurred_at alone lets the occurred-at index serve every page; the
      // rest of the cursor (same instant, greater id) is checked on the rows it finds.
      const page: AuditExportSqlRow[] = await em.execute(
        `select a.id, a.occurred_at, a.occurred_at::text as occurred_at_key, a.action, u.name as actor_name,
                coalesce(a.actor_email, u.email) as actor_email, t.name as api_token_name,
                a.target_type, a.target_id, a.ip_address, a.details
           from audit_event a left join app_user u on u.id = a.actor_id left join api_token t on t.id = a.api_token_id
          where ${filters.conditions.join(' and ')} and a.occurred_at >= ? and a.occurred_at < ?
                ${after ? 'and a.occurred_at >= ?::timestamptz and (a.occurred_at > ?::timestamptz or a.id > ?::uuid)' : ''}
          order by a.occurred_at, a.id
          limit ?`,
        [...filters.params, start, end, ...(after ? [after.occurredAt, after.occurredAt, after.id] : []), EXPORT_PAGE_SIZE],
      );
      for (const row of page) {
        yield {
          id: row.id,
          occurredAt: communityIsoTime(instantOf(row.occurred_at), timeZone),
          action: row.action,
          actor: row.actor_name,
          actorEmail: row.actor_email,
          apiToken: row.api_token_name,
          targetType: row.target_type,
          targetId: row.target_id,
          ipAddress: row.ip_address,
          details: row.details === null ? null : typeof row.details === 'string' ? row.details : JSON.stringify(row.details),
        };
      }
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_SIZE) return;
      after = { occurredAt: last.occurred_at_key, id: last.id };
    }
  }

  return { filename: `audit-${range.from}-to-${range.to}.csv`, columns: AUDIT_EXPORT_COLUMNS, rows: rows() };
}

/**
 * The output schema of the export procedures: the rows are an async iterable, passed
 * through as they are (not JSON: only the REST adapter's CSV route can send them).
 */
export const ZCsvExport = z.object({
  filename: z.string(),
  columns: z.array(z.string()).readonly(),
  rows: z.custom<AsyncIterable<Record<string, string | null>>>(
    (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
    'Expected the rows of an export',
  ),
});
