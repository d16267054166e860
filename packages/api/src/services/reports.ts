/**
 * The reports page of operations §4: the figures a community's committee reads, for an
 * inclusive range of community dates. Every figure is an SQL aggregate (GROUP BY,
 * percentile_cont, generate_series for the empty days and hours) over the range's
 * *entries*; no visitor row is loaded into memory, so a year of a busy gate costs a few
 * index range scans, not a transfer of its rows.
 *
 * An entry is a check-in: a visitor's (`visitor_invitation.check_in_time`, read through the
 * `(status, check_in_time)` index: only checked-in and checked-out visitors have one), or
 * a recurring pass's (operations §1: one `pass_entry` row per check-in, kind `recurring`). Its
 * day, hour and weekday are those of the community's clock (`at time zone`), so a check-in
 * at 23:30 local belongs to that local day and hour whatever the server's zone. Anonymised
 * visitors (operations §6) keep their dates, house, status and gate, and count like the others.
 *
 * All figures but the walk-in approval times come from the one `entries` set (`ENTRIES_SQL`),
 * so the parts add up: the days, the hours, the weekdays and the kinds each sum to
 * `totalEntries`. Walk-in figures (approval times, gate overrides, late check-ins) concern
 * walk-ins alone; a pass entry is neither.
 */
import type { EntityManager } from '@gatehouse/db';
import {
  REPORT_BUSIEST_HOUSES,
  REPORT_ENTRY_KINDS,
  REPORT_LATE_CHECK_IN_MINUTES,
  REPORT_MAX_DAYS,
  REPORT_RANGE_TOO_LONG_MESSAGE,
  type ReportEntryKind,
  type ReportSummary,
} from '@gatehouse/shared';

import { httpError } from '../errors';
import { addCalendarDays, communityInstant } from '../lib/time';
import { exportRange } from './exports';

/** A count as a driver hands it over (`bigint` arrives as text from node-postgres). */
type SqlCount = number | string;
/** A `double precision` or `numeric` as a driver hands it over, null when nothing was aggregated. */
type SqlNumber = number | string | null;

/**
 * The range's entries, one row each: kind, house, gate of entry, check-in and check-out
 * instants, the walk-in's decision instant and whether the gate approved it itself.
 * Parameters: the range's first instant (inclusive) and end instant (exclusive), twice:
 * once for the visitors, once for the recurring passes' entries (operations §1: a pass is
 * checked in many times, each entry a `pass_entry` row, read through its check-in-time index).
 *
 * The gate override comes from the audit row of the approval (`visitor.approved` with
 * `details.gateOverride = true`, written in the approval's own transaction by
 * `decideWalkIn`): it says who approved *as they were then*, where `decided_by` would read
 * the approver's role of today (a guard promoted later) or nothing (a deleted account).
 */
const ENTRIES_SQL = `
  select v.id, v.kind::text as kind, v.house_id, v.check_in_time, v.check_out_time, v.decided_at,
         v.check_in_gate_id as gate_id,
         (v.kind = 'walk-in' and exists (
            select 1 from audit_event a
             where a.target_type = 'visitor' and a.target_id = v.id and a.action = 'visitor.approved'
               and a.details ->> 'gateOverride' = 'true')) as gate_override
    from visitor_invitation v
   where v.status in ('checked-in', 'checked-out') and v.check_in_time >= ? and v.check_in_time < ?
  union all
  select pe.id, 'recurring' as kind, rp.house_id, pe.check_in_time, pe.check_out_time, null::timestamptz as decided_at,
         pe.check_in_gate_id as gate_id, false as gate_override
    from pass_entry pe
    join recurring_pass rp on rp.id = pe.pass_id
   where pe.check_in_time >= ? and pe.check_in_time < ?`;

/** The range's report (see the file's comment), as resolved from the request. */
export interface ReportRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/**
 * The range of a report (operations §4): as the CSV exports' (`exportRange`: a missing end is
 * today in the community's zone, a missing start the end − 29 days, so the last 30 days by
 * default). Errors: 400 EXPORT_RANGE_MESSAGE (field `from`) when `from` is after `to`;
 * 400 REPORT_RANGE_TOO_LONG_MESSAGE (field `to`) when it covers more than REPORT_MAX_DAYS days.
 */
export function reportRange(input: { from?: string | undefined; to?: string | undefined }, now: Date, timeZone: string): ReportRange {
  const range = exportRange(input, now, timeZone);
  if (addCalendarDays(range.from, REPORT_MAX_DAYS - 1) < range.to) throw httpError(400, REPORT_RANGE_TOO_LONG_MESSAGE, { field: 'to' });
  return range;
}

/** Minutes rounded to one decimal; null stays null. */
function roundedMinutes(value: SqlNumber): number | null {
  if (value === null) return null;
  return Math.round(Number(value) * 10) / 10;
}

/** `part / whole`, rounded to four decimals; null when `whole` is zero. */
function shareOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}

/**
 * The report of operations §4 for `GET /api/reports/summary?from&to` (admins; the role check
 * is the procedure's). Input: `from`, `to` (YYYY-MM-DD, inclusive; default the last 30 days,
 * see `reportRange`). Output: `ReportSummary` (shared/schemas/reports.ts): entries per day
 * (every day, zeros included), per hour 0–23 and per ISO weekday, the ten busiest houses,
 * entries per kind, walk-in approval times (median and p90 minutes from registration to the
 * decision, over the walk-ins registered in the range and approved), the average stay
 * (minutes, entries that have left), entries per gate, the share of entries approved by a
 * gate override, and walk-in check-ins more than 15 minutes after their approval (count and
 * share). Times are the community's (`timeZone`). Errors: 400 range (see `reportRange`).
 */
export async function reportSummary(
  em: EntityManager,
  input: { from?: string | undefined; to?: string | undefined },
  clock: { now: Date; timeZone: string },
): Promise<ReportSummary> {
  const { timeZone } = clock;
  const range = reportRange(input, clock.now, timeZone);
  const start = communityInstant(range.from, '00:00', timeZone);
  const end = communityInstant(addCalendarDays(range.to, 1), '00:00', timeZone);
  const entries = (sql: string, params: unknown[] = []) =>
    em.execute(`with entries as (${ENTRIES_SQL}) ${sql}`, [start, end, start, end, ...params]) as Promise<Array<Record<string, unknown>>>;

  // The figures of one row each, in one pass over the entries.
  const [totals] = (await entries(
    `select count(*) as total,
            count(*) filter (where check_out_time is not null) as stays,
            avg(extract(epoch from (check_out_time - check_in_time)) / 60) filter (where check_out_time is not null) as average_stay,
            count(*) filter (where gate_override) as overrides,
            count(*) filter (where kind = 'walk-in' and decided_at is not null) as walk_in_check_ins,
            count(*) filter (where kind = 'walk-in' and decided_at is not null
                               and check_in_time > decided_at + make_interval(mins => ?)) as late
       from entries`,
    [REPORT_LATE_CHECK_IN_MINUTES],
  )) as Array<{ total: SqlCount; stays: SqlCount; average_stay: SqlNumber; overrides: SqlCount; walk_in_check_ins: SqlCount; late: SqlCount }>;
  const total = Number(totals?.total ?? 0);

  const perDay = (await entries(
    `select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(c.visits, 0) as visits
       from generate_series(?::timestamp, ?::timestamp, interval '1 day') as d(day)
       left join (select (check_in_time at time zone ?)::date as day, count(*) as visits from entries group by 1) c
         on c.day = d.day::date
      order by d.day`,
    [range.from, range.to, timeZone],
  )) as Array<{ date: string; visits: SqlCount }>;

  const perHour = (await entries(
    `select h.hour, coalesce(c.entries, 0) as entries
       from generate_series(0, 23) as h(hour)
       left join (select extract(hour from check_in_time at time zone ?)::int as hour, count(*) as entries from entries group by 1) c
         on c.hour = h.hour
      order by h.hour`,
    [timeZone],
  )) as Array<{ hour: number; entries: SqlCount }>;

  const perWeekday = (await entries(
    `select w.weekday, coalesce(c.entries, 0) as entries
       from generate_series(1, 7) as w(weekday)
       left join (select extract(isodow from check_in_time at time zone ?)::int as weekday, count(*) as entries from entries group by 1) c
         on c.weekday = w.weekday
      order by w.weekday`,
    [timeZone],
  )) as Array<{ weekday: number; entries: SqlCount }>;

  const perKind = (await entries(`select kind, count(*) as entries from entries group by kind`)) as Array<{ kind: string; entries: SqlCount }>;

  const houses = (await entries(
    `select h.id as house_id, h.house_number, h.block, c.visits
       from (select house_id, count(*) as visits from entries group by house_id) c
       join house h on h.id = c.house_id
      order by c.visits desc, h.house_number, h.block, h.id
      limit ?`,
    [REPORT_BUSIEST_HOUSES],
  )) as Array<{ house_id: string; house_number: string; block: string; visits: SqlCount }>;

  const gates = (await entries(
    `select c.gate_id, g.name as gate_name, c.entries
       from (select gate_id, count(*) as entries from entries group by gate_id) c
       left join gate g on g.id = c.gate_id
      order by c.entries desc, g.name nulls last, c.gate_id nulls last`,
  )) as Array<{ gate_id: string | null; gate_name: string | null; entries: SqlCount }>;

  // Walk-ins registered in the range and approved (a decision that was not a rejection;
  // approved walk-ins that were cancelled or expired later were approved all the same).
  const [approval] = await em.execute<Array<{ approved: SqlCount; median: SqlNumber; p90: SqlNumber }>>(
    `select count(*) as approved,
            percentile_cont(0.5) within group (order by minutes) as median,
            percentile_cont(0.9) within group (order by minutes) as p90
       from (select extract(epoch from (v.decided_at - v.created_at)) / 60 as minutes
               from visitor_invitation v
              where v.created_at >= ? and v.created_at < ? and v.kind = 'walk-in'
                and v.decided_at is not null and v.status <> 'rejected') approved`,
    [start, end],
  );

  const overrides = Number(totals?.overrides ?? 0);
  const walkInCheckIns = Number(totals?.walk_in_check_ins ?? 0);
  const late = Number(totals?.late ?? 0);
  const kindCounts = new Map(perKind.map((row) => [row.kind, Number(row.entries)]));
  return {
    from: range.from,
    to: range.to,
    timeZone,
    totalEntries: total,
    visitsPerDay: perDay.map((row) => ({ date: row.date, visits: Number(row.visits) })),
    entriesByHour: perHour.map((row) => ({ hour: Number(row.hour), entries: Number(row.entries) })),
    entriesByWeekday: perWeekday.map((row) => ({ weekday: Number(row.weekday), entries: Number(row.entries) })),
    busiestHouses: houses.map((row) => ({ houseId: row.house_id, houseNumber: row.house_number, block: row.block, visits: Number(row.visits) })),
    byKind: REPORT_ENTRY_KINDS.map((kind: ReportEntryKind) => ({ kind, entries: kindCounts.get(kind) ?? 0 })),
    walkInApproval: {
      approved: Number(approval?.approved ?? 0),
      medianMinutes: roundedMinutes(approval?.median ?? null),
      p90Minutes: roundedMinutes(approval?.p90 ?? null),
    },
    averageStay: { stays: Number(totals?.stays ?? 0), averageMinutes: roundedMinutes(totals?.average_stay ?? null) },
    byGate: gates.map((row) => ({
      gate: row.gate_id && row.gate_name ? { id: row.gate_id, name: row.gate_name } : null,
      entries: Number(row.entries),
    })),
    gateOverrides: { entries: total, overrides, share: shareOf(overrides, total) },
    lateCheckIns: { checkIns: walkInCheckIns, late, share: shareOf(late, walkInCheckIns) },
  };
}
