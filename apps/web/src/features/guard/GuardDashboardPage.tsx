/**
 * The gate screen (`/guard`, also `/guard/dashboard`): where a guard lands after sign-in and
 * on Home. The quick scan field (which owns the keyboard and focus of the screen), the gate
 * choice, Needs review, walk-ins waiting for a resident, and everyone inside now (visitors
 * and recurring passes, from the server or, offline, from the tablet's copy and queue), each
 * with Check Out through the one gate path (lib/gate-moves.ts).
 */
import { PAGE_SIZES, type GateInsideItem } from '@gatehouse/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  AlertTriangle,
  CalendarClock,
  Clock,
  Home,
  LogOut,
  Phone,
  QrCode,
  ShieldCheck,
  UserPlus,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';

import { Button, ButtonLink } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { useConnectionState } from '../../lib/connection';
import { failureText } from '../../lib/failures';
import { useGateMove } from '../../lib/gate-moves';
import { count as plural, i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useToast } from '../../lib/toasts';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { GateChooser } from '../gates/GateChooser';
import { checkedOutMessage, checkInLabel, checkOutFailedMessage } from './gate-messages';
import { InsideNowLink } from './InsideNowLink';
import { NeedsReview } from './NeedsReview';
import { savedMoveMessage } from './offline-gate';
import { QuickScan } from './QuickScan';
import { useForgetInside, useInsideNow } from './use-inside-now';

const messages = i18n('GuardDashboardPage', {
  title: 'Active Visitors',
  insideCount: params('{count} inside'),
  subtitle: 'Visitors who are checked in and still inside the community.',
  newWalkIn: 'New Walk-in',
  scanQr: 'Scan QR',
  waitingTitle: 'Waiting for a resident',
  waitingDescription: 'Walk-ins the residents have been asked about.',
  pendingWalkIns: 'Pending walk-ins',
  houseAndPurpose: params('House {house} · {purpose}'),
  noPurpose: 'No purpose given',
  openWalkIn: params('Open walk-in of {name}'),
  open: 'Open',
  overstayingCount: plural({
    one: '{count} visitor is overstaying',
    other: '{count} visitors are overstaying',
  }),
  loading: 'Loading active visitors',
  emptyTitle: 'No active visitors',
  emptyHint: 'All visitors have been checked out',
  noCopyHint:
    'This tablet has no copy of the list yet: it is kept once the tablet has been online.',
  checkedInVisitors: 'Checked-in visitors',
  confirmTitle: params('Check out {name}?'),
  confirmMessage: params('{name} leaves House {house}: check them out now?'),
  checkOut: 'Check Out',
  notYet: 'Not Yet',
  overstaying: params('Overstaying: due out by {time}'),
  house: params('House {house}'),
  inSince: params('In since {time}'),
  checkOutVisitor: params('Check out {name}'),
  asOf: params('As of {time}, from this tablet'),
  frequentVisitor: 'Frequent visitor',
});

/** The pending walk-ins refresh themselves, as the gate tablet stays on this screen (live updates refresh them at once). */
const WAITING_REFRESH_MS = 30_000;

/** The default grace before someone inside past their window is overstaying (minutes), as the server's. */
const DEFAULT_OVERSTAY_GRACE_MINUTES = 30;

/**
 * Whether someone inside is overstaying (docs/configuration.md#environment-variables): the clock is
 * past the end of their
 * visit window (`dueOutAt`) plus the grace. Unknown ends (a copy kept before they were sent)
 * are never overstaying.
 */
export function isOverstaying(
  item: Pick<GateInsideItem, 'dueOutAt'>,
  graceMinutes: number,
  now: number,
): boolean {
  if (!item.dueOutAt) return false;
  return now > Date.parse(item.dueOutAt) + graceMinutes * 60_000;
}

function InsideRow({
  item,
  onCheckOut,
  checkingOut,
  overstaying,
  timeZone,
}: {
  item: GateInsideItem;
  onCheckOut: () => void;
  checkingOut: boolean;
  overstaying: boolean;
  timeZone: string;
}) {
  const t = useMessages(messages);
  const recurring = item.kind === 'recurring';
  const nameClasses = 'inline-flex min-h-11 items-center text-lg font-semibold text-slate-900';
  return (
    <li
      className={clsx(
        'flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-center',
        overstaying && 'bg-amber-50',
      )}
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          {recurring ? (
            // A recurring pass has no visitor page; its holder is named as listed.
            <span className={nameClasses}>{item.name}</span>
          ) : (
            <Link
              href={`/visitors/${item.id}`}
              className={`${nameClasses} hover:text-brand-800 hover:underline`}
            >
              {item.name}
            </Link>
          )}
          {recurring && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-2.5 py-0.5 text-sm font-medium text-indigo-800 ring-1 ring-indigo-200">
              <CalendarClock aria-hidden="true" className="size-4" />
              {t.frequentVisitor}
            </span>
          )}
          {overstaying && item.dueOutAt && (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-200 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
              <AlertTriangle aria-hidden="true" className="size-4" />
              {t.overstaying({ time: checkInLabel(item.dueOutAt, timeZone) })}
            </span>
          )}
        </div>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          {item.phone && (
            <span className="inline-flex items-center gap-1.5">
              <Phone aria-hidden="true" className="size-4 text-slate-400" />
              {item.phone}
            </span>
          )}
          <span className="inline-flex items-center gap-1.5">
            <Home aria-hidden="true" className="size-4 text-slate-400" />
            {t.house({ house: item.houseId.houseNumber })}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-slate-400" />
            {t.inSince({ time: checkInLabel(item.checkInTime, timeZone) })}
          </span>
          {item.vehicleLicensePlate && (
            <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs font-semibold text-slate-700">
              {item.vehicleLicensePlate}
            </span>
          )}
        </div>
      </div>
      <Button
        variant="secondary"
        size="lg"
        onClick={onCheckOut}
        loading={checkingOut}
        aria-label={t.checkOutVisitor({ name: item.name })}
        icon={<LogOut aria-hidden="true" className="size-5" />}
      >
        {t.checkOut}
      </Button>
    </li>
  );
}

/** The gate screen: see the file's comment. */
export function GuardDashboardPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const move = useGateMove();
  const forgetInside = useForgetInside();
  const connection = useConnectionState();
  const communityZone = useCommunityTimeZone();
  const [actionError, setActionError] = useState<string | null>(null);
  const [checkingOut, setCheckingOut] = useState<string | null>(null);
  const confirm = useConfirm();
  const inside = useInsideNow();

  // With no network, not asked (and no error shown): the screen works from the tablet.
  const pending = useQuery({
    ...trpc.visitors.listSummaries.queryOptions({
      status: 'pending',
      limit: PAGE_SIZES.activeVisitors,
    }),
    refetchInterval: WAITING_REFRESH_MS,
    enabled: connection !== 'offline',
  });
  const settings = useQuery({
    ...trpc.visitors.settings.queryOptions(),
    staleTime: Infinity,
    enabled: connection !== 'offline',
  });
  // Re-judged every minute, and whenever the list changes.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const timeZone = inside.fromDevice?.settings?.timeZone ?? communityZone;
  const grace =
    settings.data?.overstayGraceMinutes ??
    inside.fromDevice?.settings?.overstayGraceMinutes ??
    DEFAULT_OVERSTAY_GRACE_MINUTES;
  const people = inside.items ?? [];
  const waiting = pending.data?.items ?? [];
  const overstayCount = people.filter((item) => isOverstaying(item, grace, now)).length;

  /** Check Out from the list, after one large confirmation: done, or saved on this tablet, within a second. */
  const onCheckOut = async (item: GateInsideItem) => {
    // One extra tap, large (docs/product.md#confirmations-and-notices): no visitor leaves the list
    // by a slip.
    const leave = await confirm({
      title: t.confirmTitle({ name: item.name }),
      message: t.confirmMessage({ name: item.name, house: item.houseId.houseNumber }),
      confirmLabel: t.checkOut,
      dismissLabel: t.notYet,
      tone: 'primary',
    });
    if (!leave) return;
    setActionError(null);
    setCheckingOut(item.id);
    const outcome = await move({
      action: 'check-out',
      subject: { id: item.id, name: item.name, houseNumber: item.houseId.houseNumber },
    });
    setCheckingOut(null);
    if (outcome.kind === 'refused') {
      setActionError(failureText(outcome.error, checkOutFailedMessage()));
      return;
    }
    if (outcome.kind === 'done') forgetInside(item.id);
    showToast(outcome.kind === 'saved' ? savedMoveMessage('checkOut') : checkedOutMessage());
    void queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.gate.pathKey() });
  };

  let list;
  if (inside.items === null) {
    list = inside.error ? (
      <ErrorBox message={failureText(inside.error)} onRetry={inside.refetch} />
    ) : inside.unavailable ? (
      <Card>
        <EmptyState
          icon={<ShieldCheck aria-hidden="true" className="size-6" />}
          title={t.emptyTitle}
          hint={t.noCopyHint}
        />
      </Card>
    ) : (
      <PageSpinner label={t.loading} />
    );
  } else if (people.length === 0) {
    list = (
      <Card>
        <EmptyState
          icon={<ShieldCheck aria-hidden="true" className="size-6" />}
          title={t.emptyTitle}
          hint={t.emptyHint}
        />
      </Card>
    );
  } else {
    list = (
      <Card padded={false}>
        <ul className="divide-y divide-slate-100" aria-label={t.checkedInVisitors}>
          {people.map((item) => (
            <InsideRow
              key={item.id}
              item={item}
              timeZone={timeZone}
              checkingOut={checkingOut === item.id}
              overstaying={isOverstaying(item, grace, now)}
              onCheckOut={() => void onCheckOut(item)}
            />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <>
      <PageHeader
        title={t.title}
        badge={
          inside.items && (
            <span
              className="inline-flex min-w-8 items-center justify-center rounded-full bg-sky-100 px-2.5 py-1 text-sm font-bold text-sky-800"
              aria-label={t.insideCount({ count: String(inside.total) })}
              title={t.insideCount({ count: String(inside.total) })}
            >
              {inside.total}
            </span>
          )
        }
        subtitle={t.subtitle}
        actions={
          <>
            <InsideNowLink />
            <ButtonLink
              href="/guard/walk-in"
              size="lg"
              variant="secondary"
              icon={<UserPlus aria-hidden="true" className="size-5" />}
            >
              {t.newWalkIn}
            </ButtonLink>
            <ButtonLink
              href="/guard/scan"
              size="lg"
              icon={<QrCode aria-hidden="true" className="size-5" />}
            >
              {t.scanQr}
            </ButtonLink>
          </>
        }
      />
      <GateChooser />
      <QuickScan />
      <NeedsReview />
      {waiting.length > 0 && (
        <Card
          title={t.waitingTitle}
          description={t.waitingDescription}
          className="mb-6"
          padded={false}
        >
          <ul className="divide-y divide-slate-100" aria-label={t.pendingWalkIns}>
            {waiting.map((visitor) => (
              <li key={visitor.id} className="flex items-center justify-between gap-4 px-5 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{visitor.name}</p>
                  <p className="text-sm text-slate-600">
                    {t.houseAndPurpose({
                      house: visitor.houseId.houseNumber,
                      purpose: visitor.purpose ?? t.noPurpose,
                    })}
                  </p>
                </div>
                <ButtonLink
                  href={`/guard/walk-in/${visitor.id}`}
                  variant="secondary"
                  size="lg"
                  aria-label={t.openWalkIn({ name: visitor.name })}
                >
                  {t.open}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {overstayCount > 0 && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-xl bg-amber-100 px-4 py-3 text-base font-semibold text-amber-900"
        >
          <AlertTriangle aria-hidden="true" className="size-5" />
          {t.overstayingCount(overstayCount)}
        </p>
      )}
      {actionError && (
        <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />
      )}
      {inside.fromDevice && (
        <p className="mb-3 text-sm font-medium text-amber-900">
          {t.asOf({
            time: checkInLabel(new Date(inside.fromDevice.syncedAt).toISOString(), timeZone),
          })}
        </p>
      )}
      {list}
    </>
  );
}
