/**
 * Display helpers built on the shared formatters of product-spec §9
 * ('MMM dd, yyyy' dates, 12-hour times).
 */
import { formatDisplayDate, formatDisplayTime, formatTimeRange, type HouseRef, type Role, type Visitor } from '@gatehouse/shared';
import { format } from 'date-fns';

import { browserTimeZone, inZone, zonedInstant, zoneSuffix } from './time-zone';

/**
 * An ISO instant as `Nov 22, 2026 at 9:05 AM` in `timeZone` (the community's: see
 * `useCommunityTimeZone`), with the zone's name when the browser's reads differently:
 * `Nov 22, 2026 at 9:05 AM EST`.
 */
export function formatInstant(iso: string, timeZone: string = browserTimeZone()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
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
  const range = formatTimeRange(visitor.visitTimeFrom, visitor.visitTimeTo);
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
  return `${house.houseNumber} · Block ${house.block}`;
}

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', resident: 'Resident', guard: 'Guard' };

/** The role's display name. */
export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/**
 * Today in `timeZone` (the community's) as YYYY-MM-DD: the invitation form's default and
 * minimum (product-spec §9), the same day the server judges visit dates by.
 */
export function todayIsoDate(now: Date = new Date(), timeZone: string = browserTimeZone()): string {
  return format(inZone(now, timeZone), 'yyyy-MM-dd');
}

/**
 * The host line of a visitor: the host's name; for a walk-in without one, whether it still
 * waits for a resident or was decided at the gate or by an admin (live-gate §2).
 */
export function hostLabel(visitor: Pick<Visitor, 'hostId' | 'status'>): string {
  return visitor.hostId?.name ?? (visitor.status === 'pending' ? 'Waiting for a resident' : 'None (walk-in)');
}
