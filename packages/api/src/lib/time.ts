/**
 * Community time (server-contract §2): "today", visit windows and expiry are computed in
 * one IANA time zone, `COMMUNITY_TIMEZONE`.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays, addYears, format, parseISO } from 'date-fns';

/** The server's own IANA zone, the default of COMMUNITY_TIMEZONE. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The community's calendar date at `now`, YYYY-MM-DD. */
export function communityDate(now: Date, timeZone: string): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

/** The community's wall-clock time at `now`, HH:MM (24 h). */
export function communityTime(now: Date, timeZone: string): string {
  return format(new TZDate(now, timeZone), 'HH:mm');
}

/** The instant at which the community's clocks show `date` (YYYY-MM-DD) `time` (HH:MM). */
export function communityInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

/** The calendar date one year after `date` (YYYY-MM-DD); Feb 29 gives Feb 28. */
export function oneYearAfter(date: string): string {
  return format(addYears(parseISO(date), 1), 'yyyy-MM-dd');
}

/** The calendar date `days` after `date` (YYYY-MM-DD; negative goes back). */
export function addCalendarDays(date: string, days: number): string {
  return format(addDays(parseISO(date), days), 'yyyy-MM-dd');
}

/** Offsets (minutes) of whole hours, per zone: `${zone} ${hour}` → offset, or null when it changes inside that hour. */
const hourOffsets = new Map<string, number | null>();
const HOUR_MS = 3_600_000;

/** The zone's UTC offset in minutes at `ms` (`tzOffset`), taken from a cache of whole hours. */
function offsetMinutesAt(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone} ${hour}`;
  let cached = hourOffsets.get(key);
  if (cached === undefined) {
    // A zone changes its offset at most once an hour: the same at both ends, the same throughout.
    const start = tzOffset(timeZone, new Date(hour * HOUR_MS));
    cached = start === tzOffset(timeZone, new Date(hour * HOUR_MS + HOUR_MS - 1)) ? start : null;
    if (hourOffsets.size >= 50_000) hourOffsets.clear();
    hourOffsets.set(key, cached);
  }
  return cached ?? tzOffset(timeZone, new Date(ms));
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * `instant` as ISO 8601 in the community's zone with its offset, to the second
 * (operations §4): `2026-11-23T09:15:00+05:30`; UTC as `+00:00`, never `Z`. An export
 * formats two per row: the offset comes from a cache of whole hours (`tzOffset` costs
 * about 10 µs a call), the rest is arithmetic.
 */
export function communityIsoTime(instant: Date, timeZone: string): string {
  const ms = Math.floor(instant.getTime() / 1000) * 1000;
  const offset = offsetMinutesAt(ms, timeZone);
  const local = new Date(ms + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const absolute = Math.abs(offset);
  return (
    `${String(local.getUTCFullYear()).padStart(4, '0')}-${pad2(local.getUTCMonth() + 1)}-${pad2(local.getUTCDate())}` +
    `T${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}` +
    `${sign}${pad2(Math.floor(absolute / 60))}:${pad2(absolute % 60)}`
  );
}
