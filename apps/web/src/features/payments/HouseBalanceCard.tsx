/**
 * A house's dues balance (docs/operations.md#dues-ledger): pending (overdue included), the overdue
 * part,
 * and what was paid this calendar year in the community's zone, from
 * GET /api/houses/{id}/balance. On the admin's house page and the resident's dashboard.
 */
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';

import { ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { Spinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatMoney } from '../../lib/format';
import { i18n, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('HouseBalanceCard', {
  title: 'Dues balance',
  description: 'Pending dues of the house, and what it paid this year.',
  loading: 'Loading balance',
  pending: 'Pending',
  overdue: 'Overdue',
  paidThisYear: 'Paid this year',
  viewPayments: 'Payments',
});

/** The three figures of house `houseId`; `headingLevel` as the page's outline needs. */
export function HouseBalanceCard({
  houseId,
  headingLevel = 2,
  className,
}: {
  houseId: string;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const balance = useQuery(trpc.houses.balance.queryOptions({ id: houseId }));
  const figures = balance.data
    ? [
        { label: t.pending, value: balance.data.pending, alert: false },
        { label: t.overdue, value: balance.data.overdue, alert: balance.data.overdue > 0 },
        { label: t.paidThisYear, value: balance.data.paidThisYear, alert: false },
      ]
    : [];
  return (
    <Card
      title={t.title}
      description={t.description}
      headingLevel={headingLevel}
      className={className}
      actions={
        <ButtonLink
          href="/payments"
          variant="secondary"
          size="sm"
          className="min-h-11"
          icon={<ChevronRight aria-hidden="true" className="order-last size-4" />}
        >
          {t.viewPayments}
        </ButtonLink>
      }
    >
      {balance.isPending ? (
        <div className="flex justify-center py-4 text-brand-700">
          <Spinner label={t.loading} />
        </div>
      ) : balance.isError ? (
        <ErrorBox message={failureText(balance.error)} onRetry={() => void balance.refetch()} headingLevel={3} />
      ) : (
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {figures.map((figure) => (
            <div
              key={figure.label}
              className={clsx(
                'rounded-xl border px-4 py-3',
                figure.alert ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50',
              )}
            >
              <dt className={clsx('text-sm', figure.alert ? 'font-semibold text-red-800' : 'text-slate-600')}>
                {figure.label}
              </dt>
              <dd className={clsx('text-xl font-bold tabular-nums', figure.alert ? 'text-red-800' : 'text-slate-900')}>
                {formatMoney(figure.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
