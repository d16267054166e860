/**
 * Display helpers built on the shared formatters of product-spec §9
 * ('MMM dd, yyyy' dates, 12-hour times).
 */
import { formatDisplayDate, formatDisplayTime, type HouseRef, type Role, type Visitor } from '@gatehouse/shared';

/** An ISO instant as `Nov 22, 2026 at 9:05 AM`, in the browser's time zone. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDisplayDate(date)} at ${formatDisplayTime(date)}`;
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

/** Today in the browser as YYYY-MM-DD (the invitation form's default and minimum, product-spec §9). */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The host line of a visitor: the host's name; for a walk-in without one, whether it still
 * waits for a resident or was decided at the gate or by an admin (live-gate §2).
 */
export function hostLabel(visitor: Pick<Visitor, 'hostId' | 'status'>): string {
  return visitor.hostId?.name ?? (visitor.status === 'pending' ? 'Waiting for a resident' : 'None (walk-in)');
}
