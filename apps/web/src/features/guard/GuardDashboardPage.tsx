/** /guard/dashboard: the visitors inside the community right now (product-spec §2). */
import { PAGE_SIZES, type VisitorSummary } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TZDate } from '@date-fns/tz';
import clsx from 'clsx';
import { AlertTriangle, Clock, Home, LogOut, Phone, QrCode, ShieldCheck, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';

import { Button, ButtonLink } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { chosenGateId } from '../../lib/gate-choice';
import { formatInstant } from '../../lib/format';
import { count as plural, i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useToast } from '../../lib/toasts';
import { checkedOutMessage, checkOutFailedMessage } from './gate-messages';
import { GateChooser } from '../gates/GateChooser';
import { InsideNowLink } from './InsideNowLink';
import { NeedsReview } from './NeedsReview';
import { QuickScan } from './QuickScan';
import { useCommunityTimeZone } from '../../lib/time-zone';

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
  overstayingCount: plural({ one: '{count} visitor is overstaying', other: '{count} visitors are overstaying' }),
  loading: 'Loading active visitors',
  emptyTitle: 'No active visitors',
  emptyHint: 'All visitors have been checked out',
  checkedInVisitors: 'Checked-in visitors',
  confirmTitle: params('Check out {name}?'),
  confirmMessage: params('{name} leaves House {house}: check them out now?'),
  checkOut: 'Check Out',
  notYet: 'Not Yet',
  overstaying: params('Overstaying: due out by {time}'),
  house: params('House {house}'),
  inSince: params('In since {time}'),
  checkOutVisitor: params('Check out {name}'),
});

/** The active list refreshes itself, as the gate tablet stays on this screen (live updates refresh it at once). */
const ACTIVE_REFRESH_MS = 30_000;

/**
 * Whether a checked-in visitor is overstaying (live-gate §5): the community's clock is past
 * the visit's `visitTimeTo` on its date plus OVERSTAY_GRACE_MINUTES.
 */
export function isOverstaying(
  visitor: Pick<VisitorSummary, 'status' | 'visitDate' | 'visitTimeTo'>,
  settings: { timeZone: string; overstayGraceMinutes: number },
  now: number,
): boolean {
  if (visitor.status !== 'checked-in') return false;
  const [year, month, day] = visitor.visitDate.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = visitor.visitTimeTo.split(':').map(Number) as [number, number];
  const end = new TZDate(year, month - 1, day, hours, minutes, settings.timeZone).getTime();
  return now > end + settings.overstayGraceMinutes * 60_000;
}

function ActiveVisitorRow({
  visitor,
  onCheckOut,
  checkingOut,
  overstaying,
}: {
  visitor: VisitorSummary;
  onCheckOut: () => void;
  checkingOut: boolean;
  overstaying: boolean;
}) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  return (
    <li className={clsx('flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-center', overstaying && 'bg-amber-50')}>
      <div className="min-w-0 flex-1">
        <Link
          href={`/visitors/${visitor.id}`}
          className="inline-flex min-h-11 items-center text-lg font-semibold text-slate-900 hover:text-brand-800 hover:underline"
        >
          {visitor.name}
        </Link>
        {overstaying && (
          <span className="ml-3 inline-flex items-center gap-1 rounded-full bg-amber-200 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {t.overstaying({ time: visitor.visitTimeTo })}
          </span>
        )}
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Phone aria-hidden="true" className="size-4 text-slate-400" />
            {visitor.phone}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Home aria-hidden="true" className="size-4 text-slate-400" />
            {t.house({ house: visitor.houseId.houseNumber })}
          </span>
          {visitor.check_in_time && (
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 text-slate-400" />
              {t.inSince({ time: formatInstant(visitor.check_in_time, timeZone) })}
            </span>
          )}
          {visitor.vehicleLicensePlate && (
            <span className="rounded-md bg-slate-100 px-2 py-0.5 font-mono text-xs font-semibold text-slate-700">
              {visitor.vehicleLicensePlate}
            </span>
          )}
        </div>
      </div>
      <Button
        variant="secondary"
        size="lg"
        onClick={onCheckOut}
        loading={checkingOut}
        aria-label={t.checkOutVisitor({ name: visitor.name })}
        icon={<LogOut aria-hidden="true" className="size-5" />}
      >
        {t.checkOut}
      </Button>
    </li>
  );
}

/** The quick scan, then Active Visitors with a count badge; each row can be checked out. */
export function GuardDashboardPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = useConfirm();
  const active = useQuery({
    ...trpc.visitors.listSummaries.queryOptions({ status: 'checked-in', limit: PAGE_SIZES.activeVisitors }),
    refetchInterval: ACTIVE_REFRESH_MS,
  });

  const checkOut = useMutation(
    trpc.visitors.checkOut.mutationOptions({
      onSuccess: async () => {
        showToast(checkedOutMessage());
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
      },
      onError: (error) => setActionError(failureText(error, checkOutFailedMessage())),
    }),
  );

  const pending = useQuery({
    ...trpc.visitors.listSummaries.queryOptions({ status: 'pending', limit: PAGE_SIZES.activeVisitors }),
    refetchInterval: ACTIVE_REFRESH_MS,
  });
  const settings = useQuery({ ...trpc.visitors.settings.queryOptions(), staleTime: Infinity });
  // Re-judged every minute, and whenever the list changes.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const visitors = active.data?.items ?? [];
  const count = active.data?.total ?? visitors.length;
  const waiting = pending.data?.items ?? [];
  const overstaying = (visitor: VisitorSummary) => (settings.data ? isOverstaying(visitor, settings.data, now) : false);
  const overstayCount = visitors.filter(overstaying).length;

  return (
    <>
      <PageHeader
        title={t.title}
        badge={
          active.data && (
            <span
              className="inline-flex min-w-8 items-center justify-center rounded-full bg-sky-100 px-2.5 py-1 text-sm font-bold text-sky-800"
              aria-label={t.insideCount({ count: String(count) })}
              title={t.insideCount({ count: String(count) })}
            >
              {count}
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
        <Card title={t.waitingTitle} description={t.waitingDescription} className="mb-6" padded={false}>
          <ul className="divide-y divide-slate-100" aria-label={t.pendingWalkIns}>
            {waiting.map((visitor) => (
              <li key={visitor.id} className="flex items-center justify-between gap-4 px-5 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{visitor.name}</p>
                  <p className="text-sm text-slate-600">
                    {t.houseAndPurpose({ house: visitor.houseId.houseNumber, purpose: visitor.purpose ?? t.noPurpose })}
                  </p>
                </div>
                <ButtonLink href={`/guard/walk-in/${visitor.id}`} variant="secondary" size="lg" aria-label={t.openWalkIn({ name: visitor.name })}>
                  {t.open}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {overstayCount > 0 && (
        <p role="status" className="mb-4 flex items-center gap-2 rounded-xl bg-amber-100 px-4 py-3 text-base font-semibold text-amber-900">
          <AlertTriangle aria-hidden="true" className="size-5" />
          {t.overstayingCount(overstayCount)}
        </p>
      )}
      {actionError && (
        <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />
      )}
      {active.isPending ? (
        <PageSpinner label={t.loading} />
      ) : active.isError ? (
        <ErrorBox
          message={failureText(active.error)}
          onRetry={() => void active.refetch()}
        />
      ) : visitors.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ShieldCheck aria-hidden="true" className="size-6" />}
            title={t.emptyTitle}
            hint={t.emptyHint}
          />
        </Card>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-slate-100" aria-label={t.checkedInVisitors}>
            {visitors.map((visitor) => (
              <ActiveVisitorRow
                key={visitor.id}
                visitor={visitor}
                checkingOut={checkOut.isPending && checkOut.variables?.visitorId === visitor.id}
                overstaying={overstaying(visitor)}
                onCheckOut={async () => {
                  // One extra tap, large (usable-by-everyone issue, item 5): no visitor leaves the list by a slip.
                  const leave = await confirm({
                    title: t.confirmTitle({ name: visitor.name }),
                    message: t.confirmMessage({ name: visitor.name, house: visitor.houseId.houseNumber }),
                    confirmLabel: t.checkOut,
                    dismissLabel: t.notYet,
                    tone: 'primary',
                  });
                  if (!leave) return;
                  setActionError(null);
                  checkOut.mutate({ visitorId: visitor.id, gateId: chosenGateId() });
                }}
              />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
