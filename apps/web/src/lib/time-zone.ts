/**
 * The community's time zone on screen (docs/product.md#time-zone): every date and
 * time is shown and chosen in the zone the server computes visit windows in
 * (`visitors.settings`), not the browser's, and named where the two differ, so a resident
 * abroad and the gate tablet read the same 9:00 AM.
 */
import { useQuery } from '@tanstack/react-query';
import { TZDate } from '@date-fns/tz';

import { useTRPC } from './trpc-react';

/** The browser's IANA zone, e.g. `Asia/Kolkata`. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The community's IANA zone from `visitors.settings` (signed in; read once and kept), the
 * browser's until it is known or when it cannot be read.
 */
export function useCommunityTimeZone(): string {
  const trpc = useTRPC();
  const settings = useQuery({ ...trpc.visitors.settings.queryOptions(), staleTime: Infinity });
  return settings.data?.timeZone ?? browserTimeZone();
}

/** The zone's short name at `instant`, as people read it: `EST`, `GMT+5:30`. */
export function zoneName(timeZone: string, instant: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * ` EST` when `timeZone` reads differently from the browser's at `instant` (another offset
 * or name), else '': what to add after a time so that nobody reads it in their own zone.
 */
export function zoneSuffix(timeZone: string, instant: Date): string {
  const name = zoneName(timeZone, instant);
  return name === zoneName(browserTimeZone(), instant) ? '' : ` ${name}`;
}

/** `instant` as wall-clock fields in `timeZone` (a Date whose getters read that zone). */
export function inZone(instant: Date, timeZone: string): Date {
  return new TZDate(instant.getTime(), timeZone);
}

/** The instant a community-local date (YYYY-MM-DD) and time (HH:MM) stand for in `timeZone`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new TZDate(year ?? 1970, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, timeZone);
}
