/** /guard/dashboard: the visitors inside the community right now (product-spec §2). */
import { PAGE_SIZES, type VisitorSummary } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Home, LogOut, Phone, QrCode, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

import { Button, ButtonLink } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { toAppError } from '../../lib/errors';
import { formatInstant } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useToast } from '../../lib/toasts';
import { CHECK_OUT_FAILED_MESSAGE, CHECKED_OUT_MESSAGE } from './gate-messages';
import { QuickScan } from './QuickScan';

/** The active list refreshes itself, as the gate tablet stays on this screen. */
const ACTIVE_REFRESH_MS = 30_000;

function ActiveVisitorRow({
  visitor,
  onCheckOut,
  checkingOut,
}: {
  visitor: VisitorSummary;
  onCheckOut: () => void;
  checkingOut: boolean;
}) {
  return (
    <li className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link
          href={`/visitors/${visitor.id}`}
          className="text-lg font-semibold text-slate-900 hover:text-brand-800 hover:underline"
        >
          {visitor.name}
        </Link>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Phone aria-hidden="true" className="size-4 text-slate-400" />
            {visitor.phone}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Home aria-hidden="true" className="size-4 text-slate-400" />
            House {visitor.houseId.houseNumber}
          </span>
          {visitor.check_in_time && (
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden="true" className="size-4 text-slate-400" />
              In since {formatInstant(visitor.check_in_time)}
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
        aria-label={`Check out ${visitor.name}`}
        icon={<LogOut aria-hidden="true" className="size-5" />}
      >
        Check Out
      </Button>
    </li>
  );
}

/** The quick scan, then Active Visitors with a count badge; each row can be checked out. */
export function GuardDashboardPage() {
  useDocumentTitle('Active Visitors');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [actionError, setActionError] = useState<string | null>(null);
  const active = useQuery({
    ...trpc.visitors.listSummaries.queryOptions({ status: 'checked-in', limit: PAGE_SIZES.activeVisitors }),
    refetchInterval: ACTIVE_REFRESH_MS,
  });

  const checkOut = useMutation(
    trpc.visitors.checkOut.mutationOptions({
      onSuccess: async () => {
        showToast(CHECKED_OUT_MESSAGE);
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
      },
      onError: (error) => setActionError(toAppError(error, CHECK_OUT_FAILED_MESSAGE).message),
    }),
  );

  const visitors = active.data?.items ?? [];
  const count = active.data?.total ?? visitors.length;

  return (
    <>
      <PageHeader
        title="Active Visitors"
        badge={
          active.data && (
            <span
              className="inline-flex min-w-8 items-center justify-center rounded-full bg-sky-100 px-2.5 py-1 text-sm font-bold text-sky-800"
              aria-label={`${count} inside`}
              title={`${count} inside`}
            >
              {count}
            </span>
          )
        }
        subtitle="Visitors who are checked in and still inside the community."
        actions={
          <ButtonLink
            href="/guard/scan"
            size="lg"
            icon={<QrCode aria-hidden="true" className="size-5" />}
          >
            Scan QR
          </ButtonLink>
        }
      />
      <QuickScan />
      {actionError && (
        <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />
      )}
      {active.isPending ? (
        <PageSpinner label="Loading active visitors" />
      ) : active.isError ? (
        <ErrorBox
          message={toAppError(active.error).message}
          onRetry={() => void active.refetch()}
        />
      ) : visitors.length === 0 ? (
        <Card>
          <EmptyState
            icon={<ShieldCheck aria-hidden="true" className="size-6" />}
            title="No active visitors"
            hint="All visitors have been checked out"
          />
        </Card>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-slate-100" aria-label="Checked-in visitors">
            {visitors.map((visitor) => (
              <ActiveVisitorRow
                key={visitor.id}
                visitor={visitor}
                checkingOut={checkOut.isPending && checkOut.variables?.visitorId === visitor.id}
                onCheckOut={() => {
                  setActionError(null);
                  checkOut.mutate({ visitorId: visitor.id });
                }}
              />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
