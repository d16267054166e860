/**
 * Menu entries by role (docs/product.md#roles-and-what-they-see,
 * docs/product.md#constants-and-formats): the desktop top bar and the mobile bottom
 * bar show at most MAX_NAV_ENTRIES each.
 */
import { MAX_NAV_ENTRIES, type Role } from '@gatehouse/shared';
import {
  Bell,
  Building2,
  CalendarClock,
  Car,
  Ban,
  ChartColumn,
  ClipboardList,
  CreditCard,
  DoorOpen,
  KeyRound,
  LayoutDashboard,
  QrCode,
  ScrollText,
  ShieldCheck,
  User as UserIcon,
  Users,
  UsersRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

import { i18n } from '../../lib/i18n';

const messages = i18n('navigation', {
  dashboard: 'Dashboard',
  myVisitors: 'My Visitors',
  scanQr: 'Scan QR',
  activeVisitors: 'Active Visitors',
  allVisitors: 'All Visitors',
  visitors: 'Visitors',
  houses: 'Houses',
  vehicles: 'Vehicles',
  payments: 'Payments',
  users: 'Users',
  apiTokens: 'API tokens',
  notifications: 'Notifications',
  home: 'Home',
  scan: 'Scan',
  profile: 'Profile',
  webhooks: 'Webhooks',
});

/**
 * docs/operations.md#reports-exports-and-inside-now: Inside now's entry, in a catalog of its own.
 */
const insideNowMessages = i18n('InsideNowNavigation', {
  insideNow: 'Inside Now',
});

/** docs/operations.md#gates: the gates page's entry (admins), in a catalog of its own. */
const gatesMessages = i18n('GatesNavigation', {
  gates: 'Gates',
});

/** docs/operations.md#blocklist: the blocklist's entry (admins), in a catalog of its own. */
const blocklistMessages = i18n('BlocklistNavigation', {
  blocklist: 'Blocklist',
});

/**
 * docs/operations.md#frequent-visitors: frequent visitors (recurring passes), residents and admins,
 * in a catalog of its own.
 */
const passesMessages = i18n('PassesNavigation', {
  frequentVisitors: 'Frequent visitors',
});

/**
 * docs/operations.md#reports-exports-and-inside-now: the reports page's entry (admins), in a
 * catalog of its own.
 */
const reportsMessages = i18n('ReportsNavigation', {
  reports: 'Reports',
});

/** The audit log's entry (admins), in a catalog of its own. */
const auditMessages = i18n('AuditNavigation', {
  auditLog: 'Audit log',
});

type LabelKey =
  | keyof ReturnType<typeof messages.get>
  | keyof ReturnType<typeof auditMessages.get>
  | keyof ReturnType<typeof insideNowMessages.get>
  | keyof ReturnType<typeof passesMessages.get>
  | keyof ReturnType<typeof reportsMessages.get>
  | keyof ReturnType<typeof blocklistMessages.get>
  | keyof ReturnType<typeof gatesMessages.get>;

/** One menu entry. */
export interface NavEntry {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** A menu entry with its label's key: the label is read in the current language when the menus are built. */
interface Place {
  href: string;
  label: LabelKey;
  icon: LucideIcon;
}

/** `places` with their labels in the current language. */
function entriesOf(places: Place[]): NavEntry[] {
  const t = { ...messages.get(), ...insideNowMessages.get(), ...passesMessages.get(), ...reportsMessages.get(), ...blocklistMessages.get(), ...gatesMessages.get(), ...auditMessages.get() };
  return places.map((place) => ({ ...place, label: t[place.label] }));
}

const dashboard: Place = { href: '/dashboard', label: 'dashboard', icon: LayoutDashboard };
const houses: Place = { href: '/houses', label: 'houses', icon: Building2 };
const vehicles: Place = { href: '/vehicles', label: 'vehicles', icon: Car };
const payments: Place = { href: '/payments', label: 'payments', icon: CreditCard };
const notifications: Place = { href: '/notifications', label: 'notifications', icon: Bell };
const scanQr: Place = { href: '/guard/scan', label: 'scanQr', icon: QrCode };
const activeVisitors: Place = { href: '/guard', label: 'activeVisitors', icon: ShieldCheck };
/** A guard's home: the gate screen (the quick scan and everyone inside). */
const gateHome: Place = { href: '/guard', label: 'home', icon: LayoutDashboard };
/**
 * docs/operations.md#reports-exports-and-inside-now: the evacuation roll call, reached from the
 * user menu (and the guard dashboard).
 */
const insideNow: Place = { href: '/guard/inside', label: 'insideNow', icon: ClipboardList };
/** docs/api.md#api-tokens: the admins' API tokens, reached from the user menu. */
const apiTokens: Place = { href: '/api-tokens', label: 'apiTokens', icon: KeyRound };
/** docs/operations.md#blocklist: the admins' blocklist, reached from the user menu. */
const blocklist: Place = { href: '/blocklist', label: 'blocklist', icon: Ban };
/**
 * docs/operations.md#frequent-visitors: frequent visitors, reached from the user menu (residents
 * and admins).
 */
const frequentVisitors: Place = { href: '/passes', label: 'frequentVisitors', icon: CalendarClock };
/**
 * docs/operations.md#reports-exports-and-inside-now: the admins' reports, reached from the user
 * menu.
 */
const reports: Place = { href: '/reports', label: 'reports', icon: ChartColumn };
/** docs/operations.md#gates: the admins' gates, reached from the user menu. */
const gates: Place = { href: '/gates', label: 'gates', icon: DoorOpen };
/** The admins' audit log, reached from the user menu. */
const auditLog: Place = { href: '/audit', label: 'auditLog', icon: ScrollText };

/**
 * Desktop top bar. Residents: their invitations, houses, vehicles, payments. Guards: the
 * gate screens, all visitors and houses, no vehicles or payments. Admins: the areas they
 * manage; the gate screens stay reachable by their routes and the dashboard.
 */
const TOP_BAR: Record<Role, Place[]> = {
  resident: [
    dashboard,
    { href: '/visitors', label: 'myVisitors', icon: UsersRound },
    houses,
    vehicles,
    payments,
  ],
  // A guard's home is the gate screen (the quick scan and Active Visitors).
  guard: [
    gateHome,
    scanQr,
    { href: '/visitors', label: 'allVisitors', icon: UsersRound },
    insideNow,
    houses,
  ],
  // Six areas, five places: Vehicles gives way on desktop. The admin reaches it from the
  // dashboard's Vehicles card, each house's Vehicles tab and the mobile bar.
  admin: [
    dashboard,
    { href: '/visitors', label: 'visitors', icon: UsersRound },
    houses,
    { href: '/users', label: 'users', icon: Users },
    payments,
  ],
};

/** The entries of the desktop top bar for `role`. */
export function topBarEntries(role: Role): NavEntry[] {
  return entriesOf(TOP_BAR[role].slice(0, MAX_NAV_ENTRIES));
}

/** Mobile bottom bar: Home, Scan (guard) or Visitors, Houses, Vehicles (admin and resident), Profile. */
export function bottomBarEntries(role: Role): NavEntry[] {
  const places: Place[] = [
    role === 'guard' ? gateHome : { href: '/dashboard', label: 'home', icon: LayoutDashboard },
    role === 'guard'
      ? { href: '/guard/scan', label: 'scan', icon: QrCode }
      : { href: '/visitors', label: 'visitors', icon: UsersRound },
    houses,
  ];
  if (role !== 'guard') places.push(vehicles);
  places.push({ href: '/profile', label: 'profile', icon: UserIcon });
  return entriesOf(places.slice(0, MAX_NAV_ENTRIES));
}

/**
 * Every screen a role may open from a menu: the top bar's, the bottom bar's, and the ones
 * neither bar has room for (an admin's Vehicles; and the gate screens, which admins reach
 * too).
 */
const ALL_ENTRIES: Record<Role, Place[]> = {
  resident: [...TOP_BAR.resident, frequentVisitors, notifications],
  guard: [...TOP_BAR.guard, notifications],
  admin: [...TOP_BAR.admin, vehicles, frequentVisitors, scanQr, activeVisitors, insideNow, reports, gates, blocklist, auditLog, apiTokens, { href: '/webhooks', label: 'webhooks', icon: Webhook }, notifications],
};

/**
 * The user menu's extra links (docs/product.md#layout-and-menus: every screen of a role
 * reachable at every size): with the top bar (wide screens) the ones it lacks; with the
 * bottom bar (phones and portrait tablets) the ones that one lacks. Profile and Home are
 * never repeated; the bell is always in the top bar.
 */
export function menuEntries(role: Role): { wide: NavEntry[]; narrow: NavEntry[] } {
  const top = new Set(topBarEntries(role).map((entry) => entry.href));
  const bottom = new Set(bottomBarEntries(role).map((entry) => entry.href));
  const extra = entriesOf(
    ALL_ENTRIES[role].filter((place) => place.href !== '/dashboard' && place.href !== '/notifications' && !(role === 'guard' && place.href === '/guard')),
  );
  return {
    wide: extra.filter((entry) => !top.has(entry.href)),
    narrow: extra.filter((entry) => !bottom.has(entry.href)),
  };
}

/** Whether `location` belongs to the section of `href` (for the current-page mark). */
export function isActiveEntry(href: string, location: string): boolean {
  // The gate screen's two paths; the other gate screens are entries of their own.
  if (href === '/guard') return location === '/guard' || location === '/guard/dashboard';
  return location === href || location.startsWith(`${href}/`);
}
