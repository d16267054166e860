/**
 * Community time (docs/api.md#ids-dates-times-and-money): "today", visit windows and expiry are
 * computed in
 * one IANA time zone, `COMMUNITY_TIMEZONE`.
 */
import { TZDate } from '@date-fns/tz';
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

/**
 * `instant` as ISO 8601 in the community's zone with its offset, to the second
 * (docs/operations.md#reports-exports-and-inside-now): `2026-11-23T09:15:00+05:30`; UTC as `+00:00`
 * (`xxx`), never `Z`.
 */
export function communityIsoTime(instant: Date, timeZone: string): string {
  return format(new TZDate(instant, timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
}
