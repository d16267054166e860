/** /visitors/{id}: the visitor's pass, details, activity and cancel (product-spec §2, §4). */
import {
  formatDisplayDate,
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
import { formatInstant, formatVisitWindow, hostLabel } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { QrPassCard } from './QrPassCard';
import { VisitorPhoto, WalkInRequest } from './WalkInRequests';
import { useCommunityTimeZone } from '../../lib/time-zone';

/** The question asked before a cancel (product-spec §4). */
export const CANCEL_CONFIRMATION = 'Are you sure you want to cancel this invitation?';

/** Statuses an invitation may be cancelled from (product-spec §4). */
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
  return (
    <Card title="Visitor Information">
      {visitor.hasPhoto && <VisitorPhoto visitor={visitor} className="mb-4 size-40 rounded-xl object-cover" />}
      <dl className="-my-3 divide-y divide-slate-100">
        <Detail term="Name">{visitor.name}</Detail>
        <Detail term="Phone">{visitor.phone}</Detail>
        <Detail term="Email">{visitor.email}</Detail>
        <Detail term="Purpose">{visitor.purpose}</Detail>
        <Detail term="Vehicle">{visitor.vehicleLicensePlate}</Detail>
      </dl>
    </Card>
  );
}

function VisitDetails({ visitor }: { visitor: Visitor }) {
  const timeZone = useCommunityTimeZone();
  return (
    <Card title="Visit Details">
      <dl className="-my-3 divide-y divide-slate-100">
        <Detail term="Date">{formatDisplayDate(visitor.visitDate)}</Detail>
        <Detail term="Time">{formatVisitWindow(visitor, timeZone)}</Detail>
        <Detail term="House">
          {visitor.houseId.houseNumber}, Block {visitor.houseId.block}
        </Detail>
        <Detail term="Host">{hostLabel(visitor)}</Detail>
      </dl>
    </Card>
  );
}

const ACTIVITY_LABELS: Record<VisitorActivityEntry['action'], string> = {
  invited: 'Invited',
  'walked-in': 'Registered at the gate',
  approved: 'Approved',
  rejected: 'Denied',
  scanned: 'Pass scanned at the gate',
  'checked-in': 'Checked in',
  'checked-out': 'Checked out',
  cancelled: 'Cancelled',
};

/**
 * The Activity Log (product-spec §2): check-in time, check-out time and notes, shown
 * when present, followed by the gate events of the audit log with who did them.
 */
function ActivityLog({ visitor }: { visitor: Visitor }) {
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const present = Boolean(visitor.check_in_time || visitor.check_out_time || visitor.notes);
  const activity = useQuery(trpc.visitors.activity.queryOptions({ id: visitor.id }, { enabled: present }));
  if (!present) return null;
  const entries = activity.data?.items ?? [];
  return (
    <Card title="Activity Log">
      <dl className="-my-3 divide-y divide-slate-100">
        {visitor.check_in_time && (
          <Detail term="Checked in">{formatInstant(visitor.check_in_time, timeZone)}</Detail>
        )}
        {visitor.check_out_time && (
          <Detail term="Checked out">{formatInstant(visitor.check_out_time, timeZone)}</Detail>
        )}
        {visitor.notes && <Detail term="Notes">{visitor.notes}</Detail>}
      </dl>
      {entries.length > 0 && (
        <div className="mt-5 border-t border-slate-100 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">History</h3>
          <ol aria-label="Visitor history" className="mt-3 flex flex-col gap-3">
            {entries.map((entry) => (
              <li key={`${entry.at}-${entry.action}`} className="flex gap-3 text-sm">
                <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {ACTIVITY_LABELS[entry.action]}
                    {entry.by && <span className="font-normal text-slate-600"> by {entry.by}</span>}
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
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [cancelError, setCancelError] = useState<string | null>(null);
  const confirm = useConfirm();
  const visitorQuery = useQuery(trpc.visitors.byId.queryOptions({ id }));
  const visitor = visitorQuery.data;
  useDocumentTitle(visitor ? visitor.name : 'Visitor');

  const cancel = useMutation(
    trpc.visitors.cancel.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
        navigate('/visitors');
      },
      onError: (error) => setCancelError(failureText(error, 'Failed to cancel invitation')),
    }),
  );

  const back = <BackLink href="/visitors">Back to visitors</BackLink>;

  if (visitorQuery.isPending) return <PageSpinner label="Loading visitor" />;
  if (visitorQuery.isError || !visitor) {
    return (
      <>
        <PageHeader back={back} title="Visitor" />
        <ErrorBox
          message={failureText(visitorQuery.error, 'Failed to load visitor')}
          onRetry={() => void visitorQuery.refetch()}
        />
      </>
    );
  }

  // Guards may not cancel (server-contract §5), so they are not offered the button.
  const canCancel = CANCELLABLE.includes(visitor.status) && user.role !== 'guard';
  const onCancel = async () => {
    if (!(await confirm({ title: 'Cancel invitation?', message: CANCEL_CONFIRMATION, confirmLabel: 'Cancel Invitation', dismissLabel: 'Keep Invitation' }))) return;
    setCancelError(null);
    cancel.mutate({ id: visitor.id });
  };

  return (
    <>
      <PageHeader
        back={back}
        title={visitor.name}
        badge={<StatusBadge status={visitor.status} size="lg" />}
        subtitle={`${formatDisplayDate(visitor.visitDate)} · ${formatVisitWindow(visitor, timeZone)}`}
        actions={
          canCancel && (
            <Button
              variant="danger"
              onClick={onCancel}
              loading={cancel.isPending}
              icon={<XCircle aria-hidden="true" className="size-4" />}
            >
              Cancel Invitation
            </Button>
          )
        }
      />
      {cancelError && (
        <ErrorBox message={cancelError} onDismiss={() => setCancelError(null)} className="mb-6" />
      )}
      {visitor.status === 'pending' && visitor.kind === 'walk-in' && user.role !== 'guard' && (
        <ul className="mb-6" aria-label="Decision">
          <WalkInRequest visitor={visitor} />
        </ul>
      )}
      {visitor.status === 'pending' && visitor.kind === 'walk-in' && user.role === 'guard' && (
        <p className="mb-6">
          <ButtonLink href={`/guard/walk-in/${visitor.id}`} size="lg">
            Open the waiting card
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
        </div>
      </div>
    </>
  );
}
