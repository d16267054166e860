/**
 * /visitors/{id}: the visitor's pass, details, activity and cancel
 * (docs/product.md#screens-and-routes, docs/product.md#statuses-and-their-badges).
 */
import {
  type Visitor,
  type VisitorActivityEntry,
  type VisitorStatus,
} from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { useConfirm } from '../../components/ConfirmDialog';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { StatusBadge } from '../../components/StatusBadge';
import { failureText } from '../../lib/failures';
import { formatDate, formatInstant, formatVisitWindow, hostLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BlocklistRefusals } from '../blocklist/BlocklistRefusals';
import { visitorGateMessages } from '../gates/messages';
import { QrPassCard } from './QrPassCard';
import { canErase, EraseError, EraseVisitorButton, ErasedNote, useEraseError } from './EraseVisitor';
import { VisitorPhoto, WalkInRequest } from './WalkInRequests';
import { useCommunityTimeZone } from '../../lib/time-zone';

const messages = i18n('VisitorDetailPage', {
  title: 'Visitor',
  back: 'Back to visitors',
  loading: 'Loading visitor',
  loadFailed: 'Failed to load visitor',
  cancelFailed: 'Failed to cancel invitation',
  cancelTitle: 'Cancel invitation?',
  /** The question asked before a cancel (docs/product.md#statuses-and-their-badges). */
  cancelQuestion: 'Are you sure you want to cancel this invitation?',
  cancelInvitation: 'Cancel Invitation',
  keepInvitation: 'Keep Invitation',
  decision: 'Decision',
  openWaitingCard: 'Open the waiting card',
  visitorInformation: 'Visitor Information',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  purpose: 'Purpose',
  vehicle: 'Vehicle',
  visitDetails: 'Visit Details',
  date: 'Date',
  time: 'Time',
  house: 'House',
  houseValue: params('{house}, Block {block}'),
  host: 'Host',
  activityLog: 'Activity Log',
  checkedIn: 'Checked in',
  checkedOut: 'Checked out',
  notes: 'Notes',
  history: 'History',
  historyLabel: 'Visitor history',
  by: params('by {name}'),
  invited: 'Invited',
  walkedIn: 'Registered at the gate',
  approved: 'Approved',
  rejected: 'Denied',
  scanned: 'Pass scanned at the gate',
  cancelled: 'Cancelled',
});

/** Statuses an invitation may be cancelled from (docs/product.md#statuses-and-their-badges). */
const CANCELLABLE: readonly VisitorStatus[] = ['approved', 'pending'];

/** A term and its value; a missing value shows a dash. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 sm:w-36 sm:shrink-0">{term}</dt>
      <dd className="min-w-0 text-sm break-words text-slate-900">
        {children || <span className="text-slate-500">—</span>}
      </dd>
    </div>
  );
}

function VisitorInformation({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  return (
    <Card title={t.visitorInformation}>
      {visitor.hasPhoto && <VisitorPhoto visitor={visitor} className="mb-4 size-40 rounded-xl object-cover" />}
      <dl className="-my-3 divide-y divide-slate-100">
        <Detail term={t.name}>{visitor.name}</Detail>
        <Detail term={t.phone}>{visitor.phone}</Detail>
        <Detail term={t.email}>{visitor.email}</Detail>
        <Detail term={t.purpose}>{visitor.purpose}</Detail>
        <Detail term={t.vehicle}>{visitor.vehicleLicensePlate}</Detail>
      </dl>
    </Card>
  );
}

function VisitDetails({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  return (
    <Card title={t.visitDetails}>
      <dl className="-my-3 divide-y divide-slate-100">
        <Detail term={t.date}>{formatDate(visitor.visitDate)}</Detail>
        <Detail term={t.time}>{formatVisitWindow(visitor, timeZone)}</Detail>
        <Detail term={t.house}>
          {t.houseValue({ house: visitor.houseId.houseNumber, block: visitor.houseId.block })}
        </Detail>
        <Detail term={t.host}>{hostLabel(visitor)}</Detail>
      </dl>
    </Card>
  );
}

/** The message key naming each action of the activity history. */
const ACTIVITY_LABELS = {
  invited: 'invited',
  'walked-in': 'walkedIn',
  approved: 'approved',
  rejected: 'rejected',
  scanned: 'scanned',
  'checked-in': 'checkedIn',
  'checked-out': 'checkedOut',
  cancelled: 'cancelled',
} as const satisfies Record<VisitorActivityEntry['action'], keyof ReturnType<typeof messages.get>>;

/**
 * The Activity Log (docs/product.md#screens-and-routes): check-in time, check-out time and notes,
 * shown
 * when present, followed by the gate events of the audit log with who did them.
 */
function ActivityLog({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  const g = useMessages(visitorGateMessages);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const present = Boolean(visitor.check_in_time || visitor.check_out_time || visitor.notes);
  const activity = useQuery(trpc.visitors.activity.queryOptions({ id: visitor.id }, { enabled: present }));
  if (!present) return null;
  const entries = activity.data?.items ?? [];
  return (
    <Card title={t.activityLog}>
      <dl className="-my-3 divide-y divide-slate-100">
        {visitor.check_in_time && (
          <Detail term={t.checkedIn}>{formatInstant(visitor.check_in_time, timeZone)}</Detail>
        )}
        {visitor.check_out_time && (
          <Detail term={t.checkedOut}>{formatInstant(visitor.check_out_time, timeZone)}</Detail>
        )}
        {/* docs/operations.md#gates: the gates of the check-in and check-out. */}
        {visitor.checkInGate && <Detail term={g.checkInGate}>{visitor.checkInGate.name}</Detail>}
        {visitor.checkOutGate && <Detail term={g.checkOutGate}>{visitor.checkOutGate.name}</Detail>}
        {visitor.notes && <Detail term={t.notes}>{visitor.notes}</Detail>}
      </dl>
      {entries.length > 0 && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t.history}</h3>
          <ol aria-label={t.historyLabel} className="mt-3 flex flex-col gap-3">
            {entries.map((entry) => (
              <li key={`${entry.at}-${entry.action}`} className="flex gap-3 text-sm">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {t[ACTIVITY_LABELS[entry.action]]}
                    {entry.by && <span className="font-normal text-slate-600"> {t.by({ name: entry.by })}</span>}
                    {entry.gate && <span className="font-normal text-slate-600"> {g.atGate({ gate: entry.gate.name })}</span>}
                  </p>
                  <p className="text-slate-500">{formatInstant(entry.at, timeZone)}</p>
                  {entry.notes && <p className="mt-0.5 break-words text-slate-700">{entry.notes}</p>}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Card>
  );
}

/** The visitor detail screen. */
export function VisitorDetailPage({ id }: { id: string }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [eraseError, setEraseError] = useEraseError();
  const confirm = useConfirm();
  const visitorQuery = useQuery(trpc.visitors.byId.queryOptions({ id }));
  const visitor = visitorQuery.data;
  useDocumentTitle(visitor ? visitor.name : t.title);

  const cancel = useMutation(
    trpc.visitors.cancel.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
        navigate('/visitors');
      },
      onError: (error) => setCancelError(failureText(error, t.cancelFailed)),
    }),
  );

  const back = <BackLink href="/visitors">{t.back}</BackLink>;

  if (visitorQuery.isPending) return <PageSpinner label={t.loading} />;
  if (visitorQuery.isError || !visitor) {
    return (
      <>
        <PageHeader back={back} title={t.title} />
        <ErrorBox
          message={failureText(visitorQuery.error, t.loadFailed)}
          onRetry={() => void visitorQuery.refetch()}
        />
      </>
    );
  }

  // Guards may not cancel (docs/security.md#who-may-do-what), so they are not offered the button.
  const canCancel = CANCELLABLE.includes(visitor.status) && user.role !== 'guard';
  const onCancel = async () => {
    if (!(await confirm({ title: t.cancelTitle, message: t.cancelQuestion, confirmLabel: t.cancelInvitation, dismissLabel: t.keepInvitation }))) return;
    setCancelError(null);
    cancel.mutate({ id: visitor.id });
  };

  return (
    <>
      <PageHeader
        back={back}
        title={visitor.name}
        badge={<StatusBadge status={visitor.status} size="lg" />}
        subtitle={`${formatDate(visitor.visitDate)} · ${formatVisitWindow(visitor, timeZone)}`}
        actions={
          (canCancel || (user.role === 'admin' && canErase(visitor))) && (
            <>
              {canCancel && (
                <Button
                  variant="danger"
                  onClick={onCancel}
                  loading={cancel.isPending}
                  icon={<XCircle aria-hidden="true" className="size-4" />}
                >
                  {t.cancelInvitation}
                </Button>
              )}
              {/* docs/privacy.md#retention-and-erasure: an admin erases a visitor's personal data on request. */}
              {user.role === 'admin' && canErase(visitor) && <EraseVisitorButton visitor={visitor} onError={setEraseError} />}
            </>
          )
        }
      />
      <ErasedNote visitor={visitor} />
      <EraseError message={eraseError} onDismiss={() => setEraseError(null)} />
      {cancelError && (
        <ErrorBox message={cancelError} onDismiss={() => setCancelError(null)} className="mb-6" />
      )}
      {visitor.status === 'pending' && visitor.kind === 'walk-in' && user.role !== 'guard' && (
        <ul className="mb-6" aria-label={t.decision}>
          <WalkInRequest visitor={visitor} />
        </ul>
      )}
      {visitor.status === 'pending' && visitor.kind === 'walk-in' && user.role === 'guard' && (
        <p className="mb-6">
          <ButtonLink href={`/guard/walk-in/${visitor.id}`} size="lg">
            {t.openWaitingCard}
          </ButtonLink>
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div>
          <QrPassCard visitor={visitor} />
        </div>
        <div className="flex flex-col gap-6">
          <VisitorInformation visitor={visitor} />
          <VisitDetails visitor={visitor} />
          <ActivityLog visitor={visitor} />
          <BlocklistRefusals visitorId={visitor.id} />
        </div>
      </div>
    </>
  );
}
