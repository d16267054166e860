/**
 * /payments: community dues (docs/product.md#screens-and-routes,
 * docs/product.md#statuses-and-their-badges, docs/product.md#constants-and-formats;
 * docs/security.md#who-may-do-what, docs/api.md#payments; docs/operations.md#dues-ledger).
 */
import {
  PAGE_SIZES,
  PAYMENT_STATUSES,
  type Payment,
  type PaymentStatus,
} from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlarmClock, CalendarDays, Check, CircleCheck, CreditCard, Home, Plus, Receipt, X } from 'lucide-react';
import { useId, useState } from 'react';

import { Button, ButtonLink } from '../../components/Button';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { PaymentStatusBadge, paymentStatusAppearance } from '../../components/StatusBadge';
import { failureText } from '../../lib/failures';
import { formatDate, formatMoney, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paymentTypeLabel } from './payment-display';
import { inZone, useCommunityTimeZone } from '../../lib/time-zone';
import { CompletePaymentDialog } from './CompletePaymentDialog';
import { paymentMethodLabel } from './payment-methods';
import { RaiseDuesDialog } from './RaiseDuesDialog';
import { RecordPaymentDialog } from './RecordPaymentDialog';

const messages = i18n('PaymentsPage', {
  title: 'Payments',
  subtitleAdmin: 'Community dues of every house.',
  subtitleResident: 'Dues of your house.',
  recordPayment: 'Record Payment',
  statusFilter: 'Filter by status',
  allStatuses: 'All statuses',
  loading: 'Loading payments',
  empty: 'No payments found',
  emptyHintFilter: 'Try another status.',
  emptyHintAdmin: 'Record the first due of the community.',
  emptyHintResident: 'Dues of your house show up here.',
  emptyHintNoHouse: 'You are not assigned to a house yet.',
  listLabel: 'Payments',
  noDescription: 'No description',
  // What the Complete and Fail buttons act on: `{what}` is type, description and amount.
  summary: params('{what}, house {house}'),
  house: 'House:',
  due: params('Due {date}'),
  noDueDate: 'No due date',
  paid: params('Paid {date}'),
  receipt: 'Receipt',
  complete: 'Complete',
  fail: 'Fail',
  failTitle: 'Mark payment failed?',
  failQuestion: params('Mark “{what}” of House {house} as failed?'),
  failConfirm: 'Mark Failed',
});

// The dues ledger's texts (docs/operations.md#dues-ledger).
const ledgerMessages = i18n('PaymentsLedger', {
  raiseDues: 'Raise Dues',
  // The status filter's extra choice: pending payments past their due date.
  overdueFilter: 'Overdue',
  emptyHintOverdue: 'No pending payment is past its due date.',
  overdue: 'Overdue',
  // `{method}` is how it was paid, e.g. `Cheque`.
  paidBy: params('By {method}'),
});

/**
 * The status filter's choices: every status, and Overdue (pending and past due,
 * docs/operations.md#dues-ledger).
 */
type PaymentFilter = PaymentStatus | 'overdue' | '';

/**
 * A red "Overdue" badge beside the status (docs/operations.md#dues-ledger: derived, not a status).
 */
function OverdueBadge() {
  const t = useMessages(ledgerMessages);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-600/30 ring-inset">
      <AlarmClock aria-hidden="true" className="size-3.5" />
      {t.overdue}
    </span>
  );
}

/**
 * `Nov 22, 2026` (or the current language's form) from a date, or from an instant as its
 * day in `timeZone` (the community's); the text as sent when it cannot be read.
 */
function displayDate(value: string, timeZone: string): string {
  try {
    return formatDate(value.length > 10 ? inZone(new Date(value), timeZone) : value);
  } catch {
    return value;
  }
}

function PaymentRow({
  payment,
  canSettle,
  settling,
  onComplete,
  onFail,
}: {
  payment: Payment;
  canSettle: boolean;
  settling: 'fail' | null;
  onComplete: () => void;
  onFail: () => void;
}) {
  const t = useMessages(messages);
  const ledger = useMessages(ledgerMessages);
  const summaryId = useId();
  const timeZone = useCommunityTimeZone();
  const type = paymentTypeLabel(payment.type);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold text-slate-900">{type}</h2>
        <p className="text-sm text-slate-600">
          {payment.description ? (
            payment.description
          ) : (
            <span className="text-slate-500">{t.noDescription}</span>
          )}
        </p>
        {/* What the Complete and Fail buttons act on, for screen readers. */}
        <span id={summaryId} className="sr-only">
          {t.summary({
            what: [type, payment.description, formatMoney(payment.amount)].filter(Boolean).join(', '),
            house: payment.houseId.houseNumber,
          })}
        </span>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1.5">
            <Home aria-hidden="true" className="size-3.5" />
            <span className="sr-only">{t.house}</span>
            {houseLabel(payment.houseId)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            {payment.dueDate ? t.due({ date: displayDate(payment.dueDate, timeZone) }) : t.noDueDate}
          </span>
          {payment.paidAt && (
            <span className="inline-flex items-center gap-1.5">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              {t.paid({ date: displayDate(payment.paidAt, timeZone) })}
            </span>
          )}
          {payment.status === 'completed' && payment.method && (
            <span>{ledger.paidBy({ method: paymentMethodLabel(payment.method) })}</span>
          )}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-1.5">
        <p className="text-lg font-bold text-slate-900 tabular-nums">
          {formatMoney(payment.amount)}
        </p>
        <span className="flex flex-wrap items-center justify-end gap-1.5">
          {payment.overdue && <OverdueBadge />}
          <PaymentStatusBadge status={payment.status} />
        </span>
      </div>
      {payment.status === 'completed' && (
        <div className="flex sm:w-56 sm:justify-end">
          <ButtonLink
            href={`/payments/${payment.id}/receipt`}
            variant="secondary"
            size="sm"
            className="min-h-11"
            aria-describedby={summaryId}
            icon={<Receipt aria-hidden="true" className="size-4" />}
          >
            {t.receipt}
          </ButtonLink>
        </div>
      )}
      {canSettle && (
        <div className="flex gap-2 sm:w-56 sm:justify-end">
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11 flex-1 sm:flex-none"
            aria-describedby={summaryId}
            disabled={settling !== null}
            icon={<Check aria-hidden="true" className="size-4" />}
            onClick={onComplete}
          >
            {t.complete}
          </Button>
          <Button
            variant="danger-ghost"
            size="sm"
            className="min-h-11 flex-1 sm:flex-none"
            aria-describedby={summaryId}
            loading={settling === 'fail'}
            disabled={settling !== null}
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={onFail}
          >
            {t.fail}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The payment list (limit 50): amount in USD en-US, type, description, house, due date
 * and a status badge (completed like approved, failed like rejected, anything else like
 * pending; docs/product.md#statuses-and-their-badges), and a red Overdue badge on pending payments
 * past their due
 * date (docs/operations.md#dues-ledger), which the status filter's Overdue choice lists alone.
 * Residents get
 * their house's payments from the server; admins see all, record new ones, raise dues for
 * one house or every house, complete pending ones (asking the method and a reference) or
 * fail them (docs/api.md#payments). A completed payment links to its printable receipt. Guards
 * never get here (the route sends them to /dashboard).
 */
export function PaymentsPage() {
  const t = useMessages(messages);
  const ledger = useMessages(ledgerMessages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = user.role === 'admin';
  const [statusFilter, setStatusFilter] = useState<PaymentFilter>('');
  const payments = useQuery(
    trpc.payments.list.queryOptions({
      limit: PAGE_SIZES.payments,
      ...(statusFilter === 'overdue' ? { overdue: true } : statusFilter ? { status: statusFilter } : {}),
    }),
  );
  const [recording, setRecording] = useState(false);
  const [raisingDues, setRaisingDues] = useState(false);
  const [completing, setCompleting] = useState<Payment | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const confirm = useConfirm();

  // Complete and Fail alike: refresh the list, or show why the server refused.
  const settleOptions = {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
    },
    onError: (error: unknown) => setActionError(failureText(error)),
  };
  const fail = useMutation(trpc.payments.fail.mutationOptions(settleOptions));
  const settlingOf = (id: string): 'fail' | null =>
    fail.isPending && fail.variables?.id === id ? 'fail' : null;

  const items = payments.data?.items ?? [];

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={isAdmin ? t.subtitleAdmin : t.subtitleResident}
        actions={
          isAdmin && (
            <>
              <Button
                variant="secondary"
                icon={<Plus aria-hidden="true" className="size-4" />}
                onClick={() => setRaisingDues(true)}
              >
                {ledger.raiseDues}
              </Button>
              <Button
                icon={<Plus aria-hidden="true" className="size-4" />}
                onClick={() => setRecording(true)}
              >
                {t.recordPayment}
              </Button>
            </>
          )
        }
      />

      <SelectField
        label={t.statusFilter}
        className="mb-6 sm:w-56 [&>div>label]:sr-only"
        value={statusFilter}
        onChange={(event) => setStatusFilter(event.target.value as PaymentFilter)}
      >
        <option value="">{t.allStatuses}</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {paymentStatusAppearance(status).label}
          </option>
        ))}
        <option value="overdue">{ledger.overdueFilter}</option>
      </SelectField>

      {actionError && (
        <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />
      )}

      {payments.isPending ? (
        <PageSpinner label={t.loading} />
      ) : payments.isError ? (
        <ErrorBox
          message={failureText(payments.error)}
          onRetry={() => void payments.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<CreditCard aria-hidden="true" className="size-6" />}
            title={t.empty}
            hint={
              statusFilter === 'overdue'
                ? ledger.emptyHintOverdue
                : statusFilter
                ? t.emptyHintFilter
                : isAdmin
                  ? t.emptyHintAdmin
                  : user.houseId
                    ? t.emptyHintResident
                    : t.emptyHintNoHouse
            }
          />
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <ul className="divide-y divide-slate-100" aria-label={t.listLabel}>
            {items.map((payment) => (
              <PaymentRow
                key={payment.id}
                payment={payment}
                canSettle={isAdmin && payment.status === 'pending'}
                settling={settlingOf(payment.id)}
                onComplete={() => {
                  setActionError(null);
                  setCompleting(payment);
                }}
                onFail={async () => {
                  // Marking a payment failed is not undone by a tap: asked first
                  // (docs/product.md#confirmations-and-notices).
                  const failIt = await confirm({
                    title: t.failTitle,
                    message: t.failQuestion({
                      what: payment.description ?? paymentTypeLabel(payment.type),
                      house: payment.houseId.houseNumber,
                    }),
                    confirmLabel: t.failConfirm,
                  });
                  if (!failIt) return;
                  setActionError(null);
                  fail.mutate({ id: payment.id });
                }}
              />
            ))}
          </ul>
        </div>
      )}

      {recording && <RecordPaymentDialog onClose={() => setRecording(false)} />}
      {raisingDues && <RaiseDuesDialog onClose={() => setRaisingDues(false)} />}
      {completing && <CompletePaymentDialog payment={completing} onClose={() => setCompleting(null)} />}
    </>
  );
}
