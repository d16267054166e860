/**
 * Display helpers: in English the shared formatters of docs/product.md#constants-and-formats ('MMM
 * dd, yyyy'
 * dates, 12-hour times, en-US dollars); in another language (lib/i18n.ts) the same facts
 * through `Intl` in that language (docs/product.md#languages: dates, times, numbers and money
 * through Intl in the chosen language and the community's time zone).
 */
import {
  formatCurrency,
  formatDisplayDate,
  formatDisplayTime,
  formatTimeRange,
  type HouseRef,
  type Role,
  type Visitor,
} from '@gatehouse/shared';
import { format, parse } from 'date-fns';

import { i18n, locale } from './i18n';
import { browserTimeZone, inZone, zonedInstant, zoneSuffix } from './time-zone';

const messages = i18n('format', {
  houseBlock: 'Block',
  admin: 'Admin',
  resident: 'Resident',
  guard: 'Guard',
  waitingForResident: 'Waiting for a resident',
  noHost: 'None (walk-in)',
});

/**
 * A calendar date (YYYY-MM-DD, or a Date whose getters read the wanted zone) as
 * `Nov 22, 2026` in English (docs/product.md#constants-and-formats), `22 nov 2026` in Spanish, and
 * so on.
 */
export function formatDate(value: string | Date): string {
  const language = locale.get();
  if (language === 'en') return formatDisplayDate(value);
  // A Date's getters (a TZDate's read its zone) give the wall-clock date to show.
  const date =
    typeof value === 'string'
      ? parse(value.slice(0, 10), 'yyyy-MM-dd', new Date())
      : new Date(value.getFullYear(), value.getMonth(), value.getDate());
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A calendar date (YYYY-MM-DD) as a local Date at midnight: its getters give that day. */
function calendarDay(value: string): Date {
  return parse(value.slice(0, 10), 'yyyy-MM-dd', new Date());
}

/**
 * A calendar date (YYYY-MM-DD) without its year, for a chart's axis or a list within one
 * season: `Nov 22` in English, `22 nov` in Spanish, `22 नव॰` in Hindi.
 */
export function formatDayMonth(value: string): string {
  const language = locale.get();
  if (language === 'en') return format(calendarDay(value), 'MMM d');
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(calendarDay(value));
}

/**
 * A month (YYYY-MM, or a YYYY-MM-DD date's) as `November 2026` in English, `noviembre de
 * 2026` in Spanish, `नवंबर 2026` in Hindi: never the ISO form on a screen.
 */
export function formatMonth(value: string): string {
  const language = locale.get();
  const first = calendarDay(`${value.slice(0, 7)}-01`);
  if (language === 'en') return format(first, 'MMMM yyyy');
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(first);
}

/** An HH:MM wall-clock time (or a Date's getters) as `9:00 AM` in English, `9:00` in Spanish. */
export function formatTime(value: string | Date): string {
  const language = locale.get();
  if (language === 'en') return formatDisplayTime(value);
  const date =
    typeof value === 'string'
      ? parse(value, 'HH:mm', new Date())
      : new Date(2000, 0, 1, value.getHours(), value.getMinutes());
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date);
}

/**
 * Two HH:MM times as `9:00 AM - 5:00 PM` (docs/product.md#constants-and-formats) or the chosen
 * language's form.
 */
export function formatTimeWindow(from: string, to: string): string {
  if (locale.get() === 'en') return formatTimeRange(from, to);
  return `${formatTime(from)} - ${formatTime(to)}`;
}

/**
 * An amount of US dollars: `$1,234.50` in English (docs/product.md#constants-and-formats), `1234,50
 * US$` in Spanish.
 */
export function formatMoney(amount: number): string {
  const language = locale.get();
  if (language === 'en') return formatCurrency(amount);
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount);
}

/** A count or other number in the chosen language's digits and grouping. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(locale.get()).format(value);
}

/**
 * An ISO instant as `Nov 22, 2026 at 9:05 AM` in `timeZone` (the community's: see
 * `useCommunityTimeZone`), with the zone's name when the browser's reads differently:
 * `Nov 22, 2026 at 9:05 AM EST`.
 */
export function formatInstant(iso: string, timeZone: string = browserTimeZone()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const language = locale.get();
  if (language !== 'en') {
    const text = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
    return `${text}${zoneSuffix(timeZone, date)}`;
  }
  const local = inZone(date, timeZone);
  return `${formatDisplayDate(local)} at ${formatDisplayTime(local)}${zoneSuffix(timeZone, date)}`;
}

/**
 * A visit window (community-local HH:MM on a YYYY-MM-DD date) as `9:00 AM - 5:00 PM`, with
 * the community zone's name when the browser's reads differently: `9:00 AM - 5:00 PM EST`.
 */
export function formatVisitWindow(
  visitor: { visitDate: string; visitTimeFrom: string; visitTimeTo: string },
  timeZone: string = browserTimeZone(),
): string {
  const range = formatTimeWindow(visitor.visitTimeFrom, visitor.visitTimeTo);
  return `${range}${zoneSuffix(timeZone, zonedInstant(visitor.visitDate, visitor.visitTimeFrom, timeZone))}`;
}

/** The first name, for greetings. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Up to two initials for an avatar: `Priya Sharma` → `PS`. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

/** `A-101 · Block A`. */
export function houseLabel(house: Pick<HouseRef, 'houseNumber' | 'block'>): string {
  return `${house.houseNumber} · ${messages.get().houseBlock} ${house.block}`;
}

/** The role's display name, in the current language. */
export function roleLabel(role: Role): string {
  return messages.get()[role];
}

/**
 * Today in `timeZone` (the community's) as YYYY-MM-DD: the invitation form's default and
 * minimum (docs/product.md#constants-and-formats), the same day the server judges visit dates by.
 */
export function todayIsoDate(now: Date = new Date(), timeZone: string = browserTimeZone()): string {
  return format(inZone(now, timeZone), 'yyyy-MM-dd');
}

/**
 * The host line of a visitor: the host's name; for a walk-in without one, whether it still
 * waits for a resident or was decided at the gate or by an admin (docs/gate.md#walk-ins).
 */
export function hostLabel(visitor: Pick<Visitor, 'hostId' | 'status'>): string {
  const t = messages.get();
  return visitor.hostId?.name ?? (visitor.status === 'pending' ? t.waitingForResident : t.noHost);
}
