/**
 * The invitation form's default visit, so that Create with only a name and a phone works at
 * any hour: today, 09:00–17:00 (the product's default window) until 17:00 in the community's
 * time zone; from 17:00 on, from now rounded up to the next quarter hour (at most 23:45)
 * to 23:59, a window that has not ended yet.
 */
import { DEFAULT_VISIT_TIME_FROM, DEFAULT_VISIT_TIME_TO } from '@gatehouse/shared';

/** The last start the evening window may take (HH:MM), and its end. */
const LATEST_START_MINUTES = 23 * 60 + 45;
const EVENING_END = '23:59';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The community's calendar date (YYYY-MM-DD) at `now`, and the minutes since its midnight
 * (seconds included), read with `Intl` alone: nothing here depends on the browser's zone
 * (nor on a Date subclass, which a test's fake clock may not carry).
 */
export function communityClock(now: Date, timeZone: string): { date: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
  const seconds = Number(parts.second) + now.getUTCMilliseconds() / 1000;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) + seconds / 60 };
}

/** The default date (YYYY-MM-DD) and window (HH:MM) at `now` in `timeZone` (the community's). */
export function defaultVisitWindow(now: Date, timeZone: string): { visitDate: string; visitTimeFrom: string; visitTimeTo: string } {
  // Minutes since the community's midnight, seconds included: 19:00:30 rounds up to 19:15.
  const { date: visitDate, minutes } = communityClock(now, timeZone);
  if (minutes < Number(DEFAULT_VISIT_TIME_TO.slice(0, 2)) * 60 + Number(DEFAULT_VISIT_TIME_TO.slice(3))) {
    return { visitDate, visitTimeFrom: DEFAULT_VISIT_TIME_FROM, visitTimeTo: DEFAULT_VISIT_TIME_TO };
  }
  const start = Math.min(Math.ceil(minutes / 15) * 15, LATEST_START_MINUTES);
  return { visitDate, visitTimeFrom: hhmm(start), visitTimeTo: EVENING_END };
}
