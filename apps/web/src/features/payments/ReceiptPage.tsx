/**
 * /payments/{id}/receipt: the printable receipt of a completed payment
 * (docs/operations.md#dues-ledger;
 * docs/product.md#paper). Residents reach their own house's, admins every one
 * (the server answers 404 for the rest). On paper the receipt prints alone: the print area
 * hides the app's bars, the back link and the Print button (index.css).
 */
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';

import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { toAppError } from '../../lib/errors';
import { formatInstant, formatMoney, houseLabel } from '../../lib/format';
import { i18n, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paymentMethodLabel } from './payment-methods';
import { paymentTypeLabel } from './payment-display';

const messages = i18n('ReceiptPage', {
  title: 'Receipt',
  back: 'Back to payments',
  loading: 'Loading receipt',
  notFound: 'Payment not found',
  notCompleted: 'This payment has no receipt: only completed payments have one.',
  print: 'Print',
  heading: 'Gatehouse · Payment receipt',
  community: 'Community dues',
  receiptNumber: 'Receipt number',
  house: 'House',
  residents: 'Residents',
  type: 'Type',
  description: 'Description',
  amount: 'Amount',
  paidAt: 'Paid at',
  method: 'Method',
  reference: 'Reference',
  none: '—',
});

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

/** The receipt of payment `id`: community, house and residents, type, description, amount, paid at, method, reference and number. */
export function ReceiptPage({ id }: { id: string }) {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const paymentQuery = useQuery(trpc.payments.byId.queryOptions({ id }));
  const payment = paymentQuery.data;
  const houseQuery = useQuery(
    trpc.houses.byId.queryOptions({ id: payment?.houseId.id ?? '' }, { enabled: Boolean(payment) }),
  );
  const back = <BackLink href="/payments">{t.back}</BackLink>;

  if (paymentQuery.isPending) return <PageSpinner label={t.loading} />;
  if (paymentQuery.isError || !payment || payment.status !== 'completed') {
    const error = paymentQuery.isError ? toAppError(paymentQuery.error, t.notFound) : null;
    return (
      <>
        <PageHeader back={back} title={t.title} />
        <ErrorBox
          message={error ? error.message : t.notCompleted}
          onRetry={error && error.status !== 404 ? () => void paymentQuery.refetch() : undefined}
        />
      </>
    );
  }

  const residents = houseQuery.data?.residents.map((resident) => resident.name) ?? [];
  return (
    <>
      <PageHeader
        back={back}
        title={t.title}
        className="mb-6 print:hidden"
        actions={
          <Button onClick={() => window.print()} icon={<Printer aria-hidden="true" className="size-4" />}>
            {t.print}
          </Button>
        }
      />
      <article className="print-area mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t.heading}</p>
        <p className="mt-1 text-sm text-slate-600">{t.community}</p>
        <p className="mt-4 text-3xl font-bold text-slate-900 tabular-nums">{formatMoney(payment.amount)}</p>
        <dl className="mt-5 divide-y divide-slate-200 border-y border-slate-200 text-sm">
          <Line term={t.receiptNumber}>
            <span className="font-mono text-xs">{payment.id}</span>
          </Line>
          <Line term={t.house}>{houseLabel(payment.houseId)}</Line>
          {residents.length > 0 && <Line term={t.residents}>{residents.join(', ')}</Line>}
          <Line term={t.type}>{paymentTypeLabel(payment.type)}</Line>
          <Line term={t.description}>{payment.description ?? t.none}</Line>
          <Line term={t.amount}>{formatMoney(payment.amount)}</Line>
          <Line term={t.paidAt}>{payment.paidAt ? formatInstant(payment.paidAt, timeZone) : t.none}</Line>
          <Line term={t.method}>{payment.method ? paymentMethodLabel(payment.method) : t.none}</Line>
          <Line term={t.reference}>{payment.reference ?? t.none}</Line>
        </dl>
      </article>
    </>
  );
}
