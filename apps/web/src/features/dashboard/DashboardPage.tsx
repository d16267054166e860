/** /dashboard for the three roles (docs/product.md#screens-and-routes). */
import { PAGE_SIZES, type Role, type User } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  Building2,
  Car,
  ChevronRight,
  Home,
  Plus,
  QrCode,
  Users,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';

import { ButtonLink } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { firstNameOf, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BlocklistAlerts } from '../blocklist/BlocklistAlerts';
import { NeedsReview } from '../guard/NeedsReview';
import { HouseBalanceCard } from '../payments/HouseBalanceCard';
import { VisitorRow } from '../visitors/VisitorSummary';

const messages = i18n('DashboardPage', {
  title: 'Dashboard',
  welcome: params('Welcome back, {name}'),
  residentSubtitle: 'Invite visitors and keep track of their passes.',
  guardSubtitle: 'Verify passes and keep the gate moving.',
  adminSubtitle: 'Here is what is happening in your community.',
  shortcuts: 'Shortcuts',
  newInvitation: 'New Invitation',
  newInvitationDescription: 'Invite a visitor and get a QR pass',
  myVisitors: 'My Visitors',
  myVisitorsDescription: 'Follow your invitations',
  scanQr: 'Scan QR',
  scanQrDescription: 'Verify a pass at the gate',
  allVisitors: 'All Visitors',
  allVisitorsDescription: 'Everyone invited to the community',
  newHouse: 'New House',
  newHouseDescription: 'Add a house to the community',
  manageUsers: 'Manage Users',
  manageUsersDescription: 'Residents, guards and admins',
  houses: 'Houses',
  housesDescription: 'Houses, residents and vehicles',
  visitors: 'Visitors',
  visitorsDescription: 'Every invitation and pass',
  recentVisitors: 'Recent Visitors',
  currentlyCheckedIn: 'Currently checked in',
  yourLatestInvitations: 'Your latest invitations',
  latestInvitations: 'Latest invitations in the community',
  viewAll: 'View All',
  loadingVisitors: 'Loading visitors',
  noVisitors: 'No visitors found',
  nobodyCheckedIn: 'Nobody is checked in right now.',
  invitationsShowHere: 'Invitations you create show up here.',
  communityFigures: 'Community figures',
  vehicles: 'Vehicles',
  visitorsInside: 'Visitors inside',
  vehiclesDescription: 'Registered in the community',
  allVehicles: 'All Vehicles',
  loadingVehicles: 'Loading vehicles',
  noVehicles: 'No vehicles found',
  vehicleDetails: params('{color} · House {house}'),
  yourHouse: params('House {house}'),
});

type Messages = ReturnType<typeof messages.get>;

interface Shortcut {
  href: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

/** Shortcuts by role (docs/product.md#screens-and-routes), in the current language. */
function shortcutsFor(role: Role, t: Messages): Shortcut[] {
  switch (role) {
    case 'resident':
      return [
        { href: '/visitors/create', label: t.newInvitation, description: t.newInvitationDescription, icon: Plus },
        { href: '/visitors', label: t.myVisitors, description: t.myVisitorsDescription, icon: UsersRound },
      ];
    case 'guard':
      return [
        { href: '/guard/scan', label: t.scanQr, description: t.scanQrDescription, icon: QrCode },
        { href: '/visitors', label: t.allVisitors, description: t.allVisitorsDescription, icon: UsersRound },
      ];
    case 'admin':
      return [
        { href: '/houses/create', label: t.newHouse, description: t.newHouseDescription, icon: Plus },
        { href: '/users', label: t.manageUsers, description: t.manageUsersDescription, icon: Users },
        { href: '/houses', label: t.houses, description: t.housesDescription, icon: Building2 },
        { href: '/visitors', label: t.visitors, description: t.visitorsDescription, icon: UsersRound },
      ];
  }
}

/** The greeting's subtitle by role (the message key). */
const SUBTITLES = {
  resident: 'residentSubtitle',
  guard: 'guardSubtitle',
  admin: 'adminSubtitle',
} as const satisfies Record<Role, keyof Messages>;

function ShortcutGrid({ role }: { role: Role }) {
  const t = useMessages(messages);
  const shortcuts = shortcutsFor(role, t);
  return (
    <ul
      className={clsx(
        'grid grid-cols-2 gap-3 sm:gap-4',
        shortcuts.length > 2 && 'lg:grid-cols-4',
      )}
      aria-label={t.shortcuts}
    >
      {shortcuts.map((shortcut) => (
        <li key={shortcut.href}>
          <Link
            href={shortcut.href}
            className="group flex h-full min-h-28 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md sm:p-5"
          >
            <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 group-hover:bg-brand-100">
              <shortcut.icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{shortcut.label}</span>
              <span className="mt-0.5 hidden text-sm text-slate-500 sm:block">
                {shortcut.description}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The recent-visitors card: a resident's 5 latest own invitations, a guard's up to 10
 * checked-in visitors, an admin's 5 latest visitors (docs/product.md#screens-and-routes,
 * docs/product.md#constants-and-formats).
 */
function RecentVisitorsCard({ role }: { role: Role }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const mine = useQuery(
    trpc.visitors.myInvitationSummaries.queryOptions(
      { limit: PAGE_SIZES.dashboard },
      { enabled: role === 'resident' },
    ),
  );
  const all = useQuery(
    trpc.visitors.listSummaries.queryOptions(
      role === 'guard'
        ? { status: 'checked-in', limit: PAGE_SIZES.guardDashboard }
        : { limit: PAGE_SIZES.dashboard },
      { enabled: role !== 'resident' },
    ),
  );
  const query = role === 'resident' ? mine : all;
  const visitors = query.data?.items ?? [];

  return (
    <Card
      title={t.recentVisitors}
      description={
        role === 'guard'
          ? t.currentlyCheckedIn
          : role === 'resident'
            ? t.yourLatestInvitations
            : t.latestInvitations
      }
      padded={false}
      actions={
        <ButtonLink
          href="/visitors"
          variant="secondary"
          size="sm"
          className="min-h-11"
          icon={<ChevronRight aria-hidden="true" className="order-last size-4" />}
        >
          {t.viewAll}
        </ButtonLink>
      }
    >
      {query.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner label={t.loadingVisitors} />
        </div>
      ) : query.isError ? (
        <div className="p-5">
          <ErrorBox
            message={failureText(query.error)}
            onRetry={() => void query.refetch()}
            headingLevel={3}
          />
        </div>
      ) : visitors.length === 0 ? (
        <EmptyState
          icon={<UsersRound aria-hidden="true" className="size-6" />}
          title={t.noVisitors}
          hint={
            role === 'guard'
              ? t.nobodyCheckedIn
              : role === 'resident'
                ? t.invitationsShowHere
                : undefined
          }
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {visitors.map((visitor) => (
            <VisitorRow key={visitor.id} visitor={visitor} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function Stat({
  label,
  value,
  href,
  icon: Icon,
}: {
  label: string;
  value: number | undefined;
  href: string;
  icon: LucideIcon;
}) {
  return (
    <Link
      href={href}
      className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
    >
      <span className="grid size-11 place-items-center rounded-xl bg-slate-100 text-slate-600 group-hover:bg-brand-50 group-hover:text-brand-700">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex flex-col">
        <span className="text-sm text-slate-500">{label}</span>
        <span className="text-2xl font-bold text-slate-900">{value ?? '—'}</span>
      </span>
      <ChevronRight aria-hidden="true" className="ml-auto size-4 text-slate-400" />
    </Link>
  );
}

/**
 * The admin dashboard's vehicle query (docs/product.md#screens-and-routes,
 * docs/product.md#constants-and-formats: limit 5).
 */
function useDashboardVehicles() {
  const trpc = useTRPC();
  return useQuery(trpc.vehicles.list.queryOptions({ limit: PAGE_SIZES.adminDashboardVehicles }));
}

/**
 * Community figures for the admin: the houses list and the vehicles (limit 5) are fetched
 * for the admin per docs/product.md#screens-and-routes; each figure opens its screen.
 */
function AdminStats() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const houses = useQuery(trpc.houses.list.queryOptions({ limit: PAGE_SIZES.houses }));
  const vehicles = useDashboardVehicles();
  const inside = useQuery(
    trpc.visitors.listSummaries.queryOptions({ status: 'checked-in', limit: PAGE_SIZES.guardDashboard }),
  );
  return (
    <section
      aria-label={t.communityFigures}
      className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4"
    >
      <Stat label={t.houses} value={houses.data?.total} href="/houses" icon={Building2} />
      <Stat label={t.vehicles} value={vehicles.data?.total} href="/vehicles" icon={Car} />
      <Stat
        label={t.visitorsInside}
        value={inside.data?.total}
        href="/guard/dashboard"
        icon={Home}
      />
    </section>
  );
}

/**
 * The admin's Vehicles card: the 5 vehicles fetched for the dashboard
 * (docs/product.md#screens-and-routes).
 * A failure shows in the shared error box with Retry, and is logged too
 * (docs/product.md#how-the-app-shows-errors).
 */
function AdminVehiclesCard() {
  const t = useMessages(messages);
  const vehicles = useDashboardVehicles();
  useEffect(() => {
    if (vehicles.error) console.error('Failed to load vehicles', vehicles.error);
  }, [vehicles.error]);
  const items = vehicles.data?.items ?? [];
  return (
    <Card
      title={t.vehicles}
      description={t.vehiclesDescription}
      padded={false}
      actions={
        <ButtonLink
          href="/vehicles"
          variant="secondary"
          size="sm"
          className="min-h-11"
          icon={<ChevronRight aria-hidden="true" className="order-last size-4" />}
        >
          {t.allVehicles}
        </ButtonLink>
      }
    >
      {vehicles.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner label={t.loadingVehicles} />
        </div>
      ) : vehicles.isError ? (
        <div className="p-5">
          <ErrorBox
            message={failureText(vehicles.error)}
            onRetry={() => void vehicles.refetch()}
            headingLevel={3}
          />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Car aria-hidden="true" className="size-6" />}
          title={t.noVehicles}
        />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t.vehicles}>
          {items.map((vehicle) => (
            <li key={vehicle.id} className="flex min-h-16 items-center gap-3 px-5 py-3">
              <span className="rounded-md border-2 border-slate-800 px-1.5 font-mono text-sm font-bold tracking-wider whitespace-nowrap text-slate-900">
                {vehicle.licensePlate}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {vehicle.make} {vehicle.model}
                </span>
                <span className="block truncate text-sm text-slate-500">
                  {t.vehicleDetails({ color: vehicle.color, house: vehicle.houseId.houseNumber })}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ResidentHouse({ user }: { user: User }) {
  const t = useMessages(messages);
  if (!user.houseId) return null;
  return (
    <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
      <Home aria-hidden="true" className="size-4 text-brand-700" />
      {t.yourHouse({ house: houseLabel(user.houseId) })}
    </p>
  );
}

/**
 * Greeting, shortcuts and recent visitors; a resident with a house also sees its dues balance
 * (docs/operations.md#dues-ledger).
 */
export function DashboardPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeader
          title={t.welcome({ name: firstNameOf(user.name) })}
          subtitle={t[SUBTITLES[user.role]]}
          className="mb-0"
        />
        {user.role === 'resident' && <ResidentHouse user={user} />}
      </div>
      {/* docs/gate.md#recording-moves-offline: entries refused on replay, for admins too. */}
      {user.role === 'admin' && <NeedsReview className="" />}
      {user.role === 'admin' && <BlocklistAlerts />}
      <ShortcutGrid role={user.role} />
      {user.role === 'resident' && user.houseId && <HouseBalanceCard houseId={user.houseId.id} />}
      {user.role === 'admin' && <AdminStats />}
      {user.role === 'admin' ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <RecentVisitorsCard role={user.role} />
          <AdminVehiclesCard />
        </div>
      ) : (
        <RecentVisitorsCard role={user.role} />
      )}
    </div>
  );
}
