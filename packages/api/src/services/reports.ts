/**
 * The reports page of docs/operations.md#reports-exports-and-inside-now: the figures a community's
 * committee reads, for an
 * inclusive range of community dates. Every figure is an SQL aggregate over the range's
 * *entries*: one GROUP BY with a grouping set per figure (a single pass over the entries)
 * and a percentile_cont for the walk-in approval times; only the aggregated rows reach
 * this process (the days, hours and weekdays without entries are filled in with zeros
 * here), never a visitor row. Measured: a year of 300,000 entries in about 1.4 s on either
 * database on the 2-core development machine (one pass; seven separate aggregates took 2-3 s).
 *
 * An entry is a check-in: a visitor's (`visitor_invitation.check_in_time`, read through the
 * `(status, check_in_time)` index: only checked-in and checked-out visitors have one), or
 * a recurring pass's (docs/operations.md#frequent-visitors: one `pass_entry` row per check-in, kind
 * `recurring`). Its
 * day, hour and weekday are those of the community's clock (`at time zone`), so a check-in
 * at 23:30 local belongs to that local day and hour whatever the server's zone. Anonymised
 * visitors (docs/privacy.md#retention-and-erasure) keep their dates, house, status and gate, and
 * count like the others.
 *
 * All figures but the walk-in approval times come from the one `entries` set (`ENTRIES_SQL`),
 * so the parts add up: the days, the hours, the weekdays and the kinds each sum to
 * `totalEntries`. Walk-in figures (approval times, gate overrides, late check-ins) concern
 * walk-ins alone; a pass entry is neither.
 */
import { communityIdOf, type EntityManager } from '@gatehouse/db';
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
 * Parameters: the community (docs/security.md#communities), the range's first instant
 * (inclusive) and end instant (exclusive), twice:
 * once for the visitors, once for the recurring passes' entries
 * (docs/operations.md#frequent-visitors: a pass is
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
   where v.community_id = ? and v.status in ('checked-in', 'checked-out') and v.check_in_time >= ? and v.check_in_time < ?
  union all
  select pe.id, 'recurring' as kind, rp.house_id, pe.check_in_time, pe.check_out_time, null::timestamptz as decided_at,
         pe.check_in_gate_id as gate_id, false as gate_override
    from pass_entry pe
    join recurring_pass rp on rp.id = pe.pass_id
   where pe.community_id = ? and pe.check_in_time >= ? and pe.check_in_time < ?`;

/**
 * The value of `grouping(day, hour, weekday, kind, house_id, gate_id)` for each grouping set:
 * a bit per column, most significant first, set when the column is *not* grouped on.
 */
const GROUPING_SETS = {
  day: 0b011111,
  hour: 0b101111,
  weekday: 0b110111,
  kind: 0b111011,
  house: 0b111101,
  gate: 0b111110,
  total: 0b111111,
} as const;

/** A row of the grouped figures: the grouping set's key column, its counts, and the named house or gate. */
interface GroupedRow {
  grouping_set: SqlCount;
  day: string | null;
  hour: number | null;
  weekday: number | null;
  kind: string | null;
  house_id: string | null;
  gate_id: string | null;
  entries: SqlCount;
  stays: SqlCount;
  average_stay: SqlNumber;
  overrides: SqlCount;
  walk_in_check_ins: SqlCount;
  late: SqlCount;
  house_number: string | null;
  block: string | null;
  gate_name: string | null;
}

/** Code-point order of two texts (stable whatever the locale), for ties among houses and gates. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The range's report (see the file's comment), as resolved from the request. */
export interface ReportRange {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/**
 * The range of a report (docs/operations.md#reports-exports-and-inside-now): as the CSV exports'
 * (`exportRange`: a missing end is
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
 * The report of docs/operations.md#reports-exports-and-inside-now for `GET
 * /api/reports/summary?from&to` (admins; the role check
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
  // docs/security.md#communities: every figure counts the request's community's rows only.
  const communityId = communityIdOf(em);

  // Every entry figure in one pass over the range's entries: one GROUP BY with a grouping
  // set per figure (day, hour, weekday, kind, house, gate) and the empty set for the totals,
  // `grouping(...)` telling the sets apart; houses and gates are named after the grouping.
  const grouped = await em.execute<GroupedRow[]>(
    `with entries as (${ENTRIES_SQL}),
          local_entries as (
            select e.*, to_char(e.check_in_time at time zone ?, 'YYYY-MM-DD') as day,
                   extract(hour from e.check_in_time at time zone ?)::int as hour,
                   extract(isodow from e.check_in_time at time zone ?)::int as weekday
              from entries e),
          figures as (
            select grouping(day, hour, weekday, kind, house_id, gate_id) as grouping_set,
                   day, hour, weekday, kind, house_id, gate_id,
                   count(*) as entries,
                   count(*) filter (where check_out_time is not null) as stays,
                   avg(extract(epoch from (check_out_time - check_in_time)) / 60) filter (where check_out_time is not null) as average_stay,
                   count(*) filter (where gate_override) as overrides,
                   count(*) filter (where kind = 'walk-in' and decided_at is not null) as walk_in_check_ins,
                   count(*) filter (where kind = 'walk-in' and decided_at is not null
                                      and check_in_time > decided_at + make_interval(mins => ?)) as late
              from local_entries
             group by grouping sets ((day), (hour), (weekday), (kind), (house_id), (gate_id), ()))
     select f.*, h.house_number, h.block, g.name as gate_name
       from figures f
       left join house h on f.grouping_set = ? and h.id = f.house_id
       left join gate g on f.grouping_set = ? and g.id = f.gate_id`,
    [communityId, start, end, communityId, start, end, timeZone, timeZone, timeZone, REPORT_LATE_CHECK_IN_MINUTES, GROUPING_SETS.house, GROUPING_SETS.gate],
  );
  const inSet = (set: keyof typeof GROUPING_SETS) => grouped.filter((row) => Number(row.grouping_set) === GROUPING_SETS[set]);
  const countsBy = <Key>(set: keyof typeof GROUPING_SETS, key: (row: GroupedRow) => Key) =>
    new Map(inSet(set).map((row) => [key(row), Number(row.entries)]));

  // Walk-ins registered in the range and approved (a decision that was not a rejection;
  // approved walk-ins that were cancelled or expired later were approved all the same).
  const [approval] = await em.execute<Array<{ approved: SqlCount; median: SqlNumber; p90: SqlNumber }>>(
    `select count(*) as approved,
            percentile_cont(0.5) within group (order by minutes) as median,
            percentile_cont(0.9) within group (order by minutes) as p90
       from (select extract(epoch from (v.decided_at - v.created_at)) / 60 as minutes
               from visitor_invitation v
              where v.community_id = ? and v.created_at >= ? and v.created_at < ? and v.kind = 'walk-in'
                and v.decided_at is not null and v.status <> 'rejected') approved`,
    [communityId, start, end],
  );

  const totals = inSet('total')[0];
  const total = Number(totals?.entries ?? 0);
  const perDay = countsBy('day', (row) => row.day);
  const perHour = countsBy('hour', (row) => Number(row.hour));
  const perWeekday = countsBy('weekday', (row) => Number(row.weekday));
  const perKind = countsBy('kind', (row) => row.kind);
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addCalendarDays(day, 1)) days.push(day);
  const houses = inSet('house')
    .map((row) => ({ houseId: row.house_id ?? '', houseNumber: row.house_number ?? '', block: row.block ?? '', visits: Number(row.entries) }))
    .sort((a, b) => b.visits - a.visits || compareText(a.houseNumber, b.houseNumber) || compareText(a.block, b.block) || compareText(a.houseId, b.houseId))
    .slice(0, REPORT_BUSIEST_HOUSES);
  const gates = inSet('gate')
    .map((row) => ({ gate: row.gate_id && row.gate_name ? { id: row.gate_id, name: row.gate_name } : null, entries: Number(row.entries) }))
    // Most first; among ties by name, the entries with no gate last.
    .sort((a, b) => b.entries - a.entries || compareText(a.gate?.name ?? '\uffff', b.gate?.name ?? '\uffff'));

  const overrides = Number(totals?.overrides ?? 0);
  const walkInCheckIns = Number(totals?.walk_in_check_ins ?? 0);
  const late = Number(totals?.late ?? 0);
  return {
    from: range.from,
    to: range.to,
    timeZone,
    totalEntries: total,
    visitsPerDay: days.map((date) => ({ date, visits: perDay.get(date) ?? 0 })),
    entriesByHour: Array.from({ length: 24 }, (_, hour) => ({ hour, entries: perHour.get(hour) ?? 0 })),
    entriesByWeekday: Array.from({ length: 7 }, (_, index) => ({ weekday: index + 1, entries: perWeekday.get(index + 1) ?? 0 })),
    busiestHouses: houses,
    byKind: REPORT_ENTRY_KINDS.map((kind: ReportEntryKind) => ({ kind, entries: perKind.get(kind) ?? 0 })),
    walkInApproval: {
      approved: Number(approval?.approved ?? 0),
      medianMinutes: roundedMinutes(approval?.median ?? null),
      p90Minutes: roundedMinutes(approval?.p90 ?? null),
    },
    averageStay: { stays: Number(totals?.stays ?? 0), averageMinutes: roundedMinutes(totals?.average_stay ?? null) },
    byGate: gates,
    gateOverrides: { entries: total, overrides, share: shareOf(overrides, total) },
    lateCheckIns: { checkIns: walkInCheckIns, late, share: shareOf(late, walkInCheckIns) },
  };
}
