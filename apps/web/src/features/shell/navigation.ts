/**
 * Menu entries by role (product-spec §6, §9): the desktop top bar and the mobile bottom
 * bar show at most MAX_NAV_ENTRIES each.
 */
import { MAX_NAV_ENTRIES, type Role } from '@gatehouse/shared';
import {
  Bell,
  Building2,
  Car,
  CreditCard,
  LayoutDashboard,
  QrCode,
  ShieldCheck,
  User as UserIcon,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

/** One menu entry. */
export interface NavEntry {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Roles allowed on the gate screens (product-spec §6). */
export const GATE_ROLES: readonly Role[] = ['guard', 'admin'];

/** Admin-only screens: /houses/create and /users (product-spec §6). */
export const ADMIN_ROLES: readonly Role[] = ['admin'];

/**
 * Roles with a house to manage: vehicles can be added and payments seen by admins and
 * residents only (server-contract §5); guards have no such links (product-spec §6) and
 * are sent to /dashboard from those routes.
 */
export const HOST_ROLES: readonly Role[] = ['admin', 'resident'];

const dashboard: NavEntry = { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard };
const houses: NavEntry = { href: '/houses', label: 'Houses', icon: Building2 };
const vehicles: NavEntry = { href: '/vehicles', label: 'Vehicles', icon: Car };
const payments: NavEntry = { href: '/payments', label: 'Payments', icon: CreditCard };

/**
 * Desktop top bar. Residents: their invitations, houses, vehicles, payments. Guards: the
 * gate screens, all visitors and houses, no vehicles or payments. Admins: the areas they
 * manage; the gate screens stay reachable by their routes and the dashboard.
 */
const TOP_BAR: Record<Role, NavEntry[]> = {
  resident: [
    dashboard,
    { href: '/visitors', label: 'My Visitors', icon: UsersRound },
    houses,
    vehicles,
    payments,
  ],
  guard: [
    dashboard,
    { href: '/guard/scan', label: 'Scan QR', icon: QrCode },
    { href: '/guard/dashboard', label: 'Active Visitors', icon: ShieldCheck },
    { href: '/visitors', label: 'All Visitors', icon: UsersRound },
    houses,
  ],
  // Six areas, five places: Vehicles gives way on desktop. The admin reaches it from the
  // dashboard's Vehicles card, each house's Vehicles tab and the mobile bar.
  admin: [
    dashboard,
    { href: '/visitors', label: 'Visitors', icon: UsersRound },
    houses,
    { href: '/users', label: 'Users', icon: Users },
    payments,
  ],
};

/** The entries of the desktop top bar for `role`. */
export function topBarEntries(role: Role): NavEntry[] {
  return TOP_BAR[role].slice(0, MAX_NAV_ENTRIES);
}

/** Mobile bottom bar: Home, Scan (guard) or Visitors, Houses, Vehicles (admin and resident), Profile. */
export function bottomBarEntries(role: Role): NavEntry[] {
  const entries: NavEntry[] = [
    { href: '/dashboard', label: 'Home', icon: LayoutDashboard },
    role === 'guard'
      ? { href: '/guard/scan', label: 'Scan', icon: QrCode }
      : { href: '/visitors', label: 'Visitors', icon: UsersRound },
    houses,
  ];
  if (role !== 'guard') entries.push(vehicles);
  entries.push({ href: '/profile', label: 'Profile', icon: UserIcon });
  return entries.slice(0, MAX_NAV_ENTRIES);
}

/**
 * Every screen a role may open from a menu: the top bar's, the bottom bar's, and the ones
 * neither bar has room for (an admin's Vehicles; and the gate screens, which admins reach
 * too).
 */
const ALL_ENTRIES: Record<Role, NavEntry[]> = {
  resident: [...TOP_BAR.resident, { href: '/notifications', label: 'Notifications', icon: Bell }],
  guard: [...TOP_BAR.guard, { href: '/notifications', label: 'Notifications', icon: Bell }],
  admin: [
    ...TOP_BAR.admin,
    vehicles,
    { href: '/guard/scan', label: 'Scan QR', icon: QrCode },
    { href: '/guard/dashboard', label: 'Active Visitors', icon: ShieldCheck },
    { href: '/notifications', label: 'Notifications', icon: Bell },
  ],
};

/**
 * The user menu's extra links (usable-by-everyone issue, item 2: every screen of a role
 * reachable at every size): with the top bar (wide screens) the ones it lacks; with the
 * bottom bar (phones and portrait tablets) the ones that one lacks. Profile and Home are
 * never repeated; the bell is always in the top bar.
 */
export function menuEntries(role: Role): { wide: NavEntry[]; narrow: NavEntry[] } {
  const top = new Set(topBarEntries(role).map((entry) => entry.href));
  const bottom = new Set(bottomBarEntries(role).map((entry) => entry.href));
  const extra = ALL_ENTRIES[role].filter((entry) => entry.href !== '/dashboard' && entry.href !== '/notifications');
  return {
    wide: extra.filter((entry) => !top.has(entry.href)),
    narrow: extra.filter((entry) => !bottom.has(entry.href)),
  };
}

/** Whether `location` belongs to the section of `href` (for the current-page mark). */
export function isActiveEntry(href: string, location: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
